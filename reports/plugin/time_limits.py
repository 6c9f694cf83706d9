"""Per-test time limits: every test of a qualification run (one the reports plugin records) gets
pytest-timeout's marker from its clause class.

The limits are data (reports/clauses.toml: one per clause class, overrides per marker); a test's
own ``@pytest.mark.timeout(N)`` wins. How a test past its limit ends:

- under xdist (``-n``), method ``thread``: pytest-timeout dumps the stacks and ends the worker,
  xdist replaces it and reports the test as crashed; the reports plugin turns a worker that died
  after the test's limit into the Timeout class (reports/plugin/aggregate.py), and the run goes on;
- in a single process, method ``signal``: a test stuck in Python fails with pytest-timeout's
  "Timeout (>N s)" (classified Timeout); a call stuck inside C cannot be interrupted there, so a
  qualification run on a device uses ``-n`` (or the crash isolation, fixtures/isolation.py);
- isolated tests (``crash_prone``/``hazard`` in a child process) keep the isolation's own
  ``--isolate-timeout``; their in-parent limit is that plus a margin, so the child is killed first.

pytest-timeout's ``thread`` method starts (and joins) a ``threading.Timer`` per test; here its
``pytest_timeout_set_timer`` hook hands the deadline to the process's one deadline thread
(watchdog.Deadlines) instead, with pytest-timeout's own expiry action (dump the stacks, end the
process), so the outcomes and records are the same.
"""
from __future__ import annotations

import pytest

from .. import clauses as clause_cfg
from .options import PLUGIN_NAME
from .watchdog import DEADLINES

ISOLATION_MARGIN = 30.0


def pytest_addoption(parser):
    g = parser.getgroup(PLUGIN_NAME)
    g.addoption("--time-limit-scale", type=float, default=1.0,
                help="multiply every per-test time limit (reports/clauses.toml) by this factor, "
                     "e.g. 3 on a loaded or slow host (default 1)")
    g.addoption("--no-time-limits", action="store_true", default=False,
                help="give tests no per-test time limit (a hung test then stops the run)")


def _has_timeout_plugin(config) -> bool:
    return config.pluginmanager.has_plugin("timeout")


class SharedTimer:
    """pytest-timeout's ``thread`` method on the one deadline thread (``signal`` stays its own:
    SIGALRM needs no thread)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_timeout_set_timer(self, item, settings):
        if settings.method != "thread":
            return None
        import pytest_timeout
        key = ("timeout", item.nodeid)
        DEADLINES.arm(key, settings.timeout, pytest_timeout.timeout_timer, item, settings)
        item.cancel_timeout = lambda: DEADLINES.disarm(key)
        return True


def pytest_configure(config):
    if _has_timeout_plugin(config):
        config.pluginmanager.register(SharedTimer(), f"{PLUGIN_NAME}-shared-timer")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    if config.getoption("--no-time-limits") or not _has_timeout_plugin(config):
        return
    if not config.pluginmanager.has_plugin(PLUGIN_NAME):
        return                  # not a qualification run (the harness's own tests, --help)
    if config.getoption("--aclop-isolated-child", default=False):
        return                  # the parent's isolation runner limits the child
    scale = config.getoption("--time-limit-scale")
    if scale <= 0:
        raise pytest.UsageError(f"--time-limit-scale {scale:g}: expected a positive factor")
    cfg = clause_cfg.load()
    method = "thread" if hasattr(config, "workerinput") else "signal"
    isolate = config.getoption("--isolate-timeout", default=None)
    for item in items:
        if item.get_closest_marker("timeout") is not None:
            continue            # the test's own limit
        clauses = [str(a) for m in item.iter_markers("clause") for a in m.args]
        markers = [m.name for m in item.iter_markers()]
        seconds = clause_cfg.time_limit(clauses, markers, cfg) * scale
        if isolate and (item.get_closest_marker("crash_prone") or item.get_closest_marker("hazard")):
            seconds = max(seconds, float(isolate) + ISOLATION_MARGIN)
        item.add_marker(pytest.mark.timeout(seconds, method=method))
