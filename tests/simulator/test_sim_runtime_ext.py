"""Stream and memory calls beyond the basic set (RT 2026 acl_rt.h), valid and invalid:
aclrtStreamQuery, aclrtCreateStreamWithConfig, aclrtDestroyStreamForce,
aclrtSynchronizeDeviceWithTimeout, aclrtMemsetAsync, aclrtFreeWithDevSync, aclrtFreeHostWithDevSync.
Sources: RT src/acl/aclrt_impl/stream.cpp, device.cpp, memory.cpp (docs/FIDELITY.md section 4)."""
import ctypes

import pytest

from harness.abi import ERR, MemcpyKind, StreamFlag, StreamStatus
from harness.acl import DeviceMemory, HostMemory
from tests.sim_support import BOGUS_HANDLE, CTX_NULL, INVALID, OK, RT_PARAM, in_thread, live

H2D, D2H = int(MemcpyKind.HOST_TO_DEVICE), int(MemcpyKind.DEVICE_TO_HOST)
TIMEOUT = ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT


def _query(acl, stream):
    status = ctypes.c_int(-1)
    code = acl.raw.aclrtStreamQuery(stream, ctypes.byref(status))
    return code, status.value


@pytest.fixture
def paused(acl, stream):
    """The test's stream with its queue held until the test ends."""
    acl.call("aclsimStreamPause", stream.ptr, 1)
    yield stream
    acl.call("aclsimStreamPause", stream.ptr, 0)


# ---------------------------------------------------------------- aclrtStreamQuery
def test_stream_query_reports_pending_work_without_waiting(acl, device, paused):
    mem = DeviceMemory(acl, 64)
    try:
        assert _query(acl, paused.ptr) == (OK, StreamStatus.COMPLETE)          # nothing queued yet
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 7, 64, paused.ptr) == OK
        assert _query(acl, paused.ptr) == (OK, StreamStatus.NOT_READY)         # held in the queue
        acl.call("aclsimStreamPause", paused.ptr, 0)
        assert acl.raw.aclrtSynchronizeStream(paused.ptr) == OK
        assert _query(acl, paused.ptr) == (OK, StreamStatus.COMPLETE)
        assert mem.read(64) == b"\x07" * 64
    finally:
        mem.close()


def test_stream_query_invalid_arguments(acl, device, stream):
    status = ctypes.c_int()
    assert acl.raw.aclrtStreamQuery(stream.ptr, None) == INVALID              # status NULL first
    assert acl.raw.aclrtStreamQuery(BOGUS_HANDLE, None) == INVALID
    assert acl.raw.aclrtStreamQuery(BOGUS_HANDLE, ctypes.byref(status)) == RT_PARAM
    assert _query(acl, None) == (OK, StreamStatus.COMPLETE)                  # the default stream
    assert in_thread(lambda: acl.raw.aclrtStreamQuery(None, ctypes.byref(ctypes.c_int()))) == CTX_NULL


# ---------------------------------------------------------------- aclrtCreateStreamWithConfig
@pytest.mark.parametrize("priority,flag", [
    (0, 0), (0, StreamFlag.FAST_LAUNCH), (0, StreamFlag.FAST_LAUNCH | StreamFlag.FAST_SYNC),
    (1, StreamFlag.HUGE), (7, StreamFlag.FAST_SYNC), (8, 0), (0, 0x100)])
def test_create_stream_with_config_gives_a_working_stream(acl, device, priority, flag):
    before = live(acl, "stream")
    s = ctypes.c_void_p()
    assert acl.raw.aclrtCreateStreamWithConfig(ctypes.byref(s), priority, int(flag)) == OK
    mem = DeviceMemory(acl, 32)
    try:
        assert live(acl, "stream") == before + 1
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 32, 0x5A, 32, s.value) == OK
        assert acl.raw.aclrtSynchronizeStream(s.value) == OK
        assert mem.read(32) == b"\x5a" * 32
    finally:
        mem.close()
        assert acl.raw.aclrtDestroyStream(s.value) == OK
    assert live(acl, "stream") == before


# PERSISTENT, CPU_SCHEDULE, DEVICE_USE_ONLY and the priorities as CANN takes them: tests/simulator/test_sim_rt_streams.py.


def test_create_stream_with_config_invalid_arguments(acl, device):
    assert acl.raw.aclrtCreateStreamWithConfig(None, 0, 0) == INVALID
    s = ctypes.c_void_p()
    assert in_thread(lambda: acl.raw.aclrtCreateStreamWithConfig(ctypes.byref(s), 0, 0)) == CTX_NULL


# ---------------------------------------------------------------- destroy (force)
def test_destroy_stream_force_drops_queued_tasks(acl, device, stream):
    mem = DeviceMemory(acl, 64)
    try:
        mem.write(b"\x11" * 64)
        s = ctypes.c_void_p()
        assert acl.raw.aclrtCreateStream(ctypes.byref(s)) == OK
        acl.call("aclsimStreamPause", s.value, 1)
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 0x22, 64, s.value) == OK
        assert acl.raw.aclrtDestroyStreamForce(s.value) == OK                 # does not wait
        assert mem.read(64) == b"\x11" * 64                                    # the task never ran
        assert acl.raw.aclrtDestroyStreamForce(s.value) == RT_PARAM           # gone
        assert acl.raw.aclrtStreamQuery(s.value, ctypes.byref(ctypes.c_int())) == RT_PARAM
        # the plain destroy waits: its queued task runs
        assert acl.raw.aclrtCreateStream(ctypes.byref(s)) == OK
        acl.call("aclsimStreamPause", s.value, 1)
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 0x33, 64, s.value) == OK
        assert acl.raw.aclrtDestroyStream(s.value) == OK
        assert mem.read(64) == b"\x33" * 64
    finally:
        mem.close()


def test_destroy_stream_null_is_invalid_param(acl, device):
    # RT stream.cpp: ACL_REQUIRES_NOT_NULL_WITH_INPUT_REPORT(stream) -> 100000, both variants
    assert acl.raw.aclrtDestroyStream(None) == INVALID
    assert acl.raw.aclrtDestroyStreamForce(None) == INVALID
    assert acl.raw.aclrtDestroyStreamForce(BOGUS_HANDLE) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStream(None) == OK                        # default stream untouched


# ---------------------------------------------------------------- aclrtSynchronizeDeviceWithTimeout
def test_synchronize_device_with_timeout(acl, device, stream):
    mem = DeviceMemory(acl, 64)
    try:
        assert acl.raw.aclrtSynchronizeDeviceWithTimeout(-2) == RT_PARAM
        assert acl.raw.aclrtSynchronizeDeviceWithTimeout(-(2 ** 31)) == RT_PARAM
        assert acl.raw.aclrtSynchronizeDeviceWithTimeout(-1) == OK
        assert acl.raw.aclrtSynchronizeDeviceWithTimeout(0) == OK             # idle device
        acl.call("aclsimStreamPause", stream.ptr, 1)
        try:
            assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 9, 64, stream.ptr) == OK
            assert acl.raw.aclrtSynchronizeDeviceWithTimeout(20) == TIMEOUT
            assert "EE1002" in acl.recent_error_message()
        finally:
            acl.call("aclsimStreamPause", stream.ptr, 0)
        assert acl.raw.aclrtSynchronizeDeviceWithTimeout(5000) == OK
        assert mem.read(64) == b"\x09" * 64
    finally:
        mem.close()
    assert in_thread(lambda: acl.raw.aclrtSynchronizeDeviceWithTimeout(10)) == CTX_NULL


# ---------------------------------------------------------------- aclrtMemsetAsync
def test_memset_async_is_ordered_with_copies_on_its_stream(acl, device, stream):
    mem = DeviceMemory(acl, 128)
    out = ctypes.create_string_buffer(128)
    src = ctypes.create_string_buffer(b"\x01" * 128, 128)
    try:
        assert acl.raw.aclrtMemcpyAsync(mem.ptr, 128, src, 128, H2D, stream.ptr) == OK
        assert acl.raw.aclrtMemsetAsync(mem.ptr + 32, 96, 0x101, 32, stream.ptr) == OK   # value as a byte
        assert acl.raw.aclrtMemcpyAsync(out, 128, mem.ptr, 128, D2H, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert out.raw == b"\x01" * 32 + b"\x01" * 32 + b"\x01" * 64
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 128, 0xAB, 16, None) == OK    # default stream
        assert acl.raw.aclrtSynchronizeStream(None) == OK
        assert mem.read(16) == b"\xab" * 16
    finally:
        mem.close()


def test_memset_async_invalid_arguments(acl, device, stream):
    mem = DeviceMemory(acl, 64)
    host = HostMemory(acl, 64)
    try:
        # count 0 returns before every other check (RT memory.cpp aclrtMemsetAsyncImpl)
        assert acl.raw.aclrtMemsetAsync(None, 0, 1, 0, BOGUS_HANDLE) == OK
        assert acl.raw.aclrtMemsetAsync(None, 16, 0, 16, stream.ptr) == INVALID
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 16, 0, 17, stream.ptr) == INVALID        # count > maxCount
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 512, 0, 512, stream.ptr) == INVALID      # past the allocation
        assert acl.raw.aclrtMemsetAsync(host.ptr, 64, 0, 64, stream.ptr) == INVALID       # device memory only
        assert acl.raw.aclrtMemsetAsync(mem.ptr, 64, 0, 64, BOGUS_HANDLE) == RT_PARAM
        assert in_thread(lambda: acl.raw.aclrtMemsetAsync(mem.ptr, 64, 0, 64, stream.ptr)) == CTX_NULL
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    finally:
        host.close()
        mem.close()


# ---------------------------------------------------------------- free with device sync
def test_free_with_dev_sync_waits_for_the_device(acl, device, stream):
    before = live(acl, "device_mem")
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 256, 0) == OK
    out = ctypes.create_string_buffer(256)
    assert acl.raw.aclrtMemsetAsync(p.value, 256, 0x44, 256, stream.ptr) == OK
    assert acl.raw.aclrtMemcpyAsync(out, 256, p.value, 256, D2H, stream.ptr) == OK
    assert acl.raw.aclrtFreeWithDevSync(p.value) == OK
    assert out.raw == b"\x44" * 256                  # the queued copy finished before the free returned
    assert live(acl, "device_mem") == before
    assert acl.raw.aclrtFreeWithDevSync(p.value) == INVALID                  # freed twice
    assert acl.raw.aclrtFreeWithDevSync(None) == INVALID
    assert acl.raw.aclrtFreeWithDevSync(BOGUS_HANDLE) == INVALID


def test_free_host_with_dev_sync(acl, device):
    before = live(acl, "host_mem")
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMallocHost(ctypes.byref(p), 100) == OK
    assert acl.raw.aclrtFreeHostWithDevSync(p.value) == OK
    assert live(acl, "host_mem") == before
    assert acl.raw.aclrtFreeHostWithDevSync(p.value) == INVALID              # freed twice
    assert acl.raw.aclrtFreeHostWithDevSync(None) == INVALID
