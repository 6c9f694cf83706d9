"""The fleet flow of fleet/ run locally: the model cache built once, several "hosts" (separate
pytest processes, separate report directories, sharded by files and -k), merged by reports build;
the merged verdict and counts equal those of one run of the same selection (issue 21, item 3)."""
import json
import os
import subprocess
import sys

import pytest

from tests.report_support import ROOT, run_build

FILES = ["suites/test_handle_lifecycle.py", "suites/test_events.py", "suites/test_compile_and_execute.py",
         "suites/test_optional_inputs.py", "suites/test_contract_create.py"]
HOSTS = {                       # host -> its shard (whole files, or complementary -k expressions)
    "h1": FILES[:2],
    "h2": FILES[2:4],
    "h3": [FILES[4], "-k", "float16"],
    "h4": [FILES[4], "-k", "not float16"],
}
# A harmful fault in every run, so that the merged counts hold failures as well as passes.
FAULT = "create_wrong_not_found_code"
POLICY = 'schema = 1\nrequired_products = []\nrequired_clauses = []\n[max]\nFail = 0\n[min]\ntests = 1\n'


def _env():
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["ACLSIM_FAULTS"] = FAULT
    return env


def _pytest(args, report_dir, models):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           *args, "--product", "atlas-a2", "--model-dir", str(models),
                           "--report-dir", str(report_dir)], cwd=ROOT, env=_env(), capture_output=True,
                          text=True, timeout=600)


@pytest.mark.slow
def test_sharded_hosts_merge_into_the_verdict_of_one_run(tmp_path):
    models = tmp_path / "models"
    built = subprocess.run([sys.executable, "-m", "harness", "models", "build", *FILES, "--product", "atlas-a2",
                            "--model-dir", str(models), "-j", "2"], cwd=ROOT, env=_env(), capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (tmp_path / "policy.toml").write_text(POLICY)
    procs = {h: subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                                  *args, "--product", "atlas-a2", "--model-dir", str(models),
                                  "--report-dir", str(tmp_path / "runs" / "atlas-a2" / h)],
                                 cwd=ROOT, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for h, args in list(HOSTS.items())[:2]}
    for h, args in list(HOSTS.items())[2:]:          # two hosts at a time: the machine has 2 cores
        _pytest(args, tmp_path / "runs" / "atlas-a2" / h, models)
    for p in procs.values():
        p.wait(timeout=600)
    single = _pytest(FILES, tmp_path / "single", models)
    assert "models: 0 compiled" in single.stdout or " 0 compiled" in single.stdout, single.stdout[-500:]

    hosts = [str(tmp_path / "runs" / "atlas-a2" / h) for h in HOSTS]
    merged = run_build(*hosts, "--out", str(tmp_path / "merged"), "--policy", str(tmp_path / "policy.toml"))
    one = run_build(str(tmp_path / "single"), "--out", str(tmp_path / "one"), "--policy", str(tmp_path / "policy.toml"))
    vm = json.load(open(tmp_path / "merged" / "verdict.json"))
    vo = json.load(open(tmp_path / "one" / "verdict.json"))
    assert merged.returncode == one.returncode
    assert vm["overall"] == vo["overall"] == "no-go"         # the fault is caught either way
    pm, po = vm["products"]["atlas-a2"], vo["products"]["atlas-a2"]
    assert pm["counts"] == po["counts"] and po["counts"]["Fail"] > 0 and po["counts"]["Pass"] > 0
    assert pm["verdict"] == po["verdict"]
    assert [v["rule"] for v in pm["violations"]] == [v["rule"] for v in po["violations"]]
    assert len(vm["inputs"]) == len(HOSTS)
    ids = [set(t["id"] for t in json.load(open(os.path.join(h, "results.json")))["tests"]) for h in hosts]
    assert sum(map(len, ids)) == len(set().union(*ids)) == sum(po["counts"].values())   # disjoint shards


@pytest.mark.parametrize("name", ["gitlab-ci.yml", "Jenkinsfile", "github-actions.yml"])
def test_templates_have_every_stage(name):
    text = open(os.path.join(ROOT, "fleet", name), encoding="utf-8").read()
    for needle in ("harness models build", "--model-dir models", "set_env.sh", "--report-dir",
                   "-m reports build reports/*/*", "--against", "--product", "--expect-cann", "--expect-devices"):
        assert needle in text, f"{name}: no {needle!r}"
