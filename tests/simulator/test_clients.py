"""C client programs (tests/clients/*.c) built and run against the CANN-shaped install as on an
Atlas host: `source set_env.sh`, atc the op JSON, `cc -Wall -Werror -I$ASCEND_TOOLKIT_HOME/include
... -L$ASCEND_TOOLKIT_HOME/lib64 -l...`, run. Each client checks its results against values it
computes in C and prints one PASS line.

Link lines (cann-install.md 2a/2b): classic `-lascendcl -lacl_op_compiler`; CANN 9.x
`-lacl_rt -lacl_op_executor -lacl_op_compiler -lacl_mdl` (the tensor-desc calls live in
libacl_mdl.so: GE api/acl/acl_model/model/acl_model.cpp), or the compatibility `-lascendcl`.

Below, clients built the way CANN's samples are (cann-install.md 7): a CMake project with
DDK_PATH / NPU_HOST_LIB (tests/clients/samples_way), a pyACL program (tests/clients/pyacl_add.py)
and a CBLAS program (tests/clients/cblas_gemm.c), against both layouts and two SoCs; they write
their outputs and the tests check them against numpy.
"""
from __future__ import annotations

import os
import shlex
import shutil
import sys

import numpy as np
import pytest

from tests.conftest import ROOT
from tests.install_support import build, shared_base, sourced

CLIENTS_DIR = os.path.join(ROOT, "tests", "clients")
LINKS = {
    "ascend-toolkit": ["-lascendcl -lacl_op_compiler"],
    "cann": ["-lacl_rt -lacl_op_executor -lacl_op_compiler -lacl_mdl", "-lascendcl -lacl_op_compiler"],
}
CASES = [(layout, link) for layout, links in LINKS.items() for link in links]
# client -> (atc JSON, how its argument is found in atc's output dir, PASS line)
CLIENTS = {
    "add_handle_load": ("add_handle_load.json", "0_Add_0_2_8_16_0_2_8_16_0_2_8_16.om",
                        "PASS add_handle_load: 128 elements, 2 executions"),
    "matmul_model_dir": ("model_dir.json", "", "PASS matmul_model_dir: 4x16 output"),
    "mul_execute_v2": ("model_dir.json", "", "PASS mul_execute_v2: 24 elements"),
}


def compile_command(client: str, link: str, out: str) -> str:
    src = shlex.quote(os.path.join(CLIENTS_DIR, client + ".c"))
    return (f"${{CC:-cc}} -Wall -Werror -I$ASCEND_TOOLKIT_HOME/include {src} -o {shlex.quote(out)} "
            f"-L$ASCEND_TOOLKIT_HOME/lib64 {link}")


@pytest.mark.slow
@pytest.mark.parametrize("layout,link", CASES, ids=[f"{lay}:{link.replace(' ', '')}" for lay, link in CASES])
def test_clients_build_and_pass(tmp_path_factory, tmp_path, layout, link):
    install = build(shared_base(tmp_path_factory), layout)
    models = {}
    for json_name in sorted({c[0] for c in CLIENTS.values()}):
        out = tmp_path / "models" / json_name.replace(".json", "")
        proc = sourced(install, f"atc --singleop={shlex.quote(os.path.join(CLIENTS_DIR, json_name))} "
                                f"--output={shlex.quote(str(out))} --soc_version=Ascend910B1")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        models[json_name] = str(out)
    (tmp_path / "bin").mkdir()
    for client, (json_name, om_name, pass_line) in CLIENTS.items():
        exe = str(tmp_path / "bin" / client)
        proc = sourced(install, compile_command(client, link, exe))
        assert proc.returncode == 0, f"{client} does not build with {link}:\n{proc.stderr}"
        arg = os.path.join(models[json_name], om_name) if om_name else models[json_name]
        proc = sourced(install, f"{shlex.quote(exe)} {shlex.quote(arg)}")
        assert proc.returncode == 0, f"{client} failed:\n{proc.stdout}{proc.stderr}"
        assert proc.stdout.strip().splitlines()[-1] == pass_line


def test_cann_split_needs_libacl_mdl_for_tensor_descs(tmp_path_factory, tmp_path):
    """As on CANN 9.x, libacl_rt + libacl_op_executor + libacl_op_compiler do not export the
    tensor-desc calls (GE acl_model.cpp builds them into libacl_mdl.so): the link names them."""
    install = build(shared_base(tmp_path_factory), "cann")
    proc = sourced(install, compile_command("mul_execute_v2", "-lacl_rt -lacl_op_executor -lacl_op_compiler",
                                            str(tmp_path / "client")))
    assert proc.returncode != 0
    assert "undefined reference to `aclCreateTensorDesc'" in proc.stderr, proc.stderr


def test_client_log_line_through_acl_app_log(tmp_path_factory, tmp_path):
    """ACL_APP_LOG in a client reaches the simulator's aclAppLog through libacl_rt's wrapper."""
    install = build(shared_base(tmp_path_factory), "cann")
    exe = str(tmp_path / "add_handle_load")
    assert sourced(install, compile_command("add_handle_load", LINKS["cann"][0], exe)).returncode == 0
    out = tmp_path / "models"
    json_path = os.path.join(CLIENTS_DIR, "add_handle_load.json")
    assert sourced(install, f"atc --singleop={json_path} --output={out} --soc_version=Ascend910B1").returncode == 0
    om = os.path.join(str(out), CLIENTS["add_handle_load"][1])
    proc = sourced(install, f"{shlex.quote(exe)} {shlex.quote(om)}",
                   env={"ASCEND_SLOG_PRINT_TO_STDOUT": "1", "ASCEND_GLOBAL_LOG_LEVEL": "1"})
    assert proc.returncode == 0, proc.stderr
    log = [line for line in proc.stdout.splitlines() if line.startswith("[INFO] APP: ")]
    assert len(log) == 1 and "add_handle_load.c:" in log[0] and "created for Add" in log[0], proc.stdout


# ---------------------------------------------------------------- clients built the samples' way
# Both layouts and two SoCs (the install's --soc); every expected result is computed here with
# numpy, never by the simulator.
SOCS = ("Ascend910B1", "Ascend310P3")
INSTALLS = [(layout, soc) for layout in ("cann", "ascend-toolkit") for soc in SOCS]
SAMPLES_WAY = os.path.join(CLIENTS_DIR, "samples_way")


def soc_install(tmp_path_factory, layout: str, soc: str) -> dict:
    return build(shared_base(tmp_path_factory), layout, soc=soc)


def atc(install: dict, json_path: str, out, soc: str) -> str:
    proc = sourced(install, f"atc --singleop={shlex.quote(json_path)} --output={shlex.quote(str(out))} "
                            f"--soc_version={soc}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return str(out)


def fp16_operands(tmp_path, seed: int, shapes: dict[str, tuple]) -> dict:
    rng = np.random.default_rng(seed)
    arrays = {}
    for name, shape in shapes.items():
        arrays[name] = rng.uniform(-4, 4, size=shape).astype(np.float16)
        arrays[name].tofile(str(tmp_path / f"{name}.bin"))
    return arrays


def fp16_add(a, b):
    return (a.astype(np.float32) + b.astype(np.float32)).astype(np.float16)


@pytest.mark.slow
@pytest.mark.parametrize("layout,soc", INSTALLS, ids=[f"{lay}-{soc}" for lay, soc in INSTALLS])
def test_cmake_client_built_as_the_samples_are(tmp_path_factory, tmp_path, layout, soc):
    """DDK_PATH = the install, NPU_HOST_LIB = its runtime/lib64/stub (the samples' READMEs);
    CMake finds headers in runtime/include and compiler/include; atc, aclopSetModelDir, handle."""
    if shutil.which("cmake") is None:
        pytest.skip("cmake is not installed: the samples build with CMake")
    install = soc_install(tmp_path_factory, layout, soc)
    models = atc(install, os.path.join(SAMPLES_WAY, "add_fp16.json"), tmp_path / "model", soc)
    x = fp16_operands(tmp_path, 22, {"x1": (4, 32), "x2": (4, 32)})
    build_dir, out_dir = tmp_path / "build", tmp_path / "out"
    env = "export DDK_PATH=$ASCEND_HOME_PATH NPU_HOST_LIB=$ASCEND_HOME_PATH/runtime/lib64/stub"
    proc = sourced(install, f"{env} && cmake -S {shlex.quote(os.path.join(SAMPLES_WAY, 'src'))} "
                            f"-B {build_dir} -DCMAKE_RUNTIME_OUTPUT_DIRECTORY={out_dir} && make -C {build_dir}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    y = tmp_path / "y.bin"
    proc = sourced(install, f"{out_dir}/execute_add {models} {tmp_path}/x1.bin {tmp_path}/x2.bin {y} 4 32")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    np.testing.assert_array_equal(np.fromfile(str(y), np.float16).reshape(4, 32), fp16_add(x["x1"], x["x2"]))


@pytest.mark.parametrize("layout,soc", INSTALLS, ids=[f"{lay}-{soc}" for lay, soc in INSTALLS])
def test_pyacl_client_on_the_installs_python_path_only(tmp_path_factory, tmp_path, layout, soc):
    """`python3 -S` after `source set_env.sh`: no site-packages, only set_env.sh's PYTHONPATH."""
    install = soc_install(tmp_path_factory, layout, soc)
    models = atc(install, os.path.join(SAMPLES_WAY, "add_fp16.json"), tmp_path / "model", soc)
    x = fp16_operands(tmp_path, 23, {"x1": (4, 32), "x2": (4, 32)})
    script = os.path.join(CLIENTS_DIR, "pyacl_add.py")
    proc = sourced(install, f"{shlex.quote(sys.executable)} -S {script} {models} {tmp_path}/x1.bin "
                            f"{tmp_path}/x2.bin {tmp_path} 4 32", cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("y_handle.bin", "y_v2.bin"):
        got = np.fromfile(str(tmp_path / name), np.float16).reshape(4, 32)
        np.testing.assert_array_equal(got, fp16_add(x["x1"], x["x2"]), err_msg=name)


@pytest.mark.parametrize("layout,soc", INSTALLS, ids=[f"{lay}-{soc}" for lay, soc in INSTALLS])
def test_cblas_client_gemm_and_gemv(tmp_path_factory, tmp_path, layout, soc):
    """aclblasGemmEx (float16) and aclblasHgemv on the GEMM models the user compiles with atc."""
    install = soc_install(tmp_path_factory, layout, soc)
    models = atc(install, os.path.join(CLIENTS_DIR, "cblas_gemm.json"), tmp_path / "model", soc)
    x = fp16_operands(tmp_path, 24, {"a": (16, 32), "b": (32, 8), "c": (16, 8), "va": (8, 16), "vx": (16,),
                                     "vy": (8,)})
    alpha, beta = np.float16(1.5), np.float16(-0.5)
    alpha.tofile(str(tmp_path / "alpha.bin"))
    beta.tofile(str(tmp_path / "beta.bin"))
    exe = tmp_path / "cblas_gemm"
    src = os.path.join(CLIENTS_DIR, "cblas_gemm.c")
    proc = sourced(install, f"${{CC:-cc}} -Wall -Werror -I$ASCEND_HOME_PATH/include {src} -o {exe} "
                            f"-L$ASCEND_HOME_PATH/lib64 -lacl_cblas -lascendcl")
    assert proc.returncode == 0, proc.stderr
    proc = sourced(install, f"{exe} {models} {tmp_path}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    f32 = {k: v.astype(np.float32) for k, v in x.items()}
    gemm = (np.float32(alpha) * (f32["a"] @ f32["b"]) + np.float32(beta) * f32["c"]).astype(np.float16)
    gemv = (np.float32(alpha) * (f32["va"] @ f32["vx"]) + np.float32(beta) * f32["vy"]).astype(np.float16)
    got = np.fromfile(str(tmp_path / "gemm_out.bin"), np.float16).reshape(16, 8).astype(np.float32)
    # fp32 accumulation in another order: within 1 fp16 ulp of the rounded reference
    np.testing.assert_allclose(got, gemm.astype(np.float32), rtol=2 ** -10, atol=2 ** -14)
    got = np.fromfile(str(tmp_path / "gemv_out.bin"), np.float16).astype(np.float32)
    np.testing.assert_allclose(got, gemv.astype(np.float32), rtol=2 ** -10, atol=2 ** -14)
