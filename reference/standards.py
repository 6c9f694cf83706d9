"""Precision standards as data: which criterion judges which (op, dtype, product), and where every
number comes from.

Three classes (fixtures/catalog.py gives each op one):

- ``bitwise``: data movement and Cast. Output bits must equal the reference's (any NaN equals any
  NaN). Source: CANN commercial standard, non-compute ops are "bitwise equal to the golden"
  (products.md 3.2).
- ``exact``: integer arithmetic, and float ops whose result is one of the inputs or its negation
  (Abs, Neg, Relu, Maximum, Minimum, ReduceMaxD): values must be equal (NaN == NaN, -0 == +0).
  Source: products.md 3.2 "Integer-compute ops: bitwise equal, or absolute error 0"; for the float
  selection ops no rounding happens, so any difference is a wrong element, not an error.
- ``float``: everything that rounds. Two rules, both must pass:
  1. the CANN ecosystem standard, single golden: MERE < T and MARE < 10 T, relative error
     |actual - golden| / (|golden| + 1e-7) (products.md 3.1, CANNBOT OPS_PRECISION_STANDARDS.md);
  2. the error-ratio rule of msprobe's API pre-check: at most ``ratio`` of the elements may have a
     relative error above ``ratio`` (products.md 3.4): 双千 (0.1%) for float16, 双万 (0.01%) for
     float32, and 双百 (1%) for bfloat16 — 3.4's legacy chain requires fp16/bf16 to pass 双百 and
     calls a failed 双千 only a warning; bfloat16's own rounding error reaches 2^-9 ≈ 0.2% of the
     value, so 双千 would fail a correctly rounded bf16 result.
  3. the small-value region of the CANN commercial standard (products.md 3.2): elements whose
     golden is below a threshold (fp16 2^-11, bf16 2^-8, fp32 2^-14) are judged by absolute error
     (fp16 2^-16, bf16 2^-16, fp32 2^-30) instead of relative error, and at most 2 of them may
     exceed it (3.2: ErrorCount_npu / max(ErrorCount_3rd, 1) <= 2, with no third-party chip the
     denominator is 1). Without it, a one-ulp rounding difference of an fp32-computed result in the
     float16 subnormal range (e.g. softmax outputs near 2e-6, spacing 6e-8) is a 2.5% relative error.
  NaN and Inf positions (and Inf signs) must match exactly (products.md 3.2: with Inf/NaN mode on,
  inf/nan must match the golden; on saturation products the reference already maps them the way
  the product stores them, products.md 2.2).

Overrides (``OVERRIDES``) change one field for an (op, dtype, product) pattern and must say why.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, replace

# products.md 3.1 (CANNBOT OPS_PRECISION_STANDARDS.md): T per dtype.
ECOSYSTEM_T = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -13}
ECOSYSTEM_SOURCE = "CANN ecosystem standard, MERE < T, MARE < 10T (products.md 3.1)"

# products.md 3.4 (MSTT 07.accuracy_checker_PyTorch.md): 双千 / 双万 / 双百.
ERROR_RATIO = {"float16": 1e-3, "float32": 1e-4, "bfloat16": 1e-2}
ERROR_RATIO_SOURCE = {
    "float16": "msprobe double-thousandth (双千): <= 0.1% of elements beyond 0.1% rel. error (products.md 3.4)",
    "float32": "msprobe double-ten-thousandth (双万): <= 0.01% of elements beyond 0.01% rel. error (products.md 3.4)",
    "bfloat16": "msprobe double-hundredth (双百), the pass level 3.4 requires for bf16: <= 1% of "
                "elements beyond 1% rel. error (products.md 3.4)",
}
# products.md 3.2 (CANNBOT COMMERCIAL_OPS_PRECISION_DOCS.md): small-value region (threshold, err).
SMALL_VALUE = {"float16": (2.0 ** -11, 2.0 ** -16), "bfloat16": (2.0 ** -8, 2.0 ** -16),
               "float32": (2.0 ** -14, 2.0 ** -30)}
SMALL_VALUE_MAX_ERRORS = 2
SMALL_VALUE_SOURCE = ("commercial standard small-value region: |golden| < threshold judged by "
                      "|diff| <= err, at most 2 such errors (products.md 3.2)")
BITWISE_SOURCE = "bitwise equal to the golden for non-compute ops (products.md 3.2)"
EXACT_SOURCE = "integer / selection ops: absolute error 0 (products.md 3.2)"

# Relative error denominator floor (products.md 3.1: |golden| + 1e-7).
REL_EPS = 1e-7


@dataclass(frozen=True)
class Standard:
    """One precision criterion with the source of every number in it."""
    kind: str                            # "bitwise" | "exact" | "float"
    dtype: str
    mere: float | None = None            # MERE must be < this
    mare: float | None = None            # MARE must be < this
    ratio_rel: float | None = None       # an element is "in error" above this relative error
    ratio_max: float | None = None       # ... and at most this fraction may be
    source: str = ""
    ratio_source: str = ""
    # "golden": rel. error against |golden|; "magnitude": against max(|golden|, Σ|terms|) — see
    # ACCUMULATION_NOTE; set per op by the catalog, never silently.
    small_value: tuple[float, float] | None = None   # (threshold, err), SMALL_VALUE
    small_value_max_errors: int = SMALL_VALUE_MAX_ERRORS
    relative_to: str = "golden"
    overrides: tuple[str, ...] = ()      # justification of each override applied

    @property
    def name(self) -> str:
        if self.kind != "float":
            return self.kind
        return f"float({self.dtype}, T={self.mere:.3g}, ratio={self.ratio_max:g})"


ACCUMULATION_NOTE = (
    "accumulating ops (sums, dot products, normalisation): the forward error of ANY summation "
    "order is bounded by n*u*Σ|x_i|, not by |Σx_i| (Higham, Accuracy and Stability of Numerical "
    "Algorithms, 2nd ed., §4.2 eq. 4.4 and §3.1 for dot products); where the terms cancel, the "
    "relative error against |golden| is unbounded for every correct fp32 kernel, so the relative "
    "error is taken against max(|golden|, Σ|terms|) (the float64 reference of the same op on |x|)")


def base_standard(kind: str, dtype: str) -> Standard:
    if kind == "bitwise" or (kind == "float" and dtype not in ECOSYSTEM_T):
        return Standard("bitwise" if kind == "bitwise" else "exact", dtype,
                        source=BITWISE_SOURCE if kind == "bitwise" else EXACT_SOURCE)
    if kind == "exact":
        return Standard("exact", dtype, source=EXACT_SOURCE)
    t = ECOSYSTEM_T[dtype]
    return Standard("float", dtype, mere=t, mare=10 * t, ratio_rel=ERROR_RATIO[dtype],
                    ratio_max=ERROR_RATIO[dtype], source=ECOSYSTEM_SOURCE,
                    ratio_source=ERROR_RATIO_SOURCE[dtype], small_value=SMALL_VALUE[dtype])


@dataclass(frozen=True)
class Override:
    """Change fields of the standard for ops/dtypes/products matching these glob patterns."""
    op: str
    dtype: str
    product: str
    changes: tuple[tuple[str, object], ...]
    justification: str


# Only for a real kernel that needs it, each with its reason. None is needed on the simulator:
# its kernels round once from float32 (see the FINAL report of issue 4). Example of the form:
#   Override("Exp|Log|Sigmoid|Tanh", "float16", "*", (("mare", 2 ** -10 * 20),),
#            "device's fp16 transcendental units ... (measured on <SoC>, <date>, case ids ...)")
OVERRIDES: tuple[Override, ...] = ()


def _match(pattern: str, value: str) -> bool:
    return any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def standard_for(kind: str, dtype: str, *, op: str = "*", product: str = "*",
                 relative_to: str = "golden") -> Standard:
    """The standard judging ``op`` in ``dtype`` on ``product``, overrides applied."""
    std = base_standard(kind, dtype)
    if std.kind == "float" and relative_to != "golden":
        std = replace(std, relative_to=relative_to, overrides=(ACCUMULATION_NOTE,))
    for o in OVERRIDES:
        if _match(o.op, op) and _match(o.dtype, dtype) and _match(o.product, product):
            std = replace(std, **dict(o.changes), overrides=std.overrides + (o.justification,))
    return std
