"""One harness session per process: load the library, initialise ACL, identify the product.

Shared by the pytest plugin (conftest.py) and ``python -m harness info`` so both print the same
identity lines.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass

from . import loader, opp, preflight, products
from .errors import AclError
from .models import ModelStore, atc_command, atc_identity_key
from .runtime import Acl, cann_version


class HarnessUsageError(Exception):
    """Bad options or environment: pytest turns it into a usage error (exit code 4)."""


@dataclass
class Options:
    backend: str = "sim"
    acl_lib: str | None = None
    soc: str | None = None            # simulator profile (sets ACLSIM_SOC)
    product: str | None = None        # override product detection
    model_dir: str | None = None
    atc: str | None = None
    devices: str | None = None        # --devices: ids xdist workers share ("0-7", "0,2,4-5")
    device_id: int | None = None      # --device-id
    opp_path: str | None = None       # --opp-path: the op information library to read (else ASCEND_OPP_PATH)
    expect_soc: str | None = None     # pre-flight (harness/preflight.py)
    expect_cann: str | None = None
    expect_devices: int | None = None
    host_config: str | None = None
    jit: str = "default"              # --jit: ACL_OP_JIT_COMPILE for the session (default: not set)
    deterministic: bool = False       # --deterministic: CANN's deterministic setting for every model


def parse_devices(option: str) -> list[int]:
    """``--devices``: comma-separated ids and inclusive ranges, as Ascend's ASCEND_VISIBLE_DEVICES
    takes them (``0-7``, ``0,2,4-5``); each id once, in the order given."""
    ids: list[int] = []
    for part in option.split(","):
        part = part.strip()
        lo, dash, hi = part.partition("-")
        if not (lo.isdigit() and (not dash or hi.isdigit())) or (dash and int(hi) < int(lo)):
            raise HarnessUsageError(f"--devices {option!r}: {part!r} is not a device id or a range "
                                    f"like 4-7; expected e.g. 0-7 or 0,2,4-5")
        for d in range(int(lo), int(hi if dash else lo) + 1):
            if d in ids:
                raise HarnessUsageError(f"--devices {option!r}: device {d} given twice")
            ids.append(d)
    return ids


class HarnessSession:
    def __init__(self, opts: Options):
        self.opts = opts
        if opts.backend not in loader.BACKENDS:
            raise HarnessUsageError(f"--backend {opts.backend!r}: expected one of {', '.join(loader.BACKENDS)}")
        if opts.soc and opts.backend == "device":
            raise HarnessUsageError(f"--soc {opts.soc}: not with --backend device (on a device the SoC is "
                                    f"what aclrtGetSocName reports; --product names the product line)")
        self.devices = parse_devices(opts.devices) if opts.devices else None
        self._check_tools(opts)
        wanted = self._wanted_product(opts)
        if opts.soc:
            # Read by the simulator when it initialises; real CANN ignores it.
            os.environ["ACLSIM_SOC"] = opts.soc
        try:
            self.libs = loader.load(opts.backend, opts.acl_lib)
        except loader.LibraryNotFound as exc:
            raise HarnessUsageError(str(exc)) from None
        self.acl = Acl(self.libs)
        missing = self.acl.raw.missing_required()
        if "aclInit" in missing or "aclopExecWithHandle" in missing:
            raise HarnessUsageError(f"{', '.join(self.libs.paths)} does not export the ACL ABI "
                                    f"(missing: {', '.join(missing[:8])})")
        if wanted is not None and self.acl.is_simulator:
            self._select_profile(wanted)
        try:
            self.acl.init()
        except AclError as exc:     # e.g. an unknown ACLSIM_SOC or ACLSIM_FAULTS name
            why = " ".join((exc.recent_message or "no aclGetRecentErrMsg text").split())
            raise HarnessUsageError(f"aclInit failed with {exc.code} {exc.name} ({self._init_inputs()}): {why}") from None
        self.soc = self.acl.soc_name()
        self.product_mismatch: str | None = None
        if wanted is not None:
            self.product, self.product_source = wanted, "--product"
            detected = self._detected()
            if detected is not None and detected.id != wanted.id:
                # a device says what it is: keep the user's label, but say and record that it disagrees
                self.product_mismatch = (f"--product {wanted.id} disagrees with the SoC the runtime reports, "
                                         f"{self.soc} ({detected.id})")
                self.product_source = f"--product; the runtime reports {self.soc}, which is {detected.id}"
        else:
            try:
                self.product = products.detect(self.soc)
            except products.UnknownProduct as exc:
                self.close()
                raise HarnessUsageError(str(exc)) from None
            self.product_source = "detected from the SoC name"
        self._models: ModelStore | None = None
        self._model_cache: str | None = None
        try:
            self._check_devices(opts)
            self._set_jit(opts.jit)
            self._set_deterministic(opts.deterministic)
            self._preflight(opts)
        except HarnessUsageError:
            self.close()
            raise

    JIT_SETTINGS = ("default", "enable", "disable")

    def _set_jit(self, setting: str) -> None:
        """--jit enable|disable: aclSetCompileopt(ACL_OP_JIT_COMPILE) once, before any test (the
        option is process-wide: GE op_compiler.cpp); default: left as the runtime starts."""
        if setting not in self.JIT_SETTINGS:
            raise HarnessUsageError(f"--jit {setting!r}: expected one of {', '.join(self.JIT_SETTINGS)}")
        if setting == "default":
            return
        from .abi import CompileOpt
        code = self.acl.raw.aclSetCompileopt(int(CompileOpt.OP_JIT_COMPILE), setting.encode())
        if code != 0:
            why = self.acl.recent_error_message() or "no aclGetRecentErrMsg text"
            raise HarnessUsageError(f"--jit {setting}: aclSetCompileopt(ACL_OP_JIT_COMPILE, \"{setting}\") "
                                    f"returned {code}: {why}")

    def _set_deterministic(self, on: bool) -> None:
        """--deterministic: CANN's deterministic setting for the run. A handle runs a model atc
        compiled, so every model is compiled with ``atc --deterministic=1`` (GE atc_flags.cc; its
        own cache: the flag is part of the atc's identity), and online compiles follow
        aclSetCompileopt(ACL_OP_DETERMINISTIC, "1") (GE op_compiler.cpp -> ge.deterministic); the
        runtime's system parameter is not read by the aclop path (docs/FIDELITY.md)."""
        if not on:
            return
        from .abi import CompileOpt
        code = self.acl.raw.aclSetCompileopt(int(CompileOpt.OP_DETERMINISTIC), b"1")
        if code != 0:
            why = self.acl.recent_error_message() or "no aclGetRecentErrMsg text"
            raise HarnessUsageError(f"--deterministic: aclSetCompileopt(ACL_OP_DETERMINISTIC, \"1\") returned "
                                    f"{code}: {why}")

    @property
    def atc(self) -> list[str]:
        """The atc command models are compiled with (the run's deterministic setting included)."""
        return atc_command(self.backend, self.opts.atc) + (["--deterministic=1"] if self.opts.deterministic else [])

    def _preflight(self, opts: Options) -> None:
        """The target identity, checked against what the run was meant to qualify: one line per
        mismatch, as a usage error (exit status 4) before any test."""
        try:
            exp = preflight.expectation(soc=opts.expect_soc, cann=opts.expect_cann, devices=opts.expect_devices,
                                        host_config=opts.host_config)
        except preflight.PreflightError as exc:
            raise HarnessUsageError(str(exc)) from None
        self.identity = preflight.identity(self.acl, self.soc, self.device_count())
        self.identity["jit"] = opts.jit
        self.identity["deterministic"] = opts.deterministic
        self.identity["expected"] = None if exp.empty else {"soc": exp.soc, "cann": exp.cann, "devices": exp.devices,
                                                             "source": exp.source}
        wrong = preflight.mismatches(self.identity, exp)
        if wrong:
            raise HarnessUsageError(f"pre-flight ({exp.source}): " + "; ".join(wrong))

    @staticmethod
    def _check_tools(opts: Options) -> None:
        """--model-dir must be a writable directory (created if missing), --atc an executable."""
        if opts.model_dir:
            try:
                os.makedirs(opts.model_dir, exist_ok=True)
            except OSError as exc:
                raise HarnessUsageError(f"--model-dir {opts.model_dir}: cannot create it: {exc.strerror}") from None
            if not os.path.isdir(opts.model_dir) or not os.access(opts.model_dir, os.W_OK | os.X_OK):
                raise HarnessUsageError(f"--model-dir {opts.model_dir}: not a writable directory")
        if opts.atc:
            found = shutil.which(opts.atc)
            if found is None:
                raise HarnessUsageError(f"--atc {opts.atc}: no such executable (not found, or not executable)")

    def _check_devices(self, opts: Options) -> None:
        """--devices / --device-id name devices the runtime has (aclrtGetDeviceCount)."""
        wanted = list(self.devices or []) + ([opts.device_id] if opts.device_id is not None else [])
        if not wanted:
            return
        count = self.device_count()
        if count is None:
            raise HarnessUsageError("--devices / --device-id: aclrtGetDeviceCount failed, so the devices "
                                    "cannot be checked")
        bad = [d for d in wanted if not 0 <= d < count]
        if bad:
            name = "--device-id" if opts.device_id in bad and not self.devices else "--devices"
            raise HarnessUsageError(f"{name}: device {bad[0]} does not exist: aclrtGetDeviceCount reports "
                                    f"{count} device(s) (ids 0-{count - 1})")

    @staticmethod
    def _wanted_product(opts: Options) -> products.Product | None:
        """--product, checked against --soc (and ACLSIM_SOC): one line naming what disagrees."""
        try:
            wanted = products.by_id(opts.product) if opts.product else None
        except products.UnknownProduct as exc:
            raise HarnessUsageError(f"--product: {exc}") from None
        try:
            soc_product = products.detect(opts.soc) if opts.soc else None
        except products.UnknownProduct:
            examples = ", ".join(f"{soc} ({pid})" for pid, soc in products.DEFAULT_SOC.items())
            raise HarnessUsageError(f"--soc {opts.soc!r}: not a SoC of any known product line; "
                                    f"for example {examples}") from None
        if wanted and soc_product and soc_product.id != wanted.id:
            raise HarnessUsageError(f"--product {wanted.id} and --soc {opts.soc} disagree: {opts.soc} is "
                                    f"{soc_product.id}; use --soc {products.DEFAULT_SOC[wanted.id]} or leave --soc out")
        return wanted

    def _select_profile(self, wanted: products.Product) -> None:
        """On the simulator, --product selects that product's profile (its default SoC)."""
        env_soc = os.environ.get("ACLSIM_SOC")
        if not env_soc:
            os.environ["ACLSIM_SOC"] = products.DEFAULT_SOC[wanted.id]
            return
        try:
            env_product = products.detect(env_soc)
        except products.UnknownProduct:
            env_product = None
        if env_product is None or env_product.id != wanted.id:
            raise HarnessUsageError(f"--product {wanted.id} and ACLSIM_SOC={env_soc} disagree: "
                                    f"{env_soc} is {env_product.id if env_product else 'no known product'}; "
                                    f"unset ACLSIM_SOC or set it to {products.DEFAULT_SOC[wanted.id]}")

    def _init_inputs(self) -> str:
        shown = [f"{v}={os.environ[v]}" for v in ("ACLSIM_SOC", "ACLSIM_FAULTS") if os.environ.get(v)]
        return f"{', '.join(self.libs.paths)}" + (f"; {', '.join(shown)}" if shown else "")

    def _detected(self) -> products.Product | None:
        try:
            return products.detect(self.soc)
        except products.UnknownProduct:
            return None

    @property
    def backend(self) -> str:
        return "sim" if self.acl.is_simulator and self.libs.backend != "device" else self.libs.backend

    @property
    def model_cache(self) -> str:
        """The model cache of this runtime and atc:
        ``<root>/<sim|device>-<SoC>-<runtime version>-atc<identity hash>``.

        Models depend on the SoC, the runtime version and the atc that built them (its resolved
        path, version output and content hash: harness/models.py atc_identity), not on how the
        library was found, so the directory can be copied to another host with the same three.
        A runtime that reports no version never shares a cache: each session gets a new one."""
        if self._model_cache is None:
            version = (self.acl.runtime_version() or self.acl.simulator_version() or "").replace(" ", "_")
            root = os.path.abspath(self.opts.model_dir or os.path.join(os.getcwd(), ".cache", "models"))
            kind = "sim" if self.acl.is_simulator else "device"
            atc = atc_identity_key(self.atc)
            name = f"{kind}-{self.soc}-{version or 'unknown'}-atc{atc}{self._library_key()}"
            if version:
                self._model_cache = os.path.join(root, name)
            else:
                os.makedirs(root, exist_ok=True)
                self._model_cache = tempfile.mkdtemp(prefix=name + "-", dir=root)
        return self._model_cache

    @property
    def declaration(self) -> opp.OpInfoLibrary | None:
        """What the runtime under test declares for its SoC (harness/opp.py), or None; the reason
        for None, or where the library came from, is ``declaration_origin``."""
        if not hasattr(self, "_declaration"):
            self._declaration, self.declaration_origin = self._load_declaration()
        return self._declaration

    def _load_declaration(self) -> tuple[opp.OpInfoLibrary | None, str]:
        root = opp.opp_root(self.opts.opp_path)
        origin = "--opp-path" if self.opts.opp_path else "ASCEND_OPP_PATH" if os.environ.get("ASCEND_OPP_PATH") \
            else "ASCEND_HOME_PATH/opp"
        if root is None and self.backend == "sim":
            try:
                from simulator import opp as simulator_opp  # the plain simulator library declares too
            except ImportError:
                simulator_opp = None
            if simulator_opp is not None:
                root, origin = simulator_opp.default_root(), "the simulator's own (simulator/cann/op_support.csv)"
        if root is None:
            return None, "none: ASCEND_OPP_PATH is not set (source set_env.sh) and no --opp-path was given"
        try:
            return opp.load(root, opp.soc_dir(self.soc)), origin
        except opp.OppError as exc:
            if self.opts.opp_path:
                raise HarnessUsageError(f"--opp-path {self.opts.opp_path}: {exc}") from None
            return None, f"none: {exc}"

    def declaration_line(self) -> str:
        lib = self.declaration
        if lib is None:
            return f"op information library: {self.declaration_origin}"
        files = ", ".join(os.path.basename(f) for f in lib.files)
        return (f"op information library: {os.path.join(lib.root, opp.CONFIG_SUBDIR, lib.soc_dir)} ({files}; "
                f"{len(lib.ops)} ops; from {self.declaration_origin})")

    def _library_key(self) -> str:
        """What atc compiles follows the op information library (CANN's compiler reads it: a model
        must be built with the opp it runs with), so its files' content is part of the cache's name."""
        lib = self.declaration
        if lib is None:
            return ""
        import hashlib
        digest = hashlib.sha256()
        for path in lib.files:
            with open(path, "rb") as f:
                digest.update(f.read())
        return "-opp" + digest.hexdigest()[:8]

    def models(self) -> ModelStore:
        if self._models is None:
            self._models = ModelStore(self.acl, self.model_cache, self.soc or "unknown", self.atc)
        return self._models

    @property
    def model_loads(self) -> int:
        """aclopLoad calls of this process's ModelStore so far."""
        return self._models.loads if self._models is not None else 0

    def device_count(self) -> int | None:
        try:
            return self.acl.device_count()
        except Exception:       # noqa: BLE001 - identity lines must print whatever happens
            return None

    def info_lines(self) -> list[str]:
        versions = []
        if self.acl.acl_version():
            versions.append(f"ACL API {self.acl.acl_version()}")
        runtime = self.acl.runtime_version() or cann_version(self.acl)
        if runtime:
            versions.append(f"runtime {runtime}")
        if self.acl.is_simulator:
            versions.append(self.acl.simulator_version())
        missing = self.acl.raw.missing_required()
        warning = [f"WARNING: {self.product_mismatch}"] if self.product_mismatch else []
        return warning + [
            f"backend: {self.backend}",
            f"library: {', '.join(self.libs.paths)}",
            f"SoC: {self.soc}",
            f"product: {self.product.id} ({self.product.name}; {self.product_source})",
            f"devices: {self.device_count()}",
            f"runtime version: {'; '.join(versions) or 'not offered by this library'}",
            f"missing symbols: {', '.join(missing) if missing else 'none'}",
            self.identity_line(),
        ]

    def identity_line(self) -> str:
        ident = getattr(self, "identity", None) or {}
        pkgs = ", ".join(f"{k} {v}" for k, v in (ident.get("packages") or {}).items()) or "none reported"
        exp = ident.get("expected")
        checked = f"checked against {exp['source']}" if exp else "no expectation given (--expect-soc, " \
            "--expect-cann, --expect-devices, --host-config)"
        return (f"target: SoC {ident.get('soc')}, {ident.get('devices')} devices, CANN packages: {pkgs}, "
                f"driver {ident.get('driver') or 'not found'}, JIT compile {ident.get('jit', 'default')} "
                f"(--jit), deterministic {'on' if ident.get('deterministic') else 'off'} (--deterministic); {checked}")

    def close(self) -> None:
        if self.acl.initialised:
            self.acl.finalize()
