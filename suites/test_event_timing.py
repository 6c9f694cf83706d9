"""Event timing around a handle launch (EWH-09: results are final only after a synchronisation;
work on one stream runs in order, so events recorded on the launch's stream bracket it).

Events recorded before and after ``aclopExecWithHandle`` on the launch's stream:
``aclrtEventElapsedTime`` >= 0 and the later event's ``aclrtEventGetTimestamp`` not before the
earlier one's; both read COMPLETE from ``aclrtQueryEventStatus`` after a synchronisation; and
``aclrtSynchronizeEvent`` on the later event is enough for the launch's outputs to be final.
Timing needs an event with ACL_EVENT_TIME_LINE: a plain ``aclrtCreateEvent`` has it (RT_EVENT_DEFAULT
= DDSYNC | TIME_LINE | STREAM_MARK, runtime ``event.h``), ``aclrtCreateEventWithFlag`` gets it
explicitly. Sources: RT ``src/acl/aclrt_impl/event.cpp``, ``event.cc::Event::ElapsedTime`` /
``GetTimeStamp``, RT doc ``07_event_management.md`` (timestamps in µs).
"""
from __future__ import annotations

import ctypes

import pytest

from fixtures.checks import assert_close, expect_code
from fixtures.contract.cases import add_case
from harness.abi import EventFlag, EventRecordedStatus, error_name
from harness.events import Event

CLAUSE = "EWH-09"
FLAGS = {"aclrtCreateEvent": None, "TIME_LINE": EventFlag.TIME_LINE,
         "TIME_LINE|SYNC": EventFlag.TIME_LINE | EventFlag.SYNC}


class TimedEvent(Event):
    """An event created with ``aclrtCreateEventWithFlag(flag)`` (``None``: plain aclrtCreateEvent)."""

    def __init__(self, acl, flag):
        if flag is None:
            super().__init__(acl)
            return
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateEventWithFlag", ctypes.byref(out), int(flag))
        self.ptr = out.value


def _needs(acl, *names):
    missing = [n for n in names if not acl.raw.has(n)]
    if missing:
        pytest.skip(f"runtime lacks {', '.join(missing)}")


def _events(acl, scope, flag, n=2):
    _needs(acl, "aclrtEventElapsedTime", "aclrtEventGetTimestamp", "aclrtQueryEventStatus",
           *(["aclrtCreateEventWithFlag"] if flag is not None else []))
    return [scope.add(TimedEvent(acl, flag)) for _ in range(n)]


def _status(acl, ev, what) -> int:
    st = ctypes.c_int()
    expect_code(acl.raw.aclrtQueryEventStatus(ev.ptr, ctypes.byref(st)), 0, clause=CLAUSE,
                what=f"aclrtQueryEventStatus({what})", acl=acl)
    return st.value


def _timestamp(acl, ev, what) -> int:
    ts = ctypes.c_uint64()
    expect_code(acl.raw.aclrtEventGetTimestamp(ev.ptr, ctypes.byref(ts)), 0, clause=CLAUSE,
                what=f"aclrtEventGetTimestamp({what})", acl=acl)
    return ts.value


def _elapsed(acl, start, end, what) -> float:
    ms = ctypes.c_float()
    expect_code(acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), start.ptr, end.ptr), 0, clause=CLAUSE,
                what=f"aclrtEventElapsedTime({what})", acl=acl)
    return ms.value


def _status_name(v: int) -> str:
    try:
        return f"{v} {EventRecordedStatus(v).name}"
    except ValueError:
        return f"{v} (not an aclrtEventRecordedStatus)"


def _bracket(acl, p, stream, start, end, launches=1):
    start.record(stream)
    for i in range(launches):
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause=CLAUSE,
                    what=f"launch {i} of {p.case} between two event records", acl=acl)
    end.record(stream)


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("flag", list(FLAGS.values()), ids=list(FLAGS))
def test_events_around_a_launch_time_it_in_order(acl, launcher, scope, stream, product, flag, numeric_policy):
    start, end = _events(acl, scope, flag)
    case = add_case("float32", (256, 256), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    _bracket(acl, p, stream, start, end, launches=4)
    stream.synchronize()
    for name, ev in (("start", start), ("end", end)):
        st = _status(acl, ev, f"{name} event after aclrtSynchronizeStream")
        assert st == EventRecordedStatus.COMPLETE, (
            f"[{CLAUSE}] the {name} event recorded on a synchronised stream must read "
            f"{EventRecordedStatus.COMPLETE.value} COMPLETE, got {_status_name(st)}")
    ms = _elapsed(acl, start, end, f"around 4 launches of {case.id}")
    t0, t1 = _timestamp(acl, start, "start"), _timestamp(acl, end, "end")
    assert ms >= 0, (f"[{CLAUSE}] the end event is recorded after the launches on the same stream: "
                     f"aclrtEventElapsedTime must be >= 0 ms, got {ms} ms")
    assert t1 >= t0, (f"[{CLAUSE}] the end event's timestamp must not be before the start event's: "
                      f"start {t0} us, end {t1} us")
    assert_close(p.outputs[0].array(), case.reference()[0], clause=CLAUSE, case=f"{case.id} between two events", policy=numeric_policy)


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("flag", [None, EventFlag.TIME_LINE], ids=["aclrtCreateEvent", "TIME_LINE"])
def test_syncing_the_later_event_makes_the_outputs_final(acl, launcher, scope, stream, product, flag, numeric_policy):
    """No stream sync: aclrtSynchronizeEvent on the event recorded after the launch is enough."""
    before, after = _events(acl, scope, flag)
    case = add_case("float32", (256, 256), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    _bracket(acl, p, stream, before, after)
    after.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause=CLAUSE,
                 case=f"{case.id} after aclrtSynchronizeEvent on the event recorded after it", policy=numeric_policy)
    st = _status(acl, before, "the event recorded before the launch, once the later one completed")
    assert st == EventRecordedStatus.COMPLETE, (
        f"[{CLAUSE}] an event recorded before the launch completes no later than the launch: with the later "
        f"event synchronised it must read {EventRecordedStatus.COMPLETE.value} COMPLETE, got {_status_name(st)}")
    ms = _elapsed(acl, before, after, f"around {case.id}")
    assert ms >= 0, f"[{CLAUSE}] aclrtEventElapsedTime(before, after) must be >= 0 ms, got {ms} ms"


@pytest.mark.clause(CLAUSE)
def test_timestamps_of_successive_launches_do_not_go_back(acl, launcher, scope, stream, product):
    """One event per launch of a chain: each timestamp is at or after the previous one."""
    events = _events(acl, scope, None, n=5)
    case = add_case("float32", (64, 64), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    events[0].record(stream)
    for ev in events[1:]:
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause=CLAUSE, what=f"launch of {case.id}", acl=acl)
        ev.record(stream)
    events[-1].synchronize()
    stamps = [_timestamp(acl, ev, f"event {i}") for i, ev in enumerate(events)]
    assert stamps == sorted(stamps), (f"[{CLAUSE}] events recorded in stream order must have non-decreasing "
                                      f"timestamps, got {stamps} us")
    code = acl.raw.aclrtSynchronizeStream(stream.ptr)
    assert code == 0, f"[{CLAUSE}] stream sync after the chain: expected 0, got {code} {error_name(code)}"
