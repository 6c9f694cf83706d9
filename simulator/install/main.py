"""Lay the simulator out the way a CANN install looks to its users.

    python -m simulator.install --prefix DIR [--layout cann|ascend-toolkit] [--soc NAME]

- ``--layout cann`` (CANN 8.5 / 9.x): ``DIR/cann/{set_env.sh,bin/atc,include/acl,lib64}`` with
  libacl_rt.so, libacl_mdl.so, libacl_op_executor.so, libacl_op_compiler.so and libascendcl.so
  (the compatibility library).
- ``--layout ascend-toolkit`` (classic, up to 8.x): ``DIR/ascend-toolkit/set_env.sh`` and
  ``DIR/ascend-toolkit/<version>/<arch>-linux/{bin,include,lib64}`` (``bin``, ``include``,
  ``lib64`` links next to it, ``latest -> <version>``) with libascendcl.so + libacl_op_compiler.so.
- Default layout: the one of the CANN version the simulator models (aclsimCANNVersion):
  8.5 and later -> cann, earlier -> ascend-toolkit (cann-install.md 2b: 8.5.0 is the first
  open-source, split release).
- ``opp/``: the operator information library of the six SoC dirs, as CANN lays it out for the
  layout (simulator/opp.py; set_env.sh exports ASCEND_OPP_PATH to it).
- ``--soc``: the simulated SoC, written into set_env.sh as ``ACLSIM_SOC`` (names as
  ``atc --soc_version`` takes them; see simulator/cann/soc_versions.toml).

Everything is built in a staging directory inside DIR and moved into place at the end, so a
failed install leaves nothing behind; an existing install is never overwritten.
Exit status: 0 done, 1 build failure, 2 usage error.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import sys
import tempfile
import time

import simulator

from .. import opp
from ..cann import soc_versions
from ..recipe import CORE_LIBRARY
from .abi import read_items
from .env import (
    ARCH,
    atc_wrapper,
    set_env_cann,
    set_env_classic,
    toolkit_install_info,
    version_cfg,
    write_text,
)
from .extras import build_cblas, cblas_header, install_pyacl
from .headers import header_texts, write_headers
from .libs import BuildError, build_libraries
from .table import LAYOUTS, Table, TableError
from .tree import lay_out_package_dirs, write_version_files

FIRST_SPLIT_RELEASE = (8, 5)


class InstallError(RuntimeError):
    pass


def simulator_versions() -> tuple[str, tuple[int, int], tuple[int, int, int]]:
    """(CANN version string, (major, minor), ACL interface version) as the simulator reports them."""
    path = simulator.library_path()
    if path is None:
        raise InstallError("the simulator library is not built (run `pip install -e .` or `make -C simulator`)")
    lib = ctypes.CDLL(path)
    # aclsysGetCANNVersion reads the install's own version.info (CANN's semantics), so the version
    # the simulator models comes from its private aclsimCANNVersion.
    lib.aclsimCANNVersion.restype = ctypes.c_char_p
    version = lib.aclsimCANNVersion().decode()
    acl = [ctypes.c_int32() for _ in range(3)]
    if lib.aclrtGetVersion(*[ctypes.byref(v) for v in acl]) != 0:
        raise InstallError(f"{path}: aclrtGetVersion failed")
    cann = tuple(int(p) for p in version.split(".")[:2])
    return version, cann, tuple(v.value for v in acl)


def default_layout(cann_version: tuple[int, int]) -> str:
    return "cann" if cann_version >= FIRST_SPLIT_RELEASE else "ascend-toolkit"


def lay_out_cann(stage: str, final_root: str, version: str, soc: str | None) -> str:
    """Returns the product root (what ASCEND_TOOLKIT_HOME names) inside the staging dir."""
    write_text(os.path.join(stage, "set_env.sh"), set_env_cann(final_root, soc))
    write_text(os.path.join(stage, f"{ARCH}-linux", "ascend_toolkit_install.info"),
               toolkit_install_info(version, final_root))
    return stage


def lay_out_classic(stage: str, final_root: str, version: str, soc: str | None) -> str:
    version_dir = os.path.join(stage, version)
    arch_dir = os.path.join(version_dir, f"{ARCH}-linux")
    os.makedirs(arch_dir)
    for sub in ("bin", "include", "lib64"):
        os.makedirs(os.path.join(arch_dir, sub))
        os.symlink(os.path.join(f"{ARCH}-linux", sub), os.path.join(version_dir, sub))
    os.symlink(version, os.path.join(stage, "latest"))
    write_text(os.path.join(stage, "set_env.sh"), set_env_classic(os.path.join(final_root, "latest"), soc))
    write_text(os.path.join(arch_dir, "ascend_toolkit_install.info"),
               toolkit_install_info(version, os.path.dirname(final_root)))
    write_text(os.path.join(version_dir, "version.cfg"), version_cfg(version))
    return version_dir


def install(prefix: str, layout: str | None, soc: str | None, cc: str, jobs: int) -> dict:
    started = time.monotonic()
    version, cann_version, acl_version = simulator_versions()
    layout = layout or default_layout(cann_version)
    if soc is not None:
        soc_versions.resolve(soc)   # refuses an unknown SoC before anything is built
    items = read_items()
    table = Table.load()
    table.check(items)
    prefix = os.path.abspath(prefix)
    final_root = os.path.join(prefix, layout)
    if os.path.lexists(final_root):
        raise InstallError(f"--prefix: {final_root} already exists; remove it or choose another prefix")
    os.makedirs(prefix, exist_ok=True)
    stage = tempfile.mkdtemp(prefix=f".{layout}-staging-", dir=prefix)
    try:
        home = (lay_out_cann if layout == "cann" else lay_out_classic)(stage, final_root, version, soc)
        texts = header_texts(items, table, layout, acl_version)
        texts.update(cblas_header(table, layout, acl_version))
        write_headers(os.path.join(home, "include"), texts)
        os.makedirs(os.path.join(home, "python", "site-packages"), exist_ok=True)
        # the operator information library of all six SoC dirs (ASCEND_OPP_PATH = <home>/opp)
        opp_files = opp.write(os.path.join(home, "opp"), layout)
        build_dir = os.path.join(stage, ".build")
        os.makedirs(build_dir)
        exports = build_libraries(cc, items, table, layout, build_dir, os.path.join(home, "lib64"), jobs)
        exports.update(build_cblas(cc, layout, home))
        shutil.rmtree(build_dir)
        write_text(os.path.join(home, "bin", "atc"), atc_wrapper(CORE_LIBRARY), executable=True)
        lay_out_package_dirs(home, layout)
        install_pyacl(home)
        write_version_files(home, version, layout)
        os.rename(stage, final_root)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    home_final = final_root if layout == "cann" else os.path.join(final_root, "latest")
    return {"layout": layout, "root": final_root, "home": home_final, "version": version,
            "set_env": os.path.join(final_root, "set_env.sh"), "exports": exports,
            "opp": [os.path.join(home_final, os.path.relpath(f, home)) for f in opp_files],
            "seconds": round(time.monotonic() - started, 2)}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m simulator.install",
                                     description="Lay the simulator out as a CANN install.")
    parser.add_argument("--prefix", required=True, metavar="DIR", help="where to install (like /usr/local/Ascend)")
    parser.add_argument("--layout", choices=LAYOUTS, default=None,
                        help="cann (8.5/9.x) or ascend-toolkit (classic); default: the simulator's version's")
    parser.add_argument("--soc", default=None, metavar="NAME", help="simulated SoC, exported as ACLSIM_SOC")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler (default $CC or cc)")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, help="parallel compiles")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if shutil.which(args.cc) is None:
        parser.error(f"--cc: C compiler {args.cc!r} not found")
    if args.soc is not None:
        try:
            soc_versions.resolve(args.soc)
        except soc_versions.SocRefused as err:
            parser.error(f"--soc: {err}")
    try:
        done = install(args.prefix, args.layout, args.soc, args.cc, args.jobs)
    except (InstallError, TableError, BuildError) as err:
        print(f"simulator.install: {err}", file=sys.stderr)
        return 1
    print(f"installed the simulator as a CANN {done['version']} install, layout {done['layout']}, "
          f"in {done['root']} ({done['seconds']} s)")
    for lib, calls in done["exports"].items():
        print(f"  lib64/{lib}: {len(calls)} calls")
    print(f"  opp: the operator information library of {len(done['opp'])} files (ASCEND_OPP_PATH)")
    print(f"use it with: source {done['set_env']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
