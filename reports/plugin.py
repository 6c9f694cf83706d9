"""pytest plugin: result classes, automatic rerun, baselines, and the per-run outputs.

Active for runs of the conformance suites (the root conftest says so) and for any run given
``--report-dir``. Outputs in the report directory:

- ``results.json``: environment metadata and exactly one record per collected test
  (reports.records; a test never run because the run was cut short is NotRun);
- ``junit.xml``: pytest's own JUnit XML, unless ``--junitxml`` points elsewhere: one testsuite
  named by the product, product and clause properties on every testcase;
- ``allure-results/``: allure-pytest's results, unless ``--alluredir`` points elsewhere, with this
  harness's identity and labels (reports.identity), attachments (metrics, worst elements,
  aclGetRecentErrMsg text, first attempt of a rerun, reproduction command), results for tests no
  worker reported (crash, NotRun), and environment.properties, executor.json, categories.json.

This module holds the configuration and the hooks; the concerns live beside it:
records.py (one record per test), ledger.py (what was collected), outputs.py (files),
identity.py (Allure identity), terminal.py (the console summary), time_limits.py (per-test
limits through pytest-timeout).

Where the outputs go, and why nothing earlier is overwritten: run_dir.py. The options: options.py.

Under xdist only the controller writes results.json and junit.xml; workers classify, waive and
attach in the process that ran the test and send the rest through report attributes and user
properties (allure-pytest itself writes its result files from each worker).
"""
from __future__ import annotations

import datetime as _dt
import functools
import os
import time

import pytest
from _pytest.reports import TestReport
from _pytest.runner import runtestprotocol

import reports as api
from fixtures import session as run_session

from . import allure_output, baselines, identity, outputs, records, terminal
from .clauses import limit_of
from .ledger import Ledger
from .options import pytest_addoption  # noqa: F401 (pytest finds the hook on this plugin)
from .outputs import opt as _opt
from .results import (
    METRIC_PREFIX,
    PROP_DTYPE,
    PROP_NUMERIC,
    PROP_OP,
    PROP_OUTCOME,
    PROP_RERUN,
    SCHEMA,
    WAIVABLE,
    classify_phase,
    counts,
    exc_kind_of,
    skip_reason,
    worst,
)
from .run_dir import point_latest, prepare_report_dir, runs_no_test
from .watchdog import Watchdog

pytest_plugins = ["reports.time_limits"]

PLUGIN_NAME = "aclop-reports"
_META = pytest.StashKey[dict]()        # an item's clauses / op / dtype / case, worked out once


# -- configuration ---------------------------------------------------------------------------

def _session(config, create: bool):
    """The run's HarnessSession (fixtures.session owns it); with create, brought up for a suite run."""
    return run_session.open_for_suites(config) if create else run_session.get(config)


def _product_id(config, session) -> str | None:
    if session is not None:
        return session.product.id
    return _opt(config, "--product")


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
        product = info.get("product")
    else:
        if _opt(config, "--aclop-isolated-child"):
            return                    # a crash-isolation child: its parent reports the result
        if runs_no_test(config):
            return                    # --help and friends: nothing to report, nothing to create
        explicit = config.getoption("--report-dir")
        session = _session(config, create=True)
        if explicit is None and session is None:
            return                    # not a suite run and no --report-dir: stay out of the way
        product = _product_id(config, session)
        report_dir = prepare_report_dir(config, explicit, product)
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

def _meta(item) -> dict:
    """Clauses (clause markers), op and dtype (markers, parameters), numeric case and time limit
    of an item, worked out once and kept in its stash (every phase report, a rerun, the labels)."""
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
    meta = item.stash[_META] = {"clauses": sorted(set(clauses)), "op": op, "dtype": dtype, "case": case,
                                "time_limit": limit_of(item)}
    return meta


def _not_run_reports(nodeid: str, message: str, props) -> list[TestReport]:
    path = nodeid.split("::", 1)[0]
    location = (path, None, nodeid.split("::", 1)[-1])
    info = {"class": "NotRun", "message": message, "meta": {}}
    setup = TestReport(nodeid, location, {}, "failed", f"NotRun: {message}", "setup", user_properties=list(props))
    teardown = TestReport(nodeid, location, {}, "passed", None, "teardown", user_properties=list(props))
    setup.aclop, teardown.aclop = dict(info), {"class": "Pass", "message": "", "meta": {}}
    return [setup, teardown]


class ReportPlugin:
    def __init__(self, config, report_dir: str, product: str | None, worker: bool):
        self.config = config
        self.report_dir = report_dir
        self.product = product
        self.worker = worker
        self.rerun = not config.getoption("--no-rerun")
        self.allow_flakes = config.getoption("--allow-flakes")
        self.baseline = baselines.empty()
        self.ledger = Ledger(report_dir)
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

    def repro(self, nodeid: str) -> str:
        return outputs.repro(self.config, nodeid, _session(self.config, create=False))

    # collection -------------------------------------------------------------------------------
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        self._items = {i.nodeid: i for i in items}
        metas = {i.nodeid: _meta(i) for i in items}
        if self.worker:
            self.ledger.write(config.workerinput.get("workerid", str(os.getpid())), metas)
        else:
            self.ledger.add(metas)
            self.ledger.collected = list(self._items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node, ids):
        if self.ledger.collected is None:
            self.ledger.collected = list(ids)

    # per test (in the process that runs it) -----------------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        if getattr(item, "_aclop_labelled", False):
            return                    # a rerun: its properties are there already
        item._aclop_labelled = True
        item.user_properties.extend(outputs.junit_properties(self.product, _meta(item)["clauses"]))

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_teardown(self, item):
        yield                         # allure-pytest's teardown hook set its identity and labels
        listener = self.config.pluginmanager.get_plugin("allure_listener")
        if listener is None:
            return
        try:
            result = listener.allure_logger.get_test(None)
        except Exception:             # noqa: BLE001 - allure internals: never fail a test over them
            result = None
        if result is not None:
            identity.apply(result, item.nodeid, self.product, _meta(item),
                           getattr(getattr(item, "callspec", None), "params", {}))

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
            # the first attempt is kept: its phase, message and traceback go into every output
            item.user_properties = [p for p in item.user_properties if p[0] != PROP_NUMERIC] + [
                (PROP_RERUN, {"class": "Fail", "phase": failed.when,
                              "message": failed.aclop.get("message", ""),
                              "longrepr": records.short(failed.longreprtext, records.LONGREPR_LIMIT)})]
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
        forced = records.first_prop(records.props_of(rep.user_properties), PROP_OUTCOME)
        reason = skip_reason(rep.longrepr) if rep.skipped else ""
        if rep.failed:
            message = excinfo.exconly() if excinfo is not None else rep.longreprtext.strip()
        elif rep.skipped:
            message = getattr(rep, "wasxfail", "") or reason
        else:
            message = ""
        cls = classify_phase(rep.when, rep.outcome, reason=reason if rep.skipped else message,
                             wasxfail=hasattr(rep, "wasxfail"), exc_kind=kind, forced=forced)
        info = {"class": cls, "exc_kind": kind, "message": records.short(message), "meta": meta,
                "allure": outputs.allure_dir(self.config) is not None}
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
                info["message"] = records.short(f"[baseline entry {expired.where(self.baseline.path)} expired in "
                                                f"{expired.expires}, release under test {self.release}] {message}")
        rep.aclop = info

    # allure labels and attachments, in the process that ran the test ----------------------------
    def _allure_finish(self, rep, recent_errors, failed: bool):
        try:
            import allure
        except ImportError:
            return
        props = records.props_of(rep.user_properties)
        info = getattr(rep, "aclop", {})
        meta = info.get("meta", {})
        op = meta.get("op") or records.first_prop(props, PROP_OP)
        dtype = meta.get("dtype") or records.first_prop(props, PROP_DTYPE)
        for tag in (op, dtype):
            if tag:
                allure.dynamic.tag(str(tag))
        metrics = {k[len(METRIC_PREFIX):]: v for k, v in props if isinstance(k, str) and k.startswith(METRIC_PREFIX)}
        numeric, _ = records.numeric_entries([(k, records.decoded(v) if k == PROP_NUMERIC else v) for k, v in props])
        if metrics or numeric:
            body = {"metrics": metrics, "numeric": [{k: v for k, v in n.items() if k not in ("output", "details")}
                                                    for n in numeric]}
            # no indent: json.dumps takes the C encoder only without one (1 ms per test otherwise)
            import json
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
        rerun = records.first_prop(props, PROP_RERUN)
        if isinstance(rerun, dict):
            allure.attach(f"first attempt: {rerun.get('class')} in {rerun.get('phase')}\n\n"
                          f"{rerun.get('longrepr') or rerun.get('message', '')}",
                          name="first attempt (failed)", attachment_type=allure.attachment_type.TEXT)
            self._mark_flaky(rerun, failed)
        if failed or rerun:
            allure.attach(self.repro(rep.nodeid), name="reproduce", attachment_type=allure.attachment_type.TEXT)

    def _mark_flaky(self, rerun: dict, failed_again: bool) -> None:
        listener = self.config.pluginmanager.get_plugin("allure_listener")
        result = listener.allure_logger.get_test(None) if listener is not None else None
        if result is None:
            return
        from allure_commons.model2 import StatusDetails
        details = result.statusDetails or StatusDetails()
        details.flaky = True
        if not failed_again:
            details.message = f"Flake: failed in {rerun.get('phase')} on the first attempt: {rerun.get('message', '')}"
            details.trace = rerun.get("longrepr") or details.trace
        result.statusDetails = details

    # aggregation (controller, or the only process) ----------------------------------------------
    def pytest_runtest_logstart(self, nodeid, location):
        if not self.worker:
            self.ledger.started(nodeid)

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
        if report.when == "???" and not isinstance(getattr(report, "aclop", None), dict):
            self._classify_crash(report)
        self._pending.setdefault(report.nodeid, []).append(report)
        if report.when in ("teardown", "???"):
            self._finish(report.nodeid, self._pending.pop(report.nodeid))
            records.compact_numeric(report.user_properties)   # JUnit: metrics; results.json: all

    def _classify_crash(self, report) -> None:
        """An xdist worker died running the test: Timeout if it had run past its time limit
        (pytest-timeout ended it), else Crash. Either way the record keeps clause and product."""
        meta = self.ledger.meta(report.nodeid)
        past = self.ledger.ran_past_limit(report.nodeid)
        if past is not None:
            ran, limit = past
            cls = "Timeout"
            message = (f"Timeout: the test ran {ran:.0f} s, past its time limit of {limit:g} s "
                       f"(reports/clauses.toml); pytest-timeout ended its worker, which xdist replaced")
        else:
            cls = "Crash"
            said = [ln for ln in report.longreprtext.splitlines() if "crashed" in ln]
            message = f"Crash: {said[0] if said else 'the worker running the test died'}"
        report.aclop = {"class": cls, "message": records.short(message), "meta": meta}
        props = [(PROP_OUTCOME, cls), *outputs.junit_properties(self.product, meta.get("clauses", []))]
        report.user_properties = list(report.user_properties or []) + props
        report.longrepr = f"{message}\n{report.longreprtext}"
        outputs.junit_testcase_properties(self.config, report, props)   # no teardown report follows

    def _finish(self, nodeid: str, reps: list) -> dict:
        item = self._items.get(nodeid)
        meta = _meta(item) if item is not None else self.ledger.meta(nodeid)
        rec = records.build(nodeid, reps, product=self.product, meta=meta, repro=self.repro(nodeid))
        self.records.append(rec)
        directory = outputs.allure_dir(self.config)
        if directory and not any(getattr(r, "aclop", {}).get("allure") for r in reps):
            # no process that ran the test wrote its allure result (its worker died; never run)
            outputs.write_allure_result(directory, nodeid, self.product, meta, rec["class"], rec["message"],
                                        rec.get("longrepr", ""), rec["duration"])
        return rec

    def pytest_collectreport(self, report):
        if self.worker or not report.failed:
            return
        self.records.append(records.collection_error(report, product=self.product,
                                                     repro=self.repro(report.nodeid or "")))

    # session ------------------------------------------------------------------------------------
    def pytest_sessionstart(self, session):
        self.start = _dt.datetime.now(_dt.timezone.utc)
        self._t0 = time.monotonic()
        allure_output.adopt_registered_loggers()     # one container file per test, not per fixture
        if not self.worker:
            outputs.name_junit(self.config, self.product)
            if not self.controller:                  # one process runs every test
                self.config.pluginmanager.register(Watchdog(self), f"{PLUGIN_NAME}-watchdog")

    def abort_on_timeout(self, item, limit: float) -> None:
        """The watchdog: ``item`` hung inside C past its limit in a single-process run. Record it
        as Timeout and the rest as NotRun, and write every output now (the process ends next)."""
        from _pytest.junitxml import xml_key
        nodeid = item.nodeid
        message = (f"Timeout: the test did not finish within its time limit of {limit:g} s (stuck "
                   f"outside Python; the single-process run was ended; use -n to let the run go on)")
        props = list(item.user_properties)
        rep = TestReport(nodeid, item.location, {}, "failed", message, "call", user_properties=props)
        rep.aclop = {"class": "Timeout", "message": message, "meta": _meta(item)}
        end = TestReport(nodeid, item.location, {}, "passed", None, "teardown", user_properties=props)
        end.aclop = {"class": "Pass", "message": "", "meta": _meta(item)}
        xml = self.config.stash.get(xml_key, None)
        for r in (rep, end):
            if xml is not None:
                xml.pytest_runtest_logreport(r)
        reps = self._pending.pop(nodeid, []) + [rep, end]
        for r in reps:
            r.aclop.pop("allure", None)             # its allure result was never written
        self._finish(nodeid, reps)
        session = item.session
        session.shouldstop = f"{nodeid} hung past its time limit ({limit:g} s) in a single-process run"
        self.pytest_sessionfinish_records(session, pytest.ExitCode.TESTS_FAILED)
        self.pytest_sessionfinish(session, pytest.ExitCode.TESTS_FAILED)
        if xml is not None:
            xml.pytest_sessionfinish()
        print(f"aclop: results: {self.report_dir}", flush=True)

    @pytest.hookimpl(tryfirst=True, specname="pytest_sessionfinish")
    def pytest_sessionfinish_records(self, session, exitstatus):
        """Before JUnit and allure close: every collected test that has no record yet gets one."""
        if self.worker:
            return
        for nodeid in list(self._pending):    # interrupted tests: what we have
            rec = self._finish(nodeid, self._pending.pop(nodeid))
            rec["message"] = "[incomplete: no teardown report] " + rec["message"]
            if rec["class"] == "Pass":
                rec["class"] = "HarnessError"
        seen = {r["id"] for r in self.records}
        missing = self.ledger.missing(seen)
        why = ("the run ended before this test started (cut short: "
               + (str(session.shouldstop or session.shouldfail or "") or "xdist's --max-worker-restart, "
                  "-x / --maxfail, or an interrupt") + ")")
        for nodeid in missing:
            meta = self.ledger.meta(nodeid)
            props = outputs.junit_properties(self.product, meta.get("clauses", []))
            for rep in _not_run_reports(nodeid, why, props):
                self.config.hook.pytest_runtest_logreport(report=rep)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session, exitstatus):
        allure_output.flush_registered_loggers()      # in every process that wrote allure files
        if self.worker:
            return
        end = _dt.datetime.now(_dt.timezone.utc)
        baseline_eval = baselines.evaluate(self.baseline, self.records, self.release)
        environment = outputs.environment(self.config, self.product, _session(self.config, create=False),
                                          self.release, self.report_dir, self.rerun)
        data = {
            "schema": SCHEMA,
            "environment": environment,
            "start": self.start.isoformat() if self.start else None,
            "end": end.isoformat(),
            "duration": round(time.monotonic() - self._t0, 3) if self._t0 else None,
            "exitstatus": int(exitstatus),
            "collected": len(self.ledger.collected) if self.ledger.collected is not None else None,
            "counts": counts(r["class"] for r in self.records),
            "baseline": baseline_eval,
            "tests": sorted(self.records, key=lambda r: r["id"]),
        }
        c = data["counts"]
        if int(exitstatus) == 0 and (c["NotRun"] or (c["Flake"] and not self.allow_flakes)):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED     # a flake or a lost test is not a pass
            data["exitstatus"] = int(session.exitstatus)
        self.summary = data
        outputs.write_results(self.report_dir, data)
        directory = outputs.allure_dir(self.config)
        if directory:
            outputs.write_allure_run_files(directory, environment, self.report_dir)
        self.ledger.cleanup()
        if getattr(self.config, "_aclop_default_report_dir", False):
            point_latest(self.report_dir)

    def pytest_terminal_summary(self, terminalreporter):
        data = getattr(self, "summary", None)
        if data is not None:
            terminal.summary(terminalreporter, data, self.product, self.report_dir, self.allow_flakes)
