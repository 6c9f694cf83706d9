"""The command-line options of the results plugin (group "aclop-reports").

Options only: what they do is in protocol.py (reruns), core.py and classify.py (baselines),
run_dir.py (where the outputs go, and how many default runs are kept) and time_limits.py (its own
options, per-test limits).
"""
from __future__ import annotations

import argparse

PLUGIN_NAME = "aclop-reports"          # the registered ReportPlugin, and its options group
# About 60 MB and 8,700 files per full run: 20 runs per product is about 1.2 GB, and the newest
# 20 are more history than a day's work needs (run_dir.py prunes; 0 keeps every run).
DEFAULT_KEEP_RUNS = 20


def keep_runs_count(text: str) -> int:
    """--keep-runs: a whole number >= 0. argparse puts "argument --keep-runs: " in front of the
    message, and pytest turns it into a usage error (exit status 4), so the option is named."""
    try:
        value = int(text, 10)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"expected a whole number >= 0 (how many default runs to keep per product; 0 keeps "
            f"all), got {text!r}")
    return value


def pytest_addoption(parser):
    g = parser.getgroup(PLUGIN_NAME, "aclop release-qualification results")
    g.addoption("--report-dir", default=None,
                help="write results.json, junit.xml and allure-results/ here (must be empty; "
                     "default for suite runs: reports/out/<product>/<timestamp>/)")
    g.addoption("--report-overwrite", action="store_true", default=False,
                help="allow a non-empty --report-dir: its previous results are removed first")
    g.addoption("--keep-runs", type=keep_runs_count, default=DEFAULT_KEEP_RUNS, metavar="N",
                help=f"after a default run (no --report-dir), keep the newest N run directories "
                     f"of reports/out/<product>/ and remove older ones; runs still being written "
                     f"and the one 'latest' points to are never removed; 0 keeps every run "
                     f"(default {DEFAULT_KEEP_RUNS})")
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
