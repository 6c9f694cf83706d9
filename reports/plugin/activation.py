"""When the plugin is active, where its outputs go, and the test running in this process.

Active for runs of the conformance suites (the root conftest brings the run's HarnessSession up:
fixtures/session.py) and for any run given ``--report-dir``; never in a crash-isolation child (its
parent reports) nor in a run that executes no test (``--help``). An xdist worker is active when
its controller is, with the controller's report directory and product.
"""
from __future__ import annotations

import os

import pytest

from fixtures import session as run_session

from .. import recording
from .core import ReportPlugin
from .options import PLUGIN_NAME
from .outputs import opt
from .run_dir import prepare_report_dir, runs_no_test


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    config.addinivalue_line("markers", "op(name): the operator a test exercises (report column, allure tag)")
    config.addinivalue_line("markers", "dtype(name): the dtype a test exercises (report column, allure tag)")
    worker = hasattr(config, "workerinput")
    if worker:
        info = config.workerinput.get("aclop_reports")
        if not info:
            return
        report_dir = info["dir"]
        product = info.get("product")
    else:
        if opt(config, "--aclop-isolated-child"):
            return                    # a crash-isolation child: its parent reports the result
        if runs_no_test(config):
            return                    # --help and friends: nothing to report, nothing to create
        explicit = config.getoption("--report-dir")
        session = run_session.open_for_suites(config)
        if explicit is None and session is None:
            return                    # not a suite run and no --report-dir: stay out of the way
        product = session.product.id if session is not None else opt(config, "--product")
        report_dir = prepare_report_dir(config, explicit, product)
    if getattr(config.option, "allure_report_dir", "missing") is None:
        # allure-pytest's --alluredir, set before its pytest_configure reads it (this hook runs
        # first): allure-pytest's own plugin writes the results there
        config.option.allure_report_dir = os.path.join(report_dir, "allure-results")
    plugin = ReportPlugin(config, report_dir, product, worker)
    plugin.load_baseline()
    config.pluginmanager.register(plugin, PLUGIN_NAME)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    plugin = node.config.pluginmanager.get_plugin(PLUGIN_NAME)
    if plugin is not None:
        node.workerinput["aclop_reports"] = {"dir": plugin.report_dir, "product": plugin.product}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # reports.record*(None, ...) attach to the test running in this process. Set here, in every
    # process that runs tests, including a crash-isolation child (where ReportPlugin is not
    # registered: its parent reports), so what the child records reaches the child's JUnit.
    recording.set_current(item)


def pytest_runtest_logfinish(nodeid, location):
    recording.set_current(None)
