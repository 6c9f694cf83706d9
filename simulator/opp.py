"""The simulator's operator information library (算子信息库): simulator/cann/op_support.csv declared the
way CANN declares its operators, and read back the way CANN's compiler reads it.

``write(root, layout)`` writes, under an opp root (what ASCEND_OPP_PATH names), the built-in AI Core
library of all six SoC config dirs (research opp_format.md sections 1-2):

- ``ascend-toolkit`` (CANN 8.x): ``built-in/op_impl/ai_core/tbe/config/<soc>/aic-<soc>-ops-info.json``;
- ``cann`` (CANN 8.5 / 9.x): ``.../config/<soc>/aic-<soc>-ops-info-{legacy,math,nn}.json``, one file
  per op package. An op is in ``-math`` / ``-nn`` where its 9.x OpDef in hicann/ops-math /
  hicann/ops-nn configures that SoC (``AddConfig``): for the 34 ops only ascend950, and only for the
  ops whose ascend950 rows come from such an OpDef; every other entry is the closed ops_legacy
  package's, ``-legacy`` (docs/FIDELITY.md "The operator information library").

The format is CANN's: op type -> sections -> string values; ``inputN`` / ``outputN`` with ``name``,
``paramType``, ``dtype`` and ``format`` comma lists whose i-th entries across all tensors form one
combination (one per declared row, and per layout for Conv2D and BatchNorm), ``unknownshape_format``
where ``dynamicShapeSupport.flag`` is true, ``attr.list`` and ``attr_<name>``, ``opFile.value``,
``opInterface.value``. A '-' slot of the CSV is written with the slot's documented dtype
(``fill`` in simulator/cann/op_ir.toml) or the combination's first input's dtype.

``default_root(layout)`` is such a tree for the package's own CSV without an install: written once
into a cache directory keyed by the hash of the CSV, the IR table and this writer's format version
(``$ACLSIM_OPP_CACHE``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then ``aclsim/opp``), built in a
temporary directory and renamed into place, so concurrent callers never see half a tree.

``check_combination(root, soc, op, inputs, outputs, dynamic)`` is what the simulator's atc asks when
ASCEND_OPP_PATH is set (CANN's FE reads the op store the same way, GE ``SubOpInfoStore::LoadOpInfo``):
None when the library under ``root`` declares the dtype combination for the SoC config dir, else
the refusal naming the file (GE op_info_util.h texts). Formats are written but not compared: the
simulator's kernels check them.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile

from .cann import op_support

CONFIG_SUBDIR = os.path.join("built-in", "op_impl", "ai_core", "tbe", "config")
LAYOUTS = ("cann", "ascend-toolkit")
PACKAGES = ("legacy", "math", "nn")
FORMAT_VERSION = "1"   # bump when what write() produces changes for the same tables
CACHE_ENV = "ACLSIM_OPP_CACHE"
# the dtype names of CANN's library (float32 is "float")
LIBRARY_DTYPE = {"float32": "float"}
# ACL dtype numbers (simulator/atc/model.py TYPE_TABLE) -> the table's names
ACL_DTYPE_NAMES = {0: "float32", 1: "float16", 27: "bfloat16", 2: "int8", 4: "uint8", 3: "int32", 9: "int64",
                   12: "bool", 6: "int16", 7: "uint16", 8: "uint32", 10: "uint64", 11: "double",
                   16: "complex64", 17: "complex128", 33: "complex32"}
# The ascend950 OpDefs that put an entry into -math / -nn (op_support.csv's source column).
OPDEF_SOURCE = re.compile(r"^hicann/ops-(math|nn)@[^:]+:\S+_def\.cpp")
# GE inc/common/util/op_info_util.h (opp_format.md section 4)
NOT_SUPPORTED = "not supported in op store, check the dtype, format or shape"
NOT_DYNAMIC = "This op which is dynamic shape is not configured to support dynamic shape in op store."


class OppError(ValueError):
    """The library cannot be written or read."""


# ---------------------------------------------------------------- writing
def package_of(rows: list[op_support.Row]) -> str:
    """legacy, math or nn for the declared rows of one (op, soc)."""
    kinds = {m.group(1) if (m := OPDEF_SOURCE.match(r.source)) else "legacy" for r in rows}
    return kinds.pop() if len(kinds) == 1 else "legacy"


def _filled(row: op_support.Row, ir: op_support.OpIR) -> tuple[list[str], list[str]]:
    first = next(d for d in row.inputs if d)
    ins = [d or ir.fill.get(s.name, first) for s, d in zip(ir.inputs, row.inputs)]
    outs = [d or ir.fill.get(s.name, first) for s, d in zip(ir.outputs, row.outputs)]
    return ins, outs


def entry(op: str, rows: list[op_support.Row], ir: op_support.OpIR, package: str) -> dict:
    """One op's entry for one SoC: its declared rows as aligned dtype / format lists."""
    layouts = ir.formats or ({},)
    combos: list[tuple[list[str], list[str]]] = []
    seen = set()
    for row in rows:
        ins, outs = _filled(row, ir)
        for layout in layouts:
            fmts = [layout.get(s.name, "ND") for s in ir.inputs + ir.outputs]
            key = (tuple(ins + outs), tuple(fmts))
            if key not in seen:
                seen.add(key)
                combos.append((ins + outs, fmts))
    dynamic = any(r.dynamic_shape for r in rows)
    out: dict = {}
    slots = [("input", i, s) for i, s in enumerate(ir.inputs)] + [("output", i, s) for i, s in enumerate(ir.outputs)]
    for k, (kind, i, slot) in enumerate(slots):
        section = {
            "name": slot.name,
            "paramType": slot.kind,
            "dtype": ",".join(LIBRARY_DTYPE.get(c[0][k], c[0][k]) for c in combos),
            "format": ",".join(c[1][k] for c in combos),
        }
        if dynamic:
            section["unknownshape_format"] = section["format"]
        if kind == "output":
            section["shape"] = "all"
        out[f"{kind}{i}"] = section
    if ir.attrs:
        out["attr"] = {"list": ",".join(a[0] for a in ir.attrs)}
        for name, type_, param, default in ir.attrs:
            attr = {"type": type_, "paramType": param, "value": "all"}
            if param == "optional":
                attr["defaultValue"] = default
            out[f"attr_{name}"] = attr
    out["dynamicShapeSupport"] = {"flag": "true" if dynamic else "false"}
    op_file = ir.op_file + ("_apt" if package != "legacy" else "")
    out["opFile"] = {"value": op_file}
    out["opInterface"] = {"value": ir.op_interface}
    return out


def library(table: op_support.Table, soc: str) -> dict[str, dict[str, dict]]:
    """package -> {op: entry} for one SoC config dir (declared rows only)."""
    by_op: dict[str, list[op_support.Row]] = {}
    for row in table.declared(soc):
        by_op.setdefault(row.op, []).append(row)
    out: dict[str, dict[str, dict]] = {p: {} for p in PACKAGES}
    for op, rows in sorted(by_op.items()):
        package = package_of(rows) if soc == "ascend950" else "legacy"
        out[package][op] = entry(op, rows, table.ir[op], package)
    return out


def file_name(soc: str, layout: str, package: str | None = None) -> str:
    return f"aic-{soc}-ops-info-{package}.json" if layout == "cann" else f"aic-{soc}-ops-info.json"


def _dump(path: str, data: dict) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=4, sort_keys=True, ensure_ascii=False)
        f.write("\n")


def write(root: str, layout: str, table: op_support.Table | None = None) -> list[str]:
    """The library of all six SoC dirs under the opp root ``root``; returns the files written."""
    if layout not in LAYOUTS:
        raise OppError(f"layout {layout!r}: one of {', '.join(LAYOUTS)}")
    table = table or op_support.load()
    written = []
    for soc in op_support.SOC_DIRS:
        lib = library(table, soc)
        config = os.path.join(root, CONFIG_SUBDIR, soc)
        if layout == "cann":
            for package in PACKAGES:
                written.append(os.path.join(config, file_name(soc, layout, package)))
                _dump(written[-1], lib[package])
        else:
            merged = {op: e for package in PACKAGES for op, e in lib[package].items()}
            written.append(os.path.join(config, file_name(soc, layout)))
            _dump(written[-1], merged)
    return written


def cache_key(table: op_support.Table | None = None) -> str:
    """The hash of the CSV, the IR table and FORMAT_VERSION: what the written tree depends on."""
    table = table or op_support.load()
    with open(op_support.IR_PATH, "rb") as f:
        ir = hashlib.sha256(f.read()).hexdigest()
    text = "\0".join((table.sha256, ir, FORMAT_VERSION))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cache_dir() -> str:
    if os.environ.get(CACHE_ENV):
        return os.environ[CACHE_ENV]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "aclsim", "opp")


def default_root(layout: str = "cann") -> str:
    """An opp root holding the library of the package's CSV (written once per CSV, IR and format
    version; a temporary directory renamed into place)."""
    if layout not in LAYOUTS:
        raise OppError(f"layout {layout!r}: one of {', '.join(LAYOUTS)}")
    parent = cache_dir()
    final = os.path.join(parent, f"{cache_key()}-{layout}")
    if os.path.isdir(os.path.join(final, CONFIG_SUBDIR)):
        return final
    os.makedirs(parent, exist_ok=True)
    stage = tempfile.mkdtemp(prefix=f".{layout}-", dir=parent)
    try:
        write(stage, layout)
        try:
            os.rename(stage, final)
        except OSError:
            if not os.path.isdir(os.path.join(final, CONFIG_SUBDIR)):   # not another writer's tree
                raise
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return final


# ---------------------------------------------------------------- reading (what atc consults)
def _file_order(names: list[str]) -> list[str]:
    """GE SubOpInfoStore: files whose name holds "legacy" first, then by ascending name length."""
    return sorted(names, key=lambda n: (0 if "legacy" in n else 1, len(n), n))


def config_dirs(root: str, soc: str) -> list[str]:
    """The built-in config dir, then custom packages of vendors/config.ini from the lowest
    priority to the highest (a later entry of the same op wins: GE configuration.cc)."""
    dirs = [os.path.join(root, CONFIG_SUBDIR, soc)]
    vendors: list[str] = []
    config = os.path.join(root, "vendors", "config.ini")
    if os.path.isfile(config):
        with open(config, encoding="utf-8") as f:
            for line in f:
                if "load_priority" in line and not line.lstrip().startswith("#") and "=" in line:
                    vendors = [v.strip() for v in line.split("=", 1)[1].split(",") if v.strip()]
                    break
    for vendor in reversed(vendors):
        dirs.append(os.path.join(root, "vendors", vendor, "op_impl", "ai_core", "tbe", "config", soc))
    return dirs


def find_entry(root: str, soc: str, op: str) -> tuple[dict | None, str | None, list[str]]:
    """(the op's entry, the file it came from, every file read) in GE's order; OppError when the
    built-in config dir is missing or a file is not an ops-info object."""
    builtin = os.path.join(root, CONFIG_SUBDIR, soc)
    if not os.path.isdir(builtin):
        raise OppError(f"{builtin}: ASCEND_OPP_PATH does not exist or access permission is denied during "
                       f"FE initialization (no operator information library for {soc})")
    found, source, files = None, None, []
    for d in config_dirs(root, soc):
        if not os.path.isdir(d):
            continue
        for name in _file_order([n for n in os.listdir(d) if n.endswith(".json")]):
            path = os.path.join(d, name)
            files.append(path)
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError) as err:
                raise OppError(f"{path}: not a readable operator information file: {err}") from None
            if not isinstance(data, dict):
                raise OppError(f"{path}: expected an object of op types")
            if op in data:
                found, source = data[op], path
    return found, source, files


def _split(value) -> list[str]:
    return [v.strip() for v in str(value).split(",")] if value not in (None, "") else []


def _dtype(name: str) -> str:
    name = name.strip().lower()
    return {"float": "float32"}.get(name, name)


def _slots(entry_: dict, kind: str) -> list[dict]:
    keys = sorted((k for k in entry_ if re.fullmatch(rf"{kind}\d+", k)), key=lambda k: int(k[len(kind):]))
    return [entry_[k] if isinstance(entry_[k], dict) else {} for k in keys]


def _flag(entry_: dict, key: str) -> bool:
    v = entry_.get(key)
    return isinstance(v, dict) and str(v.get("flag", "false")).strip().lower() == "true"


def _expand(slots: list[dict], dtypes: list[str | None]) -> list[str | None] | None:
    """The model's tensors mapped onto the slots (a dynamic slot takes every tensor between the
    others; missing trailing tensors are absent). None when they do not fit."""
    dyn = [i for i, s in enumerate(slots) if s.get("paramType") == "dynamic"]
    if dyn:
        k, extra = dyn[0], len(dtypes) - len(slots)
        if extra < 0:
            return None
        per_slot: list = list(dtypes[:k]) + [dtypes[k:k + extra + 1]] + list(dtypes[k + extra + 1:])
        return per_slot
    if len(dtypes) > len(slots):
        return None
    return list(dtypes) + [None] * (len(slots) - len(dtypes))


def _matches(slots: list[dict], got: list, want: list[str]) -> bool:
    for slot, g, w in zip(slots, got, want):
        values = g if isinstance(g, list) else [g]
        for v in values:
            if v is None:
                if slot.get("paramType", "required") == "required":
                    return False
            elif v != w:
                return False
    return True


def describe(inputs: list[str | None], outputs: list[str | None], in_slots: list[dict],
             out_slots: list[dict]) -> str:
    def part(slots, dts):
        names = [s.get("name", "?") for s in slots]
        return ", ".join(f"{names[i] if i < len(names) else '?'}={d or 'absent'}" for i, d in enumerate(dts))
    return f"{part(in_slots, inputs)} -> {part(out_slots, outputs)}"


def check_combination(root: str, soc: str, op: str, inputs: list[str | None], outputs: list[str | None],
                      dynamic: bool = False) -> str | None:
    """None when the library under root declares the dtypes (None = an absent optional tensor) of
    op for SoC config dir soc, else why not (naming the file). An entry whose dtypes are chosen at
    compile time (dynamicFormat) declares no list and is not checked."""
    found, source, files = find_entry(root, soc, op)
    where = ", ".join(files) if files else os.path.join(root, CONFIG_SUBDIR, soc)
    if found is None:
        return f"op type {op} is not found in op store: not declared in {where}"
    if not isinstance(found, dict):
        return f"op type {op}: its entry in {source} is not an object of sections"
    in_slots, out_slots = _slots(found, "input"), _slots(found, "output")
    if dynamic and not _flag(found, "dynamicShapeSupport"):
        return f"{NOT_DYNAMIC} (op {op}: dynamicShapeSupport is not true in {source})"
    if _flag(found, "dynamicFormat"):
        return None
    lists = [[_dtype(d) for d in _split(s.get("dtype"))] for s in in_slots + out_slots]
    if not lists or len({len(x) for x in lists}) != 1:
        return f"op {op}: the dtype lists of its inputs and outputs in {source} differ in length"
    got_in, got_out = _expand(in_slots, inputs), _expand(out_slots, outputs)
    text = describe(inputs, outputs, in_slots, out_slots)
    if got_in is not None and got_out is not None:
        n_in = len(in_slots)
        for i in range(len(lists[0])):
            want = [x[i] for x in lists]
            if _matches(in_slots, got_in, want[:n_in]) and _matches(out_slots, got_out, want[n_in:]):
                return None
    return f"op {op}: {text} is {NOT_SUPPORTED}: not declared in {source}"
