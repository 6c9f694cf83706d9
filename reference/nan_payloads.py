"""NaN payloads of data movement: an op whose every output element is an input element's bytes
(TransposeD, ConcatD, GatherV2, Slice: ``OpInfo.keeps_nan_bits``) carries each NaN's sign and
payload bit for bit (IEEE 754-2019 §6.2.3: copy operations preserve the payload; docs/FIDELITY.md).

The bitwise comparison (reference/compare.py) lets any NaN stand for any NaN, which is right for
arithmetic (which NaN an Add of two NaNs returns is not defined); ``check`` adds the payload rule
to a comparison's Metrics for the ops that copy bytes. It is part of the bitwise class, whose
results are defined exactly, so it fails both verdicts (documented and project).
"""
from __future__ import annotations

import numpy as np

from .ops import is_float

SOURCE = "data movement copies bytes: IEEE 754-2019 §6.2.3, copy operations preserve a NaN's sign and payload"
SHOWN = 5


def _bits(a: np.ndarray) -> np.ndarray:
    a = np.ascontiguousarray(a).reshape(-1)
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def nan_mask(a: np.ndarray) -> np.ndarray:
    """The NaN elements of a float array (float16/bfloat16 widened), flat."""
    with np.errstate(invalid="ignore"):
        return np.isnan(np.ascontiguousarray(a).reshape(-1).astype(np.float32))


def changed(actual: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Flat indices where both are NaN and their bits differ (NaN against a number is the
    comparison's own finding)."""
    if not is_float(expected.dtype) or actual.shape != expected.shape or actual.dtype != expected.dtype:
        return np.zeros(0, dtype=np.intp)
    both = nan_mask(actual) & nan_mask(expected)
    return np.flatnonzero(both & (_bits(actual) != _bits(expected)))


def check(m, actual: np.ndarray, expected: np.ndarray):
    """``m`` (reference.compare.Metrics of actual vs expected) with a failure naming every NaN
    whose bits changed (counted in ``mismatched``) and its two verdicts recomputed."""
    bad = changed(actual, expected)
    if not bad.size:
        return m
    a, e = _bits(actual), _bits(expected)
    width = 2 * actual.dtype.itemsize
    shown = ", ".join(f"{tuple(int(j) for j in np.unravel_index(i, expected.shape))}: "
                      f"{int(e[i]):#0{width + 2}x} -> {int(a[i]):#0{width + 2}x}" for i in bad[:SHOWN])
    more = f", {bad.size - SHOWN} more" if bad.size > SHOWN else ""
    text = (f"{bad.size} of {int(nan_mask(expected).sum())} NaNs changed their bits (expected -> actual at "
            f"{shown}{more}; {SOURCE})")
    m.mismatched += int(bad.size)
    m.failures.append(text)
    m.documented_failures.append(text)
    m.standards = m.verdicts()
    return m
