"""Numerics (EWH-05, EWH-11 for ops with optional inputs): every catalog case (op x dtype x shape
x attr variant x value distribution, plus special values and rounding-mode probes) against the
float64 numpy reference, judged by the precision class of reference/standards.py
(``catalog.judge``: the same judgement ``python -m harness mutate`` measures).

Cases are generated from the catalog (fixtures/catalog/); ids read ``<Op>-<dtype>-<sample>-<distribution>``.
What a case must do follows what the runtime under test declares in its op information library
(fixtures/declared.py): a declared combination must compile, run and be correct; one the library
does not declare is skipped as not supported, with a finding when the catalog documents it
(suites/test_numerics_support.py checks the runtime refuses it); where the library declares
nothing for the op, the catalog's documented minimum applies. Where CANN's sources disagree about
a combination, a refusal is accepted too and recorded. Every launch goes through the launcher
(guard bands, inputs unchanged).

A case whose outputs all have 0 elements launches nothing (the runtime's all-outputs-empty short
cut returns first): it runs once per shape, with one distribution, in
``test_all_outputs_empty`` under EWH-07, and is not counted as a numeric pass.
"""
import numpy as np
import pytest

import reports
from fixtures import catalog, declared
from fixtures import session as run_session
from harness.abi import ERR
from harness.raw import pointer_array
from harness.resources import OpAttr

CASES = catalog.all_cases()


def _param(case):
    return pytest.param(case, id=case.id, marks=[pytest.mark.clause(case.clause)])


def pytest_generate_tests(metafunc):
    """The catalog's cases, and those of the dtypes the runtime declares beyond them
    (fixtures.declared.extra_cases: a declared combination must run and be correct)."""
    if metafunc.function not in (test_op, test_all_outputs_empty):
        return
    session = run_session.get(metafunc.config)
    cases = CASES + (declared.extra_cases(declared.for_session(session), session.product) if session else [])
    launches = metafunc.function is test_op
    metafunc.parametrize("case", [_param(c) for c in cases if c.launches == launches])


def _run(case, product, launcher, stream, op_support):
    """One guarded launch of the case on its own stream; the outputs after the synchronisation
    (a contested combination the runtime refuses skips as NotSupported, recorded)."""
    verdict = declared.skip_unless_runs(case, product, op_support)
    p = declared.prepare(launcher, case, verdict, lambda: catalog.expected(case, product.saturation_mode))
    return p.run(stream.ptr, clause=case.clause)


@pytest.mark.numeric
def test_op(case, launcher, stream, product, op_support):
    got = _run(case, product, launcher, stream, op_support)
    gave = [k for k, v in catalog.outcomes(case).items() if all(np.array_equal(g, o) for g, o in zip(got, v))]
    if catalog.outcomes(case):      # no source fixes the rule: record which candidate the runtime gave
        reports.record_property(None, "outcome", ",".join(gave) or "none of the candidates")
    catalog.judge(case, got, product, policy=launcher.policy)    # data movement: NaN payloads bit for bit too


def _inferred_shapes(acl, spec) -> list[list[int]]:
    """The output dims the runtime infers (aclopInferShape) from the input descs and attrs."""
    ins = [t.make_desc(acl) for t in spec.inputs]
    outs = [t.make_desc(acl) for t in spec.outputs]
    attr = OpAttr(acl, dict(spec.attrs)) if spec.attrs else None
    try:
        rc = acl.raw.aclopInferShape(spec.op.encode(), len(ins), pointer_array([d.ptr for d in ins]), None,
                                     len(outs), pointer_array([d.ptr for d in outs]), attr.ptr if attr else None)
        assert rc == ERR.ACL_SUCCESS, f"aclopInferShape({spec.describe()}) returned {rc}"
        return [d.dims() for d in outs]
    finally:
        for d in ins + outs:
            d.close()
        if attr:
            attr.close()


@pytest.mark.numeric
def test_all_outputs_empty(case, launcher, stream, product, op_support):
    """EWH-07 short cut: success, no byte written (the launcher checks the guard bands), and the
    outputs still have their 0-element shapes."""
    got = _run(case, product, launcher, stream, op_support)
    shapes = [tuple(np.shape(e)) for e in catalog.expected(case, product.saturation_mode)]   # the reference's
    inferred = _inferred_shapes(launcher.acl, case.spec)
    known = [tuple(d) for d in inferred if all(n >= 0 for n in d)]      # -1 / -2: value-dependent, not inferred
    assert known == [s for s, d in zip(shapes, inferred) if all(n >= 0 for n in d)], (
        f"[EWH-07] {case.id}: the runtime infers outputs {inferred}, the reference's shapes are {shapes}")
    assert [g.shape for g in got] == shapes and all(g.size == 0 for g in got), (
        f"[EWH-07] {case.id}: outputs {[g.shape for g in got]}, expected the reference's empty shapes {shapes}")
