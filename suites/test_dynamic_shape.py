"""Dynamic-shape operators cannot use a handle (EWH-08); aclopExecuteV2 runs them."""
import ctypes

import numpy as np
import pytest

from harness.abi import ERR
from harness.acl import TensorDesc
from harness.models import OpSpec, tensor
from harness.raw import pointer_array
from reference import ops as ref
from reference.compare import assert_close

RANGE = ((1, 32), (16, 16))


def _dynamic_add():
    t = tensor("float32", (-1, 16), shape_range=RANGE)
    return OpSpec.make("Add", [t, t], [t])


@pytest.mark.clause("EWH-08")
def test_handle_for_dynamic_descs_is_rejected(acl, models, record_property):
    spec = _dynamic_add()
    models.ensure(spec)
    descs = [t.make_desc(acl) for t in spec.inputs + spec.outputs]
    out = ctypes.c_void_p()
    try:
        code = acl.raw.aclopCreateHandle(b"Add", 2, pointer_array([d.ptr for d in descs[:2]]), 1,
                                         pointer_array([descs[2].ptr]), None, ctypes.byref(out))
    finally:
        for d in descs:
            d.close()
    record_property("observed_code", code)
    if code == 0:
        acl.raw.aclopDestroyHandle(out.value)
    accepted = (ERR.ACL_ERROR_OP_NOT_FOUND, ERR.ACL_ERROR_INVALID_PARAM)
    assert code in accepted, (f"[EWH-08] aclopCreateHandle with -1 dims must be rejected with 100024 "
                              f"or 100000 (JIT-dependent, acl-abi.md section 3), got {code}: "
                              f"{acl.recent_error_message()!r}")
    acl.recent_error_message()


@pytest.mark.clause("EWH-08")
def test_execute_v2_runs_the_dynamic_op_and_writes_the_real_shape_back(acl, models, scope, stream):
    spec = _dynamic_add()
    models.ensure(spec)
    rows = 5
    rng = np.random.default_rng(1)
    x1 = rng.standard_normal((rows, 16)).astype(np.float32)
    x2 = rng.standard_normal((rows, 16)).astype(np.float32)
    from fixtures.tensors import DeviceTensor
    t1, t2 = DeviceTensor.from_array(acl, scope, x1), DeviceTensor.from_array(acl, scope, x2)
    out = DeviceTensor.empty(acl, scope, np.float32, (32, 16))        # room for the largest shape
    in_descs = [scope.add(TensorDesc(acl, "float32", (rows, 16))) for _ in range(2)]
    out_desc = scope.add(TensorDesc(acl, "float32", (-1, 16)))
    out_desc.set_shape_range(RANGE)
    code = acl.raw.aclopExecuteV2(b"Add", 2, pointer_array([d.ptr for d in in_descs]),
                                  pointer_array([t1.buffer.ptr, t2.buffer.ptr]), 1,
                                  pointer_array([out_desc.ptr]), pointer_array([out.buffer.ptr]),
                                  None, stream.ptr)
    assert code == 0, f"[EWH-08] aclopExecuteV2 on the dynamic Add returned {code}: {acl.recent_error_message()!r}"
    stream.synchronize()
    assert out_desc.dims() == [rows, 16], (
        f"[EWH-08] aclopExecuteV2 must write the real output shape back: got {out_desc.dims()}")
    got = np.frombuffer(out.read()[: rows * 16 * 4], dtype=np.float32).reshape(rows, 16)
    assert_close(got, ref.add(x1, x2, np.float32), clause="EWH-08", case="dynamic Add via aclopExecuteV2")
