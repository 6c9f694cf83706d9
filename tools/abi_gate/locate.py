"""Where an install's ACL headers and libraries are.

The install is ``--root DIR``, else the directory ASCEND_HOME_PATH or ASCEND_TOOLKIT_HOME names
(what CANN's ``set_env.sh`` exports). DIR may be the product home itself (the directory holding
``include/`` and ``lib64/``: CANN's ``.../cann`` or ``.../ascend-toolkit/latest``), a classic
``ascend-toolkit`` directory (its ``latest``), or the prefix both layouts of
``python -m simulator.install`` are laid out in (``DIR/cann``, ``DIR/ascend-toolkit/latest``).
Headers come from ``include/`` (else the package path ``runtime/include``), libraries from
``lib64/`` (else ``runtime/lib64``); ``lib64/stub`` and other subdirectories are not read.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from . import AbiGateError

ENV_VARS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")
HOME_CANDIDATES = ("", "latest", "cann", os.path.join("ascend-toolkit", "latest"))
INCLUDE_DIRS = ("include", os.path.join("runtime", "include"))
LIB_DIRS = ("lib64", os.path.join("runtime", "lib64"))
MAIN_HEADER = os.path.join("acl", "acl.h")
# CANN's ACL libraries (cann-install.md): libascendcl.so and libacl_<component>.so.
LIBRARY_PREFIXES = ("libascendcl", "libacl_")
HEADER_DIRS = ("acl", os.path.join("acl", "error_codes"))


@dataclass(frozen=True)
class Install:
    home: str
    include_dir: str
    lib_dir: str
    headers: tuple[str, ...]      # relative to include_dir, acl/acl.h first
    libraries: tuple[str, ...]    # file names in lib_dir
    given_by: str                 # "--root" or the environment variable


def _given(root: str | None, environ) -> tuple[str, str]:
    if root is not None:
        return root, "--root"
    for var in ENV_VARS:
        if environ.get(var):
            return environ[var], var
    raise AbiGateError("no install given: pass --root DIR or set ASCEND_HOME_PATH / ASCEND_TOOLKIT_HOME "
                       "(source the install's set_env.sh)")


def _include_dir(home: str) -> str | None:
    for sub in INCLUDE_DIRS:
        if os.path.isfile(os.path.join(home, sub, MAIN_HEADER)):
            return os.path.join(home, sub)
    return None


def _home(path: str, given_by: str) -> tuple[str, str]:
    if not os.path.isdir(path):
        raise AbiGateError(f"{given_by} {path}: no such directory")
    tried = []
    for sub in HOME_CANDIDATES:
        home = os.path.normpath(os.path.join(path, sub))
        include = _include_dir(home)
        if include is not None:
            return home, include
        tried.append(home)
    raise AbiGateError(f"{given_by} {path}: not a CANN install: no include/{MAIN_HEADER} (nor "
                       f"runtime/include/{MAIN_HEADER}) under {', '.join(tried)}")


def acl_headers(include_dir: str) -> tuple[str, ...]:
    """The ACL headers: include/acl/*.h and include/acl/error_codes/*.h, acl/acl.h first."""
    found = []
    for sub in HEADER_DIRS:
        folder = os.path.join(include_dir, sub)
        if os.path.isdir(folder):
            found += [os.path.join(sub, n) for n in sorted(os.listdir(folder))
                      if n.endswith(".h") and os.path.isfile(os.path.join(folder, n))]
    found.remove(MAIN_HEADER)
    return (MAIN_HEADER, *found)


def acl_libraries(lib_dir: str) -> tuple[str, ...]:
    return tuple(sorted(n for n in os.listdir(lib_dir)
                        if n.startswith(LIBRARY_PREFIXES) and n.endswith(".so")
                        and os.path.isfile(os.path.join(lib_dir, n))))


def _lib_dir(home: str, given_by: str) -> tuple[str, tuple[str, ...]]:
    for sub in LIB_DIRS:
        folder = os.path.join(home, sub)
        if os.path.isdir(folder) and acl_libraries(folder):
            return folder, acl_libraries(folder)
    raise AbiGateError(f"{given_by}: {home} has no ACL library (libascendcl.so, libacl_*.so) in "
                       f"{' or '.join(LIB_DIRS)}")


def find_install(root: str | None, environ=os.environ) -> Install:
    path, given_by = _given(root, environ)
    home, include_dir = _home(os.path.abspath(path), given_by)
    lib_dir, libraries = _lib_dir(home, given_by)
    return Install(home, include_dir, lib_dir, acl_headers(include_dir), libraries, given_by)
