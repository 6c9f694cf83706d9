"""The install's client libraries of the ACL ABI: libacl_cblas.so (simulator/cblas) and pyACL
(simulator/pyacl, copied to pyACL/python/site-packages/acl, CANN 8.1.RC1's place for it:
cann-install.md 2a). Both call only CANN-named calls of the install's own libraries."""
from __future__ import annotations

import os
import shutil

from .. import PACKAGE_DIR, recipe
from .headers import render_header
from .libs import run
from .table import Table

CBLAS_DIR = os.path.join(PACKAGE_DIR, "cblas")
PYACL_DIR = os.path.join(PACKAGE_DIR, "pyacl")
CBLAS_HEADER = "acl/ops/acl_cblas.h"
CBLAS_LIBRARY = "libacl_cblas.so"
PYACL_PACKAGE = os.path.join("pyACL", "python", "site-packages", "acl")
# What libacl_cblas.so links: classic, libascendcl.so (T81 runtime/script/filelist.csv ships
# both); CANN 9.x, libacl_op_executor for the aclop calls and libacl_mdl for the tensor descs
# and libacl_rt for the data buffers (acl_base_rt.h) (hicann/ge api/acl/acl_cblas/CMakeLists.txt
# links acl_op_executor; the descs: acl_model.cpp).
CBLAS_LINKS = {"ascend-toolkit": ["-lascendcl"], "cann": ["-lacl_op_executor", "-lacl_mdl", "-lacl_rt"]}
CBLAS_CALLS = ("aclblasGemvEx", "aclblasCreateHandleForGemvEx", "aclblasHgemv", "aclblasCreateHandleForHgemv",
               "aclblasS8gemv", "aclblasCreateHandleForS8gemv", "aclblasGemmEx", "aclblasCreateHandleForGemmEx",
               "aclblasHgemm", "aclblasCreateHandleForHgemm", "aclblasS8gemm", "aclblasCreateHandleForS8gemm")


def cblas_header(table: Table, layout: str, version: tuple[int, int, int]) -> dict[str, str]:
    """acl/ops/acl_cblas.h: the layout's includes (simulator/cann/api.toml) and CANN's declarations."""
    with open(os.path.join(CBLAS_DIR, "declarations.h"), encoding="utf-8") as f:
        body = f.read().rstrip().splitlines()
    spec = table.headers(layout)[CBLAS_HEADER]
    return {CBLAS_HEADER: render_header(CBLAS_HEADER, spec, body, table, version)}


def build_cblas(cc: str, layout: str, home: str) -> dict[str, list[str]]:
    lib_dir = os.path.join(home, "lib64")
    out = os.path.join(lib_dir, CBLAS_LIBRARY)
    run([cc, *[f for f in recipe.wrapper_cflags() if not f.startswith("-I")], "-DFUNC_VISIBILITY", f"-I{os.path.join(home, 'include')}", "-shared",
         f"-Wl,-soname,{CBLAS_LIBRARY}", "-Wl,-z,defs", "-Wl,-rpath,$ORIGIN", "-o", out,
         os.path.join(CBLAS_DIR, "acl_cblas.c"), f"-L{lib_dir}", *CBLAS_LINKS[layout]])
    return {CBLAS_LIBRARY: list(CBLAS_CALLS)}


def install_pyacl(home: str) -> str:
    dest = os.path.join(home, PYACL_PACKAGE)
    shutil.copytree(PYACL_DIR, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest
