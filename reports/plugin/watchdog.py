"""The last resort of a single-process run (no xdist): a test stuck inside C past its time limit.

pytest-timeout's ``signal`` method fails a test stuck in Python at its limit, but a call blocked
inside C (a hung stream synchronisation) never returns to Python to see the signal, and the
``thread`` method would end the process with no results at all. The watchdog waits ``GRACE``
seconds past the limit, then writes what the run has (the hung test as Timeout, the tests never
run as NotRun: results.json, JUnit, Allure), dumps every thread's stack and ends the process with
exit status 1. Under xdist it is not used: a worker past the limit is ended and replaced.

Every deadline of a process (this last resort and pytest-timeout's ``thread`` method, see
time_limits.py) is kept by one ``Deadlines`` thread: arming a test is a dict write and a
notify (only when it comes before the deadline the thread waits for), not a thread started and
joined per test.
"""
from __future__ import annotations

import faulthandler
import os
import sys
import threading
import time

import pytest

from ..recording import item_meta

GRACE = 10.0


class Deadlines:
    """One daemon thread for every time limit of the process: ``arm(key, seconds, fn, *args)``
    calls ``fn(*args)`` on that thread once ``seconds`` have passed, unless ``disarm(key)`` came
    first. Started on first use."""

    def __init__(self):
        self._cond = threading.Condition()
        self._due: dict = {}                    # key -> (monotonic deadline, fn, args)
        self._thread = None
        self._wakes_at: float | None = None     # when the thread's wait ends (None: no wait pending)

    def arm(self, key, seconds: float, fn, *args) -> None:
        with self._cond:
            due = time.monotonic() + seconds
            self._due[key] = (due, fn, args)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="aclop-deadlines", daemon=True)
                self._thread.start()
            # wake the thread only when this deadline comes before the one it waits for: a
            # thread woken per test costs every test a switch of the GIL; one woken at a
            # later deadline than needed finds nothing due and waits again
            if self._wakes_at is None or due < self._wakes_at:
                self._cond.notify()

    def disarm(self, key) -> None:
        with self._cond:
            self._due.pop(key, None)

    def _run(self) -> None:
        while True:
            with self._cond:
                now = time.monotonic()
                expired = [(k, v) for k, v in self._due.items() if v[0] <= now]
                for k, _ in expired:
                    del self._due[k]
                if not expired:
                    nearest = min((v[0] for v in self._due.values()), default=None)
                    self._wakes_at = float("inf") if nearest is None else nearest
                    self._cond.wait(None if nearest is None else nearest - now)
                    self._wakes_at = None
                    continue
            for _, (_, fn, args) in expired:
                fn(*args)


DEADLINES = Deadlines()


class Watchdog:
    def __init__(self, plugin):
        self.plugin = plugin

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        limit = item_meta(item)["time_limit"]
        key = ("watchdog", item.nodeid)
        if limit:
            DEADLINES.arm(key, limit + GRACE, self._expire, item, limit)
        try:
            yield
        finally:
            if limit:
                DEADLINES.disarm(key)

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
    nodeid = item.nodeid
    message = (f"Timeout: the test did not finish within its time limit of {limit:g} s (stuck "
               f"outside Python; the single-process run was ended; use -n to let the run go on)")
    props = list(item.user_properties)
    rep = pytest.TestReport(nodeid, item.location, {}, "failed", message, "call", user_properties=props)
    rep.aclop = {"class": "Timeout", "message": message, "meta": item_meta(item)}
    end = pytest.TestReport(nodeid, item.location, {}, "passed", None, "teardown", user_properties=props)
    end.aclop = {"class": "Pass", "message": "", "meta": item_meta(item)}
    reps = plugin._pending.pop(nodeid, []) + [rep, end]
    for r in reps:
        r.aclop.pop("allure", None)             # its allure result was never written
    plugin._finish(nodeid, reps)
    session = item.session
    session.shouldstop = f"{nodeid} hung past its time limit ({limit:g} s) in a single-process run"
    plugin.pytest_sessionfinish_records(session, pytest.ExitCode.TESTS_FAILED)
    plugin.pytest_sessionfinish(session, pytest.ExitCode.TESTS_FAILED)
    print(f"aclop: results: {plugin.report_dir}", flush=True)
