"""Unused optional inputs are passed as aclCreateDataBuffer(NULL, 0) (EWH-11)."""
import pytest

from fixtures.cases import matmul_case
from harness.abi import ERR
from reference.compare import assert_close


@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("bias", [False, True], ids=["bias-absent", "bias-present"])
def test_matmul_with_absent_optional_inputs(launcher, product, stream, bias):
    case = matmul_case("float32", 4, 8, 3, bias=bias, saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    assert len(p.in_buffers) == 4, "the null buffers still count in numInputs"
    (got,) = p.run(stream.ptr, clause="EWH-11")
    assert_close(got, case.reference()[0], clause="EWH-11", case=case.id)


@pytest.mark.clause("EWH-11")
def test_dropping_the_optional_slot_is_a_count_mismatch(launcher, product, stream):
    case = matmul_case("float32", 4, 8, 3, saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    ins = [b.ptr for b in p.in_buffers[:3]]
    code = p.launch_raw(num_inputs=3, inputs=ins, stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-11", stream=stream.ptr,
                      what="numInputs=3 (offset_w slot dropped instead of a null buffer)")


@pytest.mark.clause("EWH-11")
def test_null_buffer_needs_no_data_freed(acl):
    from harness.acl import DataBuffer
    buf = DataBuffer.null(acl)
    assert acl.raw.aclGetDataBufferAddr(buf.ptr) is None
    assert acl.raw.aclGetDataBufferSizeV2(buf.ptr) == 0
    buf.close()        # aclDestroyDataBuffer must succeed with no data to free
