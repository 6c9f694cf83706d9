"""Nothing lost, nothing hidden: every collected test has one record in every output, reruns keep
the first attempt, flakes fail the exit status, undecodable records never abort the run."""
import json
import os
import time
import xml.etree.ElementTree as ET

import pytest

from reports import identity, records
from reports.build import policy
from reports.results import PROP_NUMERIC
from tests.report_support import by_id, results, run_build, run_suite, write_suite

T = "test_demo.py::"

HANG_SUITE = '''
import os
import time

import pytest


@pytest.mark.clause("EWH-09")
@pytest.mark.timeout(3)
def test_hangs():
    time.sleep(600)              # a Python-level hang: the signal method can end it in-process


@pytest.mark.clause("EWH-09")
@pytest.mark.parametrize("n", range(4))
def test_dies(n):
    os._exit(3)                  # the worker dies: xdist replaces it (until --max-worker-restart)


@pytest.mark.clause("EWH-01")
@pytest.mark.parametrize("n", range(4))
def test_after(n):
    pass
'''


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    return write_suite(tmp_path_factory.mktemp("outcomes") / "suite")


def _allure_results(out):
    d = out / "allure-results"
    return [json.load(open(d / f)) for f in sorted(os.listdir(d)) if f.endswith("-result.json")]


def _junit_cases(out):
    return ET.parse(out / "junit.xml").getroot().findall(".//testcase")


@pytest.mark.slow
def test_a_flake_fails_the_exit_status_keeps_the_first_attempt_and_is_no_go(suite, tmp_path):
    out = tmp_path / "flaky"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "-k", "flaky",
                     env={"DEMO_BAD": "flaky"})
    assert proc.returncode == 1, proc.stdout[-3000:]        # a flake is not a pass
    rec = by_id(results(out))[T + "test_flaky"]
    assert rec["class"] == "Flake" and rec["rerun"]["phase"] == "call"
    assert "first attempt fails" in rec["rerun"]["longrepr"]
    assert "--allow-flakes" in proc.stdout
    # JUnit keeps the first attempt as a JSON property; allure as an attachment and flaky details
    props = {p.get("name"): p.get("value") for p in _junit_cases(out)[0].iter("property")}
    assert json.loads(props["aclop_rerun"])["message"].startswith("AssertionError: first attempt fails")
    # a CI job that reads only JUnit sees the Flake as a failed testcase, and Allure as failed
    (case,) = _junit_cases(out)
    failure = case.find("failure")
    assert failure is not None and failure.get("message").startswith("Flake:"), ET.tostring(case)[:2000]
    assert "first attempt fails" in failure.text
    assert ET.parse(out / "junit.xml").getroot().find(".//testsuite").get("failures") == "1"
    (res,) = _allure_results(out)
    assert res["status"] == "failed"
    assert res["statusDetails"]["flaky"] is True and "first attempt" in res["statusDetails"]["message"]
    assert any(a["name"] == "first attempt (failed)" for a in res["attachments"])
    labels = [(x["name"], x["value"]) for x in res["labels"]]
    assert len(labels) == len(set(labels)), f"duplicate labels after the rerun: {labels}"

    os.remove(os.path.join(suite, "state", "flaky-ran-once"))
    allowed = tmp_path / "allowed"
    proc = run_suite(suite, "--report-dir", str(allowed), "--product", "atlas-a2", "-k", "flaky",
                     "--allow-flakes", env={"DEMO_BAD": "flaky"})
    assert proc.returncode == 0 and by_id(results(allowed))[T + "test_flaky"]["class"] == "Flake"
    (case,) = _junit_cases(allowed)         # allowed: passed, with surefire's flakyFailure
    assert case.find("failure") is None and case.find("flakyFailure") is not None
    assert [r["status"] for r in _allure_results(allowed)] == ["passed"]

    # the release policy: 0 flakes by default, and never one in EWH-09 / EWH-10
    pol = policy.load()
    flake = dict(rec, clauses=["EWH-09"])
    v = policy.evaluate(pol, "atlas-a2", {"Flake": 1}, {}, [flake])
    rules = {x["rule"] for x in v["violations"]}
    assert policy.evaluate(pol, "atlas-a2", {}, {}, [], missing_records=1)["verdict"] == "no-go"
    assert v["verdict"] == "no-go" and "Flake <= 0" in rules and "no Flake in EWH-09, EWH-10" in rules
    lenient = dict(pol, max=dict(pol["max"], Flake=5))
    v = policy.evaluate(lenient, "atlas-a2", {"Flake": 1}, {}, [flake])
    assert [x["rule"] for x in v["violations"] if "Flake" in x["rule"]] == ["no Flake in EWH-09, EWH-10"]


@pytest.mark.slow
def test_crashes_hangs_and_a_cut_short_run_leave_one_record_per_test_everywhere(tmp_path):
    suite = tmp_path / "hang"
    write_suite(suite)
    (suite / "test_demo.py").write_text(HANG_SUITE)
    out = tmp_path / "out"
    proc = run_suite(str(suite), "--report-dir", str(out), "--product", "atlas-a2", "-n", "1",
                     "--max-worker-restart", "2", "-p", "no:randomly", timeout=300)
    assert proc.returncode != 0
    data = results(out)
    recs = by_id(data)
    collected = 9
    assert data["collected"] == collected and len(recs) == collected, sorted(recs)
    assert len(_junit_cases(out)) == collected
    allure = _allure_results(out)
    assert len(allure) == collected and len({r["historyId"] for r in allure}) == collected
    assert recs[T + "test_hangs"]["class"] == "Timeout"          # the first test: it always runs
    classes = {n: r["class"] for n, r in recs.items()}
    # past --max-worker-restart dead workers (ended by the time limit, or crashed) xdist ends the
    # run: the tests it never started are NotRun
    assert sum(c in ("Timeout", "Crash") for c in classes.values()) >= 3, classes
    assert {c for n, c in classes.items() if "test_dies" in n} <= {"Crash", "NotRun"}
    assert {c for n, c in classes.items() if "test_after" in n} <= {"Pass", "NotRun"}
    assert list(classes.values()).count("NotRun") >= 1, classes
    for r in recs.values():
        assert r["clauses"] and r["product"] == "atlas-a2" and r["phase"], r
    junit_props = [{p.get("name") for p in c.iter("property")} for c in _junit_cases(out)]
    assert all({"product", "clause"} <= p for p in junit_props), junit_props
    assert [s.get("name") for s in ET.parse(out / "junit.xml").getroot().iter("testsuite")] == ["atlas-a2"]
    assert not os.path.exists(out / ".aclop-collected")

    # the verdict: a NotRun (or a missing record) can never be go
    pol = tmp_path / "policy.toml"
    pol.write_text('schema = 1\nrequired_clauses = []\n[max]\nCrash = -1\nTimeout = -1\n')
    proc = run_build(str(out), "--out", str(tmp_path / "report"), "--policy", str(pol))
    verdict = json.load(open(tmp_path / "report" / "verdict.json"))
    assert proc.returncode == 1 and verdict["overall"] == "no-go"
    assert [v["rule"] for v in verdict["products"]["atlas-a2"]["violations"]] == [
        "NotRun <= 0 (every collected test ran)"]


def test_a_worker_ended_past_its_time_limit_is_timeout_not_crash(tmp_path):
    from reports.plugin.ledger import Ledger
    ledger = Ledger(str(tmp_path))
    ledger.write("gw0", {"a::t": {"clauses": ["EWH-09"], "time_limit": 0.0001}, "a::u": {"clauses": []}})
    ledger.started("a::t")
    ledger.started("a::u")
    time.sleep(0.01)
    assert ledger.meta("a::t")["clauses"] == ["EWH-09"]
    assert ledger.ran_past_limit("a::t") is not None and ledger.ran_past_limit("a::u") is None
    ledger.collected = ["a::t", "a::u", "a::v"]
    assert ledger.missing(["a::t"]) == ["a::u", "a::v"]
    ledger.cleanup()
    assert not os.listdir(tmp_path)


class _Rep:
    def __init__(self, when, outcome, props=(), longrepr=""):
        self.when, self.outcome, self.user_properties = when, outcome, list(props)
        self.longrepr = longrepr
        self.longreprtext = longrepr
        self.duration = 0.1
        self.passed, self.failed, self.skipped = outcome == "passed", outcome == "failed", outcome == "skipped"


@pytest.mark.parametrize("value", ["{'op': 'Abs', 'metrics': {'max_rel_error': 0.1", "3.5", 7])
def test_an_undecodable_numeric_record_is_a_harness_error_not_an_internal_error(value):
    """What an isolated child's JUnit gives back is text: one that does not decode to a record
    (a truncated dict, a number) makes that test a HarnessError naming the property."""
    reps = [_Rep("setup", "passed"), _Rep("call", "passed"), _Rep("teardown", "passed", [(PROP_NUMERIC, value)])]
    rec = records.build("s.py::t", reps, product="atlas-a2", meta={"clauses": ["EWH-05"]}, repro="r")
    assert rec["class"] == "HarnessError" and rec["phase"] == "report"
    assert PROP_NUMERIC in rec["message"] and rec["numeric"] == [] and rec["clauses"] == ["EWH-05"]
    good = [(PROP_NUMERIC, json.dumps({"op": "Abs", "metrics": {}}))]
    rec = records.build("s.py::t", [_Rep("teardown", "passed", good)], product="p", meta={}, repro="r")
    assert rec["class"] == "Pass" and rec["numeric"][0]["op"] == "Abs"


def test_allure_identity_is_short_stable_and_per_product():
    class Case:
        id = "Add-float16-[7]"
        fn = staticmethod(lambda: None)

        def __repr__(self):
            return f"Case(fn={self.fn!r})"          # holds a memory address

    assert identity.short_value(Case()) == "Add-float16-[7]"
    assert " at 0x" not in identity.short_value(object())
    assert identity.short_value(3) == "3" and identity.short_value("x" * 500) == repr("x" * 500)[:80]
    nid = "suites/test_x.py::TestA::test_b[Add-float16-[7]]"
    assert identity.full_name(nid) == "suites.test_x.TestA#test_b"
    assert identity.history_id("atlas-a2", nid) == identity.history_id("atlas-a2", nid)
    assert identity.history_id("atlas-a2", nid) != identity.history_id("atlas-inference", nid)
    labels = dict(identity.labels(nid, "atlas-a2", {"clauses": ["EWH-09"]}))
    assert labels["epic"] == "atlas-a2" and labels["feature"] == "EWH-09" and labels["story"] == "suites/test_x.py"
    assert labels["severity"] == "blocker"


@pytest.mark.slow
def test_two_identical_runs_give_identical_history_ids(suite, tmp_path):
    ids = []
    for n in (1, 2):
        out = tmp_path / f"run{n}"
        run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "-k", "numeric_case")
        ids.append(sorted(r["historyId"] for r in _allure_results(out)))
    assert ids[0] == ids[1] and len(set(ids[0])) == 4
    out = tmp_path / "other"
    run_suite(suite, "--report-dir", str(out), "--product", "atlas-inference", "-k", "numeric_case")
    assert not set(ids[0]) & {r["historyId"] for r in _allure_results(out)}
    d = tmp_path / "run1" / "allure-results"
    assert {"environment.properties", "executor.json", "categories.json"} <= set(os.listdir(d))
    assert "product=atlas-a2" in (d / "environment.properties").read_text()


@pytest.mark.slow
def test_runtime_environment_is_recorded_and_in_every_reproduce_command(suite, tmp_path):
    out = tmp_path / "env"
    run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "-k", "numeric_case",
              env={"ACLSIM_FAULTS": "fp16_round_toward_zero", "ASCEND_GLOBAL_LOG_LEVEL": "3"})
    data = results(out)
    env = data["environment"]["runtime_env"]
    assert env["ACLSIM_FAULTS"] == "fp16_round_toward_zero" and env["ASCEND_GLOBAL_LOG_LEVEL"] == "3"
    for rec in data["tests"]:
        assert rec["repro"].startswith("ACLSIM_FAULTS=fp16_round_toward_zero ASCEND_GLOBAL_LOG_LEVEL=3 "), rec["repro"]


@pytest.mark.slow
def test_a_single_process_run_stuck_in_c_ends_by_itself_with_every_record(tmp_path):
    """The simulator's sync_timeout_hangs fault: a timed sync on a paused stream never returns.
    Without xdist the watchdog ends the run past the limit and still writes every record."""
    import subprocess
    import sys

    from tests.report_support import ROOT
    out = tmp_path / "single"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["ACLSIM_FAULTS"] = "sync_timeout_hangs"
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_async.py", "-k",
                           "timeout_expires or k_launches", "-p", "no:randomly", "-p", "no:cacheprovider",
                           "--time-limit-scale", "0.05", "--report-dir", str(out), "-q"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = results(out)
    classes = [t["class"] for t in data["tests"]]
    assert data["collected"] == len(classes) == len(_junit_cases(out)) == len(_allure_results(out)) == 7
    assert classes.count("Timeout") == 1 and classes.count("NotRun") == 2 and classes.count("Pass") == 4
    assert data["environment"]["runtime_env"]["ACLSIM_FAULTS"] == "sync_timeout_hangs"


@pytest.mark.slow
def test_a_single_process_run_stopped_by_x_writes_every_output_with_the_rest_not_run(suite, tmp_path):
    out = tmp_path / "stopped"
    proc = run_suite(suite, "--report-dir", str(out), "--product", "atlas-a2", "-x",
                     "-k", "numeric_case or escaping", env={"DEMO_FAIL": "1"})
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "KeyError" not in proc.stdout + proc.stderr
    data = results(out)
    classes = [t["class"] for t in data["tests"]]
    assert data["collected"] == len(data["tests"]) >= 3 and "NotRun" in classes, classes
    assert len(_junit_cases(out)) == data["collected"]
    allure = _allure_results(out)
    assert len(allure) == data["collected"]
    assert sum(1 for r in allure if r.get("statusDetails", {}).get("message", "").startswith("NotRun")) == classes.count("NotRun")
