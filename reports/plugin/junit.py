"""junit.xml from the run's own records, written with junitparser.

The controller (or the only process) writes it at the session's end from the records of
results.json: one testsuite named by the product (with the product as a suite property), one
testcase per record, its classname prefixed with the product, and every user property the test
recorded as a testcase property (product and clauses first; numeric records as compact JSON,
reports.records.compact_numeric). The result element follows the record's class:

- Fail, Timeout, Crash, HarnessError: ``<failure>`` when the call failed, ``<error>`` when a set-up,
  tear-down or the collection did (pytest's own rule), with the message and the traceback;
- NotRun: ``<error>`` (the run was cut short before the test started);
- Skip, NotSupported, Waived: ``<skipped>`` with the reason (Waived names its baseline entry);
- Flake: ``<failure>`` naming the first attempt, or with ``--allow-flakes`` surefire's
  ``<flakyFailure>`` (rerunFailingTestsCount's form), which CI tools count as passed.

Given ``--junitxml``, pytest's own junitxml writes that file instead (the harness adds only its
user properties, product and clauses, which every xunit1 testcase carries); none is written here.
"""
from __future__ import annotations

import os
import re
import socket

import junitparser
from junitparser import xunit2

from ..results import PROP_PRODUCT

# characters XML 1.0 forbids (pytest's junitxml shows them as #xNN, as here): a test's message may
# hold a terminal escape or a stray byte
_ILLEGAL = re.compile("[^\u0009\u000a\u000d\u0020-\u007e\u0080-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
FAILURES = ("Fail", "Timeout", "Crash", "HarnessError")
SKIPS = ("Skip", "NotSupported", "Waived")


class TestCase(junitparser.TestCase):
    """A testcase with pytest's xunit1 ``file`` and ``line`` attributes."""
    file = junitparser.Attr()
    line = junitparser.IntAttr()


def text(value) -> str:
    """``value`` as text XML can hold."""
    return _ILLEGAL.sub(lambda m: f"#x{ord(m.group()):02X}", str(value))


def names(nodeid: str, product: str | None) -> tuple[str, str]:
    """(classname, name) as pytest's junitxml makes them from a node id, with the product in front."""
    path, bracket, params = nodeid.partition("[")
    parts = path.split("::")
    parts[0] = re.sub(r"\.py$", "", parts[0].replace("/", "."))
    parts[-1] += bracket + params
    return ".".join(([product] if product else []) + parts[:-1]), parts[-1]


def _result(rec: dict, allow_flakes: bool):
    cls, message = rec["class"], rec.get("message") or ""
    trace = rec.get("longrepr") or message
    if cls == "Flake":
        first = (rec.get("rerun") or {}).get("longrepr") or message
        result = (xunit2.FlakyFailure if allow_flakes else junitparser.Failure)(text(f"Flake: {message}"))
        result.text = text(first)
        return result
    if cls in FAILURES or cls == "NotRun":
        kind = junitparser.Failure if cls != "NotRun" and rec.get("phase") == "call" else junitparser.Error
        result = kind(text(message if cls != "NotRun" else f"NotRun: {message}"))
        result.text = text(trace)
        return result
    if cls in SKIPS:
        return junitparser.Skipped(text(message), "pytest.xfail" if cls == "Waived" else "pytest.skip")
    return None


def testcase(rec: dict, product: str | None, props, allow_flakes: bool, location=None) -> TestCase:
    classname, name = names(rec["id"], product)
    case = TestCase(text(name), text(classname), float(rec.get("duration") or 0.0))
    if location:                                  # (path, 0-based line or None, domain) of the report
        case.file = text(location[0])
        if location[1] is not None:
            case.line = int(location[1])
    if props:
        properties = junitparser.Properties()
        for key, value in props:
            properties.add_property(junitparser.Property(text(key), text(value)))
        case.append(properties)
    result = _result(rec, allow_flakes)
    if result is not None:
        case.append(result)
    return case


def write(path: str, product: str | None, data: dict, props_by_id: dict, allow_flakes: bool,
          locations: dict | None = None) -> None:
    """junit.xml for the run in ``data`` (results.json's content), atomically; ``props_by_id`` and
    ``locations``: each test's user properties and its reports' location, by node id."""
    locations = locations or {}
    suite = junitparser.TestSuite(product or "pytest")
    if product:
        suite.add_property(PROP_PRODUCT, product)
    # add_testcases, not add_testcase per record: each call counts the whole suite again
    suite.add_testcases([testcase(rec, product, props_by_id.get(rec["id"], ()), allow_flakes, locations.get(rec["id"]))
                         for rec in data["tests"]])
    suite.time = float(data.get("duration") or 0.0)
    suite.timestamp = data.get("start") or ""
    suite.hostname = socket.gethostname()
    xml = junitparser.JUnitXml()
    xml.add_testsuite(suite)
    xml.update_statistics()
    tmp = path + ".tmp"
    xml.write(tmp)
    os.replace(tmp, path)
