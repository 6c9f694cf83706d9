"""reports.plugin on a tiny temporary suite: classes, rerun, baselines, outputs, report-dir policy."""
import json
import os
import xml.etree.ElementTree as ET

import pytest

from tests.report_support import baseline, by_id, results, run_suite, waiver, write_suite

T = "test_demo.py::"


@pytest.fixture
def suite(tmp_path):
    return write_suite(tmp_path / "suite")


@pytest.mark.slow
def test_classes_from_a_controlled_run(suite, tmp_path):
    out = tmp_path / "run"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2",
                     env={"DEMO_BAD": "crash,timeout,harness,flaky"})
    tests = by_id(results(out))
    assert tests[T + "test_numeric_case[3-float16]"]["class"] == "Pass"
    assert tests[T + "test_not_supported"]["class"] == "NotSupported"
    assert tests[T + "test_other_skip"]["class"] == "Skip"
    crash = tests[T + "test_crash"]
    assert crash["class"] == "Crash" and crash["signal"] == "SIGSEGV"
    assert tests[T + "test_timeout"]["class"] == "Timeout"
    harness = tests[T + "test_uses_fixtures"]
    assert harness["class"] == "HarnessError" and "KeyError" in harness["message"], harness
    flaky = tests[T + "test_flaky"]
    assert flaky["class"] == "Flake" and "first attempt fails" in flaky["message"]
    assert proc.returncode == 1, proc.stdout[-3000:]       # crash/timeout/harness fail the pytest run
    assert "aclop results" in proc.stdout and "CRASH" in proc.stdout


@pytest.mark.slow
def test_acl_error_in_setup_and_assertion_in_teardown_are_fails(suite, tmp_path):
    for bad in ("acl", "leak"):
        out = tmp_path / bad
        run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--no-rerun", "-k", "fixtures",
                  env={"DEMO_BAD": bad})
        rec = by_id(results(out))[T + "test_uses_fixtures"]
        assert rec["class"] == "Fail", rec
    assert "EE1001" in by_id(results(tmp_path / "acl"))[T + "test_uses_fixtures"]["recent_error"]


@pytest.mark.slow
def test_metadata_metrics_junit_and_allure(suite, tmp_path):
    out = tmp_path / "run"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--soc", "Ascend910B1",
                     "--no-rerun", env={"DEMO_FAIL": "1"})
    assert proc.returncode == 1, proc.stdout[-3000:]
    data = results(out)
    env = data["environment"]
    for key in ("product", "backend", "libraries", "soc", "runtime_version", "harness_version", "git",
                "options", "seeds", "hypothesis_profile"):
        assert key in env
    assert env["product"] == "atlas-a2" and data["start"] and data["end"]
    rec = by_id(data)[T + "test_numeric_case[4-float32]"]
    assert rec["clauses"] == ["EWH-05"] and rec["dtype"] == "float32" and rec["op"] == "Add"
    assert rec["metrics"] == {"launches": 1} and rec["class"] == "Fail"
    assert rec["numeric"][0]["metrics"]["max_rel_error"] == 0.0 and "sha256" in rec["numeric"][0]["output"]
    assert rec["repro"].startswith("python -m pytest 'test_demo.py::test_numeric_case[4-float32]'")
    junit = ET.parse(out / "junit.xml").getroot()
    assert len(junit.findall(".//testcase")) == len(data["tests"])
    allure_results = [json.load(open(out / "allure-results" / f)) for f in os.listdir(out / "allure-results")
                      if f.endswith("-result.json")]
    numeric = next(r for r in allure_results if r["name"].startswith("test_numeric_case[4-float32"))
    labels = {(lb["name"], lb["value"]) for lb in numeric["labels"]}
    assert {("parentSuite", "atlas-a2"), ("suite", "test_demo.py"), ("feature", "EWH-05"), ("tag", "EWH-05"),
            ("tag", "Add"), ("tag", "float32")} <= labels
    names = {a["name"] for a in numeric.get("attachments", [])}
    assert {"metrics", "worst elements", "reproduce"} <= names       # it failed
    passed = next(r for r in allure_results if r["name"].startswith("test_numeric_case[3-float32"))
    # a pass: its metrics in the description, no attachment file
    assert not passed.get("attachments"), passed.get("attachments")
    assert "**Metrics**" in passed["description"] and "max abs error 0" in passed["description"]
    assert "**Metrics**" in numeric["description"] and "- launches: 1" in numeric["description"]
    props = {p.get("name"): p.get("value") for p in junit.iter("property")}
    assert "aclop_numeric" in props and "f64" not in props["aclop_numeric"]


def _allure_files(out):
    d = out / "allure-results"
    return {f: json.load(open(d / f)) for f in os.listdir(d) if f.endswith(".json")}


@pytest.mark.slow
def test_allure_shows_each_tests_fixtures_in_order_with_a_failed_teardown(suite, tmp_path):
    """allure-pytest's own plugin writes the containers: each test's set-ups and tear-downs, in
    the order they ran, a failing tear-down with its status."""
    out = tmp_path / "run"
    run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--no-rerun", "-k", "fixtures or flaky",
              env={"DEMO_BAD": "leak"})
    files = _allure_files(out)
    results_ = {d["uuid"]: d for f, d in files.items() if f.endswith("-result.json")}
    containers = [d for f, d in files.items() if f.endswith("-container.json")]
    fixtures_test = next(u for u, r in results_.items() if r["name"].startswith("test_uses_fixtures"))
    serving = [c for c in containers if fixtures_test in c.get("children", [])]
    befores = {b["name"]: b for c in serving for b in c.get("befores", [])}
    # the suite's function-scoped fixtures of test_uses_fixtures, set up in this order
    order = ("broken", "acl_setup", "leak_check")
    assert set(order) <= set(befores), sorted(befores)
    starts = [befores[n]["start"] for n in order]
    assert starts == sorted(starts), dict(zip(order, starts))
    afters = [a for c in serving for a in c.get("afters", [])]
    failed_teardown = [a for a in afters if a["name"].startswith("leak_check")]
    assert failed_teardown and failed_teardown[0]["status"] in ("failed", "broken"), afters
    assert all(c["start"] <= c["stop"] for c in serving)


@pytest.mark.slow
def test_xdist_controller_writes_and_classes_survive(suite, tmp_path):
    out = tmp_path / "run"
    run_suite(suite, "-n", "2", "--report-dir", str(out), "--product", "atlas-a2",
              env={"DEMO_BAD": "crash,flaky"})
    tests = by_id(results(out))
    assert tests[T + "test_crash"]["class"] == "Crash"
    assert tests[T + "test_flaky"]["class"] == "Flake"
    assert tests[T + "test_numeric_case[3-float16]"]["numeric"]
    assert len(ET.parse(out / "junit.xml").getroot().findall(".//testcase")) == len(tests)


@pytest.mark.slow
def test_non_empty_report_dir_is_a_usage_error_unless_overwrite(suite, tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    (out / "results.json").write_text("{}")
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2")
    assert proc.returncode == 4 and str(out) in proc.stderr and "not empty" in proc.stderr
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--report-overwrite")
    assert proc.returncode == 0 and results(out)["tests"]


@pytest.mark.slow
def test_baseline_waives_warns_stale_and_reports_unexpected_pass(suite, tmp_path):
    base = baseline(tmp_path / "b.toml", waiver(T + "test_numeric_case[4-float32]"),
                    waiver(T + "test_gone_*", "runtime-bug", ticket=2),
                    waiver(T + "test_escaping*", "harness-bug", ticket=3))
    out = tmp_path / "run"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--baseline", base,
                     env={"DEMO_FAIL": "1"})
    assert proc.returncode == 0, proc.stdout[-3000:]      # the only failure is waived
    data = results(out)
    rec = by_id(data)[T + "test_numeric_case[4-float32]"]
    assert rec["class"] == "Waived" and rec["waived_class"] == "Fail" and rec["waiver"]["line"] == 4
    b = data["baseline"]
    assert [e["pattern"] for e in b["stale"]] == ["test_demo.py::test_gone_*"]
    assert [u["id"] for u in b["unexpected_passes"]] == [T + "test_escaping[<script>alert(1)</script>]"]
    assert "stale baseline entry" in proc.stdout and "unexpected pass" in proc.stdout


@pytest.mark.slow
def test_expired_baseline_entry_waives_nothing(suite, tmp_path):
    base = baseline(tmp_path / "b.toml", waiver(T + "test_numeric_case[4-float32]", expires="8.5.0"))
    out = tmp_path / "run"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "--baseline", base,
                     "--release", "9.0.0", env={"DEMO_FAIL": "1"})
    assert proc.returncode == 1
    data = results(out)
    rec = by_id(data)[T + "test_numeric_case[4-float32]"]
    assert rec["class"] == "Fail" and rec["expired_waiver"]["expires"] == "8.5.0"
    assert len(data["baseline"]["expired"]) == 1 and "expired baseline entry" in proc.stdout


@pytest.mark.slow
def test_malformed_baseline_is_a_usage_error_naming_file_line_field(suite, tmp_path):
    base = baseline(tmp_path / "b.toml", waiver("x", "flaky", expires="9.1.0"))
    proc = run_suite(suite, "--report-dir", str(tmp_path / "run"), "--product", "atlas-a2", "--baseline", base)
    assert proc.returncode == 4
    assert f"{base}:6: waiver #1, field 'category'" in proc.stderr, proc.stderr
