"""The last resort of a single-process run (no xdist): a test stuck inside C past its time limit.

pytest-timeout's ``signal`` method fails a test stuck in Python at its limit, but a call blocked
inside C (a hung stream synchronisation) never returns to Python to see the signal, and the
``thread`` method would end the process with no results at all. The watchdog waits ``GRACE``
seconds past the limit, then writes what the run has (the hung test as Timeout, the tests never
run as NotRun: results.json, JUnit, Allure), dumps every thread's stack and ends the process with
exit status 1. Under xdist it is not used: a worker past the limit is ended and replaced.
"""
from __future__ import annotations

import faulthandler
import os
import sys
import threading

import pytest
from _pytest.reports import TestReport

from ..recording import item_meta

GRACE = 10.0


class Watchdog:
    def __init__(self, plugin):
        self.plugin = plugin

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        limit = item_meta(item)["time_limit"]
        timer = None
        if limit:
            timer = threading.Timer(limit + GRACE, self._expire, (item, limit))
            timer.daemon = True
            timer.start()
        try:
            yield
        finally:
            if timer is not None:
                timer.cancel()

    def _expire(self, item, limit: float) -> None:
        try:
            print(f"\naclop: {item.nodeid} is still running {GRACE:g} s past its time limit of {limit:g} s "
                  f"(stuck outside Python): writing the results so far and ending the run", file=sys.stderr)
            faulthandler.dump_traceback(all_threads=True)
            abort_on_timeout(self.plugin, item, limit)
        finally:
            sys.stderr.flush()
            sys.stdout.flush()
            os._exit(1)


def abort_on_timeout(plugin, item, limit: float) -> None:
    """``item`` hung inside C past its limit in a single-process run. Record it as Timeout and the
    rest as NotRun, and write every output now (the process ends next)."""
    from _pytest.junitxml import xml_key
    nodeid = item.nodeid
    message = (f"Timeout: the test did not finish within its time limit of {limit:g} s (stuck "
               f"outside Python; the single-process run was ended; use -n to let the run go on)")
    props = list(item.user_properties)
    rep = TestReport(nodeid, item.location, {}, "failed", message, "call", user_properties=props)
    rep.aclop = {"class": "Timeout", "message": message, "meta": item_meta(item)}
    end = TestReport(nodeid, item.location, {}, "passed", None, "teardown", user_properties=props)
    end.aclop = {"class": "Pass", "message": "", "meta": item_meta(item)}
    xml = plugin.config.stash.get(xml_key, None)
    for r in (rep, end):
        if xml is not None:
            xml.pytest_runtest_logreport(r)
    reps = plugin._pending.pop(nodeid, []) + [rep, end]
    for r in reps:
        r.aclop.pop("allure", None)             # its allure result was never written
    plugin._finish(nodeid, reps)
    session = item.session
    session.shouldstop = f"{nodeid} hung past its time limit ({limit:g} s) in a single-process run"
    plugin.pytest_sessionfinish_records(session, pytest.ExitCode.TESTS_FAILED)
    plugin.pytest_sessionfinish(session, pytest.ExitCode.TESTS_FAILED)
    if xml is not None:
        xml.pytest_sessionfinish()
    print(f"aclop: results: {plugin.report_dir}", flush=True)
