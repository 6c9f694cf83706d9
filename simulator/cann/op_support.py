"""The simulator's per-SoC operator support: one data table, simulator/cann/op_support.csv.

One row per (op, SoC config dir, dtype combination), columns ``op, soc, inputs, outputs,
dynamic_shape, status, source, contested_by``:

- ``soc`` is CANN's config directory name (the lower-cased Short_SoC_version: ascend950,
  ascend910_93, ascend910b, ascend310b, ascend310p, ascend910);
- ``inputs`` / ``outputs`` are ``name=dtype;...`` for every IR slot in order (simulator/cann/
  op_ir.toml), ``-`` where the source gives no dtype for an optional slot (any dtype, or absent);
- ``status`` ``declared`` (the simulator runs it and its library declares it) or ``refused`` (an
  older or other source declares it, the newest does not: the simulator refuses it);
- ``source`` / ``contested_by`` cite where the row comes from and who disagrees
  (docs/FIDELITY.md §6c, §12).

``load()`` reads and checks the table (a bad row is an ``OpSupportError`` naming file:line and the
field). ``product_soc_dir`` / ``soc_dir`` map a product profile or a SoC name to its config dir.
``c_sources()`` renders the tables the C runtime's model check gates on (sim_op_check.c): one
simulator/src/sim_op_support_<dir>.c per config dir and the index sim_op_support.c (product
profile -> table). They are committed, and a test fails when they differ from this output:

    python -m simulator.cann.op_support --write-c     # regenerate simulator/src/sim_op_support*.c
    python -m simulator.cann.op_support --check       # exit 1 when a committed file is stale
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache

from . import CANN_DIR, path, read

CSV_PATH = path("op_support.csv")
IR_PATH = path("op_ir.toml")
C_DIR = os.path.join(os.path.dirname(CANN_DIR), "src")
C_RELATIVE = "simulator/src/sim_op_support.c"     # the index; one sim_op_support_<dir>.c per config dir
COLUMNS = ("op", "soc", "inputs", "outputs", "dynamic_shape", "status", "source", "contested_by")
ANY = "-"
STATUSES = ("declared", "refused")

# The eight dtypes the table models (CANN's "float" written float32) -> aclDataType name (acl_sim.h).
DTYPES = {
    "float32": "ACL_FLOAT", "float16": "ACL_FLOAT16", "bfloat16": "ACL_BF16", "int8": "ACL_INT8",
    "uint8": "ACL_UINT8", "int32": "ACL_INT32", "int64": "ACL_INT64", "bool": "ACL_BOOL",
}
# CANN's config directories of the six product lines (opp_format.md 1.3).
SOC_DIRS = ("ascend950", "ascend910_93", "ascend910b", "ascend310b", "ascend310p", "ascend910")
# The simulator's product profiles (simulator/src/sim_core_product.c, harness/products.py) -> the
# config dir of their SoCs' Short_SoC_version. tests/simulator/test_op_support.py checks it against
# SHORT_SOC_PATTERNS for every SoC of simulator/cann/soc_versions.toml.
PRODUCT_SOC_DIRS = {
    "atlas-350": "ascend950", "atlas-a3": "ascend910_93", "atlas-a2": "ascend910b",
    "atlas-200i-500-a2": "ascend310b", "atlas-inference": "ascend310p", "atlas-training": "ascend910",
}
# SoC name -> Short_SoC_version, as harness/opp.py SHORT_SOC_PATTERNS (the simulator imports nothing
# from harness/; a test checks the two are equal): T81 data/platform_config/<SoC>.ini,
# Ascend950 from RT src/platform/platform_config.
SHORT_SOC_PATTERNS = (
    (r"^Ascend910B\d", "Ascend910B"), (r"^Ascend910_93\d\d$", "Ascend910_93"), (r"^Ascend310P\d$", "Ascend310P"),
    (r"^Ascend310B\d$", "Ascend310B"), (r"^Ascend950", "Ascend950"),
    (r"^Ascend910(PremiumA|ProA|A|ProB|B)$", "Ascend910"),
)
MAX_INPUTS = 5     # GEMM, BatchNorm (the C table's fixed array sizes)
MAX_OUTPUTS = 6    # BatchNorm


class OpSupportError(ValueError):
    """The table or the IR file cannot be used: the message names file:line and the field."""


@dataclass(frozen=True)
class Slot:
    name: str
    kind: str            # "required" | "optional" | "dynamic" (the library's paramType)


@dataclass(frozen=True)
class OpIR:
    op: str
    inputs: tuple[Slot, ...]
    outputs: tuple[Slot, ...]
    attrs: tuple[tuple[str, str, str, str], ...]     # (name, type, paramType, defaultValue)
    op_file: str
    op_interface: str
    fill: dict
    formats: tuple[dict, ...]                         # one {slot: format} per layout; () = all ND


@dataclass(frozen=True)
class Row:
    op: str
    soc: str
    inputs: tuple[str | None, ...]     # one dtype per IR input slot; None = '-'
    outputs: tuple[str | None, ...]
    dynamic_shape: bool
    status: str
    source: str
    contested_by: str
    line: int

    def describe(self, ir: OpIR) -> str:
        ins = ";".join(f"{s.name}={d or ANY}" for s, d in zip(ir.inputs, self.inputs))
        outs = ";".join(f"{s.name}={d or ANY}" for s, d in zip(ir.outputs, self.outputs))
        return f"{ins} -> {outs}"


@dataclass(frozen=True)
class Table:
    path: str
    sha256: str
    ir: dict
    rows: tuple[Row, ...]

    def declared(self, soc: str | None = None, op: str | None = None) -> list[Row]:
        return [r for r in self.rows if r.status == "declared" and (soc is None or r.soc == soc)
                and (op is None or r.op == op)]

    def refused(self, soc: str | None = None, op: str | None = None) -> list[Row]:
        return [r for r in self.rows if r.status == "refused" and (soc is None or r.soc == soc)
                and (op is None or r.op == op)]

    def declares(self, soc: str, op: str, inputs, outputs, dynamic: bool = False) -> bool:
        """What the C gate (sim_op_check.c) decides for one dtype per IR slot (None = an absent
        optional tensor, matching any row; a row's '-' matches any dtype)."""
        def fits(want, got):
            return len(got) <= len(want) and all(g is None or w is None or g == w for w, g in zip(want, got))
        return any(fits(r.inputs, tuple(inputs)) and fits(r.outputs, tuple(outputs)) and (r.dynamic_shape or not dynamic)
                   for r in self.declared(soc, op))


# ---------------------------------------------------------------- mappings
def soc_dir(soc: str) -> str:
    """The config dir of a SoC name: lower-cased Short_SoC_version (Ascend910B1 -> ascend910b)."""
    for pattern, short in SHORT_SOC_PATTERNS:
        if re.match(pattern, soc or ""):
            return short.lower()
    raise OpSupportError(f"SoC {soc!r} is none of the six product lines' SoCs: no config dir")


def product_soc_dir(product_id: str) -> str:
    try:
        return PRODUCT_SOC_DIRS[product_id]
    except KeyError:
        raise OpSupportError(f"product {product_id!r} is not a simulator profile: "
                             f"{', '.join(PRODUCT_SOC_DIRS)}") from None


def snake(op: str) -> str:
    """GE's default opFile: ReduceSumD -> reduce_sum_d, ArgMaxV2 -> arg_max_v2."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", op).lower()


# ---------------------------------------------------------------- the IR file
def _slot(text: str) -> Slot:
    if text.endswith("?"):
        return Slot(text[:-1], "optional")
    if text.endswith("*"):
        return Slot(text[:-1], "dynamic")
    return Slot(text, "required")


def load_ir(file: str = IR_PATH) -> dict[str, OpIR]:
    data = read(file).get("ops", {})
    out = {}
    for op, entry in data.items():
        where = f"{file}: op {op}"
        try:
            inputs = tuple(_slot(s) for s in entry["inputs"])
            outputs = tuple(_slot(s) for s in entry["outputs"])
        except (KeyError, TypeError):
            raise OpSupportError(f"{where}: needs inputs and outputs (lists of slot names)") from None
        if not inputs or not outputs or len(inputs) > MAX_INPUTS or len(outputs) > MAX_OUTPUTS:
            raise OpSupportError(f"{where}: 1..{MAX_INPUTS} inputs and 1..{MAX_OUTPUTS} outputs, "
                                 f"got {len(inputs)} and {len(outputs)}")
        attrs = tuple(tuple(str(v) for v in a) for a in entry.get("attrs", ()))
        for a in attrs:
            if len(a) != 4 or a[2] not in ("required", "optional") or a[1] not in (
                    "int", "float", "bool", "str", "listInt", "listFloat", "listBool", "listStr", "listListInt"):
                raise OpSupportError(f"{where}: attr {a!r}: [name, type, required|optional, defaultValue]")
        names = {s.name for s in inputs + outputs}
        fill = dict(entry.get("fill", {}))
        for slot, dtype in fill.items():
            if slot not in names or dtype not in DTYPES:
                raise OpSupportError(f"{where}: fill {slot} = {dtype!r}: not a slot of the op, or not a dtype")
        formats = tuple(dict(f) for f in entry.get("formats", ()))
        for f in formats:
            if not set(f) <= names:
                raise OpSupportError(f"{where}: formats {f}: names slots the op does not have")
        op_file = entry.get("op_file", snake(op))
        out[op] = OpIR(op, inputs, outputs, attrs, op_file, entry.get("op_interface", op_file), fill, formats)
    return out


# ---------------------------------------------------------------- the CSV
def _bad(file: str, line: int, field: str, why: str) -> OpSupportError:
    return OpSupportError(f"{file}:{line}: field {field}: {why}")


def _tensors(text: str, slots: tuple[Slot, ...], file: str, line: int, field: str) -> tuple[str | None, ...]:
    parts = [p for p in text.split(";")] if text else []
    want = [s.name for s in slots]
    names = [p.partition("=")[0] for p in parts]
    if names != want:
        raise _bad(file, line, field, f"{text!r}: the slots must be {';'.join(want)} (name=dtype each, IR order)")
    out = []
    for slot, part in zip(slots, parts):
        _, eq, dtype = part.partition("=")
        if not eq or not dtype:
            raise _bad(file, line, field, f"{part!r}: expected {slot.name}=<dtype>")
        if dtype == ANY:
            if slot.kind != "optional":
                raise _bad(file, line, field, f"{slot.name}={ANY}: only an optional slot may have no dtype "
                                              f"({slot.name} is {slot.kind})")
            out.append(None)
        elif dtype not in DTYPES:
            raise _bad(file, line, field, f"{slot.name}={dtype}: unknown dtype (one of {', '.join(DTYPES)}, "
                                          f"or {ANY} for an optional slot)")
        else:
            out.append(dtype)
    return tuple(out)


def parse_rows(file: str, ir: dict[str, OpIR]) -> tuple[Row, ...]:
    rows = []
    seen: dict[tuple, int] = {}
    with open(file, encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if tuple(header or ()) != COLUMNS:
            raise _bad(file, 1, "header", f"{header!r}: expected {','.join(COLUMNS)}")
        for record in reader:
            line = reader.line_num
            if len(record) != len(COLUMNS):
                raise _bad(file, line, "row", f"{len(record)} fields, expected {len(COLUMNS)}")
            v = dict(zip(COLUMNS, record))
            op = ir.get(v["op"])
            if op is None:
                raise _bad(file, line, "op", f"{v['op']!r} is not an op of {IR_PATH}")
            if v["soc"] not in SOC_DIRS:
                raise _bad(file, line, "soc", f"{v['soc']!r}: one of {', '.join(SOC_DIRS)}")
            if v["dynamic_shape"] not in ("true", "false"):
                raise _bad(file, line, "dynamic_shape", f"{v['dynamic_shape']!r}: true or false")
            if v["status"] not in STATUSES:
                raise _bad(file, line, "status", f"{v['status']!r}: declared or refused")
            if not v["source"].strip():
                raise _bad(file, line, "source", "empty: every row cites its source")
            row = Row(v["op"], v["soc"], _tensors(v["inputs"], op.inputs, file, line, "inputs"),
                      _tensors(v["outputs"], op.outputs, file, line, "outputs"), v["dynamic_shape"] == "true",
                      v["status"], v["source"], v["contested_by"], line)
            key = (row.op, row.soc, row.inputs, row.outputs)
            if key in seen:
                raise _bad(file, line, "inputs", f"the combination of line {seen[key]} again ({row.op}, {row.soc})")
            seen[key] = line
            rows.append(row)
    return tuple(rows)


@lru_cache(maxsize=4)
def load(csv_path: str = CSV_PATH, ir_path: str = IR_PATH) -> Table:
    ir = load_ir(ir_path)
    rows = parse_rows(csv_path, ir)
    with open(csv_path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return Table(csv_path, digest, ir, rows)


# ---------------------------------------------------------------- the C table
def _c_dtypes(dtypes: tuple[str | None, ...]) -> str:
    return "{" + ", ".join(DTYPES[d] if d else "SIM_DT_ANY" for d in dtypes) + "}"


def _c_ident(soc: str) -> str:
    return f"sim_op_support_{soc}"


def _c_header(relative: str, table: Table, what: list[str]) -> list[str]:
    return ["/*",
            f" * {relative} - GENERATED from simulator/cann/op_support.csv (sha256 {table.sha256[:16]}...)",
            " * by `python -m simulator.cann.op_support --write-c`; do not edit: change the CSV and regenerate",
            " * (tests/simulator/test_op_support.py fails when this file differs from the generator's output).",
            " *", *[f" * {line}" for line in what], " */"]


def _c_soc_source(table: Table, soc: str) -> str:
    """One config dir's declared rows, grouped by op in CSV order."""
    rows = sorted((r for r in table.declared() if r.soc == soc), key=lambda r: r.op)    # stable: CSV order
    groups: list[tuple[str, int, int]] = []
    for i, r in enumerate(rows):
        if groups and groups[-1][0] == r.op:
            groups[-1] = (r.op, groups[-1][1], groups[-1][2] + 1)
        else:
            groups.append((r.op, i, 1))
    lines = _c_header(c_file(soc), table, [
        f"The declared rows of {soc} (CANN's config dir of its SoCs), the table sim_op_check.c gates",
        "models on: per row the op, the dtype of every input and output slot in IR order (SIM_DT_ANY: the",
        "source gives none for that optional slot, any dtype or absent) and the dynamic-shape flag.",
        "Refused rows are left out: a combination not here is refused."])
    lines += ['#include "sim_op_priv.h"', "", f"static const sim_op_support_row rows[{len(rows)}] = {{"]
    for r in rows:
        lines.append(f'    {{"{r.op}", {len(r.inputs)}, {len(r.outputs)}, {int(r.dynamic_shape)}, '
                     f"{_c_dtypes(r.inputs)}, {_c_dtypes(r.outputs)}}},   /* line {r.line} */")
    lines += ["};", "", f"static const sim_op_support_group groups[{len(groups)}] = {{"]
    lines += [f'    {{"{op}", {first}, {n}}},' for op, first, n in groups]
    lines += ["};", "", f"const sim_op_support_table {_c_ident(soc)} = "
              f'{{"{soc}", rows, groups, {len(groups)}}};', ""]
    return "\n".join(lines)


def _c_index_source(table: Table) -> str:
    """The product profiles' config dirs and their tables."""
    lines = _c_header(C_RELATIVE, table, [
        "Which config dir's table (sim_op_support_<dir>.c) gates a product profile's models: each",
        "profile's SoCs' lower-cased Short_SoC_version (op_support.py PRODUCT_SOC_DIRS)."])
    lines += ["#include <string.h>", "", '#include "sim_op_priv.h"', ""]
    lines += [f"extern const sim_op_support_table {_c_ident(soc)};" for soc in SOC_DIRS]
    lines += ["", "/* product profile (sim_core_product.c) -> its SoCs' config dir's table */",
              "const sim_op_support_table *sim_op_support_for_product(const char *product_id)", "{"]
    for product, d in PRODUCT_SOC_DIRS.items():
        lines.append(f'    if (strcmp(product_id, "{product}") == 0) return &{_c_ident(d)};')
    lines += ["    return NULL;", "}", ""]
    return "\n".join(lines)


def c_file(soc: str | None = None) -> str:
    """The repository path of the index (soc None) or of one config dir's table."""
    return C_RELATIVE if soc is None else f"simulator/src/{_c_ident(soc)}.c"


def c_sources(table: Table) -> dict[str, str]:
    """file name in simulator/src -> its text: the index and one table per config dir."""
    out = {os.path.basename(C_RELATIVE): _c_index_source(table)}
    out.update({f"{_c_ident(soc)}.c": _c_soc_source(table, soc) for soc in SOC_DIRS})
    return out


def _generated_files(directory: str) -> set[str]:
    """The files of ``directory`` the generator owns (its index and any sim_op_support_*.c)."""
    index = os.path.basename(C_RELATIVE)
    return {f for f in os.listdir(directory) if f == index or (f.startswith("sim_op_support_") and f.endswith(".c"))}


def check_c(table: Table | None = None, directory: str | None = None) -> str | None:
    """None when the committed C files are the generator's output, else the first difference."""
    directory = directory or C_DIR
    want = c_sources(table or load())
    extra = sorted(_generated_files(directory) - set(want))
    if extra:
        return f"{os.path.join(directory, extra[0])}: not a file the generator writes (a config dir it no longer has)"
    for name, text in want.items():
        file = os.path.join(directory, name)
        try:
            with open(file, encoding="utf-8") as f:
                got = f.read()
        except OSError as err:
            return f"{file}: {err}"
        if got == text:
            continue
        got_lines, want_lines = got.splitlines(), text.splitlines()
        for i, (g, w) in enumerate(zip(got_lines, want_lines)):
            if g != w:
                return f"{file}:{i + 1}: is {g!r}, the generator writes {w!r}"
        return f"{file}: {len(got_lines)} lines, the generator writes {len(want_lines)}"
    return None


def write_c(directory: str | None = None) -> list[str]:
    directory = directory or C_DIR
    written = []
    for name, text in c_sources(load()).items():
        file = os.path.join(directory, name)
        tmp = file + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, file)
        written.append(file)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulator.cann.op_support",
                                     description="Check simulator/cann/op_support.csv; write or check its C table.")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write-c", action="store_true", help="regenerate simulator/src/sim_op_support*.c")
    group.add_argument("--check", action="store_true", help="exit 1 when a committed sim_op_support*.c is not the generator's output")
    args = parser.parse_args(argv)
    try:
        table = load()
    except OpSupportError as err:
        print(f"op_support: {err}", file=sys.stderr)
        return 1
    if args.write_c:
        files = write_c()
        print(f"wrote {len(files)} files in {os.path.dirname(files[0])} ({len(table.declared())} declared rows)")
        return 0
    if args.check:
        problem = check_c(table)
        if problem:
            print(f"op_support: {problem}; run python -m simulator.cann.op_support --write-c", file=sys.stderr)
            return 1
    print(f"{table.path}: {len(table.rows)} rows, {len(table.declared())} declared, {len(table.refused())} refused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
