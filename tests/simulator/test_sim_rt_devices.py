"""Device and context calls of issue 22 on the simulator, valid and invalid: aclrtGetDeviceInfo (the
product profile), aclrtGetPrimaryCtxState, aclrtResetDeviceForce, aclrtSetTsDevice and the five
device-id mappings (the identity on the simulator, which has no ASCEND_RT_VISIBLE_DEVICES list).

Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/device.cpp, context.cpp; src/runtime/api/impl/
api_error.cc, api_impl.cc; src/runtime/core/src/runtime.cc. "UT name" marks an assertion replayed from
RT tests/ut/acl/testcase/acl_runtime_unittest.cpp (mocked rt: ACL-layer codes only)."""
import ctypes

import pytest

from harness.abi import ERR, DevAttr, TsId
from tests.sim_support import CTX_NULL, INVALID, OK, RT_PARAM, in_thread, run_acl

BAD_DEVICE = ERR.ACL_ERROR_RT_INVALID_DEVICEID


def info(acl, device_id, attr):
    v = ctypes.c_int64(-1)
    return acl.raw.aclrtGetDeviceInfo(device_id, int(attr), ctypes.byref(v)), v.value


def test_device_info_reads_the_product_profile(acl, device, device_id):
    """UT aclrtGetDeviceInfoTest: (id, HD_CONNECT_TYPE, nullptr) -> 100000, (.., &value) -> SUCCESS,
    NPU_ARCH -> SUCCESS. products.md 1.4: Ascend910B1 has 24 AI cores, 24 cube and 48 vector cores."""
    assert acl.raw.aclrtGetDeviceInfo(device_id, int(DevAttr.HD_CONNECT_TYPE), None) == INVALID
    assert info(acl, device_id, DevAttr.HD_CONNECT_TYPE)[0] == OK
    code, arch = info(acl, device_id, DevAttr.NPU_ARCH)
    assert code == OK and arch > 0
    if acl.raw.aclrtGetSocName() == b"Ascend910B1":
        assert [info(acl, device_id, a)[1] for a in (DevAttr.AICORE_CORE_NUM, DevAttr.CUBE_CORE_NUM,
                                                     DevAttr.VECTOR_CORE_NUM)] == [24, 24, 48]
    free, total = ctypes.c_size_t(), ctypes.c_size_t()
    assert acl.raw.aclrtGetMemInfo(1, ctypes.byref(free), ctypes.byref(total)) == OK      # ACL_HBM_MEM
    assert info(acl, device_id, DevAttr.TOTAL_GLOBAL_MEM_SIZE) == (OK, total.value)
    assert info(acl, device_id, DevAttr.PHY_CHIP_ID) == (OK, device_id)
    assert info(acl, device_id, 9999) == (RT_PARAM, -1)                       # unknown attr -> 107000
    count = ctypes.c_uint32()
    assert acl.raw.aclrtGetDeviceCount(ctypes.byref(count)) == OK
    assert info(acl, count.value, DevAttr.AICORE_CORE_NUM)[0] == RT_PARAM    # not 107001
    assert in_thread(lambda: info(acl, 0, DevAttr.AICORE_CORE_NUM)[0]) == OK  # no aclrtSetDevice needed


def test_device_info_per_soc():
    """products.md 1.4: Ascend310P3 8 AI cores / 7 vector cores; Ascend310B1 1 / 1 / 1."""
    body = """
raw.aclInit(None)
v = ctypes.c_int64()
out["got"] = [(raw.aclrtGetDeviceInfo(0, a, ctypes.byref(v)), v.value)[1] for a in (101, 102, 201)]
"""
    assert run_acl(body, env={"ACLSIM_SOC": "Ascend310P3"})["got"] == [8, 8, 7]
    assert run_acl(body, env={"ACLSIM_SOC": "Ascend310B1"})["got"] == [1, 1, 1]


def test_primary_context_state_and_forced_reset():
    """UT aclrtGetPrimaryCtxStateTest: (0, nullptr, &active) -> SUCCESS, (0, nullptr, nullptr) and
    (0, &flags, &active) -> 100000. Active between aclrtSetDevice and the last reset; a forced reset
    drops every reference at once (header: "you only need to call aclrtResetDeviceForce once")."""
    out = run_acl("""
raw.aclInit(None)
a, f = ctypes.c_int32(-1), ctypes.c_uint32()
def active():
    assert raw.aclrtGetPrimaryCtxState(0, None, ctypes.byref(a)) == 0
    return a.value
out["null_active"] = raw.aclrtGetPrimaryCtxState(0, None, None)
out["flags"] = raw.aclrtGetPrimaryCtxState(0, ctypes.byref(f), ctypes.byref(a))
out["bad_id"] = raw.aclrtGetPrimaryCtxState(99, None, ctypes.byref(a))
out["before"] = active()
raw.aclrtSetDevice(0); raw.aclrtSetDevice(0); raw.aclrtSetDevice(0)
out["set"] = active()
raw.aclrtResetDevice(0)
out["one_reset"] = active()
out["force"] = raw.aclrtResetDeviceForce(0)
out["after_force"] = active()
out["force_bad"] = raw.aclrtResetDeviceForce(99)
out["force_unset"] = raw.aclrtResetDeviceForce(0)
out["again"] = raw.aclrtSetDevice(0)
out["again_active"] = active()
""")
    assert out["null_active"] == INVALID and out["flags"] == INVALID and out["bad_id"] == BAD_DEVICE
    assert (out["before"], out["set"], out["one_reset"], out["after_force"]) == (0, 1, 1, 0)
    assert out["force"] == OK and out["force_bad"] == BAD_DEVICE and out["force_unset"] == OK
    assert out["again"] == OK and out["again_active"] == 1


def test_set_ts_device(acl):
    """UT aclrtSetTsDeviceTest: ACL_TS_ID_RESERVED -> not SUCCESS (100000), ACL_TS_ID_AICORE -> SUCCESS;
    a chip with one TS accepts AIVECTOR too (rtSetTSDevice does nothing)."""
    assert acl.raw.aclrtSetTsDevice(int(TsId.RESERVED)) == INVALID
    assert acl.raw.aclrtSetTsDevice(int(TsId.AICORE)) == OK
    assert acl.raw.aclrtSetTsDevice(int(TsId.AIVECTOR)) == OK


MAPPINGS = ["aclrtGetLogicDevIdByUserDevId", "aclrtGetUserDevIdByLogicDevId", "aclrtGetPhyDevIdByLogicDevId",
            "aclrtGetUserDevIdByPhyDevId", "aclrtGetPhyDevIdByUserDevId"]


@pytest.mark.parametrize("call", MAPPINGS)
def test_device_id_mappings_are_the_identity(acl, device, call):
    """Each mapping: out NULL -> 100000; id < 0 -> 107000; an id past the devices -> 107001; else the same id."""
    fn = getattr(acl.raw, call)
    count = ctypes.c_uint32()
    assert acl.raw.aclrtGetDeviceCount(ctypes.byref(count)) == OK
    out = ctypes.c_int32(-1)
    for d in range(count.value):
        assert fn(d, ctypes.byref(out)) == OK and out.value == d
    assert fn(0, None) == INVALID
    assert fn(-1, ctypes.byref(out)) == RT_PARAM
    assert fn(count.value, ctypes.byref(out)) == BAD_DEVICE


def test_only_the_phy_to_user_mapping_needs_a_context(acl, device):
    """ApiImpl::GetDeviceIndexByPhyId checks the current context (107002); the others work before any
    aclrtSetDevice ("the api use before setdevice")."""
    def call(name):
        return getattr(acl.raw, name)(0, ctypes.byref(ctypes.c_int32()))
    assert in_thread(lambda: call("aclrtGetUserDevIdByPhyDevId")) == CTX_NULL
    for name in MAPPINGS:
        if name != "aclrtGetUserDevIdByPhyDevId":
            assert in_thread(lambda n=name: call(n)) == OK


def test_phy_and_logic_ids_of_device_zero(acl, device):
    """UT aclrtGetPhyDevIdByUserDevIdMappingTest and its logic / user siblings, unmocked: device 0 is 0 in
    every id space on the simulator (one chip per device, no remapping)."""
    out = ctypes.c_int32(-1)
    assert acl.raw.aclrtGetPhyDevIdByUserDevId(0, ctypes.byref(out)) == OK and out.value == 0
    assert acl.raw.aclrtGetPhyDevIdByLogicDevId(0, ctypes.byref(out)) == OK and out.value == 0
    assert acl.raw.aclrtGetLogicDevIdByUserDevId(0, ctypes.byref(out)) == OK and out.value == 0
    assert acl.raw.aclrtGetUserDevIdByLogicDevId(0, ctypes.byref(out)) == OK and out.value == 0
    assert acl.raw.aclrtGetUserDevIdByPhyDevId(0, ctypes.byref(out)) == OK and out.value == 0
