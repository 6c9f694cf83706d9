"""The simulator's `atc`: turn an ATC single-op JSON file into simulator `.om` files.

    python -m simulator.atc --singleop=ops.json --output=DIR --soc_version=Ascend910B1

Reads the JSON described in acl-abi.md section 4 (an array of op objects), validates it the way
ATC does, writes one `.om` per op in the text format of OM_FORMAT.md and names the files with the
2026 rule (`name` when it is a safe file name, else `<index>_<op>_<type>_<format>_<dims>...`).
A JSON or validation error in any entry (the checks done here in Python) builds nothing. Each op
is then compiled: checked by the simulator library (`aclsimValidateModel`: IR, dtypes for the SoC,
shape inference). An op that fails is reported with CANN's line ("Compile op failed. ge ret = %u,
op index = %d") and the others are still written; the exit status is that of the LAST op only,
as in CANN (cann-install.md section 4), so an earlier op's failure can end in "ATC run success".
Files are built in a temporary directory next to DIR and moved in complete (os.replace).

The command line is CANN's (simulator/atc_cli.py: flags, value sets, messages, rewriting of
``-flag`` and ``--flag-name``); the CANN-shaped install's ``bin/atc`` runs this module. Output is
CANN's: "ATC start working now, please wait for a moment." first, then "ATC run success, welcome
to the next use." or "ATC run failed, ..." followed by error-manager lines (stdout); the
simulator's one-line detail of a failure goes to stderr.

Exit codes: 0 success (or --help), also when an op before the last failed to compile; 255 any
other failure (CANN's main_impl returns -1 for a refused command line, cann-install.md section 4;
255 for a failed build is UNCONFIRMED).
"""
from __future__ import annotations

import ctypes
import json
import math
import os
import re
import shutil
import struct
import sys
import tempfile
from dataclasses import dataclass, field

from . import atc_cli, soc_versions

# GE api/atc/main_impl.cc (main_impl, CheckRet).
START_MESSAGE = "ATC start working now, please wait for a moment."
SUCCESS_MESSAGE = "ATC run success, welcome to the next use."
FAILURE_MESSAGE = "ATC run failed, Please check the detail log, Try 'atc --help' for more information"
# main_impl returns CheckRet's status: -1 for a refused command line (exit 255, cann-install.md
# section 4); a failed build returns ge::FAILED, whose exit status is UNCONFIRMED: 255 here too.
FAILURE_EXIT = 255
# Set by the CANN-shaped install's bin/atc: its private core library, whose model check is
# exported under an internal name (simulator/install_libs.py); no CANN-named library has it.
VALIDATOR_ENV = "ACLSIM_ATC_VALIDATOR"
MAX_NAME_LEN = 128
OM_MAGIC = "ACLSIM-OM 1"

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

SAFE_NAME = re.compile(r"[a-zA-Z0-9._-]+")


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


# ---------------------------------------------------------------- JSON checks
def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool))


def _require(obj: dict, key: str, path: str):
    if key not in obj:
        raise AtcError(f"{path}{key}: missing required key")
    return obj[key]


def _lookup(table: dict, value, path: str, what: str) -> int:
    if not isinstance(value, str):
        raise AtcError(f"{path}: {what} must be a string")
    key = value.lower()
    if key not in table:
        raise AtcError(f"{path}: unknown {what} '{value}'")
    number = table[key]
    if number is None:
        raise AtcError(f"{path}: {what} {value} is valid for atc but the simulator does not know its enum value")
    return number


def parse_shape(value, path: str) -> list[int]:
    if not isinstance(value, list) or not all(_is_int(d) for d in value):
        raise AtcError(f"{path}: must be a list of integers")
    for d in value:
        if d < -2:
            raise AtcError(f"{path}: dim {d} is invalid (dims are >= 0, -1 or a single -2)")
    if -2 in value and len(value) != 1:
        raise AtcError(f"{path}: -2 (unknown rank) must be the only dim, got {value}")
    return list(value)


def parse_shape_range(desc: dict, dims: list[int], path: str) -> list[tuple[int, int]]:
    ranges = desc.get("shape_range", [])
    if not isinstance(ranges, list):
        raise AtcError(f"{path}shape_range: must be a list of [min, max] pairs")
    if dims == [-2] and ranges:
        raise AtcError(f"{path}shape_range: a shape of [-2] (unknown rank) takes no shape_range")
    unknown = dims.count(-1)
    if len(ranges) != unknown:
        raise AtcError(f"{path}shape_range: needs exactly one [min, max] pair per -1 dim "
                       f"({unknown}), got {len(ranges)}")
    out = []
    for i, pair in enumerate(ranges):
        where = f"{path}shape_range[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(v) for v in pair)):
            raise AtcError(f"{where}: must be a pair of integers [min, max]")
        lo, hi = pair
        if lo < 0 or hi < -1 or (hi != -1 and hi < lo):
            raise AtcError(f"{where}: invalid range {pair} (0 <= min <= max, max -1 = unbounded)")
        out.append((lo, hi))
    return out


def _float_to_bf16_bytes(v: float) -> bytes:
    bits = struct.unpack("<I", struct.pack("<f", v))[0]
    if math.isnan(v):
        half = (bits >> 16) | 0x40
    else:
        half = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF
    return struct.pack("<H", half)


def pack_const(values, dtype: int, dims: list[int], path: str) -> bytes:
    if not isinstance(values, list):
        raise AtcError(f"{path}: must be a 1-D list of numbers")
    if any(d < 0 for d in dims):
        raise AtcError(f"{path}: a const tensor needs a static shape")
    count = math.prod(dims)
    if len(values) != count:
        raise AtcError(f"{path}: has {len(values)} values but the shape holds {count}")
    if dtype != 27 and dtype not in CONST_PACK:
        raise AtcError(f"{path}: const values of this type are not supported by the simulator")
    out = bytearray()
    for i, v in enumerate(values):
        out += _pack_one(v, dtype, f"{path}[{i}]")
    return bytes(out)


def _pack_one(v, dtype: int, path: str) -> bytes:
    if dtype in FLOAT_DTYPES:
        if not _is_number(v):
            raise AtcError(f"{path}: must be a number")
        try:
            return _float_to_bf16_bytes(float(v)) if dtype == 27 else struct.pack("<" + CONST_PACK[dtype], float(v))
        except (OverflowError, struct.error):
            return struct.pack("<" + CONST_PACK[dtype], math.copysign(math.inf, v))
    if dtype == 12:
        if not (isinstance(v, bool) or v in (0, 1)):
            raise AtcError(f"{path}: must be a bool")
        return struct.pack("<?", bool(v))
    lo, hi = INT_RANGES[dtype]
    if not _is_int(v) or not lo <= v <= hi:
        raise AtcError(f"{path}: must be an integer in [{lo}, {hi}]")
    return struct.pack("<" + CONST_PACK[dtype], v)


def parse_tensor(desc, path: str, is_output: bool) -> Tensor:
    """One TensorDesc. path ends with '.' (e.g. 'input_desc[0].')."""
    if not isinstance(desc, dict):
        raise AtcError(f"{path[:-1]}: must be a JSON object")
    dtype = _lookup(TYPE_TABLE, _require(desc, "type", path), path + "type", "type")
    fmt = _lookup(FORMAT_TABLE, _require(desc, "format", path), path + "format", "format")
    if is_output and dtype == -1:
        raise AtcError(f"{path}type: an output may not be UNDEFINED")
    if is_output and fmt == -1:
        raise AtcError(f"{path}format: an output may not be RESERVED")
    if dtype == -1 and fmt != -1:
        raise AtcError(f"{path}format: type UNDEFINED (absent optional input) needs format RESERVED")
    if fmt == -1 and dtype != -1:
        raise AtcError(f"{path}type: format RESERVED (absent optional input) needs type UNDEFINED")
    absent = dtype == -1
    dims = parse_shape(desc.get("shape", []) if absent else _require(desc, "shape", path), path + "shape")
    if absent and dims:
        raise AtcError(f"{path}shape: an absent optional input (UNDEFINED/RESERVED) must have shape []")
    ranges = parse_shape_range(desc, dims, path)
    if "origin_format" in desc:
        _lookup(FORMAT_TABLE, desc["origin_format"], path + "origin_format", "format")
    if "origin_shape" in desc:
        parse_shape(desc["origin_shape"], path + "origin_shape")
    tensor = Tensor(dtype, fmt, dims, ranges)
    tensor.const = parse_const(desc, tensor, path, is_output)
    for key in ("name", "dynamic_input"):
        if key in desc and not isinstance(desc[key], str):
            raise AtcError(f"{path}{key}: must be a string")
    tensor.name = desc.get("name", "")
    return tensor


def parse_const(desc: dict, tensor: Tensor, path: str, is_output: bool) -> bytes:
    is_const = desc.get("is_const", False)
    if not isinstance(is_const, bool):
        raise AtcError(f"{path}is_const: must be true or false")
    if not is_const:
        if "const_value" in desc:
            raise AtcError(f"{path}const_value: given without \"is_const\": true")
        return b""
    if is_output:
        raise AtcError(f"{path}is_const: an output cannot be const")
    if tensor.dtype == -1:
        raise AtcError(f"{path}is_const: an absent optional input cannot be const")
    return pack_const(_require(desc, "const_value", path), tensor.dtype, tensor.dims, path + "const_value")


def name_dynamic_inputs(descs: list, tensors: list[Tensor]) -> None:
    """dynamic_input "x" on several descs names them x0, x1, ... (an explicit name wins)."""
    counters: dict[str, int] = {}
    for desc, tensor in zip(descs, tensors):
        group = desc.get("dynamic_input")
        if not group:
            continue
        position = counters.get(group, 0)
        counters[group] = position + 1
        if not tensor.name:
            tensor.name = f"{group}{position}"


def parse_tensor_list(obj: dict, key: str, is_output: bool) -> list[Tensor]:
    descs = _require(obj, key, "")
    if not isinstance(descs, list):
        raise AtcError(f"{key}: must be a list of tensor descs")
    tensors = [parse_tensor(d, f"{key}[{i}].", is_output) for i, d in enumerate(descs)]
    name_dynamic_inputs(descs, tensors)
    return tensors


def _check_list(value, path: str, ok, what: str) -> list:
    if not isinstance(value, list) or not all(ok(v) for v in value):
        raise AtcError(f"{path}: must be a list of {what}")
    return list(value)


def _data_type_value(value, path: str) -> int:
    if isinstance(value, str):
        if value.upper() not in GE_DTYPE_NAMES:
            raise AtcError(f"{path}: unknown data type '{value}' (expected a name like DT_FLOAT)")
        return GE_DTYPE_NAMES[value.upper()]
    if _is_int(value):
        if value not in KNOWN_DTYPE_NUMBERS:
            raise AtcError(f"{path}: data type number {value} is not a data type the simulator knows")
        return value
    raise AtcError(f"{path}: must be a data type name (\"DT_FLOAT\") or its enum number")


def _int64_ok(v) -> bool:
    return _is_int(v) and -2**63 <= v < 2**63


def _float32(v: float) -> float:
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except (OverflowError, struct.error):
        return math.copysign(math.inf, v)


def attr_value(attr_type: str, value, path: str):
    """Check an attr value against its type; returns the normalised value."""
    if attr_type == "bool":
        if not isinstance(value, bool):
            raise AtcError(f"{path}: must be true or false")
        return value
    if attr_type == "int":
        if not _int64_ok(value):
            raise AtcError(f"{path}: must be an integer (int64)")
        return value
    if attr_type == "float":
        if not _is_number(value):
            raise AtcError(f"{path}: must be a number")
        return _float32(float(value))
    if attr_type == "string":
        if not isinstance(value, str):
            raise AtcError(f"{path}: must be a string")
        return value
    if attr_type == "data_type":
        return _data_type_value(value, path)
    if attr_type == "list_bool":
        return _check_list(value, path, lambda v: isinstance(v, bool), "true/false values")
    if attr_type == "list_int":
        return _check_list(value, path, _int64_ok, "integers")
    if attr_type == "list_float":
        return [_float32(float(v)) for v in _check_list(value, path, _is_number, "numbers")]
    if attr_type == "list_string":
        return _check_list(value, path, lambda v: isinstance(v, str), "strings")
    # list_list_int
    return _check_list(value, path, lambda v: isinstance(v, list) and all(_int64_ok(x) for x in v),
                       "lists of integers")


def parse_attrs(obj: dict) -> list[Attr]:
    entries = obj.get("attr", [])
    if not isinstance(entries, list):
        raise AtcError("attr: must be a list of {name, type, value} objects")
    attrs: dict[str, Attr] = {}
    for i, entry in enumerate(entries):
        path = f"attr[{i}]"
        if not isinstance(entry, dict):
            raise AtcError(f"{path}: must be a JSON object")
        name = _require(entry, "name", path + ".")
        if not isinstance(name, str) or not name:
            raise AtcError(f"{path}.name: must be a non-empty string")
        attr_type = _require(entry, "type", path + ".")
        if attr_type not in ATTR_TYPES:
            raise AtcError(f"{path}.type: unknown attr type {attr_type!r} (one of {', '.join(ATTR_TYPES)})")
        if name in attrs:
            raise AtcError(f"{path}.name: attr '{name}' is given twice")
        value = attr_value(attr_type, _require(entry, "value", path + "."), f"{path}.value")
        attrs[name] = Attr(name, attr_type, value)
    return [attrs[k] for k in sorted(attrs)]


def parse_op(obj: dict, index: int) -> Op:
    op = _require(obj, "op", "")
    if not isinstance(op, str) or not op:
        raise AtcError("op: must be a non-empty string (the Ascend IR op type)")
    if "/" in op or "\0" in op or op in (".", ".."):
        raise AtcError(f"op: '{op}' cannot be used in a file name")
    name = obj.get("name", "")
    if not isinstance(name, str):
        raise AtcError("name: must be a string")
    inputs = parse_tensor_list(obj, "input_desc", is_output=False)
    outputs = parse_tensor_list(obj, "output_desc", is_output=True)
    attrs = parse_attrs(obj)
    return Op(index, op, name, inputs, outputs, attrs)


def _is_compile_flag_entry(entry) -> bool:
    return isinstance(entry, dict) and "compile_flag" in entry and entry["compile_flag"] == 1


def parse_ops(doc, filename: str) -> list[Op]:
    """All ops of the file; raises SystemExit-ready messages through AtcError with context."""
    if not isinstance(doc, list):
        raise AtcError(f"atc: {filename}: the single-op file must hold a JSON array of op objects")
    ops: list[Op] = []
    for position, entry in enumerate(doc):
        if isinstance(entry, dict) and "compile_flag" in entry and not _is_int(entry["compile_flag"]):
            raise AtcError(f"atc: {filename}: entry[{position}]: compile_flag: must be an integer")
        if _is_compile_flag_entry(entry):
            continue   # switches fuzz compile for the following ops; not an op itself
        index = len(ops)
        label = f"op[{index}]"
        if isinstance(entry, dict) and isinstance(entry.get("op"), str) and entry["op"]:
            label += f" ({entry['op']})"
        if not isinstance(entry, dict):
            raise AtcError(f"atc: {filename}: {label}: must be a JSON object")
        try:
            ops.append(parse_op(entry, index))
        except AtcError as err:
            raise AtcError(f"atc: {filename}: {label}: {err}") from None
    if not ops:
        raise AtcError(f"atc: {filename}: no ops in the file")
    return ops


# ---------------------------------------------------------------- file names and .om text
def om_file_name(op: Op) -> str:
    """2026 naming rule (acl-abi.md section 4)."""
    if op.name and SAFE_NAME.fullmatch(op.name) and op.name not in (".", ".."):
        return op.name[:MAX_NAME_LEN] + ".om"
    parts = [f"{op.index}_{op.op}"]
    for t in op.inputs + op.outputs:
        ge_type = GE_UNDEFINED_TYPE if t.dtype == -1 else t.dtype
        ge_format = GE_RESERVED_FORMAT if t.format == -1 else t.format
        parts.append(f"_{ge_type}_{ge_format}" + "".join(f"_{d}" for d in t.dims))
    return "".join(parts)[:MAX_NAME_LEN] + ".om"


def _hex(s: str) -> str:
    return s.encode("utf-8").hex() if s else "-"


def _fmt_float(v: float) -> str:
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return f"{v:.9g}"


def tensor_record(kind: str, t: Tensor) -> str:
    fields = [kind, str(t.dtype), str(t.format), str(len(t.dims)), *map(str, t.dims), str(len(t.ranges))]
    for lo, hi in t.ranges:
        fields += [str(lo), str(hi)]
    fields += [str(len(t.const)), t.const.hex() if t.const else "-", _hex(t.name)]
    return " ".join(fields)


def attr_record(a: Attr) -> str:
    head = f"attr {_hex(a.name)} {a.type}"
    v = a.value
    if a.type == "bool":
        body = str(int(v))
    elif a.type in ("int", "data_type"):
        body = str(v)
    elif a.type == "float":
        body = _fmt_float(v)
    elif a.type == "string":
        body = _hex(v)
    elif a.type == "list_bool":
        body = " ".join([str(len(v))] + [str(int(x)) for x in v])
    elif a.type == "list_int":
        body = " ".join([str(len(v))] + [str(x) for x in v])
    elif a.type == "list_float":
        body = " ".join([str(len(v))] + [_fmt_float(x) for x in v])
    elif a.type == "list_string":
        body = " ".join([str(len(v))] + [_hex(x) for x in v])
    else:   # list_list_int
        body = " ".join([str(len(v))] + [" ".join([str(len(row))] + [str(x) for x in row]) for row in v])
    return f"{head} {body}"


def om_text(op: Op, soc: str) -> str:
    lines = [OM_MAGIC, f"soc {_hex(soc)}", f"op {_hex(op.op)}", f"name {_hex(op.name)}"]
    lines += [tensor_record("input", t) for t in op.inputs]
    lines += [tensor_record("output", t) for t in op.outputs]
    lines += [attr_record(a) for a in op.attrs]
    lines.append("end")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- simulator validation
def load_validator():
    """(function or None, warning or None). Raises AtcError when the library is unusable."""
    import simulator

    from .install_abi import core_name

    private = os.environ.get(VALIDATOR_ENV)
    path = private or simulator.library_path()
    symbol = core_name("aclsimValidateModel") if private else "aclsimValidateModel"
    if path is None:
        raise AtcError("atc: the simulator library is not built (run `pip install -e .` or "
                       "`make -C simulator`); it is needed to check the ops")
    try:
        lib = ctypes.CDLL(path)
    except OSError as err:
        raise AtcError(f"atc: cannot load the simulator library {path}: {err}") from None
    try:
        fn = getattr(lib, symbol)
    except AttributeError:
        return None, f"atc: warning: {path} has no {symbol}; op checks (IR, dtypes, shapes) skipped"
    fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    fn.restype = ctypes.c_int
    return fn, None


def validate_with_simulator(fn, data: bytes, soc: str) -> tuple[int, str]:
    msg = ctypes.create_string_buffer(1024)
    buf = ctypes.create_string_buffer(data, len(data))
    rc = fn(buf, len(data), soc.encode("utf-8"), msg, len(msg))
    return rc, msg.value.decode("utf-8", "replace")


# ---------------------------------------------------------------- output
def check_unique_names(ops: list[Op], filename: str) -> list[str]:
    names: list[str] = []
    first: dict[str, int] = {}
    for op in ops:
        fname = om_file_name(op)
        if fname in first:
            raise AtcError(f"atc: {filename}: op[{op.index}] ({op.op}): name: output file '{fname}' "
                           f"is also produced by op[{first[fname]}]")
        first[fname] = op.index
        names.append(fname)
    return names


def write_outputs(out_dir: str, files: dict[str, bytes]) -> None:
    """Write every file into a temp dir next to out_dir, then move them in (os.replace)."""
    target = os.path.abspath(out_dir)
    if os.path.exists(target) and not os.path.isdir(target):
        raise AtcError(f"atc: --output: {out_dir} exists and is not a directory")
    parent = os.path.dirname(target)
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".atc-", dir=parent)
    try:
        for fname, data in files.items():
            with open(os.path.join(staging, fname), "wb") as fh:
                fh.write(data)
        os.makedirs(target, exist_ok=True)
        for fname in files:
            os.replace(os.path.join(staging, fname), os.path.join(target, fname))
    finally:
        shutil.rmtree(staging, ignore_errors=True)


# ---------------------------------------------------------------- main
def read_json(path: str):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as err:
        raise AtcError(f"atc: {path}: cannot read the file: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise AtcError(f"atc: {path}: invalid JSON: {err}") from None


def check_soc(soc: str) -> None:
    """Every --soc_version name of CANN's platform lists selects a simulator profile or is refused
    by name (simulator/cann/soc_versions.toml)."""
    try:
        soc_versions.resolve(soc)
    except soc_versions.SocRefused as err:
        raise AtcError(f"atc: --soc_version: {err}",
                       [atc_cli.e10001(soc, "--soc_version", str(err))]) from None


# GE api/atc/main_impl.cc BuildSingleOpModels (cann-install.md section 4): one DOMI_LOGE line per op that
# fails to compile; the loop goes on with the next op.
COMPILE_FAILED = "Compile op failed. ge ret = {ret}, op index = {index}"


def compile_ops(validate, names: list[str], ops: list[Op], files: dict[str, bytes], args) -> set[int]:
    """The compile step, op by op: aclsimValidateModel for the SoC. Returns the indices of the ops
    that failed (``ge ret`` is the simulator's error code, not a GE Status); each failure is printed (CANN's log line, then the simulator's detail)
    and the remaining ops are still compiled, as CANN's BuildSingleOpModels does."""
    failed: set[int] = set()
    if validate is None:
        return failed
    for name, op in zip(names, ops):
        rc, msg = validate_with_simulator(validate, files[name], args.soc_version)
        if rc == 0:
            continue
        print(COMPILE_FAILED.format(ret=rc, index=op.index), file=sys.stderr)
        print(f"atc: {args.singleop}: op[{op.index}] ({op.op}) -> {name}: rejected by the simulator "
              f"for soc_version {args.soc_version} (error {rc}): {msg}", file=sys.stderr)
        failed.add(op.index)
    return failed


def run(args: atc_cli.Options) -> int:
    """Parse and check every entry first (any error builds nothing), compile op by op, write the
    ops that compiled. The status is the LAST op's, as in CANN (BuildSingleOpModels overwrites its
    ret each iteration): an earlier op's failure still ends in success (docs/FIDELITY.md)."""
    check_soc(args.soc_version)
    ops = parse_ops(read_json(args.singleop), args.singleop)
    names = check_unique_names(ops, args.singleop)
    files = {name: om_text(op, args.soc_version).encode("utf-8") for name, op in zip(names, ops)}
    validate, warning = load_validator()
    if warning:
        print(warning, file=sys.stderr)
    failed = compile_ops(validate, names, ops, files, args)
    built = {name: files[name] for name, op in zip(names, ops) if op.index not in failed}
    if built:
        write_outputs(args.output, built)
    last = ops[-1]
    if last.index in failed:
        raise AtcError(f"atc: {args.singleop}: the last op, op[{last.index}] ({last.op}), failed to compile; "
                       f"{len(built)} of {len(ops)} models written")
    return 0


def fail(stderr: list[str], reports: list[str]) -> int:
    """CheckRet(failure): the detail on stderr, then CANN's failure line and error reports on stdout."""
    for line in stderr:
        print(line, file=sys.stderr)
    print(FAILURE_MESSAGE)
    for line in reports:
        print(line)
    return FAILURE_EXIT


def main(argv: list[str] | None = None) -> int:
    print(START_MESSAGE, flush=True)
    try:
        options = atc_cli.parse(sys.argv[1:] if argv is None else argv)
    except atc_cli.HelpRequested:
        print(atc_cli.USAGE)
        return 0
    except atc_cli.CliFailure as err:
        return fail(err.stderr, err.reports)
    try:
        run(options)
    except AtcError as err:
        return fail([str(err)], err.reports)
    print(SUCCESS_MESSAGE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
