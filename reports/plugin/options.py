"""The command-line options of the results plugin (group "aclop-reports").

Options only: what they do is in protocol.py (reruns), core.py and classify.py (baselines),
run_dir.py (where the outputs go) and time_limits.py (its own options, per-test limits).
"""
from __future__ import annotations

PLUGIN_NAME = "aclop-reports"          # the registered ReportPlugin, and its options group


def pytest_addoption(parser):
    g = parser.getgroup(PLUGIN_NAME, "aclop release-qualification results")
    g.addoption("--report-dir", default=None,
                help="write results.json, junit.xml and allure-results/ here (must be empty; "
                     "default for suite runs: reports/out/<product>/<timestamp>/)")
    g.addoption("--report-overwrite", action="store_true", default=False,
                help="allow a non-empty --report-dir: its previous results are removed first")
    g.addoption("--baseline", default=None,
                help="expected failures (TOML); default reports/baselines/<product>.toml if it exists; "
                     "'none' for no baseline")
    g.addoption("--release", default=None,
                help="release being qualified (baseline expiry is checked against it; default: "
                     "the runtime version the library reports)")
    g.addoption("--no-rerun", action="store_true", default=False,
                help="do not rerun failed tests once (a failure that passes on rerun is a Flake)")
    g.addoption("--allow-flakes", action="store_true", default=False,
                help="a Flake (failed, passed on the rerun) does not make the exit status non-zero")
