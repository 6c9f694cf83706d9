"""The suites' own wiring: every suite test runs under the leak check. Autouse here, not in the
fixtures plugin, so that it applies to the suites alone."""
import pytest

from fixtures.runtime import LeakCheck, record_leak_check_off


@pytest.fixture(autouse=True)
def no_leaks(harness, memory_check_off):
    """After each suite test, every object it created is released (fixtures.runtime.LeakCheck);
    what the check could not compare is recorded on the test's report."""
    check = LeakCheck(harness, memory_check_off)
    yield
    record_leak_check_off(None, check)        # None: the test running in this process
    problems = check.problems()
    assert not problems, "[leak check] " + "; ".join(problems)
