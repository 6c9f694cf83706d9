"""numInputs x numOutputs, both wrong at once (EWH-02, EWH-04).

Single wrong counts are in the contract table (test_contract_exec.py); this is the combined
matrix. Expected codes follow GE's check order (acl-abi.md section 3): negative counts, then the
input array's elements, then the output array's, then the input count, then the output count.
Arrays for INT32_MAX end with a NULL sentinel, so GE's element scan stops there (100000); a
runtime that compares counts before scanning would return the mismatch code, which is also
accepted and recorded.
"""
import pytest

import reports
from fixtures.cases import CONTRACT_CASES
from fixtures.contract import IN_MISMATCH, INT32_MAX, INVALID

IN_KINDS = ("0", "n-1", "n+1", "-1", "INT32_MAX")
OUT_KINDS = ("0", "n+1", "-1", "INT32_MAX")
CASES = ("Add-float16", "MatMulV2-float32", "AddN-float32")


def _count(kind: str, n: int) -> int:
    return {"0": 0, "n-1": n - 1, "n+1": n + 1, "-1": -1, "INT32_MAX": INT32_MAX}[kind]


def _array(kind: str, bufs: list) -> list:
    return {"0": [], "n-1": bufs[:-1], "n+1": bufs + bufs[:1], "-1": bufs, "INT32_MAX": bufs + [None]}[kind]


def expected_codes(in_kind: str, out_kind: str) -> set[int]:
    """Codes a conforming runtime may return: GE's order, or counts compared before scanning."""
    if "-1" in (in_kind, out_kind):
        return {INVALID}
    ge = INVALID if "INT32_MAX" in (in_kind, out_kind) else IN_MISMATCH
    counts_first = IN_MISMATCH        # the input count is wrong in every row of this matrix
    return {ge, counts_first}


@pytest.mark.clause("EWH-02")
@pytest.mark.clause("EWH-04")
@pytest.mark.parametrize("case_id", CASES)
@pytest.mark.parametrize("out_kind", OUT_KINDS, ids=lambda k: f"numOutputs={k}")
@pytest.mark.parametrize("in_kind", IN_KINDS, ids=lambda k: f"numInputs={k}")
def test_both_counts_wrong(launcher, product, stream, in_kind, out_kind, case_id):
    case = CONTRACT_CASES[case_id](product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    ins, outs = [b.ptr for b in p.in_buffers], [b.ptr for b in p.out_buffers]
    code = p.launch_raw(num_inputs=_count(in_kind, len(ins)), inputs=_array(in_kind, ins),
                        num_outputs=_count(out_kind, len(outs)), outputs=_array(out_kind, outs),
                        stream=stream.ptr)
    reports.record_property(None, "observed_code", code)
    p.assert_rejected(code, sorted(expected_codes(in_kind, out_kind)), clause="EWH-02", stream=stream.ptr,
                      what=f"numInputs={in_kind}, numOutputs={out_kind}")

