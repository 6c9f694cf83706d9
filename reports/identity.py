"""A test's identity and labels in Allure, the same in the worker that ran it and in the
controller that writes the results of tests no worker finished (crash, NotRun).

- historyId = md5(product, nodeid): stable across runs (pytest's node ids are built from case
  ids, never from object reprs) and distinct per product, so two products merged into one
  report show every test of both instead of taking one as a retry of the other;
- testCaseId = md5(product, nodeid), one per parametrized case too: Allure 3 takes results with
  one testCaseId and no parameters (those the controller writes for crashed and never-run
  tests) as retries of one test;
- parameter values are short stable strings (a case's ``id``, a plain value), never a repr with
  a memory address;
- labels: epic = product line, parentSuite = product, feature = clause (and tag), story = suite
  file, suite = suite file, severity from the clause class (reports/clauses.toml), op and dtype
  tags (a rerun calls the test function again and never sets it up twice: each label once).
"""
from __future__ import annotations

import hashlib
import re

from . import clauses as clause_cfg

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
VALUE_LIMIT = 80


def md5(*parts) -> str:
    h = hashlib.md5()
    for p in parts:
        h.update(str(p).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def full_name(nodeid: str) -> str:
    """allure-pytest's fullName ("suites.test_x.TestC#test_name") from a node id alone."""
    path, _, rest = nodeid.partition("::")
    module = path[:-3] if path.endswith(".py") else path
    parts = rest.split("::") if rest else [""]
    name = parts[-1].split("[", 1)[0]
    return ".".join([module.replace("/", "."), *parts[:-1]]) + "#" + name


def history_id(product: str | None, nodeid: str) -> str:
    return md5(product or "unknown-product", nodeid)


def test_case_id(product: str | None, nodeid: str) -> str:
    return md5("case", product or "unknown-product", nodeid)


def short_value(value) -> str:
    """A parameter's display value: its case id, or a short repr without memory addresses."""
    for attr in ("id", "name"):
        v = getattr(value, attr, None)
        if isinstance(v, str) and v:
            return v[:VALUE_LIMIT]
    if value is None or isinstance(value, (bool, int, float, str)):
        text = repr(value)
    else:
        text = _ADDRESS.sub("", repr(value))
        if len(text) > VALUE_LIMIT:
            text = type(value).__name__
    return text[:VALUE_LIMIT]


def labels(nodeid: str, product: str | None, meta: dict) -> list[tuple[str, str]]:
    product = product or "unknown product"
    suite = nodeid.split("::", 1)[0]
    clauses = list(meta.get("clauses") or [])
    out = [("parentSuite", product), ("suite", suite), ("epic", product), ("story", suite),
           ("severity", clause_cfg.severity(clauses))]
    for c in clauses:
        out += [("feature", c), ("tag", c)]
    for tag in (meta.get("op"), meta.get("dtype")):
        if tag:
            out.append(("tag", str(tag)))
    return out


def apply(test_result, nodeid: str, product: str | None, params: dict) -> None:
    """Give an allure-pytest TestResult this harness's identity and short parameter values (its
    labels are added through ``allure.dynamic.label`` while the test runs: reports/plugin/allure_hooks.py)."""
    test_result.historyId = history_id(product, nodeid)
    test_result.testCaseId = test_case_id(product, nodeid)
    for p in test_result.parameters or ():
        if p.name in params:
            p.value = short_value(params[p.name])


def result_file(nodeid: str, product: str | None, meta: dict, *, status: str, message: str,
                trace: str, start_ms: int, stop_ms: int, uuid: str) -> dict:
    """An allure result (JSON dict) for a test no worker reported to allure (crash, NotRun)."""
    path = nodeid.split("::", 1)[0]
    return {
        "uuid": uuid, "historyId": history_id(product, nodeid), "testCaseId": test_case_id(product, nodeid),
        "fullName": full_name(nodeid), "name": nodeid.split("::")[-1], "status": status,
        "statusDetails": {"message": message, "trace": trace}, "stage": "finished",
        "start": start_ms, "stop": stop_ms, "titlePath": path.split("/"),
        "labels": [{"name": n, "value": v} for n, v in labels(nodeid, product, meta)]
        + [{"name": "framework", "value": "pytest"}],
    }
