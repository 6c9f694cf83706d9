"""Judge a device result against the reference and explain any failure on its own.

``compare`` returns metrics (never just a boolean); ``assert_close`` turns a failed judgement into
a message naming the clause, the case, the metric with its threshold and source, and the worst
elements, in the style of array-api-tests' pytest_helpers.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# CANN ecosystem standard, single golden: MERE < T and MARE < 10 T (products.md 3.1, CANNBOT
# OPS_PRECISION_STANDARDS.md). Relative error per element: |actual - golden| / (|golden| + 1e-7).
ECOSYSTEM_T = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -13}
STANDARD_SOURCE = "CANN ecosystem standard (products.md 3.1)"


@dataclass
class Metrics:
    dtype: str
    count: int
    exact: bool
    max_abs_error: float = 0.0
    max_rel_error: float = 0.0
    mere: float = 0.0
    mare: float = 0.0
    mismatched: int = 0
    nan_mismatch: int = 0
    inf_mismatch: int = 0
    worst: list[tuple[tuple[int, ...], float, float, float]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def _wide(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float64) if a.dtype.kind not in "iub" else a.astype(np.int64)


def compare(actual: np.ndarray, expected: np.ndarray, *, worst_n: int = 10) -> Metrics:
    """Metrics of actual vs expected (same shape and dtype); integer/bool dtypes are exact."""
    if actual.shape != expected.shape:
        m = Metrics(str(expected.dtype), expected.size, True)
        m.failures.append(f"shape {actual.shape} != expected {expected.shape}")
        return m
    dtype = str(expected.dtype)
    exact = expected.dtype.kind in "iub" or dtype not in ECOSYSTEM_T
    a, e = _wide(actual).ravel(), _wide(expected).ravel()
    m = Metrics(dtype, e.size, exact)
    if e.size == 0:
        return m
    if exact:
        diff = a != e
        if expected.dtype.kind == "f":            # exact compare that treats NaN == NaN
            diff &= ~(np.isnan(a) & np.isnan(e))
        m.mismatched = int(diff.sum())
        idx = np.flatnonzero(diff)[:worst_n]
        m.worst = [(np.unravel_index(i, expected.shape), float(a[i]), float(e[i]), float("inf"))
                   for i in idx]
        if m.mismatched:
            m.failures.append(f"{m.mismatched} of {m.count} elements differ (bit-exact required)")
        return m
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    inf_a, inf_e = np.isinf(a), np.isinf(e)
    m.nan_mismatch = int((nan_a != nan_e).sum())
    m.inf_mismatch = int(((inf_a != inf_e) | (inf_a & inf_e & (np.sign(a) != np.sign(e)))).sum())
    finite = ~(nan_a | nan_e | inf_a | inf_e)
    abs_err = np.where(finite, np.abs(a - e), 0.0)
    rel_err = abs_err / (np.abs(e) + 1e-7)
    m.max_abs_error = float(abs_err.max())
    m.max_rel_error = float(rel_err.max())
    n_finite = max(int(finite.sum()), 1)
    m.mere = float(rel_err.sum() / n_finite)
    m.mare = m.max_rel_error
    order = np.argsort(-rel_err, kind="stable")[:worst_n]
    m.worst = [(np.unravel_index(i, expected.shape), float(a[i]), float(e[i]), float(rel_err[i]))
               for i in order if rel_err[i] > 0]
    t = ECOSYSTEM_T[dtype]
    if m.nan_mismatch:
        m.failures.append(f"NaN positions differ in {m.nan_mismatch} elements")
    if m.inf_mismatch:
        m.failures.append(f"Inf positions or signs differ in {m.inf_mismatch} elements")
    if not m.mere < t:
        m.failures.append(f"MERE {m.mere:.3e} >= threshold {t:.3e} (T for {dtype}, {STANDARD_SOURCE})")
    if not m.mare < 10 * t:
        m.failures.append(f"MARE {m.mare:.3e} >= threshold {10 * t:.3e} (10T for {dtype}, {STANDARD_SOURCE})")
    return m


def explain(m: Metrics, *, clause: str, case: str) -> str:
    lines = [f"[{clause}] {case}: result does not match the numpy reference",
             *(f"  - {f}" for f in m.failures),
             f"  metrics: count={m.count} max_abs={m.max_abs_error:.3e} max_rel={m.max_rel_error:.3e} "
             f"MERE={m.mere:.3e} MARE={m.mare:.3e} mismatched={m.mismatched}"]
    if m.worst:
        lines.append("  worst elements (index: actual vs expected, rel. error):")
        lines += [f"    {tuple(int(i) for i in idx)}: {act!r} vs {exp!r} ({rel:.3e})"
                  for idx, act, exp, rel in m.worst]
    return "\n".join(lines)


def assert_close(actual: np.ndarray, expected: np.ndarray, *, clause: str, case: str) -> Metrics:
    m = compare(actual, expected)
    assert m.passed, explain(m, clause=clause, case=case)
    return m
