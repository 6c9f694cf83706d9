"""numInputs / numOutputs must equal the handle's counts (EWH-02, EWH-04)."""
import pytest

from fixtures.cases import add_case
from harness.abi import ERR


@pytest.fixture
def prepared(launcher, product):
    case = add_case("float32", (4,), saturation=product.saturation_mode)
    return launcher.prepare(case.spec, case.inputs, case.reference, case.id)


@pytest.mark.clause("EWH-02")
@pytest.mark.parametrize("num_inputs", [0, 1, 3], ids=lambda n: f"numInputs={n}")
def test_input_count_mismatch(prepared, stream, num_inputs):
    ins = [b.ptr for b in prepared.in_buffers]
    ins = (ins + ins)[:num_inputs]       # array consistent with the count, not with the handle
    code = prepared.launch_raw(num_inputs=num_inputs, inputs=ins, stream=stream.ptr)
    prepared.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-02",
                             stream=stream.ptr, what=f"numInputs={num_inputs}")


@pytest.mark.clause("EWH-02")
def test_negative_input_count(prepared, stream):
    code = prepared.launch_raw(num_inputs=-1, stream=stream.ptr)
    prepared.assert_rejected(code, [ERR.ACL_ERROR_INVALID_PARAM], clause="EWH-02",
                             stream=stream.ptr, what="numInputs=-1")


@pytest.mark.clause("EWH-04")
@pytest.mark.parametrize("num_outputs", [0, 2], ids=lambda n: f"numOutputs={n}")
def test_output_count_mismatch(prepared, stream, num_outputs):
    outs = [prepared.out_buffers[0].ptr] * num_outputs
    code = prepared.launch_raw(num_outputs=num_outputs, outputs=outs, stream=stream.ptr)
    prepared.assert_rejected(code, [ERR.ACL_ERROR_OP_OUTPUT_NOT_MATCH], clause="EWH-04",
                             stream=stream.ptr, what=f"numOutputs={num_outputs}")


@pytest.mark.clause("EWH-04")
def test_negative_output_count(prepared, stream):
    code = prepared.launch_raw(num_outputs=-1, stream=stream.ptr)
    prepared.assert_rejected(code, [ERR.ACL_ERROR_INVALID_PARAM], clause="EWH-04",
                             stream=stream.ptr, what="numOutputs=-1")
