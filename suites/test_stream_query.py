"""Asynchrony observed without timing (EWH-09, EWH-06): aclrtStreamQuery reports a launch as not
finished while its stream still holds it, and as complete after a synchronisation; aclrtMemsetAsync
runs in stream order with aclopExecWithHandle (RT stream.cpp aclrtStreamQueryImpl, memory.cpp
aclrtMemsetAsyncImpl)."""
import ctypes

import numpy as np
import pytest

import reports
from fixtures.cases import add_case
from fixtures.checks import assert_close, expect_code, expect_undamaged
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
def test_query_sees_a_held_launch_as_not_ready(acl, launcher, product, stream):
    _needs(acl, "aclrtStreamQuery")
    case = add_case("float32", (32, 32), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    held = acl.raw.has("aclsimStreamPause")
    if held:            # deterministic: the simulator holds the queue
        acl.call("aclsimStreamPause", stream.ptr, 1)
    try:
        for i in range(1 if held else 50):
            expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-09", what=f"launch {i} of {case.id}", acl=acl)
        status = _status(acl, stream.ptr)
        reports.record_property(None, "observed_status", int(status))
        if held:
            assert status == StreamStatus.NOT_READY, "[EWH-09] a launch still queued was reported complete"
            assert p.outputs[0].unchanged(), "[EWH-09] the output was written before the queued launch ran"
    finally:
        if held:
            acl.call("aclsimStreamPause", stream.ptr, 0)
    stream.synchronize()
    assert _status(acl, stream.ptr) == StreamStatus.COMPLETE, "[EWH-09] not complete after a synchronisation"
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case="after query and sync")


@pytest.mark.clause("EWH-06")
def test_query_of_the_default_stream(acl, launcher, product):
    _needs(acl, "aclrtStreamQuery")
    case = add_case("float16", (8, 8), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    expect_code(p.launch_raw(stream=None), 0, clause="EWH-06", what=f"{case.id} on the default stream (NULL)", acl=acl)
    acl.call("aclrtSynchronizeStream", None)
    status = _status(acl, None)
    assert status == StreamStatus.COMPLETE, (f"[EWH-06] aclrtStreamQuery(NULL) after a sync of the default stream: "
                                             f"expected COMPLETE, got {StreamStatus(status).name}")
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-06", case="default stream, query")


@pytest.mark.clause("EWH-09")
def test_memset_async_is_ordered_with_launches_on_one_stream(acl, ops, scope, stream):
    """memset x1 -> Add(x1, x2) -> memset x1 again, one stream, one sync: the launch sees the first
    fill only and the second fill lands after it."""
    _needs(acl, "aclrtMemsetAsync")
    shape = (64,)
    handle = ops.handle(add_case("int32", shape).spec)
    x1 = DeviceTensor.from_array(acl, scope, np.full(shape, 7, np.int32))
    x2 = DeviceTensor.from_array(acl, scope, np.arange(64, dtype=np.int32))
    y = DeviceTensor.empty(acl, scope, np.int32, shape)
    nbytes = x1.nbytes
    expect_code(acl.raw.aclrtMemsetAsync(x1.ptr, nbytes, 0x01, nbytes, stream.ptr), 0, clause="EWH-09",
                what="aclrtMemsetAsync(x1, 0x01) before the launch", acl=acl)
    handle.launch([x1.buffer, x2.buffer], [y.buffer], stream.ptr)
    expect_code(acl.raw.aclrtMemsetAsync(x1.ptr, nbytes, 0x00, nbytes, stream.ptr), 0, clause="EWH-09",
                what="aclrtMemsetAsync(x1, 0x00) after the launch", acl=acl)
    stream.synchronize()
    want = np.int32(0x01010101) + np.arange(64, dtype=np.int32)
    assert_close(y.array(), want, clause="EWH-09", case="Add between two aclrtMemsetAsync on one stream")
    assert not x1.array().any(), "[EWH-09] the memset queued after the launch did not land after it"
    expect_undamaged(x1.damage() + x2.damage() + y.damage(), clause="EWH-09",
                     what="Add between two aclrtMemsetAsync on one stream")
