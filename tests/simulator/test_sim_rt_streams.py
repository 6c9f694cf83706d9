"""Stream calls of issue 22 on the simulator, valid and invalid: failure mode, abort, attributes,
priority / flags / id, available count, priority range, the current default stream, overflow
switch, callbacks (aclrtLaunchCallback + aclrtProcessReport), the thread's last error, and
aclrtCreateStreamWithConfig's flags and priorities.

Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/stream.cpp, callback.cpp, acl_rt.cpp and
src/runtime/api/impl/api_error.cc / api_impl.cc (docs/FIDELITY.md, "Runtime calls of issue 22").
Where a test replays an assertion of RT tests/ut/acl/testcase/acl_runtime_unittest.cpp it says so
("UT name"); those tests run against mocked rt stubs, so only their ACL-layer codes carry over."""
import ctypes
import threading

import pytest

from harness.abi import ERR, CallbackBlock, FailureMode, StreamAttr, StreamFlag
from harness.acl import DeviceMemory
from tests.sim_support import BOGUS_HANDLE, CTX_NULL, INVALID, OK, RT_PARAM, in_thread, live, run_acl

NOT_SUPPORT = ERR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT


class AttrValue(ctypes.Union):
    _fields_ = [("failureMode", ctypes.c_uint64), ("overflowSwitch", ctypes.c_uint32),
                ("userCustomTag", ctypes.c_uint32), ("cacheOpInfoSwitch", ctypes.c_uint32),
                ("streamPriority", ctypes.c_uint32), ("reserve", ctypes.c_uint32 * 4)]


def new_stream(acl, priority=0, flag=0):
    s = ctypes.c_void_p()
    assert acl.raw.aclrtCreateStreamWithConfig(ctypes.byref(s), priority, int(flag)) == OK
    return s.value


def u32(fn, *args):
    v = ctypes.c_uint32(0xFFFF)
    return fn(*args, ctypes.byref(v)), v.value


# ---------------------------------------------------------------- aclrtCreateStreamWithConfig
@pytest.mark.parametrize("flag", [StreamFlag.PERSISTENT, StreamFlag.CPU_SCHEDULE, StreamFlag.DEVICE_USE_ONLY,
                                  StreamFlag.HUGE, StreamFlag.FAST_LAUNCH | StreamFlag.PERSISTENT])
def test_create_stream_with_config_accepts_every_flag(acl, device, flag):
    """UT aclrtCreateStreamWithConfigTest: each flag with priority 0 -> ACL_SUCCESS; the flags read back."""
    s = new_stream(acl, 0, flag)
    try:
        assert u32(acl.raw.aclrtStreamGetFlags, s) == (OK, int(flag))
        mem = DeviceMemory(acl, 32)
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 32, 0x5A, 32, s) == OK
        assert acl.raw.aclrtSynchronizeStream(s) == OK
        assert mem.read(32) == b"\x5a" * 32
        mem.close()
    finally:
        assert acl.raw.aclrtDestroyStream(s) == OK


def test_create_stream_with_config_device_use_only_alone(acl, device):
    """RT api_error.cc CheckStreamFlags: CP_PROCESS_USE with another flag -> 107000; unknown bits dropped."""
    before = live(acl, "stream")
    s = ctypes.c_void_p()
    for flag in (StreamFlag.DEVICE_USE_ONLY | StreamFlag.FAST_LAUNCH, StreamFlag.DEVICE_USE_ONLY | StreamFlag.HUGE):
        assert acl.raw.aclrtCreateStreamWithConfig(ctypes.byref(s), 0, int(flag)) == RT_PARAM
    assert live(acl, "stream") == before
    s2 = new_stream(acl, 0, 0x100 | StreamFlag.FAST_SYNC)
    assert u32(acl.raw.aclrtStreamGetFlags, s2) == (OK, int(StreamFlag.FAST_SYNC))
    assert acl.raw.aclrtDestroyStream(s2) == OK


@pytest.mark.parametrize("given,kept", [(0, 0), (1, 1), (7, 7), (8, 7), (1000, 7), (0xFFFFFFFF, 0)])
def test_create_stream_with_config_clamps_the_priority(acl, device, given, kept):
    """UT aclrtCreateStreamWithConfigTest: priority 8 -> ACL_SUCCESS "adjusted to 7" (ApiImpl::StreamCreate)."""
    s = new_stream(acl, given)
    try:
        assert u32(acl.raw.aclrtStreamGetPriority, s) == (OK, kept)
    finally:
        acl.raw.aclrtDestroyStream(s)


# ---------------------------------------------------------------- priority, flags, id, ranges
def test_plain_stream_priority_flags_and_ids(acl, device, stream):
    """UT aclrtStreamGetPriorityTest / aclrtStreamGetFlagsTest: (nullptr, &v) -> SUCCESS, (stream, nullptr) -> 100000."""
    assert u32(acl.raw.aclrtStreamGetPriority, stream.ptr) == (OK, 0)
    assert u32(acl.raw.aclrtStreamGetFlags, stream.ptr) == (OK, 0)
    assert u32(acl.raw.aclrtStreamGetPriority, None)[0] == OK
    assert u32(acl.raw.aclrtStreamGetFlags, None)[0] == OK
    assert acl.raw.aclrtStreamGetPriority(stream.ptr, None) == INVALID
    assert acl.raw.aclrtStreamGetFlags(stream.ptr, None) == INVALID
    a, b = ctypes.c_int32(-1), ctypes.c_int32(-1)
    other = new_stream(acl)
    assert acl.raw.aclrtStreamGetId(stream.ptr, ctypes.byref(a)) == OK
    assert acl.raw.aclrtStreamGetId(other, ctypes.byref(b)) == OK
    assert a.value >= 0 and b.value >= 0 and a.value != b.value
    assert acl.raw.aclrtStreamGetId(None, ctypes.byref(a)) == OK
    assert acl.raw.aclrtStreamGetId(stream.ptr, None) == INVALID
    assert acl.raw.aclrtStreamGetId(BOGUS_HANDLE, ctypes.byref(a)) == RT_PARAM
    acl.raw.aclrtDestroyStream(other)
    assert in_thread(lambda: acl.raw.aclrtStreamGetPriority(None, ctypes.byref(ctypes.c_uint32()))) == CTX_NULL


def test_stream_priority_range_needs_nothing(acl):
    """UT: all four NULL combinations -> ACL_SUCCESS; least 7, greatest 0 (ApiImpl::DeviceGetStreamPriorityRange)."""
    least, greatest = ctypes.c_int32(-1), ctypes.c_int32(-1)
    assert acl.raw.aclrtDeviceGetStreamPriorityRange(ctypes.byref(least), ctypes.byref(greatest)) == OK
    assert (least.value, greatest.value) == (7, 0)
    assert acl.raw.aclrtDeviceGetStreamPriorityRange(None, None) == OK
    assert acl.raw.aclrtDeviceGetStreamPriorityRange(ctypes.byref(least), None) == OK
    assert in_thread(lambda: acl.raw.aclrtDeviceGetStreamPriorityRange(None, ctypes.byref(greatest))) == OK


def test_stream_available_num_counts_created_streams(acl, device):
    """UT: (nullptr) -> 100000, (&n) -> SUCCESS; one more stream, one fewer available."""
    assert acl.raw.aclrtGetStreamAvailableNum(None) == INVALID
    code, before = u32(acl.raw.aclrtGetStreamAvailableNum)
    assert code == OK and before > 0
    s = new_stream(acl)
    assert u32(acl.raw.aclrtGetStreamAvailableNum) == (OK, before - 1)
    acl.raw.aclrtDestroyStream(s)
    assert u32(acl.raw.aclrtGetStreamAvailableNum) == (OK, before)
    assert in_thread(lambda: acl.raw.aclrtGetStreamAvailableNum(ctypes.byref(ctypes.c_uint32()))) == CTX_NULL


def test_current_default_stream_is_a_real_handle(acl, device):
    """UT: (nullptr) -> 100000; (&stream) -> SUCCESS with a non-NULL handle usable as the default stream."""
    assert acl.raw.aclrtCtxGetCurrentDefaultStream(None) == INVALID
    s = ctypes.c_void_p()
    assert acl.raw.aclrtCtxGetCurrentDefaultStream(ctypes.byref(s)) == OK
    assert s.value
    assert acl.raw.aclrtSynchronizeStream(s.value) == OK
    assert acl.raw.aclrtDestroyStream(s.value) == RT_PARAM       # the default stream is not destroyable
    assert in_thread(lambda: acl.raw.aclrtCtxGetCurrentDefaultStream(ctypes.byref(ctypes.c_void_p()))) == CTX_NULL


# ---------------------------------------------------------------- attributes, failure mode, overflow
def test_stream_attributes_round_trip(acl, device, stream):
    """UT aclrtSetStreamAttribute / aclrtGetStreamAttribute: value NULL -> 100000 (also with a NULL stream)."""
    v = AttrValue()
    for fn in (acl.raw.aclrtSetStreamAttribute, acl.raw.aclrtGetStreamAttribute):
        assert fn(None, int(StreamAttr.FAILURE_MODE), None) == INVALID
        assert fn(stream.ptr, int(StreamAttr.FAILURE_MODE), None) == INVALID
        assert fn(stream.ptr, 99, ctypes.byref(v)) == RT_PARAM
    for attr, field, value in ((StreamAttr.USER_CUSTOM_TAG, "userCustomTag", 42),
                               (StreamAttr.CACHE_OP_INFO, "cacheOpInfoSwitch", 1),
                               (StreamAttr.FLOAT_OVERFLOW_CHECK, "overflowSwitch", 1)):
        setattr(v, field, value)
        assert acl.raw.aclrtSetStreamAttribute(stream.ptr, int(attr), ctypes.byref(v)) == OK
        got = AttrValue()
        assert acl.raw.aclrtGetStreamAttribute(stream.ptr, int(attr), ctypes.byref(got)) == OK
        assert getattr(got, field) == value
    v.streamPriority = 12
    assert acl.raw.aclrtSetStreamAttribute(stream.ptr, int(StreamAttr.PRIORITY), ctypes.byref(v)) == OK
    assert u32(acl.raw.aclrtStreamGetPriority, stream.ptr) == (OK, 7)         # clamped
    assert acl.raw.aclrtSetStreamAttribute(None, int(StreamAttr.PRIORITY), ctypes.byref(v)) == RT_PARAM
    assert acl.raw.aclrtGetStreamAttribute(stream.ptr, int(StreamAttr.PRIORITY), ctypes.byref(v)) == RT_PARAM


def test_failure_mode_is_a_one_way_switch(acl, device):
    """ApiImpl::StreamSetMode: bit 0 only; STOP -> CONTINUE -> 207000; UT: (nullptr, STOP) on the default
    stream -> SUCCESS (run in a fresh process so the default stream of the session keeps CONTINUE)."""
    s = new_stream(acl)
    try:
        assert acl.raw.aclrtSetStreamFailureMode(s, int(FailureMode.CONTINUE)) == OK
        assert acl.raw.aclrtSetStreamFailureMode(s, 0x2) == OK                 # bit 1 ignored: CONTINUE
        assert acl.raw.aclrtSetStreamFailureMode(s, int(FailureMode.STOP)) == OK
        assert acl.raw.aclrtSetStreamFailureMode(s, int(FailureMode.STOP)) == OK
        assert acl.raw.aclrtSetStreamFailureMode(s, int(FailureMode.CONTINUE)) == NOT_SUPPORT
        got = AttrValue()
        assert acl.raw.aclrtGetStreamAttribute(s, int(StreamAttr.FAILURE_MODE), ctypes.byref(got)) == OK
        assert got.failureMode == FailureMode.STOP
        assert acl.raw.aclrtSetStreamFailureMode(BOGUS_HANDLE, 1) == RT_PARAM
    finally:
        acl.raw.aclrtDestroyStream(s)
    d = ctypes.c_void_p()
    assert acl.raw.aclrtCreateStreamWithConfig(ctypes.byref(d), 0, int(StreamFlag.DEVICE_USE_ONLY)) == OK
    assert acl.raw.aclrtSetStreamFailureMode(d.value, 1) == NOT_SUPPORT
    acl.raw.aclrtDestroyStream(d.value)
    out = run_acl("""
raw.aclInit(None); raw.aclrtSetDevice(0)
out["default"] = raw.aclrtSetStreamFailureMode(None, 1)
""")
    assert out["default"] == OK


def test_overflow_switch(acl, device, stream):
    """UT: aclrtSetStreamOverflowSwitch(nullptr, 0) and aclrtGetStreamOverflowSwitch(nullptr, &flag) -> SUCCESS."""
    assert acl.raw.aclrtSetStreamOverflowSwitch(None, 0) == OK
    assert u32(acl.raw.aclrtGetStreamOverflowSwitch, None)[0] == OK
    assert acl.raw.aclrtSetStreamOverflowSwitch(stream.ptr, 2) == INVALID
    assert acl.raw.aclrtSetStreamOverflowSwitch(stream.ptr, 1) == OK
    assert u32(acl.raw.aclrtGetStreamOverflowSwitch, stream.ptr) == (OK, 1)
    assert acl.raw.aclrtGetStreamOverflowSwitch(stream.ptr, None) == INVALID


def test_stream_abort_drops_queued_work(acl, device):
    """UT aclrtStreamAbortTest: aclrtStreamAbort(stream) and (nullptr) -> SUCCESS; queued tasks never run."""
    s = new_stream(acl)
    mem = DeviceMemory(acl, 64)
    try:
        mem.write(b"\x11" * 64)
        acl.call("aclsimStreamPause", s, 1)
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 0x22, 64, s) == OK
        assert acl.raw.aclrtStreamAbort(s) == OK
        acl.call("aclsimStreamPause", s, 0)
        assert acl.raw.aclrtSynchronizeStream(s) == OK
        assert mem.read(64) == b"\x11" * 64
        assert acl.raw.aclrtStreamAbort(None) == OK
        assert acl.raw.aclrtStreamAbort(BOGUS_HANDLE) == RT_PARAM
    finally:
        mem.close()
        acl.raw.aclrtDestroyStream(s)


# ---------------------------------------------------------------- callbacks
CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


def test_launch_callback_argument_checks(acl, device, stream):
    """UT aclrtLaunchCallbackTest: blockType 2 -> 100000; fn NULL -> 107000 (ApiErrorDecorator::CallbackLaunch);
    UT aclrtProcessReportTest: timeout 0 -> not SUCCESS; < -1 -> 100000."""
    fn = CALLBACK(lambda _: None)
    assert acl.raw.aclrtLaunchCallback(fn, None, 2, stream.ptr) == INVALID
    assert acl.raw.aclrtLaunchCallback(None, None, int(CallbackBlock.NO_BLOCK), stream.ptr) == RT_PARAM
    assert acl.raw.aclrtLaunchCallback(fn, None, int(CallbackBlock.NO_BLOCK), BOGUS_HANDLE) == RT_PARAM
    assert acl.raw.aclrtProcessReport(0) == INVALID
    assert acl.raw.aclrtProcessReport(-2) == INVALID
    assert acl.raw.aclrtProcessReport(5) == ERR.ACL_ERROR_RT_REPORT_TIMEOUT      # nothing reported


def test_blocking_callback_holds_the_stream_until_processed(acl, device, stream):
    """ACL_CALLBACK_BLOCK: the work queued after the callback waits for aclrtProcessReport to run it."""
    seen = []
    fn = CALLBACK(lambda ud: seen.append(ud))
    mem = DeviceMemory(acl, 16)
    try:
        mem.write(b"\x00" * 16)
        assert acl.raw.aclrtLaunchCallback(fn, 0x1234, int(CallbackBlock.BLOCK), stream.ptr) == OK
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 16, 0x77, 16, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, 50) == ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
        assert acl.raw.aclrtProcessReport(2000) == OK
        assert seen == [0x1234]
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert mem.read(16) == b"\x77" * 16
    finally:
        mem.close()


def test_non_blocking_callback_lets_the_stream_go_on(acl, device, stream):
    seen = []
    fn = CALLBACK(lambda ud: seen.append(ud))
    assert acl.raw.aclrtLaunchCallback(fn, 7, int(CallbackBlock.NO_BLOCK), stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK                  # does not wait for the report
    assert seen == []
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("rc", acl.raw.aclrtProcessReport(2000)))
    t.start()
    t.join()
    assert box["rc"] == OK and seen == [7]


# ---------------------------------------------------------------- last error
def test_last_error_is_per_thread_and_cleared_by_get(acl, device):
    """UT: level 1 -> 100000. A runtime failure (107000) sets it, an ACL-layer check (100000) does not."""
    assert acl.raw.aclrtGetLastError(1) == INVALID
    assert acl.raw.aclrtPeekAtLastError(1) == INVALID
    acl.raw.aclrtGetLastError(0)                                            # start clean
    assert acl.raw.aclrtStreamGetPriority(None, None) == INVALID
    assert acl.raw.aclrtPeekAtLastError(0) == OK
    assert acl.raw.aclrtStreamAbort(BOGUS_HANDLE) == RT_PARAM
    assert acl.raw.aclrtPeekAtLastError(0) == RT_PARAM
    assert acl.raw.aclrtPeekAtLastError(0) == RT_PARAM                     # peek keeps it
    assert in_thread(lambda: acl.raw.aclrtPeekAtLastError(0)) == OK         # another thread has its own
    assert acl.raw.aclrtGetLastError(0) == RT_PARAM
    assert acl.raw.aclrtGetLastError(0) == OK                               # get cleared it
    assert in_thread(lambda: (acl.raw.aclrtGetDeviceCount(None), acl.raw.aclrtStreamAbort(None),
                              acl.raw.aclrtGetLastError(0))[-1]) == CTX_NULL
