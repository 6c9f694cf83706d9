"""numpy reference implementations: computed in float64 (exact integers for integer dtypes) and
rounded once to the output dtype, then adjusted for the product's special-value mode.

These are the oracle. They never call the runtime or the simulator.
"""
from __future__ import annotations

import numpy as np

WIDE_INT = np.int64


def _wide(x: np.ndarray) -> np.ndarray:
    """float64 for floating inputs (bfloat16 included), int64 for integers."""
    if x.dtype.kind in "iub":
        return x.astype(WIDE_INT)
    return x.astype(np.float64)


def round_to(x: np.ndarray, dtype) -> np.ndarray:
    """One rounding from the wide result to the output dtype (integers wrap like the device)."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return x.astype(WIDE_INT).astype(dtype)      # two's-complement wrap
    if dtype.kind == "b":
        return x != 0
    with np.errstate(over="ignore", invalid="ignore"):
        return x.astype(dtype)


def saturate(y: np.ndarray) -> np.ndarray:
    """Saturation-mode products: Inf -> largest finite of the dtype, NaN -> 0 (products.md 2.2)."""
    if y.dtype.kind != "f" and "bfloat16" not in str(y.dtype):
        return y
    info_max = np.array(np.finfo(y.dtype).max if y.dtype.kind == "f" else _bf16_max(), dtype=y.dtype)
    out = y.copy()
    wide = out.astype(np.float64)
    out[np.isnan(wide)] = 0
    out[np.isposinf(wide)] = info_max
    out[np.isneginf(wide)] = -info_max
    return out


def _bf16_max():
    import ml_dtypes
    return ml_dtypes.finfo(ml_dtypes.bfloat16).max


def finish(y_wide: np.ndarray, out_dtype, saturation_mode: bool) -> np.ndarray:
    y = round_to(y_wide, out_dtype)
    return saturate(y) if saturation_mode else y


def add(x1: np.ndarray, x2: np.ndarray, out_dtype, saturation_mode: bool = False) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        return finish(_wide(x1) + _wide(x2), out_dtype, saturation_mode)


def add_n(xs: list[np.ndarray], out_dtype, saturation_mode: bool = False) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        total = _wide(xs[0])
        for x in xs[1:]:
            total = total + _wide(x)
        return finish(total, out_dtype, saturation_mode)


def matmul(x1: np.ndarray, x2: np.ndarray, bias: np.ndarray | None, out_dtype, *,
           transpose_x1: bool = False, transpose_x2: bool = False,
           saturation_mode: bool = False) -> np.ndarray:
    a, b = _wide(x1), _wide(x2)
    if transpose_x1:
        a = a.T
    if transpose_x2:
        b = b.T
    with np.errstate(over="ignore", invalid="ignore"):
        y = a @ b
        if bias is not None:
            y = y + _wide(bias)
    return finish(y, out_dtype, saturation_mode)
