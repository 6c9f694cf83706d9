"""The real Allure command lines read what the reports plugin writes: Allure 2 (npm
allure-commandline, needs Java) and Allure 3 (npm allure) generate reports from two products'
results merged; every test of both shows, none as a retry, and the historyIds are ours.

The tools are found through $ALLURE2 / $ALLURE3, else /opt/aclop-allure2 and /opt/aclop-allure3
(where .ci/run installs them with npm), else `allure` on PATH (by its major version).
"""
import json
import os
import shutil
import subprocess

import pytest

from tests.report_support import ROOT, run_suite, write_suite

PRODUCTS = ("atlas-a2", "atlas-inference")


def _version(binary: str) -> str:
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip().splitlines()[-1] if out.returncode == 0 and out.stdout.strip() else ""


def _find(major: str):
    candidates = [os.environ.get(f"ALLURE{major}"), f"/opt/aclop-allure{major}/node_modules/.bin/allure",
                  shutil.which("allure")]
    for c in candidates:
        if c and os.path.exists(c):
            v = _version(c)
            if v.startswith(f"{major}."):
                return c
    return None


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two products, and the first product once more (an identical run)."""
    root = tmp_path_factory.mktemp("allure-cli")
    suite = write_suite(root / "suite")
    out = {}
    for name, pid in (("atlas-a2", "atlas-a2"), ("atlas-inference", "atlas-inference"), ("again", "atlas-a2")):
        d = root / name
        proc = run_suite(suite, "--report-dir", str(d), "--product", pid, "-k", "numeric_case or crash or skip")
        assert proc.returncode in (0, 1), proc.stdout[-2000:]
        results = [json.load(open(d / "allure-results" / f)) for f in os.listdir(d / "allure-results")
                   if f.endswith("-result.json")]
        out[name] = {"dir": str(d / "allure-results"), "results": results}
    return out


def _generate2(allure, dirs, out):
    proc = subprocess.run([allure, "generate", *dirs, "-o", str(out), "--clean"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.load(open(out / "history" / "history.json"))


def _metrics_rendered(cases):
    """The numeric cases' metrics, written as markdown in the description, are HTML in the report."""
    numeric = [c for c in cases if c["name"].startswith("test_numeric_case")]
    assert numeric
    bare = [c["name"] for c in numeric if "<strong>Metrics</strong>" not in (c.get("descriptionHtml") or "")]
    assert not bare, f"no metrics shown in the description of {bare[:3]}"


@pytest.mark.slow
def test_allure2_report_of_two_products_shows_every_test(runs, tmp_path):
    allure = _find("2")
    if allure is None:
        pytest.skip("Allure 2 not installed (npm install --prefix /opt/aclop-allure2 allure-commandline)")
    if shutil.which("java") is None:
        pytest.skip("Allure 2 needs Java (apt-get install openjdk-17-jre-headless)")
    out = tmp_path / "allure2"
    history = _generate2(allure, [runs[p]["dir"] for p in PRODUCTS], out)
    total = sum(len(runs[p]["results"]) for p in PRODUCTS)
    summary = json.load(open(out / "widgets" / "summary.json"))
    assert summary["statistic"]["total"] == total, summary
    cases = [json.load(open(out / "data" / "test-cases" / f)) for f in os.listdir(out / "data" / "test-cases")]
    assert len(cases) == total and not any(c.get("retry") for c in cases)
    assert len(history) == total               # one history entry per test and product: none merged
    epics = {lab["value"] for c in cases for lab in c["labels"] if lab["name"] == "epic"}
    assert epics == set(PRODUCTS)
    _metrics_rendered(cases)
    env = json.load(open(out / "widgets" / "environment.json"))
    assert any(e["name"] == "product" for e in env)
    # two identical runs: the same history keys, so trends and flaky tracking follow every test
    first = _generate2(allure, [runs["atlas-a2"]["dir"]], tmp_path / "first")
    again = _generate2(allure, [runs["again"]["dir"]], tmp_path / "again")
    assert set(first) == set(again) and len(first) == len(runs["atlas-a2"]["results"])


def _generate3(allure, dirs, tmp_path, name):
    out = tmp_path / name
    config = tmp_path / f"{name}.allurerc.mjs"
    text = open(os.path.join(ROOT, "reports", "allurerc.mjs")).read()
    config.write_text(text.replace('output: "./allure-report"', f'output: {json.dumps(str(out))}'))
    proc = subprocess.run([allure, "generate", *dirs, "--config", str(config)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = out / "data" / "test-results"
    return out, [json.load(open(data / f)) for f in os.listdir(data)]


@pytest.mark.slow
def test_allure3_report_of_two_products_grouped_by_product(runs, tmp_path):
    allure = _find("3")
    if allure is None:
        pytest.skip("Allure 3 not installed (npm install --prefix /opt/aclop-allure3 allure)")
    out, results = _generate3(allure, [runs[p]["dir"] for p in PRODUCTS], tmp_path, "merged")
    total = sum(len(runs[p]["results"]) for p in PRODUCTS)
    stats = json.load(open(out / "summary.json"))["stats"]
    assert stats["total"] == total and not stats.get("retries"), stats
    assert len(results) == total and len({r["historyId"] for r in results}) == total
    epics = {lab["value"] for r in results for lab in r["labels"] if lab["name"] == "epic"}
    assert epics == set(PRODUCTS)
    _metrics_rendered(results)
    _, first = _generate3(allure, [runs["atlas-a2"]["dir"]], tmp_path, "first")
    _, again = _generate3(allure, [runs["again"]["dir"]], tmp_path, "again")
    assert {r["historyId"] for r in first} == {r["historyId"] for r in again}
