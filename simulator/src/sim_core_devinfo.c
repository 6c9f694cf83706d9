/*
 * sim_core_devinfo.c - device attributes, the primary context's state, forced reset, the TS
 * choice and the device-id mappings. Layer: devices (above sim_core_device.c; reads memory's size).
 * Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/device.cpp, context.cpp; src/runtime/api/
 * api_c_device.cc, impl/api_error.cc, impl/api_impl.cc, src/runtime/core/src/runtime.cc.
 * ID spaces (Runtime::ChgUserDevIdToDeviceId): user ids index ASCEND_RT_VISIBLE_DEVICES, logic ids
 * are the driver's, phy ids the chip's; the simulator has no visible-devices list and one chip per
 * device, so all three are the same number.
 */
#include <string.h>

#include "sim_core_priv.h"

static int device_count(void)
{
    return sim_product_current()->device_count;
}

typedef struct {
    const char *soc_prefix;
    int aicore, cube, vector, aicpu;
    int64_t l2;
} core_counts;

/* shared/reference products.md 1.4 (platform ini values): 910B1 24 / 24 / 48; 310P3 8 AI cores and
 * 7 vector cores; 310B1 1 / 1 / 1 with 4 MB L2; 910A 32 AI cores with 32 MiB L2; 950 32 (measured on
 * Ascend950DT_9582). AI CPU counts, L2 where not listed and other 910B / A3 parts: simulator choice. */
static const core_counts k_counts[] = {
    {"Ascend910B1", 24, 24, 48, 6, 192ll << 20},
    {"Ascend310P", 8, 8, 7, 4, 16ll << 20},
    {"Ascend310B", 1, 1, 1, 4, 4ll << 20},
    {"Ascend950", 32, 32, 64, 6, 128ll << 20},
    {"Ascend910_93", 24, 24, 48, 6, 192ll << 20},
    {"Ascend910B", 24, 24, 48, 6, 192ll << 20},
    {"Ascend910", 32, 32, 0, 4, 32ll << 20},
};

static const core_counts *counts(void)
{
    const char *soc = sim_product_current()->soc;
    for (size_t i = 0; i < sizeof k_counts / sizeof k_counts[0]; i++)
        if (strncmp(soc, k_counts[i].soc_prefix, strlen(k_counts[i].soc_prefix)) == 0)
            return &k_counts[i];
    return &k_counts[0];
}

static aclError bad_value(const char *name, int64_t v)
{
    return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value %lld for %s is invalid.", (long long)v, name);
}

/* device.cpp aclrtGetDeviceInfoImpl: value NULL -> 100000; ApiErrorDecorator::GetDeviceInfoByAttr: id
 * >= device count -> 107000 (not 107001); ApiImpl::GetDeviceInfoByAttr[Misc]: unknown attr -> 107000.
 * No aclrtSetDevice needed. Values: the product profile; the thread / grid limits, pod ids and
 * connection fields are simulator choices (documented in FIDELITY). */
aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value)
{
    if (!value)
        return sim_null_arg("value");
    if (deviceId >= (uint32_t)device_count())
        return bad_value("deviceId", deviceId);
    const core_counts *c = counts();
    int64_t v;
    switch ((int)attr) {
    case ACL_DEV_ATTR_AICPU_CORE_NUM: v = c->aicpu; break;
    case ACL_DEV_ATTR_AICORE_CORE_NUM: v = c->aicore; break;
    case ACL_DEV_ATTR_CUBE_CORE_NUM: v = c->cube; break;
    case ACL_DEV_ATTR_VECTOR_CORE_NUM: v = c->vector; break;
    case ACL_DEV_ATTR_WARP_SIZE: v = 32; break;
    case ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE: v = 2048; break;
    case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE: v = 192 * 1024; break;
    case ACL_DEV_ATTR_MAX_GRID_DIM_X: case ACL_DEV_ATTR_MAX_GRID_DIM_Y: case ACL_DEV_ATTR_MAX_GRID_DIM_Z: v = 65535; break;
    case ACL_DEV_ATTR_MAX_BLOCK_PER_GRID: v = 65535; break;
    case ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK: v = 1024; break;
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_X: case ACL_DEV_ATTR_MAX_BLOCK_DIM_Y: v = 1024; break;
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_Z: v = 64; break;
    case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE: v = (int64_t)sim_core_dev_mem_total(); break;
    case ACL_DEV_ATTR_L2_CACHE_SIZE: v = c->l2; break;
    case ACL_DEV_ATTR_SMP_ID: v = 0; break;
    case ACL_DEV_ATTR_PHY_CHIP_ID: v = deviceId; break;
    case ACL_DEV_ATTR_SUPER_POD_DEVICE_ID: v = deviceId; break;
    case ACL_DEV_ATTR_SUPER_POD_SERVER_ID: case ACL_DEV_ATTR_SUPER_POD_ID: v = 0; break;
    case ACL_DEV_ATTR_CUST_OP_PRIVILEGE: v = 1; break;
    case ACL_DEV_ATTR_MAINBOARD_ID: v = 0; break;
    case ACL_DEV_ATTR_HD_CONNECT_TYPE: v = 0; break;
    case ACL_DEV_ATTR_DEVICE_FORM_FACTOR: v = 0; break;
    case ACL_DEV_ATTR_IS_VIRTUAL: v = 0; break;
    case ACL_DEV_ATTR_NPU_ARCH: v = sim_product_current()->npu_arch; break;
    default: return bad_value("attr", (int64_t)attr);
    }
    *value = v;
    return ACL_SUCCESS;
}

/* context.cpp aclrtGetPrimaryCtxStateImpl: active NULL -> 100000, then flags != NULL -> 100000 (reserved);
 * bad device id -> 107001; active = 1 between aclrtSetDevice and the last matching reset. */
aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active)
{
    if (!active)
        return sim_null_arg("active");
    if (flags)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Argument flags is reserved and must be null.");
    if (deviceId < 0 || deviceId >= device_count())
        return sim_fail(ACL_ERROR_RT_INVALID_DEVICEID, "EE1001", "Value %d for deviceId is invalid. Reason: must be in "
                        "[0, %d).", (int)deviceId, device_count());
    *active = sim_core_device_active(deviceId);
    return ACL_SUCCESS;
}

/* rtDeviceResetForce: every aclrtSetDevice reference is dropped at once (header: "you only need to call
 * aclrtResetDeviceForce once"); a device never set: the simulator answers as aclrtResetDevice (UNVERIFIED). */
aclError aclrtResetDeviceForce(int32_t deviceId)
{
    return sim_core_device_reset(deviceId, 1);
}

/* aclrtSetTsDeviceImpl: tsId not AICORE / AIVECTOR -> 100000; rtSetTSDevice on a chip with one TS (the
 * simulated devices) returns SUCCESS and does nothing. */
aclError aclrtSetTsDevice(aclrtTsId tsId)
{
    if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %d for tsId is invalid.", (int)tsId);
    return ACL_SUCCESS;
}

/* The rts* mapping calls: out NULL -> 100000 (ACL); id < 0 -> 107000; an id that is no device -> 107001. */
static aclError map_id(int32_t in, int32_t *out, const char *out_name, int need_ctx)
{
    if (!out)
        return sim_null_arg(out_name);
    if (in < 0)
        return bad_value("deviceId", in);
    if (need_ctx) {
        sim_ctx *ctx = sim_core_current_ctx();
        if (!ctx)
            return sim_core_no_context_error();
        sim_core_ctx_unref(ctx);
    }
    if (in >= device_count())
        return sim_fail(ACL_ERROR_RT_INVALID_DEVICEID, "EE1001", "Value %d for deviceId is invalid. Reason: must be in "
                        "[0, %d).", (int)in, device_count());
    *out = in;
    return ACL_SUCCESS;
}

aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t *const logicDevId)
{
    return map_id(userDevid, logicDevId, "logicDevId", 0);
}

aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t *const userDevid)
{
    return map_id(logicDevId, userDevid, "userDevid", 0);
}

aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t *const phyDevId)
{
    return map_id(logicDevId, phyDevId, "phyDevId", 0);
}

/* rtsGetLogicDevIdByPhyDevId -> ApiImpl::GetDeviceIndexByPhyId: needs a current context (107002). */
aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t *const userDevId)
{
    return map_id(phyDevId, userDevId, "userDevId", 1);
}

aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t *const phyDevId)
{
    return map_id(userDevId, phyDevId, "phyDevId", 0);
}
