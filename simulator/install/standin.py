"""A stand-in for CANN's runtime, so device mode (``--backend device``) runs without an Atlas host.

The simulator's sources (simulator/src/*.c) compiled into ``<dir>/lib64/libascendcl.so`` with a
linker version script that makes every ``aclsim*`` symbol local: the harness can then tell it
from CANN only by what CANN itself reports, so every fixture takes its device path (typed-object
ledger and aclrtGetMemInfo for leaks, crash isolation in child processes, capability skips).
``<dir>/bin/atc`` runs the simulator's atc with the command line the harness gives CANN's
(``--singleop --output --soc_version``).

    python -m simulator.install.standin DIR      # build, then print how to run the suites on it

The C is compiled with the one build recipe (simulator/recipe.py); the stand-in differs from the
simulator library only in what it exports.
"""
from __future__ import annotations

import os
import shlex
import stat
import subprocess
import sys
from dataclasses import dataclass

from .. import recipe

VERSION_SCRIPT = "{ local: aclsim*; };\n"


@dataclass(frozen=True)
class StandIn:
    home: str           # ASCEND_HOME_PATH
    library: str        # <home>/lib64/libascendcl.so
    atc: str            # <home>/bin/atc

    def env(self) -> dict[str, str]:
        return {"ASCEND_HOME_PATH": self.home}

    def pytest_args(self) -> list[str]:
        return ["--backend", "device", "--atc", self.atc]


def build(dest: str, cc: str | None = None) -> StandIn:
    """Compile the stand-in into ``dest`` (created); raises CalledProcessError with the compiler's output."""
    lib_dir, bin_dir = os.path.join(dest, "lib64"), os.path.join(dest, "bin")
    os.makedirs(lib_dir, exist_ok=True)
    os.makedirs(bin_dir, exist_ok=True)
    script = os.path.join(dest, "hide-aclsim.map")
    with open(script, "w") as f:
        f.write(VERSION_SCRIPT)
    library = os.path.join(lib_dir, "libascendcl.so")
    cmd = recipe.shared_library(cc or os.environ.get("CC", "cc"), library, recipe.sources(),
                                [f"-Wl,--version-script={script}", "-Wl,-soname,libascendcl.so"],
                                compile_flags=recipe.cflags())
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    atc = os.path.join(bin_dir, "atc")
    with open(atc, "w") as f:
        f.write("#!/bin/sh\n# the simulator's atc under CANN's name (simulator/install/standin.py)\n"
                f"exec {shlex.quote(sys.executable)} -m simulator.atc \"$@\"\n")
    os.chmod(atc, os.stat(atc).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return StandIn(dest, library, atc)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m simulator.install.standin DIR", file=sys.stderr)
        return 2
    s = build(os.path.abspath(argv[0]))
    print(f"ASCEND_HOME_PATH={shlex.quote(s.home)} {shlex.quote(sys.executable)} -m pytest suites/ "
          f"{' '.join(shlex.quote(a) for a in s.pytest_args())} -n 2")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
