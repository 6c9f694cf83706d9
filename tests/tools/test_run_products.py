"""python -m harness run-products: its own default --out, --force that replaces only its outputs,
live progress and the log path; and probes (pytest --help) that create nothing."""
import json
import os
import subprocess
import sys

import pytest

from tools import run_products as rp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "harness", "run-products", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_progress_is_read_from_the_fault_log(tmp_path):
    log = tmp_path / "p.jsonl"
    log.write_text("\n".join(json.dumps(r) for r in (
        {"clauses": {"a": [], "b": [], "c": [], "d": []}}, {"start": "a"}, {"start": "b"},
        {"fail": "b", "when": "call"}, {"fail": "b", "when": "teardown"})) + '\n{"start": ')
    prog = rp.read_progress(str(log))
    assert (prog.total, prog.started, prog.failed) == (4, 2, 1)
    line = prog.line("atlas-a2", 10.0)
    assert "2/4 tests started, 1 failed so far" in line and "about 10 s left" in line
    assert "collecting" in rp.read_progress(str(tmp_path / "none")).line("atlas-a2", 1.0)


def test_force_removes_only_the_run_outputs(tmp_path):
    d = tmp_path / "atlas-a2"
    (d / "allure-results").mkdir(parents=True)
    for name in ("results.json", "junit.xml", "pytest.log", "notes.txt"):
        (d / name).write_text("x")
    (d / "older-run").mkdir()
    rp.remove_run_outputs(str(d))
    assert sorted(os.listdir(d)) == ["notes.txt", "older-run"]


def test_default_out_is_apart_from_the_kept_pytest_runs():
    assert rp.DEFAULT_OUT == os.path.join("reports", "out", "run-products")
    assert os.path.basename(rp.DEFAULT_OUT) not in rp.PRODUCT_IDS


@pytest.mark.slow
def test_pytest_help_creates_no_report_directory():
    out = os.path.join(ROOT, "reports", "out")

    def listing():     # reports/out also holds files (the fault matrix's faults.json): folders only
        if not os.path.isdir(out):
            return {}
        return {d: set(os.listdir(os.path.join(out, d))) for d in os.listdir(out)
                if os.path.isdir(os.path.join(out, d))}
    before = listing()
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0 and "--report-dir" in proc.stdout
    after = listing()
    new = {d: after[d] - before.get(d, set()) for d in after}
    assert not any(n for d, n in new.items() if d in rp.PRODUCT_IDS), new


@pytest.mark.slow
def test_a_product_run_completes_shows_its_log_and_refuses_to_overwrite(tmp_path):
    args = ("--products", "atlas-a2", "--suites", "suites/test_async.py", "--out", str(tmp_path),
            "--", "-k", "k_launches_then_one_sync", "-p", "no:randomly")
    proc = _run(*args)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    d = tmp_path / "atlas-a2"
    assert f"log: {d / 'pytest.log'}" in proc.stdout
    assert {"results.json", "junit.xml", "allure-results", "pytest.log"} <= set(os.listdir(d))
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".")]       # no leftovers
    proc = _run(*args)
    assert proc.returncode == 2 and "already exist" in proc.stderr
    (d / "notes.txt").write_text("mine")
    proc = _run("--force", *args)
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert (d / "notes.txt").read_text() == "mine"


# ------------------------------------------------------------------ device mode: one install per SoC
def test_device_mode_needs_an_install_root_and_refuses_an_install_of_another_soc(tmp_path):
    proc = _run("--backend", "device", "--products", "atlas-a2", "--out", str(tmp_path / "out"), timeout=120)
    assert proc.returncode == 2 and "--install-root" in proc.stderr, proc.stderr
    proc = _run("--install-root", str(tmp_path / "i"), "--products", "atlas-a2", "--out", str(tmp_path / "out"),
                timeout=120)
    assert proc.returncode == 2 and "go together" in proc.stderr, proc.stderr
    other = tmp_path / "root" / "atlas-a2" / "cann"
    other.mkdir(parents=True)
    (other / "set_env.sh").write_text("export ASCEND_HOME_PATH=x\nexport ACLSIM_SOC=Ascend310P3\n")
    assert rp.install_soc(str(other.parent)) == "Ascend310P3"
    with pytest.raises(rp.InstallError, match="SoC Ascend310P3, not atlas-a2's Ascend910B1"):
        rp.ensure_install(str(tmp_path / "root"), "atlas-a2")
    (tmp_path / "root" / "atlas-a3").mkdir()
    (tmp_path / "root" / "atlas-a3" / "mine.txt").write_text("x")
    with pytest.raises(rp.InstallError, match="not an install"):
        rp.ensure_install(str(tmp_path / "root"), "atlas-a3")
    assert (tmp_path / "root" / "atlas-a3" / "mine.txt").read_text() == "x"
    cmd = rp.product_command("atlas-a2", "o", report_dir=True, workers="2", suites="suites/", extra=[],
                             backend="device")
    assert "--soc" not in cmd and cmd[cmd.index("--backend") + 1] == "device" and "atlas-a2" in cmd


@pytest.mark.slow
def test_device_mode_builds_one_install_per_soc_then_reuses_it(tmp_path):
    """atlas-inference (Ascend310P3: no bfloat16, saturation mode) in device mode: the install is
    built once with its SoC, the run sees that SoC through CANN's ABI, a second run reuses it."""
    args = ("--backend", "device", "--install-root", str(tmp_path / "installs"), "--products", "atlas-inference",
            "--suites", "suites/test_numerics.py")
    select = ("--", "-k", "Add and -3x5-", "-p", "no:randomly")
    proc = _run(*args, "--out", str(tmp_path / "one"), *select)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert f"install built {tmp_path / 'installs' / 'atlas-inference'} (Ascend310P3)" in proc.stdout, proc.stdout
    res = json.load(open(tmp_path / "one" / "atlas-inference" / "results.json"))
    env = res["environment"]
    assert env["backend"] == "device" and env["product"] == "atlas-inference", env
    assert "Ascend310P3" in json.dumps(env) and "disagrees" not in (tmp_path / "one" / "atlas-inference" /
                                                                    "pytest.log").read_text()
    counts = res["counts"]
    assert counts["Pass"] > 0 and counts["NotSupported"] > 0 and counts["Fail"] == 0, counts  # bfloat16 refused
    again = _run(*args, "--out", str(tmp_path / "two"), *select)
    assert again.returncode == 0 and "install reused" in again.stdout, again.stdout[-3000:]
