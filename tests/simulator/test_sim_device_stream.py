"""Devices, contexts, streams and events of the simulator, with valid and invalid arguments.

Anything that changes the calling thread's current context runs on a fresh thread (in_thread),
so the session's device and default context stay current on the main thread. The per-product
stream limits run in one fresh process per product.
"""
import ctypes

import pytest

from harness.abi import ERR, RunMode
from harness.acl import Stream, current_context
from harness.products import BY_ID, DEFAULT_SOC
from tests.sim_support import (
    BOGUS_HANDLE,
    CTX_NULL,
    INVALID,
    OK,
    RT_PARAM,
    STREAM_CTX,
    in_thread,
    live,
    run_acl,
)

TIMEOUT = ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
BAD_DEVICE = ERR.ACL_ERROR_RT_INVALID_DEVICEID


def _new_stream(acl) -> int:
    s = ctypes.c_void_p()
    assert acl.raw.aclrtCreateStream(ctypes.byref(s)) == OK
    return s.value


def _queue_copy(acl, stream, mem, data=b"abcdefgh"):
    src = ctypes.create_string_buffer(data, len(data))
    code = acl.raw.aclrtMemcpyAsync(mem, len(data), src, len(data), 1, stream)
    return code, src            # keep src alive until the copy ran


# ---------------------------------------------------------------- devices
def test_device_count_and_run_mode(acl):
    count = ctypes.c_uint32(0)
    assert acl.raw.aclrtGetDeviceCount(ctypes.byref(count)) == OK
    assert count.value >= 1
    assert acl.raw.aclrtGetDeviceCount(None) == INVALID
    mode = ctypes.c_int(-1)
    assert acl.raw.aclrtGetRunMode(ctypes.byref(mode)) == OK
    assert mode.value == RunMode.HOST
    assert acl.raw.aclrtGetRunMode(None) == INVALID


def test_set_get_reset_device_on_a_thread(acl, device):
    dev = device.device_id
    count = acl.device_count()

    def work():
        r = acl.raw
        got = ctypes.c_int32(-1)
        res = {"get_before": r.aclrtGetDevice(ctypes.byref(got))}
        res["set"] = r.aclrtSetDevice(dev)
        res["get"] = (r.aclrtGetDevice(ctypes.byref(got)), got.value)
        res["get_null"] = r.aclrtGetDevice(None)
        res["set_negative"] = r.aclrtSetDevice(-1)
        res["set_past_end"] = r.aclrtSetDevice(count)
        res["reset_past_end"] = r.aclrtResetDevice(count)
        res["reset_negative"] = r.aclrtResetDevice(-5)
        res["reset"] = r.aclrtResetDevice(dev)     # the session still holds its own reference
        return res

    res = in_thread(work)
    assert res["get_before"] == CTX_NULL
    assert res["set"] == OK and res["get"] == (OK, dev)
    assert res["get_null"] == INVALID
    assert res["set_negative"] == BAD_DEVICE and res["set_past_end"] == BAD_DEVICE
    assert res["reset_past_end"] == BAD_DEVICE and res["reset_negative"] == BAD_DEVICE
    assert res["reset"] == OK
    # the session's device is still usable on the main thread
    got = ctypes.c_int32(-1)
    assert acl.raw.aclrtGetDevice(ctypes.byref(got)) == OK and got.value == dev
    s = Stream(acl)
    s.synchronize()
    s.close()


def test_reset_device_releases_its_streams_and_memory(acl, device):
    count = acl.device_count()
    if count < 2:
        pytest.skip("needs a second device")
    other = (device.device_id + 1) % count
    before = {k: live(acl, k) for k in ("stream", "context", "device_mem")}

    def work():
        r = acl.raw
        s, p = ctypes.c_void_p(), ctypes.c_void_p()
        res = {"set": r.aclrtSetDevice(other), "create": r.aclrtCreateStream(ctypes.byref(s)),
               "malloc": r.aclrtMalloc(ctypes.byref(p), 128, 0)}
        res["during"] = {k: live(acl, k) for k in ("stream", "context", "device_mem")}
        res["reset"] = r.aclrtResetDevice(other)
        res["stale_stream"] = r.aclrtDestroyStream(s)
        res["stale_mem"] = r.aclrtFree(p)
        res["after_reset_get"] = r.aclrtGetDevice(ctypes.byref(ctypes.c_int32()))
        return res

    res = in_thread(work)
    assert (res["set"], res["create"], res["malloc"]) == (OK, OK, OK)
    assert res["during"] == {"stream": before["stream"] + 2, "context": before["context"] + 1,
                             "device_mem": before["device_mem"] + 1}
    assert res["reset"] == OK
    assert res["stale_stream"] == RT_PARAM
    assert res["stale_mem"] == INVALID
    assert res["after_reset_get"] == CTX_NULL
    assert {k: live(acl, k) for k in before} == before


# ---------------------------------------------------------------- contexts
def test_contexts_on_a_thread(acl, device):
    dev = device.device_id
    main_ctx = current_context(acl)
    before = live(acl, "context")

    def work():
        r = acl.raw
        c, cur = ctypes.c_void_p(), ctypes.c_void_p()
        res = {"create": r.aclrtCreateContext(ctypes.byref(c), dev)}
        res["live_during"] = live(acl, "context")
        res["current"] = (r.aclrtGetCurrentContext(ctypes.byref(cur)), cur.value == c.value)
        s = ctypes.c_void_p()
        res["stream_in_ctx"] = r.aclrtCreateStream(ctypes.byref(s))
        res["set_main"] = r.aclrtSetCurrentContext(main_ctx)
        res["use_stream_from_other_ctx"] = r.aclrtSynchronizeStream(s)
        res["set_back"] = r.aclrtSetCurrentContext(c)
        res["sync_stream"] = r.aclrtSynchronizeStream(s)
        res["destroy_default"] = r.aclrtDestroyContext(main_ctx)
        res["destroy"] = r.aclrtDestroyContext(c)
        res["stream_after_ctx_destroyed"] = r.aclrtDestroyStream(s)
        res["current_after"] = r.aclrtGetCurrentContext(ctypes.byref(cur))
        res["current_after_value"] = cur.value
        res["destroy_again"] = r.aclrtDestroyContext(c)
        res["set_destroyed"] = r.aclrtSetCurrentContext(c)
        res["destroy_null"] = r.aclrtDestroyContext(None)
        res["destroy_bogus"] = r.aclrtDestroyContext(BOGUS_HANDLE)
        res["set_null"] = r.aclrtSetCurrentContext(None)
        res["set_bogus"] = r.aclrtSetCurrentContext(0x1234)
        res["create_null"] = r.aclrtCreateContext(None, dev)
        res["create_bad_device"] = r.aclrtCreateContext(ctypes.byref(c), -1)
        res["create_past_end"] = r.aclrtCreateContext(ctypes.byref(c), acl.device_count())
        res["get_null"] = r.aclrtGetCurrentContext(None)
        return res

    res = in_thread(work)
    assert res["create"] == OK and res["live_during"] == before + 1
    assert res["current"] == (OK, True)                   # a created context becomes current
    assert res["stream_in_ctx"] == OK
    assert res["set_main"] == OK
    assert res["use_stream_from_other_ctx"] == STREAM_CTX
    assert res["set_back"] == OK and res["sync_stream"] == OK
    assert res["destroy_default"] == INVALID              # aclrtResetDevice releases it
    assert res["destroy"] == OK
    assert res["stream_after_ctx_destroyed"] == RT_PARAM  # destroyed with its context
    assert res["current_after"] == CTX_NULL and res["current_after_value"] is None
    assert res["destroy_again"] == INVALID and res["set_destroyed"] == INVALID
    assert res["destroy_null"] == INVALID and res["destroy_bogus"] == INVALID
    assert res["set_null"] == INVALID and res["set_bogus"] == INVALID
    assert res["create_null"] == INVALID
    assert res["create_bad_device"] == BAD_DEVICE and res["create_past_end"] == BAD_DEVICE
    assert res["get_null"] == INVALID
    assert live(acl, "context") == before
    assert current_context(acl) == main_ctx               # main thread untouched


# ---------------------------------------------------------------- streams
def test_stream_create_sync_destroy(acl, device):
    before = live(acl, "stream")
    s = _new_stream(acl)
    assert live(acl, "stream") == before + 1
    assert acl.raw.aclrtSynchronizeStream(s) == OK
    for timeout in (-1, 0, 100):
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(s, timeout) == OK
    assert acl.raw.aclrtSynchronizeStream(None) == OK               # default stream
    assert acl.raw.aclrtSynchronizeStreamWithTimeout(None, 50) == OK
    assert acl.raw.aclrtSynchronizeDevice() == OK
    assert acl.raw.aclrtDestroyStream(s) == OK
    assert live(acl, "stream") == before
    # a destroyed stream, one never issued, NULL and a wrong kind of handle
    assert acl.raw.aclrtDestroyStream(s) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStream(s) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStreamWithTimeout(s, 10) == RT_PARAM
    assert acl.raw.aclrtDestroyStream(None) == INVALID              # RT stream.cpp: NULL -> 100000
    assert acl.raw.aclrtDestroyStream(BOGUS_HANDLE) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStream(BOGUS_HANDLE) == RT_PARAM
    assert acl.raw.aclrtDestroyStream(current_context(acl)) == RT_PARAM
    assert acl.raw.aclrtCreateStream(None) == INVALID
    assert live(acl, "stream") == before


def test_default_stream_handle_cannot_be_destroyed(acl, device):
    # The default stream is reachable only as NULL; destroying NULL is refused (100000, RT
    # stream.cpp ACL_REQUIRES_NOT_NULL_WITH_INPUT_REPORT) and it keeps working.
    assert acl.raw.aclrtDestroyStream(None) == INVALID
    assert acl.raw.aclrtSynchronizeStream(None) == OK


def test_sync_timeout_argument_and_expiry(acl, device, stream):
    assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, -2) == RT_PARAM
    assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, -(2 ** 31)) == RT_PARAM
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 64, 0) == OK
    try:
        assert acl.raw.aclsimStreamPause(stream.ptr, 1) == OK
        code, keep = _queue_copy(acl, stream.ptr, p.value)
        assert code == OK
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, 0) == TIMEOUT
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, 20) == TIMEOUT
        assert acl.recent_error_message().startswith("EE1002")
        assert acl.raw.aclsimStreamPause(stream.ptr, 0) == OK
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, -1) == OK
        out = ctypes.create_string_buffer(8)
        assert acl.raw.aclrtMemcpy(out, 8, p.value, 8, 2) == OK and out.raw == b"abcdefgh"
        del keep
    finally:
        acl.raw.aclsimStreamPause(stream.ptr, 0)
        acl.raw.aclrtFree(p.value)


def test_streams_without_a_current_context(acl, device, stream):
    def work():
        r = acl.raw
        s = ctypes.c_void_p()
        return {"create": r.aclrtCreateStream(ctypes.byref(s)),
                "sync_default": r.aclrtSynchronizeStream(None),
                "sync_explicit": r.aclrtSynchronizeStream(stream.ptr),
                "sync_timeout": r.aclrtSynchronizeStreamWithTimeout(stream.ptr, 5),
                "destroy": r.aclrtDestroyStream(stream.ptr),
                "sync_device": r.aclrtSynchronizeDevice(),
                "pause": r.aclsimStreamPause(stream.ptr, 1)}

    res = in_thread(work)
    assert res == {k: CTX_NULL for k in res}
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK     # still alive and unpaused
    assert acl.raw.aclrtSynchronizeStreamWithTimeout(stream.ptr, 100) == OK


def test_stream_shared_with_a_thread_that_sets_the_context(acl, device, stream):
    ctx = current_context(acl)

    def work():
        r = acl.raw
        return (r.aclrtSetCurrentContext(ctx), r.aclrtSynchronizeStream(stream.ptr), r.aclrtSynchronizeDevice())

    assert in_thread(work) == (OK, OK, OK)


# ---------------------------------------------------------------- per-product stream limit
@pytest.mark.parametrize("product_id", sorted(DEFAULT_SOC))
def test_stream_limit_per_product(product_id):
    limit = BY_ID[product_id].stream_limit
    out = run_acl(f"""
out["init"] = raw.aclInit(None)
out["set"] = raw.aclrtSetDevice(0)
streams = []
rc = 0
while len(streams) < {limit} + 10:
    s = ctypes.c_void_p()
    rc = raw.aclrtCreateStream(ctypes.byref(s))
    if rc:
        break
    streams.append(s.value)
out["created"], out["rc"], out["msg"] = len(streams), rc, msg()
c = ctypes.c_void_p()
out["context_at_limit"] = raw.aclrtCreateContext(ctypes.byref(c), 0)
out["destroy_two"] = [raw.aclrtDestroyStream(streams.pop()) for _ in range(2)]
out["context"] = raw.aclrtCreateContext(ctypes.byref(c), 0)       # takes one slot (its default stream)
s = ctypes.c_void_p()
out["last_slot"] = raw.aclrtCreateStream(ctypes.byref(s))
out["full_again"] = raw.aclrtCreateStream(ctypes.byref(s))
out["destroy_context"] = raw.aclrtDestroyContext(c)               # frees 2 slots
out["set_main"] = raw.aclrtSetDevice(0)
out["after_context"] = [raw.aclrtCreateStream(ctypes.byref(s)) for _ in range(3)]
out["live_streams"] = raw.aclsimLiveObjectCount(b"stream")
out["finalize"] = raw.aclFinalize()
out["live_after"] = raw.aclsimLiveObjectCount(b"stream")
""", env={"ACLSIM_SOC": DEFAULT_SOC[product_id]})
    no_res = ERR.ACL_ERROR_RT_NO_STREAM_RESOURCE
    assert out["init"] == OK and out["set"] == OK
    assert out["created"] == limit - 1, "the default stream counts against the limit (products.md 5)"
    assert out["rc"] == no_res and str(limit) in out["msg"]
    assert out["context_at_limit"] == no_res
    assert out["destroy_two"] == [OK, OK]
    assert out["context"] == OK
    assert out["last_slot"] == OK and out["full_again"] == no_res
    assert out["destroy_context"] == OK and out["set_main"] == OK
    assert out["after_context"] == [OK, OK, no_res]
    assert out["live_streams"] == limit
    assert out["finalize"] == OK and out["live_after"] == 0


# ---------------------------------------------------------------- events
def test_event_lifecycle(acl, device, stream):
    before = live(acl, "event")
    e = ctypes.c_void_p()
    assert acl.raw.aclrtCreateEvent(ctypes.byref(e)) == OK
    assert live(acl, "event") == before + 1
    assert acl.raw.aclrtSynchronizeEvent(e) == OK                   # never recorded: nothing to wait
    assert acl.raw.aclrtStreamWaitEvent(stream.ptr, e) == OK        # never recorded: no wait
    assert acl.raw.aclrtRecordEvent(e, stream.ptr) == OK
    assert acl.raw.aclrtRecordEvent(e, None) == OK                  # default stream
    assert acl.raw.aclrtStreamWaitEvent(None, e) == OK
    assert acl.raw.aclrtSynchronizeEvent(e) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(None) == OK
    assert acl.raw.aclrtDestroyEvent(e) == OK
    assert live(acl, "event") == before
    # destroyed, NULL, never issued, wrong kind
    for bad in (e.value, None, BOGUS_HANDLE, stream.ptr):
        assert acl.raw.aclrtDestroyEvent(bad) == INVALID, bad
        assert acl.raw.aclrtRecordEvent(bad, stream.ptr) == INVALID, bad
        assert acl.raw.aclrtStreamWaitEvent(stream.ptr, bad) == INVALID, bad
        assert acl.raw.aclrtSynchronizeEvent(bad) == INVALID, bad
    assert acl.raw.aclrtCreateEvent(None) == INVALID
    assert live(acl, "event") == before


def test_event_with_a_bad_stream(acl, device, stream):
    e = ctypes.c_void_p()
    assert acl.raw.aclrtCreateEvent(ctypes.byref(e)) == OK
    try:
        dead = _new_stream(acl)
        assert acl.raw.aclrtDestroyStream(dead) == OK
        for bad in (dead, BOGUS_HANDLE):
            assert acl.raw.aclrtRecordEvent(e, bad) == RT_PARAM
            assert acl.raw.aclrtStreamWaitEvent(bad, e) == RT_PARAM
        assert acl.raw.aclrtSynchronizeEvent(e) == OK                # the failed records left no wait
        res = in_thread(lambda: (acl.raw.aclrtCreateEvent(ctypes.byref(ctypes.c_void_p())),
                                 acl.raw.aclrtRecordEvent(e, stream.ptr),
                                 acl.raw.aclrtStreamWaitEvent(stream.ptr, e)))
        assert res == (CTX_NULL, CTX_NULL, CTX_NULL)
    finally:
        assert acl.raw.aclrtDestroyEvent(e) == OK


def test_stream_wait_event_orders_two_streams(acl, device, scope):
    a, b = scope.add(Stream(acl)), scope.add(Stream(acl))
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 64, 0) == OK
    e = ctypes.c_void_p()
    assert acl.raw.aclrtCreateEvent(ctypes.byref(e)) == OK
    try:
        assert acl.raw.aclsimStreamPause(a.ptr, 1) == OK
        code, keep_a = _queue_copy(acl, a.ptr, p.value, b"AAAAAAAA")
        assert code == OK
        assert acl.raw.aclrtRecordEvent(e, a.ptr) == OK
        assert acl.raw.aclrtStreamWaitEvent(b.ptr, e) == OK
        code, keep_b = _queue_copy(acl, b.ptr, p.value, b"BBBB")
        assert code == OK
        # b waits for a's event, a is paused: b cannot finish
        assert acl.raw.aclrtSynchronizeStreamWithTimeout(b.ptr, 30) == TIMEOUT
        acl.recent_error_message()
        assert acl.raw.aclsimStreamPause(a.ptr, 0) == OK
        assert acl.raw.aclrtSynchronizeStream(b.ptr) == OK
        assert acl.raw.aclrtSynchronizeEvent(e) == OK
        out = ctypes.create_string_buffer(8)
        assert acl.raw.aclrtMemcpy(out, 8, p.value, 8, 2) == OK
        assert out.raw == b"BBBBAAAA"                                # a's copy ran first
        del keep_a, keep_b
    finally:
        acl.raw.aclsimStreamPause(a.ptr, 0)
        acl.raw.aclrtDestroyEvent(e)
        acl.raw.aclrtFree(p.value)
