"""The release level rule (reports/policy.toml [release] level, reports/build/policy.py): a product
whose run was below the level a release needs is no-go, naming both levels; a results.json without
a level (written before run levels existed) counts as standard and the rule says so."""
import json
import os

import pytest

from reports.build import policy as build_policy
from tests.report_support import as_device_run, fake_atlas_host, run_build, run_suite, write_suite

POLICY = """
schema = 1
required_products = []
required_clauses = ["EWH-05"]
[release]
level = "{level}"
[max]
Fail = 0
[min]
tests = 1
"""


def _policy(tmp_path, level="standard") -> dict:
    path = tmp_path / "policy.toml"
    path.write_text(POLICY.format(level=level))
    return build_policy.load(str(path))


def _evaluate(pol, environment):
    records = [{"id": "t", "class": "Pass", "clauses": ["EWH-05"]}]
    return build_policy.evaluate(pol, "atlas-a2", {"Pass": 1}, {}, records, environment)


def _level_rule(result):
    return next(r for r in result["checked"] if r["rule"].startswith("run level"))


def test_the_shipped_policy_asks_standard():
    assert build_policy.load()["release"] == {"level": "standard"}


@pytest.mark.parametrize("level,ok", [("smoke", False), ("standard", True), ("full", True), ("extended", True)])
def test_a_run_below_the_release_level_is_no_go_naming_both(tmp_path, level, ok):
    result = _evaluate(_policy(tmp_path), {"level": level, "backend": "sim"})
    rule = _level_rule(result)
    assert rule == {"rule": "run level >= standard (the level a release needs: [release] level)", "actual": level,
                    "ok": ok}
    assert (result["verdict"] == "no-go") == (not ok)
    assert (rule in result["violations"]) == (not ok)


def test_a_smoke_run_cannot_make_a_release_go_even_with_every_other_rule_held(tmp_path):
    result = _evaluate(_policy(tmp_path), {"level": "smoke", "backend": "sim"})
    assert [v["actual"] for v in result["violations"]] == ["smoke"]
    assert result["verdict"] == "no-go"


def test_a_run_without_a_level_counts_as_standard_and_says_so(tmp_path):
    rule = _level_rule(_evaluate(_policy(tmp_path), {"backend": "sim"}))
    assert rule["ok"] and rule["actual"].startswith("standard (results.json records no environment.level: a run "
                                                    "from before run levels, taken as standard)")
    rule = _level_rule(_evaluate(_policy(tmp_path, "full"), None))
    assert not rule["ok"] and "taken as standard" in rule["actual"]


def test_an_unknown_recorded_level_is_no_go(tmp_path):
    rule = _level_rule(_evaluate(_policy(tmp_path), {"level": "nightly"}))
    assert not rule["ok"] and rule["actual"] == "'nightly', not a run level of fixtures/levels.toml"


def test_a_policy_without_a_release_level_has_no_level_rule(tmp_path):
    path = tmp_path / "policy.toml"
    path.write_text(POLICY.replace('[release]\nlevel = "{level}"\n', ""))
    result = _evaluate(build_policy.load(str(path)), {"level": "smoke"})
    assert not [r for r in result["checked"] if r["rule"].startswith("run level")]


@pytest.mark.parametrize("release,message", [('level = "nightly"', "is not a run level of fixtures/levels.toml"),
                                             ('levels = "full"', r"\[release\] 'levels': expected level")])
def test_a_bad_release_section_is_refused(tmp_path, release, message):
    path = tmp_path / "policy.toml"
    path.write_text(POLICY.replace('level = "{level}"', release))
    with pytest.raises(build_policy.PolicyError, match=message):
        build_policy.load(str(path))


@pytest.mark.slow
def test_a_smoke_run_makes_the_report_no_go_naming_the_level(tmp_path):
    suite = write_suite(tmp_path / "suite")
    run_dir = tmp_path / "atlas-a2"
    proc = run_suite(suite, "--report-dir", str(run_dir), "--product", "atlas-a2")
    assert proc.returncode == 0, proc.stdout[-3000:]
    as_device_run(run_dir, fake_atlas_host(tmp_path / "host"))
    (tmp_path / "policy.toml").write_text(POLICY.format(level="standard"))
    verdicts = {}
    for level in ("standard", "smoke", None):
        path = run_dir / "results.json"
        data = json.loads(path.read_text())
        data["environment"].pop("level", None)
        if level:
            data["environment"]["level"] = level
        path.write_text(json.dumps(data))
        out = tmp_path / f"report-{level}"
        proc = run_build(str(run_dir), "--out", str(out), "--policy", str(tmp_path / "policy.toml"))
        verdicts[level] = json.loads((out / "verdict.json").read_text())
        summary = (out / "summary.md").read_text()
        if level == "smoke":
            assert proc.returncode == 1
            assert "run level &gt;= standard (the level a release needs: [release] level): smoke" in summary  # md-escaped
    assert verdicts["standard"]["overall"] == "go" and verdicts[None]["overall"] == "go"
    assert verdicts["smoke"]["overall"] == "no-go"
    assert os.path.exists(tmp_path / "report-smoke" / "index.html")
