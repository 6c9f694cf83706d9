"""Event calls of issue 22 on the simulator, valid and invalid: events with flags, the three
queries, timestamps and elapsed time (the simulator's clock, timing a launch), ids and the
available count, reset, waits with a flag or a timeout, synchronisation with a timeout.

Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/event.cpp, stream.cpp; src/runtime/api/impl/
api_error.cc (ApiErrorDecorator::Event*); src/runtime/core/src/event/event.cc. "UT name" marks an
assertion replayed from RT tests/ut/acl/testcase/acl_runtime_unittest.cpp (mocked rt: ACL-layer codes)."""
import ctypes
import time

import pytest

from harness.abi import ERR, EventFlag, EventRecordedStatus, EventStatus
from harness.acl import DeviceMemory
from tests.sim_support import BOGUS_HANDLE, CTX_NULL, INVALID, OK, RT_PARAM, in_thread

NOT_SUPPORT = ERR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT


@pytest.fixture
def events(acl, device):
    made = []

    def make(flag=None, ex=False):
        e = ctypes.c_void_p()
        if flag is None:
            assert acl.raw.aclrtCreateEvent(ctypes.byref(e)) == OK
        else:
            fn = acl.raw.aclrtCreateEventExWithFlag if ex else acl.raw.aclrtCreateEventWithFlag
            assert fn(ctypes.byref(e), int(flag)) == OK
        made.append(e.value)
        return e.value
    yield make
    for e in made:
        acl.raw.aclrtDestroyEvent(e)


def status(fn, event):
    s = ctypes.c_int(-1)
    return fn(event, ctypes.byref(s)), s.value


# ---------------------------------------------------------------- creation
@pytest.mark.parametrize("flag", [EventFlag.TIME_LINE, EventFlag.SYNC, EventFlag.SYNC | EventFlag.TIME_LINE,
                                  EventFlag.CAPTURE_STREAM_PROGRESS, EventFlag.DEVICE_USE_ONLY, EventFlag.EXTERNAL])
def test_create_event_with_flag_valid(acl, events, flag):
    """UT aclrtCreateEventWithFlagTest: flag 0x8 -> SUCCESS."""
    assert events(flag)


@pytest.mark.parametrize("flag", [0, EventFlag.IPC, 0x80, EventFlag.DEVICE_USE_ONLY | EventFlag.SYNC,
                                  EventFlag.EXTERNAL | EventFlag.TIME_LINE])
def test_create_event_with_flag_invalid(acl, device, flag):
    """ApiErrorDecorator::EventCreate: flag 0, bits outside 0x3F, DEVICE_USE_ONLY / EXTERNAL mixed -> 107000."""
    e = ctypes.c_void_p()
    assert acl.raw.aclrtCreateEventWithFlag(ctypes.byref(e), int(flag)) == RT_PARAM
    assert acl.raw.aclrtCreateEventWithFlag(None, int(EventFlag.SYNC)) == INVALID


def test_create_event_ex_with_flag(acl, device, events):
    """ApiErrorDecorator::EventCreateEx: DEVICE_USE_ONLY and EXTERNAL are refused (107000), IPC mixed -> 107000."""
    assert events(EventFlag.TIME_LINE, ex=True)
    assert events(EventFlag.SYNC, ex=True)
    e = ctypes.c_void_p()
    for flag in (0, EventFlag.DEVICE_USE_ONLY, EventFlag.EXTERNAL, EventFlag.IPC | EventFlag.SYNC):
        assert acl.raw.aclrtCreateEventExWithFlag(ctypes.byref(e), int(flag)) == RT_PARAM, flag
    assert acl.raw.aclrtCreateEventExWithFlag(ctypes.byref(e), int(EventFlag.IPC)) == NOT_SUPPORT
    assert acl.raw.aclrtCreateEventExWithFlag(None, int(EventFlag.SYNC)) == INVALID
    assert in_thread(lambda: acl.raw.aclrtCreateEventExWithFlag(ctypes.byref(e), 1)) == CTX_NULL


# ---------------------------------------------------------------- queries
def test_queries_follow_the_record(acl, events, stream):
    """UT aclrtQueryEventTest: a record not complete -> SUCCESS with NOT_READY; UT aclrtQueryEventStatus /
    WaitStatus: (nullptr, &s) and (event, nullptr) -> 100000. The recorded-status enum is reversed."""
    e = events()
    for fn in (acl.raw.aclrtQueryEvent, acl.raw.aclrtQueryEventStatus, acl.raw.aclrtQueryEventWaitStatus):
        assert fn(None, ctypes.byref(ctypes.c_int())) == INVALID
        assert fn(e, None) == INVALID
        assert fn(BOGUS_HANDLE, ctypes.byref(ctypes.c_int())) == INVALID
    assert status(acl.raw.aclrtQueryEventStatus, e) == (OK, EventRecordedStatus.NOT_READY)   # never recorded
    acl.call("aclsimStreamPause", stream.ptr, 1)
    assert acl.raw.aclrtRecordEvent(e, stream.ptr) == OK
    assert status(acl.raw.aclrtQueryEvent, e) == (OK, EventStatus.NOT_READY)
    assert status(acl.raw.aclrtQueryEventStatus, e) == (OK, EventRecordedStatus.NOT_READY)
    assert status(acl.raw.aclrtQueryEventWaitStatus, e) == (OK, EventStatus.NOT_READY)
    acl.call("aclsimStreamPause", stream.ptr, 0)
    assert acl.raw.aclrtSynchronizeEvent(e) == OK
    assert status(acl.raw.aclrtQueryEvent, e) == (OK, EventStatus.COMPLETE)
    assert status(acl.raw.aclrtQueryEventStatus, e) == (OK, EventRecordedStatus.COMPLETE)
    assert status(acl.raw.aclrtQueryEventWaitStatus, e) == (OK, EventStatus.COMPLETE)


# ---------------------------------------------------------------- time
def test_elapsed_time_times_a_launch(acl, events, stream):
    """Two events around 60 ms of held work: the elapsed time is the simulator's clock (ms, float),
    the timestamps are microseconds, end after start; reversed order is negative."""
    start, end = events(), events()
    mem = DeviceMemory(acl, 64)
    try:
        assert acl.raw.aclrtRecordEvent(start, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeEvent(start) == OK                     # start has run
        acl.call("aclsimStreamPause", stream.ptr, 1)
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 1, 64, stream.ptr) == OK
        assert acl.raw.aclrtRecordEvent(end, stream.ptr) == OK
        ms = ctypes.c_float(-1)
        assert acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), start, end) == ERR.ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID
        time.sleep(0.06)
        acl.call("aclsimStreamPause", stream.ptr, 0)
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), start, end) == OK
        assert 50.0 <= ms.value < 5000.0
        back = ctypes.c_float()
        assert acl.raw.aclrtEventElapsedTime(ctypes.byref(back), end, start) == OK and back.value < 0
        t0, t1 = ctypes.c_uint64(), ctypes.c_uint64()
        assert acl.raw.aclrtEventGetTimestamp(start, ctypes.byref(t0)) == OK
        assert acl.raw.aclrtEventGetTimestamp(end, ctypes.byref(t1)) == OK
        assert 50_000 <= t1.value - t0.value < 5_000_000
    finally:
        mem.close()


def test_time_argument_checks(acl, events):
    """UT aclrtEventElapsedTimeTest: each NULL -> not SUCCESS (100000 at the ACL layer); never recorded
    -> 507000 (RT_ERROR_EVENT_RECORDER_NULL); UT aclrtEventGetTimestampTest: both NULLs -> 100000."""
    a, b = events(), events()
    ms, ts = ctypes.c_float(), ctypes.c_uint64()
    assert acl.raw.aclrtEventElapsedTime(None, a, b) == INVALID
    assert acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), None, b) == INVALID
    assert acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), a, None) == INVALID
    assert acl.raw.aclrtEventElapsedTime(ctypes.byref(ms), a, b) == ERR.ACL_ERROR_RT_INTERNAL_ERROR
    assert acl.raw.aclrtEventGetTimestamp(a, None) == INVALID
    assert acl.raw.aclrtEventGetTimestamp(None, ctypes.byref(ts)) == INVALID
    assert acl.raw.aclrtEventGetTimestamp(a, ctypes.byref(ts)) == ERR.ACL_ERROR_RT_INTERNAL_ERROR
    ext = events(EventFlag.EXTERNAL)
    assert acl.raw.aclrtEventGetTimestamp(ext, ctypes.byref(ts)) == NOT_SUPPORT


def test_event_ids_and_available_count(acl, device, events):
    """UT aclrtGetEventIdTest: (nullptr, nullptr), (event, nullptr) -> 100000; UT aclrtGetEventAvailNum:
    (nullptr) -> 100000; one more event, one fewer available; a context is needed (107002)."""
    a, b = events(), events()
    ia, ib = ctypes.c_uint32(), ctypes.c_uint32()
    assert acl.raw.aclrtGetEventId(None, None) == INVALID
    assert acl.raw.aclrtGetEventId(a, None) == INVALID
    assert acl.raw.aclrtGetEventId(a, ctypes.byref(ia)) == OK
    assert acl.raw.aclrtGetEventId(b, ctypes.byref(ib)) == OK and ia.value != ib.value
    n0, n1 = ctypes.c_uint32(), ctypes.c_uint32()
    assert acl.raw.aclrtGetEventAvailNum(None) == INVALID
    assert acl.raw.aclrtGetEventAvailNum(ctypes.byref(n0)) == OK
    events()
    assert acl.raw.aclrtGetEventAvailNum(ctypes.byref(n1)) == OK and n1.value == n0.value - 1
    assert in_thread(lambda: acl.raw.aclrtGetEventAvailNum(ctypes.byref(n1))) == CTX_NULL


# ---------------------------------------------------------------- reset, record / wait flags
def test_reset_event(acl, events, stream):
    """UT aclrtResetEventTest: (event, stream) -> SUCCESS, (nullptr, stream) -> not SUCCESS. An event
    without ACL_EVENT_SYNC has no wait task -> 207000; after a reset the event is not recorded."""
    e = events()
    assert acl.raw.aclrtResetEvent(None, stream.ptr) == INVALID
    assert acl.raw.aclrtRecordEvent(e, stream.ptr) == OK
    assert acl.raw.aclrtResetEvent(e, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert status(acl.raw.aclrtQueryEventStatus, e) == (OK, EventRecordedStatus.NOT_READY)
    assert acl.raw.aclrtResetEvent(events(EventFlag.SYNC), None) == OK
    assert acl.raw.aclrtResetEvent(events(EventFlag.TIME_LINE), stream.ptr) == NOT_SUPPORT
    assert acl.raw.aclrtResetEvent(events(EventFlag.DEVICE_USE_ONLY), stream.ptr) == RT_PARAM


def test_record_event_with_flag(acl, events, stream):
    """UT aclrtRecordEventWithFlagTest: DEFAULT and EXTERNAL -> SUCCESS; EXTERNAL + 1 -> 100000. EXTERNAL
    needs an Ex SYNC event (207000); the flag must stay the same per event (107000)."""
    e = events(EventFlag.SYNC, ex=True)
    assert acl.raw.aclrtRecordEventWithFlag(e, stream.ptr, 2) == INVALID
    assert acl.raw.aclrtRecordEventWithFlag(None, stream.ptr, 0) == INVALID
    assert acl.raw.aclrtRecordEventWithFlag(e, stream.ptr, 1) == OK
    assert acl.raw.aclrtRecordEventWithFlag(e, stream.ptr, 1) == OK
    assert acl.raw.aclrtRecordEventWithFlag(e, stream.ptr, 0) == RT_PARAM
    plain = events()
    assert acl.raw.aclrtRecordEventWithFlag(plain, stream.ptr, 0) == OK
    assert acl.raw.aclrtRecordEventWithFlag(events(), stream.ptr, 1) == NOT_SUPPORT
    assert acl.raw.aclrtRecordEventWithFlag(events(EventFlag.DEVICE_USE_ONLY), stream.ptr, 0) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert status(acl.raw.aclrtQueryEvent, plain) == (OK, EventStatus.COMPLETE)


def test_stream_wait_event_with_flag(acl, events, stream):
    """UT aclrtStreamWaitEventWithFlagTest: (stream, nullptr, 1, DEFAULT) -> not SUCCESS; (stream, event,
    0, EXTERNAL) -> SUCCESS; (.., 0, EXTERNAL + 1) and (.., 1, EXTERNAL) -> 100000."""
    e = events(EventFlag.SYNC, ex=True)
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, None, 1, 0) == INVALID
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, e, 0, 1) == OK
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, e, 0, 2) == INVALID
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, e, 1, 1) == INVALID
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, e, 0, 0) == RT_PARAM       # flag changed
    assert acl.raw.aclrtStreamWaitEventWithFlag(stream.ptr, events(EventFlag.TIME_LINE), 0, 0) == NOT_SUPPORT
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK


def test_stream_wait_event_with_timeout(acl, events, stream):
    """timeout < 0 -> 107000 (not 100000); UT: (nullptr stream, event, 1) -> SUCCESS. A wait on a record
    held back longer than the timeout ends at the deadline and the stream's sync reports it (UNVERIFIED
    code, the simulator's 107019)."""
    e = events()
    assert acl.raw.aclrtStreamWaitEventWithTimeout(stream.ptr, e, -1) == RT_PARAM
    assert acl.raw.aclrtStreamWaitEventWithTimeout(stream.ptr, None, 1) == RT_PARAM
    assert acl.raw.aclrtStreamWaitEventWithTimeout(None, e, 1) == OK          # never recorded: nothing to wait
    other = ctypes.c_void_p()
    assert acl.raw.aclrtCreateStream(ctypes.byref(other)) == OK
    try:
        acl.call("aclsimStreamPause", other.value, 1)
        assert acl.raw.aclrtRecordEvent(e, other.value) == OK
        assert acl.raw.aclrtStreamWaitEventWithTimeout(stream.ptr, e, 30) == OK
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == ERR.ACL_ERROR_RT_WAIT_TIMEOUT
        assert acl.raw.aclrtStreamWaitEventWithTimeout(stream.ptr, e, 0) == OK   # 0: never times out
        acl.call("aclsimStreamPause", other.value, 0)
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    finally:
        acl.call("aclsimStreamPause", other.value, 0)
        acl.raw.aclrtDestroyStream(other.value)


def test_synchronize_event_with_timeout(acl, events, stream):
    """UT aclrtSynchronizeEventWithTimeoutTest: (event, 100) -> SUCCESS; timeout -2 -> 107000 (checked
    before the NULL event); (nullptr, 100) -> not SUCCESS; rt: timeout 0 -> 107000; expiry -> 507047."""
    e = events()
    assert acl.raw.aclrtSynchronizeEventWithTimeout(None, -2) == RT_PARAM
    assert acl.raw.aclrtSynchronizeEventWithTimeout(None, 100) == INVALID
    assert acl.raw.aclrtSynchronizeEventWithTimeout(e, 0) == RT_PARAM
    assert acl.raw.aclrtSynchronizeEventWithTimeout(e, 100) == OK
    acl.call("aclsimStreamPause", stream.ptr, 1)
    try:
        assert acl.raw.aclrtRecordEvent(e, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeEventWithTimeout(e, 20) == ERR.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    finally:
        acl.call("aclsimStreamPause", stream.ptr, 0)
    assert acl.raw.aclrtSynchronizeEventWithTimeout(e, -1) == OK
    assert acl.raw.aclrtSynchronizeEventWithTimeout(events(EventFlag.EXTERNAL), 100) == NOT_SUPPORT
