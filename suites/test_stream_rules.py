"""The multithread stream rule (EWH-10): one explicit stream per thread, never the same stream
or the default stream from several threads; contexts per thread; the per-product stream limit.

- Supported pattern under stress: T threads, each with its own stream (and, in a variant, its
  own context), M launches of its own handle or of one handle shared by all; every output equals
  the numpy reference, whatever the thread start order.
- The misuse is detected: the simulator's validation layer records every thread that enqueues
  on a stream another thread used first (which threads, which stream, which call). Hazard tests:
  undefined behaviour on hardware, opt-in there (--run-hazards) and isolated in a child process.
  Each misuse test has two parts (``part``): ``outcome``, what any runtime shows (every call's
  code, the results), and ``reported``, what only a validating runtime adds (the records).
- Thread/context errors: no context, a stream of another context, a destroyed stream.
- Stream limit per product (default stream included), each product in its own process.
"""
from __future__ import annotations

import threading

import numpy as np
import pytest

from fixtures.busy import Filler, Hold, can_pause
from fixtures.checks import assert_close
from fixtures.contract.cases import add_case
from fixtures.tensors import DeviceTensor
from fixtures.threads import SerialProbe, fill_sentinel, records_of, run_stream_limit_child, run_threads
from harness.abi import MemcpyKind, error_name
from harness.acl import Context, Stream, current_context
from harness.events import Event
from harness.products import DEFAULT_SOC, PRODUCT_IDS
from harness.raw import pointer_array

CLAUSE = "EWH-10"
LAUNCHES = 25                       # M: launches per thread and round
ORDERS = ("forward", "reverse", 7)  # thread start orders; an int is a shuffle seed
CONTEXT_ERRORS = (107002, 107003)   # ACL_ERROR_RT_CONTEXT_NULL / ACL_ERROR_RT_STREAM_CONTEXT
BARRIER_TIMEOUT = 60
# outcome: codes and results, on every runtime; reported: the validation layer's records.
PARTS = ("outcome", pytest.param("reported", marks=pytest.mark.needs_validation_layer))


def _prepare(launcher, product, seed=0):
    """A prepared float32 Add; cases of different seeds share the signature, not the inputs."""
    c = add_case("float32", (8, 8), seed=seed, saturation=product.saturation_mode)
    return launcher.prepare(c.spec, c.inputs, c.reference, f"{c.id} seed {seed}")


def _prepare_all(launcher, product, n):
    """n cases with one signature and different inputs (a mix-up shows in the result)."""
    return [_prepare(launcher, product, 100 + i) for i in range(n)]


def _check_outputs(preps, what):
    for i, p in enumerate(preps):
        assert_close(p.outputs[0].array(), p.reference()[0], clause=CLAUSE, case=f"{p.case}, {what}, thread {i}",
                     policy=p.policy)
        problems = p.damage()
        assert not problems, f"[{CLAUSE}] {p.case}, {what}, thread {i}: " + "; ".join(problems)


# ---------------------------------------------------------------------------------------------
# 1. the supported pattern under stress


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("contexts", ["shared_context", "own_context"])
@pytest.mark.parametrize("handles", ["own_handle", "shared_handle"])
@pytest.mark.parametrize("threads", [2, 4, 8, 16])
def test_one_stream_per_thread_under_stress(acl, device, launcher, main_context, product,
                                            threads, handles, contexts):
    """T threads, each with its own explicit stream (and, in a variant, its own context),
    M launches each of its own handle or of one shared handle; repeated with three thread start
    orders. Every output equals the reference and no call fails."""
    preps = _prepare_all(launcher, product, threads)
    shared = preps[0].handle
    for order in ORDERS:
        fill_sentinel([t for p in preps for t in p.outputs])
        barrier = threading.Barrier(threads)

        def work(i, barrier=barrier):      # bind this round's barrier
            acl.call("aclrtSetCurrentContext", main_context)
            ctx = Context(acl, device.device_id) if contexts == "own_context" else None
            try:
                if ctx is not None:
                    ctx.make_current()
                    assert current_context(acl) == ctx.ptr, (f"[{CLAUSE}] aclrtSetCurrentContext did not make "
                                                             f"the thread's own context current")
                with Stream(acl) as s:
                    p = preps[i]
                    h = shared if handles == "shared_handle" else p.handle
                    try:
                        barrier.wait(timeout=BARRIER_TIMEOUT)
                    except threading.BrokenBarrierError:
                        raise AssertionError("another thread failed before the launches") from None
                    for k in range(LAUNCHES):
                        code = h.launch_code(p.in_buffers, p.out_buffers, s.ptr)
                        assert code == 0, (f"launch {k} returned {code} {error_name(code)}: "
                                           f"{acl.recent_error_message()!r}")
                    s.synchronize()
            except BaseException:
                barrier.abort()
                raise
            finally:
                if ctx is not None:
                    ctx.close()

        errors = run_threads(threads, work, order=order)
        assert not errors, f"[{CLAUSE}] {threads} threads, {handles}, {contexts}, order {order}: " + "; ".join(errors)
        _check_outputs(preps, f"{threads} threads, {handles}, {contexts}, start order {order}")


CHAIN = 64                          # dependent launches per thread in the two-thread chain


@pytest.mark.clause(CLAUSE)
def test_two_threads_two_streams_distinct_chains(acl, ops, scope, main_context, stream):
    """EWH-10's positive side: two threads, each on its own stream, launch CHAIN dependent Adds
    in lock step (x_{k+1} = x_k + d_t, distinct start and step per thread, a fresh output each
    launch); each thread syncs only its own stream and reads all its outputs at once. Thread 0's
    stream is held first (fixtures/busy.py: a long filler queue, or paused where the runtime can
    pause a stream, released only once thread 1 has read), so a launch of thread 1 that landed on
    thread 0's stream is still queued when thread 1 reads."""
    paused = can_pause(acl)
    filler = None if paused else Filler(acl, ops, scope)
    n_fill = 0 if paused else filler.calibrated(stream)
    shape = (64,)
    handle = ops.handle(add_case("int32", shape).spec)
    starts = [np.arange(64, dtype=np.int32) * (t + 1) for t in range(2)]
    steps = [DeviceTensor.from_array(acl, scope, np.full(shape, 3 + 4 * t, np.int32)) for t in range(2)]
    chains = [[DeviceTensor.from_array(acl, scope, starts[t])] +
              [DeviceTensor.empty(acl, scope, np.int32, shape) for _ in range(CHAIN)] for t in range(2)]
    barrier = threading.Barrier(2)
    got: dict[int, list] = {}

    def work(t):
        acl.call("aclrtSetCurrentContext", main_context)
        with Stream(acl) as s:
            hold = None
            try:
                if t == 0:
                    if paused:
                        hold = Hold(acl, scope, s, None)
                    else:
                        filler.launch(s.ptr, n_fill)
                for k in range(CHAIN):
                    barrier.wait(timeout=BARRIER_TIMEOUT)            # lock step: the threads alternate
                    code = handle.launch_code([chains[t][k].buffer, steps[t].buffer], [chains[t][k + 1].buffer], s.ptr)
                    assert code == 0, f"thread {t} launch {k}: {code} {error_name(code)}"
                if hold is not None:
                    barrier.wait(timeout=BARRIER_TIMEOUT)            # thread 1 has read: release
                    hold.release()
                s.synchronize()
                got[t] = [c.array() for c in chains[t][1:]]      # before the other stream is synced
                if paused and t == 1:
                    barrier.wait(timeout=BARRIER_TIMEOUT)            # thread 0 may release its stream
                barrier.wait(timeout=BARRIER_TIMEOUT)            # both streams live until both have read
            except BaseException:
                barrier.abort()
                raise
            finally:
                if hold is not None:
                    hold.release()

    errors = run_threads(2, work)
    assert not errors, f"[{CLAUSE}] two threads, two streams: " + "; ".join(errors)
    for t in range(2):
        for k, y in enumerate(got[t]):
            want = starts[t] + (k + 1) * (3 + 4 * t)
            assert np.array_equal(y, want), (f"[{CLAUSE}] thread {t}, launch {k} of {CHAIN} on its own stream: "
                                             f"got {y[:4]}, expected {want[:4]} (a launch on the wrong stream?)")


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("part", PARTS)
def test_one_stream_per_thread_is_not_reported(validation_log, acl, launcher, main_context, product, part):
    """No false alarm: with one stream per thread the validation layer records nothing."""
    n = 4
    preps = _prepare_all(launcher, product, n)
    shared = preps[0].handle
    streams: list[int] = []
    lock = threading.Lock()

    def work(i):
        acl.call("aclrtSetCurrentContext", main_context)
        with Stream(acl) as s:
            with lock:
                streams.append(s.ptr)
            for _ in range(LAUNCHES):
                shared.launch(preps[i].in_buffers, preps[i].out_buffers, s.ptr)
            s.synchronize()

    errors = run_threads(n, work)
    assert not errors, "; ".join(errors)
    assert len(set(streams)) == n, f"[{CLAUSE}] {n} threads' aclrtCreateStream returned {len(set(streams))} streams"
    if part == "reported":
        assert records_of(acl) == [], (f"[{CLAUSE}] one stream per thread was reported as shared: "
                                       f"{records_of(acl)}")
    _check_outputs(preps, "one stream per thread")


# ---------------------------------------------------------------------------------------------
# 2. the rule: the same stream, or the default stream, from several threads is reported


def _drain(drain) -> None:
    """The default stream drained by one fresh thread: no error."""
    errors = run_threads(1, drain)
    assert not errors, f"[{CLAUSE}] draining the default stream after the misuse failed: " + "; ".join(errors)


def _misuse(acl, main_context, n, launch, *, context=None, rounds=3, part="reported"):
    """n workers; worker 0 launches first and alone, then the others, concurrently, ``rounds``
    times each. For the ``reported`` part, returns (main serial, worker serials) learned before
    the misuse (the log then holds only what the misuse caused); for ``outcome``, (None, None)."""
    probe = SerialProbe(acl, n) if part == "reported" else None
    learned = threading.Barrier(n + 1)
    go = threading.Barrier(n + 1)
    first_done = threading.Event()
    serials: list = []

    def work(i):
        acl.call("aclrtSetCurrentContext", main_context)
        if probe is not None:
            probe.touch(i)
        learned.wait(timeout=BARRIER_TIMEOUT)
        go.wait(timeout=BARRIER_TIMEOUT)
        if context is not None:
            acl.call("aclrtSetCurrentContext", context)
        if i == 0:
            try:
                launch(i)
            finally:
                first_done.set()
            for _ in range(rounds - 1):
                launch(i)
        else:
            assert first_done.wait(timeout=BARRIER_TIMEOUT), "worker 0 never launched"
            for _ in range(rounds):
                launch(i)

    def main():
        try:
            learned.wait(timeout=BARRIER_TIMEOUT)
            if probe is not None:
                serials.extend(probe.serials())
                acl.clear_validation_log()
            go.wait(timeout=BARRIER_TIMEOUT)
        except BaseException:
            learned.abort()
            go.abort()
            raise

    try:
        errors = run_threads(n, work, during=main)
    finally:
        if probe is not None:
            probe.close()
    assert not errors, f"[{CLAUSE}] misuse run: " + "; ".join(errors)
    return (serials[0], serials[1]) if probe is not None else (None, None)


def _assert_reported(records, workers, *, call, default_stream, what):
    """Every worker but the first launcher is named once, against the first launcher."""
    log = "\n  ".join(" ".join(f"{k}={v}" for k, v in r.items()) for r in records) or "(empty)"
    assert records, (f"[{CLAUSE}] {what} was not recorded by the validation layer; "
                     f"stream_shared_by_threads records:\n  {log}")
    named = [int(r["thread"]) for r in records]
    assert sorted(named) == sorted(workers[1:]), (
        f"[{CLAUSE}] {what}: expected one record for each of threads {workers[1:]} (worker 0, "
        f"serial {workers[0]}, launched first), got threads {named}:\n  {log}")
    for r in records:
        assert int(r["first_thread"]) == workers[0], f"[{CLAUSE}] {what}: first_thread wrong in {r}"
        assert r["call"] == call, f"[{CLAUSE}] {what}: call {r['call']!r}, expected {call!r}"
        assert r["default_stream"] == default_stream, f"[{CLAUSE}] {what}: default_stream wrong in {r}"
    assert len({r["stream"] for r in records}) == 1, f"[{CLAUSE}] {what}: records name several streams"


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("threads", [2, 4, 8])
def test_same_explicit_stream_from_several_threads_is_reported(validation_log, acl, launcher, main_context, product,
                                                               stream, threads, part):
    p = _prepare(launcher, product)

    def launch(i):
        p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)

    _, workers = _misuse(acl, main_context, threads, launch, part=part)
    stream.synchronize()
    if part == "outcome":       # every launch returned 0 (else _misuse fails); same inputs, same result
        _check_outputs([p], f"one explicit stream used by {threads} threads")
        return
    recs = records_of(acl, stream=stream.ptr)
    _assert_reported(recs, workers, call="aclopExecWithHandle", default_stream="0",
                     what=f"one explicit stream used by {threads} threads")
    assert records_of(acl) == recs, f"records for other streams: {records_of(acl)}"


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("call", ["aclopExecWithHandle", "aclopExecuteV2", "aclrtMemcpyAsync",
                                  "aclrtRecordEvent"])
def test_reported_record_names_the_call(validation_log, acl, launcher, main_context, product, scope, stream,
                                        call, part):
    """The second thread reaches the shared stream through ``call``: the record names it.
    Outcome part: every call returns 0 and the stream then synchronises."""
    p = _prepare(launcher, product)
    descs_in = [scope.add(t.make_desc(acl)) for t in p.spec.inputs]
    descs_out = [scope.add(t.make_desc(acl)) for t in p.spec.outputs]
    event = scope.add(Event(acl))

    def launch(i):
        if i == 0 or call == "aclopExecWithHandle":
            p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)
        elif call == "aclopExecuteV2":
            acl.call("aclopExecuteV2", p.spec.op.encode(), len(descs_in), pointer_array([d.ptr for d in descs_in]),
                     pointer_array([b.ptr for b in p.in_buffers]), len(descs_out),
                     pointer_array([d.ptr for d in descs_out]), pointer_array([b.ptr for b in p.out_buffers]),
                     None, stream.ptr)
        elif call == "aclrtMemcpyAsync":
            src, dst = p.inputs[0], p.outputs[0]
            acl.call("aclrtMemcpyAsync", dst.ptr, dst.nbytes, src.ptr, src.nbytes,
                     int(MemcpyKind.DEVICE_TO_DEVICE), stream.ptr)
        else:
            event.record(stream)

    _, workers = _misuse(acl, main_context, 2, launch, rounds=1, part=part)
    stream.synchronize()
    if part == "outcome":
        return
    _assert_reported(records_of(acl, stream=stream.ptr), workers, call=call, default_stream="0",
                     what=f"a second thread calling {call} on a stream another thread launched on")


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("threads", [2, 4])
def test_default_stream_from_several_threads_is_reported(validation_log, acl, device, launcher, main_context, product,
                                                         scope, threads, part):
    """Threads of one context passing NULL share its default stream: reported with
    default_stream=1. A fresh context, so its default stream has no earlier user."""
    p = _prepare(launcher, product)
    ctx = scope.add(Context(acl, device.device_id))      # becomes current on this thread
    acl.call("aclrtSetCurrentContext", main_context)

    def launch(i):
        p.handle.launch(p.in_buffers, p.out_buffers, None)

    def drain(i):
        acl.call("aclrtSetCurrentContext", ctx.ptr)
        acl.call("aclrtSynchronizeStream", None)

    _, workers = _misuse(acl, main_context, threads, launch, context=ctx.ptr, part=part)
    if part == "outcome":
        _drain(drain)
        _check_outputs([p], f"the default stream (NULL) used by {threads} threads of one context")
        return
    recs = [r for r in records_of(acl) if r["default_stream"] == "1"]
    _assert_reported(recs, workers, call="aclopExecWithHandle", default_stream="1",
                     what=f"the default stream (NULL) used by {threads} threads of one context")
    _drain(drain)


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
@pytest.mark.parametrize("part", PARTS)
def test_default_stream_of_the_device_context_is_reported(validation_log, acl, launcher, main_context, product, part):
    """NULL from two worker threads on the device's default context (the session's own): each
    worker that was not the stream's first user is named, with default_stream=1."""
    p = _prepare(launcher, product)

    def launch(i):
        p.handle.launch(p.in_buffers, p.out_buffers, None)

    _, workers = _misuse(acl, main_context, 2, launch, part=part)
    acl.call("aclrtSynchronizeStream", None)
    if part == "outcome":
        _check_outputs([p], "the device context's default stream used by 2 threads")
        return
    recs = [r for r in records_of(acl) if r["default_stream"] == "1"]
    named = {int(r["thread"]) for r in recs}
    assert workers[1] in named, (f"[{CLAUSE}] the default stream used by worker {workers[1]} after "
                                 f"worker {workers[0]} was not reported: {recs}")
    first = {int(r["first_thread"]) for r in recs}
    assert len(first) == 1, f"records disagree on the first user: {recs}"
    # worker 0 is named too unless it was the default stream's first user
    assert (workers[0] in named) != (first == {workers[0]}), recs
    assert all(r["call"] == "aclopExecWithHandle" for r in recs), recs


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
@pytest.mark.parametrize("part", PARTS)
def test_each_thread_reported_once_per_stream(validation_log, acl, launcher, main_context, product, stream, part):
    """Many launches by the same two threads: one record per (stream, thread), not per launch."""
    p = _prepare(launcher, product)

    def launch(i):
        p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)

    _, workers = _misuse(acl, main_context, 2, launch, rounds=40, part=part)
    stream.synchronize()
    if part == "outcome":
        _check_outputs([p], "40 rounds of two threads on one stream")
        return
    recs = records_of(acl, stream=stream.ptr)
    assert len(recs) == 1 and int(recs[0]["thread"]) == workers[1], (
        f"[{CLAUSE}] expected exactly one record naming thread {workers[1]}, got {recs}")


@pytest.mark.clause(CLAUSE)
@pytest.mark.hazard
def test_shared_stream_outcome(acl, launcher, main_context, product, stream):
    """The misuse itself, without the validation layer: 4 threads enqueue the same computation on
    one stream. On hardware the outcome is an observation (isolated, --run-hazards); a runtime
    that serialises the stream gives the reference result and no error."""
    p = _prepare(launcher, product)
    barrier = threading.Barrier(4)

    def work(i):
        acl.call("aclrtSetCurrentContext", main_context)
        barrier.wait(timeout=BARRIER_TIMEOUT)
        for _ in range(LAUNCHES):
            p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)

    errors = run_threads(4, work)
    stream.synchronize()
    assert not errors, "; ".join(errors)
    _check_outputs([p], "one stream shared by 4 threads")


# ---------------------------------------------------------------------------------------------
# 4. threads and contexts: errors


def _in_thread(fn):
    """Run fn in a fresh thread (no current context); returns its result."""
    out = []
    errors = run_threads(1, lambda i: out.append(fn()))
    assert not errors, "; ".join(errors)
    return out[0]


def _assert_context_error(p, stream, code, msg, what):
    """Refused with 107002/107003 (``msg``: the worker thread's aclGetRecentErrMsg), nothing
    written, the stream still usable."""
    assert code in CONTEXT_ERRORS, (f"[{CLAUSE}] {what}: expected 107002/107003, got {code} "
                                    f"{error_name(code)} ({msg!r})")
    p.assert_rejected(code, CONTEXT_ERRORS, clause=CLAUSE, stream=stream.ptr, what=what)


@pytest.mark.clause(CLAUSE)
def test_thread_without_context_launching_on_a_stream(acl, launcher, product, stream):
    """A thread that never set a context launches on another thread's stream: 107002 family."""
    p = _prepare(launcher, product)
    code, msg = _in_thread(lambda: (p.launch_raw(stream=stream.ptr), acl.recent_error_message()))
    _assert_context_error(p, stream, code, msg, "launch from a thread with no context")


@pytest.mark.clause(CLAUSE)
def test_thread_without_context_launching_on_the_default_stream(acl, launcher, product, stream):
    """NULL names the current context's default stream; a thread with none: 107002 family."""
    p = _prepare(launcher, product)
    code, msg = _in_thread(lambda: (p.launch_raw(stream=None), acl.recent_error_message()))
    _assert_context_error(p, stream, code, msg, "NULL stream from a thread with no context")


@pytest.mark.clause(CLAUSE)
def test_stream_of_another_context(acl, device, launcher, product, stream):
    """A thread whose current context is its own launches on a stream of the main context."""
    p = _prepare(launcher, product)

    def other():
        with Context(acl, device.device_id):
            return p.launch_raw(stream=stream.ptr), acl.recent_error_message()

    code, msg = _in_thread(other)
    _assert_context_error(p, stream, code, msg, "launch on a stream of another context")


@pytest.mark.clause(CLAUSE)
def test_own_context_stream_is_usable_from_its_thread(acl, device, launcher, product):
    """Control for the test above: the same thread, its own context, its own stream: works."""
    p = _prepare(launcher, product)

    def own():
        with Context(acl, device.device_id), Stream(acl) as s:
            code = p.launch_raw(stream=s.ptr)
            s.synchronize()
            return code

    code = _in_thread(own)
    assert code == 0, f"[{CLAUSE}] launch on the thread's own context's stream: {code} {error_name(code)}"
    _check_outputs([p], "own context, own stream")


@pytest.mark.clause(CLAUSE)
@pytest.mark.crash_prone
@pytest.mark.parametrize("call", ["aclopExecWithHandle", "aclrtSynchronizeStream", "aclrtRecordEvent",
                                  "aclrtDestroyStream"])
def test_stream_used_after_destroy(acl, launcher, product, scope, stream, call):
    """A stream used after aclrtDestroyStream: an error code, nothing written, the next valid
    launch on a live stream still works (on hardware: crash-prone, isolated)."""
    p = _prepare(launcher, product)
    dead = Stream(acl)
    stale = dead.ptr
    dead.close()
    if call == "aclopExecWithHandle":
        code = p.launch_raw(stream=stale)
    elif call == "aclrtSynchronizeStream":
        code = acl.raw.aclrtSynchronizeStream(stale)
    elif call == "aclrtRecordEvent":
        code = scope.add(Event(acl)).record_code(stale)
    else:
        code = acl.raw.aclrtDestroyStream(stale)
    msg = acl.recent_error_message()
    assert code != 0, f"[{CLAUSE}] {call} on a destroyed stream returned 0"
    print(f"{call} on a destroyed stream: {code} {error_name(code)} ({msg!r})")
    # no documented code: any non-zero one (asserted above); assert_rejected checks the rest
    p.assert_rejected(code, (code,), clause=CLAUSE, stream=stream.ptr, what=f"{call} on a destroyed stream")


@pytest.mark.clause(CLAUSE)
@pytest.mark.crash_prone
def test_stream_of_a_destroyed_context(acl, device, launcher, main_context, product, stream):
    """aclrtDestroyContext releases the context's streams: launching on one is an error."""
    p = _prepare(launcher, product)
    ctx = Context(acl, device.device_id)
    try:
        s = Stream(acl)
        stale = s.ptr
        s.ptr = None                    # released with the context, not by itself (the ledger agrees)
    finally:
        ctx.close()
        acl.call("aclrtSetCurrentContext", main_context)
    code = p.launch_raw(stream=stale)
    assert code != 0, f"[{CLAUSE}] launch on a stream of a destroyed context returned 0"
    # no documented code: any non-zero one (asserted above); assert_rejected checks the rest
    p.assert_rejected(code, (code,), clause=CLAUSE, stream=stream.ptr,
                      what="launch on a stream of a destroyed context")


# ---------------------------------------------------------------------------------------------
# 5. stream limit per product (default stream included), one product per child process

RESOURCE_FAMILY = range(207000, 208000)


@pytest.mark.clause(CLAUSE)
@pytest.mark.slow_on_hardware
@pytest.mark.parametrize("product_id", PRODUCT_IDS)
def test_stream_limit(acl, pytestconfig, product, device_id, product_id):
    """Streams up to the product's limit (products.md 5, default stream included) are created;
    one more fails with 207008 ACL_ERROR_RT_NO_STREAM_RESOURCE (207xxx family); releasing one
    makes room again."""
    if acl.is_simulator:
        # the profile is chosen per process: a child with a simulated runtime of its own, on
        # device 0 (profiles have different device counts: this worker's device may not exist there)
        res = run_stream_limit_child(pytestconfig, None, DEFAULT_SOC[product_id], 0, label=product_id)
    else:
        if product_id != product.id:
            pytest.skip(f"this host is {product.id}; the {product_id} limit needs that product")
        res = run_stream_limit_child(pytestconfig, pytestconfig.getoption("--product"), None, device_id,
                                     label=product_id)
    assert res["product"] == product_id, f"child process ran as {res['product']} (soc {res['soc']})"
    limit = res["limit"]
    assert res["failed_early"] is None, (
        f"[{CLAUSE}] {product_id}: stream {res['created'] + 2} of {limit} (default stream "
        f"included) failed: {res['failed_early']}")
    assert res["created"] == limit - 1, (f"[{CLAUSE}] {product_id}: {res['created']} streams created below the limit "
                                         f"{limit}, expected {limit - 1} (the default stream counts)")
    assert res["extra_code"] in RESOURCE_FAMILY, (
        f"[{CLAUSE}] {product_id}: stream {limit + 1} (over the limit {limit}) returned "
        f"{res['extra_code']} {res['extra_name']} ({res['extra_message']!r}); expected 207008 "
        f"ACL_ERROR_RT_NO_STREAM_RESOURCE or another 207xxx resource code")
    assert res["after_release_code"] == 0, (
        f"[{CLAUSE}] {product_id}: after destroying one stream at the limit, creating one returned "
        f"{res['after_release_code']} {error_name(res['after_release_code'])}")
    print(f"{product_id}: limit {limit}, one more -> {res['extra_code']} {res['extra_name']}; "
          f"new context at the limit -> {res['context_at_limit_code']}")
