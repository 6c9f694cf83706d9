"""python -m reports build: merge, verdicts against the policy, waivers, expiry, escaping, no clobbering."""
import json
import os
import time

import pytest

from reports import baselines
from tests.report_support import (
    as_device_run,
    baseline,
    fake_atlas_host,
    run_build,
    run_suite,
    waiver,
    write_suite,
)

PRODUCTS = ("atlas-a2", "atlas-inference")
POLICY = """
schema = 1
required_products = []
required_clauses = ["EWH-05"]
[max]
Crash = 0
Timeout = 0
HarnessError = 0
Fail = 0
Flake = 5
Waived = {waived}
expired_waivers = 0
stale_waivers = -1
unexpected_passes = -1
[min]
tests = 1
"""


def _waiver(expires: str) -> str:
    return waiver("test_demo.py::test_numeric_case[4-float32]", ticket=7, expires=expires)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("demo")
    suite = write_suite(root / "suite")
    runs = {}
    for pid in PRODUCTS:
        proc = run_suite(suite, "--report-dir", str(root / pid), "--product", pid)
        assert proc.returncode == 0, proc.stdout[-3000:]
        as_device_run(root / pid, fake_atlas_host(root / "host"))
        runs[pid] = str(root / pid)
    (root / "policy.toml").write_text(POLICY.format(waived=25))
    return {"root": root, "suite": suite, "runs": runs, "policy": str(root / "policy.toml")}


def _build(demo, out, *runs, extra=()):
    proc = run_build(*runs, "--out", str(out), "--policy", demo["policy"], *extra)
    verdict = json.load(open(os.path.join(out, "verdict.json"))) if os.path.exists(os.path.join(out, "verdict.json")) else None
    return proc, verdict


@pytest.mark.slow
def test_two_products_merge_into_one_go_report(demo, tmp_path):
    out = tmp_path / "report"
    proc, verdict = _build(demo, out, *demo["runs"].values())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert verdict["overall"] == "go" and sorted(verdict["products"]) == sorted(PRODUCTS)
    assert all(len(i["sha256"]) == 64 for i in verdict["inputs"]) and len(verdict["policy"]["sha256"]) == 64
    html = (out / "index.html").read_text()
    for pid in PRODUCTS:
        assert pid in html
    assert 'id="matrix-table"' in html and 'id="coverage-table"' in html and 'id="cross-table"' in html
    assert os.listdir(out / "plots")
    assert "GO" in (out / "summary.md").read_text()


@pytest.mark.slow
def test_injected_failure_is_no_go_then_waived_then_expired(demo, tmp_path):
    suite, root = demo["suite"], tmp_path
    failing = root / "inf-fail"
    run_suite(suite, "--report-dir", str(failing), "--product", "atlas-inference", env={"DEMO_FAIL": "1"})
    proc, verdict = _build(demo, root / "r1", demo["runs"]["atlas-a2"], str(failing))
    assert proc.returncode == 1 and verdict["overall"] == "no-go"
    assert verdict["products"]["atlas-a2"]["verdict"] == "go"
    inf = verdict["products"]["atlas-inference"]
    assert inf["verdict"] == "no-go" and inf["violations"][0]["rule"] == "Fail <= 0"
    html = (root / "r1" / "index.html").read_text()
    assert "injected failure" in html and "python -m pytest" in html

    base = baseline(root / "inf.toml", _waiver("99.1"), product="atlas-inference")
    waived = root / "inf-waived"
    run_suite(suite, "--report-dir", str(waived), "--product", "atlas-inference", "--baseline", base,
              env={"DEMO_FAIL": "1"})
    as_device_run(waived, fake_atlas_host(root / "host"))
    proc, verdict = _build(demo, root / "r2", demo["runs"]["atlas-a2"], str(waived))
    assert proc.returncode == 0 and verdict["overall"] == "go"
    assert verdict["products"]["atlas-inference"]["counts"]["Waived"] == 1

    # the same run judged for a later release: the entry has expired -> no-go
    proc, verdict = _build(demo, root / "r3", demo["runs"]["atlas-a2"], str(waived), extra=("--release", "99.1.0"))
    assert proc.returncode == 1
    assert verdict["products"]["atlas-inference"]["violations"][0]["rule"] == "expired_waivers <= 0"

    expired = root / "inf-expired"
    base = baseline(root / "inf-old.toml", _waiver("8.0.RC1"), product="atlas-inference")
    run_suite(suite, "--report-dir", str(expired), "--product", "atlas-inference", "--baseline", base,
              "--release", "9.0.0", env={"DEMO_FAIL": "1"})
    proc, verdict = _build(demo, root / "r4", demo["runs"]["atlas-a2"], str(expired))
    rules = {v["rule"] for v in verdict["products"]["atlas-inference"]["violations"]}
    assert proc.returncode == 1 and rules == {"Fail <= 0", "expired_waivers <= 0"}


@pytest.mark.slow
def test_waiver_budget_and_crash_rules(demo, tmp_path):
    crash = tmp_path / "crash"
    run_suite(demo["suite"], "--report-dir", str(crash), "--product", "atlas-a2", env={"DEMO_BAD": "crash"})
    proc, verdict = _build(demo, tmp_path / "r", str(crash))
    assert proc.returncode == 1 and [v["rule"] for v in verdict["products"]["atlas-a2"]["violations"]] == ["Crash <= 0"]
    policy = tmp_path / "strict.toml"
    policy.write_text(POLICY.format(waived=0))
    base = baseline(tmp_path / "b.toml", _waiver("99.0"))
    waived = tmp_path / "waived"
    run_suite(demo["suite"], "--report-dir", str(waived), "--product", "atlas-a2", "--baseline", base,
              env={"DEMO_FAIL": "1"})
    proc = run_build(str(waived), "--out", str(tmp_path / "r2"), "--policy", str(policy))
    assert proc.returncode == 1 and "Waived <= 0" in proc.stdout


@pytest.mark.slow
def test_test_text_is_escaped_in_html(demo, tmp_path):
    bad = tmp_path / "script"
    run_suite(demo["suite"], "--report-dir", str(bad), "--product", "atlas-a2", "--no-rerun",
              env={"DEMO_BAD": "script"})
    _build(demo, tmp_path / "r", str(bad))
    html = (tmp_path / "r" / "index.html").read_text()
    assert "<script" not in html
    assert "test_escaping[&lt;script&gt;alert(1)&lt;/script&gt;]" in html


@pytest.mark.slow
def test_existing_output_is_kept_when_a_build_fails(demo, tmp_path):
    out = tmp_path / "report"
    proc, _ = _build(demo, out, demo["runs"]["atlas-a2"])
    before = (out / "verdict.json").read_text()
    proc = run_build(str(tmp_path / "nope"), "--out", str(out))
    assert proc.returncode == 2 and "no such run directory" in proc.stderr
    assert (out / "verdict.json").read_text() == before
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me")
    proc = run_build(demo["runs"]["atlas-a2"], "--out", str(other))
    assert proc.returncode == 2 and (other / "notes.txt").read_text() == "keep me"
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".")]     # no temp dirs left


def test_product_directory_resolves_to_its_latest_run(demo, tmp_path):
    product_dir = tmp_path / "atlas-a2"
    product_dir.mkdir()
    os.symlink(demo["runs"]["atlas-a2"], product_dir / "20990101T000000Z")
    proc, verdict = _build(demo, tmp_path / "r", str(product_dir))
    assert proc.returncode == 0 and list(verdict["products"]) == ["atlas-a2"]


@pytest.mark.slow
def test_six_product_build_time(demo, tmp_path):
    """Six product runs (copies of the demo runs, relabelled) build in well under a minute."""
    runs = []
    src = json.load(open(os.path.join(demo["runs"]["atlas-a2"], "results.json")))
    for pid in ("atlas-350", "atlas-a3", "atlas-a2", "atlas-200i-500-a2", "atlas-inference", "atlas-training"):
        d = tmp_path / pid
        d.mkdir()
        src["environment"]["product"] = pid
        (d / "results.json").write_text(json.dumps(src))
        runs.append(str(d))
    t0 = time.monotonic()
    proc, verdict = _build(demo, tmp_path / "r", *runs)
    assert proc.returncode == 0 and len(verdict["products"]) == 6
    assert time.monotonic() - t0 < 60


# -- baselines as data ------------------------------------------------------------------------

def test_release_order():
    order = ["8.0.RC1", "8.0.RC2", "8.0.RC3.alpha001", "8.0.RC3", "8.0.0", "8.0.1", "8.1.RC1", "9.0", "9.0.1"]
    keys = [baselines.release_key(v) for v in order]
    assert keys == sorted(keys)
    assert baselines.release_le("9.0", "9.0.0") and baselines.release_le("9.0.0", "9.0")


def test_glob_brackets_are_literal():
    w = baselines.Waiver("suites/t.py::test_x[float16-*]", "dtype", "https://x.example/1", "o", "9.1")
    assert w.matches("suites/t.py::test_x[float16-(2, 3)]")
    assert not w.matches("suites/t.py::test_x[f-(2, 3)]")


@pytest.mark.parametrize("body, where", [
    ('schema = 1\n[[waiver]]\npattern = "a"\ncategory = "dtype"\nlink = "https://x.example/1"\nowner = "o"\n', ":2: waiver #1, field 'expires': missing"),
    ('schema = 1\n[[waiver]]\npattern = "a"\ncategory = "dtype"\nlink = "not a url"\nowner = "o"\nexpires = "9.1"\n', ":5: waiver #1, field 'link'"),
    ('schema = 1\n[[waiver]]\npattern = "a"\ncategory = "dtype"\nlink = "https://x.example/1"\nowner = "o"\nexpires = "9.1"\nexpect = ["Pass"]\n', ":8: waiver #1, field 'expect'"),
    ('schema = 1\nproduct = "atlas-a3"\n', ":2: field 'product': this baseline is for 'atlas-a3'"),
    ('schema = 1\n[[waiver]\n', "TOML syntax error"),
])
def test_malformed_baselines_name_file_line_and_field(tmp_path, body, where):
    path = tmp_path / "atlas-a2.toml"
    path.write_text(body)
    with pytest.raises(baselines.BaselineError) as exc:
        baselines.load(str(path), "atlas-a2")
    assert str(path) in str(exc.value) and where in str(exc.value), str(exc.value)


def test_shipped_baselines_are_valid_and_empty():
    from harness.products import PRODUCT_IDS
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "reports", "baselines")
    for pid in PRODUCT_IDS:
        b = baselines.load(os.path.join(here, f"{pid}.toml"), pid)
        assert b.product == pid and b.waivers == []
