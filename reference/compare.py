"""Judge a device result against the reference and explain any failure on its own.

``compare`` returns metrics (never just a boolean); ``assert_close`` turns a failed judgement into
a message naming the clause, the case (op, dtype, shape, product), the metric with its threshold
and source, and the 10 worst elements with their indices, in the style of array-api-tests'
pytest_helpers. The criteria themselves are data in ``reference/standards.py``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

import numpy as np

from . import patterns
from .ops import is_float as _is_float
from .ops import round_to as _round_to
from .ops import wide as _wide
from .standards import (
    ACC_FLOOR_SOURCE,
    DOCUMENTED_SOURCE,
    DOCUMENTED_ULP,
    ECOSYSTEM_T,
    PROJECT_SOURCE,
    REL_EPS,
    SMALL_VALUE,
    SMALL_VALUE_SOURCE,
    ULP_OUTLIER,
    Standard,
    standard_for,
)

_MANT = {"float16": (10, -14), "bfloat16": (7, -126), "float32": (23, -126), "float64": (52, -1022)}


@dataclass
class Metrics:
    dtype: str
    count: int
    exact: bool
    standard: Standard | None = None
    max_abs_error: float = 0.0
    max_rel_error: float = 0.0
    mere: float = 0.0
    mare: float = 0.0
    error_ratio: float = 0.0          # fraction of elements beyond the standard's ratio_rel
    max_ulp: float = 0.0
    mismatched: int = 0
    nan_mismatch: int = 0
    inf_mismatch: int = 0
    small_value_errors: int = 0
    small_value_gross: int = 0        # small-region elements beyond the region's own threshold
    zero_sign_mismatch: int = 0       # zero outputs whose sign differs from the exact result's
    beyond_bound: int = 0             # "ulp": elements above the bound; "accumulate": above the tolerance
    max_bound_ratio: float = 0.0      # "accumulate": max |diff| / tolerance
    ulp_histogram: dict[str, int] = field(default_factory=dict)
    worst_metric: str = ""            # unit of the 4th field of ``worst`` when not the default
    worst: list[tuple[tuple[int, ...], float, float, float]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    # the failures of the product's documented standard (a subset of ``failures``, which also
    # holds this project's stricter rules): see ``standards``
    documented_failures: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)     # structured errors found (reference/patterns.py)
    standards: dict = field(default_factory=dict)          # the two verdicts (``verdicts``), set by compare

    @property
    def passed(self) -> bool:
        return not self.failures

    @property
    def documented_passed(self) -> bool:
        return not self.documented_failures

    @property
    def strict_only(self) -> bool:
        """Fails this project's rule while passing the product's documented standard."""
        return bool(self.failures) and not self.documented_failures

    def verdicts(self) -> dict:
        """The two verdicts every numeric record carries: the documented standard's and the
        project's rule's, each with the rule judged."""
        kind = self.standard.kind if self.standard else "exact"
        doc = DOCUMENTED_SOURCE.get(kind, self.standard.source if self.standard else "")
        proj = PROJECT_SOURCE.get(kind, doc)
        return {"documented": {"passed": self.documented_passed, "rule": doc},
                "project": {"passed": self.passed, "rule": proj},
                "strict_only": self.strict_only, "class": kind}


def default_standard(dtype) -> Standard:
    dtype = str(np.dtype(dtype))
    return standard_for("float" if dtype in ECOSYSTEM_T else "exact", dtype)


def _spacing_table(dtype: str) -> np.ndarray:
    """dtype's spacing for each float64 biased exponent (0..2047): 2^(max(b - 1023, emin) - mant).
    Biased exponent 0 (zero, float64 subnormals) is below every emin here; 2047 (Inf, NaN) is
    floored at emin like zero, so the spacing is never 0 and never Inf."""
    mant, emin = _MANT.get(dtype, _MANT["float64"])
    ex = np.maximum(np.arange(2048) - 1023, emin)
    ex[2047] = emin
    return np.ldexp(1.0, ex - mant)


_SPACING = {name: _spacing_table(name) for name in _MANT}
# compare skips work whose outcome it knows already (arrays with the same bits; exact values that
# all fit the dtype; no flagged element to put first among the worst; no element beyond its
# threshold, so no count, no pattern and no histogram pass above the largest; no zero output; no
# small-value element; a finite scale; no vanishing magnitude): the same metrics
# (tests/fixtures/test_numeric_verdicts.py compares them with these off, each taken both ways),
# fewer passes over a large case's million elements
SHORT_PATHS = True
# the largest finite value of each float dtype the standards judge (ml_dtypes for bfloat16)
_FMAX = {"float16": 65504.0, "bfloat16": float.fromhex("0x1.fep127"), "float32": float(np.finfo(np.float32).max),
         "float64": float(np.finfo(np.float64).max)}
_TOP_HALF = 3 if sys.byteorder == "little" else 0     # where a float64's top 16 bits are


def ulp_of(e: np.ndarray, dtype: str) -> np.ndarray:
    """The spacing of ``dtype`` at |e|: 2^(floor(log2|e|) - mant), the exponent floored at emin
    (the subnormal spacing: never 0). floor(log2|e|) is read off e's float64 exponent bits, exact
    where a computed log2 rounds up just below a power of two, and one table lookup per element."""
    table = _SPACING.get(dtype)
    if table is None:
        table = _SPACING["float64"]
    x = np.asarray(e, dtype=np.float64)
    # the sign and the 11 exponent bits are the top 16 bits: one uint16 per element, not uint64
    top = np.ascontiguousarray(x).reshape(-1).view(np.uint16)[_TOP_HALF::4] & np.uint16(0x7FF0)
    top >>= np.uint16(4)
    return table[top].reshape(x.shape)


def ulp_error(a: np.ndarray, e: np.ndarray, dtype: str) -> np.ndarray:
    """|a - e| in units of the last place of e in ``dtype`` (finite elements)."""
    with np.errstate(invalid="ignore"):
        return np.abs(a - e) / ulp_of(e, dtype)


# bins of the ULP histogram in the metrics of "ulp" comparisons (upper edges, inclusive)
ULP_BINS = (0.0, 0.5, 1.0, 2.0, 4.0, 32.0, 64.0, 1024.0)


def ulp_histogram(u: np.ndarray, top: float | None = None) -> dict[str, int]:
    """Counts per bin (lo, hi] of ULP_BINS (the first from -1, the last open above 1024): from the
    counts at or below each edge, one comparison per edge (a bin is the difference of two; NaN
    is in none), not two comparisons and a conjunction per bin. ``top``: a known upper bound of
    u's values (no NaN among them then: a NaN maximum is no bound); every element is at or below
    the edges at or above it, so those need no pass (a correct output's ulp stay below 1: two
    passes instead of nine)."""
    bounded = SHORT_PATHS and top is not None and not np.isnan(top)
    at_or_below = [u.size if bounded and hi >= top else int(np.count_nonzero(u <= hi)) for hi in (-1.0, *ULP_BINS)]
    out = {f"<={hi:g}": at_or_below[i + 1] - at_or_below[i] for i, hi in enumerate(ULP_BINS)}
    out[f">{ULP_BINS[-1]:g}"] = 0 if bounded and top <= ULP_BINS[-1] else int(np.count_nonzero(u > ULP_BINS[-1]))
    return out


SAMPLE_STRIDE = 64      # worst_indices: every 64th element bounds the k-th largest from below


def worst_indices(badness: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` largest values of the flat array ``badness`` (no NaN), largest first,
    ties by the lower index: the worst elements a failure lists.

    A full ``argpartition`` of a million elements costs more than the rest of a comparison's
    passes together, so it runs only on candidates: the k-th largest of a strided sample is a
    lower bound of the k-th largest of the whole (the sample is a subset), so every element of
    the top k is at or above it. Where that bound admits too many (many ties, or the sample is
    too small to bound anything), the whole array is sorted instead; the answer is the same."""
    n = badness.size
    k = min(k, n)
    if k <= 0:
        return np.arange(0)
    if n > 16 * SAMPLE_STRIDE * k:
        sample = badness[::SAMPLE_STRIDE]
        bound = np.partition(sample, sample.size - k)[sample.size - k]
        candidates = np.flatnonzero(badness >= bound)       # ascending: ties keep index order
        if k <= candidates.size <= max(64 * k, n // 64):    # fewer than k: a NaN bound; sort all
            order = np.argsort(-badness[candidates], kind="stable")[:k]
            return candidates[order]
    return np.argsort(-badness, kind="stable")[:k]


def _zero_sign_bad(a: np.ndarray, x: np.ndarray, finite: np.ndarray) -> np.ndarray:
    """Zero outputs whose sign is not the sign of the exact result ``x`` (defined also when x is
    a non-zero value that underflowed: round to nearest keeps the sign). Without a zero output
    there is none: one pass, not five."""
    zero = a == 0
    if SHORT_PATHS and not zero.any():
        return zero
    return finite & zero & (np.signbit(a) != np.signbit(x))


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(np.dtype(f"u{a.dtype.itemsize}")) if a.dtype.itemsize in (1, 2, 4, 8) else a


def _exact(m: Metrics, actual, expected, a, e, worst_n, bitwise: bool) -> Metrics:
    if _is_float(expected.dtype):
        both_nan = np.isnan(a) & np.isnan(e)
        if bitwise:
            diff = (_bits(np.ascontiguousarray(actual)).ravel() != _bits(np.ascontiguousarray(expected)).ravel())
        else:
            diff = a != e
        diff &= ~both_nan
    else:
        diff = a != e
    m.mismatched = int(diff.sum())
    idx = np.flatnonzero(diff)[:worst_n]
    with np.errstate(all="ignore"):
        m.worst = [(tuple(int(i) for i in np.unravel_index(i, expected.shape)), float(a[i]), float(e[i]),
                    float(abs(float(a[i]) - float(e[i])))) for i in idx]
    if m.mismatched:
        what = "bitwise equality" if bitwise else "absolute error 0"
        m.failures.append(f"{m.mismatched} of {m.count} elements differ: {what} required "
                          f"({m.standard.source})")
    m.documented_failures = list(m.failures)
    return m


def compare(actual: np.ndarray, expected: np.ndarray, **criteria) -> Metrics:
    """``judge`` (see there), with the two verdicts on ``Metrics.standards``."""
    m = judge(actual, expected, **criteria)
    m.standards = m.verdicts()
    return m


def judge(actual: np.ndarray, expected: np.ndarray, *, worst_n: int = 10,
          standard: Standard | None = None, scale: np.ndarray | None = None,
          exact: np.ndarray | None = None, terms: int = 1) -> Metrics:
    """Metrics of actual vs expected (same shape and dtype) under ``standard`` (default: from the
    dtype: the float standard for float16/bfloat16/float32, exact otherwise).

    ``scale``: per element magnitude the accumulation error scales with (Σ|terms|; standards of
    kind "accumulate", and "float" with relative_to == "magnitude"). ``exact``: the float64
    value of the mathematics before the rounding to the output dtype (kinds "ulp" and
    "accumulate" judge against it; default: ``expected`` widened). ``terms``: terms accumulated
    per output element (kind "accumulate")."""
    std = standard or default_standard(expected.dtype)
    dtype = str(expected.dtype)
    if actual.shape != expected.shape or actual.dtype != expected.dtype:
        m = Metrics(dtype, expected.size, std.kind != "float", std)
        m.failures.append(f"shape/dtype {actual.shape} {actual.dtype} != expected {expected.shape} {expected.dtype}")
        m.documented_failures = list(m.failures)
        return m
    m = Metrics(dtype, expected.size, std.kind != "float", std)
    if expected.size == 0:
        return m
    if std.kind in ("bitwise", "exact") and SHORT_PATHS and _same_bits(actual, expected):
        return m     # what _exact finds: no element differs (bit for bit; equal values, both NaN)
    a, e = _wide(actual).ravel(), _wide(expected).ravel()
    if std.kind in ("bitwise", "exact"):
        return _exact(m, actual, expected, a, e, worst_n, std.kind == "bitwise")
    if std.kind in ("ulp", "accumulate"):
        x = e if exact is None else np.asarray(exact, dtype=np.float64).ravel()
        # where the exact value is special or overflows the dtype, the golden (mapped the way the
        # product stores it: saturation, products.md 2.2) is what the output must equal (with no
        # exact values, x is the golden already; where every exact value is within the dtype's
        # range and every golden finite, nothing is replaced: two reductions instead of five
        # passes and three arrays)
        if exact is not None and not (SHORT_PATHS and _all_fit(x, e, expected.dtype)):
            with np.errstate(all="ignore"):
                fits = np.isfinite(_round_to(x, expected.dtype).astype(np.float64))
            x = np.where(np.isfinite(e) & fits, x, e)
        return _bounded(m, a, e, x, std, dtype, worst_n, expected.shape, scale, terms)

    nan_a, nan_e = np.isnan(a), np.isnan(e)
    inf_a, inf_e = np.isinf(a), np.isinf(e)
    nan_bad = nan_a != nan_e
    inf_bad = (inf_a != inf_e) | (inf_a & inf_e & (np.sign(a) != np.sign(e)))
    m.nan_mismatch = int(nan_bad.sum())
    m.inf_mismatch = int((inf_bad & ~nan_bad).sum())
    finite = ~(nan_a | nan_e | inf_a | inf_e)
    denom = np.abs(e)
    if std.relative_to == "magnitude" and scale is not None:
        denom = np.maximum(denom, np.asarray(scale, dtype=np.float64).ravel())
    with np.errstate(all="ignore"):    # inf - inf where not finite: masked below
        diff = np.abs(a - e)
    small_bad = np.zeros_like(finite)
    if std.small_value is not None:    # "small" by the same magnitude the relative error uses
        small = finite & (np.where(np.isfinite(denom), denom, np.inf) < std.small_value[0])
        small_bad = small & (diff > std.small_value[1])
        m.small_value_errors = int(small_bad.sum())
        m.small_value_gross = int((small & (diff > std.small_value[0])).sum())
        finite = finite & ~small
    with np.errstate(all="ignore"):
        abs_err = np.where(finite, diff, 0.0)
        rel_err = np.where(finite, abs_err / (denom + REL_EPS), 0.0)
        ulp = np.where(finite, ulp_error(a, e, dtype), 0.0)
    m.max_abs_error = float(abs_err.max())
    m.max_rel_error = float(rel_err.max())
    m.max_ulp = float(ulp.max())
    n_finite = max(int(finite.sum()), 1)
    m.mere = float(rel_err.sum() / n_finite)
    m.mare = m.max_rel_error
    m.error_ratio = float((rel_err > std.ratio_rel).sum() / n_finite)
    # worst elements: special-value and small-value mismatches first, then by relative error
    # (with none of those, rel_err itself: the same values, no copy)
    flagged = not SHORT_PATHS or m.nan_mismatch or m.inf_mismatch or m.small_value_errors
    badness = np.where(nan_bad | inf_bad | small_bad, np.inf, rel_err) if flagged else rel_err
    m.worst = [(tuple(int(i) for i in np.unravel_index(i, expected.shape)), float(a[i]), float(e[i]),
                float(rel_err[i]) if not (nan_bad[i] or inf_bad[i]) else float("inf"))
               for i in worst_indices(badness, worst_n) if badness[i] > 0]
    rel_basis = "max(|golden|, Σ|terms|)" if std.relative_to == "magnitude" else "|golden|"
    if m.nan_mismatch:
        m.failures.append(f"NaN positions differ in {m.nan_mismatch} elements (must match: products.md 3.2/2.2)")
    if m.inf_mismatch:
        m.failures.append(f"Inf positions or signs differ in {m.inf_mismatch} elements "
                          f"(must match: products.md 3.2/2.2)")
    if m.small_value_gross:
        m.failures.append(f"{m.small_value_gross} small-value elements (|golden| < {std.small_value[0]:.3e}) "
                          f"with |diff| > {std.small_value[0]:.3e}, the region's own threshold: wrong, "
                          f"not a small-value error ({SMALL_VALUE_SOURCE})")
    if m.small_value_errors > std.small_value_max_errors:
        m.failures.append(f"{m.small_value_errors} small-value elements (|golden| < {std.small_value[0]:.3e}) "
                          f"with |diff| > {std.small_value[1]:.3e}, at most {std.small_value_max_errors} "
                          f"allowed ({SMALL_VALUE_SOURCE})")
    if not m.mere < std.mere:
        m.failures.append(f"MERE {m.mere:.3e} >= threshold {std.mere:.3e} (T for {dtype}, rel. error "
                          f"vs {rel_basis}; {std.source})")
    if not m.mare < std.mare:
        m.failures.append(f"MARE {m.mare:.3e} >= threshold {std.mare:.3e} (10T for {dtype}, rel. error "
                          f"vs {rel_basis}; {std.source})")
    if not m.error_ratio <= std.ratio_max:
        m.failures.append(f"error ratio {m.error_ratio:.3e} (elements with rel. error > {std.ratio_rel:g}) "
                          f"> threshold {std.ratio_max:g} ({std.ratio_source})")
    m.documented_failures = list(m.failures)
    if not SHORT_PATHS or m.error_ratio:    # none beyond ratio_rel: no pattern to find (_structured)
        _structured(m, rel_err / std.ratio_rel, expected.shape, std.ratio_max, "rel. error", std.ratio_rel, None)
    return m


def _same_bits(actual: np.ndarray, expected: np.ndarray) -> bool:
    """Every element of ``actual`` has ``expected``'s bits (same shape and dtype): one pass over
    the arrays as they are, where _exact widens both to 8 bytes an element first."""
    if expected.dtype.itemsize not in (1, 2, 4, 8):
        return False
    return bool(np.array_equal(_bits(np.ascontiguousarray(actual)), _bits(np.ascontiguousarray(expected))))


def _all_fit(x: np.ndarray, e: np.ndarray, dtype) -> bool:
    """Every exact value within ``dtype``'s finite range (so it rounds to a finite value: rounding
    is monotonic and keeps the dtype's largest value) and every golden finite. NaN in x: False."""
    with np.errstate(invalid="ignore"):
        hi = max(float(x.max()), -float(x.min()))
    fmax = _FMAX.get(str(dtype))
    return fmax is not None and hi <= fmax and bool(np.isfinite(e).all())


def _structured(m: Metrics, excess, shape, allowed: float, unit: str, scale: float, outlier) -> None:
    """The project's structured-error rule (reference/patterns.py) over ``excess`` (error / the
    per-element threshold): each pattern found is a failure of its own. Callers skip it where no
    element is beyond its threshold (excess > 1 nowhere: patterns.find finds nothing then), which
    they know already: e.g. u <= bound everywhere implies u / bound <= 1."""
    found = patterns.find(excess, tuple(shape), allowed=allowed, unit=unit, scale=scale, outlier=outlier)
    m.patterns = found
    m.failures += [f"structured error: {f} ({patterns.SOURCE})" for f in found]


def _documented_ulp(m: Metrics, u, n_finite: int, dtype: str, std: Standard) -> None:
    """msprobe's ULP method as products.md 3.4 states it (and 3.1's 10T for float32)."""
    thr, frac_max, mean_max = DOCUMENTED_ULP[dtype]
    # no element beyond thr (the largest is not): the fraction is 0, and the mean is not needed
    frac = 0.0 if SHORT_PATHS and m.max_ulp <= thr else float(np.count_nonzero(u > thr)) / n_finite
    ok = frac < frac_max
    if not ok:
        mean = float(u.sum()) / n_finite
        ok = mean_max is not None and mean < mean_max
    if not ok:
        alt = f" and mean ULP {mean:.3g} >= {mean_max:g}" if mean_max is not None else ""
        m.documented_failures.append(f"{frac:.3e} of the elements beyond {thr:g} ulp, at least {frac_max:g}"
                                     f"{alt} ({DOCUMENTED_SOURCE['ulp']})")
    if dtype == "float32" and std.ulp_cap is not None and m.max_ulp > std.ulp_cap:
        m.documented_failures.append(f"max {m.max_ulp:.3g} ulp beyond 10T ({std.ulp_cap:g} ulp; products.md 3.1)")


def _documented_acc(m: Metrics, diff, denom, n_finite: int, dtype: str) -> None:
    """products.md 3.1 MERE < T, MARE < 10T, relative to max(|exact|, Σ|terms|)."""
    t = ECOSYSTEM_T.get(dtype)
    if t is None:
        return
    thr, err = SMALL_VALUE[dtype]
    small = denom < thr                # products.md 3.2's small-value region: by absolute error
    # none in the region (the common case): no small-value error, and no subset to copy
    none_small = SHORT_PATHS and not small.any()
    n_small_bad = 0 if none_small else int((small & (diff > err)).sum())
    if n_small_bad > 2:
        m.documented_failures.append(f"{n_small_bad} small-value elements with |diff| > {err:.3e}, at most 2 "
                                     f"({SMALL_VALUE_SOURCE})")
    if not none_small:
        diff, denom = diff[~small], denom[~small]
    n_finite = max(diff.size, 1)
    with np.errstate(all="ignore"):
        rel = diff / (denom + REL_EPS)
    mere, mare = float(rel.sum()) / n_finite, float(rel.max()) if rel.size else 0.0
    if not mere < t:
        m.documented_failures.append(f"MERE {mere:.3e} >= T {t:.3e} ({DOCUMENTED_SOURCE['accumulate']})")
    if not mare < 10 * t:
        m.documented_failures.append(f"MARE {mare:.3e} >= 10T {10 * t:.3e} ({DOCUMENTED_SOURCE['accumulate']})")


def _special_mismatch(m: Metrics, a, e):
    finite_a, finite_e = np.isfinite(a), np.isfinite(e)
    if finite_a.all() and finite_e.all():      # the common case: no NaN or Inf on either side
        m.nan_mismatch = m.inf_mismatch = 0
        m.documented_failures = list(m.failures)
        return np.zeros(a.shape, dtype=bool), finite_a
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    inf_a, inf_e = np.isinf(a), np.isinf(e)
    nan_bad = nan_a != nan_e
    inf_bad = ((inf_a != inf_e) | (inf_a & inf_e & (np.sign(a) != np.sign(e)))) & ~nan_bad
    m.nan_mismatch, m.inf_mismatch = int(nan_bad.sum()), int(inf_bad.sum())
    if m.nan_mismatch:
        m.failures.append(f"NaN positions differ in {m.nan_mismatch} elements (must match: products.md 3.2/2.2)")
    if m.inf_mismatch:
        m.failures.append(f"Inf positions or signs differ in {m.inf_mismatch} elements "
                          f"(must match: products.md 3.2/2.2)")
    m.documented_failures = list(m.failures)
    return nan_bad | inf_bad, ~(nan_a | nan_e | inf_a | inf_e)


def _bounded(m: Metrics, a, e, x, std: Standard, dtype: str, worst_n: int, shape, scale, terms: int):
    """Kinds "ulp" and "accumulate": every finite element against the exact value ``x``."""
    special_bad, finite = _special_mismatch(m, a, e)
    all_finite = bool(finite.all())      # the common case: no mask to apply, no subset to copy
    not_finite = None if all_finite else ~finite
    # the values of where(finite, ..., 0.0), each computed into its own buffer in place
    with np.errstate(all="ignore"):
        diff = np.subtract(a, x)
        np.abs(diff, out=diff)
        if not all_finite:
            diff[not_finite] = 0.0
        rel = np.abs(x)
        rel += REL_EPS
        np.divide(diff, rel, out=rel)
        if not all_finite:
            rel[not_finite] = 0.0
        u = ulp_of(x, dtype)
        np.divide(diff, u, out=u)
        if not all_finite:
            u[not_finite] = 0.0
    m.max_abs_error, m.max_rel_error = float(diff.max()), float(rel.max())
    n_finite = max(finite.size if all_finite else int(finite.sum()), 1)
    m.mere, m.mare, m.max_ulp = float(rel.sum() / n_finite), m.max_rel_error, float(u.max())
    m.ulp_histogram = ulp_histogram(u if all_finite else u[finite], m.max_ulp)
    if std.kind == "ulp":
        zero_bad = _zero_sign_bad(a, x, finite)
        m.zero_sign_mismatch = int(zero_bad.sum())
        # the largest ulp at or below a bound: no element beyond it, no pass to count them (a NaN
        # maximum compares False: counted)
        within_bound = SHORT_PATHS and m.max_ulp <= std.ulp_bound
        m.beyond_bound = 0 if within_bound else int(np.count_nonzero(u > std.ulp_bound))
        n_over_cap = 0 if SHORT_PATHS and m.max_ulp <= std.ulp_cap else int(np.count_nonzero(u > std.ulp_cap))
        allowed = max(std.ulp_allow_min, int(np.floor(std.ulp_allow * n_finite)))
        flagged = not SHORT_PATHS or m.nan_mismatch or m.inf_mismatch or m.zero_sign_mismatch
        badness = np.where(special_bad | zero_bad, np.inf, u) if flagged else u   # no copy when none
        if n_over_cap:
            m.failures.append(f"{n_over_cap} of {m.count} elements beyond {std.ulp_cap:g} ulp, "
                              f"max {m.max_ulp:.3g} ulp (hard bound; {std.source})")
        # the mean ULP only rescues a count beyond the allowance: summed only then
        if m.beyond_bound > allowed and not (std.ulp_mean is not None and float(u.sum() / n_finite) < std.ulp_mean):
            alt = f" and mean ULP {u.sum() / n_finite:.3g} >= {std.ulp_mean:g}" if std.ulp_mean else ""
            m.failures.append(f"{m.beyond_bound} of {m.count} elements beyond {std.ulp_bound:.4g} ulp, at most "
                              f"{allowed} allowed{alt} ({std.source})")
        if m.zero_sign_mismatch:
            m.failures.append(f"{m.zero_sign_mismatch} zero outputs with the wrong sign (the exact result's "
                              f"sign: IEEE 754 round to nearest keeps it)")
        _documented_ulp(m, u, n_finite, dtype, std)
        out = ULP_OUTLIER.get(dtype)
        if not SHORT_PATHS or m.beyond_bound:   # u <= ulp_bound everywhere: no pattern (_structured)
            _structured(m, u / std.ulp_bound, shape, max(std.ulp_allow, std.ulp_allow_min / n_finite), "ulp",
                        std.ulp_bound, None if out is None else out / std.ulp_bound)
        metric = "ulp"
    else:
        ax = np.abs(x)
        s = np.abs(np.asarray(scale, dtype=np.float64)).ravel() if scale is not None else ax
        # s >= 0: a finite sum means every element finite (an overflowing sum takes the full path)
        with np.errstate(over="ignore", invalid="ignore"):
            if not (SHORT_PATHS and np.isfinite(s.sum())):
                s = np.where(np.isfinite(s), s, 0.0)
        mag = np.maximum(s, ax)
        g = (std.acc_lambda * np.sqrt(max(int(terms), 1)) + std.acc_c) * std.acc_unit * mag
        with np.errstate(all="ignore"):
            tol = ax + g
            tol = ulp_of(tol, dtype)     # 0.5 * ulp(|x| + g) + g, the same operations in place
            tol *= 0.5
            tol += g
            # where exact and Σ|terms| vanish (ACC_FLOOR_SOURCE); none vanish: nothing to raise
            if dtype in SMALL_VALUE and not (SHORT_PATHS and mag.all()):
                err = SMALL_VALUE[dtype][1]
                tol = np.where(mag == 0, np.maximum(tol, err), tol)
            ratio = diff / tol if all_finite else np.where(finite, diff / tol, 0.0)
        m.max_bound_ratio = float(ratio.max())
        m.beyond_bound = int((ratio > 1.0).sum())
        flagged = not SHORT_PATHS or m.nan_mismatch or m.inf_mismatch
        badness = np.where(special_bad, np.inf, ratio) if flagged else ratio
        if m.beyond_bound:
            m.failures.append(f"{m.beyond_bound} of {m.count} elements beyond the float32-accumulation bound "
                              f"(n={terms}; worst |diff| = {m.max_bound_ratio:.3g} x bound; {std.source}; "
                              f"{ACC_FLOOR_SOURCE})")
        _documented_acc(m, diff if all_finite else diff[finite], mag if all_finite else mag[finite], n_finite, dtype)
        if not SHORT_PATHS or m.beyond_bound:   # ratio <= 1 everywhere: no pattern (_structured)
            _structured(m, ratio, shape, 1.0 / max(n_finite, 1), "x bound", 1.0, None)
        metric = "x bound"
    m.worst = [(tuple(int(i) for i in np.unravel_index(i, shape)), float(a[i]), float(x[i]), float(badness[i]))
               for i in worst_indices(badness, worst_n) if badness[i] > 0]
    m.worst_metric = metric
    m.failures += [f for f in m.documented_failures if f not in m.failures]
    return m


def explain(m: Metrics, *, clause: str, case: str) -> str:
    std = m.standard
    lines = [f"[{clause}] {case}: result does not match the numpy reference",
             f"  standard: {std.name if std else '?'}",
             *(f"  - {f}" for f in m.failures)]
    if std and std.overrides:
        lines += [f"  override in force: {o}" for o in std.overrides]
    lines.append(f"  metrics: count={m.count} max_abs={m.max_abs_error:.3e} max_rel={m.max_rel_error:.3e} "
                 f"MERE={m.mere:.3e} MARE={m.mare:.3e} error_ratio={m.error_ratio:.3e} "
                 f"max_ulp={m.max_ulp:.3g} mismatched={m.mismatched} nan_mismatch={m.nan_mismatch} "
                 f"inf_mismatch={m.inf_mismatch} small_value_errors={m.small_value_errors} "
                 f"beyond_bound={m.beyond_bound} zero_sign_mismatch={m.zero_sign_mismatch}")
    if m.ulp_histogram:
        lines.append("  ulp histogram: " + " ".join(f"{k}:{v}" for k, v in m.ulp_histogram.items() if v))
    if m.worst:
        what = m.worst_metric or ("abs. error" if m.exact else "rel. error")
        lines.append(f"  worst elements (index: actual vs expected, {what}):")
        lines += [f"    {idx}: {act!r} vs {exp!r} ({err:.3e})" for idx, act, exp, err in m.worst]
    return "\n".join(lines)


def check(m: Metrics, *, clause: str, case: str) -> Metrics:
    """Raise AssertionError with ``explain``'s text when ``m`` failed; return ``m``."""
    assert m.passed, explain(m, clause=clause, case=case)
    return m


def assert_close(actual: np.ndarray, expected: np.ndarray, *, clause: str, case: str,
                 standard: Standard | None = None, scale: np.ndarray | None = None,
                 exact: np.ndarray | None = None, terms: int = 1) -> Metrics:
    """``compare`` then ``check``: the metrics, or AssertionError. Records nothing: a caller that
    reports metrics (fixtures.checks.assert_close) compares, records, then checks."""
    m = compare(actual, expected, standard=standard, scale=scale, exact=exact, terms=terms)
    return check(m, clause=clause, case=case)
