"""The report's "Declared support" section: each finding fixtures/declared.py records (metric
support_finding) is listed with its kind, both sources, its tests and their results, one row per
product and combination (views.support_findings); none: it says so."""
import pytest

from reports.build.views import _jinja, support_findings

FINDING = {"kind": "documented, not declared", "op": "Sub", "case": "Sub-int32-3x4-uniform",
           "declaration": "Sub (x1=int32, x2=int32 -> y=int32) on ascend910b is not declared by /opp/aic-ascend910b-ops-info.json",
           "documented": "the documented minimum: Sub int32 in fixtures/catalog/elementwise.py", "contested_by": None}


def _products(*findings):
    recs = [{"id": f"suites/test_numerics.py::test_op[{f['case']}]", "class": "NotSupported",
             "metrics": {"support_finding": f}} for f in findings]
    recs.append({"id": "suites/test_numerics.py::test_op[Add-float16-x]", "class": "Pass", "metrics": {}})
    return {"atlas-a2": {"records": recs}}


def test_findings_are_listed_with_both_sources():
    contested = dict(FINDING, kind="declared, refused", case="Add-int8-x", contested_by="ops-math@abc:add_def.cpp")
    products = _products(FINDING, contested, dict(FINDING, case="Sub-int32-7-tiny"))
    support = support_findings(products)
    assert [(s["kind"], s["tests"], s["classes"]) for s in support] == [
        ("documented, not declared", 2, {"NotSupported": 2}), ("declared, refused", 1, {"NotSupported": 1})]
    html = _jinja(html=True).get_template("support.html.j2").render(support=support)
    assert "documented, not declared" in html and "aic-ascend910b-ops-info.json" in html
    assert "fixtures/catalog/elementwise.py" in html and "ops-math@abc:add_def.cpp" in html
    assert "Add-float16-x" not in html
    md = _jinja(html=False).get_template("support.md.j2").render(support=support)
    assert "**declared, refused**" in md and "Sub-int32-3x4-uniform" in md and "2 test(s) (NotSupported 2)" in md
    assert "Sub-int32-7-tiny" not in md             # one line per combination: its first test


def test_no_findings_says_so():
    html = _jinja(html=True).get_template("support.html.j2").render(support=support_findings(_products()))
    assert "No differences between the declaration and the documented minimum" in html


@pytest.mark.slow
def test_a_failure_shows_the_process_log_lines_it_recorded(tmp_path):
    """reports build puts a failure's plog lines (metric device_log) under it, not in the metrics table."""
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT
    run = tmp_path / "run"
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/test_optional_inputs.py", "-p", "no:cacheprovider",
                           "--report-dir", str(run), "--no-rerun", "-x", "-q"], cwd=ROOT, capture_output=True, text=True,
                          env={**__import__("os").environ, "ACLSIM_FAULTS": "optional_null_rejected",
                               "ASCEND_PROCESS_LOG_PATH": str(tmp_path / "log")})
    assert proc.returncode == 1, proc.stdout[-2000:]
    failed = [t for t in json.loads((run / "results.json").read_text())["tests"] if t["class"] == "Fail"]
    assert failed and any("145000" in ln for ln in failed[0]["metrics"]["device_log"]), failed[:1]
    out = tmp_path / "report"
    subprocess.run([sys.executable, "-m", "reports", "build", str(run), "--out", str(out)], cwd=ROOT,
                   capture_output=True, text=True)
    html = (out / "index.html").read_text()
    assert "Process log (plog) lines written during the test" in html and "sim_op_launch" in html


def test_the_determinism_column_per_op_and_product():
    def rec(op, cls, identical, n=0):
        return {"id": f"suites/test_determinism.py::test_run_to_run[{op}-x-same-handle]", "class": cls,
                "metrics": {"determinism": {"op": op, "kind": "same-handle", "identical": identical, "differing": n}}}
    products = {"atlas-a2": {"records": [rec("Add", "Pass", True), rec("ReduceSumD", "Pass", False, 7)]},
                "atlas-inference": {"records": [rec("Add", "Fail", False, 3)]}}
    html = _jinja(html=True).get_template("determinism.html.j2").render(pids=list(products), products=products)
    assert "identical (1)" in html and "advisory (7 differing)" in html and "FAIL (1)" in html
    md = _jinja(html=False).get_template("determinism.md.j2").render(pids=list(products), products=products)
    assert "| Add | identical (1) | **FAIL** (1) |" in md and "| ReduceSumD | advisory (7 differing) | - |" in md
