"""harness/preflight.py: the target's identity against what the run was meant to qualify; a
mismatch stops the run before the first test with exit status 4 and one line naming it."""
import subprocess
import sys

import pytest

from harness import preflight
from tests.conftest import ROOT

IDENT = {"soc": "Ascend910B1", "devices": 8, "packages": {"runtime": "9.0.0", "opp": "9.0.0"}, "driver": "25.0.rc1"}


def test_each_expectation_names_what_differs():
    ok = preflight.Expectation(soc="Ascend910B*", cann={"*": "9.0.0"}, devices=8)
    assert preflight.mismatches(IDENT, ok) == []
    wrong = preflight.Expectation(soc="Ascend310P3", cann={"opp": "8.5.0", "compiler": "9.0.0"}, devices=4)
    assert preflight.mismatches(IDENT, wrong) == [
        "SoC: expected Ascend310P3, the runtime reports Ascend910B1 (aclrtGetSocName)",
        "devices: expected 4, the runtime reports 8 (aclrtGetDeviceCount)",
        "CANN compiler: expected 9.0.0, the runtime reports none (aclsysGetVersionStr(\"compiler\"))",
        "CANN opp: expected 8.5.0, the runtime reports 9.0.0 (aclsysGetVersionStr(\"opp\"))"]
    every = preflight.Expectation(cann={"*": "8.5.0"})
    assert len(preflight.mismatches(IDENT, every)) == 2          # each reported package


def test_the_host_config_and_the_options(tmp_path):
    cfg = tmp_path / "host.toml"
    cfg.write_text('[expect]\nsoc = "Ascend910B*"\ncann = "runtime=9.0.0"\ndevices = 8\n')
    exp = preflight.expectation(soc=None, cann=None, devices=None, host_config=str(cfg))
    assert (exp.soc, exp.cann, exp.devices) == ("Ascend910B*", {"runtime": "9.0.0"}, 8)
    exp = preflight.expectation(soc="Ascend310P3", cann=None, devices=None, host_config=str(cfg))
    assert exp.soc == "Ascend310P3" and exp.devices == 8 and "and the command line" in exp.source
    for text, msg in (('[expect]\ndevices = "8"\n', "devices = '8': expected a whole number"),
                      ('[expect]\ngpu = 1\n', "key\\(s\\) gpu: expected soc, cann, devices"),
                      ('[expect]\ncann = "runtime"\n', None), ("not toml [", "not TOML")):
        cfg.write_text(text)
        if msg is None:      # a bare word is one version for every package
            assert preflight.load_host_config(str(cfg)).cann == {"*": "runtime"}
            continue
        with pytest.raises(preflight.PreflightError, match=msg):
            preflight.load_host_config(str(cfg))
    with pytest.raises(preflight.PreflightError, match=r"'opp' is not pkg=VERSION"):
        preflight.parse_cann("runtime=9.0.0,opp", "--expect-cann")
    with pytest.raises(preflight.PreflightError, match="No such file"):
        preflight.load_host_config(str(tmp_path / "missing.toml"))


@pytest.mark.slow
def test_a_mismatch_stops_the_run_before_the_first_test_with_exit_4(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_streams.py", "-p", "no:cacheprovider",
                           "--report-dir", str(tmp_path / "r"), "--expect-soc", "Ascend310P3"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 4, proc.stdout + proc.stderr
    lines = [ln for ln in (proc.stdout + proc.stderr).splitlines() if "pre-flight" in ln]
    assert lines == ["ERROR: pre-flight (the command line): SoC: expected Ascend310P3, the runtime reports "
                     "Ascend910B1 (aclrtGetSocName)"], proc.stdout + proc.stderr
    assert "passed" not in proc.stdout


@pytest.mark.slow
def test_jit_is_set_for_the_session_and_a_refused_setting_is_a_usage_error(tmp_path):
    """--jit enable|disable reaches EWH-08's expectations (the -1 dims code follows it)."""
    import xml.etree.ElementTree as ET
    for jit, code in (("enable", "100000"), ("disable", "100024")):
        proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_dynamic_shape.py", "-p", "no:cacheprovider",
                               "-k", "rejected and product-default", "--report-dir", str(tmp_path / jit), "--jit", jit,
                               "-q"], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode == 0 and " passed" in proc.stdout, proc.stdout + proc.stderr
        seen = {p.get("value") for p in ET.parse(tmp_path / jit / "junit.xml").iter("property")
                if p.get("name") == "observed_code"}
        assert seen == {code}, (jit, seen)
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_streams.py", "--jit", "sometimes"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 4 and "--jit: invalid choice: 'sometimes'" in proc.stderr
