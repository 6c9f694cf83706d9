"""One harness session per process: load the library, initialise ACL, identify the product.

Shared by the pytest plugin (conftest.py) and ``python -m harness info`` so both print the same
identity lines.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from . import loader, products
from .acl import Acl, cann_version
from .models import ModelStore, atc_command


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


class HarnessSession:
    def __init__(self, opts: Options):
        self.opts = opts
        if opts.backend not in loader.BACKENDS:
            raise HarnessUsageError(f"--backend {opts.backend!r}: expected one of {', '.join(loader.BACKENDS)}")
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
        self.acl.init()
        self.soc = self.acl.soc_name()
        try:
            if opts.product:
                self.product = products.by_id(opts.product)
                self.product_source = "--product"
            else:
                self.product = products.detect(self.soc)
                self.product_source = "detected from the SoC name"
        except products.UnknownProduct as exc:
            self.close()
            raise HarnessUsageError(str(exc)) from None
        self._models: ModelStore | None = None

    @property
    def backend(self) -> str:
        return "sim" if self.acl.is_simulator and self.libs.backend != "device" else self.libs.backend

    def models(self) -> ModelStore:
        if self._models is None:
            version = (self.acl.runtime_version() or self.acl.simulator_version() or "unknown").replace(" ", "_")
            root = self.opts.model_dir or os.path.join(os.getcwd(), ".cache", "models")
            cache = os.path.join(root, f"{self.backend}-{self.soc}-{version}")
            self._models = ModelStore(self.acl, cache, self.soc or "unknown",
                                      atc_command(self.backend, self.opts.atc))
        return self._models

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
        return [
            f"backend: {self.backend}",
            f"library: {', '.join(self.libs.paths)}",
            f"SoC: {self.soc}",
            f"product: {self.product.id} ({self.product.name}; {self.product_source})",
            f"devices: {self.device_count()}",
            f"runtime version: {'; '.join(versions) or 'not offered by this library'}",
            f"missing symbols: {', '.join(missing) if missing else 'none'}",
        ]

    def close(self) -> None:
        if self.acl.initialised:
            self.acl.finalize()
