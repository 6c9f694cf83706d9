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
    (["--soc", "Ascend310P3", "--backend", "device"], {}, "--soc Ascend310P3: not with --backend device"),
    (["--devices", "0-x"], {}, "--devices '0-x': '0-x' is not a device id or a range"),
    (["--devices", "3-1"], {}, "--devices '3-1'"),
    (["--devices", "0,2-300"], {}, "--devices: device 8 does not exist: aclrtGetDeviceCount reports 8"),
    (["--device-id", "99"], {}, "--device-id: device 99 does not exist"),
    (["--model-dir", "/proc/no/such/dir"], {}, "--model-dir /proc/no/such/dir: cannot create it"),
    (["--atc", "/no/such/atc"], {}, "--atc /no/such/atc: no such executable"),
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


@pytest.mark.parametrize("option,ids", [("0", [0]), ("0-7", list(range(8))), ("0,2,4-5", [0, 2, 4, 5]),
                                        ("3, 1", [3, 1]), ("6-6", [6])])
def test_devices_take_lists_and_ranges(option, ids):
    from harness.session import parse_devices
    assert parse_devices(option) == ids


@pytest.mark.parametrize("option", ["", "a", "0-", "-1", "1-0", "0,,1", "0,0", "0-2,1", "1.5"])
def test_bad_devices_are_usage_errors(option):
    from harness.session import HarnessUsageError, parse_devices
    with pytest.raises(HarnessUsageError, match="--devices"):
        parse_devices(option)


def test_an_atc_that_is_not_executable_or_a_model_dir_that_is_a_file_is_refused(tmp_path):
    from harness.session import HarnessSession, HarnessUsageError, Options
    plain = tmp_path / "atc"
    plain.write_text("#!/bin/sh\n")
    plain.chmod(0o644)
    with pytest.raises(HarnessUsageError, match="--atc .*not executable"):
        HarnessSession._check_tools(Options(atc=str(plain)))
    with pytest.raises(HarnessUsageError, match="--model-dir .*cannot create it"):
        HarnessSession._check_tools(Options(model_dir=str(plain / "models")))
    plain.chmod(0o755)
    HarnessSession._check_tools(Options(atc=str(plain), model_dir=str(tmp_path / "new" / "models")))
    assert (tmp_path / "new" / "models").is_dir()
