"""Precision standards as data: which criterion judges which (op, dtype, product), and where every
number comes from.

Five classes (the catalog, fixtures/catalog/, gives each op one in ``OpInfo.tolerance``):

- ``bitwise``: data movement, Cast, and the float ops that are ONE correctly rounded operation on
  exact inputs (Add, Sub, Mul, Neg, Abs, Relu). Output bits must equal the reference's, the sign
  of zero included; any NaN equals any NaN. Source: CANN commercial standard, non-compute ops are
  "bitwise equal to the golden" (products.md 3.2); for +, -, x the IEEE 754 result is defined
  bit for bit (round to nearest even), and computing it in float32 and rounding again to
  float16/bfloat16 is still correctly rounded (24 >= 2p + 2: Figueroa, "When is double rounding
  innocuous?", SIGNUM 1995), so any other bit pattern is a wrong rounding, not an error.
- ``exact``: integer arithmetic, and float selections whose zero sign is not defined by any
  source (Maximum, Minimum, ReduceMaxD: max(-0, +0) is either zero under IEEE 754-2008 maxNum, and
  no Ascend document says which): values must be equal (NaN == NaN, -0 == +0). Source:
  products.md 3.2 "Integer-compute ops: bitwise equal, or absolute error 0".
- ``ulp``: division and transcendentals (RealDiv, Exp, Log, Sqrt, Rsqrt, Sigmoid, Tanh), judged
  per element in units of the last place of the exact (float64) value in the output dtype, the
  unit floored at the dtype's subnormal spacing (so no element is judged by a count alone), with
  a ULP histogram in the metrics. Bounds (ULP_BOUNDS):
  * float16/bfloat16: every element within msprobe's ULP threshold of 1 ulp (products.md 3.4),
    and all but max(1, 0.1 %) of them correctly rounded from a float32-accurate result
    (<= 0.5 ulp + 8 float32 ulps). The 0.1 % is msprobe's fp16/bf16 allowance (3.4); the
    correct-rounding rule is this project's: a kernel that computes in float32 and rounds once
    (the simulator, and the float32-internal vector units the ops-math kernels use) meets it, a
    kernel that truncates on the final store does not, and msprobe's 1 ulp alone would accept
    truncation everywhere. A product whose hardware is documented to be only faithfully
    rounded gets an Override to 1 ulp (none is documented today: products.md has no such row).
  * float32: msprobe's fp32 rule (products.md 3.4): mean ULP < 64 or fewer than 5 % of the
    elements above 32 ulp, and no element above 10 T in relative terms (the ecosystem MARE,
    products.md 3.1: 10 x 2^-13 of |golden| = 10240 ulp).
  * the sign of a zero output must be the sign of the exact result (tanh(-0) = -0, an underflow
    keeps the sign of what underflowed).
- ``accumulate``: sums, dot products and normalisations (ReduceSumD, MatMulV2, BatchMatMulV2,
  SoftmaxV2, LayerNorm, AddN), against the float64 value of the mathematics (not of rounded
  partial sums), each element within
  ``0.5 ulp_out(|golden| + g) + g``, ``g = (lambda sqrt(n) + c) u_acc S``:
  n = terms accumulated per output, S = the magnitude the accumulation error scales with (Σ|terms|
  per output, from the catalog's ``scale``), u_acc = 2^-24: float32 accumulation, what CANN's
  MatMul/reduce kernels document for float16/bfloat16 inputs (catalog docs; no product documents
  otherwise), lambda = 6 and c = 8 (ACCUMULATION_NOTE). 0.5 ulp_out is the one final rounding
  to the output dtype. A float16 accumulation has an error of order sqrt(n) 2^-11 S: it fails.
  Cancellation is judged fairly because the bound scales with S, not with |golden|. The sign of
  a zero sum is free (a kernel that starts its accumulator at +0 returns +0 for a sum of -0s).
- ``float``: the generic CANN criterion for ops not in the classes above (two rules, both must
  pass):
  1. the CANN ecosystem standard, single golden: MERE < T and MARE < 10 T, relative error
     |actual - golden| / (|golden| + 1e-7) (products.md 3.1, CANNBOT OPS_PRECISION_STANDARDS.md);
  2. the error-ratio rule of msprobe's API pre-check: at most ``ratio`` of the elements may have a
     relative error above ``ratio`` (products.md 3.4): 双千 (0.1%) for float16, 双万 (0.01%) for
     float32, and 双百 (1%) for bfloat16 — 3.4's legacy chain requires fp16/bf16 to pass 双百 and
     calls a failed 双千 only a warning; bfloat16's own rounding error reaches 2^-9 ≈ 0.2% of the
     value, so 双千 would fail a correctly rounded bf16 result.
  3. the small-value region of the CANN commercial standard (products.md 3.2): elements whose
     golden is below a threshold (fp16 2^-11, bf16 2^-8, fp32 2^-14) are judged by absolute error
     (fp16 2^-16, bf16 2^-16, fp32 2^-30) instead of relative error; at most 2 of them may
     exceed it (3.2: ErrorCount_npu / max(ErrorCount_3rd, 1) <= 2, with no third-party chip the
     denominator is 1), and those 2 only up to the region's own threshold: an element of the
     small region more than the threshold away from its golden is wrong at the magnitude the
     relative rule judges, so it fails on its own (no element may be arbitrarily wrong).
  NaN and Inf positions (and Inf signs) must match exactly in every float class (products.md 3.2:
  with Inf/NaN mode on, inf/nan must match the golden; on saturation products the reference
  already maps them the way the product stores them, products.md 2.2).

Product differences: saturation mode (products.md 2.2) is applied by the references. No product
document in products.md states a flush of subnormals or a rounding mode other than round to
nearest even for these ops, so every product expects subnormals kept and RNE (docs/FIDELITY.md,
"Numerics"); a product that documents otherwise gets an Override citing that document.

Overrides (``OVERRIDES``) change one field for an (op, dtype, product) pattern and must say why.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, replace

import numpy as np

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

# ``ulp`` class (see the module docstring): per dtype, the bound most elements meet, the hard
# bound every element meets, the allowance between them, and msprobe's fp32 mean-ULP alternative.
ULP_SOURCE = ("msprobe ULP method: threshold 1 ulp (fp16/bf16, < 0.1% beyond) / 32 ulp (fp32: mean "
              "< 64 or < 5% beyond) (products.md 3.4); fp16/bf16 otherwise correctly rounded from a "
              "float32-accurate result (reference/standards.py); fp32 hard bound 10T (products.md 3.1)")
ULP_BOUNDS = {   # dtype: (bound, hard cap, allowed fraction beyond bound, min allowed count, mean alt.)
    "float16": (0.5 + 8 * 2.0 ** -13, 1.0, 1e-3, 1, None),
    "bfloat16": (0.5 + 8 * 2.0 ** -16, 1.0, 1e-3, 1, None),
    "float32": (32.0, 10 * 2.0 ** -13 / 2.0 ** -23, 0.05, 0, 64.0),
}
# ``accumulate`` class: u_acc, lambda, c (ACCUMULATION_NOTE).
ACC_UNIT = 2.0 ** -24
ACC_LAMBDA = 6.0
ACC_C = 8.0
ACC_SOURCE = ("float32 accumulation bound 0.5 ulp_out + (6 sqrt(n) + 8) 2^-24 Σ|terms| (Higham & Mary "
              "2019, probabilistic bound; catalog: fp32 accumulation)")


# The product's documented standard per class (the "documented" verdict every numeric record
# carries beside the project's: issue 20). ulp: msprobe's ULP method as products.md 3.4 states
# it (fp16/bf16: fewer than 0.1 % of the elements beyond 1 ulp; fp32: mean ULP < 64 or fewer than
# 5 % beyond 32 ulp) and 3.1's MARE < 10T for fp32; accumulate: 3.1's MERE < T and MARE < 10T,
# the relative error taken against max(|exact|, Σ|terms|) (ACCUMULATION_NOTE), with 3.2's
# small-value floor. bitwise, exact and float: their rules are all documented already.
DOCUMENTED_ULP = {"float16": (1.0, 1e-3, None), "bfloat16": (1.0, 1e-3, None), "float32": (32.0, 0.05, 64.0)}
DOCUMENTED_SOURCE = {
    "ulp": "msprobe ULP method (products.md 3.4)",
    "accumulate": "CANN ecosystem standard MERE < T, MARE < 10T vs max(|exact|, Σ|terms|) (products.md 3.1)",
}
PROJECT_SOURCE = {
    "ulp": "this project's ulp rule: 0.5-ulp bound, 1-ulp cap (fp16/bf16), zero signs, structured errors",
    "accumulate": "this project's float32-accumulation bound (Higham & Mary 2019), structured errors",
    "float": "the CANN float standard plus this project's structured-error rule",
}
# ``ulp`` class, float32: an element beyond this many ulp is reported on its own when at most the
# allowance is (this project's rule: twice msprobe's 32-ulp threshold, the level its mean-ULP
# alternative accepts on average; one such element is not noise a float32-accurate kernel makes).
ULP_OUTLIER = {"float32": 64.0}
# ``accumulate`` class: where the exact result and Σ|terms| are both 0, the bound is the absolute
# error of products.md 3.2's small-value region (fp16 2^-16, bf16 2^-16, fp32 2^-30) instead of
# 0.5 ulp of 0. Only there: applied to the whole region (|golden| below its threshold) it would
# let a float16 accumulation of tiny terms through (measured: the "tiny" distribution's cases).
ACC_FLOOR_SOURCE = "small-value region floor (products.md 3.2)"


@dataclass(frozen=True)
class Standard:
    """One precision criterion with the source of every number in it."""
    kind: str                            # "bitwise" | "exact" | "ulp" | "accumulate" | "float"
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
    # kind "ulp": ULP_BOUNDS[dtype]
    ulp_bound: float | None = None
    ulp_cap: float | None = None
    ulp_allow: float = 0.0
    ulp_allow_min: int = 0
    ulp_mean: float | None = None
    # kind "accumulate": u_acc, lambda, c
    acc_unit: float = ACC_UNIT
    acc_lambda: float = ACC_LAMBDA
    acc_c: float = ACC_C

    @property
    def name(self) -> str:
        if self.kind == "ulp":
            return f"ulp({self.dtype}, <= {self.ulp_bound:.4g} ulp, cap {self.ulp_cap:g})"
        if self.kind == "accumulate":
            return f"accumulate({self.dtype}, u_acc=2^{int(round(np.log2(self.acc_unit)))})"
        if self.kind != "float":
            return self.kind
        return f"float({self.dtype}, T={self.mere:.3g}, ratio={self.ratio_max:g})"


ACCUMULATION_NOTE = (
    "accumulating ops (sums, dot products, normalisation): the forward error of a float32 "
    "summation of n terms is bounded by gamma_n Σ|x_i| (Higham, Accuracy and Stability of Numerical "
    "Algorithms, 2nd ed., §4.2 eq. 4.4, §3.1 for dot products), and with probability >= 1 - 2n "
    "exp(-lambda^2/2) by lambda sqrt(n) u Σ|x_i| (Higham & Mary, SIAM J. Sci. Comput. 41(5) 2019, "
    "Thm 3.1; lambda = 6); c = 8 float32 roundings cover the elementwise steps inside (exp, divide, "
    "sqrt, bias add). The bound scales with Σ|terms|, not with |golden|: where the terms cancel, "
    "every correct float32 kernel may be far from |golden| in relative terms")


def base_standard(kind: str, dtype: str) -> Standard:
    if kind == "bitwise" or (kind != "exact" and dtype not in ECOSYSTEM_T):
        return Standard("bitwise" if kind == "bitwise" else "exact", dtype,
                        source=BITWISE_SOURCE if kind == "bitwise" else EXACT_SOURCE)
    if kind == "exact":
        return Standard("exact", dtype, source=EXACT_SOURCE)
    if kind == "ulp":
        bound, cap, allow, allow_min, mean = ULP_BOUNDS[dtype]
        return Standard("ulp", dtype, source=ULP_SOURCE, ulp_bound=bound, ulp_cap=cap, ulp_allow=allow,
                        ulp_allow_min=allow_min, ulp_mean=mean)
    if kind == "accumulate":
        return Standard("accumulate", dtype, source=ACC_SOURCE, overrides=(ACCUMULATION_NOTE,))
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
    if std.kind == "float" and relative_to != "golden":    # the generic class on an op with a scale
        std = replace(std, relative_to=relative_to, overrides=(ACCUMULATION_NOTE,))
    for o in OVERRIDES:
        if _match(o.op, op) and _match(o.dtype, dtype) and _match(o.product, product):
            std = replace(std, **dict(o.changes), overrides=std.overrides + (o.justification,))
    return std
