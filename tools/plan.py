"""``python -m harness plan``: the test plan of a run level on a product, before running it.

    python -m harness plan --level smoke --product atlas-inference [--csv|--json] [--out FILE]

Every test id the level runs, with its contract clauses, its feature and its level (both from the
levels table, fixtures/levels.toml), the products it runs on and, on the product asked for, the
reason it would skip where that is known before running:

- a catalog case the product does not support: the runtime's op information library leaves the
  combination undeclared (fixtures/declared.py, when the session has a library), or, where the
  library says nothing, the catalog's documented support (``OpInfo.unsupported_reason``: bfloat16);
- a capability the runtime lacks: ``needs_validation_layer`` and ``hazard`` without a validation
  layer (a device; hazard unless --run-hazards), ``slow_on_hardware`` on a runtime that is not the
  simulator (unless --run-slow-on-hardware).

The same tests as the run: the selection is collected by a child ``pytest --collect-only`` with
``--level`` (as ``python -m harness models build`` collects; this module is its plugin), so the
level's deselection and added parametrizations are pytest's own. The products column is the six
products less those a known reason excludes: the catalog's documented support per product, the
capability reasons (the same on every product of this backend), and the declared support of the
product asked for (only its library is at hand). A skip a test decides while it runs (a missing
entry point, a product-specific branch) is not known here and the column stays empty.

CSV columns: id, clauses, feature, level, products, skip_reason_on_<product> (lists separated by
spaces). Exit codes: 0 done, 1 the collection failed, 4 bad options (as pytest's usage errors).
"""
from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import tempfile

import pytest

from . import ROOT
from .info import add_backend_options

PLAN_ENV = "ACLOP_TEST_PLAN"        # where the collecting child writes the plan (JSON)


def add_parser(sub) -> None:
    from fixtures import levels
    p = sub.add_parser("plan", help="the tests of a run level on a product: clauses, feature, level, products, "
                                    "known skip reasons (CSV or JSON)")
    p.add_argument("selection", nargs="*", default=["suites/"], help="suite files / node ids (default suites/)")
    p.add_argument("--level", default=levels.table().default, choices=levels.levels(),
                   help=f"run level (fixtures/levels.toml; default {levels.table().default})")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", dest="format", action="store_const", const="csv", help="CSV (the default)")
    fmt.add_argument("--json", dest="format", action="store_const", const="json", help="JSON")
    p.set_defaults(format="csv")
    p.add_argument("--out", default=None, help="write the plan to FILE (default: standard output)")
    p.add_argument("-k", dest="keyword", default=None, help="pytest -k expression")
    p.add_argument("-m", dest="markexpr", default=None, help="pytest -m expression")
    p.add_argument("--opp-path", default=None, help="the op information library (default: $ASCEND_OPP_PATH)")
    p.add_argument("--run-hazards", action="store_true", help="as pytest's: hazard tests run on hardware")
    p.add_argument("--run-slow-on-hardware", action="store_true",
                   help="as pytest's: slow_on_hardware tests run on a real runtime")
    add_backend_options(p)


# ---- the collecting child: a pytest plugin -------------------------------------------------------------

CAPABILITY_REASONS = {
    # the messages of the capability skips in fixtures/runtime.py and fixtures/threads.py
    "needs_validation_layer": "runtime lacks a validation layer (aclsimValidationLog*): only a validating "
                              "runtime reports misuse",
    "hazard": "hazard: undefined behaviour on a runtime without a validation layer; opt in with --run-hazards",
    "slow_on_hardware": "slow on a real runtime: opt in with --run-slow-on-hardware",
}


def capability_reason(item, acl, run_hazards: bool, run_slow: bool) -> str | None:
    """Why the capability hooks would skip the item on this runtime (in their order), or None."""
    validating = bool(acl.has_validation_layer)
    if item.get_closest_marker("needs_validation_layer") and not validating:
        return CAPABILITY_REASONS["needs_validation_layer"]
    if item.get_closest_marker("hazard") and not validating and not run_hazards:
        return CAPABILITY_REASONS["hazard"]
    if item.get_closest_marker("slow_on_hardware") and not acl.is_simulator and not run_slow:
        return CAPABILITY_REASONS["slow_on_hardware"]
    return None


def case_reason(case, product, support) -> str | None:
    """Why a catalog case would skip on product: suites/test_numerics.py ``_expected_to_run``'s rule
    (undeclared and not contested: the declaration's reason; declaration unknown: the documented one)."""
    from fixtures import declared
    documented = case.op.unsupported_reason(case.all_dtypes(), product)
    if support is None:
        return documented
    verdict = support.verdict(case)
    if verdict.status == declared.UNKNOWN:
        return documented
    if verdict.status == declared.UNDECLARED and not verdict.contested:
        return verdict.skip_reason
    return None


def plan_rows(items, harness, run_hazards: bool = False, run_slow: bool = False) -> list[dict]:
    """One row per collected item: id, clauses, feature, level, products, skip_reason."""
    from fixtures import declared, levels
    from harness.products import PRODUCTS
    smoke = levels.smoke_selection(items)
    support = declared.for_session(harness) if harness is not None else None
    product = harness.product if harness is not None else None
    rows = []
    for item in items:
        case = levels.numeric_case(item) if item.get_closest_marker("numeric") else None
        capability = capability_reason(item, harness.acl, run_hazards, run_slow) if harness is not None else None
        here = capability or (case_reason(case, product, support) if case is not None and product else None)
        products = [] if capability else [
            p.id for p in PRODUCTS
            if not (case is not None and case.op.unsupported_reason(case.all_dtypes(), p))
            and not (product is not None and p.id == product.id and here)]
        rows.append({"id": item.nodeid, "clauses": list(levels.clauses_of(item)),
                     "feature": levels.feature_of(item.nodeid) or "", "level": levels.item_level(item, smoke) or "",
                     "products": products, "skip_reason": here})
    return rows


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    path = os.environ.get(PLAN_ENV)
    if not path:
        return
    from fixtures import levels
    from fixtures import session as run_session
    config = session.config
    harness = run_session.get(config)
    plan = {"level": levels.run_level(config), "product": harness.product.id if harness else None,
            "backend": config.getoption("--backend"),
            "tests": plan_rows(session.items, harness, config.getoption("--run-hazards"),
                               config.getoption("--run-slow-on-hardware"))}
    with open(path, "w") as f:
        json.dump(plan, f)


# ---- the command -------------------------------------------------------------------------------------

def _collect(args, plan_path: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", __name__, "-p", "no:randomly",
           "-p", "no:cacheprovider", "--backend", args.backend, "--level", args.level, *args.selection]
    for opt, value in (("--acl-lib", args.acl_lib), ("--soc", args.soc), ("--product", args.product),
                       ("--opp-path", args.opp_path), ("-k", args.keyword), ("-m", args.markexpr)):
        if value is not None:
            cmd += [opt, value]
    cmd += ["--run-hazards"] if args.run_hazards else []
    cmd += ["--run-slow-on-hardware"] if args.run_slow_on_hardware else []
    return subprocess.run(cmd, cwd=ROOT, env={**os.environ, PLAN_ENV: plan_path}, capture_output=True, text=True)


def to_csv(plan: dict) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["id", "clauses", "feature", "level", "products", f"skip_reason_on_{plan['product']}"])
    for r in plan["tests"]:
        w.writerow([r["id"], " ".join(r["clauses"]), r["feature"], r["level"], " ".join(r["products"]),
                    r["skip_reason"] or ""])
    return out.getvalue()


def summary(plan: dict) -> str:
    from fixtures import levels
    tests = plan["tests"]
    per = {name: sum(1 for r in tests if r["level"] == name) for name in levels.levels()}
    skip = sum(1 for r in tests if r["skip_reason"])
    return (f"plan: {len(tests)} tests at level {plan['level']} on {plan['product']} ({plan['backend']}): "
            + ", ".join(f"{n} {name}" for name, n in per.items() if n)
            + f"; {skip} would skip on {plan['product']} for a reason known before running")


def run(args) -> int:
    with tempfile.TemporaryDirectory(prefix="aclop-plan-") as tmp:
        plan_path = os.path.join(tmp, "plan.json")
        proc = _collect(args, plan_path)
        if proc.returncode != 0 or not os.path.exists(plan_path):
            lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if ln.strip()]
            print(f"harness plan: error: collecting {' '.join(args.selection)} failed "
                  f"(pytest exit {proc.returncode}): {lines[-1] if lines else 'no output'}", file=sys.stderr)
            return 4 if proc.returncode == 4 else 1
        with open(plan_path) as f:
            plan = json.load(f)
    text = to_csv(plan) if args.format == "csv" else json.dumps(plan, indent=1) + "\n"
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(summary(plan), file=sys.stderr)
    return 0
