"""pytest plugin: result classes, automatic rerun, baselines, and the per-run outputs.

Active for runs of the conformance suites (the root conftest says so) and for any run given
``--report-dir`` (activation.py). Outputs in the report directory:

- ``results.json``: environment metadata and exactly one record per collected test
  (reports.records; a test never run because the run was cut short is NotRun);
- ``junit.xml``: written from those records with junitparser (junit.py), unless ``--junitxml``
  points elsewhere (then pytest's own junitxml writes it, with the harness's user properties):
  one testsuite named by the product, product and clause properties on every testcase;
- ``allure-results/``: written by allure-pytest's own plugin, unless ``--alluredir`` points
  elsewhere (the default is set as allure-pytest's option before its pytest_configure), with this
  harness's labels, description and attachments added through the public ``allure`` module
  (metrics, worst elements, aclGetRecentErrMsg text, first attempt of a rerun, reproduction
  command), identity and a Flake's status through allure's ``report_result`` hook
  (allure_hooks.py, reports.identity), results for tests no worker reported (crash, NotRun), and
  environment.properties, executor.json, categories.json.

One module per hook family: options.py (the command-line options), activation.py (when the plugin
is active, where its outputs go: run_dir.py; the test running in this process), core.py (the
registered ReportPlugin: its state, made of the families collection.py, protocol.py (the rerun,
through pytest_pyfunc_call), classify.py, allure_hooks.py, aggregate.py, finish.py), watchdog.py
and time_limits.py (per-test limits through pytest-timeout). Beside them: ledger.py (what was
collected), outputs.py (results.json, Allure's run files), junit.py (junit.xml), terminal.py (the
console summary).

Under xdist only the controller writes results.json and junit.xml; workers classify, waive and
attach in the process that ran the test and send the rest through report attributes and user
properties (xdist's own report serialization); allure-pytest itself writes its result files from
each worker.
"""
from __future__ import annotations

from .core import ReportPlugin  # noqa: F401
from .options import PLUGIN_NAME  # noqa: F401

# pytest registers each as a plugin of its own, in this order (options first: its group's title)
pytest_plugins = ["reports.plugin.options", "reports.plugin.activation", "reports.plugin.time_limits"]
