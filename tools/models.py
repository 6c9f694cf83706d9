"""``python -m harness models build``: compile ahead of time every model a selection of suites needs.

    python -m harness models build [suites/...] [-k EXPR] [-m EXPR] -j 4 --model-dir DIR

Real ``atc`` takes seconds per invocation and a product needs thousands of single-op models, so a
qualification host prepares them before the run, in parallel. The selection is collected as a
pytest run would collect it (``pytest --collect-only`` in a child process, which brings the
runtime up and so knows the SoC and the runtime version); the models of its collected numeric
cases and parametrized op signatures are compiled, ``-j`` atc runs side by side, into the cache
directory the run uses (``<model-dir>/<sim|device>-<SoC>-<runtime version>``, content-addressed:
copy it to another host of the same SoC and CANN version). Models that are already there are
not compiled again. Signatures that tests draw at run time (hypothesis) are compiled when they
run. Exit codes: 0 done, 1 an atc run failed, 4 bad options (as pytest's usage errors).
"""
from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
import time

import pytest

from . import ROOT
from .info import add_backend_options

PLAN_ENV = "ACLOP_MODEL_PLAN"     # where the collecting child writes what to compile


def add_parser(sub) -> None:
    p = sub.add_parser("models", help="prepare single-op models ahead of a run (models build)")
    actions = p.add_subparsers(dest="action", required=True)
    b = actions.add_parser("build", help="compile every model a selection of suites needs, in parallel")
    b.add_argument("selection", nargs="*", default=["suites/"], help="suite files / node ids (default suites/)")
    b.add_argument("-k", dest="keyword", default=None, help="pytest -k expression")
    b.add_argument("-m", dest="markexpr", default=None, help="pytest -m expression")
    b.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="atc runs side by side")
    b.add_argument("--model-dir", default=None, help="cache root (default .cache/models, as the suites)")
    b.add_argument("--atc", default=None, help="atc executable (default: the simulator's or CANN's)")
    add_backend_options(b)


# ---- the collecting child: a pytest plugin ----------------------------------------------------

def collected_specs(items, product) -> list:
    """The OpSpecs the collected items need: numeric catalog cases and op signatures given as
    parameters (an OpSpec, or a case object with a ``spec``), once each, in collection order."""
    from fixtures.numeric import numeric_spec
    from harness.models import OpSpec
    specs: dict[str, OpSpec] = {}
    for item in items:
        spec = numeric_spec(item, product)
        if spec is not None:
            specs.setdefault(spec.key, spec)
        callspec = getattr(item, "callspec", None)
        for value in (callspec.params.values() if callspec else ()):
            candidate = value if isinstance(value, OpSpec) else getattr(value, "spec", None)
            if isinstance(candidate, OpSpec):
                specs.setdefault(candidate.key, candidate)
    return list(specs.values())


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    path = os.environ.get(PLAN_ENV)
    from fixtures import session as run_session
    harness = run_session.get(session.config)
    if not path or harness is None:
        return
    store = harness.models()
    plan = {"cache_dir": store.cache_dir, "soc": store.soc, "atc": store.atc_command,
            "product": harness.product.id, "specs": collected_specs(session.items, harness.product)}
    with open(path, "wb") as f:
        pickle.dump(plan, f)


# ---- the command --------------------------------------------------------------------------------

def _collect(args, plan_path: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", __name__, "-p", "no:randomly",
           "-p", "no:cacheprovider", "--backend", args.backend, *args.selection]
    for opt, value in (("--acl-lib", args.acl_lib), ("--soc", args.soc), ("--product", args.product),
                       ("--model-dir", args.model_dir), ("--atc", args.atc), ("-k", args.keyword),
                       ("-m", args.markexpr)):
        if value is not None:
            cmd += [opt, value]
    return subprocess.run(cmd, cwd=ROOT, env={**os.environ, PLAN_ENV: plan_path}, capture_output=True, text=True)


def run(args) -> int:
    from harness.models import ModelBuildError, ModelStore
    if args.jobs < 1:
        print(f"harness models build: error: -j {args.jobs}: expected at least 1", file=sys.stderr)
        return 4
    with tempfile.TemporaryDirectory(prefix="aclop-models-") as tmp:
        plan_path = os.path.join(tmp, "plan.pickle")
        proc = _collect(args, plan_path)
        if proc.returncode != 0 or not os.path.exists(plan_path):
            lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if ln.strip()]
            print(f"harness models build: error: collecting {' '.join(args.selection)} failed "
                  f"(pytest exit {proc.returncode}): {lines[-1] if lines else 'no output'}", file=sys.stderr)
            return 4 if proc.returncode == 4 else 1
        with open(plan_path, "rb") as f:
            plan = pickle.load(f)
    store = ModelStore(None, plan["cache_dir"], plan["soc"], plan["atc"])
    specs = plan["specs"]
    t0 = time.monotonic()
    try:
        built = store.compile_missing(specs, jobs=args.jobs)
    except ModelBuildError as exc:
        # one line: the summary and the first spec atc wrote no model for
        print(f"harness models build: error: {' '.join(str(exc).splitlines()[:2])}", file=sys.stderr)
        return 1
    seconds = time.monotonic() - t0
    print(f"models: {len(specs)} needed by the selection ({plan['product']}, SoC {plan['soc']}): "
          f"{len(specs) - len(built)} already in the cache, {len(built)} compiled in {seconds:.1f} s "
          f"with -j {args.jobs}")
    print(f"cache: {plan['cache_dir']}")
    return 0
