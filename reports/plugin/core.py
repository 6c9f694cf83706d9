"""The plugin object one run registers: its state, its baseline, and the hook families it is made of.

Each family is a mixin in its own module, all sharing this state:

- collection.py: what was collected, each test's meta (reports.recording.item_meta), JUnit labels;
- protocol.py: one rerun of a test whose call failed (pytest_pyfunc_call);
- classify.py: a phase report's result class, and the baseline's waivers;
- allure_hooks.py: Allure identity, labels and attachments, in the process that ran the test;
- aggregate.py: one record per test from its reports (the controller, or the only process);
- finish.py: session start and end (results.json, junit.xml through junit.py, Allure run files, NotRun records,
  the console summary);

and watchdog.py (a single-process run's test stuck in C), time_limits.py, activation.py.
"""
from __future__ import annotations

import functools
import os

import pytest

from fixtures import session as run_session

from .. import baselines
from .aggregate import AggregationHooks
from .allure_hooks import AllureHooks
from .classify import ClassificationHooks
from .collection import CollectionHooks
from .finish import SessionHooks
from .ledger import Ledger
from .outputs import repro, repro_parts
from .protocol import RerunProtocol

BASELINE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "baselines")


class ReportPlugin(CollectionHooks, RerunProtocol, ClassificationHooks, AllureHooks, AggregationHooks,
                   SessionHooks):
    def __init__(self, config, report_dir: str, product: str | None, worker: bool):
        self.config = config
        self.report_dir = report_dir
        self.product = product
        self.worker = worker
        self.rerun = not config.getoption("--no-rerun")
        self.allow_flakes = config.getoption("--allow-flakes")
        self.baseline = baselines.empty()
        self.ledger = Ledger(report_dir)
        self._pending: dict[str, list] = {}     # nodeid -> its phase reports so far (aggregation)
        self.records: list[dict] = []
        self.junit_props: dict[str, list] = {}  # nodeid -> its junit.xml testcase properties
        self.junit_locations: dict[str, tuple] = {}  # nodeid -> its reports' (path, line, domain)
        self.start = None
        self._t0 = None
        self._repro_parts = None      # (harness session, repro_parts): see repro()
        self._items: dict = {}                  # nodeid -> item, in the process that collected it
        self._recent: dict[str, list[str]] = {}  # nodeid -> aclGetRecentErrMsg texts (allure)
        self._failed_here: set[str] = set()
        self.devices_used: dict[str, int] = {}  # process (xdist worker id, or "main") -> device id
        self._result_hook = None      # allure_hooks.AllureResultHook, registered on first use

    @functools.cached_property
    def controller(self) -> bool:
        """The xdist controller: it runs no test, it aggregates and writes. Cached on first use
        (a report), by when xdist has registered its dsession (its pytest_configure)."""
        return not self.worker and self.config.pluginmanager.has_plugin("dsession")

    def load_baseline(self):
        opt = self.config.getoption("--baseline")
        if opt and opt.lower() == "none":
            return
        if opt:
            path = os.path.abspath(os.path.join(str(self.config.invocation_params.dir), opt))
            if not os.path.exists(path):
                raise pytest.UsageError(f"--baseline {path}: no such file")
        else:
            path = os.path.join(BASELINE_DIR, f"{self.product}.toml")
            if not self.product or not os.path.exists(path):
                return
        try:
            self.baseline = baselines.load(path, self.product)
        except baselines.BaselineError as exc:
            raise pytest.UsageError(f"baseline: {exc}") from None

    @functools.cached_property
    def release(self) -> str | None:
        release = self.config.getoption("--release")
        session = None if release else run_session.get(self.config)
        if session is not None:
            try:
                release = session.acl.runtime_version()
            except Exception:        # noqa: BLE001 - a version is optional
                pass
        return release or None

    def repro(self, nodeid: str) -> str:
        """outputs.repro for this run: its parts are made once per harness session (every record
        and every failing test's Allure result asks), the environment read when they are made."""
        session = run_session.get(self.config)
        if self._repro_parts is None or self._repro_parts[0] is not session:
            self._repro_parts = (session, repro_parts(self.config, session))
        return repro(self._repro_parts[1], nodeid)
