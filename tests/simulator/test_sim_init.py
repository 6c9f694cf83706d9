"""Process-level behaviour of the simulator: aclInit / aclFinalize / aclFinalizeReference, the
ACLSIM_* environment, calls before aclInit, version queries and aclGetRecentErrMsg.

Whatever changes process state runs in a fresh interpreter (sim_support.run_acl).
"""
import ctypes

from harness.abi import ERR
from tests.sim_support import INVALID, OK, in_thread, run_acl


# ---------------------------------------------------------------- aclInit / aclFinalize
def test_init_finalize_codes_and_reference_count(tmp_path):
    cfg = tmp_path / "acl.json"
    cfg.write_text("{}")
    out = run_acl(f"""
ref = ctypes.c_uint64(99)
out["finalize_never_inited"] = raw.aclFinalize()
out["finalize_again"] = raw.aclFinalize()
out["init"] = raw.aclInit(None)
out["init_again"] = raw.aclInit(None)
out["init_again_msg"] = msg()
out["init_third"] = raw.aclInit({str(cfg)!r}.encode())
out["ref1"] = raw.aclFinalizeReference(ctypes.byref(ref)); out["left1"] = ref.value
out["still_inited_set_device"] = raw.aclrtSetDevice(0)
out["ref2"] = raw.aclFinalizeReference(ctypes.byref(ref)); out["left2"] = ref.value
out["ref3"] = raw.aclFinalizeReference(ctypes.byref(ref)); out["left3"] = ref.value
out["after_last_ref_set_device"] = raw.aclrtSetDevice(0)
out["ref_when_done"] = raw.aclFinalizeReference(ctypes.byref(ref)); out["left_done"] = ref.value
out["ref_null_when_done"] = raw.aclFinalizeReference(None)
out["finalize_after_ref"] = raw.aclFinalize()
out["reinit"] = raw.aclInit(None)
out["ref_null"] = raw.aclFinalizeReference(None)
out["reinit2"] = raw.aclInit(None)
out["finalize"] = raw.aclFinalize()
out["finalize_repeat"] = raw.aclFinalize()
out["finalize_repeat_msg"] = msg()
""")
    assert out["finalize_never_inited"] == OK          # the flag check lets it through (acl-abi 1)
    assert out["finalize_again"] == ERR.ACL_ERROR_REPEAT_FINALIZE
    assert out["init"] == OK
    assert out["init_again"] == ERR.ACL_ERROR_REPEAT_INITIALIZE
    assert out["init_again_msg"] and "already" in out["init_again_msg"]
    assert out["init_third"] == ERR.ACL_ERROR_REPEAT_INITIALIZE   # bumps the count to 3
    assert (out["ref1"], out["left1"]) == (OK, 2)
    assert out["still_inited_set_device"] == OK
    assert (out["ref2"], out["left2"]) == (OK, 1)
    assert (out["ref3"], out["left3"]) == (OK, 0)                 # last reference finalizes
    assert out["after_last_ref_set_device"] == ERR.ACL_ERROR_UNINITIALIZE
    assert (out["ref_when_done"], out["left_done"]) == (ERR.ACL_ERROR_REPEAT_FINALIZE, 0)
    assert out["ref_null_when_done"] == ERR.ACL_ERROR_REPEAT_FINALIZE
    assert out["finalize_after_ref"] == ERR.ACL_ERROR_REPEAT_FINALIZE
    assert out["reinit"] == OK                                    # init after finalize is allowed
    assert out["ref_null"] == OK                                  # refCount may be NULL
    assert out["reinit2"] == OK
    assert out["finalize"] == OK
    assert out["finalize_repeat"] == ERR.ACL_ERROR_REPEAT_FINALIZE
    assert out["finalize_repeat_msg"] and "already" in out["finalize_repeat_msg"]


def test_init_rejects_an_unreadable_config_path(tmp_path):
    out = run_acl(f"""
out["missing"] = raw.aclInit(b"/nonexistent/acl.json")
out["missing_msg"] = msg()
out["directory"] = raw.aclInit({str(tmp_path)!r}.encode())
out["set_device"] = raw.aclrtSetDevice(0)
out["then_null"] = raw.aclInit(None)
""")
    assert out["missing"] == ERR.ACL_ERROR_INVALID_FILE
    assert "/nonexistent/acl.json" in out["missing_msg"]
    # aclInit("") is an empty config, not a path (RT GetStrFromConfigPath): tests/simulator/test_sim_rt_init.py
    assert out["directory"] == ERR.ACL_ERROR_INVALID_FILE
    assert out["set_device"] == ERR.ACL_ERROR_UNINITIALIZE      # a failed aclInit initialises nothing
    assert out["then_null"] == OK


def test_finalize_releases_every_runtime_object():
    out = run_acl("""
raw.aclInit(None)
raw.aclrtSetDevice(0)
s, e, c, p, h = (ctypes.c_void_p() for _ in range(5))
raw.aclrtCreateStream(ctypes.byref(s))
raw.aclrtCreateEvent(ctypes.byref(e))
raw.aclrtMalloc(ctypes.byref(p), 256, 0)
raw.aclsimStreamPause(s, 1)
src = ctypes.create_string_buffer(b"x" * 64)
out["queued"] = raw.aclrtMemcpyAsync(p, 256, src, 64, 1, s)   # pending on a paused stream
raw.aclrtCreateContext(ctypes.byref(c), 1)
kinds = ["stream", "context", "event", "device_mem"]
out["before"] = {k: raw.aclsimLiveObjectCount(k.encode()) for k in kinds}
out["finalize"] = raw.aclFinalize()
out["after"] = {k: raw.aclsimLiveObjectCount(k.encode()) for k in kinds}
raw.aclInit(None)
raw.aclrtSetDevice(0)
out["stale_stream"] = raw.aclrtDestroyStream(s)
out["stale_event"] = raw.aclrtDestroyEvent(e)
out["stale_context"] = raw.aclrtDestroyContext(c)
out["stale_mem"] = raw.aclrtFree(p)
out["finalize2"] = raw.aclFinalize()
""")
    assert out["queued"] == OK
    assert out["before"] == {"stream": 3, "context": 2, "event": 1, "device_mem": 1}
    assert out["finalize"] == OK
    assert out["after"] == {"stream": 0, "context": 0, "event": 0, "device_mem": 0}
    assert out["stale_stream"] == ERR.ACL_ERROR_RT_PARAM_INVALID
    assert out["stale_event"] == INVALID
    assert out["stale_context"] == INVALID
    assert out["stale_mem"] == INVALID
    assert out["finalize2"] == OK


# ---------------------------------------------------------------- before aclInit
def test_runtime_calls_before_init_report_uninitialize():
    out = run_acl("""
p = ctypes.c_void_p()
buf = ctypes.create_string_buffer(64)
calls = {
    "aclrtSetDevice": lambda: raw.aclrtSetDevice(0),
    "aclrtResetDevice": lambda: raw.aclrtResetDevice(0),
    "aclrtCreateContext": lambda: raw.aclrtCreateContext(ctypes.byref(p), 0),
    "aclrtCreateStream": lambda: raw.aclrtCreateStream(ctypes.byref(p)),
    "aclrtCreateEvent": lambda: raw.aclrtCreateEvent(ctypes.byref(p)),
    "aclrtMalloc": lambda: raw.aclrtMalloc(ctypes.byref(p), 64, 0),
    "aclrtFree": lambda: raw.aclrtFree(0xDAF0000000001000),
    "aclrtMallocHost": lambda: raw.aclrtMallocHost(ctypes.byref(p), 64),
    "aclrtMemcpy": lambda: raw.aclrtMemcpy(buf, 64, buf, 8, 0),
    "aclrtMemcpyAsync": lambda: raw.aclrtMemcpyAsync(buf, 64, buf, 8, 0, None),
    "aclrtMemset": lambda: raw.aclrtMemset(buf, 64, 0, 8),
}
for phase in ("before_init", "after_finalize"):
    out[phase] = {name: fn() for name, fn in calls.items()}
    out[phase + "_msg"] = msg()
    if phase == "before_init":
        out["init"] = raw.aclInit(None)
        out["finalize"] = raw.aclFinalize()
no_ctx = {}
no_ctx["aclrtGetDevice"] = raw.aclrtGetDevice(ctypes.byref(ctypes.c_int32()))
no_ctx["aclrtGetCurrentContext"] = raw.aclrtGetCurrentContext(ctypes.byref(p))
no_ctx["aclrtSynchronizeDevice"] = raw.aclrtSynchronizeDevice()
no_ctx["aclrtSynchronizeStream"] = raw.aclrtSynchronizeStream(None)
out["no_ctx"] = no_ctx
count = ctypes.c_uint32()
out["device_count"] = (raw.aclrtGetDeviceCount(ctypes.byref(count)), count.value)
out["soc"] = raw.aclrtGetSocName().decode()
""")
    assert out["init"] == OK and out["finalize"] == OK
    for phase in ("before_init", "after_finalize"):
        wrong = {k: v for k, v in out[phase].items() if v != ERR.ACL_ERROR_UNINITIALIZE}
        assert not wrong, f"{phase}: expected 100001 from every call, got {wrong}"
        assert "aclInit" in out[phase + "_msg"]
    assert out["no_ctx"] == {k: ERR.ACL_ERROR_RT_CONTEXT_NULL for k in out["no_ctx"]}
    # Queries that need no initialisation (RT sample get_soc_version.cpp: no aclInit).
    assert out["device_count"] == [OK, 8]
    assert out["soc"] == "Ascend910B1"


# ---------------------------------------------------------------- environment
def test_unknown_soc_fails_init():
    out = run_acl("""
out["soc"] = raw.aclrtGetSocName()
out["product"] = raw.aclsimProductId()
out["init"] = raw.aclInit(None)
out["msg"] = msg()
out["set_device"] = raw.aclrtSetDevice(0)
""", env={"ACLSIM_SOC": "Ascend999X"})
    assert out["soc"] is None and out["product"] is None
    assert out["init"] == INVALID
    assert "Ascend999X" in out["msg"] and "Ascend910B1" in out["msg"]   # lists the known SoCs
    assert out["set_device"] == ERR.ACL_ERROR_UNINITIALIZE


def test_any_ascend950_name_is_the_350_family():
    out = run_acl("""
out["init"] = raw.aclInit(None)
out["soc"] = raw.aclrtGetSocName().decode()
out["product"] = raw.aclsimProductId().decode()
""", env={"ACLSIM_SOC": "Ascend950DT_95A1"})
    assert out == {"init": OK, "soc": "Ascend950DT_95A1", "product": "atlas-350"}


def test_unknown_fault_name_fails_init():
    out = run_acl("""
out["names"] = raw.aclsimFaultNames().decode()
out["init"] = raw.aclInit(None)
out["msg"] = msg()
out["set_device"] = raw.aclrtSetDevice(0)
""", env={"ACLSIM_FAULTS": "exec_null_handle_ok,no_such_fault_xyz"})   # a known name does not save it
    assert out["init"] == INVALID
    assert "no_such_fault_xyz" in out["msg"] and "unknown fault name" in out["msg"]
    missing = [n for n in out["names"].split(",") if n and n not in out["msg"]]
    assert not missing, f"the message must list every known name; missing {missing}: {out['msg']!r}"
    assert out["set_device"] == ERR.ACL_ERROR_UNINITIALIZE


def test_every_known_fault_name_is_accepted():
    names = run_acl('out["names"] = raw.aclsimFaultNames().decode()')["names"]
    listed = [n for n in names.split(",") if n]
    assert len(listed) == len(set(listed))
    assert all(n == n.strip() and " " not in n for n in listed)
    # all of them at once, with blanks around the commas (and an empty item) tolerated
    out = run_acl('out["init"] = raw.aclInit(None); out["msg"] = msg()',
                  env={"ACLSIM_FAULTS": " , ".join(listed) + ", "})
    assert out["init"] == OK, out["msg"]


def test_device_count_override():
    out = run_acl("""
count = ctypes.c_uint32()
out["init"] = raw.aclInit(None)
out["count"] = (raw.aclrtGetDeviceCount(ctypes.byref(count)), count.value)
out["set_last"] = raw.aclrtSetDevice(2)
dev = ctypes.c_int32(-1)
out["get"] = (raw.aclrtGetDevice(ctypes.byref(dev)), dev.value)
out["set_past_end"] = raw.aclrtSetDevice(3)
out["set_negative"] = raw.aclrtSetDevice(-1)
out["reset_past_end"] = raw.aclrtResetDevice(3)
""", env={"ACLSIM_DEVICE_COUNT": "3"})
    assert out["init"] == OK
    assert out["count"] == [OK, 3]
    assert out["set_last"] == OK and out["get"] == [OK, 2]
    assert out["set_past_end"] == ERR.ACL_ERROR_RT_INVALID_DEVICEID
    assert out["set_negative"] == ERR.ACL_ERROR_RT_INVALID_DEVICEID
    assert out["reset_past_end"] == ERR.ACL_ERROR_RT_INVALID_DEVICEID


def test_invalid_device_count_override_fails_init():
    for bad in ("0", "-2", "abc", "4x", "1025"):
        out = run_acl('out["init"] = raw.aclInit(None); out["msg"] = msg()',
                      env={"ACLSIM_DEVICE_COUNT": bad})
        assert out["init"] == INVALID, bad
        assert "ACLSIM_DEVICE_COUNT" in out["msg"], bad


def test_device_memory_limit_from_the_environment():
    out = run_acl("""
raw.aclInit(None); raw.aclrtSetDevice(0)
p, q = ctypes.c_void_p(), ctypes.c_void_p()
out["too_big"] = raw.aclrtMalloc(ctypes.byref(p), 2 * 1024 * 1024, 0)
out["fits"] = raw.aclrtMalloc(ctypes.byref(p), 600 * 1024, 0)
out["second_exhausts"] = raw.aclrtMalloc(ctypes.byref(q), 600 * 1024, 0)
out["free"] = raw.aclrtFree(p)
out["after_free"] = raw.aclrtMalloc(ctypes.byref(q), 600 * 1024, 0)
""", env={"ACLSIM_DEVICE_MEM_MB": "1"})
    assert out["too_big"] == ERR.ACL_ERROR_RT_MEMORY_ALLOCATION
    assert out["fits"] == OK
    assert out["second_exhausts"] == ERR.ACL_ERROR_RT_MEMORY_ALLOCATION
    assert out["free"] == OK and out["after_free"] == OK


# ---------------------------------------------------------------- versions (in process)
def test_acl_version(acl):
    parts = [ctypes.c_int32(-1) for _ in range(3)]
    assert acl.raw.aclrtGetVersion(*(ctypes.byref(p) for p in parts)) == OK
    assert [p.value for p in parts] == [1, 17, 0]          # acl_rt.h "Current version is 1.17.0"
    for null_at in range(3):
        args = [ctypes.byref(p) for p in parts]
        args[null_at] = None
        assert acl.raw.aclrtGetVersion(*args) == INVALID
    assert "must not be null" in acl.recent_error_message()


# aclsysGetVersionStr / aclsysGetVersionNum / aclsysGetCANNVersion read the packages' version.info
# files under ASCEND_HOME_PATH: tests/simulator/test_sim_rt_versions.py.


# ---------------------------------------------------------------- recent error message
def test_recent_error_message_is_read_once_and_per_thread(acl):
    acl.raw.aclGetRecentErrMsg()                           # drop anything pending
    assert acl.raw.aclGetRecentErrMsg() is None            # nothing pending: NULL
    assert acl.raw.aclrtGetRunMode(None) == INVALID
    first = acl.raw.aclGetRecentErrMsg()
    assert first is not None and first.decode().startswith("EH0002: ") and b"runMode" in first
    assert acl.raw.aclGetRecentErrMsg() is None            # read-once
    # another thread's failure is not visible here, and ours is not visible there
    assert acl.raw.aclrtGetRunMode(None) == INVALID
    seen_there = in_thread(lambda: (acl.raw.aclGetRecentErrMsg(),
                                    acl.raw.aclrtGetDeviceCount(None),
                                    acl.raw.aclGetRecentErrMsg()))
    assert seen_there[0] is None
    assert seen_there[1] == INVALID and b"count" in seen_there[2]
    mine = acl.raw.aclGetRecentErrMsg()
    assert mine is not None and b"runMode" in mine
