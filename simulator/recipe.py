"""The one build recipe of the simulator's C library: sources, flags, defines and libraries.

Every build of simulator/src/*.c takes its flags from here: the pip install (setup.py), the
stand-alone build (simulator/Makefile, which asks this file: ``python3 recipe.py cflags``), the
CANN-shaped install's core and wrapper libraries (simulator.install.libs) and the device stand-in
(simulator.install.standin). The builds differ only in what they export (symbol renaming, a
version script, a soname), never in how the C is compiled.

The private core library of the install is named here too (the install builds it, the install's
atc loads its model check), so neither product imports the other.

This file imports only the standard library: setup.py loads it by path and the Makefile runs it
as a script, both before the package is installed.

    python3 simulator/recipe.py cflags|opt|pic|ldflags|ldlibs|sources|depends
"""
from __future__ import annotations

import glob
import os
import sys

SIM_DIR = os.path.dirname(os.path.abspath(__file__))
SRC_DIR = os.path.join(SIM_DIR, "src")
INCLUDE_DIR = os.path.join(SIM_DIR, "include")
INCLUDE_DIRS = [INCLUDE_DIR, SRC_DIR]

# The language, the warnings (errors: the lint build and every install fail on a warning), the
# defines, and hidden visibility: only ACL_FUNC_VISIBILITY names are exported.
STANDARD = ["-std=c11"]
WARNINGS = ["-Wall", "-Wextra", "-Werror"]
DEFINES = ["-D_GNU_SOURCE"]
VISIBILITY = ["-fvisibility=hidden"]
THREADS = ["-pthread"]
OPTIMISE = ["-O2", "-ftree-vectorize"]
PIC = ["-fPIC"]            # setuptools adds it itself; every other build asks for it
# Unresolved symbols fail the link.
LINK = ["-pthread", "-Wl,-z,defs"]
# dl: custom-op kernels are dlopen-ed (glibc < 2.34 keeps dlopen in libdl).
LIBRARIES = ["m", "dl"]

# The CANN-shaped install's private core library: the simulator's sources once more, every
# acl_sim.h function renamed (no ACL name, so the core cannot stand in for a CANN library, and no
# "aclsim", so no installed library shows one).
CORE_LIBRARY = "libaclsim_core.so"
CORE_PREFIX = "ascsim_"
SIM_ONLY_PREFIX = "aclsim"   # the simulator-only calls: never exported by a CANN-named library
# Set by the install's bin/atc: the core library whose (renamed) model check atc calls.
VALIDATOR_ENV = "ACLSIM_ATC_VALIDATOR"
# The install's build tag: an extra CANN package, share/info/<this>/version.info, so that CANN's own
# aclsysGetVersionStr("simulator", buf) succeeds on the simulator's install and fails (100003) on CANN.
BUILD_TAG_PACKAGE = "simulator"


def core_name(name: str) -> str:
    """Core-library symbol of an acl_sim.h function: aclInit -> ascsim_aclInit,
    aclsimValidateModel -> ascsim_x_ValidateModel."""
    if name.startswith(SIM_ONLY_PREFIX):
        return CORE_PREFIX + "x_" + name[len(SIM_ONLY_PREFIX):]
    return CORE_PREFIX + name


def sources() -> list[str]:
    """Every C file of simulator/src, by glob (files come and go)."""
    return sorted(glob.glob(os.path.join(SRC_DIR, "*.c")))


def depends() -> list[str]:
    """The headers a build depends on."""
    return sorted(glob.glob(os.path.join(SRC_DIR, "*.h")) + glob.glob(os.path.join(SRC_DIR, "*.def"))
                  + glob.glob(os.path.join(INCLUDE_DIR, "*.h")))


def base_cflags() -> list[str]:
    """Compile flags without optimisation or -fPIC (setup.py and the Makefile add their own)."""
    return STANDARD + WARNINGS + DEFINES + VISIBILITY + THREADS


def include_flags() -> list[str]:
    return ["-I" + d for d in INCLUDE_DIRS]


def cflags() -> list[str]:
    """Everything a compile of simulator/src/*.c into a shared object takes."""
    return base_cflags() + OPTIMISE + PIC + include_flags()


def wrapper_cflags() -> list[str]:
    """The install's generated wrapper files: the same language, warnings and visibility, against
    acl_sim.h only (no threads, no GNU extensions)."""
    return STANDARD + WARNINGS + OPTIMISE[:1] + PIC + VISIBILITY + ["-I" + INCLUDE_DIR]


def ldlibs() -> list[str]:
    return ["-l" + lib for lib in LIBRARIES]


def shared_library(cc: str, out: str, inputs: list[str], extra: list[str] | None = None,
                   compile_flags: list[str] | None = None) -> list[str]:
    """Command linking ``inputs`` into the shared object ``out``: objects, or sources compiled on
    the way with ``compile_flags``; ``extra``: the build's own link flags (soname, version script)."""
    return [cc, *(compile_flags or []), "-shared", *LINK, *(extra or []), "-o", out, *inputs, *ldlibs()]


# What the Makefile asks for (one line, space separated).
QUERIES = {
    "cflags": lambda: base_cflags() + include_flags(),
    "opt": lambda: OPTIMISE,
    "pic": lambda: PIC,
    "ldflags": lambda: LINK,
    "ldlibs": ldlibs,
    "sources": sources,
    "depends": depends,
}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in QUERIES:
        print(f"usage: python3 recipe.py {'|'.join(QUERIES)}", file=sys.stderr)
        return 2
    print(" ".join(QUERIES[argv[0]]()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
