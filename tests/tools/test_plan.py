"""python -m harness plan (tools/plan.py): the known skip reasons agree with the hooks and the suite
that skip, the CSV / JSON forms, and (slow: child collections) two products whose plans differ in a
skip reason, the declared-support reason from an op information library, and a run's skips."""
from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys

import pytest

from fixtures import catalog, declared
from fixtures import runtime as fixtures_runtime
from fixtures import threads as fixtures_threads
from harness.products import by_id
from tests.declared_extras import catalog_only
from tools import plan

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class _Acl:
    def __init__(self, validating: bool, simulator: bool):
        self.has_validation_layer, self.is_simulator = validating, simulator


class _Config:
    def __init__(self, **options):
        self.options = options

    def getoption(self, name):
        return self.options.get(name, False)


class _Item:
    def __init__(self, *markers, **options):
        self.markers, self.config = set(markers), _Config(**options)

    def get_closest_marker(self, name):
        return object() if name in self.markers else None


def _hook_reason(item, acl, monkeypatch) -> str | None:
    """What the capability hooks of fixtures/runtime.py and fixtures/threads.py do with the item."""
    monkeypatch.setattr(fixtures_runtime, "_session", lambda config: type("S", (), {"acl": acl})())
    for hook in (fixtures_runtime.pytest_runtest_setup, fixtures_threads.pytest_runtest_setup):
        try:
            hook(item)
        except pytest.skip.Exception as exc:
            return exc.msg
    return None


@pytest.mark.parametrize("markers", [(), ("needs_validation_layer",), ("hazard",), ("slow_on_hardware",),
                                     ("hazard", "needs_validation_layer")])
@pytest.mark.parametrize("runtime", ["simulator", "device"])
@pytest.mark.parametrize("opt_in", [False, True])
def test_capability_reasons_are_the_hooks_own(markers, runtime, opt_in, monkeypatch):
    acl = _Acl(validating=runtime == "simulator", simulator=runtime == "simulator")
    item = _Item(*markers, **{"--run-hazards": opt_in, "--run-slow-on-hardware": opt_in})
    assert plan.capability_reason(item, acl, opt_in, opt_in) == _hook_reason(item, acl, monkeypatch)
    if runtime == "device" and markers and not opt_in:
        assert plan.capability_reason(item, acl, opt_in, opt_in)


def _case(op, dtype):
    return next(c for c in catalog.cases_for(catalog.BY_NAME[op], [dtype]) if not c.sample.large)


def _library(tmp_path, entries: dict) -> str:
    """An op information library in CANN's form for ascend910b (atlas-a2); its opp root."""
    d = tmp_path / "opp" / "built-in" / "op_impl" / "ai_core" / "tbe" / "config" / "ascend910b"
    d.mkdir(parents=True)
    (d / "aic-ascend910b-ops-info.json").write_text(json.dumps(entries))
    return str(tmp_path / "opp")


SUB_HALF_AND_FLOAT = {"Sub": {"input0": {"name": "x1", "paramType": "required", "dtype": "float16,float"},
                              "input1": {"name": "x2", "paramType": "required", "dtype": "float16,float"},
                              "output0": {"name": "y", "paramType": "required", "dtype": "float16,float"}}}


def test_case_reasons_follow_the_declaration_then_the_documented_support(tmp_path):
    from harness import opp
    lib = opp.load(_library(tmp_path, SUB_HALF_AND_FLOAT), "ascend910b")
    support = declared.Declared(lib, "test", {})
    a2, inference = by_id("atlas-a2"), by_id("atlas-inference")
    assert plan.case_reason(_case("Sub", "float32"), a2, support) is None                  # declared
    assert plan.case_reason(_case("Sub", "int32"), a2, support).startswith(
        "not supported: Sub (x1=int32, x2=int32 -> y=int32) on ascend910b is not declared")
    assert plan.case_reason(_case("Exp", "bfloat16"), a2, support) is None                  # no entry: documented
    assert plan.case_reason(_case("Exp", "bfloat16"), inference, support) == (
        "not supported: atlas-inference has no bfloat16 (products.md 2.2)")
    assert plan.case_reason(_case("Exp", "bfloat16"), inference, None) == (
        "not supported: atlas-inference has no bfloat16 (products.md 2.2)")
    contested = declared.Declared(lib, "test", {("Sub", "ascend910b"): [(("int32", "int32"), ("int32",), "a source")]})
    assert plan.case_reason(_case("Sub", "int32"), a2, contested) is None                    # either outcome


def test_csv_has_the_columns_and_the_products_skip_reason():
    p = {"level": "smoke", "product": "atlas-inference", "backend": "sim", "tests": [
        {"id": "suites/test_a.py::test_x[a,b]", "clauses": ["EWH-02", "EWH-07"], "feature": "f", "level": "smoke",
         "products": ["atlas-a2", "atlas-inference"], "skip_reason": None},
        {"id": "suites/test_a.py::test_y", "clauses": ["EWH-05"], "feature": "f", "level": "standard",
         "products": ["atlas-a2"], "skip_reason": "not supported: x"}]}
    rows = list(csv.reader(io.StringIO(plan.to_csv(p))))
    assert rows == [["id", "clauses", "feature", "level", "products", "skip_reason_on_atlas-inference"],
                    ["suites/test_a.py::test_x[a,b]", "EWH-02 EWH-07", "f", "smoke", "atlas-a2 atlas-inference", ""],
                    ["suites/test_a.py::test_y", "EWH-05", "f", "standard", "atlas-a2", "not supported: x"]]
    assert plan.summary(p) == ("plan: 2 tests at level smoke on atlas-inference (sim): 1 smoke, 1 standard; "
                               "1 would skip on atlas-inference for a reason known before running")


# ---- end to end: child collections ---------------------------------------------------------------------------

def _env():
    return {k: v for k, v in os.environ.items() if not k.startswith(("ACLSIM_", "HYPOTHESIS_PROFILE"))}


def _run_plan(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "harness", "plan", *args], cwd=ROOT, env=_env(),
                          capture_output=True, text=True, timeout=300)


BF16 = "suites/test_numerics.py::test_op[Exp-bfloat16-scalar-uniform]"


@pytest.mark.slow
def test_two_products_plans_differ_in_a_skip_reason(tmp_path):
    plans = {}
    for product in ("atlas-a2", "atlas-inference"):
        proc = _run_plan("--level", "smoke", "--product", product, "--csv", "--out", str(tmp_path / f"{product}.csv"))
        assert proc.returncode == 0 and proc.stdout == "", proc.stderr[-2000:]
        m = re.match(rf"plan: (\d+) tests at level smoke on {product} \(sim\): (\d+) smoke;", proc.stderr)
        assert m and m[1] == m[2] and int(m[1]) > 300, proc.stderr
        with open(tmp_path / f"{product}.csv", newline="") as f:
            reader = csv.DictReader(f)
            assert reader.fieldnames == ["id", "clauses", "feature", "level", "products", f"skip_reason_on_{product}"]
            plans[product] = {r["id"]: r for r in reader}
        assert len(plans[product]) == int(m[1]), (len(plans[product]), proc.stderr)    # the line counts the file
    # the catalog's cases are the same on both; each SoC's declaration adds its own extra dtypes
    a2 = {i: plans["atlas-a2"][i] for i in catalog_only(plans["atlas-a2"])}
    inference = {i: plans["atlas-inference"][i] for i in catalog_only(plans["atlas-inference"])}
    assert list(a2) == list(inference) and len(a2) < len(plans["atlas-a2"])
    assert a2[BF16]["skip_reason_on_atlas-a2"] == ""
    # the SoC's op information library declares no bfloat16 Exp (the declaration speaks first)
    assert inference[BF16]["skip_reason_on_atlas-inference"].startswith(
        "not supported: Exp (x=bfloat16 -> y=bfloat16) on ascend310p is not declared by ")
    assert a2[BF16]["products"] == inference[BF16]["products"] == "atlas-350 atlas-a3 atlas-a2"
    assert a2[BF16]["clauses"] == "EWH-05" and a2[BF16]["feature"] == "numerics" and a2[BF16]["level"] == "smoke"
    # a case that runs on one product and skips on the other: only bfloat16 ones
    differ = [i for i in a2 if bool(a2[i]["skip_reason_on_atlas-a2"]) != bool(inference[i]["skip_reason_on_atlas-inference"])]
    assert differ and all("bfloat16" in i for i in differ)


@pytest.mark.slow
def test_json_plan_of_a_level_with_the_declared_reason_of_an_op_information_library(tmp_path):
    opp_root = _library(tmp_path, SUB_HALF_AND_FLOAT)
    proc = _run_plan("--level", "full", "--product", "atlas-a2", "--json", "--opp-path", opp_root, "-k", "test_op and Sub")
    assert proc.returncode == 0, proc.stderr[-2000:]
    p = json.loads(proc.stdout)
    assert (p["level"], p["product"], p["backend"]) == ("full", "atlas-a2", "sim")
    rows = {r["id"]: r for r in p["tests"]}
    assert {r["level"] for r in rows.values()} == {"smoke", "standard", "full"}
    int32 = rows["suites/test_numerics.py::test_op[Sub-int32-same_1+1-uniform]"]
    assert int32["skip_reason"].startswith("not supported: Sub (x1=int32, x2=int32 -> y=int32) on ascend910b is not declared")
    assert "atlas-a2" not in int32["products"] and "atlas-inference" in int32["products"]
    assert rows["suites/test_numerics.py::test_op[Sub-float32-same_1+1-uniform]"]["skip_reason"] is None
    large = [r for r in rows.values() if r["level"] == "full"]
    assert large and all("-large_" in r["id"] and r["clauses"] == ["EWH-05"] for r in large)


@pytest.mark.slow
def test_known_skip_reasons_are_those_of_a_run(tmp_path):
    args = ["--level", "smoke", "--product", "atlas-inference", "-k", "test_op and (Exp or Cast or MatMulV2)"]
    proc = _run_plan(*args, "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    planned = {r["id"]: r["skip_reason"] for r in json.loads(proc.stdout)["tests"]}
    assert any(planned.values()) and not all(planned.values())
    run = subprocess.run([sys.executable, "-m", "pytest", "suites/", "-p", "no:cacheprovider", "-q", *args,
                          "--report-dir", str(tmp_path / "run")], cwd=ROOT, env=_env(), capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]
    with open(tmp_path / "run" / "results.json") as f:
        got = {t["id"]: t["message"] if t["class"] in ("Skip", "NotSupported") else None for t in json.load(f)["tests"]}
    assert got == planned


@pytest.mark.slow
def test_on_a_device_the_capability_markers_give_their_reasons(tmp_path_factory):
    """A CANN-shaped install of the simulator in device mode: no validation layer, not the
    simulator; the reasons follow the opt-in flags."""
    from tests.install_support import build, shared_base, sourced
    install = build(shared_base(tmp_path_factory), None)
    select = "-k 'shared_stream_outcome or stream_limit or one_stream_per_thread_is_not_reported'"
    cmd = f"{sys.executable} -m harness plan --backend device --product atlas-a2 --json {select}"
    rows = {}
    for flags in ("", " --run-hazards --run-slow-on-hardware"):
        proc = sourced(install, cmd + flags)
        assert proc.returncode == 0, proc.stderr[-2000:]
        rows[flags] = {r["id"]: r for r in json.loads(proc.stdout)["tests"]}
    plain, opted = rows[""], rows[" --run-hazards --run-slow-on-hardware"]
    hazard = plain["suites/test_stream_rules.py::test_shared_stream_outcome"]
    assert hazard["skip_reason"] == plan.CAPABILITY_REASONS["hazard"] and hazard["products"] == []
    assert plain["suites/test_stream_rules.py::test_stream_limit[atlas-inference]"]["skip_reason"] == (
        plan.CAPABILITY_REASONS["slow_on_hardware"])
    reported = plain["suites/test_stream_rules.py::test_one_stream_per_thread_is_not_reported[reported]"]
    assert reported["skip_reason"] == plan.CAPABILITY_REASONS["needs_validation_layer"]
    assert plain["suites/test_stream_rules.py::test_one_stream_per_thread_is_not_reported[outcome]"]["skip_reason"] is None
    assert {i for i, r in opted.items() if r["skip_reason"]} == {
        "suites/test_stream_rules.py::test_one_stream_per_thread_is_not_reported[reported]"}
