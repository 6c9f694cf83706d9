"""The simulator's atc: the single-op JSON file read and validated the way ATC does.

``read_json(path)`` loads the file; ``parse_ops(doc, filename)`` checks every entry (op, tensor
descs, shapes and ranges, const values, attrs) and returns the ops, or raises ``AtcError`` whose
message gives the file, the op and the field path.
"""
from __future__ import annotations

import json
import math
import struct

from .model import (
    ATTR_TYPES,
    CONST_PACK,
    FLOAT_DTYPES,
    FORMAT_TABLE,
    GE_DTYPE_NAMES,
    INT_RANGES,
    KNOWN_DTYPE_NUMBERS,
    TYPE_TABLE,
    AtcError,
    Attr,
    Op,
    Tensor,
)


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
