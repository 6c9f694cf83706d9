"""Corruption kinds of the mutation matrix that change NaN payloads in the outputs of data-movement
ops (``OpInfo.keeps_nan_bits``: TransposeD, ConcatD, GatherV2, Slice), whose NaNs must keep their
bits (reference/nan_payloads.py). Two bugs a copy kernel really has:

- ``nan_canonicalised``: the data went through arithmetic (a multiply by one, a select, a float
  max) that returns the default NaN: every NaN becomes the positive default quiet NaN;
- ``nan_quieted``: the data went through a float conversion (float16 -> float32 -> float16 in
  registers): a signalling NaN comes back quiet, its sign and the rest of its payload kept.

Each entry is ``(name, harmful, apply(ctx) -> outputs | None, doc)``; reference/corruptions.py
wraps them into its ``Kind`` and appends them to ``KINDS``. ``ctx`` is its ``Context``; a kind is
applicable where the case's op keeps NaN bits and a float output holds a NaN.
"""
from __future__ import annotations

import numpy as np

from .ops import is_float

# per dtype: (the default quiet NaN, the quiet bit), as bits
NAN_BITS = {"float32": (0x7FC00000, 0x00400000), "float16": (0x7E00, 0x0200), "bfloat16": (0x7FC0, 0x0040)}


def _nans(y: np.ndarray):
    """(bits of y, flat, a copy; its NaN mask) or None when y has no NaN."""
    if not y.size or not is_float(y.dtype) or str(y.dtype) not in NAN_BITS:
        return None
    with np.errstate(invalid="ignore"):
        nan = np.isnan(y.astype(np.float32)).reshape(-1)
    if not nan.any():
        return None
    return np.ascontiguousarray(y).reshape(-1).view(np.dtype(f"u{y.dtype.itemsize}")).copy(), nan


def _each_nan_output(ctx, fn):
    """fn(bits, nan mask, dtype name) -> new bits, on every float output with a NaN of an op that
    keeps NaN bits; None when not applicable."""
    if not getattr(ctx.case.op, "keeps_nan_bits", False):
        return None
    outs, hit = [y.copy() for y in ctx.outputs], False
    for i, y in enumerate(ctx.outputs):
        got = _nans(y)
        if got is None:
            continue
        b, nan = got
        outs[i] = fn(b, nan, str(y.dtype)).view(y.dtype).reshape(y.shape)
        hit = True
    return outs if hit else None


def _canonicalised(ctx):
    def fn(b, nan, dt):
        b[nan] = NAN_BITS[dt][0]
        return b
    return _each_nan_output(ctx, fn)


def _quieted(ctx):
    def fn(b, nan, dt):
        b[nan] |= np.array(NAN_BITS[dt][1], dtype=b.dtype)
        return b
    return _each_nan_output(ctx, fn)


NAN_KINDS = (
    ("nan_canonicalised", True, _canonicalised,
     "data movement: every NaN output replaced by the default quiet NaN (sign and payload lost)"),
    ("nan_quieted", True, _quieted,
     "data movement: signalling NaNs come back quiet (a float conversion on the way; sign and payload kept)"),
)
