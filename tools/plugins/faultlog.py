"""pytest plugin for ``python -m harness faults``: ``-p tools.plugins.faultlog --fault-log PATH``.

Writes, as the run goes (so a killed or crashed run still leaves them), JSON lines to PATH:

- ``{"clauses": {nodeid: [clause, ...]}}`` once per collecting process (the clause markers of
  every collected test; under xdist each worker collects the same items);
- ``{"start": nodeid}`` when a test starts (the last one names the test a hang or crash hit);
- ``{"fail": nodeid, "when": phase}`` for every failed phase and failed collection.

Inactive without ``--fault-log``.
"""
from __future__ import annotations

import json
import threading

_LOCK = threading.Lock()


def pytest_addoption(parser):
    parser.getgroup("aclop").addoption("--fault-log", default=None,
                                       help="internal (python -m harness faults): JSON-lines log of clauses and failures")


def _write(config, record: dict) -> None:
    path = config.getoption("--fault-log")
    if not path:
        return
    line = json.dumps(record) + "\n"
    with _LOCK, open(path, "a", encoding="utf-8") as f:   # O_APPEND: one line per write
        f.write(line)


def pytest_collection_modifyitems(config, items):
    clauses = {}
    for item in items:
        found = []
        for mark in item.iter_markers("clause"):
            found.extend(str(c) for c in mark.args)
        clauses[item.nodeid] = sorted(set(found))
    _write(config, {"clauses": clauses})


_CONFIG: dict = {}          # the session's config: the report hooks are not given it


def pytest_configure(config):
    _CONFIG["config"] = config


def _controller():
    """The config if this process logs test progress (the xdist controller, or the only process)."""
    config = _CONFIG.get("config")
    return None if config is None or hasattr(config, "workerinput") else config


def pytest_runtest_logstart(nodeid, location):
    config = _controller()
    if config is not None:
        _write(config, {"start": nodeid})


def pytest_runtest_logreport(report):
    config = _controller()
    if config is not None and report.failed:
        _write(config, {"fail": report.nodeid, "when": report.when})


def pytest_collectreport(report):
    config = _controller()
    if config is not None and report.failed:
        _write(config, {"fail": report.nodeid or "<collection>", "when": "collect"})
