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

from .clauses import limit_of

GRACE = 10.0


class Watchdog:
    def __init__(self, plugin):
        self.plugin = plugin

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        limit = limit_of(item)
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
            self.plugin.abort_on_timeout(item, limit)
        finally:
            sys.stderr.flush()
            sys.stdout.flush()
            os._exit(1)
