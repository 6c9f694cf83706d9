"""What the runtime under test declares it supports: CANN's operator information library
(算子信息库), read the way CANN's compiler reads it.

Where it is (cann-install.md section 1; GE ``configuration.cc``): ``$ASCEND_OPP_PATH`` (else
``$ASCEND_HOME_PATH/opp``), then ``built-in/op_impl/ai_core/tbe/config/<dir>/``, where ``<dir>``
is the lower-cased ``Short_SoC_version`` of the SoC's platform config (``Ascend910B1`` ->
``ascend910b``). The directory holds one JSON file (CANN 8.x: ``aic-<dir>-ops-info.json``) or one
per op package (8.5/9.x: ``-legacy``, ``-math``, ``-nn``); GE's ``SubOpInfoStore`` loads every
``*.json`` there, files whose name holds "legacy" first, then the others by ascending name length,
a later file's entry replacing an earlier one of the same op. Custom operator packages
(``vendors/<vendor>/op_impl/ai_core/tbe/config/<dir>/``, ordered by ``vendors/config.ini``
``load_priority``) win over the built-in library.

The format (TBE 算子信息库 page; GE ``op_kernel_info_constructor.cc``): op type -> sections ->
string values. ``inputN`` / ``outputN`` carry ``name``, ``paramType`` (required, optional,
dynamic), ``dtype`` and ``format`` as comma lists whose i-th entries across every input and output
form one supported combination (lists of different lengths are refused, as GE refuses them);
``attr.list`` names the attributes, each ``attr_<name>`` with ``type``, ``paramType`` and
``defaultValue``; ``dynamicShapeSupport.flag`` (false when absent). An op whose
``dynamicFormat.flag`` is true lists no dtypes: its combinations are chosen at compile time
(``op_select_format``), so the file declares none and ``combinations`` is None.

Pure reading: no runtime call, no import of the simulator; tests/harness/test_opp.py covers it on
CANN's own example entries.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field

CONFIG_SUBDIR = os.path.join("built-in", "op_impl", "ai_core", "tbe", "config")
# CANN's dtype names as the simulator and the catalog spell them (the file writes "float").
DTYPE_NAMES = {"float": "float32", "float32": "float32", "double": "float64"}
# Short_SoC_version of the six product lines' SoCs (cann-install.md section 5: T81
# data/platform_config/<SoC>.ini; Ascend950: RT src/platform/platform_config), used where the
# install has no platform config to read.
SHORT_SOC_PATTERNS = (
    (r"^Ascend910B\d", "Ascend910B"), (r"^Ascend910_93\d\d$", "Ascend910_93"), (r"^Ascend310P\d$", "Ascend310P"),
    (r"^Ascend310B\d$", "Ascend310B"), (r"^Ascend950", "Ascend950"),
    (r"^Ascend910(PremiumA|ProA|A|ProB|B)$", "Ascend910"),
)


class OppError(ValueError):
    """The library cannot be read: the message names the file, the op and the field."""


@dataclass(frozen=True)
class Tensor:
    name: str
    param_type: str              # "required" | "optional" | "dynamic"


@dataclass(frozen=True)
class Combination:
    """One supported combination: a dtype (and format) per input, then per output."""
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    formats: tuple[str, ...] = ()     # inputs then outputs, "" where the file gives none

    def describe(self, decl: OpDeclaration) -> str:
        ins = ", ".join(f"{t.name}={d}" for t, d in zip(decl.inputs, self.inputs))
        outs = ", ".join(f"{t.name}={d}" for t, d in zip(decl.outputs, self.outputs))
        return f"{ins} -> {outs}"


@dataclass(frozen=True)
class OpDeclaration:
    op: str
    soc_dir: str
    inputs: tuple[Tensor, ...]
    outputs: tuple[Tensor, ...]
    combinations: tuple[Combination, ...] | None   # None: dynamicFormat, chosen at compile time
    dynamic_shape: bool
    attrs: tuple[tuple[str, str, str, str | None], ...]   # (name, type, paramType, defaultValue)
    source: str                                        # the file the entry was read from

    @property
    def required_attrs(self) -> tuple[str, ...]:
        return tuple(name for name, _t, param, _d in self.attrs if param == "required")

    def declares(self, inputs, outputs) -> bool | None:
        """Whether the dtypes (None for an absent optional input) form a declared combination;
        None when the file declares no dtypes for this op (dynamicFormat)."""
        if self.combinations is None:
            return None
        return any(matches(c, self.inputs, inputs, outputs) for c in self.combinations)


def matches(c: Combination, slots, inputs, outputs) -> bool:
    if len(inputs) != len(c.inputs) or tuple(outputs) != c.outputs:
        return False
    for slot, want, got in zip(slots, c.inputs, inputs):
        if got is None:
            if slot.param_type == "required":
                return False
        elif got != want:
            return False
    return True


@dataclass
class OpInfoLibrary:
    """Every op one SoC directory declares (built-in, then custom packages over it)."""
    root: str
    soc_dir: str
    files: list[str] = field(default_factory=list)
    ops: dict[str, OpDeclaration] = field(default_factory=dict)

    def get(self, op: str) -> OpDeclaration | None:
        return self.ops.get(op)


def dtype_name(text: str) -> str:
    name = text.strip().lower()
    return DTYPE_NAMES.get(name, name)


def opp_root(explicit: str | None = None, environ=os.environ) -> str | None:
    """--opp-path, else $ASCEND_OPP_PATH, else $ASCEND_HOME_PATH/opp (GE InitAscendOpsPath)."""
    if explicit:
        return explicit
    if environ.get("ASCEND_OPP_PATH"):
        return environ["ASCEND_OPP_PATH"]
    home = environ.get("ASCEND_HOME_PATH")
    return os.path.join(home, "opp") if home else None


def short_soc_version(soc: str, environ=os.environ) -> str:
    """The SoC's Short_SoC_version: from its platform config under $ASCEND_HOME_PATH when the
    install has one, else CANN's values for the six product lines (SHORT_SOC_PATTERNS)."""
    home = environ.get("ASCEND_HOME_PATH")
    for sub in (("compiler", "data", "platform_config"), ("data", "platform_config")):
        ini = os.path.join(home, *sub, f"{soc}.ini") if home else None
        if ini and os.path.isfile(ini):
            with open(ini, encoding="utf-8", errors="replace") as f:
                for line in f:
                    key, _, value = line.partition("=")
                    if key.strip() == "Short_SoC_version" and value.strip():
                        return value.strip()
    for pattern, short in SHORT_SOC_PATTERNS:
        if re.match(pattern, soc or ""):
            return short
    raise OppError(f"SoC {soc!r}: no platform config under ASCEND_HOME_PATH names its Short_SoC_version, and "
                   f"it is none of the six product lines' SoCs")


def soc_dir(soc: str, environ=os.environ) -> str:
    return short_soc_version(soc, environ).lower()


def _file_order(names: list[str]) -> list[str]:
    """GE SubOpInfoStore: "legacy" files first, then by ascending name length (then by name)."""
    return sorted(names, key=lambda n: (0 if "legacy" in n else 1, len(n), n))


def _config_dirs(root: str, soc: str) -> list[str]:
    """Built-in first, then custom packages from lowest to highest priority (a later one wins)."""
    dirs = [os.path.join(root, CONFIG_SUBDIR, soc)]
    vendors = []
    config = os.path.join(root, "vendors", "config.ini")
    if os.path.isfile(config):
        with open(config, encoding="utf-8") as f:
            for line in f:
                if "load_priority" in line and not line.lstrip().startswith("#"):
                    vendors = [v.strip() for v in line.split("=", 1)[1].split(",") if v.strip()]
                    break
    for vendor in reversed(vendors):       # load_priority lists the highest priority first
        dirs.append(os.path.join(root, "vendors", vendor, "op_impl", "ai_core", "tbe", "config", soc))
    return dirs


def load(root: str, soc: str) -> OpInfoLibrary:
    """The library of config directory ``soc`` (e.g. "ascend910b") under the opp root ``root``."""
    lib = OpInfoLibrary(root, soc)
    builtin = os.path.join(root, CONFIG_SUBDIR, soc)
    if not os.path.isdir(builtin):
        raise OppError(f"{builtin}: no operator information library for {soc} (ASCEND_OPP_PATH={root})")
    for d in _config_dirs(root, soc):
        if not os.path.isdir(d):
            continue
        for name in _file_order([n for n in os.listdir(d) if n.endswith(".json")]):
            path = os.path.join(d, name)
            lib.files.append(path)
            for op, entry in _read(path).items():
                lib.ops[op] = declaration(op, soc, entry, path)
    if not lib.files:
        raise OppError(f"{builtin}: no *.json operator information file")
    return lib


def _read(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as exc:
        raise OppError(f"{path}: not a readable operator information file: {exc}") from None
    if not isinstance(data, dict):
        raise OppError(f"{path}: expected an object of op types, got {type(data).__name__}")
    return data


def _section(entry: dict, key: str, path: str, op: str) -> dict:
    value = entry.get(key, {})
    if not isinstance(value, dict):
        raise OppError(f"{path}: op {op}, section {key}: expected an object of strings")
    return value


def _flag(entry: dict, key: str) -> bool:
    value = entry.get(key)
    return isinstance(value, dict) and str(value.get("flag", "false")).strip().lower() == "true"


def _tensors(entry: dict, kind: str) -> list[tuple[str, dict]]:
    keys = sorted((k for k in entry if re.fullmatch(rf"{kind}\d+", k)), key=lambda k: int(k[len(kind):]))
    return [(k, entry[k]) for k in keys]


def _split(value) -> list[str]:
    return [v.strip() for v in str(value).split(",")] if value not in (None, "") else []


def declaration(op: str, soc: str, entry: dict, path: str) -> OpDeclaration:
    """One op's entry, its dtype/format lists zipped into combinations (GE's alignment rule)."""
    if not isinstance(entry, dict):
        raise OppError(f"{path}: op {op}: expected an object of sections")
    tensors = {kind: _tensors(entry, kind) for kind in ("input", "output")}
    for kind in tensors:
        for key, _ in tensors[kind]:
            _section(entry, key, path, op)
    slots = {kind: tuple(Tensor(str(s.get("name", key)), str(s.get("paramType", "required")))
                         for key, s in tensors[kind]) for kind in tensors}
    combos = None if _flag(entry, "dynamicFormat") else _combinations(op, tensors, path)
    names = _split(_section(entry, "attr", path, op).get("list", ""))
    attrs = tuple((n, str(_section(entry, f"attr_{n}", path, op).get("type", "")),
                   str(_section(entry, f"attr_{n}", path, op).get("paramType", "required")),
                   _section(entry, f"attr_{n}", path, op).get("defaultValue")) for n in names)
    return OpDeclaration(op, soc, slots["input"], slots["output"], combos, _flag(entry, "dynamicShapeSupport"),
                         attrs, path)


def _combinations(op: str, tensors: dict, path: str) -> tuple[Combination, ...]:
    every = tensors["input"] + tensors["output"]
    dtypes = [_split(s.get("dtype")) for _, s in every]
    formats = [_split(s.get("format")) for _, s in every]
    lengths = {len(d) for d in dtypes}
    if len(lengths) > 1:
        counts = ", ".join(f"{k}: {len(d)}" for (k, _), d in zip(every, dtypes))
        raise OppError(f"{path}: op {op}: the dtype lists of its inputs and outputs differ in length ({counts}); "
                       f"CANN's compiler refuses such an entry")
    for (key, _), d, f in zip(every, dtypes, formats):
        if f and len(f) != len(d):
            raise OppError(f"{path}: op {op}, {key}: {len(d)} dtypes but {len(f)} formats")
    n_in = len(tensors["input"])
    out = []
    for i in range(lengths.pop() if lengths else 0):
        ds = tuple(dtype_name(d[i]) for d in dtypes)
        fs = tuple(f[i] if f else "" for f in formats)
        out.append(Combination(ds[:n_in], ds[n_in:], fs))
    return tuple(out)
