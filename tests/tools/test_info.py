"""``python -m harness info`` names the product of every simulator profile."""
import pytest

from harness import products
from tests.conftest import run_module


@pytest.mark.slow
@pytest.mark.parametrize("product_id,soc", sorted(products.DEFAULT_SOC.items()))
def test_info_names_the_product(product_id, soc):
    proc = run_module(["harness", "info"], env={"ACLSIM_SOC": soc})
    assert proc.returncode == 0, proc.stderr
    lines = dict(line.split(": ", 1) for line in proc.stdout.splitlines())
    assert lines["backend"] == "sim"
    assert lines["SoC"] == soc
    assert lines["product"].startswith(product_id + " ")
    assert int(lines["devices"]) >= 1
    assert lines["missing symbols"] == "none"


@pytest.mark.slow
def test_inference_example_from_the_issue():
    proc = run_module(["harness", "info"], env={"ACLSIM_SOC": "Ascend310P3"})
    assert "product: atlas-inference" in proc.stdout


@pytest.mark.slow
def test_product_selects_the_simulator_profile():
    proc = run_module(["harness", "info", "--product", "atlas-a3"], env={"ACLSIM_SOC": ""})
    assert proc.returncode == 0, proc.stderr
    assert "product: atlas-a3" in proc.stdout and "--product" in proc.stdout
    assert f"SoC: {products.DEFAULT_SOC['atlas-a3']}" in proc.stdout, proc.stdout


@pytest.mark.parametrize("args,env,says", [
    (["--product", "atlas-a3"], {"ACLSIM_SOC": "Ascend910B1"}, "ACLSIM_SOC=Ascend910B1 disagree"),
    (["--product", "atlas-inference", "--soc", "Ascend910B1"], {}, "--soc Ascend910B1 disagree"),
    (["--soc", "Ascend999"], {}, "--soc 'Ascend999': not a SoC of any known product line"),
    (["--product", "atlas-9"], {}, "unknown product id 'atlas-9'"),
    ([], {"ACLSIM_FAULTS": "no_such_fault"}, "aclInit failed with 100000"),
])
@pytest.mark.slow
def test_bad_options_are_one_line_errors(args, env, says):
    proc = run_module(["harness", "info", *args], env={"ACLSIM_SOC": "", "ACLSIM_FAULTS": "", **env})
    assert proc.returncode == 4, proc.stdout + proc.stderr
    assert proc.stdout == "" and len(proc.stderr.splitlines()) == 1 and says in proc.stderr, proc.stderr
