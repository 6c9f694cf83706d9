"""Pre-flight: what the run is qualifying, checked before the first test (deqp-runner refuses to
run when the wrong driver answers; this does the same for an Atlas host).

The target's identity comes from the runtime and the host, the way CANN reports it:

- the SoC: ``aclrtGetSocName``;
- the devices: ``aclrtGetDeviceCount``;
- each CANN package's version: ``aclsysGetVersionStr(pkg)`` reads
  ``$ASCEND_HOME_PATH/share/info/<pkg>/version.info`` (RT acl.cpp GetVersionByPkgName;
  docs/FIDELITY.md), for the packages a CANN install carries; a package it does not report is left
  out, not guessed;
- the driver: the ``Version=`` of the driver's version.info (harness/evidence.py).

What was meant comes from ``--expect-soc``, ``--expect-cann``, ``--expect-devices`` or a host
config file (``--host-config``: TOML, ``[expect]`` with ``soc``, ``cann``, ``devices``; the fleet
templates write one per host group). ``soc`` is a name or a shell pattern (``Ascend910B*``);
``cann`` is one version every reported package must have, or ``pkg=VERSION`` pairs separated by
commas; ``devices`` an exact count. A mismatch is one line naming what differs; the session turns
it into a usage error (exit status 4) before any test runs.
"""
from __future__ import annotations

import ctypes
import fnmatch
import sys
from dataclasses import dataclass, field

from . import evidence

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

# CANN's packages as share/info names them (cann-install.md sections 2-3; RT version.info paths).
PACKAGES = ("runtime", "compiler", "opp", "opp_kernel", "toolkit", "hccl")


class PreflightError(ValueError):
    """A bad expectation (file, key, value named), not a mismatch."""


@dataclass
class Expectation:
    soc: str | None = None
    cann: dict[str, str] = field(default_factory=dict)   # package -> version; "*" for every reported one
    devices: int | None = None
    source: str = "the command line"

    @property
    def empty(self) -> bool:
        return self.soc is None and not self.cann and self.devices is None


def parse_cann(text: str, where: str) -> dict[str, str]:
    """``9.0.0`` (every package) or ``runtime=9.0.0,opp=9.0.0``."""
    text = text.strip()
    if not text:
        raise PreflightError(f"{where}: an empty CANN version")
    if "=" not in text:
        return {"*": text}
    out = {}
    for part in text.split(","):
        pkg, eq, version = part.partition("=")
        if not eq or not pkg.strip() or not version.strip():
            raise PreflightError(f"{where}: {part!r} is not pkg=VERSION (e.g. runtime=9.0.0,opp=9.0.0)")
        out[pkg.strip()] = version.strip()
    return out


def load_host_config(path: str) -> Expectation:
    """The ``[expect]`` table of a host config file."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise PreflightError(f"--host-config {path}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PreflightError(f"--host-config {path}: not TOML: {exc}") from None
    table = data.get("expect", {})
    if not isinstance(table, dict):
        raise PreflightError(f"--host-config {path}: [expect] must be a table")
    unknown = sorted(set(table) - {"soc", "cann", "devices"})
    if unknown:
        raise PreflightError(f"--host-config {path}: [expect] key(s) {', '.join(unknown)}: expected soc, cann, devices")
    devices = table.get("devices")
    if devices is not None and (not isinstance(devices, int) or isinstance(devices, bool) or devices < 1):
        raise PreflightError(f"--host-config {path}: [expect] devices = {devices!r}: expected a whole number >= 1")
    for key in ("soc", "cann"):
        if key in table and not isinstance(table[key], str):
            raise PreflightError(f"--host-config {path}: [expect] {key} = {table[key]!r}: expected a string")
    cann = parse_cann(table["cann"], f"--host-config {path}: [expect] cann") if "cann" in table else {}
    return Expectation(table.get("soc"), cann, devices, source=f"--host-config {path}")


def expectation(*, soc: str | None, cann: str | None, devices: int | None, host_config: str | None) -> Expectation:
    """The host config's expectations, each overridden by its command-line option."""
    exp = load_host_config(host_config) if host_config else Expectation()
    if soc is not None:
        exp.soc = soc
    if cann is not None:
        exp.cann = parse_cann(cann, "--expect-cann")
    if devices is not None:
        if devices < 1:
            raise PreflightError(f"--expect-devices {devices}: expected a whole number >= 1")
        exp.devices = devices
    if host_config and (soc or cann or devices):
        exp.source = f"{exp.source} and the command line"
    return exp


def package_versions(acl, packages=PACKAGES) -> dict[str, str]:
    """{package: version} for each package aclsysGetVersionStr reports (others left out)."""
    if not acl.raw.has("aclsysGetVersionStr"):
        return {}
    out = {}
    for pkg in packages:
        buf = ctypes.create_string_buffer(128)
        if acl.raw.aclsysGetVersionStr(pkg.encode(), buf) == 0 and buf.value:
            out[pkg] = buf.value.decode(errors="replace")
        else:
            acl.recent_error_message()      # take the failed call's message off
    return out


def identity(acl, soc: str | None, device_count: int | None, root: str = "/") -> dict:
    """The target as the runtime and the host report it. A library with no install around it
    (the plain simulator: no ASCEND_HOME_PATH, so aclsysGetVersionStr answers 100003 as CANN does)
    reports the runtime version it models instead (Acl.runtime_version)."""
    packages = package_versions(acl)
    if not packages and acl.runtime_version():
        packages = {"runtime": acl.runtime_version()}
    return {"soc": soc, "devices": device_count, "packages": packages,
            "driver": evidence.driver(root).get("version")}


def mismatches(ident: dict, exp: Expectation) -> list[str]:
    """One sentence per expectation the identity does not meet."""
    out = []
    if exp.soc is not None and not fnmatch.fnmatchcase(ident.get("soc") or "", exp.soc):
        out.append(f"SoC: expected {exp.soc}, the runtime reports {ident.get('soc')} (aclrtGetSocName)")
    if exp.devices is not None and ident.get("devices") != exp.devices:
        out.append(f"devices: expected {exp.devices}, the runtime reports {ident.get('devices')} (aclrtGetDeviceCount)")
    reported = ident.get("packages") or {}
    for pkg, want in sorted(exp.cann.items()):
        names = sorted(reported) if pkg == "*" else [pkg]
        if pkg == "*" and not names:
            out.append(f"CANN version: expected {want}, the runtime reports no package version (aclsysGetVersionStr)")
        for name in names:
            got = reported.get(name)
            if got != want:
                out.append(f"CANN {name}: expected {want}, "
                           + (f"the runtime reports {got}" if got else "the runtime reports none")
                           + f" (aclsysGetVersionStr(\"{name}\"))")
    return out
