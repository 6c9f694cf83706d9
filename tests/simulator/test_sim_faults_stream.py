"""The stream fault switches of issue 19 act as their names say, and only when switched on."""
import pytest

from tests.sim_support import run_acl

BODY = """
raw.aclInit(None); raw.aclrtSetDevice(0)
a, b = ctypes.c_void_p(), ctypes.c_void_p()
raw.aclrtCreateStream(ctypes.byref(a)); raw.aclrtCreateStream(ctypes.byref(b))
mem = ctypes.c_void_p()
raw.aclrtMalloc(ctypes.byref(mem), 64, 0)
ev = ctypes.c_void_p()
raw.aclrtCreateEvent(ctypes.byref(ev))
def status(s):
    st = ctypes.c_int(-1)
    raw.aclrtStreamQuery(s, ctypes.byref(st))
    return st.value
def first_byte():
    h = (ctypes.c_ubyte * 64)()
    raw.aclrtMemcpy(h, 64, mem, 64, 2)       # ACL_MEMCPY_DEVICE_TO_HOST
    return h[0]
raw.aclrtMemset(mem, 64, 7, 64)
raw.aclsimStreamPause(a, 1)
out["memset"] = raw.aclrtMemsetAsync(mem, 64, 1, 64, a)
out["byte_while_held"] = first_byte()
out["query_held"] = status(a)
raw.aclrtRecordEvent(ev, a)
raw.aclrtStreamWaitEvent(b, ev)
out["query_waiting"] = status(b)
raw.aclsimStreamPause(a, 0)
raw.aclrtSynchronizeStream(a); raw.aclrtSynchronizeStream(b)
out["byte_after"] = first_byte()
"""


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["", "query_early", "memset_out_of_order", "event_wait_ignored"])
def test_stream_faults(fault):
    out = run_acl(BODY, env={"ACLSIM_FAULTS": fault})
    assert out["memset"] == 0 and out["byte_after"] == 1
    assert out["byte_while_held"] == (1 if fault == "memset_out_of_order" else 7)
    # 0 COMPLETE, 1 NOT_READY; a memset run at once leaves nothing queued
    assert out["query_held"] == (0 if fault in ("query_early", "memset_out_of_order") else 1)
    assert out["query_waiting"] == (0 if fault in ("query_early", "event_wait_ignored") else 1)
