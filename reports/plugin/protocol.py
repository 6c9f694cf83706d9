"""The run protocol: a test whose worst phase is Fail runs once more, in the same process.

The first attempt is kept (its class, phase, message and traceback go into every output as the
``aclop_rerun`` property); only the second attempt's reports are logged. Tests the crash
isolation runs (``crash_prone``, ``hazard``) and runs given ``--no-rerun`` keep pytest's own
protocol (or the isolation runner's).
"""
from __future__ import annotations

import pytest
from _pytest.runner import runtestprotocol

from .. import records
from ..results import PROP_NUMERIC, PROP_RERUN, worst


class RerunProtocol:
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
