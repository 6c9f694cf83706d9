"""The simulated ACL runtime: a C library (built by `pip install`) plus its own `atc`.

Only the location of the built library is exposed here; the library itself is loaded through
the harness's loader (harness.loader), like any other library that exports the ACL ABI.
"""
from __future__ import annotations

import glob
import os

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def library_candidates() -> list[str]:
    """Where the built simulator library may be, in the order they are tried."""
    built = sorted(glob.glob(os.path.join(PACKAGE_DIR, "_aclsim*.so")))
    return built + [os.path.join(PACKAGE_DIR, "build", "libaclsim.so")]


def library_path() -> str | None:
    """Path of the built simulator library, or None when it has not been built."""
    for path in library_candidates():
        if os.path.isfile(path):
            return path
    return None
