"""Argument validation of aclopExecWithHandle (EWH-01, EWH-03, EWH-05, EWH-07).

A linear list of invalid calls, OpenCL-CTS style: each names its expected code and clause, and
every one also proves that nothing else changed (outputs, guards, inputs, the stream).
"""
import pytest

from fixtures.cases import add_case
from harness.abi import ERR

INVALID = ERR.ACL_ERROR_INVALID_PARAM


@pytest.fixture
def prepared(launcher, product):
    case = add_case("float16", (2, 3), saturation=product.saturation_mode)
    return launcher.prepare(case.spec, case.inputs, case.reference, case.id)


@pytest.mark.clause("EWH-01")
def test_null_handle_is_rejected(prepared, stream):
    code = prepared.launch_raw(handle=None, stream=stream.ptr)
    prepared.assert_rejected(code, [INVALID], clause="EWH-01", stream=stream.ptr, what="handle=NULL")


@pytest.mark.clause("EWH-03")
def test_null_inputs_array_is_rejected(prepared, stream):
    code = prepared.launch_raw(inputs=None, stream=stream.ptr)
    prepared.assert_rejected(code, [INVALID], clause="EWH-03", stream=stream.ptr, what="inputs=NULL")


@pytest.mark.clause("EWH-03")
@pytest.mark.parametrize("position", [0, 1])
def test_null_input_element_is_rejected(prepared, stream, position):
    ins = [b.ptr for b in prepared.in_buffers]
    ins[position] = None
    code = prepared.launch_raw(inputs=ins, stream=stream.ptr)
    prepared.assert_rejected(code, [INVALID], clause="EWH-03", stream=stream.ptr,
                             what=f"inputs[{position}]=NULL")


@pytest.mark.clause("EWH-05")
def test_null_outputs_array_is_rejected(prepared, stream):
    code = prepared.launch_raw(outputs=None, stream=stream.ptr)
    prepared.assert_rejected(code, [INVALID], clause="EWH-05", stream=stream.ptr, what="outputs=NULL")


@pytest.mark.clause("EWH-05")
def test_output_buffer_smaller_than_tensor_is_rejected(launcher, product, stream, scope, acl):
    from harness.acl import DataBuffer
    case = add_case("float32", (8, 8), saturation=product.saturation_mode)     # 256-byte output
    prepared = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    out = prepared.outputs[0]
    # GE rounds the buffer length to (len + 63) / 32 * 32 before comparing (acl-abi.md section 3):
    # a buffer 64 bytes short is short after rounding too.
    short = scope.add(DataBuffer(acl, out.ptr, out.nbytes - 64))
    code = prepared.launch_raw(outputs=[short.ptr], stream=stream.ptr)
    prepared.assert_rejected(code, [ERR.ACL_ERROR_GE_PARAM_INVALID], clause="EWH-05",
                             stream=stream.ptr, what="output buffer 64 bytes too small")


@pytest.mark.clause("EWH-05")
def test_results_land_only_inside_the_outputs(prepared, stream):
    from reference.compare import assert_close
    (got,) = prepared.run(stream.ptr, clause="EWH-05")
    assert_close(got, prepared.reference()[0], clause="EWH-05", case=prepared.case)


@pytest.mark.clause("EWH-07")
def test_all_outputs_of_length_zero_return_success_and_launch_nothing(prepared, stream, scope, acl):
    from harness.acl import DataBuffer
    empty = scope.add(DataBuffer(acl, prepared.outputs[0].ptr, 0))
    code = prepared.launch_raw(outputs=[empty.ptr], stream=stream.ptr)
    assert code == 0, f"[EWH-07] all outputs of length 0 must return 0 (runtime source), got {code}"
    stream.synchronize()
    assert prepared.outputs[0].unchanged(), "[EWH-07] nothing may be launched when all outputs are empty"
    assert not prepared.damage()


@pytest.mark.clause("EWH-07")
def test_failure_leaves_a_recent_error_message(prepared, stream, acl):
    code = prepared.launch_raw(handle=None, stream=stream.ptr)
    assert code == INVALID
    msg = acl.recent_error_message()
    assert msg, "[EWH-07] a rejected call must leave an aclGetRecentErrMsg() text"
    assert acl.recent_error_message() == "", "aclGetRecentErrMsg() clears the message once read"
