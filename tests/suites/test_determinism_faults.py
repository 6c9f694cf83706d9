"""The determinism suite against the simulator's reproducibility faults: a launch-to-launch
accumulation order (nondeterministic_accumulation) fails under --deterministic and is advisory
without it (the tests pass, their records say how many elements differed); the same order at
another pace (benign_accumulation_timing) is never flagged."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SELECT = ["suites/test_determinism.py", "-k", "run_to_run and (ReduceSumD or MatMulV2)"]


def _run(tmp_path, fault, *extra):
    out = tmp_path / f"{fault}{''.join(extra)}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACLSIM_")}
    env["ACLSIM_FAULTS"] = fault
    proc = subprocess.run([sys.executable, "-m", "pytest", *SELECT, "-p", "no:cacheprovider", "--no-rerun",
                           "--report-dir", str(out), "-q", *extra], cwd=ROOT, env=env, capture_output=True, text=True)
    records = [t for t in json.loads((out / "results.json").read_text())["tests"] if t["metrics"].get("determinism")]
    return proc, records


@pytest.mark.slow
def test_a_moving_accumulation_order_fails_under_the_setting_and_is_advisory_without(tmp_path):
    proc, records = _run(tmp_path, "nondeterministic_accumulation")
    assert proc.returncode == 0, proc.stdout[-2000:]
    differing = [r for r in records if not r["metrics"]["determinism"]["identical"]]
    assert differing and all(r["class"] == "Pass" and r["metrics"]["determinism"]["differing"] > 0 for r in differing)
    proc, records = _run(tmp_path, "nondeterministic_accumulation", "--deterministic")
    assert proc.returncode == 1, proc.stdout[-2000:]
    failed = [r for r in records if r["class"] == "Fail"]
    assert failed and all("under the deterministic setting every output is identical" in r["message"] for r in failed)


@pytest.mark.slow
def test_the_same_order_at_another_pace_is_not_flagged(tmp_path):
    proc, records = _run(tmp_path, "benign_accumulation_timing", "--deterministic")
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert records and all(r["metrics"]["determinism"]["identical"] for r in records)
