"""The suites' options as a user meets them: --product selects the simulator profile, and bad
options are a one-line pytest usage error (exit 4), never an INTERNALERROR."""
import pytest

from tests.conftest import run_module

SELECTION = ["suites/test_async.py", "-k", "below_minus_one", "-p", "no:randomly", "-p", "no:cacheprovider"]
CLEAN = {"ACLSIM_SOC": "", "ACLSIM_FAULTS": ""}


@pytest.mark.parametrize("args,env,says", [
    (["--soc", "Ascend999"], {}, "--soc 'Ascend999'"),
    (["--product", "atlas-9"], {}, "--product: unknown product id 'atlas-9'"),
    (["--product", "atlas-inference", "--soc", "Ascend910B1"], {}, "use --soc Ascend310P3 or leave --soc out"),
    ([], {"ACLSIM_FAULTS": "no_such_fault"}, "Value no_such_fault for ACLSIM_FAULTS is invalid"),
    (["-n", "2"], {"ACLSIM_SOC": "Ascend999"}, "Value Ascend999 for ACLSIM_SOC is invalid"),
])
@pytest.mark.slow
def test_bad_runtime_options_are_usage_errors(tmp_path, args, env, says):
    proc = run_module(["pytest", *SELECTION, "--report-dir", str(tmp_path / "run"), *args], env={**CLEAN, **env})
    out = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 4, out[-3000:]
    assert "INTERNALERROR" not in out and len(out.splitlines()) == 1 and says in out, out[-3000:]


@pytest.mark.slow
def test_product_runs_the_products_simulator_profile(tmp_path):
    proc = run_module(["pytest", *SELECTION, "--product", "atlas-inference", "--report-dir", str(tmp_path / "run")],
                      env=CLEAN)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert "SoC: Ascend310P3" in proc.stdout and "product: atlas-inference" in proc.stdout, proc.stdout[:2000]
