"""Simulator-only entry points (aclsim*), the SoC name, compile options, and the per-product
profiles (ACLSIM_SOC), valid and invalid."""
import ctypes
import re
import threading

import pytest

from harness.abi import DT, ERR, CompileFlag, CompileOpt
from harness.acl import Stream
from harness.products import BY_ID, DEFAULT_SOC, detect
from tests.sim_support import BOGUS_HANDLE, CTX_NULL, INVALID, OK, RT_PARAM, add_om, in_thread, run_acl

# Simulator choice (sim_core_product.c): devices per product; products.md gives no count.
DEVICE_COUNT = {"atlas-350": 1, "atlas-a3": 16, "atlas-a2": 8, "atlas-200i-500-a2": 1,
                "atlas-inference": 1, "atlas-training": 8}


def test_version_product_and_soc(acl, product):
    version = acl.raw.aclsimVersion().decode()
    assert re.fullmatch(r"aclsim \d+\.\d+\.\d+", version)
    assert acl.raw.aclsimVersion().decode() == version                    # stable
    soc = acl.raw.aclrtGetSocName().decode()
    assert detect(soc).id == product.id
    assert acl.raw.aclsimProductId().decode() == product.id


def test_live_object_counts(acl):
    for kind in acl.LIVE_KINDS:
        assert acl.raw.aclsimLiveObjectCount(kind.encode()) >= 0, kind
    before = acl.raw.aclsimLiveObjectCount(b"op_attr")
    a = acl.raw.aclopCreateAttr()
    assert acl.raw.aclsimLiveObjectCount(b"op_attr") == before + 1
    acl.raw.aclopDestroyAttr(a)
    assert acl.raw.aclsimLiveObjectCount(b"op_attr") == before
    for bad in (None, b"", b"streams", b"STREAM", b"device_mem "):
        assert acl.raw.aclsimLiveObjectCount(bad) == -1, bad


def test_fault_names(acl):
    names = acl.raw.aclsimFaultNames()
    assert names is not None
    listed = [n for n in names.decode().split(",") if n]
    assert all(re.fullmatch(r"[a-z0-9_]+", n) for n in listed), listed
    assert acl.raw.aclsimFaultNames() == names


# ---------------------------------------------------------------- stream pause
def test_stream_pause(acl, device, stream):
    r = acl.raw
    assert r.aclsimStreamPause(stream.ptr, 1) == OK
    e = ctypes.c_void_p()
    assert r.aclrtCreateEvent(ctypes.byref(e)) == OK
    try:
        assert r.aclrtRecordEvent(e, stream.ptr) == OK
        assert r.aclrtSynchronizeStreamWithTimeout(stream.ptr, 10) == ERR.ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
        assert r.aclsimStreamPause(stream.ptr, 1) == OK                      # idempotent
        assert r.aclsimStreamPause(stream.ptr, 0) == OK
        assert r.aclsimStreamPause(stream.ptr, 0) == OK
        assert r.aclrtSynchronizeStream(stream.ptr) == OK
        assert r.aclrtSynchronizeEvent(e) == OK
    finally:
        r.aclsimStreamPause(stream.ptr, 0)
        r.aclrtDestroyEvent(e)
    assert r.aclsimStreamPause(None, 0) == OK                                # default stream
    assert r.aclsimStreamPause(BOGUS_HANDLE, 1) == RT_PARAM
    dead = Stream(acl)
    ptr = dead.ptr
    dead.close()
    assert r.aclsimStreamPause(ptr, 1) == RT_PARAM
    assert in_thread(lambda: r.aclsimStreamPause(stream.ptr, 1)) == CTX_NULL
    assert r.aclrtSynchronizeStreamWithTimeout(stream.ptr, 1000) == OK      # not paused by that


# ---------------------------------------------------------------- validation log
def test_validation_log_records_a_stream_shared_by_threads(acl, device, stream):
    from harness.acl import current_context
    r = acl.raw
    r.aclsimValidationLogClear()
    assert r.aclsimValidationLogCount() == 0
    p = ctypes.c_void_p()
    assert r.aclrtMalloc(ctypes.byref(p), 64, 0) == OK
    src = ctypes.create_string_buffer(b"v" * 16)
    try:
        assert r.aclrtMemcpyAsync(p.value, 64, src, 16, 1, stream.ptr) == OK
        assert r.aclrtSynchronizeStream(stream.ptr) == OK
        assert r.aclsimValidationLogCount() == 0                              # one thread: fine
        ctx = current_context(acl)

        def other_thread():
            assert r.aclrtSetCurrentContext(ctx) == OK
            codes = [r.aclrtMemcpyAsync(p.value, 64, src, 16, 1, stream.ptr) for _ in range(2)]
            return codes + [r.aclrtSynchronizeStream(stream.ptr)]

        assert in_thread(other_thread) == [OK, OK, OK]
        assert r.aclsimValidationLogCount() == 1                              # once per thread
        buf = ctypes.create_string_buffer(1024)
        assert r.aclsimValidationLogGet(0, buf, len(buf)) == OK
        record = dict(kv.split("=", 1) for kv in buf.value.decode().split())
        assert record["kind"] == "stream_shared_by_threads"
        assert record["call"] == "aclrtMemcpyAsync"
        assert int(record["stream"], 16) == stream.ptr
        assert record["default_stream"] == "0"
        assert record["first_thread"] != record["thread"]
        assert acl.validation_log()[0] == record                              # the typed reader agrees
        text = buf.value
        # invalid: index past the end, NULL buffer, zero length, too short (truncated)
        assert r.aclsimValidationLogGet(1, buf, len(buf)) == INVALID
        assert r.aclsimValidationLogGet(2 ** 64 - 1, buf, len(buf)) == INVALID
        assert r.aclsimValidationLogGet(0, None, 64) == INVALID
        assert r.aclsimValidationLogGet(0, buf, 0) == INVALID
        small = ctypes.create_string_buffer(b"\xff" * 10, 10)
        assert r.aclsimValidationLogGet(0, small, 10) == INVALID
        assert small.value == text[:9]                                   # NUL-terminated prefix
        r.aclsimValidationLogClear()
        assert r.aclsimValidationLogCount() == 0
        assert r.aclsimValidationLogGet(0, buf, len(buf)) == INVALID
        r.aclsimValidationLogClear()                                          # on an empty log
    finally:
        r.aclsimValidationLogClear()
        r.aclrtFree(p.value)


def test_validation_log_is_thread_safe(acl, device):
    """Concurrent readers and a clearer: no crash, codes stay documented."""
    r = acl.raw
    stop = threading.Event()
    seen = set()

    def reader():
        buf = ctypes.create_string_buffer(256)
        while True:                      # at least one read each, however the threads are scheduled
            n = r.aclsimValidationLogCount()
            seen.add(r.aclsimValidationLogGet(max(n, 1) - 1, buf, len(buf)))
            if stop.is_set():
                break

    threads = [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for _ in range(200):
        r.aclsimValidationLogClear()
    stop.set()
    for t in threads:
        t.join()
    assert seen and seen <= {OK, INVALID}, seen


# ---------------------------------------------------------------- compile options
def test_compile_options(acl):
    """GE op_compiler.cpp aclSetCompileopt / aclGetCompileoptSize / aclGetCompileopt and the GE
    unit tests acl_opCompile_unittest.cpp (aclSetCompileoptTest*, aclGetCompileopt*)."""
    r = acl.raw
    opt = int(CompileOpt.PRECISION_MODE)
    assert r.aclSetCompileopt(opt, b"allow_fp32_to_fp16") == OK
    assert r.aclGetCompileoptSize(opt) == len(b"allow_fp32_to_fp16") + 1     # a set option: its length + 1
    buf = ctypes.create_string_buffer(256)
    assert r.aclGetCompileopt(opt, buf, 256) == ERR.ACL_ERROR_API_NOT_SUPPORT  # only two options are readable
    assert r.aclSetCompileopt(opt, b"") == OK
    assert r.aclGetCompileoptSize(opt) == 0                                   # empty value: 0
    dbg = int(CompileOpt.OP_DEBUG_OPTION)
    value = b"fake_option_length123"
    assert r.aclSetCompileopt(dbg, value) == OK
    size = r.aclGetCompileoptSize(dbg)
    assert size == len(value) + 1
    assert r.aclGetCompileopt(dbg, buf, size) == OK and buf.value == value
    assert r.aclGetCompileopt(dbg, buf, size - 1) == ERR.ACL_ERROR_FAILURE    # length < size + 1
    assert r.aclGetCompileopt(dbg, buf, 0x8000_0000) == ERR.ACL_ERROR_FAILURE  # strncpy_s limit
    assert r.aclGetCompileopt(dbg, None, 256) == INVALID
    assert r.aclGetCompileopt(int(CompileOpt.AICORE_NUM), buf, 256) == ERR.ACL_ERROR_API_NOT_SUPPORT
    jit = int(CompileOpt.OP_JIT_COMPILE)
    assert r.aclGetCompileoptSize(jit) == 256                                 # COMPILE_OPT_SIZE
    assert r.aclGetCompileopt(jit, buf, 1) == ERR.ACL_ERROR_FAILURE
    assert r.aclGetCompileopt(jit, buf, 256) == OK
    default = buf.value
    assert default in (b"enable", b"disable")
    assert r.aclSetCompileopt(jit, b"disalbe") == OK                          # any value but "enable" disables
    assert r.aclGetCompileopt(jit, buf, 256) == OK and buf.value == default   # the architecture's default
    for bad in (-1, 17, 1000):
        assert r.aclSetCompileopt(bad, b"x") == ERR.ACL_ERROR_INTERNAL_ERROR  # not in compileOptMap
        assert r.aclGetCompileoptSize(bad) == 0
        assert r.aclGetCompileopt(bad, buf, 64) == ERR.ACL_ERROR_API_NOT_SUPPORT
    assert r.aclSetCompileopt(1000, None) == INVALID                          # value checked first
    assert r.aclSetCompileopt(int(CompileOpt.AUTO_TUNE_MODE), b"GA") == ERR.ACL_ERROR_FEATURE_UNSUPPORTED
    assert r.aclSetCompileopt(jit, default) == OK
    assert r.aclopSetCompileFlag(int(CompileFlag.DEFAULT)) == OK
    assert r.aclopSetCompileFlag(int(CompileFlag.FUZZ)) == OK
    acl.recent_error_message()


# ---------------------------------------------------------------- per product (fresh processes)
@pytest.mark.parametrize("product_id", sorted(DEFAULT_SOC))
def test_product_profile(product_id):
    soc = DEFAULT_SOC[product_id]
    bf16_add = add_om(DT.BF16, (2, 2), soc=soc)
    out = run_acl(f"""
out["soc_before_init"] = raw.aclrtGetSocName().decode()
out["init"] = raw.aclInit(None)
out["set"] = raw.aclrtSetDevice(0)
out["soc"] = raw.aclrtGetSocName().decode()
out["product"] = raw.aclsimProductId().decode()
count = ctypes.c_uint32()
raw.aclrtGetDeviceCount(ctypes.byref(count))
out["devices"] = count.value
buf = ctypes.create_string_buffer(32)
raw.aclGetCompileopt({int(CompileOpt.OP_JIT_COMPILE)}, buf, 32)
out["jit"] = buf.value.decode()
image = {bf16_add!r}
out["load_bf16"] = raw.aclopLoad(ctypes.create_string_buffer(image, len(image)), len(image))
dims = (ctypes.c_int64 * 2)(2, 2)
bf = [raw.aclCreateTensorDesc({int(DT.BF16)}, 2, dims, 2) for _ in range(3)]
out["compile_bf16"] = raw.aclopCompile(b"Add", 2, pointer_array(bf[:2]), 1, pointer_array(bf[2:]), None, 0, 0, None)
dyn = (ctypes.c_int64 * 2)(-1, 2)
d = raw.aclCreateTensorDesc(0, 2, dyn, 2)
h = ctypes.c_void_p()
def create():
    return raw.aclopCreateHandle(b"Add", 2, pointer_array([d, d]), 1, pointer_array([d]), None, ctypes.byref(h))
out["dynamic_default"] = create()
raw.aclSetCompileopt({int(CompileOpt.OP_JIT_COMPILE)}, b"enable")
out["dynamic_jit_on"] = create()
raw.aclSetCompileopt({int(CompileOpt.OP_JIT_COMPILE)}, b"disable")
out["dynamic_jit_off"] = create()
out["finalize"] = raw.aclFinalize()
out["init_again"] = raw.aclInit(None)
raw.aclGetCompileopt({int(CompileOpt.OP_JIT_COMPILE)}, buf, 32)
out["jit_after_reinit"] = buf.value.decode()
""", env={"ACLSIM_SOC": soc})
    p = BY_ID[product_id]
    jit = "enable" if p.jit_compile_default else "disable"
    assert out["soc_before_init"] == soc and out["soc"] == soc
    assert (out["init"], out["set"]) == (OK, OK)
    assert out["product"] == product_id
    assert out["devices"] == DEVICE_COUNT[product_id]
    assert out["jit"] == jit and out["jit_after_reinit"] == jit       # aclFinalize resets options
    want = OK if p.bf16 else ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE
    assert out["load_bf16"] == want and out["compile_bf16"] == want
    nf = ERR.ACL_ERROR_OP_NOT_FOUND
    assert out["dynamic_default"] == (INVALID if p.jit_compile_default else nf)
    assert (out["dynamic_jit_on"], out["dynamic_jit_off"]) == (INVALID, nf)
    assert out["finalize"] == OK and out["init_again"] == OK
