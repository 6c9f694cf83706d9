"""Unsupported combinations are refused cleanly (EWH-12), never computed into garbage.

What is unsupported: every combination the runtime's op information library does not declare
for its SoC (fixtures/declared.py) among those this project knows (each catalog op's documented
dtypes, the dtypes it documents as refused: OpInfo.rejects, bfloat16 on products without it:
products.md 2.2). Where the library declares nothing for an op, the documented ones alone. The
model build (atc), aclopLoad or aclopCreateHandle must fail with a documented code — no crash —
and the runtime must still run a valid case afterwards. A combination the catalog documents as
refused that the library declares must run and be correct instead (a finding names both sources);
where CANN's own sources disagree, either outcome is accepted and recorded.
"""
import re

import pytest

import reports
from fixtures import catalog, declared
from fixtures import session as run_session
from harness.errors import AclError
from harness.models import ModelBuildError

# ACL_ERROR_OP_NOT_FOUND, ACL_ERROR_OP_LOAD_FAILED, ACL_ERROR_UNSUPPORTED_DATA_TYPE (acl-abi.md)
REFUSAL_CODES = (100024, 100025, 100026)
# atc's per-op compile failure line (GE BuildSingleOpModels, cann-install.md section 4)
GE_RET = re.compile(r"Compile op failed\. ge ret = (\d+), op index = (\d+)")
GE_CODES = range(145000, 546000)    # GE's inner error codes (ACL_GET_ERRCODE_GE, acl-abi.md section 2)


def _build_refusal_codes(text: str) -> list[int]:
    """The ``ge ret`` codes of atc's compile failure lines in a ModelBuildError's report."""
    return [int(m.group(1)) for m in GE_RET.finditer(text)]


def _combos(product, support):
    """(op, dtype, why the documentation or the declaration says it is refused)."""
    out = []
    for op in catalog.CATALOG:
        for r in op.rejects:
            out.append((op, r.dtype, r.why))
        if "bfloat16" in op.dtypes and not product.bf16:
            out.append((op, "bfloat16", f"{product.id} has no bfloat16"))
        for dt in op.dtypes_for(product):
            verdict = support.verdict(_small_case(op, dt)) if support is not None else None
            if verdict is not None and verdict.status == declared.UNDECLARED:
                out.append((op, dt, verdict.detail))
    return out


def _small_case(op, dtype):
    """The op's first small sample for ``dtype`` (the op's samples set the dtypes that follow it,
    and keep those that do not: an int32 axis, a float32 BatchNorm scale)."""
    if op.name == "Cast":   # bf16 -> float32 and float32 -> bf16 are both bf16 combinations
        sample = catalog.Sample("to_float32_7", ((7,),), (("dst_type", 0),))
    else:
        sample = next(s for s in op.samples(dtype) if not s.large)
    return catalog.NumericCase(op, dtype, sample, "uniform")


def pytest_generate_tests(metafunc):
    if "combo" in metafunc.fixturenames:
        session = run_session.get(metafunc.config)
        combos = _combos(session.product, declared.for_session(session)) if session else []
        metafunc.parametrize("combo", combos, ids=[f"{op.name}-{dt}" for op, dt, _ in combos])


@pytest.mark.numeric
@pytest.mark.clause("EWH-12")
def test_unsupported_combination_is_refused(combo, launcher, stream, product, op_support):
    op, dtype, why = combo
    case = _small_case(op, dtype)
    verdict = op_support.verdict(case)
    if verdict.status == declared.DECLARED and not verdict.contested:
        declared.record_finding("declared, documented as refused", case, verdict, f"{why} ({catalog.FILE_OF[op.name]})")
        _runs_and_is_correct(case, launcher, stream, product)
        return
    x = case.flat_inputs()
    # the same op in a combination the runtime surely runs must build: the refusal below is about
    # the dtypes, not the op
    good = next((c for c in (_small_case(op, d) for d in op.dtypes_for(product) if d != dtype)
                 if op_support.surely_runs(op.name, *declared.combination(c), documented=True)), None)
    if good is not None:
        launcher.ops.handle(good.spec)
    try:
        launcher.prepare(case.spec, x, lambda: [], f"{case.id} ({why})")
    except (ModelBuildError, AclError) as exc:
        _check_refusal(case, why, product, exc)
        launcher.assert_still_usable(stream.ptr, after=f"refusing {case.id}", clause="EWH-12",
                                     saturation=product.saturation_mode)
        return
    if verdict.contested:
        reports.record_property(None, "contested_outcome", f"ran ({verdict.detail}; {verdict.contested} says otherwise)")
        _runs_and_is_correct(case, launcher, stream, product)
        return
    pytest.fail(f"[EWH-12] {case.spec.describe()} on {product.id} was not refused: {why}")


def _runs_and_is_correct(case, launcher, stream, product):
    p = launcher.prepare(case.spec, case.flat_inputs(), lambda: catalog.expected(case, product.saturation_mode),
                         case.id)
    catalog.judge(case, p.run(stream.ptr, clause="EWH-12"), product, policy=launcher.policy)


def _check_refusal(case, why, product, exc):
    """A refusal with a documented code: an ACL code of REFUSAL_CODES, or atc's compile failure
    line naming one (or one of GE's)."""
    if isinstance(exc, AclError):
        assert exc.code in REFUSAL_CODES, (
            f"[EWH-12] {case.spec.describe()} ({why}) on {product.id} refused with an undocumented code: {exc}")
        return
    codes = _build_refusal_codes(str(exc))    # atc refused it: a compile failure line, not any failure
    assert codes and all(c in REFUSAL_CODES or c in GE_CODES for c in codes), (
        f"[EWH-12] {case.spec.describe()} ({why}) on {product.id}: atc must refuse it with a compile "
        f"failure naming a documented code (ge ret in {REFUSAL_CODES} or GE's {GE_CODES.start}-"
        f"{GE_CODES.stop - 1}), got {codes or 'none'}:\n{exc}")
