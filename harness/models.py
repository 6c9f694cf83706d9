"""Model preparation: op signatures -> ATC single-op JSON -> .om files -> aclopLoad.

The same path serves both backends (docs/ARCHITECTURE.md, "Model preparation"): on an Atlas
host the real ``atc --singleop`` compiles, on the simulator its own ``python -m simulator.atc``
does. Models are compiled once per (signature, SoC, runtime version) into a content-addressed
cache directory and loaded with ``aclopLoad`` (``aclopSetModelDir`` works only once per process,
and tests need it for themselves).
"""
from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from . import dtypes
from .abi import DT, FMT
from .op import OpHandle
from .resources import AttrValue, OpAttr, TensorDesc, attr_value
from .runtime import Acl

FORMAT_NAME = {f: f.name for f in FMT if f != FMT.UNDEFINED}


@dataclass(frozen=True)
class TensorSpec:
    """One input or output of a single-op model. ``dtype=DT.UNDEFINED`` = absent optional input.

    ``shape_range`` has one (min, max) pair per dim, as aclSetTensorShapeRange takes it and as GE
    stores it in the model (static dims get (d, d)); the ATC JSON lists only the -1 dims' pairs
    (GE single_op_parser.cc SetShapeRange expands them back).
    """
    dtype: DT
    shape: tuple[int, ...]
    format: FMT = FMT.ND
    shape_range: tuple[tuple[int, int], ...] = ()
    name: str | None = None

    @classmethod
    def absent(cls) -> TensorSpec:
        return cls(DT.UNDEFINED, (), FMT.UNDEFINED)

    @property
    def is_absent(self) -> bool:
        return self.dtype == DT.UNDEFINED

    @property
    def is_dynamic(self) -> bool:
        return any(d < 0 for d in self.shape)

    def to_atc(self) -> dict[str, Any]:
        if self.is_absent:
            return {"format": "RESERVED", "type": "UNDEFINED", "shape": []}
        out: dict[str, Any] = {"format": FORMAT_NAME[self.format],
                               "type": dtypes.ATC_TYPE_NAME[self.dtype], "shape": list(self.shape)}
        if self.shape_range:
            out["shape_range"] = [list(r) for d, r in zip(self.shape, self.shape_range) if d == -1]
        if self.name:
            out["name"] = self.name
        return out

    def make_desc(self, acl: Acl) -> TensorDesc:
        if self.is_absent:
            return TensorDesc.absent(acl)
        desc = TensorDesc(acl, self.dtype, self.shape, self.format)
        if self.shape_range:
            desc.set_shape_range(self.shape_range)
        if self.name:
            desc.set_name(self.name)
        return desc


def tensor(dtype, shape: Sequence[int], fmt: FMT = FMT.ND, **kw) -> TensorSpec:
    return TensorSpec(dtypes.parse(dtype), tuple(int(d) for d in shape), fmt, **kw)


def _atc_attr_value(av: AttrValue) -> Any:
    if av.type == "data_type":
        return "DT_" + DT(av.value).name
    if av.type == "list_data_type":
        return ["DT_" + DT(v).name for v in av.value]
    if av.type in ("list_int", "list_bool", "list_float", "list_string"):
        return list(av.value)
    if av.type == "list_list_int":
        return [list(r) for r in av.value]
    return av.value


@dataclass(frozen=True)
class OpSpec:
    """A single-op signature: what atc compiles and what aclopCreateHandle must match."""
    op: str
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]
    attrs: tuple[tuple[str, AttrValue], ...] = field(default=())

    @classmethod
    def make(cls, op: str, inputs: Iterable[TensorSpec], outputs: Iterable[TensorSpec],
             attrs: dict[str, Any] | None = None) -> OpSpec:
        items = tuple(sorted((k, attr_value(v)) for k, v in (attrs or {}).items()))
        return cls(op, tuple(inputs), tuple(outputs), items)

    @property
    def attr_dict(self) -> dict[str, AttrValue]:
        return dict(self.attrs)

    @property
    def is_dynamic(self) -> bool:
        return any(t.is_dynamic for t in self.inputs + self.outputs)

    def to_atc(self, name: str | None = None) -> dict[str, Any]:
        entry: dict[str, Any] = {"op": self.op,
                                 "input_desc": [t.to_atc() for t in self.inputs],
                                 "output_desc": [t.to_atc() for t in self.outputs]}
        if self.attrs:
            entry["attr"] = [{"name": k, "type": v.type, "value": _atc_attr_value(v)}
                             for k, v in self.attrs]
        if name:
            entry["name"] = name
        return entry

    @functools.cached_property
    def key(self) -> str:
        """Content hash of the signature: the model's file name in the cache (kept: the spec is
        frozen, and a case asks for it several times)."""
        text = json.dumps(self.to_atc(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def describe(self) -> str:
        def t(s: TensorSpec) -> str:
            return "absent" if s.is_absent else f"{dtypes.ATC_TYPE_NAME[s.dtype]}{list(s.shape)}"
        attrs = ", ".join(f"{k}={v.value!r}" for k, v in self.attrs)
        return (f"{self.op}({', '.join(t(s) for s in self.inputs)}) -> "
                f"{', '.join(t(s) for s in self.outputs)}" + (f" [{attrs}]" if attrs else ""))

    def create_handle(self, acl: Acl) -> OpHandle:
        """aclopCreateHandle from fresh descs/attr, released right after (deep copy, acl-abi 3)."""
        descs_in = [t.make_desc(acl) for t in self.inputs]
        descs_out = [t.make_desc(acl) for t in self.outputs]
        attr = OpAttr(acl, {k: v for k, v in self.attrs}) if self.attrs else None
        try:
            return OpHandle(acl, self.op, descs_in, descs_out, attr)
        finally:
            for d in descs_in + descs_out:
                d.close()
            if attr:
                attr.close()


class ModelBuildError(RuntimeError):
    pass


# atc's line for an op it refused (GE BuildSingleOpModels, cann-install.md section 4): a property
# of the op's signature, the SoC and the atc, not of the moment (unlike a crash or a full disk)
REFUSAL_LINE = re.compile(r"Compile op failed\. ge ret = \d+, op index = (\d+)")


class ModelStore:
    """Compiles OpSpecs with atc into ``cache_dir`` (once) and loads them with aclopLoad (once).

    ``acl`` may be None for a store that only compiles (``python -m harness models build``).
    ``compiled`` and ``from_cache`` hold the keys this process compiled and found ready.

    A spec atc refused with its per-op compile failure line is recorded beside the models
    (``<key>.refused``: atc's exit status and its lines naming the op), like a model: the cache
    directory is already specific to the SoC, the runtime version and the atc's identity
    (HarnessSession.model_cache), so the same atc would refuse it again, and ``ensure`` raises
    the recorded refusal instead of running atc once more (seconds per run of CANN's atc).
    ``refusals_replayed`` holds the keys answered so. Any other failure (no such line: a crash,
    a full disk, a missing license) is never recorded. ``compile_missing`` (``models build``)
    always runs atc for what has no model.
    """

    def __init__(self, acl: Acl | None, cache_dir: str, soc: str, atc_command: Sequence[str]):
        self.acl, self.soc = acl, soc
        self.cache_dir = cache_dir
        self.atc_command = list(atc_command)
        self._loaded: set[str] = set()
        self.loads = 0              # aclopLoad calls: the leak check skips memory when it changed
        self.compiled: set[str] = set()
        self.from_cache: set[str] = set()
        self.refusals_replayed: set[str] = set()
        self._lock = threading.Lock()
        os.makedirs(cache_dir, exist_ok=True)

    def path_of(self, spec: OpSpec) -> str:
        return os.path.join(self.cache_dir, spec.key + ".om")

    def refusal_path(self, spec: OpSpec) -> str:
        return os.path.join(self.cache_dir, spec.key + ".refused")

    def missing(self, specs: Iterable[OpSpec]) -> list[OpSpec]:
        """The specs (once each) that have no model in the cache yet."""
        unique = {s.key: s for s in specs}
        return [s for s in unique.values() if not os.path.exists(self.path_of(s))]

    def recorded_refusals(self, specs: Iterable[OpSpec]) -> list[tuple[OpSpec, dict]]:
        """(spec, record) for each spec without a model whose refusal by this cache's atc is
        recorded; a record that cannot be read counts as none (atc runs again)."""
        out = []
        for spec in specs:
            path = self.refusal_path(spec)
            if os.path.exists(path) and not os.path.exists(self.path_of(spec)):
                try:
                    with open(path, encoding="utf-8") as f:
                        record = json.load(f)
                except (OSError, ValueError):
                    continue
                if isinstance(record, dict) and isinstance(record.get("lines"), list):
                    out.append((spec, record))
        return out

    def ensure(self, *specs: OpSpec) -> None:
        """Make every spec's model loaded in this process (compiling the missing ones first)."""
        with self._lock:
            wanted = {s.key: s for s in specs if s.key not in self._loaded}
            refused = self.recorded_refusals(wanted.values())
            refused_keys = {s.key for s, _ in refused}
            missing = [s for s in self.missing(wanted.values()) if s.key not in refused_keys]
            if missing:
                self._compile(missing)
            if refused:
                self.refusals_replayed |= refused_keys
                raise ModelBuildError(recorded_refusals_report(refused, len(wanted), self.cache_dir))
            self.from_cache.update(k for k in wanted if k not in self.compiled)
            for key, spec in wanted.items():
                self._load(self.path_of(spec), spec)
                self._loaded.add(key)

    def compile_missing(self, specs: Iterable[OpSpec], jobs: int = 1) -> list[OpSpec]:
        """Compile every spec not in the cache, in ``jobs`` atc runs side by side; returns them."""
        missing = self.missing(specs)
        if not missing:
            return []
        jobs = max(1, min(jobs, len(missing)))
        batches = [missing[i::jobs] for i in range(jobs)]
        with ThreadPoolExecutor(max_workers=jobs) as pool:   # atc runs are processes: no GIL
            list(pool.map(self._compile, batches))
        return missing

    def _compile(self, specs: list[OpSpec]) -> None:
        with tempfile.TemporaryDirectory(prefix="atc-", dir=self.cache_dir) as tmp:
            json_path = os.path.join(tmp, "ops.json")
            with open(json_path, "w") as f:
                json.dump([s.to_atc(name=s.key) for s in specs], f, indent=1)
            out_dir = os.path.join(tmp, "out")
            os.makedirs(out_dir)
            cmd = self.atc_command + [f"--singleop={json_path}", f"--output={out_dir}",
                                      f"--soc_version={self.soc}"]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            # atc's status is that of its LAST op only (CANN's BuildSingleOpModels): an earlier op
            # can fail under "ATC run success", so every expected model is checked for.
            built = {s.key: os.path.join(out_dir, s.key + ".om") for s in specs}
            for spec in specs:
                if os.path.exists(built[spec.key]):
                    os.replace(built[spec.key], self.path_of(spec))   # atomic: safe with xdist workers
                    self.compiled.add(spec.key)
            missing = [(i, s) for i, s in enumerate(specs) if not os.path.exists(self.path_of(s))]
            if missing:
                for index, spec in missing:
                    self._record_refusal(index, spec, proc)
                raise ModelBuildError(missing_models_report(missing, len(specs), proc))

    def _record_refusal(self, index: int, spec: OpSpec, proc) -> None:
        """``<key>.refused`` when atc's output refuses op ``index`` by its own compile failure
        line; written whole under a temporary name (xdist workers share the cache)."""
        lines = atc_output_naming(index, spec, proc.stdout + proc.stderr)
        if not any((m := REFUSAL_LINE.search(line)) and int(m.group(1)) == index for line in lines):
            return
        record = {"spec": spec.describe(), "atc_exit": proc.returncode, "lines": lines,
                  "soc": self.soc, "atc": " ".join(self.atc_command)}
        fd, tmp = tempfile.mkstemp(prefix=spec.key + "-", suffix=".tmp", dir=self.cache_dir)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1)
        os.replace(tmp, self.refusal_path(spec))

    def _load(self, path: str, spec: OpSpec) -> None:
        with open(path, "rb") as f:
            data = f.read()
        buf = ctypes.create_string_buffer(data, len(data))
        code = self.acl.raw.aclopLoad(buf, len(data))
        self.loads += 1
        if code:
            from .errors import AclError
            raise AclError(code, f"aclopLoad({os.path.basename(path)}) for {spec.describe()}",
                           self.acl.recent_error_message())


def atc_output_naming(index: int, spec: OpSpec, output: str) -> list[str]:
    """The lines of atc's output about op ``index`` of the run (the model is named by its key)."""
    own_line = re.compile(rf"op index = {index}$|op\[{index}\]|{re.escape(spec.key)}")
    return [line for line in output.splitlines() if own_line.search(line)]


def missing_models_report(missing: list[tuple[int, OpSpec]], total: int, proc) -> str:
    """One block per spec atc wrote no model for: the spec and atc's lines naming it (all of
    atc's output when none does, e.g. a run that failed before compiling)."""
    output = proc.stdout + proc.stderr
    blocks = [f"atc (exit {proc.returncode}) wrote no model for {len(missing)} of {total} ops:"]
    for index, spec in missing:
        lines = atc_output_naming(index, spec, output) or output.splitlines()
        blocks.append(f"- {spec.key}.om for {spec.describe()}:\n" + "\n".join(f"    {ln}" for ln in lines))
    return "\n".join(blocks)


def recorded_refusals_report(refused: list[tuple[OpSpec, dict]], total: int, cache_dir: str) -> str:
    """missing_models_report's form for refusals replayed from the cache, saying where from."""
    blocks = [f"atc refused {len(refused)} of {total} ops (recorded in the model cache {cache_dir} by an "
              f"earlier run of the same atc for this SoC and runtime version; delete <key>.refused there to "
              f"run atc again):"]
    for spec, record in refused:
        lines = [str(line) for line in record["lines"]]
        blocks.append(f"- {spec.key}.om for {spec.describe()} (atc exit {record.get('atc_exit')}):\n"
                      + "\n".join(f"    {ln}" for ln in lines))
    return "\n".join(blocks)


def atc_command(backend: str, atc_path: str | None) -> list[str]:
    """The atc to run: --atc PATH if given, else the simulator's or CANN's."""
    if atc_path:
        return [atc_path]
    if backend == "sim":
        return [sys.executable, "-m", "simulator.atc"]
    return ["atc"]


def _file_sha256(path: str) -> str | None:
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _module_sha256(module: str) -> str | None:
    """Content hash of a ``python -m`` module's package (every .py file under it, by name)."""
    import importlib.util
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    top = os.path.dirname(spec.origin) if spec.submodule_search_locations else None
    files = ([os.path.join(d, n) for d, _, names in os.walk(top) for n in names if n.endswith(".py")]
             if top else [spec.origin])
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(os.path.relpath(path, top or os.path.dirname(spec.origin)).encode())
        digest.update((_file_sha256(path) or "unreadable").encode())
    return digest.hexdigest()


def atc_identity(command: Sequence[str], timeout: float = 60.0) -> dict[str, Any]:
    """What identifies the atc a model was built by: its resolved path, the content hash of the
    executable (and of the module, for ``python -m``), and what ``atc --version`` prints."""
    import shutil
    exe = shutil.which(command[0]) if command else None
    resolved = os.path.realpath(exe) if exe else None
    ident: dict[str, Any] = {"path": resolved, "sha256": _file_sha256(resolved) if resolved else None,
                             "args": list(command[1:])}
    if len(command) >= 3 and command[1] == "-m":
        ident["module_sha256"] = _module_sha256(command[2])
    if resolved:
        try:
            proc = subprocess.run(list(command) + ["--version"], capture_output=True, text=True,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
            ident["version_output"] = f"exit {proc.returncode}: {(proc.stdout + proc.stderr).strip()[:2000]}"
        except (OSError, subprocess.SubprocessError) as exc:
            ident["version_output"] = f"not run: {exc}"
    return ident


def atc_identity_key(command: Sequence[str]) -> str:
    """A short hash of atc_identity: part of the model cache's directory name."""
    text = json.dumps(atc_identity(command), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]
