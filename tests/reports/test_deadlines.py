"""One deadline thread for every time limit of a process (reports/plugin/watchdog.Deadlines)."""
import threading
import time

from reports.plugin.watchdog import Deadlines


def test_many_deadlines_one_thread_disarmed_ones_never_fire():
    d, fired = Deadlines(), []
    before = threading.active_count()
    for i in range(200):                         # a test each: armed, then disarmed in time
        d.arm(i, 5.0, fired.append, i)
        d.disarm(i)
    d.arm("late", 0.05, fired.append, "late")
    d.arm("early", 0.01, fired.append, "early")
    assert threading.active_count() == before + 1
    deadline = time.monotonic() + 5
    while len(fired) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)
    assert fired == ["early", "late"]
