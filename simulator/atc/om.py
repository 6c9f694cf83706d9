"""The simulator's atc: output file names (the 2026 rule) and the .om text of OM_FORMAT.md, and
the writing of the files (built in a temporary directory next to --output, moved in complete).
"""
from __future__ import annotations

import math
import os
import re
import shutil
import tempfile

from .model import GE_RESERVED_FORMAT, GE_UNDEFINED_TYPE, AtcError, Attr, Op, Tensor

MAX_NAME_LEN = 128
OM_MAGIC = "ACLSIM-OM 1"
SAFE_NAME = re.compile(r"[a-zA-Z0-9._-]+")


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
