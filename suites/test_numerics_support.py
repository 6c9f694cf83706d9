"""Unsupported combinations are refused cleanly (EWH-12), never computed into garbage.

For every catalog op: each dtype the op does not have (OpInfo.rejects) on every product, and
bfloat16 on products without it (products.md 2.2). The model build (atc), aclopLoad or
aclopCreateHandle must fail with a documented code — no crash — and the runtime must still run a
valid case afterwards.
"""
import re

import pytest

from fixtures import catalog
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


def _combos(product):
    out = []
    for op in catalog.CATALOG:
        for r in op.rejects:
            out.append((op, r.dtype, r.why))
        if "bfloat16" in op.dtypes and not product.bf16:
            out.append((op, "bfloat16", f"{product.id} has no bfloat16"))
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
        combos = _combos(session.product) if session else []
        metafunc.parametrize("combo", combos, ids=[f"{op.name}-{dt}" for op, dt, _ in combos])


@pytest.mark.numeric
@pytest.mark.clause("EWH-12")
def test_unsupported_combination_is_refused(combo, launcher, stream, product):
    op, dtype, why = combo
    case = _small_case(op, dtype)
    x = case.flat_inputs()
    # the same op in a dtype it has must build: the refusal below is about the dtype, not the op
    good = _small_case(op, next(d for d in op.dtypes_for(product) if d != dtype))
    launcher.ops.handle(good.spec)
    with pytest.raises((ModelBuildError, AclError)) as info:
        launcher.prepare(case.spec, x, lambda: [], f"{case.id} ({why})")
    if isinstance(info.value, AclError):
        assert info.value.code in REFUSAL_CODES, (
            f"[EWH-12] {case.spec.describe()} ({why}) on {product.id} refused with an undocumented "
            f"code: {info.value}")
    else:   # atc refused it: by a compile failure line with a documented code, not by any failure
        codes = _build_refusal_codes(str(info.value))
        assert codes and all(c in REFUSAL_CODES or c in GE_CODES for c in codes), (
            f"[EWH-12] {case.spec.describe()} ({why}) on {product.id}: atc must refuse it with a compile "
            f"failure naming a documented code (ge ret in {REFUSAL_CODES} or GE's {GE_CODES.start}-"
            f"{GE_CODES.stop - 1}), got {codes or 'none'}:\n{info.value}")
    launcher.assert_still_usable(stream.ptr, after=f"refusing {case.id}", clause="EWH-12",
                                 saturation=product.saturation_mode)
