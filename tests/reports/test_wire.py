"""reports/plugin/wire.py: a phase report crosses from an xdist worker as one JSON text and
arrives as the same report; one whose JSON round trip is not exact travels as before."""
from __future__ import annotations

import math

import execnet.gateway_base as channel
import pytest
from _pytest.reports import TestReport, pytest_report_from_serializable, pytest_report_to_serializable

from reports.plugin import wire

NUMERIC = {"case": "Add-float32-[3, 5]", "op": "Add", "metrics": {"count": 15, "max_ulp": 0.0, "mere": 1e-07,
                                                                   "worst_metric": ""},
           "details": {"standard": {"small_value": [6.1e-05, 9.3e-10], "ulp_bound": None},
                       "ulp_histogram": {"0": 14, "1": 1}},
           "failures": [], "output": {"dtype": "float32", "shape": [3, 5], "sha256": "ab" * 32}}
INFO = {"class": "Pass", "exc_kind": None, "message": "", "allure": True,
        "meta": {"clauses": ["EWH-05"], "op": "Add", "dtype": "float32", "case": "c", "time_limit": 60.0}}


def report(props, info=INFO) -> TestReport:
    rep = TestReport("suites/t.py::test_x[1]", ("suites/t.py", 3, "test_x[1]"), {"test_x": 1}, "passed",
                     None, "call", user_properties=props)
    rep.aclop = info
    return rep


def over_the_channel(rep: TestReport) -> TestReport:
    """What the controller gets: pytest's dict, encoded, through execnet's own serializer, decoded."""
    sent = channel.loads_internal(channel.dumps_internal(wire.encode(pytest_report_to_serializable(rep))))
    wire.decode(sent)
    return pytest_report_from_serializable(sent)


def test_a_report_travels_as_one_text():
    props = [("product", "atlas-a2"), ("aclop_numeric", NUMERIC), ("aclop_rerun", {"class": "Fail"})]
    data = pytest_report_to_serializable(report(props))
    sent = wire.encode(data)
    assert sorted(sent) == sorted([wire.TYPE, wire.MARK]) and isinstance(sent[wire.MARK], str)
    assert sent[wire.TYPE] == "TestReport"
    # pytest's dict (whose list may be the item's own) is not touched
    assert data[wire.TYPE] == "TestReport" and wire.MARK not in data
    assert data["user_properties"] == props and props[1] == ("aclop_numeric", NUMERIC)


def test_the_controller_gets_the_same_report():
    props = [("product", "atlas-a2"), ("clause", "EWH-05"), ("aclop_numeric", NUMERIC),
             ("aclop_numeric", dict(NUMERIC, case="second output"))]
    rep = report(props)
    rep.sections = [("Captured stdout call", "hello\n")]
    got = over_the_channel(rep)
    for field in ("nodeid", "location", "keywords", "outcome", "longrepr", "when", "user_properties",
                  "sections", "duration", "start", "stop", "aclop"):
        assert getattr(got, field) == getattr(rep, field), field
    assert isinstance(got.location, tuple) and all(isinstance(p, tuple) for p in got.user_properties)
    assert all(isinstance(s, tuple) for s in got.sections)
    assert not hasattr(got, wire.MARK)


def test_a_failure_arrives_whole():
    """A failed call's longrepr (pytest's nested dict of the traceback) either travels as text
    exactly or as before: the controller shows the same failure."""
    try:
        assert 1 == 2, "the message"
    except AssertionError:
        import _pytest._code
        excinfo = _pytest._code.ExceptionInfo.from_current()
    rep = report([("aclop_numeric", NUMERIC)])
    rep.outcome, rep.longrepr = "failed", excinfo.getrepr(style="short")
    got = over_the_channel(rep)
    assert got.failed and got.longreprtext == rep.longreprtext and "the message" in got.longreprtext
    assert got.user_properties == rep.user_properties and got.aclop == rep.aclop


@pytest.mark.parametrize("value", [
    {"shape": (3, 5)},                  # a tuple comes back a list
    {"x": math.nan},                    # NaN is not equal to itself
    {1: "int key"},                     # a key comes back a string
    {"obj": object()},                  # not JSON at all
])
def test_a_report_without_an_exact_round_trip_travels_as_before(value):
    rep = report([("aclop_numeric", value)])
    data = pytest_report_to_serializable(rep)
    assert wire.encode(data) is data and wire.MARK not in data
    assert data["user_properties"][0][1] is value


def test_a_dict_without_the_marker_is_left_alone():
    data = pytest_report_to_serializable(report([("aclop_numeric", '{"text": "from a JUnit channel"}')]))
    before = dict(data)
    wire.decode(data)
    assert data == before


def test_only_a_worker_encodes():
    class Plugin(wire.WireHooks):
        def __init__(self, worker):
            self.worker = worker

    class Outcome:                      # pluggy's result of the wrapped hook
        def __init__(self, data):
            self.data = data

        def get_result(self):
            return self.data

        def force_result(self, data):
            self.data = data

    for worker, encoded in ((True, True), (False, False)):
        gen = Plugin(worker).pytest_report_to_serializable(None, report([("aclop_numeric", NUMERIC)]))
        next(gen)
        outcome = Outcome(pytest_report_to_serializable(report([("aclop_numeric", NUMERIC)])))
        with pytest.raises(StopIteration):
            gen.send(outcome)
        assert (wire.MARK in outcome.data) is encoded
