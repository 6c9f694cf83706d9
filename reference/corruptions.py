"""Output corruptions for the mutation matrix (``python -m harness mutate``): realistic ways a
kernel's outputs can be wrong (harmful: the numeric verdict must catch them) and valid deviations
within the precision standard (benign: it must not flag them).

A kind is data: a name, harmful or not, its goal, and ``apply(ctx) -> outputs | None`` (None: not
applicable to this case). ``ctx`` is a ``Context``: the case (fixtures.catalog.NumericCase), the
simulator's correct outputs, the product and the previous case's outputs. Every kind returns new
arrays and never changes ``ctx.outputs``.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import ops as ref
from .compare import ulp_of
from .corruptions_nan import NAN_KINDS
from .corruptions_structured import STRUCTURED

HARMFUL_GOAL = 0.99


@dataclass
class Context:
    case: object                     # fixtures.catalog.NumericCase
    outputs: list[np.ndarray]        # the simulator's outputs, judged correct
    product: object
    previous: list[np.ndarray] | None = None   # the previous case's outputs (same shapes/dtypes) or None
    exact: list[np.ndarray | None] | None = None   # the float64 values the "ulp" class judges against
    scales: list[np.ndarray | None] | None = None  # per output, Σ|terms| the accumulate class scales with


@dataclass(frozen=True)
class Kind:
    name: str
    harmful: bool
    apply: Callable[[Context], list[np.ndarray] | None]
    doc: str
    goal: float = HARMFUL_GOAL


# ------------------------------------------------------------------ helpers
def _floats(y: np.ndarray) -> bool:
    return ref.is_float(y.dtype)


def _w(y: np.ndarray) -> np.ndarray:
    return y.astype(np.float64)


def _seed(case, salt: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{case.id}/{salt}".encode()).digest()[:8], "little")


def _first_nonempty(outs) -> int | None:
    return next((i for i, y in enumerate(outs) if y.size), None)


def _each_float(ctx: Context, fn) -> list[np.ndarray] | None:
    """fn(y) on every float output with elements; None when there is none."""
    outs = [y.copy() for y in ctx.outputs]
    hit = False
    for i, y in enumerate(outs):
        if y.size and _floats(y):
            outs[i] = fn(y)
            hit = True
    return outs if hit else None


def _bits(y: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(y).view(np.dtype(f"u{y.dtype.itemsize}")).reshape(y.shape)


def _from_bits(b: np.ndarray, dtype) -> np.ndarray:
    return b.view(dtype)


def _wide_reference(case, product, out_dtype: str) -> list[np.ndarray]:
    """The case's reference with every float16/bfloat16 output computed as ``out_dtype``."""
    outs = [out_dtype if d in ("float16", "bfloat16") else d for d in case.out_dtypes()]
    return case.op.reference(case.inputs(), case.sample.attr_dict, outs, product.saturation_mode)


def round_toward_zero(x: np.ndarray, dtype) -> np.ndarray:
    """float32/float64 values to ``dtype`` rounding toward zero (truncation of the bits)."""
    dtype = np.dtype(dtype)
    with np.errstate(all="ignore"):
        r = ref.round_to(x, dtype)
        w = r.astype(np.float64)
        xv = np.asarray(x, dtype=np.float64)
        away = np.isfinite(xv) & (np.abs(w) > np.abs(xv))
        step = np.nextafter(r, np.zeros_like(r))
        return np.where(away, step, r).astype(dtype)


def round_half_away(x: np.ndarray, dtype) -> np.ndarray:
    """float64 values to ``dtype`` rounding halfway cases away from zero (others to nearest)."""
    dtype = np.dtype(dtype)
    with np.errstate(all="ignore"):
        r = ref.round_to(x, dtype)
        xv = np.asarray(x, dtype=np.float64)
        w = r.astype(np.float64)
        q = ulp_of(np.abs(xv), str(dtype))
        tie_down = np.isfinite(xv) & (np.abs(np.abs(xv) - np.abs(w)) == q / 2) & (np.abs(w) < np.abs(xv))
        up = np.nextafter(r, np.copysign(np.array(np.inf, dtype=dtype), r))
        return np.where(tie_down, up, r).astype(dtype)


# ------------------------------------------------------------------ harmful kinds
def _one_arbitrary(ctx):
    i = _first_nonempty(ctx.outputs)
    if i is None:
        return None
    outs = [y.copy() for y in ctx.outputs]
    y = outs[i].reshape(-1)
    k = _seed(ctx.case, "one") % y.size
    if _floats(y):
        v = _w(y[k:k + 1])[0]
        y[k] = -1000.0 if abs(v - 1000.0) < 500 else 1000.0
    elif y.dtype.kind == "b":
        y[k] = ~y[k]
    else:
        y[k] = y[k] ^ np.array(0x55, dtype=y.dtype)     # another value, in range
    return outs


def _two_smallest(ctx):
    i = _first_nonempty(ctx.outputs)
    if i is None or ctx.outputs[i].size < 2 or not _floats(ctx.outputs[i]):
        return None
    outs = [y.copy() for y in ctx.outputs]
    y = outs[i].reshape(-1)
    w = _w(y)
    fin = np.isfinite(w)
    if fin.sum() < 2:
        return None
    mag = np.where(fin, np.abs(w), np.inf)
    k = np.argsort(mag, kind="stable")[:2]
    delta = max(1.0, float(np.abs(w[fin]).max()))
    y[k] = ref.round_to(w[k] + delta, y.dtype)
    return outs


def _last_zero(ctx):
    i = _first_nonempty(ctx.outputs)
    if i is None:
        return None
    outs = [y.copy() for y in ctx.outputs]
    outs[i].reshape(-1)[-1] = 0
    return outs


def _ulps(k):
    def apply(ctx):
        if ctx.case.op.tolerance not in ("bitwise", "exact"):
            return None
        outs = [y.copy() for y in ctx.outputs]
        hit = False
        for i, y in enumerate(outs):
            if not y.size or y.dtype.kind == "b":
                continue
            hit = True
            if _floats(y):
                z = y.copy()
                fin = np.isfinite(_w(z)) & (np.abs(_w(z)) < ref.largest_finite(y.dtype))
                with np.errstate(over="ignore"):   # nextafter of the masked-out largest values
                    for _ in range(k):
                        z = np.where(fin, np.nextafter(z, np.array(np.inf, dtype=z.dtype)), z).astype(y.dtype)
                outs[i] = z
            else:
                outs[i] = (y.astype(np.int64) + k).astype(y.dtype)
        return outs if hit else None
    return apply


def _bias(b):
    def apply(ctx):
        def fn(y):
            w = _w(y)
            with np.errstate(all="ignore"):
                return np.where(np.isfinite(w), ref.round_to(w * (1 + b), y.dtype), y).astype(y.dtype)
        return _each_float(ctx, fn)
    return apply


def _zero_sign(ctx):
    return _each_float(ctx, lambda y: np.where(_w(y) == 0, -y, y).astype(y.dtype))


def _nan_to_zero(ctx):
    return _each_float(ctx, lambda y: np.where(np.isnan(_w(y)), np.zeros_like(y), y).astype(y.dtype))


def _inf_to_max(ctx):
    def fn(y):
        mx = np.array(ref.largest_finite(y.dtype), dtype=y.dtype)
        w = _w(y)
        return np.where(np.isposinf(w), mx, np.where(np.isneginf(w), -mx, y)).astype(y.dtype)
    return _each_float(ctx, fn)


def _truncating(ctx):
    """float16/bfloat16 outputs stored by truncating the float32 result (what a kernel with a
    round-toward-zero store produces): the float32 reference, rounded toward zero."""
    if not any(d in ("float16", "bfloat16") for d in ctx.case.out_dtypes()):
        return None
    wide = _wide_reference(ctx.case, ctx.product, "float32")
    outs = []
    for y, w in zip(ctx.outputs, wide):
        if str(y.dtype) in ("float16", "bfloat16") and y.size:
            z = round_toward_zero(w.astype(np.float64), y.dtype)
            outs.append(ref.saturate(z) if ctx.product.saturation_mode else z)
        else:
            outs.append(y.copy())
    return outs


ACCUMULATING = ("ReduceSumD", "AddN", "MatMulV2", "BatchMatMulV2")


def _reduce_layout(case):
    """ReduceSumD input as (kept..., reduced-flattened) and the output shape."""
    x = case.inputs()[0]
    shape = x.shape
    axes = sorted({a % len(shape) for a in case.sample.attr_dict["axes"]})
    keep = [d for d in range(len(shape)) if d not in axes]
    moved = np.transpose(x, keep + axes).reshape([shape[d] for d in keep] + [-1])
    return moved, case.op.out_shapes(case.sample)[0]


def _mm_operands(case):
    xs = case.inputs()
    a = case.sample.attr_dict
    t1 = a.get("transpose_x1", a.get("adj_x1", False))
    t2 = a.get("transpose_x2", a.get("adj_x2", False))
    x1 = np.swapaxes(xs[0], -1, -2) if t1 else xs[0]
    x2 = np.swapaxes(xs[1], -1, -2) if t2 else xs[1]
    return x1, x2, xs[2]


def _accumulate(ctx, acc_dtype, reverse=False):
    """The accumulating op computed term by term, each partial sum rounded to ``acc_dtype``,
    then rounded once to the output dtype; None where not applicable."""
    case = ctx.case
    if case.op.name not in ACCUMULATING or not _floats(ctx.outputs[0]) or not ctx.outputs[0].size:
        return None
    dt = np.dtype(acc_dtype)
    rd = (lambda v: ref.round_to(v, dt).astype(np.float64)) if dt != np.float32 else \
        (lambda v: v.astype(np.float32).astype(np.float64))
    if case.op.name == "ReduceSumD":
        x, out_shape = _reduce_layout(case)
        terms = [_w(x[..., k]) for k in range(x.shape[-1])]
    elif case.op.name == "AddN":
        terms, out_shape = [_w(t) for t in case.inputs()[0]], ctx.outputs[0].shape
    else:
        x1, x2, bias = _mm_operands(case)
        if x1.dtype.kind in "iu":
            return None
        out_shape = ctx.outputs[0].shape
        terms = [np.broadcast_to(_w(x1[..., :, k:k + 1]) * _w(x2[..., k:k + 1, :]), out_shape)
                 for k in range(x1.shape[-1])]
        if bias is not None:
            terms.append(np.broadcast_to(_w(bias), out_shape))
    if reverse:
        terms = terms[::-1]
    acc = np.zeros(np.broadcast_shapes(*[t.shape for t in terms]) if terms else (), np.float64)
    with np.errstate(all="ignore"):
        for t in terms:
            acc = rd(acc + t)
    y = ref.finish(acc.reshape(out_shape), ctx.outputs[0].dtype, ctx.product.saturation_mode)
    return [y.astype(ctx.outputs[0].dtype)] + [o.copy() for o in ctx.outputs[1:]]


def _acc_input_dtype(ctx):
    if ctx.case.dtype not in ("float16", "bfloat16"):
        return None
    return _accumulate(ctx, ctx.case.dtype)


def _drop_term(ctx):
    """One term of the accumulation left out (the last along the reduced axis / k / x list)."""
    case = ctx.case
    if case.op.name not in ACCUMULATING + ("SoftmaxV2", "LayerNorm") or not ctx.outputs[0].size:
        return None
    xs = [list(x) if isinstance(x, list) else (None if x is None else x.copy()) for x in case.inputs()]
    a = case.sample.attr_dict
    if case.op.name == "AddN":
        xs[0][-1] = np.zeros_like(xs[0][-1])
    elif case.op.name in ("MatMulV2", "BatchMatMulV2"):
        t1 = a.get("transpose_x1", a.get("adj_x1", False))
        if xs[0].shape[-2 if t1 else -1] == 0:
            return None
        if t1:
            xs[0][..., -1, :] = 0
        else:
            xs[0][..., :, -1] = 0
    else:
        x = xs[0]
        axes = a.get("axes", (-1,)) if case.op.name != "LayerNorm" else [x.ndim - 1]
        ax = sorted({v % x.ndim for v in axes})[-1]
        if x.shape[ax] < 2 and case.op.name != "ReduceSumD":
            return None
        idx = [slice(None)] * x.ndim
        idx[ax] = -1
        if case.op.name == "SoftmaxV2":   # exp(-inf) = 0: the term drops out of the sum
            x = x.astype(np.float64)
            x[tuple(idx)] = -np.inf
            xs[0] = ref.round_to(x, case.inputs()[0].dtype)
        else:
            x[tuple(idx)] = 0
    return [np.asarray(y) for y in case.op.reference(xs, a, case.out_dtypes(), ctx.product.saturation_mode)]


def _swap_two(ctx):
    i = _first_nonempty(ctx.outputs)
    if i is None:
        return None
    outs = [y.copy() for y in ctx.outputs]
    y = outs[i].reshape(-1)
    b = _bits(y)
    diff = np.flatnonzero(b != b[0])
    if not diff.size:
        return None
    j = int(diff[len(diff) // 2])
    y[0], y[j] = y[j].copy(), y[0].copy()
    return outs


def _transposed(ctx):
    i = _first_nonempty(ctx.outputs)
    if i is None:
        return None
    y = ctx.outputs[i]
    if y.ndim < 2 or y.shape[-1] < 2 or y.shape[-2] < 2:
        return None
    outs = [o.copy() for o in ctx.outputs]
    outs[i] = np.ascontiguousarray(np.swapaxes(y, -1, -2)).reshape(y.shape)
    return outs


def _stale(ctx):
    return None if ctx.previous is None else [p.copy() for p in ctx.previous]


# ------------------------------------------------------------------ benign kinds
def _faithful(ctx):
    """ulp class, float16/bfloat16: as many elements as the standard allows (max(1, 0.1 %))
    rounded to the other neighbour of the exact value (< 1 ulp from it)."""
    case = ctx.case
    if case.op.tolerance != "ulp" or ctx.exact is None:
        return None
    exact = ctx.exact
    outs = [y.copy() for y in ctx.outputs]
    hit = False
    for y, x in zip(outs, exact):
        if str(y.dtype) not in ("float16", "bfloat16") or not y.size or x is None:
            continue
        w, xv = _w(y).reshape(-1), np.asarray(x, np.float64).reshape(-1)
        cand = np.flatnonzero(np.isfinite(w) & np.isfinite(xv) & (w != xv) & (np.abs(w) < ref.largest_finite(y.dtype)))
        if not cand.size:
            continue
        # the allowance counts the finite elements, as the standard does (reference/compare.py: ulp
        # is defined for finite values only; NaN/Inf positions are judged apart). Pow's outputs are
        # about half NaN (negative bases, non-integer exponents): 0.1 % of all elements was twice
        # the allowance there, which is why this kind flagged Pow's large cases (issue 20).
        n = max(1, int(np.floor(1e-3 * int(np.isfinite(w).sum()))))
        pick = cand[np.random.default_rng(_seed(case, "faithful")).permutation(cand.size)[:n]]
        flat = y.reshape(-1)
        toward = np.where(xv[pick] > w[pick], np.inf, -np.inf).astype(y.dtype)
        flat[pick] = np.nextafter(flat[pick], toward)
        hit = True
    return outs if hit else None


def _fp32_ulps(ctx):
    """ulp class, float32: every finite element moved by 8 ulp (msprobe: 32 ulp, products.md 3.4)."""
    if ctx.case.op.tolerance != "ulp":
        return None
    outs = [y.copy() for y in ctx.outputs]
    hit = False
    for i, y in enumerate(outs):
        if y.dtype != np.float32 or not y.size:
            continue
        z = y.copy()
        fin = np.isfinite(z) & (np.abs(z) < np.float32(1e38))
        with np.errstate(over="ignore"):       # nextafter of the masked-out largest values
            for _ in range(8):
                z = np.where(fin, np.nextafter(z, np.float32(np.inf)), z).astype(np.float32)
        outs[i] = z
        hit = True
    return outs if hit else None


def _fp32_reverse_order(ctx):
    """accumulate class: another valid float32 kernel (sequential float32 sum, reverse order)."""
    return _accumulate(ctx, "float32", reverse=True)


def _nan_payload(ctx):
    """bitwise/exact classes: NaN with another payload (any NaN equals any NaN), except where the
    op moves data and must keep NaN bits (harmful there: reference/corruptions_nan.py)."""
    if ctx.case.op.tolerance not in ("bitwise", "exact") or getattr(ctx.case.op, "keeps_nan_bits", False):
        return None

    def fn(y):
        b = _bits(y).copy()
        nan = np.isnan(_w(y))
        qnan = {2: (0x7E01, 0x7FC1), 4: (0x7FC00001, 0x7FC00001)}[y.itemsize]
        alt = qnan[1] if str(y.dtype) == "bfloat16" else qnan[0]
        sign = b & np.array(1 << (8 * y.itemsize - 1), dtype=b.dtype)
        new = sign | np.array(alt, dtype=b.dtype)
        new = np.where(new == b, new + np.array(1, dtype=b.dtype), new)    # always another payload
        b[nan] = new[nan]
        return _from_bits(b, y.dtype)
    return _each_float(ctx, fn)


def _acc_zero_sign(ctx):
    """accumulate class: the sign of a zero sum flipped (free: reference/standards.py)."""
    if ctx.case.op.tolerance != "accumulate":
        return None
    return _zero_sign(ctx)


KINDS: tuple[Kind, ...] = (
    Kind("one_arbitrary", True, _one_arbitrary, "one element set to an arbitrary value (1000)"),
    Kind("two_smallest_wrong", True, _two_smallest, "the two smallest-magnitude elements off by max(1, max|y|)"),
    Kind("last_zero", True, _last_zero, "the last element zero (a kernel that misses the tail)"),
    Kind("ulp+1_exact", True, _ulps(1), "+1 ulp on every element of a bitwise/exact op"),
    Kind("ulp+4_exact", True, _ulps(4), "+4 ulp on every element of a bitwise/exact op"),
    Kind("bias_1e-3", True, _bias(1e-3), "every element times (1 + 1e-3)"),
    Kind("bias_1e-4", True, _bias(1e-4), "every element times (1 + 1e-4)"),
    Kind("zero_sign_flipped", True, _zero_sign, "every zero output with the other sign"),
    Kind("nan_to_zero", True, _nan_to_zero, "NaN outputs stored as 0"),
    Kind("inf_to_max", True, _inf_to_max, "Inf outputs stored as the largest finite value"),
    Kind("truncating_rounding", True, _truncating, "float16/bfloat16 outputs truncated from float32"),
    Kind("accumulate_in_input_dtype", True, _acc_input_dtype,
         "ReduceSumD/AddN/MatMulV2/BatchMatMulV2 summed in float16/bfloat16"),
    Kind("one_term_dropped", True, _drop_term, "one term of each sum left out"),
    Kind("two_swapped", True, _swap_two, "two elements with different values swapped"),
    Kind("output_transposed", True, _transposed, "the output written in transposed order"),
    Kind("previous_output", True, _stale, "the previous case's output left in place"),
    Kind("benign_faithful_rounding", False, _faithful,
         "ulp class fp16/bf16: max(1, 0.1%) elements faithfully (not correctly) rounded"),
    Kind("benign_fp32_8ulp", False, _fp32_ulps, "ulp class fp32: +8 ulp everywhere (msprobe allows 32)"),
    Kind("benign_fp32_other_order", False, _fp32_reverse_order,
         "accumulate class: a float32 sum in another order"),
    Kind("benign_nan_payload", False, _nan_payload,
         "bitwise/exact classes but data movement: another NaN payload"),
    Kind("benign_zero_sum_sign", False, _acc_zero_sign, "accumulate class: the sign of a zero sum flipped"),
)
KINDS += tuple(Kind(name, harmful, apply, doc) for name, harmful, apply, doc in STRUCTURED + NAN_KINDS)
BY_NAME = {k.name: k for k in KINDS}


def changed(a: list[np.ndarray], b: list[np.ndarray], tolerance: str = "bitwise") -> bool:
    """Any output differs: bit for bit, or for the ``exact`` class (whose values compare with
    NaN == NaN and -0 == +0) in value."""
    def differs(x, y):
        if x.shape != y.shape or x.dtype != y.dtype:
            return True
        if tolerance == "exact" and ref.is_float(x.dtype):
            return not np.array_equal(_w(x), _w(y), equal_nan=True)
        return not np.array_equal(_bits(x), _bits(y))
    return any(differs(x, y) for x, y in zip(a, b))
