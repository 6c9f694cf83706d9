"""``python -m harness models build`` fills the cache a following run uses with 0 compilations."""
import re

import pytest

from tests.conftest import run_module

SELECTION = ["suites/test_numerics.py", "-k", "Add and float32"]
CLEAN = {"ACLSIM_SOC": "", "ACLSIM_FAULTS": ""}


@pytest.mark.slow
def test_build_then_run_compiles_nothing(tmp_path):
    cache = str(tmp_path / "models")
    built = run_module(["harness", "models", "build", *SELECTION, "-j", "2", "--model-dir", cache], env=CLEAN)
    assert built.returncode == 0, built.stdout + built.stderr
    m = re.search(r"models: (\d+) needed by the selection .*: 0 already in the cache, (\d+) compiled", built.stdout)
    assert m and int(m.group(1)) == int(m.group(2)) > 0, built.stdout
    needed = int(m.group(1))

    again = run_module(["harness", "models", "build", *SELECTION, "-j", "2", "--model-dir", cache], env=CLEAN)
    assert f"{needed} already in the cache, 0 compiled" in again.stdout, again.stdout + again.stderr

    run = run_module(["pytest", *SELECTION, "-p", "no:randomly", "-p", "no:cacheprovider", "--model-dir", cache,
                      "--report-dir", str(tmp_path / "run")], env=CLEAN)
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"({needed} models present)" in run.stdout, run.stdout[:2000]
    assert f"models: {needed} from the cache, 0 compiled" in run.stdout, run.stdout[-2000:]


@pytest.mark.slow
def test_build_with_a_bad_option_is_a_one_line_error(tmp_path):
    proc = run_module(["harness", "models", "build", "suites/test_numerics.py", "--soc", "Ascend999",
                       "--model-dir", str(tmp_path)], env=CLEAN)
    assert proc.returncode == 4 and len(proc.stderr.splitlines()) == 1 and "Ascend999" in proc.stderr, proc.stderr
