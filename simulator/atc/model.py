"""The simulator's atc: its data model. ATC's type and format names with their enum numbers,
const-value packing codes, attr types, the parsed op (``Op``, ``Tensor``, ``Attr``) and
``AtcError``, the one validation failure every step raises.
"""
from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------- type / format tables
# ATC type strings (case-insensitive) -> ACL dtype number; None = valid for atc, enum unknown here.
TYPE_TABLE: dict[str, int | None] = {
    "bool": 12, "int8": 2, "uint8": 4, "int16": 6, "uint16": 7, "int32": 3, "uint32": 8,
    "int64": 9, "uint64": 10, "float16": 1, "half": 1, "fp16": 1, "float": 0, "float32": 0,
    "double": 11, "complex32": 33, "complex64": 16, "complex128": 17, "uint1": 30, "bfloat16": 27,
    "int4": 29, "hifloat8": 34, "hifloat4": None, "float8_e5m2": 35, "float8_e4m3fn": 36,
    "undefined": -1,
}

# ATC format strings (case-insensitive) -> ACL format number; None = valid for atc, enum unknown.
FORMAT_TABLE: dict[str, int | None] = {
    "nchw": 0, "nhwc": 1, "nd": 2, "nc1hwc0": 3, "fractal_z": 4, "nc1hwc0_c04": 12, "hwcn": 16,
    "ndhwc": 27, "fractal_nz": 29, "ncdhw": 30, "ndc1hwc0": 32, "fractal_z_3d": 33, "nc": 35,
    "reserved": -1,
    **{name: None for name in (
        "nc1c0hwpad", "nhwc1c0", "fsr_nchw", "fractal_deconv", "c1hwnc0", "fractal_deconv_transpose",
        "fractal_deconv_sp_stride_trans", "fractal_z_c04", "chwn", "deconv_sp_stride8_trans",
        "nc1khkwhwc0", "bn_weight", "filter_hwck", "lookup_lookups", "lookup_keys", "lookup_value",
        "lookup_output", "lookup_hits", "md", "c1hwncoc0", "dhwcn", "dhwnc", "fractal_z_3d_transpose",
        "cn", "fractal_zn_lstm", "fractal_z_g")},
}

# data_type attr values: "DT_..." names -> GE enum number (equal to the ACL number for these).
GE_DTYPE_NAMES: dict[str, int] = {
    "DT_FLOAT": 0, "DT_FLOAT16": 1, "DT_INT8": 2, "DT_INT32": 3, "DT_UINT8": 4, "DT_INT16": 6,
    "DT_UINT16": 7, "DT_UINT32": 8, "DT_INT64": 9, "DT_UINT64": 10, "DT_DOUBLE": 11, "DT_BOOL": 12,
    "DT_STRING": 13, "DT_COMPLEX64": 16, "DT_COMPLEX128": 17, "DT_BF16": 27, "DT_INT4": 29,
    "DT_UINT1": 30, "DT_COMPLEX32": 33, "DT_HIFLOAT8": 34, "DT_FLOAT8_E5M2": 35,
    "DT_FLOAT8_E4M3FN": 36, "DT_FLOAT8_E8M0": 37, "DT_FLOAT6_E3M2": 38, "DT_FLOAT6_E2M3": 39,
    "DT_FLOAT4_E2M1": 40, "DT_FLOAT4_E1M2": 41,
}
KNOWN_DTYPE_NUMBERS = frozenset(GE_DTYPE_NAMES.values())

# GE enums used in generated file names: equal to ACL's, except the two "absent" markers.
GE_UNDEFINED_TYPE = 28
GE_RESERVED_FORMAT = 40

# const_value packing per ACL dtype: struct code (bf16 handled separately).
CONST_PACK = {0: "f", 1: "e", 2: "b", 3: "i", 4: "B", 6: "h", 7: "H", 8: "I", 9: "q", 10: "Q",
              11: "d", 12: "?"}
INT_RANGES = {2: (-2**7, 2**7 - 1), 3: (-2**31, 2**31 - 1), 4: (0, 2**8 - 1), 6: (-2**15, 2**15 - 1),
              7: (0, 2**16 - 1), 8: (0, 2**32 - 1), 9: (-2**63, 2**63 - 1), 10: (0, 2**64 - 1)}
FLOAT_DTYPES = {0, 1, 11, 27}

ATTR_TYPES = ("bool", "int", "float", "string", "list_bool", "list_int", "list_float", "list_string",
              "list_list_int", "data_type")


class AtcError(Exception):
    """One validation failure; str() is the field path and the reason. ``reports``: error-manager
    lines (E10001...) printed after CANN's failure line."""

    def __init__(self, message: str, reports: list[str] | None = None):
        super().__init__(message)
        self.reports = reports or []


# ---------------------------------------------------------------- parsed model
@dataclass
class Tensor:
    dtype: int
    format: int
    dims: list[int]
    ranges: list[tuple[int, int]] = field(default_factory=list)
    const: bytes = b""
    name: str = ""


@dataclass
class Attr:
    name: str
    type: str
    value: object


@dataclass
class Op:
    index: int
    op: str
    name: str
    inputs: list[Tensor]
    outputs: list[Tensor]
    attrs: list[Attr]
