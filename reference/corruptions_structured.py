"""Corruption kinds of the mutation matrix that put errors in one place (issue 20): the bugs a
distribution rule lets through (a tail block or one block at lower precision, a biased lane, one
element slightly off), a reduction that drops NaN, ArgMax taking the last of tied maxima, and two
benign kinds (scattered float32 noise within msprobe's rule, one ulp on an exact-zero sum).

Each entry is ``(name, harmful, apply(ctx) -> outputs | None, doc)``; reference/corruptions.py
wraps them into its ``Kind`` and appends them to ``KINDS``. ``ctx`` is its ``Context``.
"""
from __future__ import annotations

import hashlib

import numpy as np

from . import ops as ref
from .ops_nn import arg_max

# significant bits of the "lower precision" an output is computed at: float32 at float16's
# precision (11 bits), float16 at bfloat16's (8), bfloat16 three bits fewer (5)
LOWER_BITS = {"float32": 11, "float16": 8, "bfloat16": 5}
# relative bias of the lane kind: float32 2^-16 (128-256 ulp: beyond msprobe's 32 ulp on 6.25 % of
# the elements, inside its mean-ULP < 64 alternative), float16 2^-8, bfloat16 2^-5 (4-8 ulp)
LANE_BIAS = {"float32": 2.0 ** -16, "float16": 2.0 ** -8, "bfloat16": 2.0 ** -5}
# accumulate class: a float32 accumulation may be (6 sqrt(n) + 8) 2^-24 sum|terms| off, which 2^-16
# of |y| does not exceed where the terms cancel or n is large; there the lane is biased by 2^-11
# (float16's unit roundoff: a lane accumulated at float16's precision)
LANE_BIAS_ACCUMULATE = 2.0 ** -11
REDUCE_IDENTITY = {"ReduceSumD": 0.0, "ReduceMeanD": 0.0, "ReduceMaxD": -np.inf}


def _seed(case, salt: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{case.id}/{salt}".encode()).digest()[:8], "little")


def lower_precision(y: np.ndarray, bits: int) -> np.ndarray:
    """``y`` with its significand rounded to ``bits`` significant bits (range kept), as ``y.dtype``."""
    w = y.astype(np.float64)
    with np.errstate(all="ignore"):
        m, e = np.frexp(w)
        r = np.ldexp(np.round(m * 2.0 ** bits) / 2.0 ** bits, e)
    r = np.where(np.isfinite(w), r, w)
    return ref.round_to(r, y.dtype).astype(y.dtype)


def _float_outputs(ctx, fn):
    """fn(flat copy, dtype name) on each float output with elements; None when there is none."""
    outs = [y.copy() for y in ctx.outputs]
    hit = False
    for y in outs:
        if not y.size or not ref.is_float(y.dtype) or str(y.dtype) not in LOWER_BITS:
            continue
        flat = y.reshape(-1)
        if fn(flat, str(y.dtype)) is not False:
            hit = True
    return outs if hit else None


def _tail(ctx):
    def fn(flat, dt):
        k = max(1, int(np.ceil(0.04 * flat.size)))
        flat[-k:] = lower_precision(flat[-k:], LOWER_BITS[dt])
    return _float_outputs(ctx, fn)


def _block(ctx):
    def fn(flat, dt):
        if flat.size < 64:
            return False
        s = _seed(ctx.case, "block") % (flat.size - 32 + 1)
        flat[s:s + 32] = lower_precision(flat[s:s + 32], LOWER_BITS[dt])
    return _float_outputs(ctx, fn)


def _lane(ctx):
    def fn(flat, dt):
        if flat.size < 16:
            return False
        r = _seed(ctx.case, "lane") % 16
        b = max(LANE_BIAS[dt], LANE_BIAS_ACCUMULATE) if ctx.case.op.tolerance == "accumulate" else LANE_BIAS[dt]
        v = flat[r::16].astype(np.float64)
        with np.errstate(all="ignore"):
            flat[r::16] = np.where(np.isfinite(v), ref.round_to(v * (1 + b), flat.dtype), flat[r::16])
    return _float_outputs(ctx, fn)


def _one_tenth_percent(ctx):
    def fn(flat, dt):
        w = flat.astype(np.float64)
        cand = np.flatnonzero(np.isfinite(w) & (w != 0) & (np.abs(w) < ref.largest_finite(flat.dtype) / 2))
        if not cand.size:
            return False
        k = int(cand[np.argmax(np.abs(w[cand]))])   # the largest: where every class's bound is tightest
        flat[k] = ref.round_to(w[k:k + 1] * 1.001, flat.dtype)[0]
    return _float_outputs(ctx, fn)


def _drops_nan(ctx):
    """ReduceSumD/ReduceMeanD/ReduceMaxD with every NaN input taken as the reduction's identity
    (a kernel that skips NaN: nansum, nanmax); None where no input element is NaN."""
    case = ctx.case
    ident = REDUCE_IDENTITY.get(case.op.name)
    if ident is None:
        return None
    xs = case.inputs()
    x = xs[0]
    if not ref.is_float(x.dtype) or not np.isnan(x.astype(np.float64)).any():
        return None
    w = x.astype(np.float64)
    x2 = ref.round_to(np.where(np.isnan(w), ident, w), x.dtype).astype(x.dtype)
    got = case.op.reference([x2] + list(xs[1:]), case.sample.attr_dict, case.out_dtypes(),
                            ctx.product.saturation_mode)
    # Such a kernel differs from the correct one exactly where a NaN decided a result (an output
    # that is NaN only because of the NaN input); elsewhere it computes the same as the simulator.
    # Taking the reference's values everywhere would mix in its own rounding and could leave the
    # NaN untouched (a group that is NaN anyway, e.g. +Inf with -Inf), counting a case as changed
    # that the kind never changed.
    outs, hit = [], False
    for g, o in zip(got, ctx.outputs):
        g = np.asarray(g).astype(o.dtype).reshape(o.shape)
        y = o.copy()
        if ref.is_float(o.dtype):
            moved = np.isnan(o.astype(np.float64)) & ~np.isnan(g.astype(np.float64))
            y[moved] = g[moved]
            hit |= bool(moved.any())
        outs.append(y)
    return outs if hit else None


def _argmax_last(ctx):
    """ArgMaxV2 returning the last of tied maxima; None where the case has no tie."""
    case = ctx.case
    if case.op.name != "ArgMaxV2" or not ctx.outputs[0].size:
        return None
    xs = case.inputs()
    x, axis = xs[0], int(np.asarray(xs[1]).reshape(-1)[0]) % xs[0].ndim
    y = ctx.outputs[0]
    first = arg_max(x, axis, y.dtype)
    last = (x.shape[axis] - 1 - arg_max(np.flip(x, axis), axis, np.int64)).astype(y.dtype)
    if np.array_equal(first, last):
        return None
    return [last.reshape(y.shape)] + [o.copy() for o in ctx.outputs[1:]]


def _scattered(ctx):
    """ulp class float32: 4 % of the finite elements, at random places, 40 ulp off (msprobe:
    fewer than 5 % beyond 32 ulp, products.md 3.4; under the project's 64-ulp outlier level)."""
    if ctx.case.op.tolerance != "ulp":
        return None

    def fn(flat, dt):
        if dt != "float32":
            return False
        w = flat.astype(np.float64)
        cand = np.flatnonzero(np.isfinite(w) & (np.abs(w) < 1e37) & (w != 0))
        n = int(np.floor(0.04 * np.isfinite(w).sum()))
        if not n or not cand.size:
            return False
        pick = cand[np.random.default_rng(_seed(ctx.case, "scattered")).permutation(cand.size)[:n]]
        base = w[pick]
        step = np.exp2(np.floor(np.log2(np.abs(base))) - 23)
        flat[pick] = (base + 40 * step * np.sign(base)).astype(np.float32)
    return _float_outputs(ctx, fn)


def _zero_exact_ulp(ctx):
    """accumulate class: one ulp (the smallest subnormal) on every output whose exact value and
    Σ|terms| are both 0: the domain of the small-value floor (where Σ|terms| > 0, e.g. s + (-s), the
    bound scales with the terms and one ulp there is not within the standard)."""
    if ctx.case.op.tolerance != "accumulate" or ctx.exact is None:
        return None
    outs = [y.copy() for y in ctx.outputs]
    scales = ctx.scales if ctx.scales is not None else [None] * len(outs)
    hit = False
    for y, x, sc in zip(outs, ctx.exact, scales):
        if x is None or not y.size or not ref.is_float(y.dtype):
            continue
        xv = np.broadcast_to(np.asarray(x, np.float64), y.shape).reshape(-1)
        flat = y.reshape(-1)
        z = (xv == 0) & (flat.astype(np.float64) == 0)
        if sc is not None:
            z &= np.broadcast_to(np.asarray(sc, np.float64), y.shape).reshape(-1) == 0
        if z.any():
            tiny = np.nextafter(np.zeros(1, dtype=y.dtype), np.ones(1, dtype=y.dtype))[0]
            flat[z] = tiny
            hit = True
    return outs if hit else None


STRUCTURED = (
    ("tail_4pct_low_precision", True, _tail,
     "the last 4% of the elements at lower precision (float32 at float16's 11 bits; fp16 8, bf16 5 bits)"),
    ("block_32_low_precision", True, _block, "one block of 32 elements at lower precision (outputs >= 64)"),
    ("lane_16_biased", True, _lane, "every 16th element biased (fp32 2^-16, fp16 2^-8, bf16 2^-5 relative; accumulate class at least 2^-11)"),
    ("one_element_0.1pct", True, _one_tenth_percent, "one element off by 0.1%"),
    ("reduction_drops_nan", True, _drops_nan, "ReduceSumD/ReduceMeanD/ReduceMaxD skipping NaN inputs"),
    ("argmax_last_tie", True, _argmax_last, "ArgMaxV2 returning the last of tied maxima (cases with ties)"),
    ("benign_scattered_fp32", False, _scattered,
     "ulp class fp32: 4% of the elements scattered at 40 ulp (msprobe: < 5% beyond 32)"),
    ("benign_zero_exact_ulp", False, _zero_exact_ulp,
     "accumulate class: one ulp on an exact-zero result (the small-value floor)"),
)
