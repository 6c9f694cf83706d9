"""Where the errors of one comparison are, not only how many (issue 20, "structured errors").

A distribution rule (msprobe's "at most p of the elements beyond the threshold") lets through a
kernel whose errors all sit in one place: the tail block of a tiled loop computed at lower
precision, one block of a vector unit, every k-th lane, one row or column, or one element far off.
``find`` looks for those shapes in the elements beyond the per-element threshold, vectorised over
the whole output once, and names what it found ("the last 41 of 1024 elements, max 203 ulp").

The thresholds are this project's rule, derived from the standard's own allowance ``p`` (the
fraction of elements the standard lets exceed the per-element threshold): if the elements beyond
it were scattered independently at rate p, a run of k of them at a given place has probability
p^k, and a run anywhere among n elements about n p^k. A shape is reported only where that
probability is below ``CHANCE`` (1e-6), so noise the standard allows is never called a pattern.
"""
from __future__ import annotations

import math

import numpy as np

CHANCE = 1e-6          # this project's rule: a pattern this unlikely under the allowed noise is a bug
LANE_STRIDES = (2, 4, 8, 16, 32, 64, 128)
LANE_FILL = 0.9        # a lane is "bad" when this fraction of its elements is beyond the threshold
SOURCE = ("structured-error rule (this project's: issue 20; a run of k beyond-threshold elements "
          "is reported where the standard's allowed rate p makes it less likely than 1e-6)")


def run_length(p: float, places: int = 1) -> int:
    """The shortest run of beyond-threshold elements that scattered noise at rate ``p`` forms at
    one of ``places`` positions with probability below CHANCE (at least 2)."""
    p = min(max(p, 1e-12), 0.5)
    return max(2, math.ceil(math.log(CHANCE / max(places, 1)) / math.log(p)))


def _at(i: int, shape) -> tuple[int, ...]:
    return tuple(int(v) for v in np.unravel_index(int(i), shape))


def _runs(bad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Start and (exclusive) end of every run of True in the 1-D ``bad``."""
    d = np.diff(np.concatenate(([0], bad.view(np.int8), [0])))
    return np.flatnonzero(d == 1), np.flatnonzero(d == -1)


def find(excess: np.ndarray, shape: tuple[int, ...], *, allowed: float, unit: str = "ulp",
         scale: float = 1.0, outlier: float | None = None) -> list[str]:
    """Structured errors in ``excess`` (flat, finite elements' error divided by the per-element
    threshold: > 1 is beyond it; 0 for elements not judged). ``allowed``: the fraction of elements
    the standard lets exceed the threshold; ``scale`` converts excess back to ``unit`` for the
    message; ``outlier``: an element with excess above this is reported on its own. Returns one
    description per pattern found (empty: none)."""
    n = excess.size
    bad = excess > 1.0
    nbad = int(bad.sum())
    if not nbad:
        return []
    out: list[str] = []

    def worst(sl) -> str:
        return f"max {float(excess[sl].max()) * scale:.3g} {unit}"

    if nbad >= 0.5 * n:          # most elements wrong: a uniform failure, the distribution rule's case
        return []
    k_at = run_length(allowed, 1)
    k_any = run_length(allowed, n)
    starts, ends = _runs(bad)
    lengths = ends - starts
    tail = int(lengths[-1]) if ends[-1] == n else 0
    if tail >= k_at:
        out.append(f"the last {tail} of {n} elements, {worst(slice(n - tail, n))}")
    row = shape[-1] if len(shape) >= 2 and shape[-1] > 1 else 0
    for s, e in zip(starts, ends):
        if e - s < k_any or (e == n and tail >= k_at):
            continue
        if row and s % row == 0 and e - s == row:
            where = f"row {_at(s, shape)[:-1]} (all {row} elements)"
        else:
            where = f"a block of {e - s} elements at flat [{s}, {e})"
        out.append(f"{where}, {worst(slice(s, e))}")
        if len(out) >= 4:
            break
    strides = sorted({*LANE_STRIDES, row} - {0})
    idx = np.flatnonzero(bad)
    for stride in strides:
        lane_n = n // stride
        if lane_n < k_at or stride >= n:
            continue
        counts = np.bincount(idx % stride, minlength=stride)
        full = np.flatnonzero(counts >= LANE_FILL * lane_n)
        if full.size and full.size <= stride // 2 and lane_n >= run_length(allowed, stride):
            lanes = ", ".join(str(int(r)) for r in full[:4]) + ("..." if full.size > 4 else "")
            what = "column" if stride == row and len(shape) >= 2 else f"every {stride}th element from"
            out.append(f"{what} {lanes} ({int(counts[full].sum())} of {n} elements), "
                       f"{worst(np.isin(np.arange(n) % stride, full))}")
            break
    if outlier is not None:
        far = np.flatnonzero(excess > outlier)
        if far.size:
            typical = float(np.median(excess)) * scale
            i = int(far[np.argmax(excess[far])])
            out.append(f"{far.size} element(s) far beyond the typical error: {_at(i, shape)} at "
                       f"{float(excess[i]) * scale:.3g} {unit} (median {typical:.3g} {unit}, limit "
                       f"{outlier * scale:.3g} {unit})")
    return out
