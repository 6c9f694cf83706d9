"""What tests/tools/test_repro.py and test_repro_judgement.py share: the contract rows each
reproduced under a fault that breaks it, and building a written reproducer against an install."""
from tests.install_support import sourced

# (test id, a fault switch that breaks that row): an exec row, and a create row on the case with
# absent optional inputs and attributes (MatMulV2)
CONTRACT = {
    "exec": ("suites/test_contract_exec.py::test_rejects[handle=NULL-Add-float16]", "exec_null_handle_ok"),
    "create": ("suites/test_contract_create.py::test_create_rejects[inputDesc[0].dims-differ-MatMulV2-float32]",
               "create_wrong_not_found_code"),
}


def _build(install, out):
    built = sourced(install, "atc --singleop=op.json --output=model --soc_version=Ascend910B1 && "
                             "cmake -S . -B build >/dev/null && cmake --build build", cwd=str(out))
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
