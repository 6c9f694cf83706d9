"""float64 numpy references of the ops real single-op clients use (ArgMaxV2, Conv2D, Slice, Pow,
BatchMatMul, BatchNorm inference, GEMM, GatherV2, ReduceMeanD).

The same rules as reference/ops.py, whose helpers they use: compute wide (float64, exact int64),
round once to the output dtype, then apply the product's saturation mode. Semantics are the
Ascend IR ones documented in fixtures/catalog/clients.py and clients_nn.py; none of this calls the runtime.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.ops import _axes, _quiet, finish, matmul, matmul_scale, reduce_sum_scale, wide


# ------------------------------------------------------------------ index / data movement
def arg_max(x: np.ndarray, axis: int, out_dtype) -> np.ndarray:
    """Index of the first maximum along axis (a NaN counts as the maximum, the first one wins)."""
    return np.argmax(wide(x), axis=int(axis)).astype(out_dtype)


def arg_max_nan_ignored(x: np.ndarray, axis: int, out_dtype) -> np.ndarray:
    """ArgMax's other outcome on a NaN: the first maximum of the non-NaN values (a compare-and-keep
    kernel whose ``x > best`` is false for NaN); an all-NaN group gives 0."""
    w = wide(x)
    if w.dtype.kind != "f":
        return arg_max(x, axis, out_dtype)
    filled = np.where(np.isnan(w), -np.inf, w)
    return np.argmax(filled, axis=int(axis)).astype(out_dtype)


def gather(x: np.ndarray, indices: np.ndarray, axis: int) -> np.ndarray:
    """GatherV2 with batch_dims 0: x.shape[:axis] + indices.shape + x.shape[axis+1:]."""
    return np.take(x, indices.astype(np.int64), axis=int(axis))


def slice_(x: np.ndarray, offsets: Sequence[int], size: Sequence[int]) -> np.ndarray:
    """Slice: x[offsets[i] : offsets[i] + size[i]] per dim; size -1 runs to the end of the dim."""
    idx = tuple(slice(int(o), None if int(n) == -1 else int(o) + int(n)) for o, n in zip(offsets, size))
    return x[idx].copy()


# ------------------------------------------------------------------ elementwise / reductions
@_quiet
def pow_(x1: np.ndarray, x2: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    """x1 ** x2 broadcast; integers: exact powers wrapped (non-negative exponents only)."""
    a, b = wide(x1), wide(x2)
    if a.dtype.kind == "i":
        if np.any(b < 0):
            raise ValueError("pow_: a negative integer exponent has no defined result")
        return finish(np.power(a, b), out_dtype, saturation_mode)     # int64 wraps mod 2^64
    return finish(np.power(a, b), out_dtype, saturation_mode)


@_quiet
def reduce_mean(x, axes, keep_dims, out_dtype, saturation_mode=False):
    ax = _axes(axes, x.ndim)
    return finish(np.mean(wide(x), axis=ax, keepdims=keep_dims), out_dtype, saturation_mode)


def reduce_mean_scale(x, axes, keep_dims):
    """Σ|x| / n: what a float32 sum's error, divided by n, is proportional to."""
    ax = _axes(axes, x.ndim)
    n = int(np.prod([x.shape[a] for a in ax])) if ax else 1
    return reduce_sum_scale(x, axes, keep_dims) / max(n, 1)


# ------------------------------------------------------------------ matrix products
def batch_matmul(x1, x2, out_dtype, adj_x1=False, adj_x2=False, saturation_mode=False):
    """BatchMatMul (v1): BatchMatMulV2 without bias / offsets; int32 x int32 wraps to int32."""
    return matmul(x1, x2, None, out_dtype, transpose_x1=adj_x1, transpose_x2=adj_x2,
                  saturation_mode=saturation_mode)


def batch_matmul_scale(x1, x2, adj_x1=False, adj_x2=False):
    return matmul_scale(x1, x2, None, transpose_x1=adj_x1, transpose_x2=adj_x2)


def _gemm_terms(a, b, c, alpha, beta, transpose_a, transpose_b, absolute):
    f = np.abs if absolute else (lambda v: v)
    aa, bb = f(wide(a)), f(wide(b))
    aa = aa.T if transpose_a else aa
    bb = bb.T if transpose_b else bb
    al, be = f(wide(alpha)).reshape(-1)[0], f(wide(beta)).reshape(-1)[0]
    with np.errstate(invalid="ignore"):     # a specials case's Inf x 0: NaN by design
        return al * (aa @ bb) + be * f(wide(c))


@_quiet
def gemm(a, b, c, alpha, beta, out_dtype, transpose_a=False, transpose_b=False, saturation_mode=False):
    """GEMM: y = alpha[0] * op(a) @ op(b) + beta[0] * c."""
    return finish(_gemm_terms(a, b, c, alpha, beta, transpose_a, transpose_b, False), out_dtype, saturation_mode)


def gemm_scale(a, b, c, alpha, beta, transpose_a=False, transpose_b=False):
    return _gemm_terms(a, b, c, alpha, beta, transpose_a, transpose_b, True)


# ------------------------------------------------------------------ convolution
def to_nchw(x: np.ndarray, fmt: str) -> np.ndarray:
    """A 4-D array in layout fmt (NCHW, NHWC or HWCN) as NCHW."""
    return np.transpose(x, [fmt.index(ch) for ch in "NCHW"])


def from_nchw(x: np.ndarray, fmt: str) -> np.ndarray:
    return np.transpose(x, ["NCHW".index(ch) for ch in fmt])


def _hw(values: Sequence[int], data_format: str) -> tuple[int, int]:
    return (values[2], values[3]) if data_format == "NCHW" else (values[1], values[2])


def _conv_nchw(x, w, strides, pads, dilations, groups):
    """x [N,C,H,W], w [Co, C/g, kh, kw] (float64) -> [N, Co, Ho, Wo]; pads (top, bottom, left, right)."""
    sh, sw = strides
    dh, dw = dilations
    n, c, h, wd = x.shape
    co, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[1]), (pads[2], pads[3])))
    ho = (h + pads[0] + pads[1] - (dh * (kh - 1) + 1)) // sh + 1
    wo = (wd + pads[2] + pads[3] - (dw * (kw - 1) + 1)) // sw + 1
    og = co // groups
    y = np.zeros((n, co, ho, wo))
    for g in range(groups):
        xg = xp[:, g * cg:(g + 1) * cg]
        wg = w[g * og:(g + 1) * og]
        for i in range(kh):
            for j in range(kw):
                patch = xg[:, :, i * dh: i * dh + sh * (ho - 1) + 1: sh, j * dw: j * dw + sw * (wo - 1) + 1: sw]
                y[:, g * og:(g + 1) * og] += np.einsum("nchw,oc->nohw", patch, wg[:, :, i, j])
    return y


def _conv_terms(x, w, bias, attrs, filter_format, absolute):
    df = attrs.get("data_format", "NHWC")
    f = np.abs if absolute else (lambda v: v)
    xn = to_nchw(f(wide(x)), df)
    wn = to_nchw(f(wide(w)), filter_format)
    y = _conv_nchw(xn, wn, _hw(attrs["strides"], df), attrs["pads"], _hw(attrs.get("dilations", (1, 1, 1, 1)), df),
                   int(attrs.get("groups", 1)))
    if bias is not None:
        y = y + f(wide(bias)).reshape(1, -1, 1, 1)
    return from_nchw(y, df)


@_quiet
def conv2d(x, w, bias, attrs: dict, filter_format: str, out_dtype, saturation_mode=False):
    """Conv2D: cross-correlation of x (data_format layout) with filter (its own layout), zero
    padding (top, bottom, left, right), strides, dilations, groups; + bias per output channel."""
    return finish(_conv_terms(x, w, bias, attrs, filter_format, False), out_dtype, saturation_mode)


def conv2d_scale(x, w, bias, attrs: dict, filter_format: str):
    """The same sums over |x| * |filter| + |bias|."""
    return _conv_terms(x, w, bias, attrs, filter_format, True)


# ------------------------------------------------------------------ normalisation
@_quiet
def batch_norm_infer(x, scale, offset, mean, variance, epsilon, data_format, out_dtype, saturation_mode=False):
    """Inference BatchNorm: y = (x - mean) / sqrt(variance + epsilon) * scale + offset per channel;
    the other outputs (batch_mean, batch_variance, reserve_space_1, reserve_space_2) are mean,
    variance, mean, variance as the proto states for inference."""
    shape = (1, -1, 1, 1) if data_format == "NCHW" else (1, 1, 1, -1)
    m, v, g, b = (wide(t).reshape(shape) for t in (mean, variance, scale, offset))
    y = (wide(x) - m) / np.sqrt(v + float(epsilon)) * g + b
    f32 = np.dtype(np.float32)
    return [finish(y, out_dtype, saturation_mode)] + [finish(wide(t), f32, saturation_mode)
                                                     for t in (mean, variance, mean, variance)]


@_quiet
def batch_norm_scale(x, scale, offset, mean, variance, epsilon, data_format):
    shape = (1, -1, 1, 1) if data_format == "NCHW" else (1, 1, 1, -1)
    m, v, g, b = (wide(t).reshape(shape) for t in (mean, variance, scale, offset))
    return np.abs(wide(x) - m) / np.sqrt(v + float(epsilon)) * np.abs(g) + np.abs(b)
