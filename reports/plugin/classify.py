"""Classification: each phase report's result class (reports.results), in the process that ran
the test, left on ``rep.aclop`` (which xdist carries to the controller), with the baseline applied:
a failure an active entry expects becomes Waived (pytest shows it as xfailed), an expired entry
waives nothing and says so in the message."""
from __future__ import annotations

import pytest

from .. import records
from ..recording import item_meta
from ..results import PROP_OUTCOME, WAIVABLE, classify_phase, exc_kind_of, skip_reason
from .outputs import allure_dir


class ClassificationHooks:
    @pytest.hookimpl(hookwrapper=True, trylast=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        rep = outcome.get_result()
        self._annotate(rep, item_meta(item), call.excinfo)

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
                "allure": allure_dir(self.config) is not None}
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
