"""Asynchrony observed without timing (EWH-09, EWH-06): aclrtStreamQuery reports a launch as not
finished while its stream still holds it, and as complete after a synchronisation; aclrtMemsetAsync
runs in stream order with aclopExecWithHandle (RT stream.cpp aclrtStreamQueryImpl, memory.cpp
aclrtMemsetAsyncImpl)."""
import contextlib
import ctypes
import time

import numpy as np
import pytest

import reports
from fixtures.busy import Filler, Hold, can_pause
from fixtures.checks import assert_close, expect_code, expect_undamaged
from fixtures.contract.cases import add_case
from fixtures.tensors import DeviceTensor
from harness.abi import StreamStatus, error_name


def _needs(acl, *names):
    for n in names:
        if not acl.raw.has(n):
            pytest.skip(f"not supported: this runtime has no {n}")


def _status(acl, stream) -> int:
    status = ctypes.c_int(-1)
    code = acl.raw.aclrtStreamQuery(stream, ctypes.byref(status))
    assert code == 0, f"[EWH-09] aclrtStreamQuery returned {code} {error_name(code)}: {acl.recent_error_message()!r}"
    assert status.value in (StreamStatus.COMPLETE, StreamStatus.NOT_READY), f"status {status.value}"
    return status.value


@pytest.mark.clause("EWH-09")
def test_query_sees_a_held_launch_as_not_ready(acl, launcher, ops, scope, product, stream, numeric_policy):
    """Behind a held queue (paused, or a proven filler queue: fixtures/busy.py) a launch has
    returned 0, not written its output, and the stream reports NOT_READY."""
    _needs(acl, "aclrtStreamQuery")
    case = add_case("float32", (32, 32), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    filler = None if can_pause(acl) else Filler(acl, ops, scope)
    with Hold(acl, scope, stream, filler) as hold:
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-09", what=f"{case.id} behind a held queue",
                    acl=acl)
        unchanged = p.outputs[0].unchanged()
        status = _status(acl, stream.ptr)
        hold.confirm("before the output and the status were read")
        reports.record_property(None, "observed_status", int(status))
        reports.record_property(None, "hold_fillers", hold.fillers)
        assert status == StreamStatus.NOT_READY, "[EWH-09] a launch still queued was reported complete"
        assert unchanged, "[EWH-09] the output was written before the queued launch ran"
    stream.synchronize()
    assert _status(acl, stream.ptr) == StreamStatus.COMPLETE, "[EWH-09] not complete after a synchronisation"
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case="after query and sync", policy=numeric_policy)


POLLS_HELD = 5       # polls of a paused stream before it is released (the simulator's hold)


@pytest.mark.clause("EWH-09")
def test_complete_means_every_output_is_final(acl, ops, scope, product, stream, numeric_policy):
    """Distinct launches behind a held queue; poll aclrtStreamQuery until COMPLETE, then read
    every output with no synchronisation: each must be its final value. The queue is held by a
    long filler (work long by construction: fixtures/busy.py) or, where the runtime can pause a
    stream, by a pause released after POLLS_HELD polls: a COMPLETE seen while paused comes before
    any output was written, so an early COMPLETE fails for certain, not by a race."""
    _needs(acl, "aclrtStreamQuery")
    cases = [add_case("float32", (16, 16), seed=40 + i, saturation=product.saturation_mode) for i in range(8)]
    handle = ops.handle(cases[0].spec)
    ins = [[DeviceTensor.from_array(acl, scope, x) for x in c.inputs] for c in cases]
    outs = [DeviceTensor.empty(acl, scope, np.float32, (16, 16)) for _ in cases]
    with Hold(acl, scope, stream, None) if can_pause(acl) else contextlib.nullcontext() as hold:
        if hold is None:
            filler = Filler(acl, ops, scope)
            filler.launch(stream.ptr, filler.calibrated(stream))
        for t_in, t_out in zip(ins, outs):
            handle.launch([t.buffer for t in t_in], [t_out.buffer], stream.ptr)
        deadline = time.monotonic() + 120
        polls = 0
        while _status(acl, stream.ptr) != StreamStatus.COMPLETE:
            polls += 1
            if hold is not None and polls == POLLS_HELD:
                hold.release()
            assert time.monotonic() < deadline, "[EWH-09] the stream never reported COMPLETE within 120 s"
            time.sleep(0.002)
        got = [t.array() for t in outs]              # read before any synchronisation
    reports.record_property(None, "polls_before_complete", polls)
    for i, (c, y) in enumerate(zip(cases, got)):
        assert_close(y, c.reference()[0], clause="EWH-09",
                     case=f"output {i} of {len(cases)} read when aclrtStreamQuery first said COMPLETE"
                          f" (poll {polls}{', the stream paused' if hold is not None and polls < POLLS_HELD else ''})", policy=numeric_policy)
    stream.synchronize()


@pytest.mark.clause("EWH-06")
def test_query_of_the_default_stream(acl, launcher, product, numeric_policy):
    _needs(acl, "aclrtStreamQuery")
    case = add_case("float16", (8, 8), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    expect_code(p.launch_raw(stream=None), 0, clause="EWH-06", what=f"{case.id} on the default stream (NULL)", acl=acl)
    acl.call("aclrtSynchronizeStream", None)
    status = _status(acl, None)
    assert status == StreamStatus.COMPLETE, (f"[EWH-06] aclrtStreamQuery(NULL) after a sync of the default stream: "
                                             f"expected COMPLETE, got {StreamStatus(status).name}")
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-06", case="default stream, query", policy=numeric_policy)


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("held", [False, True], ids=["free", "held"])
def test_memset_async_is_ordered_with_launches_on_one_stream(acl, ops, scope, stream, held, numeric_policy):
    """memset x1 -> Add(x1, x2) -> memset x1 again, one stream, one sync: the launch sees the first
    fill only and the second fill lands after it; "held": all three queued behind a held queue,
    so a memset that ran at once would be seen (x1 still 7 before the sync, y from the second fill)."""
    _needs(acl, "aclrtMemsetAsync")
    shape = (64,)
    handle = ops.handle(add_case("int32", shape).spec)
    x1 = DeviceTensor.from_array(acl, scope, np.full(shape, 7, np.int32))
    x2 = DeviceTensor.from_array(acl, scope, np.arange(64, dtype=np.int32))
    y = DeviceTensor.empty(acl, scope, np.int32, shape)
    nbytes = x1.nbytes
    hold = Hold(acl, scope, stream, None if can_pause(acl) else Filler(acl, ops, scope)) if held else None
    expect_code(acl.raw.aclrtMemsetAsync(x1.ptr, nbytes, 0x01, nbytes, stream.ptr), 0, clause="EWH-09",
                what="aclrtMemsetAsync(x1, 0x01) before the launch", acl=acl)
    handle.launch([x1.buffer, x2.buffer], [y.buffer], stream.ptr)
    expect_code(acl.raw.aclrtMemsetAsync(x1.ptr, nbytes, 0x00, nbytes, stream.ptr), 0, clause="EWH-09",
                what="aclrtMemsetAsync(x1, 0x00) after the launch", acl=acl)
    if hold is not None:
        early = x1.array()
        hold.confirm("before x1 was read")
        hold.release()
        assert (early == 7).all(), ("[EWH-09] an aclrtMemsetAsync queued behind a held stream ran at once: "
                                    f"x1 reads {early[:4]} before the queue ran")
    stream.synchronize()
    want = np.int32(0x01010101) + np.arange(64, dtype=np.int32)
    assert_close(y.array(), want, clause="EWH-09", case="Add between two aclrtMemsetAsync on one stream", policy=numeric_policy)
    assert not x1.array().any(), "[EWH-09] the memset queued after the launch did not land after it"
    expect_undamaged(x1.damage() + x2.damage() + y.damage(), clause="EWH-09",
                     what="Add between two aclrtMemsetAsync on one stream")
