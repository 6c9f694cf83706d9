"""Asynchronous semantics (EWH-09): success means delivered; results are valid after a sync."""
import numpy as np
import pytest

from fixtures.cases import add_case
from fixtures.tensors import DeviceTensor
from harness.abi import ERR
from reference.compare import assert_close


@pytest.mark.clause("EWH-09")
def test_chain_of_dependent_launches_then_one_sync(acl, ops, scope, stream):
    """x_{i+1} = x_i + ones, K times on one stream with no intermediate sync: in-order execution."""
    k, shape = 16, (64,)
    case = add_case("int32", shape)
    handle = ops.handle(case.spec)
    start = np.arange(64, dtype=np.int32)
    ones = DeviceTensor.from_array(acl, scope, np.ones(shape, np.int32))
    chain = [DeviceTensor.from_array(acl, scope, start)]
    chain += [DeviceTensor.empty(acl, scope, np.int32, shape) for _ in range(k)]
    for i in range(k):
        handle.launch([chain[i].buffer, ones.buffer], [chain[i + 1].buffer], stream.ptr)
    stream.synchronize()
    assert_close(chain[-1].array(), start + k, clause="EWH-09",
                 case=f"{k} dependent Add launches on one stream, one sync")


@pytest.mark.clause("EWH-09")
def test_sync_timeout_below_minus_one_is_rejected(acl, stream):
    code = acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, -2)
    assert code == ERR.ACL_ERROR_RT_PARAM_INVALID, (
        f"[EWH-09] timeout -2 must return 107000 ACL_ERROR_RT_PARAM_INVALID, got {code}")
    acl.recent_error_message()


@pytest.mark.clause("EWH-09")
def test_sync_timeout_expires_on_a_busy_stream_then_full_sync_succeeds(acl, launcher, stream):
    case = add_case("float32", (256, 256))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    paused = acl.raw.has("aclsimStreamPause")
    if paused:          # deterministic: the simulator holds the queue
        acl.call("aclsimStreamPause", stream.ptr, 1)
    try:
        for _ in range(200 if not paused else 3):
            p.handle.launch(p.in_buffers, p.out_buffers, stream.ptr)
        code = acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, 1)
    finally:
        if paused:
            acl.call("aclsimStreamPause", stream.ptr, 0)
    assert code == ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, (
        f"[EWH-09] sync with a 1 ms timeout on a busy stream must return 507046, got {code}")
    acl.recent_error_message()
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09",
                 case="results after the full sync that follows a timed-out one")
