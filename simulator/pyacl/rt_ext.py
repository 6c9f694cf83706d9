"""acl.rt wrappers for the runtime calls of issue 22 that pyACL has (hicann/runtime python/pyACL
rt/pyrt_methods.cpp table g_methodsRt; rt_device.cpp, rt_stream.cpp, rt_synchronize.cpp,
rt_memory.cpp). Names, argument formats and return tuples as there; the op timeout pair as in the
pyACL API reference (set_op_execute_time_out -> ret, get_op_execute_timeout -> (ms, ret)).
Re-exported by ``acl.rt``."""
from __future__ import annotations

import ctypes

from ._lib import I32, I64, SZ, U32, P, fn, integer, out, ptr

_PP = ctypes.POINTER(P)
_F32 = ctypes.c_float
_U64 = ctypes.c_uint64


def _value(f, ctype, *args):
    v = out(ctype)
    ret = f(*args, ctypes.byref(v))
    return v.value, ret


def _created(f, ctype, *args):
    v = out(ctype)
    ret = f(ctypes.byref(v), *args)
    return (v.value or 0), ret


# ---------------------------------------------------------------- devices (rt_device.cpp)
_reset_device_force = fn("aclrtResetDeviceForce", I32, I32)
_set_ts_device = fn("aclrtSetTsDevice", I32, I32)
_get_device_info = fn("aclrtGetDeviceInfo", I32, U32, I32, ctypes.POINTER(I64))
_priority_range = fn("aclrtDeviceGetStreamPriorityRange", I32, ctypes.POINTER(I32), ctypes.POINTER(I32))


def reset_device_force(device_id) -> int:
    return _reset_device_force(integer(device_id, "acl.rt.reset_device_force"))


def set_ts_device(ts_id) -> int:
    return _set_ts_device(integer(ts_id, "acl.rt.set_ts_device"))


def get_device_info(device_id, attr):
    api = "acl.rt.get_device_info"
    return _value(_get_device_info, I64, integer(device_id, api) & 0xFFFFFFFF, integer(attr, api))


def device_get_stream_priority_range():
    least, greatest = out(I32), out(I32)
    ret = _priority_range(ctypes.byref(least), ctypes.byref(greatest))
    return least.value, greatest.value, ret


# ---------------------------------------------------------------- contexts and streams
_default_stream = fn("aclrtCtxGetCurrentDefaultStream", I32, _PP)
_create_stream_cfg = fn("aclrtCreateStreamWithConfig", I32, _PP, U32, U32)
_destroy_stream_force = fn("aclrtDestroyStreamForce", I32, P)
_stream_query = fn("aclrtStreamQuery", I32, P, ctypes.POINTER(I32))
_stream_get_id = fn("aclrtStreamGetId", I32, P, ctypes.POINTER(I32))
_stream_avail = fn("aclrtGetStreamAvailableNum", I32, ctypes.POINTER(U32))
_failure_mode = fn("aclrtSetStreamFailureMode", I32, P, _U64)
_stream_abort = fn("aclrtStreamAbort", I32, P)


def ctx_get_current_default_stream():
    return _created(_default_stream, P)


def create_stream_with_config(priority, flag):
    api = "acl.rt.create_stream_with_config"
    return _created(_create_stream_cfg, P, integer(priority, api) & 0xFFFFFFFF, integer(flag, api) & 0xFFFFFFFF)


def destroy_stream_force(stream) -> int:
    return _destroy_stream_force(ptr(stream, "acl.rt.destroy_stream_force"))


def stream_query(stream):
    return _value(_stream_query, I32, ptr(stream, "acl.rt.stream_query"))


def stream_get_id(stream):
    return _value(_stream_get_id, I32, ptr(stream, "acl.rt.stream_get_id"))


def get_stream_available_num():
    return _created(_stream_avail, U32)


def set_stream_failure_mode(stream, mode) -> int:
    api = "acl.rt.set_stream_failure_mode"
    return _failure_mode(ptr(stream, api), integer(mode, api))


def stream_abort(stream) -> int:
    return _stream_abort(ptr(stream, "acl.rt.stream_abort"))


# ---------------------------------------------------------------- events (rt_synchronize.cpp)
_create_event_flag = fn("aclrtCreateEventWithFlag", I32, _PP, U32)
_create_event_ex = fn("aclrtCreateEventExWithFlag", I32, _PP, U32)
_reset_event = fn("aclrtResetEvent", I32, P, P)
_query_event = fn("aclrtQueryEvent", I32, P, ctypes.POINTER(I32))
_query_event_status = fn("aclrtQueryEventStatus", I32, P, ctypes.POINTER(I32))
_sync_event_timeout = fn("aclrtSynchronizeEventWithTimeout", I32, P, I32)
_elapsed = fn("aclrtEventElapsedTime", I32, ctypes.POINTER(_F32), P, P)


def create_event_with_flag(flag):
    return _created(_create_event_flag, P, integer(flag, "acl.rt.create_event_with_flag") & 0xFFFFFFFF)


def create_event_ex_with_flag(flag):
    return _created(_create_event_ex, P, integer(flag, "acl.rt.create_event_ex_with_flag") & 0xFFFFFFFF)


def reset_event(event, stream) -> int:
    api = "acl.rt.reset_event"
    return _reset_event(ptr(event, api), ptr(stream, api))


def query_event(event):
    return _value(_query_event, I32, ptr(event, "acl.rt.query_event"))


def query_event_status(event):
    return _value(_query_event_status, I32, ptr(event, "acl.rt.query_event_status"))


def synchronize_event_with_timeout(event, timeout) -> int:
    api = "acl.rt.synchronize_event_with_timeout"
    return _sync_event_timeout(ptr(event, api), integer(timeout, api))


def event_elapsed_time(start, end):
    api = "acl.rt.event_elapsed_time"
    ms = out(_F32)
    ret = _elapsed(ctypes.byref(ms), ptr(start, api), ptr(end, api))
    return ms.value, ret


# ---------------------------------------------------------------- errors, reports and op timeouts
_process_report = fn("aclrtProcessReport", I32, I32)
_get_last_error = fn("aclrtGetLastError", I32, I32)
_peek_last_error = fn("aclrtPeekAtLastError", I32, I32)
_set_exec_timeout = fn("aclrtSetOpExecuteTimeOut", I32, U32)
_get_exec_timeout = fn("aclrtGetOpExecuteTimeout", I32, ctypes.POINTER(U32))


def process_report(timeout) -> int:
    return _process_report(integer(timeout, "acl.rt.process_report"))


def get_last_error(level) -> int:
    return _get_last_error(integer(level, "acl.rt.get_last_error"))


def peek_at_last_error(level) -> int:
    return _peek_last_error(integer(level, "acl.rt.peek_at_last_error"))


def set_op_execute_time_out(timeout) -> int:
    return _set_exec_timeout(integer(timeout, "acl.rt.set_op_execute_time_out") & 0xFFFFFFFF)


def get_op_execute_timeout():
    return _created(_get_exec_timeout, U32)


# ---------------------------------------------------------------- memory (rt_memory.cpp)
_malloc_cached = fn("aclrtMallocCached", I32, _PP, SZ, I32)
_malloc_align32 = fn("aclrtMallocAlign32", I32, _PP, SZ, I32)


def malloc_cached(size, policy):
    api = "acl.rt.malloc_cached"
    return _created(_malloc_cached, P, ptr(size, api), integer(policy, api))


def malloc_align32(size, policy):
    api = "acl.rt.malloc_align32"
    return _created(_malloc_align32, P, ptr(size, api), integer(policy, api))
