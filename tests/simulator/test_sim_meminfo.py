"""aclrtGetMemInfo of the simulator (docs/FIDELITY.md section 4): free and total bytes of the
current device, NULL outputs rejected, a device needed first, other memory kinds 0 / 0."""
import ctypes

from harness.acl import MemAttr
from tests.sim_support import CTX_NULL, INVALID, OK, in_thread

ACL_HBM_MEM_P2P_NORMAL = 9       # an aclrtMemAttr the simulated device does not have


def _info(acl, attr=MemAttr.HBM):
    free, total = ctypes.c_size_t(7), ctypes.c_size_t(7)
    code = acl.raw.aclrtGetMemInfo(int(attr), ctypes.byref(free), ctypes.byref(total))
    return code, free.value, total.value


def test_free_memory_follows_allocations(acl, device):
    code, free0, total = _info(acl)
    assert code == OK and 0 < free0 <= total
    assert _info(acl, MemAttr.DDR) == (OK, free0, total)      # one pool: DDR and HBM agree
    p = ctypes.c_void_p()
    assert acl.raw.aclrtMalloc(ctypes.byref(p), 1 << 20, 0) == OK
    code, free1, total1 = _info(acl)
    assert code == OK and total1 == total and free0 - free1 >= 1 << 20, (free0, free1)
    assert acl.raw.aclrtFree(p.value) == OK
    assert _info(acl) == (OK, free0, total)


def test_null_outputs_and_no_context_are_rejected(acl, device):
    size = ctypes.c_size_t()
    assert acl.raw.aclrtGetMemInfo(int(MemAttr.HBM), None, ctypes.byref(size)) == INVALID
    assert "free" in acl.recent_error_message()
    assert acl.raw.aclrtGetMemInfo(int(MemAttr.HBM), ctypes.byref(size), None) == INVALID
    assert "total" in acl.recent_error_message()
    assert in_thread(lambda: _info(acl)[0]) == CTX_NULL      # a thread that never set a device


def test_a_memory_kind_the_device_lacks_reports_zero(acl, device):
    assert _info(acl, ACL_HBM_MEM_P2P_NORMAL) == (OK, 0, 0)
