"""acl.rt: devices, contexts, streams, events, synchronisation and memory (hicann/runtime
python/pyACL rt/pyrt_methods.cpp, rt_device.cpp, rt_context.cpp, rt_stream.cpp,
rt_synchronize.cpp, rt_memory.cpp). ctypes releases the GIL around every C call, as pyACL does
around its blocking waits."""
from __future__ import annotations

import ctypes

from ._lib import I32, SZ, U32, P, fn, integer, out, ptr

_PP = ctypes.POINTER(P)


def _status(f, api: str, *args):
    return f(*[ptr(a, api) for a in args])


def _created(f, api: str, ctype=P, *args):
    value = out(ctype)
    ret = f(ctypes.byref(value), *args)
    return (value.value or 0), ret


# ---------------------------------------------------------------- devices
_set_device = fn("aclrtSetDevice", I32, I32)
_reset_device = fn("aclrtResetDevice", I32, I32)
_get_device = fn("aclrtGetDevice", I32, ctypes.POINTER(I32))
_get_device_count = fn("aclrtGetDeviceCount", I32, ctypes.POINTER(U32))
_get_run_mode = fn("aclrtGetRunMode", I32, ctypes.POINTER(I32))


def set_device(device_id) -> int:
    return _set_device(integer(device_id, "acl.rt.set_device"))


def reset_device(device_id) -> int:
    return _reset_device(integer(device_id, "acl.rt.reset_device"))


def get_device():
    return _created(_get_device, "acl.rt.get_device", I32)


def get_device_count():
    return _created(_get_device_count, "acl.rt.get_device_count", U32)


def get_run_mode():
    return _created(_get_run_mode, "acl.rt.get_run_mode", I32)


# ---------------------------------------------------------------- contexts
_create_context = fn("aclrtCreateContext", I32, _PP, I32)
_destroy_context = fn("aclrtDestroyContext", I32, P)
_set_context = fn("aclrtSetCurrentContext", I32, P)
_get_context = fn("aclrtGetCurrentContext", I32, _PP)


def create_context(device_id):
    return _created(_create_context, "acl.rt.create_context", P, integer(device_id, "acl.rt.create_context"))


def destroy_context(context) -> int:
    return _status(_destroy_context, "acl.rt.destroy_context", context)


def set_context(context) -> int:
    return _status(_set_context, "acl.rt.set_context", context)


def get_context():
    return _created(_get_context, "acl.rt.get_context")


# ---------------------------------------------------------------- streams and synchronisation
_create_stream = fn("aclrtCreateStream", I32, _PP)
_destroy_stream = fn("aclrtDestroyStream", I32, P)
_sync_stream = fn("aclrtSynchronizeStream", I32, P)
_sync_stream_timeout = fn("aclrtSynchronizeStreamWithTimeout", I32, P, I32)
_sync_device = fn("aclrtSynchronizeDevice", I32)
_sync_device_timeout = fn("aclrtSynchronizeDeviceWithTimeout", I32, I32)


def create_stream():
    return _created(_create_stream, "acl.rt.create_stream")


def destroy_stream(stream) -> int:
    return _status(_destroy_stream, "acl.rt.destroy_stream", stream)


def synchronize_stream(stream) -> int:
    return _status(_sync_stream, "acl.rt.synchronize_stream", stream)


def synchronize_stream_with_timeout(stream, timeout) -> int:
    api = "acl.rt.synchronize_stream_with_timeout"
    return _sync_stream_timeout(ptr(stream, api), integer(timeout, api))


def synchronize_device() -> int:
    return _sync_device()


def synchronize_device_with_timeout(timeout) -> int:
    return _sync_device_timeout(integer(timeout, "acl.rt.synchronize_device_with_timeout"))


# ---------------------------------------------------------------- events
_create_event = fn("aclrtCreateEvent", I32, _PP)
_destroy_event = fn("aclrtDestroyEvent", I32, P)
_record_event = fn("aclrtRecordEvent", I32, P, P)
_sync_event = fn("aclrtSynchronizeEvent", I32, P)
_wait_event = fn("aclrtStreamWaitEvent", I32, P, P)


def create_event():
    return _created(_create_event, "acl.rt.create_event")


def destroy_event(event) -> int:
    return _status(_destroy_event, "acl.rt.destroy_event", event)


def record_event(event, stream) -> int:
    return _status(_record_event, "acl.rt.record_event", event, stream)


def synchronize_event(event) -> int:
    return _status(_sync_event, "acl.rt.synchronize_event", event)


def stream_wait_event(stream, event) -> int:
    return _status(_wait_event, "acl.rt.stream_wait_event", stream, event)


# ---------------------------------------------------------------- memory
_malloc = fn("aclrtMalloc", I32, _PP, SZ, I32)
_free = fn("aclrtFree", I32, P)
_malloc_host = fn("aclrtMallocHost", I32, _PP, SZ)
_free_host = fn("aclrtFreeHost", I32, P)
_memcpy = fn("aclrtMemcpy", I32, P, SZ, P, SZ, I32)
_memcpy_async = fn("aclrtMemcpyAsync", I32, P, SZ, P, SZ, I32, P)
_memset = fn("aclrtMemset", I32, P, SZ, I32, SZ)
_memset_async = fn("aclrtMemsetAsync", I32, P, SZ, I32, SZ, P)
_get_mem_info = fn("aclrtGetMemInfo", I32, I32, ctypes.POINTER(SZ), ctypes.POINTER(SZ))


def malloc(size, policy):
    api = "acl.rt.malloc"
    return _created(_malloc, api, P, ptr(size, api), integer(policy, api))


def free(dev_ptr) -> int:
    return _status(_free, "acl.rt.free", dev_ptr)


def malloc_host(size):
    return _created(_malloc_host, "acl.rt.malloc_host", P, ptr(size, "acl.rt.malloc_host"))


def free_host(host_ptr) -> int:
    return _status(_free_host, "acl.rt.free_host", host_ptr)


def memcpy(dst, dest_max, src, count, kind) -> int:
    api = "acl.rt.memcpy"
    return _memcpy(ptr(dst, api), ptr(dest_max, api), ptr(src, api), ptr(count, api), integer(kind, api))


def memcpy_async(dst, dest_max, src, count, kind, stream) -> int:
    api = "acl.rt.memcpy_async"
    return _memcpy_async(ptr(dst, api), ptr(dest_max, api), ptr(src, api), ptr(count, api), integer(kind, api),
                         ptr(stream, api))


def memset(dev_ptr, max_count, value, count) -> int:
    api = "acl.rt.memset"
    return _memset(ptr(dev_ptr, api), ptr(max_count, api), integer(value, api), ptr(count, api))


def memset_async(dev_ptr, max_count, value, count, stream) -> int:
    api = "acl.rt.memset_async"
    return _memset_async(ptr(dev_ptr, api), ptr(max_count, api), integer(value, api), ptr(count, api),
                         ptr(stream, api))


def get_mem_info(attr):
    free_, total = out(SZ), out(SZ)
    ret = _get_mem_info(integer(attr, "acl.rt.get_mem_info"), ctypes.byref(free_), ctypes.byref(total))
    return free_.value, total.value, ret


# ---------------------------------------------------------------- the calls of issue 22 (rt_ext.py)
from .rt_ext import (  # noqa: E402,F401
    create_event_ex_with_flag,
    create_event_with_flag,
    create_stream_with_config,
    ctx_get_current_default_stream,
    destroy_stream_force,
    device_get_stream_priority_range,
    event_elapsed_time,
    get_device_info,
    get_last_error,
    get_op_execute_timeout,
    get_stream_available_num,
    malloc_align32,
    malloc_cached,
    peek_at_last_error,
    process_report,
    query_event,
    query_event_status,
    reset_device_force,
    reset_event,
    set_op_execute_time_out,
    set_stream_failure_mode,
    set_ts_device,
    stream_abort,
    stream_get_id,
    stream_query,
    synchronize_event_with_timeout,
)
