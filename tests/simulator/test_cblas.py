"""The install's libacl_cblas.so and acl/ops/acl_cblas.h against CANN's (hicann/ge
inc/external/acl/ops/acl_cblas.h; api/acl/acl_cblas/single_op/blas/gemm_ops.cpp, gemv_ops.cpp):
the header's enums and prototypes, the exported calls, GE's argument checks and codes in order,
and the GEMM op a call builds (a handle exists exactly when a GEMM model of those shapes is
loaded). Each case runs in a process of its own after `source set_env.sh`."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from harness.abi import ERR
from tests.conftest import ROOT
from tests.install_support import LAYOUTS, build, run_json_script, shared_base, sourced

CALLS = ("aclblasGemvEx", "aclblasCreateHandleForGemvEx", "aclblasHgemv", "aclblasCreateHandleForHgemv",
         "aclblasS8gemv", "aclblasCreateHandleForS8gemv", "aclblasGemmEx", "aclblasCreateHandleForGemmEx",
         "aclblasHgemm", "aclblasCreateHandleForHgemm", "aclblasS8gemm", "aclblasCreateHandleForS8gemm")
INVALID = int(ERR.ACL_ERROR_INVALID_PARAM)
NOT_FOUND = int(ERR.ACL_ERROR_OP_NOT_FOUND)
GEMM_JSON = os.path.join(ROOT, "tests", "clients", "cblas_gemm.json")   # GEMM f16 16x8x32 and 8x1x16

PRELUDE = """
import ctypes, json, os, sys
home = os.environ['ASCEND_HOME_PATH']
acl = ctypes.CDLL(home + '/lib64/libascendcl.so')
blas = ctypes.CDLL(home + '/lib64/libacl_cblas.so')
P = ctypes.c_void_p
X = P(0x1000)   # never dereferenced: every case fails a check before any memory is touched
N, T, NZ, NZ_T = 0, 1, 2, 3
F16 = 1
def gemm_ex(ta=N, tb=N, tc=N, m=16, n=8, k=32, alpha=X, a=X, lda=-1, b=X, ldb=-1, beta=X, c=X, ldc=-1, ctype=0):
    return blas.aclblasGemmEx(ta, tb, tc, m, n, k, alpha, a, lda, F16, b, ldb, F16, beta, c, ldc, F16, ctype, None)
def handle_for(ta=N, tb=N, tc=N, m=16, n=8, k=32, ctype=0, out=True):
    h = P()
    rc = blas.aclblasCreateHandleForHgemm(ta, tb, tc, m, n, k, ctype, ctypes.byref(h) if out else None)
    return [rc, bool(h.value)]
out = {}
"""


@pytest.fixture(scope="module", params=LAYOUTS)
def install(request, tmp_path_factory):
    return build(shared_base(tmp_path_factory), request.param)


def run(install: dict, body: str, tmp_path) -> dict:
    return run_json_script(install, PRELUDE + body + "\nprint(json.dumps(out))\n", tmp_path)


def test_header_has_canns_enums_and_every_call(install, tmp_path):
    src = tmp_path / "probe.c"
    checks = ["ACL_TRANS_N == 0", "ACL_TRANS_T == 1", "ACL_TRANS_NZ == 2", "ACL_TRANS_NZ_T == 3",
              "ACL_COMPUTE_HIGH_PRECISION == 0", "ACL_COMPUTE_LOW_PRECISION == 1"]
    lines = ['#include "acl/ops/acl_cblas.h"'] + [f'_Static_assert({c}, "{c}");' for c in checks]
    lines += ["int main(void) {", "    void *calls[] = {" + ", ".join(f"(void *){c}" for c in CALLS) + "};",
              "    return calls[0] == 0;", "}"]
    src.write_text("\n".join(lines) + "\n")
    exe = tmp_path / "probe"
    proc = sourced(install, f"${{CC:-cc}} -std=c11 -Wall -Werror -I$ASCEND_HOME_PATH/include {src} -o {exe} "
                            "-L$ASCEND_HOME_PATH/lib64 -lacl_cblas")
    assert proc.returncode == 0, proc.stderr


def test_library_exports_exactly_the_cblas_calls(install):
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm is not available")
    lib = os.path.join(install["home"], "lib64", "libacl_cblas.so")
    proc = subprocess.run([nm, "-D", "--defined-only", lib], capture_output=True, text=True, check=True)
    exported = {f.split()[-1] for f in proc.stdout.splitlines() if f.split()[1:2] == ["T"]}
    assert exported == set(CALLS)


def test_gemm_ex_checks_in_ge_order(install, tmp_path):
    out = run(install, """
out['null'] = [gemm_ex(alpha=None), gemm_ex(beta=None), gemm_ex(a=None), gemm_ex(b=None), gemm_ex(c=None)]
out['mnk'] = [gemm_ex(m=0), gemm_ex(n=-1), gemm_ex(k=0)]
out['trans'] = [gemm_ex(ta=NZ_T), gemm_ex(tb=NZ_T), gemm_ex(ta=-1), gemm_ex(tc=T), gemm_ex(tc=NZ_T)]
out['ld'] = [gemm_ex(lda=16), gemm_ex(ldb=0), gemm_ex(ldc=8)]
out['ctype'] = gemm_ex(ctype=1)
out['order'] = [gemm_ex(alpha=None, m=0), gemm_ex(m=0, ta=NZ_T), gemm_ex(ta=NZ_T, lda=0), gemm_ex(lda=0, ctype=1)]
""", tmp_path)
    assert out["null"] == [INVALID] * 5
    assert out["mnk"] == [INVALID] * 3
    assert out["trans"] == [INVALID] * 5
    assert out["ld"] == [INVALID] * 3
    assert out["ctype"] == INVALID
    assert out["order"] == [INVALID] * 4


def test_gemv_is_gemm_with_one_column(install, tmp_path):
    out = run(install, """
def gemv(ta=N, m=8, n=16, alpha=X, a=X, lda=-1, x=X, incx=-1, beta=X, y=X, incy=-1, ctype=0):
    return blas.aclblasHgemv(ta, m, n, alpha, a, lda, x, incx, beta, y, incy, ctype, None)
out['bad'] = [gemv(m=0), gemv(n=0), gemv(x=None), gemv(y=None), gemv(incx=1), gemv(incy=1), gemv(ta=NZ_T),
              gemv(ctype=1)]
h = P()
out['no_model'] = blas.aclblasCreateHandleForHgemv(N, 8, 16, 0, ctypes.byref(h))
""", tmp_path)
    assert out["bad"] == [INVALID] * 8
    assert out["no_model"] == NOT_FOUND


def test_handle_exists_when_a_gemm_model_of_those_shapes_is_loaded(install, tmp_path):
    models = tmp_path / "models"
    proc = sourced(install, f"atc --singleop={GEMM_JSON} --output={models} --soc_version=Ascend910B1")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = run(install, f"""
acl.aclInit(None); acl.aclrtSetDevice(0)
out['before'] = handle_for()
out['dir'] = acl.aclopSetModelDir({str(models)!r}.encode())
out['null_handle'] = handle_for(out=False)[0]
out['loaded'] = handle_for()
out['gemv'] = handle_for(m=8, n=1, k=16)
out['other_shape'] = handle_for(m=17)
out['transposed'] = handle_for(ta=T)
out['checks'] = [handle_for(m=0)[0], handle_for(tc=T)[0], handle_for(ctype=1)[0]]
""", tmp_path)
    assert out["before"] == [NOT_FOUND, False]
    assert out["dir"] == 0
    assert out["null_handle"] == INVALID
    assert out["loaded"] == [0, True] and out["gemv"] == [0, True]
    # the model has transpose_a = false: a T call is another op (GE sets the attr from transA)
    assert out["other_shape"] == [NOT_FOUND, False] and out["transposed"] == [NOT_FOUND, False]
    assert out["checks"] == [INVALID] * 3
