"""Find and load a library that exports the ACL C ABI.

Three ways, in the order the user expresses intent:
- ``--acl-lib PATH`` / env ``ACL_LIBRARY``: exactly these files (several separated by ``:`` or ``,``);
- ``--backend device``: CANN's libraries, searched in ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME,
  LD_LIBRARY_PATH and /usr/local/Ascend/ascend-toolkit/latest (acl-abi.md "packaging fact":
  libascendcl.so, plus libacl_op_executor.so / libacl_op_compiler.so / libacl_rt.so on CANN 9.x);
- ``--backend sim`` (default): the simulator library built by ``pip install``.
When nothing loads, ``LibraryNotFound`` says every path tried and why, in one line.
"""
from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass, field

import simulator

BACKENDS = ("sim", "device")

# CANN 9.x splits the ABI over several libraries; older releases put most of it in libascendcl.
DEVICE_LIBRARY_NAMES = ("libascendcl.so", "libacl_op_executor.so", "libacl_op_compiler.so",
                        "libacl_rt.so", "libacl_mdl.so")
DEFAULT_TOOLKIT = "/usr/local/Ascend/ascend-toolkit/latest"


class LibraryNotFound(Exception):
    """No library exporting the ACL ABI could be loaded; ``tried`` lists (path, reason)."""

    def __init__(self, what: str, tried: list[tuple[str, str]], hint: str = ""):
        self.what = what
        self.tried = tried
        listing = "; ".join(f"{path} ({reason})" for path, reason in tried) or "no candidate paths"
        super().__init__(f"cannot load {what}: tried {listing}{'. ' + hint if hint else ''}")


@dataclass
class LoadedLibraries:
    backend: str
    paths: list[str]
    handles: list[ctypes.CDLL] = field(repr=False, default_factory=list)


def _split_paths(value: str) -> list[str]:
    parts = []
    for chunk in value.replace(",", os.pathsep).split(os.pathsep):
        if chunk.strip():
            parts.append(chunk.strip())
    return parts


def device_search_dirs(env: dict[str, str] | None = None) -> list[str]:
    """Directories searched for CANN's libraries, in order, without duplicates."""
    env = os.environ if env is None else env
    dirs: list[str] = []
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        root = env.get(var)
        if root:
            dirs += [os.path.join(root, "lib64"), os.path.join(root, "lib")]
    dirs += _split_paths(env.get("LD_LIBRARY_PATH", ""))
    dirs += [os.path.join(DEFAULT_TOOLKIT, "lib64"),
             os.path.join(DEFAULT_TOOLKIT, "aarch64-linux", "lib64"),
             os.path.join(DEFAULT_TOOLKIT, "x86_64-linux", "lib64")]
    seen, out = set(), []
    for d in dirs:
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def _dlopen(path: str, tried: list[tuple[str, str]]) -> ctypes.CDLL | None:
    if not os.path.exists(path):
        tried.append((path, "not found"))
        return None
    try:
        # RTLD_GLOBAL: CANN's split libraries resolve each other's symbols.
        return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    except OSError as exc:
        tried.append((path, f"dlopen failed: {exc}"))
        return None


def load_explicit(spec: str) -> LoadedLibraries:
    tried: list[tuple[str, str]] = []
    paths = _split_paths(spec)
    handles = [h for h in (_dlopen(p, tried) for p in paths) if h is not None]
    if tried or not handles:
        raise LibraryNotFound("the ACL library given by --acl-lib/ACL_LIBRARY", tried)
    return LoadedLibraries("explicit", paths, handles)


def load_device(env: dict[str, str] | None = None) -> LoadedLibraries:
    tried: list[tuple[str, str]] = []
    loaded: list[tuple[str, ctypes.CDLL]] = []
    for name in DEVICE_LIBRARY_NAMES:
        for d in device_search_dirs(env):
            handle = _dlopen(os.path.join(d, name), tried)
            if handle is not None:
                loaded.append((os.path.join(d, name), handle))
                break
    if not loaded:
        raise LibraryNotFound("CANN's ACL libraries (--backend device)", tried,
                              "Set ASCEND_HOME_PATH (source set_env.sh) or pass --acl-lib PATH")
    return LoadedLibraries("device", [p for p, _ in loaded], [h for _, h in loaded])


def load_simulator() -> LoadedLibraries:
    tried: list[tuple[str, str]] = []
    for path in simulator.library_candidates():
        handle = _dlopen(path, tried)
        if handle is not None:
            return LoadedLibraries("sim", [path], [handle])
    raise LibraryNotFound("the simulator library (--backend sim)", tried,
                          "Build it with `pip install -e .` (or `make -C simulator`)")


def load(backend: str = "sim", acl_lib: str | None = None,
         env: dict[str, str] | None = None) -> LoadedLibraries:
    """Load per the user's choice; ``acl_lib`` (or env ACL_LIBRARY) wins over ``backend``."""
    env = os.environ if env is None else env
    acl_lib = acl_lib or env.get("ACL_LIBRARY")
    if acl_lib:
        return load_explicit(acl_lib)
    if backend == "device":
        return load_device(env)
    if backend == "sim":
        return load_simulator()
    raise ValueError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
