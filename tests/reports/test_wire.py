"""reports/plugin/wire.py: a report's structured parts cross from an xdist worker as JSON text
and arrive as the same values; anything whose JSON round trip is not exact travels as before."""
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
    data = pytest_report_to_serializable(rep)
    wire.encode(data)
    sent = channel.loads_internal(channel.dumps_internal(data))
    wire.decode(sent)
    return pytest_report_from_serializable(sent)


def test_structured_parts_travel_as_text():
    props = [("product", "atlas-a2"), ("aclop_numeric", NUMERIC), ("aclop_rerun", {"class": "Fail"})]
    data = pytest_report_to_serializable(report(props))
    wire.encode(data)
    sent = dict(data["user_properties"])
    assert isinstance(sent["aclop_numeric"], str) and isinstance(sent["aclop_rerun"], str)
    assert sent["product"] == "atlas-a2" and isinstance(data["aclop"], str)
    assert data[wire.MARK] == {"props": [1, 2], "info": True}
    # the item's own list (pytest hands the report the same object) is not touched
    assert props[1] == ("aclop_numeric", NUMERIC)


def test_the_controller_gets_the_same_report():
    props = [("product", "atlas-a2"), ("clause", "EWH-05"), ("aclop_numeric", NUMERIC),
             ("aclop_numeric", dict(NUMERIC, case="second output"))]
    rep = report(props)
    got = over_the_channel(rep)
    assert got.user_properties == rep.user_properties
    assert all(isinstance(p, tuple) for p in got.user_properties)
    assert got.aclop == rep.aclop
    assert not hasattr(got, wire.MARK)
    assert (got.nodeid, got.outcome, got.when, got.location) == (rep.nodeid, rep.outcome, rep.when, rep.location)


@pytest.mark.parametrize("value", [
    {"shape": (3, 5)},                  # a tuple comes back a list
    {"x": math.nan},                    # NaN is not equal to itself
    {1: "int key"},                     # a key comes back a string
    {"obj": object()},                  # not JSON at all
])
def test_values_without_an_exact_round_trip_travel_as_before(value):
    assert wire.exact_json(value) is None
    rep = report([("aclop_numeric", value)], info={"class": "Pass", "meta": {"clauses": ("EWH-05",)}})
    data = pytest_report_to_serializable(rep)
    wire.encode(data)
    assert data["user_properties"][0][1] is value and isinstance(data["aclop"], dict)
    assert wire.MARK not in data


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

    for worker, encoded in ((True, True), (False, False)):
        gen = Plugin(worker).pytest_report_to_serializable(None, report([("aclop_numeric", NUMERIC)]))
        next(gen)
        data = pytest_report_to_serializable(report([("aclop_numeric", NUMERIC)]))
        with pytest.raises(StopIteration):
            gen.send(Outcome(data))
        assert (wire.MARK in data) is encoded
