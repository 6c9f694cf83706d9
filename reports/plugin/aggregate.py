"""Aggregation: one record per test (reports.records) from its phase reports, in the xdist
controller or the only process; in the process that ran the test, the Allure attachments at its
teardown report. A worker that died on a test makes it Timeout (it ran past its limit) or Crash.
A test no process reported to Allure (its worker died) gets an Allure result written here."""
from __future__ import annotations

import pytest

from .. import records
from ..recording import item_meta
from ..results import PROP_OUTCOME
from .outputs import allure_dir, junit_properties, write_allure_result


class AggregationHooks:
    def pytest_runtest_logstart(self, nodeid, location):
        if not self.worker:
            self.ledger.started(nodeid)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report):
        synthetic = getattr(report, "aclop", {}).get("synthetic") if isinstance(
            getattr(report, "aclop", None), dict) else False
        if not self.controller and not synthetic:   # this process ran the test: allure is still open
            nodeid = report.nodeid
            if not isinstance(getattr(report, "aclop", None), dict):
                # made without pytest_runtest_makereport (by another plugin): classify here,
                # before xdist sends it and before pytest counts it
                item = self._items.get(nodeid)
                self._annotate(report, item_meta(item) if item is not None else {})
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
            records.compact_numeric(report.user_properties)   # --junitxml: metrics; results.json: all

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
        props = [(PROP_OUTCOME, cls), *junit_properties(self.product, meta.get("clauses", []))]
        report.user_properties = list(report.user_properties or []) + props
        report.longrepr = f"{message}\n{report.longreprtext}"

    def _finish(self, nodeid: str, reps: list) -> dict:
        item = self._items.get(nodeid)
        meta = item_meta(item) if item is not None else self.ledger.meta(nodeid)
        rec = records.build(nodeid, reps, product=self.product, meta=meta, repro=self.repro(nodeid))
        self.records.append(rec)
        # junit.xml's testcase properties: the user properties of the report that has the most
        # (normally the teardown report, which has them all; a test whose worker died has none)
        props = list(max((records.props_of(r.user_properties) for r in reps), key=len, default=[]))
        records.compact_numeric(props)
        self.junit_props[nodeid] = props
        self.junit_locations[nodeid] = getattr(reps[-1], "location", None)
        directory = allure_dir(self.config)
        if directory and not any(r.when == "teardown" and getattr(r, "aclop", {}).get("allure") for r in reps):
            # no process that ran the test wrote its allure result (it does after the teardown
            # report: its worker died before; never run)
            write_allure_result(directory, nodeid, self.product, meta, rec["class"], rec["message"],
                                        rec.get("longrepr", ""), rec["duration"])
        return rec

    def pytest_collectreport(self, report):
        if self.worker or not report.failed:
            return
        self.records.append(records.collection_error(report, product=self.product,
                                                     repro=self.repro(report.nodeid or "")))
