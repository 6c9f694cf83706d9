"""Unused optional inputs: UNDEFINED desc at create, aclCreateDataBuffer(NULL, 0) at launch (EWH-11).

For every op with optional inputs, every subset of them absent gives the reference computed
without them; the null buffer still counts in numInputs; dropping the slot instead is a count
mismatch; a null buffer in a required slot is an error, not a crash (contract table,
``inputs[0]=null-buffer-in-required-slot``).
"""
import pytest

import reports
from fixtures import declared
from fixtures.checks import assert_close, expect_code
from fixtures.contract.cases import matmul_case
from fixtures.tensors import DeviceTensor
from harness.abi import ERR
from harness.errors import AclError
from harness.models import ModelBuildError

# (dtype, bias present) for MatMulV2's optional slots bias and offset_w. offset_w stays absent:
# it is meaningful only for int8 quantised matmul and its semantics are unverified (FIDELITY.md).
SUBSETS = [(dt, bias) for dt in ("float32", "float16", "bfloat16") for bias in (False, True)]


def _assert_null_buffers_counted(p, stream):
    """EWH-11: the slot of an absent optional input still counts in numInputs, so the runtime
    must refuse the same launch with the null buffers left out (EWH-02's count mismatch)."""
    present = [b.ptr for b, t in zip(p.in_buffers, p.inputs) if t is not None]
    assert len(present) < len(p.in_buffers), f"{p.case}: no absent optional input"
    code = p.launch_raw(num_inputs=len(present), inputs=present, stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-11", stream=stream.ptr,
                      what=f"numInputs={len(present)} (the null buffers of the absent optional inputs left out) "
                           f"for a handle of {len(p.in_buffers)} inputs")


def _skip_unsupported(product, dtype):
    if dtype == "bfloat16" and not product.bf16:
        pytest.skip(f"not supported: {product.id} has no bfloat16")


@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("dtype,bias", SUBSETS,
                         ids=[f"{dt}-bias-{'present' if b else 'absent'}-offset_w-absent" for dt, b in SUBSETS])
def test_matmul_with_absent_optional_inputs(launcher, product, stream, dtype, bias, numeric_policy, op_support):
    _skip_unsupported(product, dtype)
    case = matmul_case(dtype, 4, 8, 3, bias=bias, saturation=product.saturation_mode)
    verdict = op_support.verdict_of("MatMulV2", (dtype, dtype, dtype if bias else None, None), (dtype,))
    if verdict.status == declared.UNDECLARED and not verdict.contested:
        pytest.skip(verdict.skip_reason)
    try:
        p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    except (ModelBuildError, AclError) as exc:
        if not verdict.contested:
            raise
        reports.record_property(None, "contested_outcome", f"refused ({verdict.detail}; {verdict.contested} says "
                                                           f"otherwise): {str(exc).splitlines()[0]}")
        return
    _assert_null_buffers_counted(p, stream)
    (got,) = p.run(stream.ptr, clause="EWH-11")
    assert_close(got, case.reference()[0], clause="EWH-11", case=case.id, policy=numeric_policy)


@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("transpose", [(False, False), (True, True)], ids=["plain", "both-transposed"])
def test_absent_bias_with_transposes(launcher, product, stream, transpose, numeric_policy):
    case = matmul_case("float32", 5, 7, 3, transpose_x1=transpose[0], transpose_x2=transpose[1],
                       saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(stream.ptr, clause="EWH-11")
    assert_close(got, case.reference()[0], clause="EWH-11", case=f"{case.id} {transpose}", policy=numeric_policy)


@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("dropped", [2, 3], ids=["bias-slot-dropped", "offset_w-slot-dropped"])
def test_dropping_the_optional_slot_is_a_count_mismatch(launcher, product, stream, dropped):
    case = matmul_case("float32", 4, 8, 3, saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    ins = [b.ptr for i, b in enumerate(p.in_buffers) if i != dropped]
    code = p.launch_raw(num_inputs=3, inputs=ins, stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-11", stream=stream.ptr,
                      what=f"numInputs=3 (slot {dropped} dropped instead of a null buffer)")


@pytest.mark.clause("EWH-11")
def test_data_in_an_absent_slot_is_ignored(launcher, product, stream, acl, scope, numeric_policy):
    """The slot's desc says absent: whatever buffer is passed there, the op runs without it."""
    import numpy as np
    case = matmul_case("float32", 4, 8, 3, saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    decoy = DeviceTensor.from_array(acl, scope, np.full(3, 1000.0, np.float32))
    ins = [b.ptr for b in p.in_buffers]
    ins[2] = decoy.buffer.ptr
    code = p.launch_raw(inputs=ins, stream=stream.ptr)
    expect_code(code, 0, clause="EWH-11", what=f"{case.id} with data in the absent bias slot", acl=acl)
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-11",
                 case=f"{case.id}: data passed in the absent bias slot must be ignored", policy=numeric_policy)
    assert decoy.unchanged(), "[EWH-11] the buffer passed in the absent bias slot was written"


@pytest.mark.clause("EWH-11")
def test_null_buffer_needs_no_data_freed(acl):
    from harness.acl import DataBuffer
    buf = DataBuffer.null(acl)
    addr, size = acl.raw.aclGetDataBufferAddr(buf.ptr), acl.raw.aclGetDataBufferSizeV2(buf.ptr)
    assert addr is None, f"[EWH-11] aclCreateDataBuffer(NULL, 0): aclGetDataBufferAddr must be NULL, got {addr:#x}"
    assert size == 0, f"[EWH-11] aclCreateDataBuffer(NULL, 0): aclGetDataBufferSizeV2 must be 0, got {size}"
    buf.close()        # aclDestroyDataBuffer must succeed with no data to free


@pytest.mark.clause("EWH-11")
def test_one_null_buffer_may_serve_both_optional_slots(launcher, product, stream, acl, scope, numeric_policy):
    from harness.acl import DataBuffer
    case = matmul_case("float32", 4, 8, 3, saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    shared = scope.add(DataBuffer.null(acl))
    ins = [b.ptr for b in p.in_buffers[:2]] + [shared.ptr, shared.ptr]
    expect_code(p.launch_raw(inputs=ins, stream=stream.ptr), 0, clause="EWH-11",
                what=f"{case.id} with one null buffer in both optional slots", acl=acl)
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-11", case="one null buffer in both slots", policy=numeric_policy)
