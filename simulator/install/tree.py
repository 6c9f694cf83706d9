"""The per-package directories of a CANN install that samples and users' builds read, and the
packages' version files.

CANN 8.1.RC1 (cann-install.md 2a) has real ``runtime/``, ``compiler/``, ``fwkacllib/``, ``opp/``
and ``pyACL/`` directories; CANN's samples build with ``${DDK_PATH}/runtime/include``,
``${DDK_PATH}/compiler/include`` and link from ``runtime/lib64/stub``, ``compiler/lib64/stub`` or
``fwkacllib/lib64/stub`` (cann-install.md 7). CANN 9.x packaging keeps only the compatibility
link ``runtime/include/acl`` (hicann/runtime scripts/package/module/ascend/RuntimeInc.xml) and
real ``fwkacllib/lib64`` and ``compiler/`` directories (hicann/ge GeCompilerSo.xml,
ge-compiler.xml); the install provides the rest in both layouts as links to the one set of
headers, libraries and programs (docs/FIDELITY.md says which are CANN's and which are the
install's).

Stub directories hold links to the install's own libraries: linking against them is linking
against the runtime itself, as linking against CANN's stubs resolves to CANN's libraries at run
time.
"""
from __future__ import annotations

import os

from ..recipe import BUILD_TAG_PACKAGE
from .env import ARCH, write_text

# Package directory under share/info -> what the simulator reports it as. The names are the ones
# CANN's version calls map ACL_PKG_NAME_* to (hicann/runtime src/acl/aclrt_impl: kMapToPkgName).
SHARE_INFO_PACKAGES = ("runtime", "bisheng-compiler", "hccl", "oam-tools", "ops-legacy")
# CANN 8.1.RC1: <pkg>/version.info of each package directory (cann-install.md 2a).
CLASSIC_PACKAGE_DIRS = ("runtime", "compiler", "opp", "hccl", "toolkit")
# Libraries the stub directories offer (runtime/lib64/stub/README.md of 8.1.RC1: "link only
# libacl_cblas/libacl_dvpp/libacl_retr/libascendcl"; compiler/lib64/stub: acl_op_compiler).
STUB_LIBRARIES = {
    "ascend-toolkit": ("libascendcl.so", "libacl_op_compiler.so", "libacl_cblas.so"),
    "cann": ("libascendcl.so", "libacl_rt.so", "libacl_op_executor.so", "libacl_op_compiler.so",
             "libacl_mdl.so", "libacl_cblas.so"),
}


def link(target: str, path: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    os.symlink(target, path)


def version_info(version: str, classic: bool) -> str:
    """A package's version.info: ``Version=`` (the key CANN's readers look for), and in the classic
    layout 8.1.RC1's ``version_dir=`` line."""
    return f"Version={version}\n" + (f"version_dir={version}\n" if classic else "")


def build_tag_info(version: str) -> str:
    return (f"Version={version}\n"
            "package=aclop-conformance simulator: a simulation of CANN's ACL runtime, not CANN\n")


def write_version_files(home: str, version: str, layout: str) -> list[str]:
    """share/info/<pkg>/version.info for every package and the build tag; in the classic layout
    also <pkg>/version.info. Returns the files written, relative to home."""
    classic = layout == "ascend-toolkit"
    written = []
    for pkg in SHARE_INFO_PACKAGES:
        written.append(os.path.join("share", "info", pkg, "version.info"))
        write_text(os.path.join(home, written[-1]), version_info(version, classic))
    written.append(os.path.join("share", "info", BUILD_TAG_PACKAGE, "version.info"))
    write_text(os.path.join(home, written[-1]), build_tag_info(version))
    if classic:
        for pkg in CLASSIC_PACKAGE_DIRS:
            written.append(os.path.join(pkg, "version.info"))
            write_text(os.path.join(home, written[-1]), version_info(version, True))
    return written


def lay_out_package_dirs(home: str, layout: str) -> None:
    """runtime/, compiler/, fwkacllib/, devlib/ and lib64/stub as links into include/, lib64/ and
    bin/ (which must exist)."""
    stub = os.path.join(home, "lib64", "stub")
    os.makedirs(stub, exist_ok=True)
    for lib in STUB_LIBRARIES[layout]:
        os.symlink(os.path.join("..", lib), os.path.join(stub, lib))
    link(os.path.join("..", "..", "include", "acl"), os.path.join(home, "runtime", "include", "acl"))
    link(os.path.join("..", "lib64"), os.path.join(home, "runtime", "lib64"))
    for sub in ("include", "lib64", "bin"):
        link(os.path.join("..", sub), os.path.join(home, "compiler", sub))
    if layout == "ascend-toolkit":
        for sub in ("include", "lib64", "bin"):
            link(os.path.join("..", sub), os.path.join(home, "fwkacllib", sub))
        link("runtime", os.path.join(home, "acllib"))
    else:
        os.makedirs(os.path.join(home, "fwkacllib", "lib64"), exist_ok=True)
        os.symlink(os.path.join("..", "..", "lib64", "stub"), os.path.join(home, "fwkacllib", "lib64", "stub"))
    # RT DevlibCommon.xml / RuntimeSo.xml: devlib/linux/<arch>/ stubs, devlib/<arch> link.
    devlib = os.path.join(home, "devlib", "linux", ARCH)
    os.makedirs(devlib)
    for lib in STUB_LIBRARIES[layout]:
        os.symlink(os.path.join("..", "..", "..", "lib64", lib), os.path.join(devlib, lib))
    os.symlink(os.path.join("linux", ARCH), os.path.join(home, "devlib", ARCH))
