"""Result classes, their one severity order, and how pytest reports map onto them.

The table below is the only place the order is written (VK-GL-CTS tcuResultCollector style):
a test's class is the most severe of the classes of its phases (setup, call, teardown), and a
product's worst result is the most severe over its tests. Everything here is pure data and
pure functions, so the pytest plugin (per run) and ``python -m reports build`` (merge) agree.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass

SCHEMA = "aclop-results/1"


@dataclass(frozen=True)
class ResultClass:
    name: str
    severity: int
    failure: bool       # counts against the product (unless waived)
    waivable: bool      # a baseline entry may turn it into Waived
    meaning: str


# Least to most severe. Skip sits below NotSupported: a skip for any other reason (an opt-in
# option not given, a capability the runtime lacks) only reduces coverage, while NotSupported is
# the runtime saying "this product does not do that", an allowed conformance outcome that the
# release engineer must see per product.
CLASSES: tuple[ResultClass, ...] = (
    ResultClass("Pass", 0, False, False, "passed"),
    ResultClass("Skip", 1, False, False, "skipped for a reason other than 'not supported' (coverage only)"),
    ResultClass("NotSupported", 2, False, False, "skipped: the product does not support it (reason starts 'not supported')"),
    ResultClass("Waived", 3, False, False, "expected failure: matched an active entry of the product's baseline (or an xfail marker)"),
    ResultClass("NotRun", 4, True, False, "collected but never run: the run was cut short (xdist's --max-worker-restart, -x, an interrupt)"),
    ResultClass("Flake", 5, True, False, "failed, then passed on the automatic rerun (the first attempt's failure is kept)"),
    ResultClass("Fail", 6, True, True, "failed: assertion in the test, or a runtime error (AclError / assertion) in setup or teardown"),
    ResultClass("Timeout", 7, True, True, "did not finish within its time limit (reports/clauses.toml; the isolation runner's "
                                          "--isolate-timeout; pytest-timeout ended its xdist worker)"),
    ResultClass("Crash", 8, True, True, "the process running the test died (isolation runner: aclop_outcome=Crash; xdist worker crash)"),
    ResultClass("HarnessError", 9, True, True, "a bug in the suite itself: a non-ACL, non-assertion exception in setup/teardown, "
                                               "a collection error, or a record that cannot be decoded"),
)
BY_NAME = {c.name: c for c in CLASSES}
NAMES = tuple(c.name for c in CLASSES)
SEVERITY = {c.name: c.severity for c in CLASSES}
WAIVABLE = tuple(c.name for c in CLASSES if c.waivable)

# User-property names (report.user_properties survives xdist: workers send data this way).
PROP_OUTCOME = "aclop_outcome"        # "Crash" | "Timeout" (the crash-isolation runner)
PROP_SIGNAL = "aclop_signal"          # e.g. "SIGSEGV"
PROP_RERUN = "aclop_rerun"            # {"outcome": ..., "class": ..., "message": ...} of attempt 1
PROP_OP = "aclop_op"
PROP_DTYPE = "aclop_dtype"
PROP_CASE = "aclop_case"
PROP_NUMERIC = "aclop_numeric"        # one dict per reports.record_metrics() call
PROP_PRODUCT = "product"              # JUnit testcase properties: the product and each clause
PROP_CLAUSE = "clause"
METRIC_PREFIX = "metric:"             # reports.record(node, key, value) -> ("metric:key", value)


def worst(names) -> str:
    """The most severe class name of ``names`` (Pass for none)."""
    best = "Pass"
    for n in names:
        if SEVERITY[n] > SEVERITY[best]:
            best = n
    return best


def counts(classes) -> dict[str, int]:
    out = dict.fromkeys(NAMES, 0)
    for c in classes:
        out[c] += 1
    return out


# -- classification of one phase report ------------------------------------------------------

def skip_reason(longrepr) -> str:
    """The reason of a skipped report (longrepr is (path, line, 'Skipped: reason'), a list after xdist)."""
    if isinstance(longrepr, (tuple, list)) and len(longrepr) == 3:
        text = str(longrepr[2])
    else:
        text = str(longrepr or "")
    for prefix in ("Skipped: ", "skipped: "):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def is_not_supported(reason: str) -> bool:
    return reason.strip().lower().startswith("not supported")


def classify_phase(when: str, outcome: str, *, reason: str = "", wasxfail: bool = False,
                   exc_kind: str | None = None, forced: str | None = None) -> str:
    """Class of one phase.

    ``exc_kind``: "acl" (AclError), "assert" (AssertionError / pytest.fail), "other", or None
    when unknown (then a setup/teardown error is taken as HarnessError).
    ``forced``: the aclop_outcome user property (Crash / Timeout) when the runner set one.
    """
    if forced in BY_NAME and outcome != "passed":
        return forced
    if outcome == "failed" and timeout_message(reason):
        return "Timeout"
    if outcome == "passed":
        return "Pass"
    if outcome == "skipped":
        if wasxfail:
            return "Waived"
        return "NotSupported" if is_not_supported(reason) else "Skip"
    # failed
    if when == "call":
        return "Fail"
    if when == "???":                 # xdist: the worker died while running the test
        return "Crash"
    if when == "collect":
        return "HarnessError"
    return "Fail" if exc_kind in ("acl", "assert") else "HarnessError"


def timeout_message(text: str) -> bool:
    """pytest-timeout's failure ("Failed: Timeout (>60.0s) from pytest-timeout.")."""
    return "from pytest-timeout" in (text or "")[:200] and "Timeout (>" in (text or "")[:200]


def exc_kind_of(exc: BaseException | None) -> str | None:
    if exc is None:
        return None
    try:
        from harness.errors import AclError
    except ImportError:                # reports used outside the checkout
        AclError = ()                  # noqa: N806
    if AclError and isinstance(exc, AclError):
        return "acl"
    if isinstance(exc, AssertionError):
        return "assert"
    import pytest
    if isinstance(exc, pytest.fail.Exception):
        return "assert"
    return "other"


# -- JSON helpers ---------------------------------------------------------------------------

def plain(value):
    """A JSON-safe copy: non-finite floats become strings, tuples lists, unknown objects str."""
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if hasattr(value, "item") and callable(value.item):       # numpy scalar
        try:
            return plain(value.item())
        except (TypeError, ValueError):
            pass
    return str(value)


def number(value) -> float | None:
    """A float from a metric value as stored (strings 'inf'/'nan' included), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("schema") != SCHEMA:
        raise ValueError(f"{path}: not an aclop results file (schema {data.get('schema')!r}, expected {SCHEMA!r})")
    return data
