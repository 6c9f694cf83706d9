"""Op timeouts of issue 22 on the simulator: aclrtSetOpWaitTimeout, aclrtSetOpExecuteTimeOut[WithMs|V2],
aclrtGetOpExecuteTimeout, aclrtGetOpTimeOutInterval, and what an op that overruns the execute
timeout does: the stream's next synchronisation returns ACL_ERROR_RT_AICORE_TIMEOUT once, then the
error is cleared (except in ACL_STOP_ON_FAILURE mode), and aclrtGetLastError returns it.

The settings are process-wide (RT Runtime::timeoutConfig_), so every test runs in a fresh process.
Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/event.cpp, device.cpp; src/runtime/api/impl/
api_impl.cc; src/runtime/core/src/stream/stream.cc (Stream::GetError); error_code.cc and
errcode_manage.cc (TS_ERROR_AICORE_TIMEOUT -> 507014); RT doc 12_execution_control.md (defaults).
UT get_op_execute_timeout (acl_runtime_unittest.cpp): (nullptr) -> 100000, (&timeout) -> SUCCESS."""
from harness.abi import ERR
from tests.sim_support import CTX_NULL, INVALID, OK, run_acl

AICORE_TIMEOUT = ERR.ACL_ERROR_RT_AICORE_TIMEOUT

# A MatMulV2 long by construction: 512 x 512 x 512 float32 MACs, far above 1 ms on any host; and a
# 2 x 2 one, far below 1 s.
MATMUL = """
def matmul(n):
    a = raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(n, n), 2)
    descs = [a, raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(n, n), 2),
             raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(n, n), 2)]
    bufs = []
    for _ in range(3):
        p = ctypes.c_void_p()
        assert raw.aclrtMalloc(ctypes.byref(p), n * n * 4, 0) == 0
        assert raw.aclrtMemset(p, n * n * 4, 0, n * n * 4) == 0
        bufs.append(raw.aclCreateDataBuffer(p, n * n * 4))
    return raw.aclopCompileAndExecute(b"MatMulV2", 2, pointer_array(descs[:2]), pointer_array(bufs[:2]), 1,
                                      pointer_array(descs[2:]), pointer_array(bufs[2:]), None, 0, 0, None, None)
"""


def test_execute_timeout_settings_and_defaults():
    out = run_acl("""
raw.aclInit(None)
ms, us, iv = ctypes.c_uint32(), ctypes.c_uint64(), ctypes.c_uint64()
def get():
    assert raw.aclrtGetOpExecuteTimeout(ctypes.byref(ms)) == 0
    return ms.value
out["null"] = raw.aclrtGetOpExecuteTimeout(None)
out["default"] = get()
out["interval_no_ctx"] = raw.aclrtGetOpTimeOutInterval(ctypes.byref(iv))
out["v2_no_ctx"] = raw.aclrtSetOpExecuteTimeOutV2(1000, ctypes.byref(us))
raw.aclrtSetDevice(0)
out["interval_null"] = raw.aclrtGetOpTimeOutInterval(None)
out["interval"] = (raw.aclrtGetOpTimeOutInterval(ctypes.byref(iv)), iv.value)
out["v2_null"] = raw.aclrtSetOpExecuteTimeOutV2(1000, None)
out["v2"] = (raw.aclrtSetOpExecuteTimeOutV2(1500, ctypes.byref(us)), us.value, get())
out["v2_zero"] = (raw.aclrtSetOpExecuteTimeOutV2(0, ctypes.byref(us)), us.value, get())
out["s"] = (raw.aclrtSetOpExecuteTimeOut(3), get())
out["ms"] = (raw.aclrtSetOpExecuteTimeOutWithMs(250), get())
out["ms_clamped"] = (raw.aclrtSetOpExecuteTimeOutWithMs(5000000), get())
""")
    assert out["null"] == INVALID
    assert out["default"] == 1091000                       # RT doc: 1091 s on Atlas A2 (the default SoC)
    assert out["interval_no_ctx"] == CTX_NULL and out["v2_no_ctx"] == CTX_NULL
    assert out["interval_null"] == INVALID and out["v2_null"] == INVALID
    assert out["interval"] == [OK, 1000]                   # the simulator's 1 ms credit
    assert out["v2"] == [OK, 2000, 2]                      # rounded up to whole intervals
    assert out["v2_zero"] == [OK, 2 ** 64 - 1, 2 ** 32 - 1]  # never times out
    assert out["s"] == [OK, 3000]
    assert out["ms"] == [OK, 250]
    assert out["ms_clamped"] == [OK, 1000000]              # RT_MAX_OP_TIMEOUT_FOR_MS


def test_execute_timeout_default_per_product():
    body = "raw.aclInit(None)\nv = ctypes.c_uint32()\nout['ms'] = (raw.aclrtGetOpExecuteTimeout(ctypes.byref(v)), v.value)\n"
    assert run_acl(body, env={"ACLSIM_SOC": "Ascend310P3"})["ms"] == [OK, 547000]
    assert run_acl(body, env={"ACLSIM_SOC": "Ascend910A"})["ms"] == [OK, 68000]


def test_an_op_that_overruns_the_timeout_fails_at_sync_once():
    """The EWH-09 mechanism without the pause hook: a 1 ms execute timeout and a long MatMul."""
    out = run_acl(MATMUL + """
raw.aclInit(None); raw.aclrtSetDevice(0)
out["short_ok"] = (raw.aclrtSetOpExecuteTimeOutWithMs(1000), matmul(2), raw.aclrtSynchronizeStream(None))
raw.aclrtGetLastError(0)
out["set"] = raw.aclrtSetOpExecuteTimeOutWithMs(1)
out["launch"] = matmul(512)
out["sync"] = raw.aclrtSynchronizeStream(None)
out["msg"] = msg()
out["sync_again"] = raw.aclrtSynchronizeStream(None)
out["last"] = (raw.aclrtGetLastError(0), raw.aclrtGetLastError(0))
out["v2"] = raw.aclrtSetOpExecuteTimeOutV2(1000, ctypes.byref(ctypes.c_uint64()))
out["v2_run"] = (matmul(512), raw.aclrtSynchronizeDevice())
raw.aclrtSetOpExecuteTimeOut(0)
out["unbounded"] = (matmul(512), raw.aclrtSynchronizeStream(None))
""", timeout=120)
    assert out["short_ok"] == [OK, OK, OK]
    assert out["set"] == OK and out["launch"] == OK         # the error is asynchronous
    assert out["sync"] == AICORE_TIMEOUT
    assert "MatMulV2" in out["msg"] and "timed out" in out["msg"]
    assert out["sync_again"] == OK                          # reported once (Stream::GetError clears it)
    assert out["last"] == [AICORE_TIMEOUT, OK]
    assert out["v2"] == OK and out["v2_run"] == [OK, AICORE_TIMEOUT]
    assert out["unbounded"] == [OK, OK]


def test_stop_on_failure_keeps_the_error_and_skips_later_tasks():
    """ACL_STOP_ON_FAILURE: Stream::GetError keeps errCode_, and the stream runs nothing after the failure."""
    out = run_acl(MATMUL + """
raw.aclInit(None); raw.aclrtSetDevice(0)
s = ctypes.c_void_p(); raw.aclrtCreateStream(ctypes.byref(s))
out["mode"] = raw.aclrtSetStreamFailureMode(s, 1)
raw.aclrtSetOpExecuteTimeOutWithMs(1)
a = raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(512, 512), 2)
bufs = []
for _ in range(3):
    p = ctypes.c_void_p(); raw.aclrtMalloc(ctypes.byref(p), 512 * 512 * 4, 0); raw.aclrtMemset(p, 512 * 512 * 4, 0, 512 * 512 * 4)
    bufs.append(raw.aclCreateDataBuffer(p, 512 * 512 * 4))
flag = ctypes.c_void_p(); raw.aclrtMalloc(ctypes.byref(flag), 64, 0); raw.aclrtMemset(flag, 64, 0, 64)
out["launch"] = raw.aclopCompileAndExecute(b"MatMulV2", 2, pointer_array([a, a]), pointer_array(bufs[:2]), 1,
                                           pointer_array([a]), pointer_array(bufs[2:]), None, 0, 0, None, s)
out["after"] = raw.aclrtMemsetAsync(flag, 64, 9, 64, s)
out["syncs"] = [raw.aclrtSynchronizeStream(s), raw.aclrtSynchronizeStream(s)]
host = (ctypes.c_uint8 * 64)()
raw.aclrtMemcpy(host, 64, flag, 64, 2)
out["flag"] = host[0]
""", timeout=120)
    assert out["mode"] == OK and out["launch"] == OK and out["after"] == OK
    assert out["syncs"] == [AICORE_TIMEOUT, AICORE_TIMEOUT]
    assert out["flag"] == 0                                 # the memset after the failure never ran


def test_op_wait_timeout_bounds_event_waits():
    """aclrtSetOpWaitTimeout (s, 0 = never): a stream waiting on a record that does not come ends the wait
    at the timeout (the simulator reports 107019, code UNVERIFIED); 207000 on Atlas inference (310P)."""
    out = run_acl("""
raw.aclInit(None); raw.aclrtSetDevice(0)
out["set"] = raw.aclrtSetOpWaitTimeout(1)
e, held, waiter = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
raw.aclrtCreateEvent(ctypes.byref(e)); raw.aclrtCreateStream(ctypes.byref(held)); raw.aclrtCreateStream(ctypes.byref(waiter))
raw.aclsimStreamPause(held, 1)
raw.aclrtRecordEvent(e, held)
out["wait"] = raw.aclrtStreamWaitEvent(waiter, e)
out["sync"] = raw.aclrtSynchronizeStreamWithTimeout(waiter, 10000)
raw.aclsimStreamPause(held, 0)
out["off"] = raw.aclrtSetOpWaitTimeout(0)
""")
    assert out["set"] == OK and out["wait"] == OK and out["off"] == OK
    assert out["sync"] == ERR.ACL_ERROR_RT_WAIT_TIMEOUT
    on_310p = run_acl("raw.aclInit(None)\nout['rc'] = raw.aclrtSetOpWaitTimeout(3)\n", env={"ACLSIM_SOC": "Ascend310P3"})
    assert on_310p["rc"] == ERR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
