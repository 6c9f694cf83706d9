"""Asynchronous semantics (EWH-09): success means delivered; results are valid after a sync;
device-side errors surface at the sync, not at the launch, and leave the stream usable."""
import os
import re

import numpy as np
import pytest

import reports
from fixtures.busy import Filler, Hold, can_pause
from fixtures.checks import assert_close, expect_code, expect_undamaged
from fixtures.contract.cases import add_case
from fixtures.tensors import DeviceTensor
from harness import plog
from harness.abi import ERR, error_name
from harness.acl import DataBuffer, DeviceMemory, HostMemory, Stream

TIMEOUT = ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("k", [1, 8, 64, 256])
def test_k_launches_then_one_sync(launcher, product, stream, k, numeric_policy):
    case = add_case("float32", (16, 16), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    for i in range(k):
        code = p.launch_raw(stream=stream.ptr)
        expect_code(code, 0, clause="EWH-09", what=f"launch {i} of {k} before one sync", acl=p.acl)
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case=f"{k} launches, one sync", policy=numeric_policy)
    expect_undamaged(p.damage(), clause="EWH-05", what=f"{k} launches of {case.id}, one sync")


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("k", [2, 16, 100])
def test_chain_of_dependent_launches_is_executed_in_order(acl, ops, scope, stream, k, numeric_policy):
    """x_{i+1} = x_i + ones, K times on one stream with no intermediate sync."""
    shape = (64,)
    handle = ops.handle(add_case("int32", shape).spec)
    start = np.arange(64, dtype=np.int32)
    ones = DeviceTensor.from_array(acl, scope, np.ones(shape, np.int32))
    chain = [DeviceTensor.from_array(acl, scope, start)]
    chain += [DeviceTensor.empty(acl, scope, np.int32, shape) for _ in range(k)]
    for i in range(k):
        handle.launch([chain[i].buffer, ones.buffer], [chain[i + 1].buffer], stream.ptr)
    stream.synchronize()
    assert_close(chain[-1].array(), start + k, clause="EWH-09", case=f"{k} dependent Add launches, one sync", policy=numeric_policy)


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("timeout", [-2, -100, -(2**31)])
def test_sync_timeout_below_minus_one_is_rejected(acl, stream, timeout):
    code = acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, timeout)
    assert code == ERR.ACL_ERROR_RT_PARAM_INVALID, (
        f"[EWH-09] timeout {timeout} must return 107000 ACL_ERROR_RT_PARAM_INVALID, got {code} {error_name(code)}")
    acl.recent_error_message()


@pytest.mark.clause("EWH-09")
def test_sync_timeout_minus_one_waits_like_a_plain_sync(launcher, product, stream, acl, numeric_policy):
    case = add_case("float32", (64, 64), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    for i in range(20):
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-09", what=f"launch {i} of 20 of {case.id}",
                    acl=acl)
    expect_code(acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, -1), 0, clause="EWH-09",
                what="aclrtSynchronizeStreamWithTimeout(timeout=-1) after 20 launches", acl=acl)
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case="after sync with timeout -1", policy=numeric_policy)


# Without a way to hold a stream (the simulator's aclsimStreamPause), a stream is kept busy by
# work long by construction: each round queues BUSY_LAUNCHES Adds over larger tensors, until a
# timed sync times out. The last round moves BUSY_LAUNCHES * 3 * 4096 * 8192 * 4 bytes (77 GB):
# longer than the largest timeout here at any device memory bandwidth (38 ms at 2 TB/s).
BUSY_SHAPES = ((256, 256), (1024, 1024), (4096, 8192))
BUSY_LAUNCHES = 200
FASTEST_BANDWIDTH = 2e12          # bytes/s, above any Atlas device's memory bandwidth


def _queue_bytes(shape) -> int:
    return BUSY_LAUNCHES * 3 * 4 * int(np.prod(shape))


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("timeout_ms", [0, 1, 20])
def test_sync_timeout_expires_on_a_busy_stream_then_full_sync_succeeds(acl, launcher, stream, timeout_ms, numeric_policy):
    assert _queue_bytes(BUSY_SHAPES[-1]) / FASTEST_BANDWIDTH > 0.02, "the last round must outlast 20 ms"
    paused = acl.raw.has("aclsimStreamPause")
    for shape in BUSY_SHAPES[:1] if paused else BUSY_SHAPES:
        case = add_case("float32", shape)
        p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
        if paused:          # deterministic: the simulator holds the queue
            acl.call("aclsimStreamPause", stream.ptr, 1)
        try:
            for _ in range(3 if paused else BUSY_LAUNCHES):
                p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)
            code = acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, timeout_ms)
            msg = acl.recent_error_message()
        finally:
            if paused:
                acl.call("aclsimStreamPause", stream.ptr, 0)
        if code == TIMEOUT:
            break
        # 0: this round's queue drained within the timeout (a fast device): queue a longer one
        assert code == 0, f"[EWH-09] sync with a {timeout_ms} ms timeout returned {code} ({msg!r})"
    reports.record(None, "busy_elements", int(np.prod(shape)))     # how long the queue had to be
    assert code == TIMEOUT, (
        f"[EWH-09] sync with a {timeout_ms} ms timeout on a busy stream must return 507046, got {code} "
        f"({msg!r})" + ("" if paused else f"; the last queue moved {_queue_bytes(shape) / 1e9:.0f} GB, "
                                          f"at least {_queue_bytes(shape) / FASTEST_BANDWIDTH * 1e3:.0f} ms of work"))
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09",
                 case="results after the full sync that follows a timed-out one", policy=numeric_policy)


@pytest.mark.clause("EWH-09")
def test_success_means_delivered_not_finished(acl, launcher, ops, scope, stream, numeric_policy):
    """While the queue is held (fixtures/busy.py), a launch has returned 0 but nothing was written yet."""
    case = add_case("float32", (8, 8))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    with Hold(acl, scope, stream, None if can_pause(acl) else Filler(acl, ops, scope)) as hold:
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-09", what=f"{case.id} on a held stream", acl=acl)
        unwritten = p.outputs[0].unchanged()
        hold.confirm("before the output was read")
        assert unwritten, "[EWH-09] output written before the task could run"
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case="after the held queue ran", policy=numeric_policy)


def _bad_address_input(acl, scope, kind: str, nbytes: int) -> int:
    if kind == "host-memory":
        return scope.add(HostMemory(acl, nbytes)).ptr
    mem = DeviceMemory(acl, nbytes)          # freed device memory
    ptr = mem.ptr
    mem.close()
    return ptr


# An execution fault of a kernel surfaces at the synchronisation as a device-fault code (RT aclError
# page: 507015 AI Core exception, 507035 vector core exception; TS retCode 0x26 / 0x31), with an inner
# error code in the message (EZ9999 for an operator fault) and the cause in the process log.
DEVICE_FAULT = (ERR.ACL_ERROR_RT_AICORE_EXCEPTION, ERR.ACL_ERROR_RT_VECTOR_CORE_EXCEPTION)
INNER_CODE = re.compile(r"\bE[A-Z]\d{4}\b")


def _plog_off() -> str | None:
    """Why this process writes no plog lines to read back (CANN's switches), or None."""
    if os.environ.get("ASCEND_GLOBAL_LOG_LEVEL", "3").strip() == "4":
        return "ASCEND_GLOBAL_LOG_LEVEL=4 (null)"
    if "1" in (os.environ.get("ASCEND_LOG_PRINT_TO_STDOUT"), os.environ.get("ASCEND_SLOG_PRINT_TO_STDOUT")):
        return "the log goes to stdout (ASCEND_LOG_PRINT_TO_STDOUT)"
    return None if plog.root() else "no log root (ASCEND_PROCESS_LOG_PATH, ASCEND_WORK_PATH, HOME unset)"


@pytest.mark.clause("EWH-09")
@pytest.mark.crash_prone
@pytest.mark.hazard          # a device page fault can leave every context of the device failed until a reset
@pytest.mark.parametrize("kind", ["host-memory", "freed-device-memory"])
def test_device_error_surfaces_at_sync_and_the_stream_stays_usable(acl, launcher, scope, stream, kind):
    case = add_case("float32", (8, 8))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    bad = scope.add(DataBuffer(acl, _bad_address_input(acl, scope, kind, 256), 256))
    watch = plog.Watch()
    launch = p.launch_raw(inputs=[bad.ptr, p.in_buffers[1].ptr], stream=stream.ptr)
    acl.recent_error_message()
    sync = acl.raw.aclrtSynchronizeStream(stream.ptr)
    msg = acl.recent_error_message()
    reports.record_property(None, "launch_code", launch)
    reports.record_property(None, "sync_code", sync)
    assert launch == 0, (f"[EWH-09] a bad device address is found by the device, not by the launch: the launch "
                         f"returned {launch} {error_name(launch)}")
    expect_code(sync, DEVICE_FAULT, clause="EWH-09", what=f"the sync after a kernel read {kind}", message=msg)
    assert INNER_CODE.search(msg or ""), f"[EWH-09] the failing sync's aclGetRecentErrMsg() names no inner code: {msg!r}"
    off = _plog_off()
    lines = watch.lines()
    reports.record_property(None, "plog_lines", len(lines) if off is None else f"off: {off}")
    assert off is not None or any(str(int(sync)) in ln or "Task run failed" in ln for ln in lines), (
        f"[EWH-09] the process log (plog under {plog.root()}) has no line about the {sync} of the sync: {lines}")
    expect_code(acl.raw.aclrtSynchronizeStream(stream.ptr), 0, clause="EWH-09",
                what=f"a second sync after the device error ({kind}: the error is reported once)", acl=acl)
    p.assert_stream_usable(stream.ptr, after=f"a device error ({kind})", clause="EWH-09")
    fresh = scope.add(Stream(acl))                  # and the context still gives working streams
    p.assert_stream_usable(fresh.ptr, after=f"a device error ({kind}), on a new stream", clause="EWH-09")


@pytest.mark.clause("EWH-09")
@pytest.mark.crash_prone
def test_device_error_on_one_stream_does_not_leak_to_another(acl, launcher, scope, stream, numeric_policy):
    case = add_case("float32", (8, 8))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    other = scope.add(Stream(acl))
    bad = scope.add(DataBuffer(acl, scope.add(HostMemory(acl, 256)).ptr, 256))
    launch = p.launch_raw(inputs=[bad.ptr, p.in_buffers[1].ptr], stream=stream.ptr)
    expect_code(launch, 0, clause="EWH-09", what="a launch reading host memory (found by the device, not the launch)",
                acl=acl)
    (got,) = p.run(other.ptr, clause="EWH-09")
    assert_close(got, case.reference()[0], clause="EWH-09", case="clean stream beside a failing one", policy=numeric_policy)
    sync = acl.raw.aclrtSynchronizeStream(stream.ptr)
    assert sync != 0, (f"[EWH-09] the device error must surface at the failing stream's sync: it returned "
                       f"{sync} {error_name(sync)}")
    acl.recent_error_message()
