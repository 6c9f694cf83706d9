"""Device and host memory of the simulator: aclrtMalloc / aclrtFree / aclrtMallocHost /
aclrtFreeHost / aclrtMemcpy / aclrtMemcpyAsync / aclrtMemset, valid and invalid."""
import ctypes

import pytest

from harness.abi import ERR, MallocPolicy, MemcpyKind
from tests.sim_support import BOGUS_HANDLE, CTX_NULL, INVALID, OK, RT_PARAM, in_thread, live

H2H, H2D, D2H, D2D, DEFAULT, H2BUF2D, INNER_D2D, INTER_D2D = (int(k) for k in MemcpyKind)


@pytest.fixture
def dev_mem(acl, device):
    """Two 256-byte device allocations, freed after the test."""
    ptrs = []
    for _ in range(2):
        p = ctypes.c_void_p()
        assert acl.raw.aclrtMalloc(ctypes.byref(p), 256, int(MallocPolicy.HUGE_FIRST)) == OK
        ptrs.append(p.value)
    yield ptrs
    for p in ptrs:
        assert acl.raw.aclrtFree(p) == OK


def test_malloc_free(acl, device):
    before = live(acl, "device_mem")
    ptrs = []
    for policy, size in ((MallocPolicy.HUGE_FIRST, 1), (MallocPolicy.HUGE_ONLY, 33),
                         (MallocPolicy.NORMAL_ONLY, 4096)):
        p = ctypes.c_void_p()
        assert acl.raw.aclrtMalloc(ctypes.byref(p), size, int(policy)) == OK
        assert p.value and p.value % 64 == 0                     # 64-byte aligned start (acl-abi 1)
        ptrs.append(p.value)
    assert len(set(ptrs)) == 3
    assert live(acl, "device_mem") == before + 3
    for p in ptrs:
        assert acl.raw.aclrtFree(p) == OK
    assert live(acl, "device_mem") == before
    # freed twice, never allocated, NULL
    assert acl.raw.aclrtFree(ptrs[0]) == INVALID
    assert acl.raw.aclrtFree(None) == INVALID
    assert acl.raw.aclrtFree(0xDAF0_0000_0000_0040) == INVALID
    host = ctypes.create_string_buffer(16)
    assert acl.raw.aclrtFree(ctypes.addressof(host)) == INVALID
    assert live(acl, "device_mem") == before


def test_malloc_invalid_arguments(acl, device):
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(None, 64, 0) == INVALID
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 0, 0) == INVALID             # "size不能为0"
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 2 ** 62, 0) == ERR.ACL_ERROR_RT_MEMORY_ALLOCATION
    # RT memory.cpp GetAlignedAndPaddingSize: size + 64 overflows -> 100000 (RT UT aclrtMalloc_sizeInvalid)
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 2 ** 64 - 1, 0) == INVALID
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 2 ** 64 - 64, 0) == INVALID
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 2 ** 64 - 65, 0) == ERR.ACL_ERROR_RT_MEMORY_ALLOCATION
    assert in_thread(lambda: acl.raw.aclrtMalloc(ctypes.byref(ctypes.c_void_p()), 64, 0)) == CTX_NULL


def test_interior_pointer_cannot_be_freed(acl, dev_mem):
    assert acl.raw.aclrtFree(dev_mem[0] + 64) == INVALID


def test_host_memory(acl, device):
    before = live(acl, "host_mem")
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMallocHost(ctypes.byref(p), 100) == OK
    assert p.value and p.value % 64 == 0
    assert live(acl, "host_mem") == before + 1
    ctypes.memset(p.value, 0x5A, 100)                                         # really host memory
    assert acl.raw.aclrtMemset(p.value, 100, 0x11, 100) == OK                 # host blocks accepted
    assert ctypes.string_at(p.value, 100) == b"\x11" * 100
    assert acl.raw.aclrtMemset(p.value, 200, 0x11, 101) == INVALID            # past the block
    assert acl.raw.aclrtFreeHost(p.value) == OK
    assert live(acl, "host_mem") == before
    assert acl.raw.aclrtFreeHost(p.value) == INVALID                         # freed twice
    assert acl.raw.aclrtFreeHost(None) == INVALID
    assert acl.raw.aclrtFreeHost(0x1000) == INVALID
    assert acl.raw.aclrtMallocHost(None, 16) == INVALID
    assert acl.raw.aclrtMallocHost(ctypes.byref(p), 0) == INVALID
    assert live(acl, "host_mem") == before


def test_memcpy_round_trip_and_kinds(acl, dev_mem):
    a, b = dev_mem
    src = ctypes.create_string_buffer(bytes(range(64)), 64)
    dst = ctypes.create_string_buffer(64)
    assert acl.raw.aclrtMemcpy(a, 256, src, 64, H2D) == OK
    assert acl.raw.aclrtMemcpy(b + 16, 240, a, 64, D2D) == OK
    assert acl.raw.aclrtMemcpy(dst, 64, b + 16, 64, D2H) == OK
    assert dst.raw == bytes(range(64))
    host2 = ctypes.create_string_buffer(64)
    assert acl.raw.aclrtMemcpy(host2, 64, src, 64, H2H) == OK and host2.raw == src.raw
    ctypes.memset(dst, 0, 64)
    assert acl.raw.aclrtMemcpy(dst, 64, a, 64, DEFAULT) == OK and dst.raw == src.raw   # inferred
    assert acl.raw.aclrtMemcpy(dst, 64, a, 0, D2H) == OK                     # count 0: no copy
    # RT 2026: kind is reserved, the direction comes from the pointers (docs/FIDELITY.md section 4)
    ctypes.memset(dst, 0, 64)
    assert acl.raw.aclrtMemcpy(a, 256, src, 64, D2D) == OK                   # kind contradicts pointers
    assert acl.raw.aclrtMemcpy(dst, 64, a, 64, H2D) == OK and dst.raw == src.raw
    assert acl.raw.aclrtMemcpy(a, 256, src, 64, H2BUF2D) == OK               # RT MemcpyKindTranslate: 5 valid
    for bad in (INNER_D2D, INTER_D2D, 8, -1, 0x7FFFFFFF):                     # ... 6, 7 and others are not
        assert acl.raw.aclrtMemcpy(a, 256, src, 64, bad) == INVALID, bad


def test_memcpy_invalid_arguments(acl, dev_mem):
    a, _ = dev_mem
    src = ctypes.create_string_buffer(300)
    assert acl.raw.aclrtMemcpy(None, 64, src, 8, H2D) == INVALID
    assert acl.raw.aclrtMemcpy(a, 256, None, 8, H2D) == INVALID
    # count 0 returns before the pointer and kind checks (RT memory.cpp aclrtMemcpyImpl, RT UT memory_memcpy)
    assert acl.raw.aclrtMemcpy(None, 0, None, 0, H2D) == OK
    assert acl.raw.aclrtMemcpy(None, 1, None, 0, 0x7FFFFFFF) == OK
    assert acl.raw.aclrtMemcpy(a, 8, src, 16, H2D) == INVALID                # count > destMax
    assert acl.raw.aclrtMemcpy(a, 512, src, 300, H2D) == INVALID             # past the allocation
    assert acl.raw.aclrtMemcpy(a + 250, 300, src, 64, H2D) == INVALID        # straddles the end
    freed = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(freed), 64, 0) == OK
    assert acl.raw.aclrtFree(freed.value) == OK
    assert acl.raw.aclrtMemcpy(freed.value, 64, src, 8, H2D) == INVALID      # freed memory
    assert acl.raw.aclrtMemcpy(src, 64, freed.value, 8, D2H) == INVALID
    assert acl.raw.aclrtMemcpy(src, 64, 0xDAF0_0000_0000_0040, 8, D2H) == INVALID   # never allocated
    assert acl.raw.aclrtMemcpy(src, 64, 0xDAF0_0000_0000_0040, 8, DEFAULT) == INVALID


def test_memset(acl, dev_mem):
    a, _ = dev_mem
    out = ctypes.create_string_buffer(256)
    assert acl.raw.aclrtMemset(a, 256, 0x3C, 256) == OK
    assert acl.raw.aclrtMemset(a + 8, 248, 0x101, 4) == OK                   # value taken as a byte
    assert acl.raw.aclrtMemset(a, 256, 7, 0) == OK                           # count 0: nothing
    assert acl.raw.aclrtMemset(None, 1, 0, 0) == OK                          # ... before the NULL check
    assert acl.raw.aclrtMemcpy(out, 256, a, 256, D2H) == OK
    assert out.raw == b"\x3c" * 8 + b"\x01" * 4 + b"\x3c" * 244
    assert acl.raw.aclrtMemset(None, 16, 0, 16) == INVALID
    assert acl.raw.aclrtMemset(a, 16, 0, 17) == INVALID                      # count > maxCount
    assert acl.raw.aclrtMemset(a, 512, 0, 512) == INVALID                    # past the allocation
    host = ctypes.create_string_buffer(16)
    assert acl.raw.aclrtMemset(ctypes.addressof(host), 16, 0, 16) == INVALID  # not runtime memory


def test_memcpy_async(acl, dev_mem, stream):
    a, b = dev_mem
    src = ctypes.create_string_buffer(b"0123456789abcdef", 16)
    out = ctypes.create_string_buffer(16)
    assert acl.raw.aclrtMemcpyAsync(a, 256, src, 16, H2D, stream.ptr) == OK
    assert acl.raw.aclrtMemcpyAsync(b, 256, a, 16, D2D, stream.ptr) == OK
    assert acl.raw.aclrtMemcpyAsync(b, 256, a, 0, D2D, stream.ptr) == OK      # count 0
    assert acl.raw.aclrtMemcpyAsync(out, 16, b, 16, D2H, None) == OK         # default stream...
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK                  # ...ordered after a sync
    assert acl.raw.aclrtMemcpyAsync(out, 16, b, 16, D2H, None) == OK
    assert acl.raw.aclrtSynchronizeStream(None) == OK
    assert out.raw == src.raw
    # invalid: same argument checks as aclrtMemcpy, then the stream
    assert acl.raw.aclrtMemcpyAsync(None, 16, src, 16, H2D, stream.ptr) == INVALID
    assert acl.raw.aclrtMemcpyAsync(a, 256, None, 16, H2D, stream.ptr) == INVALID
    assert acl.raw.aclrtMemcpyAsync(a, 8, src, 16, H2D, stream.ptr) == INVALID
    assert acl.raw.aclrtMemcpyAsync(a, 256, src, 16, D2H, stream.ptr) == OK   # kind reserved (RT 2026)
    assert acl.raw.aclrtMemcpyAsync(a, 256, src, 16, 9, stream.ptr) == INVALID
    assert acl.raw.aclrtMemcpyAsync(None, 0, None, 0, 9, BOGUS_HANDLE) == OK  # count 0 first
    assert acl.raw.aclrtMemcpyAsync(a, 256, src, 16, H2D, BOGUS_HANDLE) == RT_PARAM
    res = in_thread(lambda: acl.raw.aclrtMemcpyAsync(a, 256, src, 16, H2D, stream.ptr))
    assert res == CTX_NULL
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK


def test_memory_survives_free_while_a_copy_is_queued(acl, device, stream):
    """aclrtFree with a copy still queued: the copy completes, no crash, the handle is gone."""
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 64, 0) == OK
    src = ctypes.create_string_buffer(b"z" * 64, 64)
    assert acl.raw.aclsimStreamPause(stream.ptr, 1) == OK
    try:
        assert acl.raw.aclrtMemcpyAsync(p.value, 64, src, 64, H2D, stream.ptr) == OK
        assert acl.raw.aclrtFree(p.value) == OK
    finally:
        assert acl.raw.aclsimStreamPause(stream.ptr, 0) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert acl.raw.aclrtMemcpy(src, 64, p.value, 64, D2H) == INVALID

