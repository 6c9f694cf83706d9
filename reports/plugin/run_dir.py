"""Where a run's outputs go, and the rule that nothing earlier is ever overwritten silently.

- ``--report-dir DIR``: DIR must be missing or empty; a non-empty DIR is a usage error naming it,
  unless ``--report-overwrite`` (which removes only this plugin's outputs from it).
- default: ``reports/out/<product id>/<UTC timestamp>/``, a new directory per run, and the symlink
  ``reports/out/<product id>/latest`` moved to it once its results.json is complete.
- runs that execute no test (``--help``, ``--version``, ``--markers``, ``--fixtures``,
  ``--collect-only``) create nothing.
"""
from __future__ import annotations

import datetime as _dt
import os

import pytest

OUTPUTS = ("results.json", "junit.xml", "allure-results")     # what --report-overwrite removes
# options after which pytest runs no test: such a run must create no report directory
NO_RUN_OPTIONS = ("help", "version", "markers", "showfixtures", "show_fixtures_per_test", "collectonly")


def utc_stamp() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def prepare_report_dir(config, explicit: str | None, product: str | None) -> str:
    if explicit:
        path = os.path.abspath(os.path.join(str(config.invocation_params.dir), explicit))
        if os.path.exists(path) and not os.path.isdir(path):
            raise pytest.UsageError(f"--report-dir {path}: exists and is not a directory")
        if os.path.isdir(path) and os.listdir(path):
            if not config.getoption("--report-overwrite"):
                raise pytest.UsageError(
                    f"--report-dir {path}: directory is not empty (results of an earlier run?); "
                    f"refusing to overwrite it. Choose a new directory, or pass --report-overwrite "
                    f"to replace its results ({', '.join(OUTPUTS)})")
            from ..cleanup import remove_entries
            remove_entries(path, OUTPUTS)
        os.makedirs(path, exist_ok=True)
        return path
    base = os.path.join(str(config.rootpath), "reports", "out", product or "unknown-product")
    os.makedirs(base, exist_ok=True)
    stamp = utc_stamp()
    for n in range(1000):
        path = os.path.join(base, stamp if n == 0 else f"{stamp}-{n}")
        try:
            os.mkdir(path)
            break
        except FileExistsError:
            continue
    config._aclop_default_report_dir = True
    return path


def point_latest(path: str) -> None:
    """<product dir>/latest -> this run (after its results.json is complete)."""
    link = os.path.join(os.path.dirname(path), "latest")
    tmp = f"{link}.{os.getpid()}.tmp"
    try:
        if os.path.lexists(tmp):
            os.remove(tmp)
        os.symlink(os.path.basename(path), tmp)
        os.replace(tmp, link)
    except OSError:
        pass                          # no symlinks here: build takes the newest complete run


def runs_no_test(config) -> bool:
    return any(getattr(config.option, name, False) for name in NO_RUN_OPTIONS)
