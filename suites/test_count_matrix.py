"""numInputs x numOutputs, both wrong at once (EWH-02, EWH-04).

Single wrong counts are in the contract table (test_contract_exec.py); this is the combined
matrix. The expected codes are the order model's (fixtures/contract/order.py: GE's check order,
or counts compared before the arrays' elements are scanned); the observed code is recorded.
"""
import pytest

import reports
from fixtures.contract.cases import CONTRACT_CASES
from fixtures.contract.order import IN_KINDS, OUT_KINDS, array, count, expected_codes

CASES = ("Add-float16", "MatMulV2-float32", "AddN-float32")


@pytest.mark.clause("EWH-02")
@pytest.mark.clause("EWH-04")
@pytest.mark.parametrize("case_id", CASES)
@pytest.mark.parametrize("out_kind", OUT_KINDS, ids=lambda k: f"numOutputs={k}")
@pytest.mark.parametrize("in_kind", IN_KINDS, ids=lambda k: f"numInputs={k}")
def test_both_counts_wrong(launcher, product, stream, in_kind, out_kind, case_id):
    case = CONTRACT_CASES[case_id](product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    ins, outs = [b.ptr for b in p.in_buffers], [b.ptr for b in p.out_buffers]
    code = p.launch_raw(num_inputs=count(in_kind, len(ins)), inputs=array(in_kind, ins),
                        num_outputs=count(out_kind, len(outs)), outputs=array(out_kind, outs),
                        stream=stream.ptr)
    reports.record_property(None, "observed_code", code)
    p.assert_rejected(code, sorted(expected_codes(in_kind, out_kind)), clause="EWH-02", stream=stream.ptr,
                      what=f"numInputs={in_kind}, numOutputs={out_kind}")

