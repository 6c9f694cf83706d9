"""results.json says what was qualified: the run level, the target as preflight read it, and the op
information library the expectations came from; the release summary repeats them per product."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _env() -> dict:
    return {k: v for k, v in os.environ.items() if not k.startswith("ACLSIM_")}


@pytest.mark.slow
def test_results_and_summary_record_level_target_and_declaration(tmp_path):
    run = tmp_path / "run"
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_streams.py", "-p", "no:cacheprovider",
                           "--level", "smoke", "--expect-soc", "Ascend910B*", "--report-dir", str(run)],
                          cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    env = json.load(open(run / "results.json"))["environment"]
    assert env["level"] == "smoke"
    assert env["identity"]["soc"] == env["soc"] and env["identity"]["expected"]["soc"] == "Ascend910B*", env["identity"]
    assert env["target"].startswith(f"target: SoC {env['soc']}, ") and "checked against" in env["target"]
    decl = env["declaration"]
    assert decl["soc_dir"] == "ascend910b" and decl["ops"] > 0 and all(os.path.isfile(f) for f in decl["files"])
    assert os.path.isdir(decl["library"]) and decl["line"].startswith("op information library: ")
    out = tmp_path / "report"
    build = subprocess.run([sys.executable, "-m", "reports", "build", str(run), "--out", str(out)],
                           cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=300)
    assert (out / "summary.md").exists(), build.stderr[-2000:]
    summary = (out / "summary.md").read_text()
    line = next(li for li in summary.splitlines() if li.startswith("- atlas-a2: target: SoC "))
    assert "; level smoke; op information library: " in line and "checked against" in line, line
    assert env["target"] in (out / "index.html").read_text().replace("&#39;", "'")
