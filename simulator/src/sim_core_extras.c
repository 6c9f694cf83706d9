/*
 * sim_core_extras.c - simulator-only entry points: version and live object counts.
 */
#include <string.h>

#include "sim_core_priv.h"

const char *aclsimVersion(void)
{
    return "aclsim 0.1.0";
}

static const char *const k_kind_names[SIM_KIND_COUNT] = {
    [SIM_KIND_DEVICE_MEM] = "device_mem", [SIM_KIND_HOST_MEM] = "host_mem",
    [SIM_KIND_DATA_BUFFER] = "data_buffer", [SIM_KIND_TENSOR_DESC] = "tensor_desc",
    [SIM_KIND_OP_ATTR] = "op_attr", [SIM_KIND_OP_HANDLE] = "op_handle",
    [SIM_KIND_STREAM] = "stream", [SIM_KIND_CONTEXT] = "context",
    [SIM_KIND_EVENT] = "event", [SIM_KIND_MODEL] = "model",
};

int64_t aclsimLiveObjectCount(const char *kind)
{
    if (!kind)
        return -1;
    for (int i = 0; i < SIM_KIND_COUNT; i++)
        if (k_kind_names[i] && strcmp(k_kind_names[i], kind) == 0)
            return sim_live_count((sim_kind)i);
    return -1;
}
