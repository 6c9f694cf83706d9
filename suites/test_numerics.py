"""Numerics (EWH-05, EWH-11 for ops with optional inputs): every catalog case (op x dtype x shape
x attr variant x value distribution, plus special values and rounding-mode probes) against the
float64 numpy reference, judged by the precision class of reference/standards.py
(``catalog.judge``: the same judgement ``python -m harness mutate`` measures).

Cases are generated from the catalog (fixtures/catalog/); ids read ``<Op>-<dtype>-<sample>-<distribution>``.
Combinations this product does not support are skipped ("not supported: ..."), never passed;
suites/test_numerics_support.py checks that the runtime refuses them. Every launch goes through
the launcher (guard bands, inputs unchanged).

A case whose outputs all have 0 elements launches nothing (the runtime's all-outputs-empty short
cut returns first): it runs once per shape, with one distribution, in
``test_all_outputs_empty`` under EWH-07, and is not counted as a numeric pass.
"""
import pytest

from fixtures import catalog

CASES = catalog.all_cases()


def _param(case):
    return pytest.param(case, id=case.id, marks=[pytest.mark.clause(case.clause)])


def _run(case, product, launcher, stream):
    reason = case.op.unsupported_reason(case.all_dtypes(), product)
    if reason:
        pytest.skip(reason)
    sat = product.saturation_mode
    p = launcher.prepare(case.spec, case.flat_inputs(), lambda: catalog.expected(case, sat), case.id)
    return p.run(stream.ptr, clause=case.clause)


@pytest.mark.numeric
@pytest.mark.parametrize("case", [_param(c) for c in CASES if c.launches])
def test_op(case, product, launcher, stream, numeric_models):
    got = _run(case, product, launcher, stream)
    catalog.judge(case, got, product)


@pytest.mark.numeric
@pytest.mark.parametrize("case", [_param(c) for c in CASES if not c.launches])
def test_all_outputs_empty(case, product, launcher, stream, numeric_models):
    """EWH-07 short cut: success, no byte written (the launcher checks the guard bands), and the
    outputs still have their 0-element shapes."""
    got = _run(case, product, launcher, stream)
    shapes = [tuple(s) for s in case.op.out_shapes(case.sample)]
    assert [g.shape for g in got] == shapes and all(g.size == 0 for g in got), (
        f"[EWH-07] {case.id}: outputs {[g.shape for g in got]}, expected the empty shapes {shapes}")
