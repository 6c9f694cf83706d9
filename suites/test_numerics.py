"""Numerics (EWH-05, EWH-11 for ops with optional inputs): every catalog case (op x dtype x shape
x attr variant x value distribution, plus special values) against the float64 numpy reference,
judged by the precision standard of reference/standards.py.

Cases are generated from fixtures/catalog.py; ids read ``<Op>-<dtype>-<sample>-<distribution>``.
Combinations this product does not support are skipped ("not supported: ..."), never passed;
suites/test_numerics_support.py checks that the runtime refuses them. Every launch goes through
the launcher (guard bands, inputs unchanged).
"""
import pytest

from fixtures import catalog
from reference.compare import assert_close

CASES = catalog.all_cases()


def _param(case):
    return pytest.param(case, id=case.id, marks=[pytest.mark.clause(case.clause)])


@pytest.mark.numeric
@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_op(case, product, launcher, stream, numeric_models):
    reason = case.op.unsupported_reason(case.all_dtypes(), product)
    if reason:
        pytest.skip(reason)
    sat = product.saturation_mode
    p = launcher.prepare(case.spec, case.flat_inputs(), lambda: catalog.expected(case, sat), case.id)
    got = p.run(stream.ptr, clause=case.clause)
    for i, (g, e, std, scale) in enumerate(zip(got, p.reference(), case.standard(product.id),
                                              catalog.scales(case))):
        assert_close(g, e, clause=case.clause, standard=std, scale=scale,
                     case=f"{case.id}: {case.op.name} output {case.op.outputs[i]} {e.dtype}{list(e.shape)} "
                          f"on {product.id} (inputs {case.spec.describe()})")
