"""Root pytest plugin: command-line options, markers, the ACL session, the report header.

The ACL runtime is process-global, so one HarnessSession per process (each xdist worker has
its own). It is brought up at configure time when the conformance suites run, so a missing or
broken library stops the run at once with a one-line usage error (exit code 4), and lazily
otherwise (the harness's own tests in tests/).
"""
from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

from harness.session import HarnessUsageError

ROOT = os.path.dirname(os.path.abspath(__file__))
# fixtures/, reference/ and reports/ are generic names (``fixtures`` is also a PyPI package):
# they are always imported from this checkout, never from site-packages.
if sys.path[:1] != [ROOT]:
    sys.path.insert(0, ROOT)
_foreign = sys.modules.get("fixtures")
if _foreign is not None and not os.path.abspath(getattr(_foreign, "__file__", "") or "").startswith(ROOT):
    raise ImportError(f"another 'fixtures' package ({_foreign.__file__}) was imported before this "
                      f"suite's conftest; run pytest from {ROOT} or disable the plugin that imports it")

from fixtures import session as run_session  # noqa: E402 - after the sys.path check above

pytest_plugins = ["fixtures.runtime", "fixtures.isolation", "fixtures.threads", "fixtures.numeric",
                  "fixtures.device_log", "fixtures.levels", "reports.plugin"]

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("nightly", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

MARKERS = (
    "clause(id): the contract clause(s) of docs/CONTRACT.md a test checks (EWH-01..EWH-12)",
    "numeric: compares device results with the numpy reference",
    "crash_prone: may crash or hang a real runtime; runs isolated in a child process",
    "hazard: misuse whose behaviour is undefined on hardware; opt-in there with --run-hazards",
    "needs_validation_layer: needs the simulator's validation layer (skipped elsewhere)",
)


def pytest_addoption(parser):
    g = parser.getgroup("aclop", "aclopExecWithHandle conformance")
    g.addoption("--backend", default="sim", choices=("sim", "device"),
                help="sim: the built-in simulator (default); device: CANN's libraries")
    g.addoption("--acl-lib", default=None,
                help="load exactly this library (or several, ':'-separated); env ACL_LIBRARY")
    g.addoption("--soc", default=None, help="simulator profile: SoC name (sets ACLSIM_SOC); not with "
                                             "--backend device, where the SoC is what the runtime reports")
    g.addoption("--product", default=None, help="product id; overrides detection from the SoC name")
    g.addoption("--device-id", type=int, default=None, help="device to run on (overrides --devices)")
    g.addoption("--devices", default=None,
                help="device ids shared round robin by xdist workers: a list with ranges, e.g. "
                     "0-7 or 0,2,4-5 (default: all that aclrtGetDeviceCount reports)")
    g.addoption("--model-dir", default=None, help="cache directory for compiled single-op models")
    g.addoption("--atc", default=None, help="atc executable to compile models with")
    g.addoption("--opp-path", default=None,
                help="the op information library to read what the runtime declares per op (default: "
                     "$ASCEND_OPP_PATH, else $ASCEND_HOME_PATH/opp; the simulator's own on --backend sim)")
    g.addoption("--expect-soc", default=None,
                help="pre-flight: the SoC this run qualifies (a name or pattern, e.g. Ascend910B*); a mismatch "
                     "stops the run before the first test (exit 4)")
    g.addoption("--expect-cann", default=None,
                help="pre-flight: the CANN version every package reports, or pkg=VERSION pairs "
                     "(runtime=9.0.0,opp=9.0.0)")
    g.addoption("--expect-devices", type=int, default=None, help="pre-flight: the device count aclrtGetDeviceCount reports")
    g.addoption("--host-config", default=None,
                help="pre-flight expectations from a TOML file ([expect] soc, cann, devices), as the fleet "
                     "templates write one per host group; the --expect-* options override it")
    g.addoption("--jit", default="default", choices=("default", "enable", "disable"),
                help="ACL_OP_JIT_COMPILE for the whole session, set with aclSetCompileopt before the first test "
                     "(default: not set, as a handle-mode application leaves it); EWH-08's expected codes follow it")
    g.addoption("--deterministic", action="store_true", default=False,
                help="qualify under CANN's deterministic setting: every model compiled with atc --deterministic=1 "
                     "(its own model cache) and ACL_OP_DETERMINISTIC for online compiles; the determinism suite "
                     "then requires identical bits from every op")
    g.addoption("--run-hazards", action="store_true", default=False,
                help="run hazard tests (undefined behaviour) on hardware, isolated")
    g.addoption("--clause-coverage", action="store_true", default=False,
                help="print how many collected tests check each contract clause (EWH-01..EWH-12)")


def pytest_configure(config):
    for marker in MARKERS:
        config.addinivalue_line("markers", marker)
    if run_session.wants_suites(config):
        try:
            run_session.open(config)
        except HarnessUsageError as exc:
            raise pytest.UsageError(str(exc)) from None


def pytest_unconfigure(config):
    run_session.close(config)


def pytest_report_header(config):
    session = run_session.get(config)
    if session is None:
        return []
    from fixtures.runtime import leak_check_line
    cache = session.model_cache
    present = sum(1 for n in os.listdir(cache) if n.endswith(".om")) if os.path.isdir(cache) else 0
    return session.info_lines() + [session.declaration_line(), leak_check_line(config, session.acl),
                                   f"model cache: {cache} ({present} models present)"]


# Models this run compiled / found in the cache, per process; xdist workers send theirs at the end.
_MODEL_COUNTS = pytest.StashKey[dict]()


def _model_keys(config) -> dict[str, set[str]]:
    return config.stash.setdefault(_MODEL_COUNTS, {"compiled": set(), "from_cache": set(), "refusals_replayed": set()})


def pytest_sessionfinish(session):
    harness = run_session.get(session.config)
    store = getattr(harness, "_models", None)
    if store is None:
        return
    keys = _model_keys(session.config)
    keys["compiled"] |= store.compiled
    keys["from_cache"] |= store.from_cache
    keys["refusals_replayed"] |= store.refusals_replayed
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["aclop_models"] = {k: sorted(v) for k, v in keys.items()}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    sent = getattr(node, "workeroutput", {}).get("aclop_models")
    if sent:
        keys = _model_keys(node.config)
        for name, values in sent.items():
            keys.setdefault(name, set()).update(values)


def model_counts_line(config) -> str | None:
    """'models: N from the cache, M compiled' (a model one process compiled and another then
    found counts as compiled), and how many atc refusals were replayed from the cache."""
    keys = config.stash.get(_MODEL_COUNTS, None)
    if not keys or not (keys["compiled"] or keys["from_cache"] or keys["refusals_replayed"]):
        return None
    cached = keys["from_cache"] - keys["compiled"]
    line = f"models: {len(cached)} from the cache, {len(keys['compiled'])} compiled"
    replayed = keys["refusals_replayed"]
    return line + (f"; {len(replayed)} atc refusals from the cache (<key>.refused)" if replayed else "")


CLAUSES = tuple(f"EWH-{i:02d}" for i in range(1, 13))


def clause_counts(items) -> dict[str, int]:
    """Collected tests per contract clause (a test with several clause markers counts for each)."""
    counts = dict.fromkeys(CLAUSES, 0)
    for item in items:
        for mark in item.iter_markers("clause"):
            for clause in mark.args:
                if clause not in counts:
                    raise pytest.UsageError(f"{item.nodeid}: unknown clause {clause!r} (expected EWH-01..EWH-12)")
                counts[clause] += 1
    return counts


# The clause counts of the tests this run selected (for the terminal summary).
CLAUSE_COUNTS = pytest.StashKey[dict]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # trylast: after -m / -k deselection, so the counts are those of the tests that will run
    config.stash[CLAUSE_COUNTS] = clause_counts(items)


def pytest_terminal_summary(terminalreporter, config):
    line = model_counts_line(config)
    if line:
        terminalreporter.write_line(line)
    if not config.getoption("--clause-coverage"):
        return
    counts = config.stash.get(CLAUSE_COUNTS, {})
    terminalreporter.section("contract clause coverage")
    for clause, n in counts.items():
        terminalreporter.write_line(f"{clause}: {n} tests")
