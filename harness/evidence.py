"""Evidence that a run had a real Ascend NPU under it, gathered the way CANN and Ascend's own
tooling find one (docs/FIDELITY.md, "Device evidence", cites each source):

- the NPU driver install: ``/etc/ascend_install.info`` names it (``Driver_Install_Path_Param=``,
  first line holding the key, value verbatim), its ``<dir>/driver/version.info`` holds
  ``Version=``; without the record, the default ``/usr/local/Ascend/driver/version.info``;
- the device node of every device the run used (``/dev/davinci<N>``, N the physical id: a
  logical id is mapped through ``ASCEND_RT_VISIBLE_DEVICES``) and ``/dev/davinci_manager``;
- what the runtime says it is: ``aclsysGetVersionStr("simulator")`` succeeding is the
  simulator's build tag (a missing symbol or a non-zero code: no tag), and any ``aclsim*``
  export is the simulator too.

Pure: no pytest. Every path is under ``root`` (default ``/``) so tests can fake a host in a
temporary directory; the root is recorded with the evidence.
"""
from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable

INSTALL_INFO = "etc/ascend_install.info"
DRIVER_KEY = "Driver_Install_Path_Param="
DEFAULT_DRIVER_DIR = "usr/local/Ascend"
VERSION_KEY = "Version="
MANAGER_NODE = "dev/davinci_manager"
SIM_TAG_PACKAGE = "simulator"

DEVICE = "device"
SIMULATOR = "simulator"
NO_EVIDENCE = "no device evidence"


def _under(root: str, path: str) -> str:
    return os.path.join(root, path.lstrip("/"))


def _first_value(path: str, key: str, trim: bool) -> str | None:
    """The text after ``key`` on the first line that holds it (CANN's GetPkgPath / GetVersion...)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                at = line.find(key)
                if at >= 0:
                    value = line[at + len(key):]
                    return value.strip() if trim else value
    except OSError:
        return None
    return None


def driver(root: str = "/") -> dict:
    """The driver install: where its record points, and the Version= of its version.info."""
    info = _under(root, INSTALL_INFO)
    install_dir = _first_value(info, DRIVER_KEY, trim=False)
    base = install_dir if install_dir else "/" + DEFAULT_DRIVER_DIR
    version_info = os.path.join(base, "driver", "version.info")
    version = _first_value(_under(root, version_info), VERSION_KEY, trim=True) or None
    return {"install_info": "/" + INSTALL_INFO, "install_info_found": os.path.isfile(info),
            "driver_install_path": install_dir, "version_info": version_info,
            "version_info_found": os.path.isfile(_under(root, version_info)), "version": version}


def visible_devices(value: str | None) -> list[int] | None:
    """ASCEND_RT_VISIBLE_DEVICES as CANN's runtime parses it: comma-separated ids, parsing stops
    at the first character that is neither a digit nor a single comma (so ``0-3`` is ``[0]``)."""
    if value is None:
        return None
    ids, digits = [], ""
    for ch in value[:128]:
        if ch.isdigit():
            digits += ch
        elif ch == "," and digits:
            ids.append(int(digits))
            digits = ""
        else:
            break
    if digits:
        ids.append(int(digits))
    return ids


def device_nodes(devices: Iterable[int], root: str = "/", visible: str | None = None) -> dict:
    """``/dev/davinci<N>`` of each used device (physical id) and ``/dev/davinci_manager``: path -> present."""
    mapping = visible_devices(visible)
    nodes = {}
    for logical in sorted(set(devices)):
        physical = mapping[logical] if mapping and 0 <= logical < len(mapping) else logical
        nodes[f"/dev/davinci{physical}"] = os.path.exists(_under(root, f"dev/davinci{physical}"))
    nodes["/" + MANAGER_NODE] = os.path.exists(_under(root, MANAGER_NODE))
    return nodes


def simulator_tag(acl) -> dict:
    """aclsysGetVersionStr("simulator", buf) through the binding's raw library: the tag, or why none."""
    raw = getattr(acl, "raw", None)
    if raw is None or not raw.has("aclsysGetVersionStr"):
        return {"tag": None, "result": "aclsysGetVersionStr not exported"}
    buf = ctypes.create_string_buffer(128)
    try:
        code = raw.aclsysGetVersionStr(SIM_TAG_PACKAGE.encode(), buf)
    except Exception as exc:               # noqa: BLE001 - evidence must not fail the run
        return {"tag": None, "result": f"call failed: {exc}"}
    if code != 0:
        try:
            acl.recent_error_message()     # the failed call leaves a message: take it off
        except Exception:                  # noqa: BLE001
            pass
        return {"tag": None, "result": f"returned {code}"}
    return {"tag": buf.value.decode(errors="replace") or None, "result": "returned 0"}


def aclsim_symbols(acl) -> bool:
    raw = getattr(acl, "raw", None)
    return bool(raw is not None and raw.has("aclsimVersion"))


def gather(*, backend: str | None, devices: Iterable[int], acl=None, root: str = "/",
           environ: dict | None = None) -> dict:
    """Everything found and not found, and the conclusion: "device", "simulator" or "no device evidence"."""
    env = os.environ if environ is None else environ
    visible = env.get("ASCEND_RT_VISIBLE_DEVICES")
    used = sorted(set(devices))
    drv = driver(root)
    nodes = device_nodes(used, root, visible)
    tag = simulator_tag(acl) if acl is not None else {"tag": None, "result": "no runtime loaded"}
    sim_symbols = aclsim_symbols(acl)
    missing = []
    if not drv["version"]:
        missing.append(f"driver Version= in {drv['version_info']}"
                       + ("" if drv["install_info_found"] else f" ({drv['install_info']} not found either)"))
    if not used:
        missing.append("no device was used by the run")
    missing += [f"device node {path}" for path, present in nodes.items() if not present]
    simulator = []
    if tag["tag"]:
        simulator.append(f'aclsysGetVersionStr("{SIM_TAG_PACKAGE}") reports {tag["tag"]!r}')
    if sim_symbols:
        simulator.append("the library exports aclsim* symbols")
    if backend == "sim":
        simulator.append("backend sim")
    elif backend != "device":
        missing.append(f"backend {backend!r}, not device")
    if simulator:
        conclusion, reason = SIMULATOR, "; ".join(simulator)
    elif missing:
        conclusion, reason = NO_EVIDENCE, "not found: " + "; ".join(missing)
    else:
        conclusion = DEVICE
        reason = f"driver {drv['version']}, " + ", ".join(nodes)
    return {"root": root, "backend": backend, "devices_used": used, "ASCEND_RT_VISIBLE_DEVICES": visible,
            "driver": drv, "device_nodes": nodes, "simulator_tag": tag, "aclsim_symbols": sim_symbols,
            "missing": missing, "simulator_signs": simulator, "conclusion": conclusion, "reason": reason}
