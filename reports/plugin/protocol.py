"""The rerun: a test whose call fails (class Fail) runs its test function once more, at once.

Built on one public hook, ``pytest_pyfunc_call``: when the call raises a failure this harness
classes as Fail (an assertion, ``pytest.fail``, an AclError or any other exception of the test
body; not a skip, an xfail, a pytest-timeout timeout, a forced Crash/Timeout outcome, nor a
failure an xfail marker or the baseline expects), the first attempt is kept as the
``aclop_rerun`` user property (its class, phase, message and traceback go into every output) and
the hook is called again for the same item: the second attempt's outcome is the call's outcome.
A test that passes on the rerun is a Flake (reports.records), one that fails again a Fail.

Why this design and not the others: pytest's ``runtestprotocol`` (what this module used before)
is not public; a rerun of the failed node ids in a child pytest at the session's end would need
the child's results merged into every output afterwards (Allure's files included), and
pytest-rerunfailures made a run 4.8 times slower under ``-n 2``. The cost: the rerun reuses the
fixtures of the first attempt (a test that left its fixtures broken fails again, a Fail), and a
failure in a fixture's set-up or tear-down is not rerun (it is that phase's class at once).
Tests the crash isolation runs (``crash_prone``, ``hazard``) and runs given ``--no-rerun`` are not
rerun.
"""
from __future__ import annotations

import pytest

from .. import records
from ..results import PROP_NUMERIC, PROP_OUTCOME, PROP_RERUN, classify_phase, exc_kind_of


class RerunProtocol:
    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem):
        if not self._may_rerun(pyfuncitem):
            return (yield)
        try:
            return (yield)
        except BaseException as exc:             # noqa: B036 - re-raised unless it is a Fail
            if not self._reruns_after(pyfuncitem, exc):
                raise
            excinfo = pytest.ExceptionInfo.from_exception(exc)
        self._keep_first_attempt(pyfuncitem, excinfo)
        pyfuncitem.stash[_RERUNNING] = True
        try:
            return pyfuncitem.ihook.pytest_pyfunc_call(pyfuncitem=pyfuncitem)
        finally:
            del pyfuncitem.stash[_RERUNNING]

    def _may_rerun(self, item) -> bool:
        return (self.rerun and not item.stash.get(_RERUNNING, False)
                and not item.get_closest_marker("crash_prone") and not item.get_closest_marker("hazard")
                and not item.get_closest_marker("xfail"))

    def _reruns_after(self, item, exc: BaseException) -> bool:
        """Whether the call's exception makes the test a Fail (not waived by the baseline)."""
        if isinstance(exc, (pytest.skip.Exception, pytest.xfail.Exception)):
            return False
        if not isinstance(exc, (Exception, pytest.fail.Exception)):
            return False                         # KeyboardInterrupt, SystemExit, pytest.exit
        forced = records.first_prop(records.props_of(item.user_properties), PROP_OUTCOME)
        cls = classify_phase("call", "failed", reason=str(exc)[:200], exc_kind=exc_kind_of(exc), forced=forced)
        if cls != "Fail":
            return False
        if self.baseline.waivers and self.baseline.match(item.nodeid, cls, self.release)[0] is not None:
            return False                         # waived: the second attempt would change nothing
        return True

    @staticmethod
    def _keep_first_attempt(item, excinfo) -> None:
        """The first attempt as the aclop_rerun property; its numeric records are dropped (the
        second attempt records its own)."""
        longrepr = str(item.repr_failure(excinfo))
        item.user_properties = [p for p in item.user_properties if p[0] != PROP_NUMERIC] + [
            (PROP_RERUN, {"class": "Fail", "phase": "call", "message": records.short(excinfo.exconly()),
                          "longrepr": records.short(longrepr, records.LONGREPR_LIMIT)})]


_RERUNNING = pytest.StashKey[bool]()
