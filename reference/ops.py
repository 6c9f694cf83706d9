"""numpy references implementations (the oracle): computed in float64 (exact int64 for integer
dtypes) and rounded ONCE to the output dtype, then adjusted for the product's special-value mode.

They never call the runtime or the simulator. Semantics follow the Ascend IR definitions the
catalog (fixtures/catalog/) documents per op.

Rounding: float64 -> float16 and float64 -> float32 are numpy's direct, correctly rounded
conversions. float64 -> bfloat16 must not go float64 -> float32 -> bfloat16 with two
round-to-nearest-even steps (double rounding: a value just above a bf16 tie can be rounded onto
the tie by the first step and then to even by the second). ``to_bf16`` rounds float64 to float32
with round-to-odd first (truncate, then set the last bit if anything was lost): float32 keeps
16 more bits than bfloat16, so the following RNE step to bfloat16 is then correct
(Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using
rounding to odd", IEEE TC 2008).
"""
from __future__ import annotations

from collections.abc import Sequence

import ml_dtypes
import numpy as np

WIDE_INT = np.int64
BF16 = np.dtype(ml_dtypes.bfloat16)


def is_float(dtype) -> bool:
    dtype = np.dtype(dtype)
    return dtype.kind == "f" or dtype == BF16


def _wide(x: np.ndarray) -> np.ndarray:
    """float64 for floating inputs (bfloat16 included), int64 for integers and bool. A signalling
    NaN (the specials cases hold them) raises the invalid flag as it is widened: not a warning."""
    if x.dtype.kind in "iub":
        return x.astype(WIDE_INT)
    with np.errstate(invalid="ignore"):
        return x.astype(np.float64)


wide = _wide


def to_bf16(x: np.ndarray) -> np.ndarray:
    """float64 -> bfloat16 with ONE correct round-to-nearest-even (via round-to-odd float32)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        f = x.astype(np.float32)                          # RNE; may overshoot |x|
        ax = np.abs(x)
        # rounded away from zero: step back one float32 toward zero, which on the bits (sign and
        # magnitude) is minus one whatever the sign; from an overflow to Inf that gives the
        # largest finite float32, whose odd last bit is what truncation would give. NaN: never.
        bits = f.view(np.uint32) - (np.abs(f) > ax).view(np.uint8)
        inexact = bits.view(np.float32) != x              # compared in float64: exact
        inexact &= ax <= np.inf                           # NaN keeps its (float32) bits
        bits |= inexact                                   # round-to-odd: sticky last bit
        return np.asarray(bits.view(np.float32).astype(BF16))   # 0-d in, 0-d array out (not a scalar)


def round_to(x: np.ndarray, dtype) -> np.ndarray:
    """One rounding from the wide result to the output dtype (integers wrap like the device)."""
    dtype = np.dtype(dtype)
    x = np.asarray(x)
    if dtype.kind in "iu":
        return x.astype(WIDE_INT).astype(dtype)      # two's-complement wrap
    if dtype.kind == "b":
        return x != 0
    if dtype == BF16:
        return to_bf16(x)
    with np.errstate(over="ignore", invalid="ignore"):
        # one rounding from float64; no float64 copy first when x is float64 already
        return np.asarray(x, dtype=np.float64).astype(dtype)


def largest_finite(dtype) -> float:
    dtype = np.dtype(dtype)
    return float(ml_dtypes.finfo(dtype).max if dtype == BF16 else np.finfo(dtype).max)


def saturate(y: np.ndarray) -> np.ndarray:
    """Saturation-mode products: Inf -> ±largest finite of the dtype, NaN -> 0 (products.md 2.2)."""
    if not is_float(y.dtype):
        return y
    info_max = np.array(largest_finite(y.dtype), dtype=y.dtype)
    out = y.copy()
    w = out.astype(np.float64)
    out[np.isnan(w)] = 0
    out[np.isposinf(w)] = info_max
    out[np.isneginf(w)] = -info_max
    return out


def finish(y_wide: np.ndarray, out_dtype, saturation_mode: bool) -> np.ndarray:
    y = round_to(y_wide, out_dtype)
    return saturate(y) if saturation_mode else y


def _quiet(fn):
    def wrapped(*args, **kwargs):
        with np.errstate(all="ignore"):
            return fn(*args, **kwargs)
    wrapped.__name__, wrapped.__doc__ = fn.__name__, fn.__doc__
    return wrapped


# ------------------------------------------------------------------ elementwise (wide results)
# Each *_wide function returns the exact-as-possible float64 / int64 result; the catalog rounds.

def sigmoid_wide(x):
    x = _wide(x)
    with np.errstate(all="ignore"):
        # both branches are accurate: exp of a non-positive argument never overflows
        e = np.exp(-np.abs(x))
        return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def rsqrt_wide(x):
    with np.errstate(all="ignore"):
        return 1.0 / np.sqrt(_wide(x))


UNARY_WIDE = {
    "Abs": lambda x: np.abs(_wide(x)),
    "Neg": lambda x: -_wide(x),
    "Relu": lambda x: (np.where(np.isnan(_wide(x)), np.nan, np.maximum(_wide(x), 0))
                       if is_float(x.dtype) else np.maximum(_wide(x), 0)),
    "Exp": lambda x: np.exp(_wide(x)),
    "Log": lambda x: np.log(_wide(x)),
    "Sqrt": lambda x: np.sqrt(_wide(x)),
    "Rsqrt": rsqrt_wide,
    "Sigmoid": sigmoid_wide,
    "Tanh": lambda x: np.tanh(_wide(x)),
}

BINARY_WIDE = {
    "Add": lambda a, b: _wide(a) + _wide(b),
    "Sub": lambda a, b: _wide(a) - _wide(b),
    "Mul": lambda a, b: _wide(a) * _wide(b),
    "RealDiv": lambda a, b: _wide(a) / _wide(b),
    "Maximum": lambda a, b: np.maximum(_wide(a), _wide(b)),     # NaN propagates
    "Minimum": lambda a, b: np.minimum(_wide(a), _wide(b)),
}


@_quiet
def unary(op: str, x: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    return finish(UNARY_WIDE[op](x), out_dtype, saturation_mode)


@_quiet
def binary(op: str, x1: np.ndarray, x2: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    return finish(BINARY_WIDE[op](x1, x2), out_dtype, saturation_mode)


def add(x1: np.ndarray, x2: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    return binary("Add", x1, x2, out_dtype, saturation_mode)


@_quiet
def add_n(xs: list[np.ndarray], out_dtype, saturation_mode: bool = False) -> np.ndarray:
    total = _wide(xs[0])
    for x in xs[1:]:
        total = total + _wide(x)
    return finish(total, out_dtype, saturation_mode)


def add_n_scale(xs: list[np.ndarray]) -> np.ndarray:
    """Σ|x_i| per element: the magnitude an fp32 accumulation error is proportional to."""
    total = np.abs(_wide(xs[0])).astype(np.float64)
    for x in xs[1:]:
        total = total + np.abs(_wide(x))
    return total


# ------------------------------------------------------------------ Cast
@_quiet
def cast(x: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    """Cast (ops-math math/cast): float->float RNE; float->int truncates toward zero, NaN -> 0,
    out-of-range saturates to the int range (UNVERIFIED); float->bool and int->bool: x != 0
    (NaN -> true); int->float one rounding; int->int two's-complement wrap; bool -> 0/1."""
    out_dtype = np.dtype(out_dtype)
    w = _wide(x)
    if is_float(x.dtype) and out_dtype.kind in "iu":
        info = np.iinfo(out_dtype)
        t = np.trunc(np.where(np.isnan(w), 0.0, w))
        t = np.clip(t, info.min, info.max)
        return t.astype(out_dtype)
    y = round_to(w, out_dtype)
    return saturate(y) if (saturation_mode and is_float(out_dtype)) else y


# ------------------------------------------------------------------ matrix products
def _op(m: np.ndarray, transpose: bool) -> np.ndarray:
    """op(m): m with its last two dims swapped when ``transpose`` (m.T for a matrix)."""
    return np.swapaxes(m, -1, -2) if transpose else m


def _mm_operands(x1, x2, offset_w, offset_x, t1, t2):
    a, b = _op(_wide(x1), t1), _op(_wide(x2), t2)
    if a.dtype.kind == "i":      # int8 x int8 -> int32 with offsets (UNVERIFIED semantics)
        a = a - int(offset_x)
        if offset_w is not None:
            b = b - _wide(offset_w)          # per output column n (shape [n] or [1])
    return a, b


@_quiet
def matmul(x1: np.ndarray, x2: np.ndarray, bias: np.ndarray | None, out_dtype, *,
           transpose_x1: bool = False, transpose_x2: bool = False, offset_w: np.ndarray | None = None,
           offset_x: int = 0, saturation_mode: bool = False) -> np.ndarray:
    """MatMulV2 / BatchMatMulV2 (batch dims broadcast): y = op(x1) @ op(x2) + bias; for int8
    inputs y = (x1 - offset_x) @ (x2 - offset_w) + bias exactly in int64, wrapped to int32."""
    a, b = _mm_operands(x1, x2, offset_w, offset_x, transpose_x1, transpose_x2)
    y = np.matmul(a, b)
    if bias is not None:
        y = y + _wide(bias)
    return finish(y, out_dtype, saturation_mode)


@_quiet
def matmul_scale(x1, x2, bias, *, transpose_x1=False, transpose_x2=False) -> np.ndarray:
    """|op(x1)| @ |op(x2)| + |bias|: what an fp32 accumulation error is proportional to."""
    a = _op(np.abs(_wide(x1)).astype(np.float64), transpose_x1)
    b = _op(np.abs(_wide(x2)).astype(np.float64), transpose_x2)
    y = np.matmul(a, b)
    if bias is not None:
        y = y + np.abs(_wide(bias))
    return y


# ------------------------------------------------------------------ reductions / normalisation
def _axes(axes: Sequence[int], rank: int) -> tuple[int, ...]:
    return tuple(sorted({a % rank for a in axes})) if rank else ()


@_quiet
def reduce_sum(x, axes, keep_dims, out_dtype, saturation_mode=False):
    ax = _axes(axes, x.ndim)
    return finish(np.sum(_wide(x), axis=ax, keepdims=keep_dims), out_dtype, saturation_mode)


def reduce_sum_scale(x, axes, keep_dims):
    ax = _axes(axes, x.ndim)
    return np.sum(np.abs(_wide(x)).astype(np.float64), axis=ax, keepdims=keep_dims)


@_quiet
def reduce_max(x, axes, keep_dims, out_dtype, saturation_mode=False):
    ax = _axes(axes, x.ndim)
    return finish(np.max(_wide(x), axis=ax, keepdims=keep_dims), out_dtype, saturation_mode)


@_quiet
def softmax(x, axes, out_dtype, saturation_mode=False):
    ax = _axes(axes, x.ndim)
    w = _wide(x)
    e = np.exp(w - np.max(w, axis=ax, keepdims=True))
    return finish(e / np.sum(e, axis=ax, keepdims=True), out_dtype, saturation_mode)


def _ln_moments(x, begin_norm_axis, epsilon):
    """(x wide, mean, population variance, sqrt(variance + epsilon)) over dims [begin_norm_axis:]."""
    w = _wide(x)
    ax = tuple(range(begin_norm_axis % x.ndim, x.ndim))
    mean = np.mean(w, axis=ax, keepdims=True)
    var = np.mean((w - mean) ** 2, axis=ax, keepdims=True)
    return w, mean, var, np.sqrt(var + float(np.float32(epsilon)))


@_quiet
def layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon, out_dtype,
               saturation_mode=False):
    """LayerNorm: normalise over dims [begin_norm_axis:], population variance; gamma/beta have
    the shape x.shape[begin_params_axis:]; mean and variance keep the reduced dims (size 1)."""
    w, mean, var, sigma = _ln_moments(x, begin_norm_axis, epsilon)
    y = (w - mean) / sigma * _wide(gamma) + _wide(beta)
    return [finish(y, out_dtype, saturation_mode), finish(mean, out_dtype, saturation_mode),
            finish(var, out_dtype, saturation_mode)]


@_quiet
def layer_norm_scale(x, gamma, beta, begin_norm_axis, epsilon):
    """What each LayerNorm output's float32 error scales with: [y, mean, variance].

    - mean: Σ|x| / n (a sum that may cancel);
    - variance: 0, i.e. judged against |golden|: the two-pass form mean((x - mean)^2) (ops-nn's
      and the simulator's kernels) sums non-negative terms, no cancellation (a one-pass
      mean(x^2) - mean^2 kernel would need an Override with mean(x^2) here);
    - y: (|x| + |mean|) / sigma |gamma| + |beta| (the cancellation in x - mean is an error
      relative to |x|); on a group of one element the float32 mean is x itself, x - mean is an
      exact 0 and y is beta: the scale is |beta| alone (else sigma = sqrt(epsilon) inflates it).
    """
    w, mean, _, sigma = _ln_moments(x, begin_norm_axis, epsilon)
    ax = tuple(range(begin_norm_axis % x.ndim, x.ndim))
    group = int(np.prod([x.shape[a] for a in ax])) if ax else 1
    n = (np.abs(w) + np.abs(mean)) / sigma if group > 1 else np.zeros_like(w)
    return [n * np.abs(_wide(gamma)) + np.abs(_wide(beta)), np.mean(np.abs(w), axis=ax, keepdims=True),
            np.zeros(1)]


# ------------------------------------------------------------------ data movement
def transpose(x, perm):
    return np.ascontiguousarray(np.transpose(x, perm))


def concat(xs, axis):
    return np.concatenate(xs, axis=axis)
