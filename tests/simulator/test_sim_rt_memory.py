"""Memory calls of issue 22 on the simulator, valid and invalid: cached / aligned / configured /
managed allocations (the simulator's tagged device memory), host allocation with a config, cache
flush and invalidate, pointer attributes, 2D copies, 32-bit memsets and the page-locked-only copy.

Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/memory.cpp (the ACL checks, in their order) and
src/runtime/api/impl/api_error.cc. "UT name" marks an assertion replayed from RT
tests/ut/acl/testcase/acl_runtime_unittest.cpp (mocked rt: ACL-layer codes)."""
import ctypes

import pytest

from harness.abi import ACL_RT_MEM_ATTACH_GLOBAL, ERR, MallocPolicy, MemcpyKind, MemLocation
from harness.acl import DeviceMemory, HostMemory
from tests.sim_support import INVALID, OK, RT_PARAM, live

H2D, D2H, D2D, H2H = (int(MemcpyKind.HOST_TO_DEVICE), int(MemcpyKind.DEVICE_TO_HOST),
                      int(MemcpyKind.DEVICE_TO_DEVICE), int(MemcpyKind.HOST_TO_HOST))


class PtrAttributes(ctypes.Structure):
    _fields_ = [("id", ctypes.c_uint32), ("type", ctypes.c_int), ("pageSize", ctypes.c_uint32),
                ("rsv", ctypes.c_uint32 * 4)]


class MallocConfig(ctypes.Structure):
    _fields_ = [("attrs", ctypes.c_void_p), ("numAttrs", ctypes.c_size_t)]


def location(acl, ptr):
    at = PtrAttributes()
    assert acl.raw.aclrtPointerGetAttributes(ptr, ctypes.byref(at)) == OK
    return at.type


def round_trip(acl, ptr, n=64):
    data = ctypes.create_string_buffer(bytes(range(n)), n)
    back = ctypes.create_string_buffer(n)
    assert acl.raw.aclrtMemcpy(ptr, n, data, n, H2D) == OK
    assert acl.raw.aclrtMemcpy(back, n, ptr, n, D2H) == OK
    return back.raw == data.raw


# ---------------------------------------------------------------- allocations
@pytest.mark.parametrize("call", ["aclrtMallocCached", "aclrtMallocAlign32"])
@pytest.mark.parametrize("policy", [MallocPolicy.HUGE_FIRST, MallocPolicy.HUGE_ONLY, MallocPolicy.NORMAL_ONLY, 6, 7, 0x3F])
def test_malloc_variants_give_device_memory(acl, device, call, policy):
    """UT aclrtMallocCachedTest (HUGE_FIRST / HUGE_ONLY / NORMAL_ONLY / HUGE1G_ONLY) and aclrtMallocAlign32
    (HUGE1G_ONLY, HUGE1G_ONLY_P2P) -> SUCCESS; unknown policies are the default, no error."""
    p = ctypes.c_void_p()
    before = live(acl, "device_mem")
    assert getattr(acl.raw, call)(ctypes.byref(p), 64, int(policy)) == OK
    try:
        assert live(acl, "device_mem") == before + 1
        assert location(acl, p.value) == MemLocation.DEVICE
        assert round_trip(acl, p.value)
    finally:
        assert acl.raw.aclrtFree(p.value) == OK
    assert getattr(acl.raw, call)(None, 64, 0) == INVALID
    assert getattr(acl.raw, call)(ctypes.byref(p), 0, 0) == INVALID


def test_cached_memory_is_freed_by_acl_free(acl, device):
    """Header: aclrtMallocCached memory is freed with aclrtFree (and kept coherent by flush / invalidate)."""
    p = ctypes.c_void_p()
    before = live(acl, "device_mem")
    assert acl.raw.aclrtMallocCached(ctypes.byref(p), 100, int(MallocPolicy.HUGE_FIRST)) == OK
    assert acl.raw.aclrtMemFlush(p.value, 100) == OK and acl.raw.aclrtMemInvalidate(p.value, 100) == OK
    assert acl.raw.aclrtFree(p.value) == OK
    assert live(acl, "device_mem") == before


def test_malloc_with_cfg(acl, device):
    """UT aclrtMallocWithCfgTest: devPtr NULL, size 0, numAttrs != 0 with attrs NULL -> 100000;
    cfg NULL and a real cfg -> SUCCESS."""
    p = ctypes.c_void_p()
    empty, broken = MallocConfig(None, 0), MallocConfig(None, 1)
    assert acl.raw.aclrtMallocWithCfg(None, 64, 0, None) == INVALID
    assert acl.raw.aclrtMallocWithCfg(ctypes.byref(p), 64, 0, ctypes.byref(broken)) == INVALID
    assert acl.raw.aclrtMallocWithCfg(ctypes.byref(p), 0, 0, None) == INVALID
    for cfg in (None, ctypes.byref(empty)):
        assert acl.raw.aclrtMallocWithCfg(ctypes.byref(p), 64, 0, cfg) == OK
        assert round_trip(acl, p.value)
        assert acl.raw.aclrtFree(p.value) == OK


def test_malloc_host_with_cfg(acl, device):
    """UT aclrtMallocHostWithCfgTest: (&p, size, nullptr) -> SUCCESS; NULL ptr, size 0 -> 100000."""
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMallocHostWithCfg(None, 64, None) == INVALID
    assert acl.raw.aclrtMallocHostWithCfg(ctypes.byref(p), 0, None) == INVALID
    assert acl.raw.aclrtMallocHostWithCfg(ctypes.byref(p), 64, None) == OK
    assert location(acl, p.value) == MemLocation.HOST
    assert acl.raw.aclrtFreeHost(p.value) == OK


def test_managed_memory(acl, device):
    """UT aclrtMemAllocManaged: a flag other than ACL_RT_MEM_ATTACH_GLOBAL -> 100000, flag 1 -> SUCCESS;
    size 0 -> 107000 (ApiErrorDecorator::ManagedMemAlloc). The pointer reports MANAGED; aclrtFree frees it."""
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMemAllocManaged(None, 64, ACL_RT_MEM_ATTACH_GLOBAL) == INVALID
    assert acl.raw.aclrtMemAllocManaged(ctypes.byref(p), 64, 2) == INVALID
    assert acl.raw.aclrtMemAllocManaged(ctypes.byref(p), 0, ACL_RT_MEM_ATTACH_GLOBAL) == RT_PARAM
    assert acl.raw.aclrtMemAllocManaged(ctypes.byref(p), 256, ACL_RT_MEM_ATTACH_GLOBAL) == OK
    assert location(acl, p.value) == MemLocation.MANAGED
    assert location(acl, p.value + 100) == MemLocation.MANAGED
    assert round_trip(acl, p.value)
    assert acl.raw.aclrtFree(p.value) == OK
    assert location(acl, p.value) == MemLocation.UNREGISTERED                 # freed


def test_flush_and_invalidate(acl, device):
    """UT aclrtMemFlush / aclrtMemInvalidate: NULL pointer, size 0 -> 100000; else SUCCESS."""
    mem = DeviceMemory(acl, 64)
    try:
        assert acl.raw.aclrtMemFlush(None, 64) == INVALID
        assert acl.raw.aclrtMemFlush(mem.ptr, 0) == INVALID
        assert acl.raw.aclrtMemFlush(mem.ptr, 64) == OK
        assert acl.raw.aclrtMemInvalidate(None, 64) == INVALID
        assert acl.raw.aclrtMemInvalidate(mem.ptr, 0) == INVALID
        assert acl.raw.aclrtMemInvalidate(mem.ptr, 64) == OK
    finally:
        mem.close()


def test_pointer_attributes(acl, device):
    """ApiImpl::PtrGetAttributes: DEVICE for aclrtMalloc memory (id = the device), HOST for aclrtMallocHost,
    UNREGISTERED for anything else (no error); ptr, attributes NULL -> 100000."""
    mem, host = DeviceMemory(acl, 64), HostMemory(acl, 64)
    plain = ctypes.create_string_buffer(64)
    try:
        at = PtrAttributes()
        assert acl.raw.aclrtPointerGetAttributes(mem.ptr + 8, ctypes.byref(at)) == OK
        assert (at.type, at.id) == (MemLocation.DEVICE, device.device_id)
        assert location(acl, host.ptr + 3) == MemLocation.HOST
        assert location(acl, ctypes.addressof(plain)) == MemLocation.UNREGISTERED
        assert acl.raw.aclrtPointerGetAttributes(None, ctypes.byref(at)) == INVALID
        assert acl.raw.aclrtPointerGetAttributes(mem.ptr, None) == INVALID
    finally:
        mem.close()
        host.close()


# ---------------------------------------------------------------- 2D copies
def test_memcpy2d_copies_rows_with_pitches(acl, device, stream):
    """4 rows of 3 bytes from a host pitch of 5 to a device pitch of 8, back with aclrtMemcpy2dAsync."""
    src = ctypes.create_string_buffer(bytes(range(1, 21)), 20)
    mem = DeviceMemory(acl, 32)
    try:
        mem.write(b"\xee" * 32)
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, src, 5, 3, 4, H2D) == OK
        dev = mem.read(32)
        for r in range(4):
            assert dev[r * 8: r * 8 + 3] == src.raw[r * 5: r * 5 + 3]
            assert dev[r * 8 + 3: r * 8 + 8] == b"\xee" * 5
        back = ctypes.create_string_buffer(12)
        assert acl.raw.aclrtMemcpy2dAsync(back, 3, mem.ptr, 8, 3, 4, D2H, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert back.raw == b"".join(src.raw[r * 5: r * 5 + 3] for r in range(4))
        other = DeviceMemory(acl, 32)
        assert acl.raw.aclrtMemcpy2dAsync(other.ptr, 8, mem.ptr, 8, 3, 4, D2D, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert other.read(3) == dev[:3]
        other.close()
    finally:
        mem.close()


def test_memcpy2d_argument_checks(acl, device):
    """UT aclrtMemcpy2dTest: width 3 > pitch 2 -> 100000; height 0 -> SUCCESS; (nullptr, 0, nullptr, 0, 0, 1,
    H2H) -> SUCCESS; H2H with w=1, h=2 -> 100000; HOST_TO_BUF_TO_DEVICE -> not SUCCESS; UT
    aclrtMemcpy2d_zero_size_return_before_param_check: kind 0x7FFFFFFF with width 0 -> SUCCESS."""
    mem = DeviceMemory(acl, 64)
    host = ctypes.create_string_buffer(64)
    try:
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 2, host, 2, 3, 1, H2D) == INVALID
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, host, 8, 3, 0, H2D) == OK
        assert acl.raw.aclrtMemcpy2d(None, 0, None, 0, 0, 1, H2H) == OK
        assert acl.raw.aclrtMemcpy2d(None, 0, None, 0, 0, 1, 0x7FFFFFFF) == OK
        assert acl.raw.aclrtMemcpy2dAsync(None, 0, None, 0, 0, 1, H2H, 0x10) == OK
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, host, 8, 1, 2, H2H) == INVALID
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, host, 8, 1, 2, 5) == INVALID
        assert acl.raw.aclrtMemcpy2d(None, 8, host, 8, 1, 2, H2D) == INVALID
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, None, 8, 1, 2, H2D) == INVALID
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, mem.ptr, 8, 1, 2, D2D) == ERR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 8, mem.ptr, 8, 1, 2, int(MemcpyKind.DEFAULT)) == RT_PARAM
        assert acl.raw.aclrtMemcpy2d(mem.ptr, 16, host, 8, 8, 20, H2D) == INVALID     # past the allocation
    finally:
        mem.close()


# ---------------------------------------------------------------- 32-bit memsets
def test_memset_d32_fills_words(acl, device, stream):
    mem, host = DeviceMemory(acl, 64), HostMemory(acl, 64)
    try:
        mem.write(b"\x00" * 64)
        assert acl.raw.aclrtMemsetD32(mem.ptr, 64, 0xDEADBEEF, 4) == OK
        assert mem.read(20) == (0xDEADBEEF).to_bytes(4, "little") * 4 + b"\x00" * 4
        assert acl.raw.aclrtMemsetD32Async(mem.ptr + 16, 48, 0x01020304, 12, stream.ptr) == OK
        assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
        assert mem.read(48, 16) == (0x01020304).to_bytes(4, "little") * 12
        assert acl.raw.aclrtMemsetD32(host.ptr, 64, 7, 16) == OK
        assert ctypes.string_at(host.ptr, 64) == (7).to_bytes(4, "little") * 16
    finally:
        mem.close()
        host.close()


def test_memset_d32_argument_checks(acl, device):
    """UT aclrtMemsetD32Test: (nullptr, 16, 0xDEADBEEF, 4), an unaligned pointer, memSize too small and a
    non-ACL pointer -> 100000; N 0 -> SUCCESS before the NULL check; UT aclrtMemsetD32AsyncTest:
    (ptr, memSize, v, N, nullptr) -> SUCCESS, unaligned -> 100000."""
    mem = DeviceMemory(acl, 64)
    plain = ctypes.create_string_buffer(64)
    managed = ctypes.c_void_p()
    try:
        assert acl.raw.aclrtMemsetD32(None, 16, 0xDEADBEEF, 0) == OK
        assert acl.raw.aclrtMemsetD32(None, 16, 0xDEADBEEF, 4) == INVALID
        assert acl.raw.aclrtMemsetD32(mem.ptr + 2, 16, 1, 2) == INVALID
        assert acl.raw.aclrtMemsetD32(mem.ptr, 15, 1, 4) == INVALID
        assert acl.raw.aclrtMemsetD32(ctypes.addressof(plain), 64, 1, 4) == INVALID
        assert acl.raw.aclrtMemsetD32(mem.ptr, 256, 1, 64) == INVALID             # past the allocation
        assert acl.raw.aclrtMemAllocManaged(ctypes.byref(managed), 64, ACL_RT_MEM_ATTACH_GLOBAL) == OK
        assert acl.raw.aclrtMemsetD32(managed.value, 64, 1, 4) == INVALID
        assert acl.raw.aclrtMemsetD32Async(mem.ptr, 64, 5, 16, None) == OK
        assert acl.raw.aclrtMemsetD32Async(mem.ptr + 1, 16, 5, 2, None) == INVALID
        assert acl.raw.aclrtSynchronizeStream(None) == OK
    finally:
        acl.raw.aclrtFree(managed.value)
        mem.close()


# ---------------------------------------------------------------- aclrtMemcpyAsyncWithCondition
def test_memcpy_async_with_condition(acl, device, stream):
    """UT aclrtMemcpyAsyncWithConditionTest: (nullptr, 0, nullptr, 0, 0x7FFFFFFF, nullptr) -> SUCCESS;
    (nullptr, 1, src, 1, H2D, stream) -> not SUCCESS; (dst, 1, src, 1, H2D, nullptr) -> SUCCESS with
    page-locked host memory. Pageable host memory is refused (simulator's 107000, code UNVERIFIED)."""
    mem, host = DeviceMemory(acl, 64), HostMemory(acl, 64)
    plain = ctypes.create_string_buffer(b"x" * 64, 64)
    try:
        assert acl.raw.aclrtMemcpyAsyncWithCondition(None, 0, None, 0, 0x7FFFFFFF, None) == OK
        assert acl.raw.aclrtMemcpyAsyncWithCondition(None, 1, host.ptr, 1, H2D, stream.ptr) == INVALID
        assert acl.raw.aclrtMemcpyAsyncWithCondition(mem.ptr, 1, None, 1, H2D, stream.ptr) == INVALID
        assert acl.raw.aclrtMemcpyAsyncWithCondition(mem.ptr, 1, host.ptr, 1, 9, stream.ptr) == INVALID
        ctypes.memset(host.ptr, 0x42, 64)
        assert acl.raw.aclrtMemcpyAsyncWithCondition(mem.ptr, 64, host.ptr, 64, H2D, None) == OK
        assert acl.raw.aclrtSynchronizeStream(None) == OK
        assert mem.read(64) == b"\x42" * 64
        assert acl.raw.aclrtMemcpyAsyncWithCondition(mem.ptr, 64, plain, 64, H2D, stream.ptr) == RT_PARAM
    finally:
        mem.close()
        host.close()
