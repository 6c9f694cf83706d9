"""Session start and end: the console summary, and every output the controller (or the only
process) writes: results.json (environment, counts, baseline evaluation, one record per collected
test, NotRun for those never run), junit.xml from those records (junit.py), Allure's run files;
then, for a default run, the retention of older runs (run_dir.py) and its line in the summary."""
from __future__ import annotations

import datetime as _dt
import time

import pytest

from fixtures import session as run_session

from .. import baselines
from ..results import SCHEMA, counts
from . import junit
from .options import PLUGIN_NAME
from .outputs import (
    allure_dir,
    device_evidence,
    environment,
    junit_path,
    junit_properties,
    write_allure_run_files,
    write_results,
)
from .run_dir import DEFAULT_REPORT_DIR, point_latest, prune_old_runs
from .terminal import summary as write_summary
from .watchdog import Watchdog


def _not_run_reports(nodeid: str, message: str, props) -> list[pytest.TestReport]:
    path = nodeid.split("::", 1)[0]
    location = (path, None, nodeid.split("::", 1)[-1])
    # "synthetic": no process ran it, so no Allure test is open for it (aggregate.py)
    info = {"class": "NotRun", "message": message, "meta": {}, "synthetic": True}
    setup = pytest.TestReport(nodeid, location, {}, "failed", f"NotRun: {message}", "setup", user_properties=list(props))
    teardown = pytest.TestReport(nodeid, location, {}, "passed", None, "teardown", user_properties=list(props))
    setup.aclop, teardown.aclop = dict(info), {"class": "Pass", "message": "", "meta": {}, "synthetic": True}
    return [setup, teardown]


class SessionHooks:
    def pytest_sessionstart(self, session):
        self.start = _dt.datetime.now(_dt.timezone.utc)
        self._t0 = time.monotonic()
        if not self.worker:
            if not self.controller:                  # one process runs every test
                self.config.pluginmanager.register(Watchdog(self), f"{PLUGIN_NAME}-watchdog")

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
            props = junit_properties(self.product, meta.get("clauses", []))
            for rep in _not_run_reports(nodeid, why, props):
                self.config.hook.pytest_runtest_logreport(report=rep)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        """The device an xdist worker's tests ran on (it sends it at its end)."""
        used = getattr(node, "workeroutput", {}).get("aclop_device")
        if used is not None:
            self.devices_used[node.gateway.id] = used

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session, exitstatus):
        used = self.config.stash.get(run_session.DEVICE_USED, None)
        if self.worker:
            if used is not None:
                self.config.workeroutput["aclop_device"] = used
            return
        if used is not None:
            self.devices_used["main"] = used
        end = _dt.datetime.now(_dt.timezone.utc)
        baseline_eval = baselines.evaluate(self.baseline, self.records, self.release)
        harness = run_session.get(self.config)
        env = environment(self.config, self.product, harness, self.release, self.report_dir, self.rerun)
        env["devices_used"] = dict(sorted(self.devices_used.items()))
        env["device_evidence"] = device_evidence(harness, env)
        data = {
            "schema": SCHEMA,
            "environment": env,
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
        write_results(self.report_dir, data)
        if getattr(self.config.option, "xmlpath", None) is None:     # else pytest's junitxml writes it
            junit.write(junit_path(self.config, self.report_dir), self.product, data, self.junit_props,
                        self.allow_flakes, self.junit_locations)
        directory = allure_dir(self.config)
        if directory:
            write_allure_run_files(directory, env, self.report_dir)
        self.ledger.cleanup()
        if self.config.stash.get(DEFAULT_REPORT_DIR, False):
            point_latest(self.report_dir)
            # last: this run's own results are complete and `latest` names it, whatever its outcome
            self.pruned = prune_old_runs(self.config, self.report_dir)

    def pytest_terminal_summary(self, terminalreporter):
        data = getattr(self, "summary", None)
        if data is not None:
            write_summary(terminalreporter, data, self.product, self.report_dir, self.allow_flakes)
        pruned = getattr(self, "pruned", None)
        if pruned is not None:
            for line, problem in pruned.lines(str(self.config.invocation_params.dir)):
                terminalreporter.write_line(line, yellow=problem)
