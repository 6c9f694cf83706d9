"""``python -m harness info`` names the product of every simulator profile."""
import pytest

from harness import products

from .conftest import run_module


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


def test_inference_example_from_the_issue():
    proc = run_module(["harness", "info"], env={"ACLSIM_SOC": "Ascend310P3"})
    assert "product: atlas-inference" in proc.stdout


def test_product_override():
    proc = run_module(["harness", "info", "--product", "atlas-a3"], env={"ACLSIM_SOC": "Ascend910B1"})
    assert "product: atlas-a3" in proc.stdout and "--product" in proc.stdout
