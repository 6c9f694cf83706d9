"""Judge a device result against the reference and explain any failure on its own.

``compare`` returns metrics (never just a boolean), every metric of the standard's kind computed on
one path whatever the outcome; ``explain`` and ``check`` turn a failed judgement into a message
naming the clause, the case (op, dtype, shape, product), the metric with its threshold and source,
and the 10 worst elements with their indices, in the style of array-api-tests' pytest_helpers.
Nothing is recorded here (fixtures/checks.py records, then checks). The criteria themselves are
data in ``reference/standards.py``.
"""
from __future__ import annotations

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


def ulp_of(e: np.ndarray, dtype: str) -> np.ndarray:
    """The spacing of ``dtype`` at |e|: 2^(floor(log2|e|) - mant), the exponent floored at emin
    (the subnormal spacing: never 0). floor(log2|e|) comes from frexp, exact where a computed
    log2 rounds up just below a power of two; zero, Inf and NaN get the floor."""
    mant, emin = _MANT.get(dtype, _MANT["float64"])
    x = np.asarray(e, dtype=np.float64)
    _, ex = np.frexp(x)                            # |x| = f 2^ex, f in [0.5, 1)
    regular = np.isfinite(x) & (x != 0)
    ex = np.maximum(np.where(regular, ex - 1, emin), emin)
    return np.ldexp(1.0, ex - mant)


def ulp_error(a: np.ndarray, e: np.ndarray, dtype: str) -> np.ndarray:
    """|a - e| in units of the last place of e in ``dtype`` (finite elements)."""
    with np.errstate(invalid="ignore"):
        return np.abs(a - e) / ulp_of(e, dtype)


# bins of the ULP histogram in the metrics of "ulp" comparisons (upper edges, inclusive)
ULP_BINS = (0.0, 0.5, 1.0, 2.0, 4.0, 32.0, 64.0, 1024.0)


def ulp_histogram(u: np.ndarray) -> dict[str, int]:
    """Counts per bin (lo, hi] of ULP_BINS (the first from -1, the last open above 1024); a NaN
    is in no bin."""
    u = u[~np.isnan(u)]
    counts = np.bincount(np.searchsorted(np.asarray(ULP_BINS), u, side="left"), minlength=len(ULP_BINS) + 1)
    out = {f"<={hi:g}": int(counts[i]) for i, hi in enumerate(ULP_BINS)}
    out[f">{ULP_BINS[-1]:g}"] = int(counts[len(ULP_BINS)])
    return out


def worst_indices(badness: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` largest positive values of the flat array ``badness`` (no NaN),
    largest first, ties by the lower index: the worst elements a failure lists. The k-th largest
    value bounds the answer from below, so only the elements at or above it are sorted."""
    k = min(k, badness.size)
    if k <= 0:
        return np.arange(0)
    kth = np.partition(badness, badness.size - k)[badness.size - k]
    candidates = np.flatnonzero(badness >= kth) if kth > 0 else np.flatnonzero(badness > 0)
    order = np.argsort(-badness[candidates], kind="stable")[:k]
    return candidates[order]


def _bits(a: np.ndarray) -> np.ndarray:
    return a.view(np.dtype(f"u{a.dtype.itemsize}")) if a.dtype.itemsize in (1, 2, 4, 8) else a


def _worst(a, reference, badness, shape, worst_n: int, shown=None) -> list:
    """(index, actual, reference, error) of the elements of the largest ``badness``; the error
    listed is ``shown`` (default: the badness itself)."""
    shown = badness if shown is None else shown
    return [(tuple(int(v) for v in np.unravel_index(i, shape)), float(a[i]), float(reference[i]),
             float(shown[i])) for i in worst_indices(badness, worst_n)]


def compare(actual: np.ndarray, expected: np.ndarray, *, standard: Standard | None = None,
            scale: np.ndarray | None = None, exact: np.ndarray | None = None, terms: int = 1,
            worst_n: int = 10) -> Metrics:
    """Metrics of ``actual`` against ``expected`` (same shape and dtype) under ``standard``
    (default: from the dtype: the float standard for float16/bfloat16/float32, exact otherwise),
    with the two verdicts (``Metrics.standards``). Every metric of the standard's kind is
    computed, whatever the outcome.

    ``scale``: per element magnitude the accumulation error scales with (Σ|terms|; standards of
    kind "accumulate", and "float" with relative_to == "magnitude"). ``exact``: the float64
    value of the mathematics before the rounding to the output dtype (kinds "ulp" and
    "accumulate" judge against it; default: ``expected`` widened). ``terms``: terms accumulated
    per output element (kind "accumulate")."""
    std = standard or default_standard(expected.dtype)
    m = Metrics(str(expected.dtype), expected.size, std.kind != "float", std)
    if actual.shape != expected.shape or actual.dtype != expected.dtype:
        m.failures.append(f"shape/dtype {actual.shape} {actual.dtype} != expected {expected.shape} {expected.dtype}")
        m.documented_failures = list(m.failures)
    elif expected.size:
        a, e = _wide(actual).ravel(), _wide(expected).ravel()
        if std.kind in ("bitwise", "exact"):
            _measure_exact(m, actual, expected, a, e, worst_n)
        elif std.kind in ("ulp", "accumulate"):
            x = _judged_against(e, exact, expected.dtype)
            _measure_bounded(m, a, e, x, std, worst_n, expected.shape, scale, terms)
        else:
            _measure_float(m, a, e, std, worst_n, expected.shape, scale)
    m.standards = m.verdicts()
    return m


def _measure_exact(m: Metrics, actual, expected, a, e, worst_n: int) -> None:
    """Kinds "bitwise" (the bits, any NaN equal to any NaN) and "exact" (the values, -0 == +0)."""
    diff = a != e
    if _is_float(expected.dtype):
        if m.standard.kind == "bitwise":
            diff = _bits(np.ascontiguousarray(actual)).ravel() != _bits(np.ascontiguousarray(expected)).ravel()
        diff &= ~(np.isnan(a) & np.isnan(e))
    m.mismatched = int(diff.sum())
    with np.errstate(all="ignore"):
        m.worst = [(tuple(int(v) for v in np.unravel_index(i, expected.shape)), float(a[i]), float(e[i]),
                    float(abs(float(a[i]) - float(e[i])))) for i in np.flatnonzero(diff)[:worst_n]]
    if m.mismatched:
        what = "bitwise equality" if m.standard.kind == "bitwise" else "absolute error 0"
        m.failures.append(f"{m.mismatched} of {m.count} elements differ: {what} required "
                          f"({m.standard.source})")
    m.documented_failures = list(m.failures)


def _judged_against(e: np.ndarray, exact, dtype) -> np.ndarray:
    """What kinds "ulp" and "accumulate" judge against: the exact value, except where it is
    special or overflows the dtype, where the golden (mapped the way the product stores it:
    saturation, products.md 2.2) is what the output must equal."""
    if exact is None:
        return e
    x = np.asarray(exact, dtype=np.float64).ravel()
    with np.errstate(all="ignore"):
        fits = np.isfinite(_round_to(x, dtype).astype(np.float64))
    return np.where(np.isfinite(e) & fits, x, e)


def _special_mismatch(m: Metrics, a, e):
    """NaN positions and Inf positions and signs must match (products.md 3.2/2.2): counted, and a
    failure each; returns (elements with a mismatch, elements finite on both sides)."""
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
    return nan_bad | inf_bad, ~(nan_a | nan_e | inf_a | inf_e)


def _small_value_region(m: Metrics, std: Standard, finite, denom, diff):
    """products.md 3.2's small-value region (|golden| below a threshold, "small" by the same
    magnitude the relative error uses), judged by absolute error: counted on ``m``; returns
    (its elements beyond the region's error, the finite elements outside it)."""
    if std.small_value is None:
        return np.zeros_like(finite), finite
    threshold, err = std.small_value
    small = finite & (np.where(np.isfinite(denom), denom, np.inf) < threshold)
    small_bad = small & (diff > err)
    m.small_value_errors = int(small_bad.sum())
    m.small_value_gross = int((small & (diff > threshold)).sum())
    return small_bad, finite & ~small


def _measure_float(m: Metrics, a, e, std: Standard, worst_n: int, shape, scale) -> None:
    """Kind "float": CANN's MERE < T and MARE < 10T, msprobe's error ratio, the small-value
    region; then this project's structured-error rule."""
    special_bad, finite = _special_mismatch(m, a, e)
    denom = np.abs(e)
    if std.relative_to == "magnitude" and scale is not None:
        denom = np.maximum(denom, np.asarray(scale, dtype=np.float64).ravel())
    with np.errstate(all="ignore"):    # inf - inf where not finite: masked below
        diff = np.abs(a - e)
    small_bad, finite = _small_value_region(m, std, finite, denom, diff)
    with np.errstate(all="ignore"):
        rel_err = np.where(finite, diff / (denom + REL_EPS), 0.0)
        m.max_ulp = float(np.where(finite, ulp_error(a, e, m.dtype), 0.0).max())
    m.max_abs_error = float(np.where(finite, diff, 0.0).max())
    m.max_rel_error = m.mare = float(rel_err.max())
    n_finite = max(int(finite.sum()), 1)
    m.mere = float(rel_err.sum() / n_finite)
    m.error_ratio = float((rel_err > std.ratio_rel).sum() / n_finite)
    # worst elements: special-value and small-value mismatches first, then by relative error
    badness = np.where(special_bad | small_bad, np.inf, rel_err)
    m.worst = _worst(a, e, badness, shape, worst_n, shown=np.where(special_bad, np.inf, rel_err))
    _float_failures(m, std)
    m.documented_failures = list(m.failures)
    _structured(m, rel_err / std.ratio_rel, shape, std.ratio_max, "rel. error", std.ratio_rel, None)


def _float_failures(m: Metrics, std: Standard) -> None:
    """The float kind's documented rules, each failed one with its threshold and source."""
    basis = "max(|golden|, Σ|terms|)" if std.relative_to == "magnitude" else "|golden|"
    if m.small_value_gross:
        m.failures.append(f"{m.small_value_gross} small-value elements (|golden| < {std.small_value[0]:.3e}) "
                          f"with |diff| > {std.small_value[0]:.3e}, the region's own threshold: wrong, "
                          f"not a small-value error ({SMALL_VALUE_SOURCE})")
    if m.small_value_errors > std.small_value_max_errors:
        m.failures.append(f"{m.small_value_errors} small-value elements (|golden| < {std.small_value[0]:.3e}) "
                          f"with |diff| > {std.small_value[1]:.3e}, at most {std.small_value_max_errors} "
                          f"allowed ({SMALL_VALUE_SOURCE})")
    if not m.mere < std.mere:
        m.failures.append(f"MERE {m.mere:.3e} >= threshold {std.mere:.3e} (T for {m.dtype}, rel. error "
                          f"vs {basis}; {std.source})")
    if not m.mare < std.mare:
        m.failures.append(f"MARE {m.mare:.3e} >= threshold {std.mare:.3e} (10T for {m.dtype}, rel. error "
                          f"vs {basis}; {std.source})")
    if not m.error_ratio <= std.ratio_max:
        m.failures.append(f"error ratio {m.error_ratio:.3e} (elements with rel. error > {std.ratio_rel:g}) "
                          f"> threshold {std.ratio_max:g} ({std.ratio_source})")


def _structured(m: Metrics, excess, shape, allowed: float, unit: str, scale: float, outlier) -> None:
    """The project's structured-error rule (reference/patterns.py) over ``excess`` (error / the
    per-element threshold): each pattern found is a failure of its own."""
    found = patterns.find(excess, tuple(shape), allowed=allowed, unit=unit, scale=scale, outlier=outlier)
    m.patterns = found
    m.failures += [f"structured error: {f} ({patterns.SOURCE})" for f in found]


def _measure_bounded(m: Metrics, a, e, x, std: Standard, worst_n: int, shape, scale, terms: int) -> None:
    """Kinds "ulp" and "accumulate": every finite element against the exact value ``x``."""
    special_bad, finite = _special_mismatch(m, a, e)
    m.documented_failures = list(m.failures)
    with np.errstate(all="ignore"):
        diff = np.where(finite, np.abs(a - x), 0.0)
        rel = np.where(finite, diff / (np.abs(x) + REL_EPS), 0.0)
        u = np.where(finite, diff / ulp_of(x, m.dtype), 0.0)
    n_finite = max(int(finite.sum()), 1)
    m.max_abs_error, m.max_rel_error = float(diff.max()), float(rel.max())
    m.mere, m.mare, m.max_ulp = float(rel.sum() / n_finite), m.max_rel_error, float(u.max())
    m.ulp_histogram = ulp_histogram(u[finite])
    if std.kind == "ulp":
        badness = _ulp_rule(m, std, a, x, u, finite, special_bad, n_finite, shape)
        m.worst_metric = "ulp"
    else:
        badness = _accumulate_rule(m, std, x, diff, finite, special_bad, n_finite, shape, scale, terms)
        m.worst_metric = "x bound"
    m.worst = _worst(a, x, badness, shape, worst_n)
    m.failures += [f for f in m.documented_failures if f not in m.failures]


def _ulp_rule(m: Metrics, std: Standard, a, x, u, finite, special_bad, n_finite: int, shape):
    """Kind "ulp": the bound most elements meet, the hard cap every one meets, the sign of zero,
    msprobe's documented rule, structured errors. Returns each element's badness (its ulp error;
    Inf for a special-value or zero-sign mismatch)."""
    zero_bad = finite & (a == 0) & (np.signbit(a) != np.signbit(x))
    m.zero_sign_mismatch = int(zero_bad.sum())
    m.beyond_bound = int(np.count_nonzero(u > std.ulp_bound))
    n_over_cap = int(np.count_nonzero(u > std.ulp_cap))
    allowed = max(std.ulp_allow_min, int(np.floor(std.ulp_allow * n_finite)))
    mean = float(u.sum() / n_finite)
    if n_over_cap:
        m.failures.append(f"{n_over_cap} of {m.count} elements beyond {std.ulp_cap:g} ulp, "
                          f"max {m.max_ulp:.3g} ulp (hard bound; {std.source})")
    if m.beyond_bound > allowed and not (std.ulp_mean is not None and mean < std.ulp_mean):
        alt = f" and mean ULP {mean:.3g} >= {std.ulp_mean:g}" if std.ulp_mean else ""
        m.failures.append(f"{m.beyond_bound} of {m.count} elements beyond {std.ulp_bound:.4g} ulp, at most "
                          f"{allowed} allowed{alt} ({std.source})")
    if m.zero_sign_mismatch:
        m.failures.append(f"{m.zero_sign_mismatch} zero outputs with the wrong sign (the exact result's "
                          f"sign: IEEE 754 round to nearest keeps it)")
    _documented_ulp(m, u, n_finite, std)
    out = ULP_OUTLIER.get(m.dtype)
    _structured(m, u / std.ulp_bound, shape, max(std.ulp_allow, std.ulp_allow_min / n_finite), "ulp",
                std.ulp_bound, None if out is None else out / std.ulp_bound)
    return np.where(special_bad | zero_bad, np.inf, u)


def _documented_ulp(m: Metrics, u, n_finite: int, std: Standard) -> None:
    """msprobe's ULP method as products.md 3.4 states it (and 3.1's 10T for float32)."""
    thr, frac_max, mean_max = DOCUMENTED_ULP[m.dtype]
    frac = float(np.count_nonzero(u > thr)) / n_finite
    mean = float(u.sum()) / n_finite
    if not (frac < frac_max or (mean_max is not None and mean < mean_max)):
        alt = f" and mean ULP {mean:.3g} >= {mean_max:g}" if mean_max is not None else ""
        m.documented_failures.append(f"{frac:.3e} of the elements beyond {thr:g} ulp, at least {frac_max:g}"
                                     f"{alt} ({DOCUMENTED_SOURCE['ulp']})")
    if m.dtype == "float32" and std.ulp_cap is not None and m.max_ulp > std.ulp_cap:
        m.documented_failures.append(f"max {m.max_ulp:.3g} ulp beyond 10T ({std.ulp_cap:g} ulp; products.md 3.1)")


def accumulation_tolerance(std: Standard, x, scale, terms: int, dtype: str):
    """Per element: 0.5 ulp_out(|x| + g) + g with g = (lambda sqrt(n) + c) u_acc S, S = the larger
    of |x| and Σ|terms| (``scale``; non-finite terms count 0), floored at the small-value
    region's error where both vanish (ACC_FLOOR_SOURCE). Returns (tolerance, S)."""
    ax = np.abs(x)
    s = ax if scale is None else np.abs(np.asarray(scale, dtype=np.float64)).ravel()
    mag = np.maximum(np.where(np.isfinite(s), s, 0.0), ax)
    g = (std.acc_lambda * np.sqrt(max(int(terms), 1)) + std.acc_c) * std.acc_unit * mag
    with np.errstate(all="ignore"):
        tol = 0.5 * ulp_of(ax + g, dtype) + g
    if dtype in SMALL_VALUE:
        tol = np.where(mag == 0, np.maximum(tol, SMALL_VALUE[dtype][1]), tol)
    return tol, mag


def _accumulate_rule(m: Metrics, std: Standard, x, diff, finite, special_bad, n_finite: int, shape, scale,
                     terms: int):
    """Kind "accumulate": every element within the float32-accumulation bound, the documented
    MERE/MARE against max(|exact|, Σ|terms|), structured errors. Returns each element's badness
    (its error / the bound; Inf for a special-value mismatch)."""
    tol, mag = accumulation_tolerance(std, x, scale, terms, m.dtype)
    with np.errstate(all="ignore"):
        ratio = np.where(finite, diff / tol, 0.0)
    m.max_bound_ratio = float(ratio.max())
    m.beyond_bound = int((ratio > 1.0).sum())
    if m.beyond_bound:
        m.failures.append(f"{m.beyond_bound} of {m.count} elements beyond the float32-accumulation bound "
                          f"(n={terms}; worst |diff| = {m.max_bound_ratio:.3g} x bound; {std.source}; "
                          f"{ACC_FLOOR_SOURCE})")
    _documented_acc(m, diff[finite], mag[finite])
    _structured(m, ratio, shape, 1.0 / n_finite, "x bound", 1.0, None)
    return np.where(special_bad, np.inf, ratio)


def _documented_acc(m: Metrics, diff, denom) -> None:
    """products.md 3.1 MERE < T, MARE < 10T, relative to max(|exact|, Σ|terms|), with 3.2's
    small-value region judged by absolute error (at most 2 beyond it)."""
    t = ECOSYSTEM_T.get(m.dtype)
    if t is None:
        return
    thr, err = SMALL_VALUE[m.dtype]
    small = denom < thr
    n_small_bad = int((small & (diff > err)).sum())
    if n_small_bad > 2:
        m.documented_failures.append(f"{n_small_bad} small-value elements with |diff| > {err:.3e}, at most 2 "
                                     f"({SMALL_VALUE_SOURCE})")
    diff, denom = diff[~small], denom[~small]
    with np.errstate(all="ignore"):
        rel = diff / (denom + REL_EPS)
    mere = float(rel.sum()) / max(diff.size, 1)
    mare = float(rel.max()) if rel.size else 0.0
    if not mere < t:
        m.documented_failures.append(f"MERE {mere:.3e} >= T {t:.3e} ({DOCUMENTED_SOURCE['accumulate']})")
    if not mare < 10 * t:
        m.documented_failures.append(f"MARE {mare:.3e} >= 10T {10 * t:.3e} ({DOCUMENTED_SOURCE['accumulate']})")


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
