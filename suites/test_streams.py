"""The stream argument (EWH-06) and the multithread rule (EWH-10)."""
import ctypes
import threading

import pytest

from fixtures.cases import add_case
from harness.acl import Stream, current_context
from reference.compare import assert_close


@pytest.fixture
def case(product):
    return add_case("float32", (8, 8), saturation=product.saturation_mode)


@pytest.mark.clause("EWH-06")
def test_explicit_stream(launcher, case, stream):
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(stream.ptr, clause="EWH-06")
    assert_close(got, case.reference()[0], clause="EWH-06", case=f"{case.id} on an explicit stream")


@pytest.mark.clause("EWH-06")
def test_null_stream_is_the_default_stream(launcher, case):
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(None, clause="EWH-06")
    assert_close(got, case.reference()[0], clause="EWH-06", case=f"{case.id} on the default stream (NULL)")


def _run_threads(n, target):
    errors, threads = [], []

    def wrap(i):
        try:
            target(i)
        except BaseException as exc:       # noqa: BLE001 - reported to the main thread
            errors.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=wrap, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a worker thread hung"
    return errors


@pytest.mark.clause("EWH-10")
@pytest.mark.parametrize("threads", [2, 4])
def test_one_stream_per_thread_with_a_shared_handle(acl, launcher, case, threads):
    """The supported pattern: one explicit stream per thread, one handle shared by all."""
    ctx = current_context(acl)
    preps = [launcher.prepare(case.spec, case.inputs, case.reference, case.id) for _ in range(threads)]
    shared = preps[0].handle

    def work(i):
        acl.call("aclrtSetCurrentContext", ctx)
        with Stream(acl) as s:
            p = preps[i]
            for _ in range(20):
                code = shared.launch_code(p.in_buffers, p.out_buffers, s.ptr)
                assert code == 0, f"launch returned {code}: {acl.recent_error_message()}"
            s.synchronize()

    errors = _run_threads(threads, work)
    assert not errors, "[EWH-10] " + "; ".join(errors)
    for i, p in enumerate(preps):
        assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-10",
                     case=f"{case.id}, thread {i} of {threads}")
        assert not p.damage()


@pytest.mark.clause("EWH-10")
@pytest.mark.hazard
@pytest.mark.needs_validation_layer
def test_same_stream_from_two_threads_is_reported(acl, launcher, case, stream):
    """Misuse: two threads launching on one stream. A validating runtime records it."""
    ctx = current_context(acl)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    acl.clear_validation_log()
    barrier = threading.Barrier(2)

    def work(i):
        acl.call("aclrtSetCurrentContext", ctx)
        barrier.wait()
        for _ in range(5):
            p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)

    errors = _run_threads(2, work)
    stream.synchronize()
    assert not errors, "; ".join(errors)
    records = [r for r in acl.validation_log() if r.get("kind") == "stream_shared_by_threads"]
    assert records, ("[EWH-10] the same stream used by two threads was not recorded by the "
                     f"validation layer; log: {acl.validation_log()}")
    assert int(records[0]["stream"], 16) == ctypes.c_void_p(stream.ptr).value
    assert records[0]["call"] == "aclopExecWithHandle"
    acl.clear_validation_log()
