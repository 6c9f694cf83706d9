"""pytest plugin: result classes, automatic rerun, baselines, and the per-run outputs.

Active for runs of the conformance suites (the root conftest says so) and for any run given
``--report-dir``. Outputs in the report directory:

- ``results.json``: environment metadata and one record per test (reports.results classes);
- ``junit.xml``: pytest's own JUnit XML, unless ``--junitxml`` points elsewhere;
- ``allure-results/``: allure-pytest's results, unless ``--alluredir`` points elsewhere, with
  labels (product as parentSuite, suite file as suite, clause as feature and tag, op and dtype as
  tags) and attachments (metrics, worst elements, aclGetRecentErrMsg text, reproduction command).

Report directory policy (never overwritten silently):
- ``--report-dir DIR``: DIR must be missing or empty; a non-empty DIR is a usage error naming it,
  unless ``--report-overwrite`` (which removes only this plugin's outputs from it).
- default: ``reports/out/<product id>/<UTC timestamp>/``, a new directory per run, and the
  symlink ``reports/out/<product id>/latest`` moved to it; ``python -m reports build`` accepts
  either the run directory or the product directory (it follows ``latest``).

Under xdist only the controller writes results.json and junit.xml; workers classify, waive and
attach in the process that ran the test and send the rest through report attributes and user
properties (allure-pytest itself writes its result files from each worker).
"""
from __future__ import annotations

import datetime as _dt
import functools
import json
import os
import platform
import shlex
import shutil
import socket
import subprocess
import sys
import time
import types

import pytest
from _pytest.runner import runtestprotocol

import reports as api

from . import allure_output, baselines
from .results import (
    METRIC_PREFIX,
    PROP_CASE,
    PROP_DTYPE,
    PROP_NUMERIC,
    PROP_OP,
    PROP_OUTCOME,
    PROP_RERUN,
    PROP_SIGNAL,
    SCHEMA,
    SEVERITY,
    WAIVABLE,
    classify_phase,
    counts,
    exc_kind_of,
    plain,
    skip_reason,
    worst,
)

PLUGIN_NAME = "aclop-reports"
OUTPUTS = ("results.json", "junit.xml", "allure-results")     # what --report-overwrite removes
MESSAGE_LIMIT = 2000
LONGREPR_LIMIT = 6000
_META = pytest.StashKey[dict]()        # an item's clauses / op / dtype / case, worked out once


def pytest_addoption(parser):
    g = parser.getgroup("aclop-reports", "aclop release-qualification results")
    g.addoption("--report-dir", default=None,
                help="write results.json, junit.xml and allure-results/ here (must be empty; "
                     "default for suite runs: reports/out/<product>/<timestamp>/)")
    g.addoption("--report-overwrite", action="store_true", default=False,
                help="allow a non-empty --report-dir: its previous results are removed first")
    g.addoption("--baseline", default=None,
                help="expected failures (TOML); default reports/baselines/<product>.toml if it exists; "
                     "'none' for no baseline")
    g.addoption("--release", default=None,
                help="release being qualified (baseline expiry is checked against it; default: "
                     "the runtime version the library reports)")
    g.addoption("--no-rerun", action="store_true", default=False,
                help="do not rerun failed tests once (a failure that passes on rerun is a Flake)")


# -- configuration ---------------------------------------------------------------------------

def _root_module(config):
    """The root conftest (it owns the harness session), if this run has it."""
    for plugin in config.pluginmanager.get_plugins():
        if (isinstance(plugin, types.ModuleType) and callable(getattr(plugin, "harness_session", None))
                and callable(getattr(plugin, "_wants_suites", None))):
            return plugin
    return None


def _session(config, create: bool):
    session = getattr(config, "_aclop_session", None)
    if session is not None or not create:
        return session
    root = _root_module(config)
    if root is None or not root._wants_suites(config):
        return None
    from harness.session import HarnessUsageError
    try:
        return root.harness_session(config)
    except HarnessUsageError as exc:
        raise pytest.UsageError(str(exc)) from None


def _opt(config, name, default=None):
    try:
        return config.getoption(name)
    except (ValueError, AttributeError):
        return default


def _product_id(config, session) -> str | None:
    if session is not None:
        return session.product.id
    return _opt(config, "--product")


def _utc_stamp() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _prepare_report_dir(config, explicit: str | None, product: str | None) -> str:
    if explicit:
        path = os.path.abspath(os.path.join(str(config.invocation_params.dir), explicit))
        if os.path.exists(path) and not os.path.isdir(path):
            raise pytest.UsageError(f"--report-dir {path}: exists and is not a directory")
        if os.path.isdir(path) and os.listdir(path):
            if not config.getoption("--report-overwrite"):
                raise pytest.UsageError(
                    f"--report-dir {path}: directory is not empty (results of an earlier run?); "
                    f"refusing to overwrite it. Choose a new directory, or pass --report-overwrite "
                    f"to replace its results ({', '.join(OUTPUTS)})")
            for name in OUTPUTS:
                target = os.path.join(path, name)
                if os.path.isdir(target) and not os.path.islink(target):
                    shutil.rmtree(target)
                elif os.path.lexists(target):
                    os.remove(target)
        os.makedirs(path, exist_ok=True)
        return path
    base = os.path.join(str(config.rootpath), "reports", "out", product or "unknown-product")
    os.makedirs(base, exist_ok=True)
    stamp = _utc_stamp()
    for n in range(1000):
        path = os.path.join(base, stamp if n == 0 else f"{stamp}-{n}")
        try:
            os.mkdir(path)
            break
        except FileExistsError:
            continue
    config._aclop_default_report_dir = True
    return path


def _point_latest(path: str) -> None:
    """<product dir>/latest -> this run (after its results.json is complete)."""
    link = os.path.join(os.path.dirname(path), "latest")
    tmp = f"{link}.{os.getpid()}.tmp"
    try:
        if os.path.lexists(tmp):
            os.remove(tmp)
        os.symlink(os.path.basename(path), tmp)
        os.replace(tmp, link)
    except OSError:
        pass                          # no symlinks here: build takes the newest complete run


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    config.addinivalue_line("markers", "op(name): the operator a test exercises (report column, allure tag)")
    config.addinivalue_line("markers", "dtype(name): the dtype a test exercises (report column, allure tag)")
    worker = hasattr(config, "workerinput")
    if worker:
        info = config.workerinput.get("aclop_reports")
        if not info:
            return
        report_dir = info["dir"]
        session = None
        product = info.get("product")
    else:
        if _opt(config, "--aclop-isolated-child"):
            return                    # a crash-isolation child: its parent reports the result
        explicit = config.getoption("--report-dir")
        session = _session(config, create=True)
        if explicit is None and session is None:
            return                    # not a suite run and no --report-dir: stay out of the way
        if config.option.collectonly:
            return
        product = _product_id(config, session)
        report_dir = _prepare_report_dir(config, explicit, product)
    if getattr(config.option, "allure_report_dir", "missing") is None:
        config.option.allure_report_dir = os.path.join(report_dir, "allure-results")
    if not worker and getattr(config.option, "xmlpath", "missing") is None:
        config.option.xmlpath = os.path.join(report_dir, "junit.xml")
    plugin = ReportPlugin(config, report_dir, product, worker)
    plugin.load_baseline()
    config.pluginmanager.register(plugin, PLUGIN_NAME)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # reports.record*(None, ...) attach to the test running in this process. Set here, in every
    # process that runs tests, including a crash-isolation child (where ReportPlugin is not
    # registered: its parent reports), so what the child records reaches the child's JUnit.
    api._current = item


def pytest_runtest_logfinish(nodeid, location):
    api._current = None


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    plugin = node.config.pluginmanager.get_plugin(PLUGIN_NAME)
    if plugin is not None:
        node.workerinput["aclop_reports"] = {"dir": plugin.report_dir, "product": plugin.product}


# -- the plugin ------------------------------------------------------------------------------

def _props(user_properties) -> list[tuple[str, object]]:
    return [tuple(p) for p in (user_properties or ()) if isinstance(p, (tuple, list)) and len(p) == 2]


def _first_prop(props, name):
    for k, v in props:
        if k == name:
            return v
    return None


def _decoded(value):
    """A structured user property that went through a text channel (JUnit of an isolated child)."""
    if isinstance(value, str):
        import ast
        for parse in (json.loads, ast.literal_eval):
            try:
                return parse(value)
            except (ValueError, SyntaxError):
                continue
    return value


def _compact_numeric(report) -> None:
    """Numeric entries in a report's user properties lose their outputs and details (kept in
    results.json), so JUnit XML carries metrics, not kilobytes of base64."""
    props = report.user_properties
    for i, p in enumerate(props):
        if isinstance(p, (tuple, list)) and len(p) == 2 and p[0] == PROP_NUMERIC and isinstance(p[1], dict):
            props[i] = (PROP_NUMERIC, json.dumps({k: v for k, v in p[1].items()
                                                  if k not in ("output", "details", "worst")}))


def _short(text: str, limit: int = MESSAGE_LIMIT) -> str:
    text = str(text or "")
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more characters]"


def _meta(item) -> dict:
    """Clauses (clause markers), op and dtype (markers, parameters) and numeric case of an item,
    worked out once and kept in its stash (every phase report, a rerun and the allure labels)."""
    meta = item.stash.get(_META, None)
    if meta is not None:
        return meta
    clauses = []
    for mark in item.iter_markers("clause"):
        clauses += [str(a) for a in mark.args]
    op = item.get_closest_marker("op")
    dt = item.get_closest_marker("dtype")
    params = getattr(getattr(item, "callspec", None), "params", {})
    op = op.args[0] if op and op.args else params.get("op") if isinstance(params.get("op"), str) else None
    dtype = dt.args[0] if dt and dt.args else params.get("dtype") if isinstance(params.get("dtype"), str) else None
    case = None
    for value in params.values():     # a case object (fixtures/catalog.py): .op.name, .dtype, .id
        name = getattr(getattr(value, "op", None), "name", None)
        if isinstance(name, str):
            op = op or name
            dtype = dtype or (value.dtype if isinstance(getattr(value, "dtype", None), str) else None)
            case = getattr(value, "id", None) if isinstance(getattr(value, "id", None), str) else None
            break
    meta = item.stash[_META] = {"clauses": sorted(set(clauses)), "op": op, "dtype": dtype, "case": case}
    return meta


class ReportPlugin:
    def __init__(self, config, report_dir: str, product: str | None, worker: bool):
        self.config = config
        self.report_dir = report_dir
        self.product = product
        self.worker = worker
        self.rerun = not config.getoption("--no-rerun")
        self.baseline = baselines.empty()
        self._pending: dict[str, list] = {}
        self.records: list[dict] = []
        self.start = None
        self._t0 = None
        self._items: dict = {}
        self._recent: dict[str, list[str]] = {}
        self._failed_here: set[str] = set()

    @functools.cached_property
    def controller(self) -> bool:
        """The xdist controller: it runs no test, it aggregates and writes. Cached on first use
        (a report), by when xdist has registered its dsession (its pytest_configure)."""
        return not self.worker and self.config.pluginmanager.has_plugin("dsession")

    # baselines --------------------------------------------------------------------------------
    def load_baseline(self):
        opt = self.config.getoption("--baseline")
        if opt and opt.lower() == "none":
            return
        if opt:
            path = os.path.abspath(os.path.join(str(self.config.invocation_params.dir), opt))
            if not os.path.exists(path):
                raise pytest.UsageError(f"--baseline {path}: no such file")
        else:
            path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "baselines",
                                f"{self.product}.toml")
            if not self.product or not os.path.exists(path):
                return
        try:
            self.baseline = baselines.load(path, self.product)
        except baselines.BaselineError as exc:
            raise pytest.UsageError(f"baseline: {exc}") from None

    @functools.cached_property
    def release(self) -> str | None:
        release = self.config.getoption("--release")
        session = None if release else _session(self.config, create=False)
        if session is not None:
            try:
                release = session.acl.runtime_version()
            except Exception:        # noqa: BLE001 - a version is optional
                pass
        return release or None

    # per test (in the process that runs it) -----------------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        if _META in item.stash:
            return                    # a rerun: labelled already
        try:
            import allure
        except ImportError:
            return
        meta = _meta(item)
        allure.dynamic.parent_suite(self.product or "unknown product")
        allure.dynamic.suite(item.nodeid.split("::", 1)[0])
        for clause in meta["clauses"]:
            allure.dynamic.feature(clause)
            allure.dynamic.tag(clause)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        if (not self.rerun or item.get_closest_marker("crash_prone")
                or item.get_closest_marker("hazard")):
            return None               # the isolation runner (or the default protocol) runs it
        ihook = item.ihook
        ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        reps = runtestprotocol(item, nextitem=nextitem, log=False)
        classes = [getattr(r, "aclop", {}).get("class", "Pass") for r in reps]
        if worst(classes) == "Fail":
            failed = next(r for r in reps if getattr(r, "aclop", {}).get("class") == "Fail")
            item.user_properties = [(PROP_RERUN, {"class": "Fail", "phase": failed.when,
                                                  "message": failed.aclop.get("message", "")})]
            item._report_sections = []
            reps = runtestprotocol(item, nextitem=nextitem, log=False)
        for rep in reps:
            ihook.pytest_runtest_logreport(report=rep)
        ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    @pytest.hookimpl(hookwrapper=True, trylast=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        rep = outcome.get_result()
        self._annotate(rep, _meta(item), call.excinfo)

    def _annotate(self, rep, meta: dict, excinfo=None) -> None:
        """Classify one phase report, apply the baseline, and leave the result on ``rep.aclop``."""
        exc = excinfo.value if excinfo is not None else None
        kind = exc_kind_of(exc) if rep.failed else None
        forced = _first_prop(_props(rep.user_properties), PROP_OUTCOME)
        reason = skip_reason(rep.longrepr) if rep.skipped else ""
        cls = classify_phase(rep.when, rep.outcome, reason=reason, wasxfail=hasattr(rep, "wasxfail"),
                             exc_kind=kind, forced=forced)
        if rep.failed:
            message = excinfo.exconly() if excinfo is not None else rep.longreprtext.strip()
        elif rep.skipped:
            message = getattr(rep, "wasxfail", "") or reason
        else:
            message = ""
        info = {"class": cls, "exc_kind": kind, "message": _short(message), "meta": meta}
        recent = getattr(exc, "recent_message", None)
        if recent:
            info["recent_error"] = str(recent)
        if hasattr(rep, "wasxfail") and rep.skipped:
            info["waiver"] = {"pattern": "xfail marker", "category": "xfail", "reason": rep.wasxfail}
        if cls in WAIVABLE and self.baseline.waivers:
            active, expired = self.baseline.match(rep.nodeid, cls, self.release)
            if active is not None:
                rep.outcome = "skipped"
                rep.wasxfail = (f"waived by {active.where(self.baseline.path)} ({active.category}, "
                                f"{active.link}, owner {active.owner}, expires {active.expires}): {cls}")
                info.update({"class": "Waived", "waived_class": cls, "waiver": active.as_dict()})
            elif expired is not None:
                info["expired_waiver"] = expired.as_dict()
                info["message"] = _short(f"[baseline entry {expired.where(self.baseline.path)} expired in "
                                         f"{expired.expires}, release under test {self.release}] {message}")
        rep.aclop = info

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        self._items = {i.nodeid: i for i in items}

    # allure labels and attachments, in the process that ran the test ----------------------------
    def _allure_finish(self, rep, recent_errors, failed: bool):
        try:
            import allure
        except ImportError:
            return
        props = _props(rep.user_properties)
        info = getattr(rep, "aclop", {})
        meta = info.get("meta", {})
        op = meta.get("op") or _first_prop(props, PROP_OP)
        dtype = meta.get("dtype") or _first_prop(props, PROP_DTYPE)
        for tag in (op, dtype):
            if tag:
                allure.dynamic.tag(str(tag))
        metrics = {k[len(METRIC_PREFIX):]: v for k, v in props if k.startswith(METRIC_PREFIX)}
        numeric = [v for k, v in props if k == PROP_NUMERIC]
        if metrics or numeric:
            body = {"metrics": metrics, "numeric": [{k: v for k, v in n.items() if k not in ("output", "details")}
                                                    for n in numeric]}
            # no indent: json.dumps takes the C encoder only without one (1 ms per test otherwise)
            allure.attach(json.dumps(body), name="metrics", attachment_type=allure.attachment_type.JSON)
        worst_lines = []
        for n in numeric:
            for idx, a, e, r in n.get("worst") or []:
                worst_lines.append(f"{n.get('case') or ''} {tuple(idx)}: actual {a} vs expected {e} (rel. error {r})")
        if worst_lines and failed:
            allure.attach("\n".join(worst_lines), name="worst elements", attachment_type=allure.attachment_type.TEXT)
        recent = list(recent_errors)
        if recent:
            allure.attach("\n".join(dict.fromkeys(recent)), name="aclGetRecentErrMsg",
                          attachment_type=allure.attachment_type.TEXT)
        if failed:
            allure.attach(self.repro(rep.nodeid), name="reproduce", attachment_type=allure.attachment_type.TEXT)

    # aggregation (controller, or the only process) ----------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report):
        if not self.controller:              # this process ran the test: allure is still open
            nodeid = report.nodeid
            if not isinstance(getattr(report, "aclop", None), dict):
                # made without pytest_runtest_makereport (the crash-isolation runner): classify
                # here, before xdist sends it and before pytest counts it
                item = self._items.get(nodeid)
                self._annotate(report, _meta(item) if item is not None else {})
            info = report.aclop
            if info.get("recent_error"):
                self._recent.setdefault(nodeid, []).append(info["recent_error"])
            if info["class"] != "Pass":
                self._failed_here.add(nodeid)
            if report.when == "teardown":
                failed = nodeid in self._failed_here
                self._failed_here.discard(nodeid)
                self._allure_finish(report, self._recent.pop(nodeid, []), failed)
        if self.worker:
            return
        self._pending.setdefault(report.nodeid, []).append(report)
        if report.when in ("teardown", "???"):
            self.records.append(self._record(report.nodeid, self._pending.pop(report.nodeid)))
            _compact_numeric(report)        # JUnit gets the metrics, results.json the outputs too

    def pytest_collectreport(self, report):
        if self.worker or not report.failed:
            return
        self.records.append({
            "id": report.nodeid or "<collection>", "suite": (report.nodeid or "").split("::", 1)[0],
            "clauses": [], "op": None, "dtype": None, "case": None, "class": "HarnessError",
            "phases": {"collect": "HarnessError"}, "duration": 0.0,
            "message": _short("collection error: " + (report.longreprtext.strip().splitlines() or [""])[-1]),
            "longrepr": _short(report.longreprtext, LONGREPR_LIMIT), "metrics": {}, "numeric": [],
            "repro": self.repro(report.nodeid or "")})

    def _record(self, nodeid: str, reps: list) -> dict:
        phases, infos = {}, []
        for r in reps:
            info = getattr(r, "aclop", None)
            if not isinstance(info, dict):        # a report this plugin did not see (xdist crash)
                info = {"class": classify_phase(r.when, r.outcome, reason=skip_reason(r.longrepr) if r.skipped else "",
                                                wasxfail=hasattr(r, "wasxfail")),
                        "message": _short(r.longreprtext), "meta": {}}
            phases[r.when] = info["class"]
            infos.append((r, info))
        # Every phase report carries the item's user properties as they were then: the latest
        # report has them all (the longest list, should a crash report carry none).
        props = [(k, _decoded(v) if k in (PROP_NUMERIC, PROP_RERUN) else v)
                 for k, v in max((_props(r.user_properties) for r in reps), key=len, default=[])]
        cls = worst(phases.values())
        rerun = _first_prop(props, PROP_RERUN)
        if rerun and cls == "Pass":
            cls = "Flake"
        main_rep, main = max(infos, key=lambda x: SEVERITY[x[1]["class"]])
        meta = next((i["meta"] for _, i in infos if i.get("meta")), {})
        metrics = {k[len(METRIC_PREFIX):]: v for k, v in props if k.startswith(METRIC_PREFIX)}
        numeric = [v for k, v in props if k == PROP_NUMERIC]
        message = main.get("message", "")
        if cls == "Flake":
            message = f"failed in {rerun.get('phase')}, passed on rerun: {rerun.get('message', '')}"
        elif rerun and SEVERITY[cls] >= SEVERITY["Fail"]:
            message = f"[failed again on rerun] {message}"
        rec = {
            "id": nodeid, "suite": nodeid.split("::", 1)[0], "clauses": meta.get("clauses", []),
            "op": meta.get("op") or _first_prop(props, PROP_OP) or next((n.get("op") for n in numeric if n.get("op")), None),
            "dtype": meta.get("dtype") or _first_prop(props, PROP_DTYPE),
            "case": _first_prop(props, PROP_CASE) or meta.get("case"),
            "class": cls, "phases": phases,
            "duration": round(sum(float(getattr(r, "duration", 0.0) or 0.0) for r in reps), 6),
            # already JSON-safe: reports.record and record_metrics store plain() values
            "message": message, "metrics": metrics, "numeric": numeric,
            "repro": self.repro(nodeid),
        }
        if SEVERITY[cls] >= SEVERITY["Waived"] and main_rep.longreprtext:
            rec["longrepr"] = _short(main_rep.longreprtext, LONGREPR_LIMIT)
        for _, info in infos:
            if info.get("waiver"):
                rec["waiver"] = info["waiver"]
                rec["waived_class"] = info.get("waived_class")
            if info.get("expired_waiver"):
                rec["expired_waiver"] = info["expired_waiver"]
            if info.get("recent_error"):
                rec.setdefault("recent_error", info["recent_error"])
        if signal := _first_prop(props, PROP_SIGNAL):
            rec["signal"] = signal
        if rerun:
            rec["rerun"] = rerun
        return rec

    # reproduction -------------------------------------------------------------------------------
    _REPRO_OPTIONS = ("--backend", "--acl-lib", "--soc", "--product", "--device-id", "--model-dir",
                      "--atc", "--baseline", "--release")

    def repro(self, nodeid: str) -> str:
        env = []
        if os.environ.get("HYPOTHESIS_PROFILE"):
            env.append(f"HYPOTHESIS_PROFILE={shlex.quote(os.environ['HYPOTHESIS_PROFILE'])}")
        if os.environ.get("ACL_LIBRARY") and not _opt(self.config, "--acl-lib"):
            env.append(f"ACL_LIBRARY={shlex.quote(os.environ['ACL_LIBRARY'])}")
        args = ["python", "-m", "pytest", nodeid]
        for name in self._REPRO_OPTIONS:
            value = _opt(self.config, name)
            if value not in (None, False, "") and not (name == "--backend" and value == "sim"):
                args += [name, str(value)]
        session = _session(self.config, create=False)
        if (session is not None and session.backend == "sim" and session.soc
                and not _opt(self.config, "--soc") and not _opt(self.config, "--acl-lib")):
            args += ["--soc", session.soc]      # pin the simulator profile this run had
        if _opt(self.config, "--run-hazards"):
            args.append("--run-hazards")
        seed = _opt(self.config, "--hypothesis-seed")
        if seed is not None:
            args += ["--hypothesis-seed", str(seed)]
        args.append("--no-rerun")
        return " ".join(env + [shlex.quote(a) for a in args])

    # session ------------------------------------------------------------------------------------
    def pytest_sessionstart(self, session):
        self.start = _dt.datetime.now(_dt.timezone.utc)
        self._t0 = time.monotonic()
        allure_output.adopt_registered_loggers()     # one container file per test, not per fixture

    def environment(self) -> dict:
        session = _session(self.config, create=False)
        env = {"product": self.product, "backend": _opt(self.config, "--backend"),
               "soc": _opt(self.config, "--soc"), "libraries": [], "runtime_version": None}
        if session is not None:
            def safe(fn):
                try:
                    return fn()
                except Exception:             # noqa: BLE001 - metadata must not fail the run
                    return None
            env.update({
                "product": session.product.id, "product_name": session.product.name,
                "product_source": session.product_source, "backend": session.backend,
                "libraries": list(session.libs.paths), "soc": session.soc,
                "runtime_version": safe(session.acl.runtime_version),
                "acl_version": safe(session.acl.acl_version),
                "simulator_version": safe(session.acl.simulator_version),
                "devices": safe(session.device_count),
            })
        env["release"] = self.release
        env["harness_version"] = _harness_version()
        env["git"] = _git(str(self.config.rootpath))
        try:
            from hypothesis import settings
            profile = getattr(settings, "_current_profile", None)
        except ImportError:
            profile = None
        env["hypothesis_profile"] = profile or os.environ.get("HYPOTHESIS_PROFILE")
        env["seeds"] = {"hypothesis_seed": _opt(self.config, "--hypothesis-seed"),
                        "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED")}
        env["options"] = {
            "args": list(self.config.invocation_params.args),
            "cwd": str(self.config.invocation_params.dir),
            "rootdir": str(self.config.rootpath),
            "numprocesses": _opt(self.config, "numprocesses"),
            "rerun": self.rerun,
            **{n.lstrip("-").replace("-", "_"): _opt(self.config, n) for n in self._REPRO_OPTIONS},
            "run_hazards": _opt(self.config, "--run-hazards"),
            "report_dir": self.report_dir,
            "junitxml": getattr(self.config.option, "xmlpath", None),
            "alluredir": getattr(self.config.option, "allure_report_dir", None),
        }
        env["python"] = sys.version.split()[0]
        env["pytest"] = pytest.__version__
        env["platform"] = platform.platform()
        env["host"] = socket.gethostname()
        return plain(env)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session, exitstatus):
        allure_output.flush_registered_loggers()      # in every process that wrote allure files
        if self.worker:
            return
        for nodeid, reps in list(self._pending.items()):    # interrupted tests: what we have
            rec = self._record(nodeid, reps)
            rec["message"] = "[incomplete: no teardown report] " + rec["message"]
            if rec["class"] == "Pass":
                rec["class"] = "HarnessError"
            self.records.append(rec)
        self._pending.clear()
        end = _dt.datetime.now(_dt.timezone.utc)
        baseline_eval = baselines.evaluate(self.baseline, self.records, self.release)
        data = {
            "schema": SCHEMA,
            "environment": self.environment(),
            "start": self.start.isoformat() if self.start else None,
            "end": end.isoformat(),
            "duration": round(time.monotonic() - self._t0, 3) if self._t0 else None,
            "exitstatus": int(exitstatus),
            "counts": counts(r["class"] for r in self.records),
            "baseline": baseline_eval,
            "tests": sorted(self.records, key=lambda r: r["id"]),
        }
        self.summary = data
        path = os.path.join(self.report_dir, "results.json")
        tmp = path + ".tmp"
        text = json.dumps(data, ensure_ascii=False)      # dumps without indent: the C encoder
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
        if getattr(self.config, "_aclop_default_report_dir", False):
            _point_latest(self.report_dir)

    def pytest_terminal_summary(self, terminalreporter):
        data = getattr(self, "summary", None)
        if data is None:
            return
        tr = terminalreporter
        tr.section("aclop results")
        shown = ", ".join(f"{n} {c}" for n, c in data["counts"].items() if c)
        tr.write_line(f"product {self.product}: {shown or 'no tests'}")
        b = data["baseline"]
        if b["file"]:
            tr.write_line(f"baseline {b['file']} (release {b['release']}): {len(b['entries'])} entries, "
                          f"{len(b['stale'])} stale, {len(b['expired'])} expired, "
                          f"{len(b['unexpected_passes'])} unexpected passes")
            for e in b["stale"]:
                tr.write_line(f"  warning: stale baseline entry {b['file']}:{e['line']} matches no test that ran: {e['pattern']}", yellow=True)
            for e in b["expired"]:
                tr.write_line(f"  error: expired baseline entry {b['file']}:{e['line']} (expires {e['expires']}, "
                              f"release {b['release']}): {e['pattern']} - fails the verdict", red=True)
            for u in b["unexpected_passes"]:
                tr.write_line(f"  unexpected pass of a waived test: {u['id']} (entry line {u['line']})", yellow=True)
        for r in data["tests"]:
            if r["class"] == "Flake":
                tr.write_line(f"FLAKE {r['id']}: {r['message'][:200]}", yellow=True)
            elif SEVERITY[r["class"]] > SEVERITY["Fail"]:
                tr.write_line(f"{r['class'].upper()} {r['id']}: {r['message'][:200]}", red=True)
        tr.write_line(f"results: {self.report_dir}")


def _harness_version() -> str | None:
    try:
        from importlib.metadata import version
        return version("aclop-conformance")
    except Exception:                     # noqa: BLE001
        return None


def _git(root: str) -> dict:
    def run(*args):
        try:
            out = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10)
            return out.stdout.strip() if out.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            return None
    commit = run("rev-parse", "HEAD")
    status = run("status", "--porcelain", "--untracked-files=no") if commit else None
    return {"commit": commit, "dirty": bool(status) if status is not None else None}
