"""python -m reports build --against: what changed since the previous release (issue 21, item 1)."""
import json
import os
import subprocess
import sys

import pytest

from reports.build import against
from tests.report_support import ROOT, by_id, results, run_build

# A few suite files, cut to float16 cases the two faults below touch (and contract cases they do not).
SELECT = ["suites/test_numerics.py", "suites/test_contract_exec.py",
          "-k", "float16 and (large_1031 or bcast_1x1x11 or Add-float16])"]
POLICY = """
schema = 1
required_products = []
required_clauses = []
[max]
Fail = 0
[min]
tests = 1
[against.max]
new_failure = 0
"""


def _run(report_dir, faults=""):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["ACLSIM_FAULTS"] = faults
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider",
                           "-p", "no:randomly", *SELECT, "--report-dir", str(report_dir),
                           "--product", "atlas-a2"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)
    assert os.path.isfile(os.path.join(report_dir, "results.json")), proc.stdout[-2000:] + proc.stderr[-2000:]
    return results(report_dir)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("against")
    (root / "policy.toml").write_text(POLICY)
    out = {"root": root, "policy": str(root / "policy.toml")}
    for name, faults in (("clean", ""), ("harmful", "fp16_round_toward_zero"), ("benign", "benign_fp16_ulp_noise")):
        out[name] = _run(root / name, faults)
    proc = run_build(str(root / "clean"), "--out", str(root / "prev"), "--policy", out["policy"])
    assert proc.returncode in (0, 1), proc.stderr
    return out


def _against(runs, name):
    out = runs["root"] / f"report-{name}"
    proc = run_build(str(runs["root"] / name), "--out", str(out), "--policy", runs["policy"],
                     "--against", str(runs["root"] / "prev"))
    verdict = json.load(open(out / "verdict.json"))
    return proc, verdict, out


def _failing(data):
    return {t for t, r in by_id(data).items() if against.failing(r["class"])}


@pytest.mark.slow
def test_fault_lists_exactly_the_tests_it_breaks(runs):
    assert not _failing(runs["clean"])
    broken = _failing(runs["harmful"])
    assert broken and len(broken) < len(runs["harmful"]["tests"])       # some, not all
    proc, verdict, out = _against(runs, "harmful")
    ch = verdict["against"]["products"]["atlas-a2"]
    assert {t["id"] for t in ch["new_failure"]} == broken
    assert not ch["fixed"] and not ch["still_failing"] and not ch["new_test"] and not ch["removed_test"]
    assert verdict["products"]["atlas-a2"]["verdict"] == "no-go" and proc.returncode == 1
    assert any(v["rule"].startswith("against previous: new_failure") for v in verdict["products"]["atlas-a2"]["violations"])
    html, md = (out / "index.html").read_text(), (out / "summary.md").read_text()
    some = sorted(broken)[0]
    assert "Changes since the previous release" in html and "Changes since the previous release" in md
    assert f"`{some}` Pass -&gt; Fail" in md or f"`{some}` Pass -> Fail" in md
    assert "python -m harness repro" in html


@pytest.mark.slow
def test_benign_noise_is_drift_not_failure(runs):
    assert not _failing(runs["benign"])
    proc, verdict, _ = _against(runs, "benign")
    ch = verdict["against"]["products"]["atlas-a2"]
    assert not ch["new_failure"] and not ch["fixed"]
    assert ch["metric_drift"], "the fp16 noise moved no metric beyond the threshold"
    clean, benign = by_id(runs["clean"]), by_id(runs["benign"])
    for d in ch["metric_drift"]:
        assert clean[d["id"]]["class"] == benign[d["id"]]["class"] == "Pass"
        assert d["metric"] in against.METRICS and d["current"] != d["previous"]
    assert verdict["products"]["atlas-a2"]["verdict"] != "no-go", verdict["products"]["atlas-a2"]["violations"]


def _rec(tid, cls, dur=0.1, mare=None):
    num = [{"case": "c", "metrics": {"mare": mare}}] if mare is not None else []
    return {"id": tid, "class": cls, "duration": dur, "numeric": num}


def test_states_drift_and_policy_limits():
    prev = {"p": {"records": [_rec("a", "Pass"), _rec("b", "Fail"), _rec("c", "Waived"), _rec("gone", "Pass"),
                              _rec("d", "Pass", 0.1, 1e-3), _rec("slow", "Pass", 0.2)]}}
    cur = {"p": {"records": [_rec("a", "Waived"), _rec("b", "Pass"), _rec("c", "Fail"), _rec("new", "Crash"),
                             _rec("d", "Pass", 0.1, 1.02e-3), _rec("slow", "Pass", 1.5)]}}
    ch = against.compare(prev, cur, {})["products"]["p"]
    assert [t["id"] for t in ch["new_failure"]] == ["a", "new"]      # waived now, passed before: new failure
    assert [t["id"] for t in ch["fixed"]] == ["b"] and [t["id"] for t in ch["still_failing"]] == ["c"]
    assert [t["id"] for t in ch["new_test"]] == ["new"] and [t["id"] for t in ch["removed_test"]] == ["gone"]
    assert not ch["metric_drift"]                                    # 2 % is noise at the 5 % default
    assert [d["id"] for d in ch["duration_drift"]] == ["slow"]
    tight = {"against": {"drift": {"mare": {"rel": 0.01}}}}
    assert [d["id"] for d in against.compare(prev, cur, tight)["products"]["p"]["metric_drift"]] == ["d"]
    ev = {"verdict": "simulator", "violations": [], "checked": []}
    against.apply_policy({"against": {"max": {"new_failure": 2, "removed_test": 0}}}, "p", ev,
                         against.compare(prev, cur, {}))
    assert ev["verdict"] == "no-go" and [v["rule"] for v in ev["violations"]] == ["against previous: removed_test <= 0"]
