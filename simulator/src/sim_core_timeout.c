/*
 * sim_core_timeout.c - op wait and op execute timeouts (aclrtSetOpWaitTimeout,
 * aclrtSetOpExecuteTimeOut[WithMs|V2], aclrtGetOpExecuteTimeout, aclrtGetOpTimeOutInterval).
 * Layer: above ctx (it reads the current context), below streams (the event and op layers read
 * the settings). The configuration is process-wide, as RT's Runtime::timeoutConfig_
 * (src/runtime/core/src/runtime.cc Runtime::SetTimeoutConfig); aclFinalize does not reset it.
 */
#include <string.h>

#include "sim_core_priv.h"

/* Simulator choice: the kernel-credit interval is 1 ms (RT reads it from the chip's timeout
 * config; the doc gives interval*N, N in [1, 254], and ms granularity below 100000 us). */
#define SIM_TIMEOUT_INTERVAL_US 1000ull
/* RT base_info.hpp RT_MAX_OP_TIMEOUT_FOR_MS */
#define SIM_MAX_OP_TIMEOUT_MS 1000000u

static atomic_llong g_wait_ms;            /* 0 = never (RT doc: not calling it means no timeout) */
static atomic_ullong g_exec_us;           /* configured execute timeout; 0 = not configured */
static atomic_int g_exec_never;           /* 1: configured as "never time out" */

int64_t sim_core_op_wait_timeout_ms(void)
{
    return (int64_t)atomic_load(&g_wait_ms);
}

uint64_t sim_op_execute_timeout_ns(void)
{
    if (atomic_load(&g_exec_never))
        return 0;
    return (uint64_t)atomic_load(&g_exec_us) * 1000ull;
}

static int is_inference(void)
{
    return strcmp(sim_product_current()->product_id, "atlas-inference") == 0;
}

/* RT ApiImpl::SetOpWaitTimeOut: seconds, 0 = never, no range check; the chip property
 * SET_OP_WAIT_TIMEOUT_NOT_SUPPORT (Atlas inference 310P per the doc) -> 207000. */
aclError aclrtSetOpWaitTimeout(uint32_t timeout)
{
    if (is_inference())
        return sim_fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "EE1006",
                        "aclrtSetOpWaitTimeout is not supported on %s.", sim_product_current()->soc);
    atomic_store(&g_wait_ms, (long long)timeout * 1000ll);
    return ACL_SUCCESS;
}

static void set_exec_us(uint64_t us)
{
    /* RT doc: 0 means the maximum timeout; the simulator bounds nothing then */
    atomic_store(&g_exec_never, us == 0);
    atomic_store(&g_exec_us, us);
}

/* RT rtSetOpExecuteTimeOut (api_c_standard_soc.cc): seconds, no argument check, last call wins. */
aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    set_exec_us((uint64_t)timeout * 1000000ull);
    return ACL_SUCCESS;
}

/* RT ApiImpl::SetOpExecuteTimeOut: milliseconds, values >= RT_MAX_OP_TIMEOUT_FOR_MS clamped. */
aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout)
{
    if (timeout > SIM_MAX_OP_TIMEOUT_MS)
        timeout = SIM_MAX_OP_TIMEOUT_MS;
    set_exec_us((uint64_t)timeout * 1000ull);
    return ACL_SUCCESS;
}

static aclError need_context(void)
{
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    sim_core_ctx_unref(ctx);
    return ACL_SUCCESS;
}

/* RT event.cpp aclrtSetOpExecuteTimeOutV2Impl: actualTimeout NULL -> 100000; ApiImpl::SetOpExecuteTimeOutV2
 * needs a context (107002); actual = ceil(timeout / interval) * interval (TransExeTimeoutCfgToKernelCredit);
 * 0 -> UINT64_MAX, never time out. */
aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)
{
    if (!actualTimeout)
        return sim_null_arg("actualTimeout");
    aclError rc = need_context();
    if (rc != ACL_SUCCESS)
        return rc;
    if (timeout == 0) {
        set_exec_us(0);
        *actualTimeout = UINT64_MAX;
        return ACL_SUCCESS;
    }
    uint64_t credits = (timeout + SIM_TIMEOUT_INTERVAL_US - 1) / SIM_TIMEOUT_INTERVAL_US;
    set_exec_us(credits * SIM_TIMEOUT_INTERVAL_US);
    *actualTimeout = credits * SIM_TIMEOUT_INTERVAL_US;
    return ACL_SUCCESS;
}

/* RT device.cpp aclrtGetOpExecuteTimeoutImpl -> GetOpExecuteMsTimeout (kernel_utils.cc): NULL -> 100000;
 * never set -> the default (RT doc 12_execution_control: 1091 s on A2/A3/950, 547 s AI Core on 310P,
 * 68 s on 910); set -> rounded up to whole intervals, in ms; never -> UINT32_MAX. No context needed. */
aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    if (!timeoutMs)
        return sim_null_arg("timeoutMs");
    uint64_t us = atomic_load(&g_exec_us);
    if (atomic_load(&g_exec_never)) {
        *timeoutMs = UINT32_MAX;
    } else if (us == 0) {
        const char *id = sim_product_current()->product_id;
        *timeoutMs = strcmp(id, "atlas-inference") == 0 ? 547000u
                     : strcmp(id, "atlas-training") == 0 ? 68000u : 1091000u;
    } else {
        uint64_t ms = (us + 999) / 1000;
        *timeoutMs = ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
    }
    return ACL_SUCCESS;
}

/* RT event.cpp aclrtGetOpTimeOutIntervalImpl: NULL -> 100000; ApiImpl::GetOpTimeOutInterval needs a
 * context (107002); the interval in us. */
aclError aclrtGetOpTimeOutInterval(uint64_t *interval)
{
    if (!interval)
        return sim_null_arg("interval");
    aclError rc = need_context();
    if (rc != ACL_SUCCESS)
        return rc;
    *interval = SIM_TIMEOUT_INTERVAL_US;
    return ACL_SUCCESS;
}
