"""C client programs (tests/clients/*.c) built and run against the CANN-shaped install as on an
Atlas host: `source set_env.sh`, atc the op JSON, `cc -Wall -Werror -I$ASCEND_TOOLKIT_HOME/include
... -L$ASCEND_TOOLKIT_HOME/lib64 -l...`, run. Each client checks its results against values it
computes in C and prints one PASS line.

Link lines (cann-install.md 2a/2b): classic `-lascendcl -lacl_op_compiler`; CANN 9.x
`-lacl_rt -lacl_op_executor -lacl_op_compiler -lacl_mdl` (the tensor-desc calls live in
libacl_mdl.so: GE api/acl/acl_model/model/acl_model.cpp), or the compatibility `-lascendcl`.
"""
from __future__ import annotations

import os
import shlex

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
