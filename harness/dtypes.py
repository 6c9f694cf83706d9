"""numpy <-> aclDataType mapping (bfloat16 through ml_dtypes)."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from .abi import DT

NUMPY_OF = {
    DT.FLOAT: np.dtype(np.float32),
    DT.FLOAT16: np.dtype(np.float16),
    DT.BF16: np.dtype(ml_dtypes.bfloat16),
    DT.DOUBLE: np.dtype(np.float64),
    DT.INT8: np.dtype(np.int8),
    DT.UINT8: np.dtype(np.uint8),
    DT.INT16: np.dtype(np.int16),
    DT.UINT16: np.dtype(np.uint16),
    DT.INT32: np.dtype(np.int32),
    DT.UINT32: np.dtype(np.uint32),
    DT.INT64: np.dtype(np.int64),
    DT.UINT64: np.dtype(np.uint64),
    DT.BOOL: np.dtype(np.bool_),
}
ACL_OF = {v: k for k, v in NUMPY_OF.items()}

# The names ATC's --singleop JSON uses (acl-abi.md section 4), one canonical spelling each.
ATC_TYPE_NAME = {
    DT.FLOAT: "float32", DT.FLOAT16: "float16", DT.BF16: "bfloat16", DT.DOUBLE: "double",
    DT.INT8: "int8", DT.UINT8: "uint8", DT.INT16: "int16", DT.UINT16: "uint16", DT.INT32: "int32",
    DT.UINT32: "uint32", DT.INT64: "int64", DT.UINT64: "uint64", DT.BOOL: "bool",
}
DT_BY_NAME = {name: dt for dt, name in ATC_TYPE_NAME.items()}


def to_numpy(dt: int) -> np.dtype:
    try:
        return NUMPY_OF[DT(dt)]
    except (KeyError, ValueError):
        raise TypeError(f"aclDataType {dt} has no numpy equivalent in this harness") from None


def to_acl(dtype) -> DT:
    try:
        return ACL_OF[np.dtype(dtype)]
    except KeyError:
        raise TypeError(f"numpy dtype {np.dtype(dtype)} has no aclDataType equivalent") from None


def parse(name_or_dt) -> DT:
    """DT from an enum, an int, an ATC type name ('float16') or a numpy dtype."""
    if isinstance(name_or_dt, DT):
        return name_or_dt
    if isinstance(name_or_dt, int):
        return DT(name_or_dt)
    if isinstance(name_or_dt, str) and name_or_dt in DT_BY_NAME:
        return DT_BY_NAME[name_or_dt]
    return to_acl(name_or_dt)
