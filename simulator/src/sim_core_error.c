/*
 * sim_core_error.c - per-thread recent error message (aclGetRecentErrMsg) and thread serials.
 */
#include <stdio.h>
#include <string.h>

#include "sim_core_priv.h"

/* Pending message of this thread, and the buffer handed out by aclGetRecentErrMsg (the last
 * returned pointer stays valid until the next call, as documented for the real API). */
static _Thread_local char tls_msg[SIM_RECENT_MSG_LEN];
static _Thread_local int tls_has_msg;
static _Thread_local char tls_returned[SIM_RECENT_MSG_LEN];

static atomic_ullong g_thread_serial_next = 1;
static _Thread_local uint64_t tls_serial;

uint64_t sim_core_thread_serial(void)
{
    if (tls_serial == 0)
        tls_serial = atomic_fetch_add(&g_thread_serial_next, 1);
    return tls_serial;
}

aclError sim_fail_at(const char *file, int line, const char *func, aclError code, const char *ehcode,
                     const char *fmt, ...)
{
    char text[SIM_MSG_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    /* FAULT benign_error_text (benign): another, still non-empty, message text */
    if (sim_fault_on(SIM_FAULT_BENIGN_ERROR_TEXT))
        snprintf(text, sizeof text, "The runtime refused the call (error %d).", (int)code);
    if (ehcode && ehcode[0])
        snprintf(tls_msg, sizeof tls_msg, "%s: %s", ehcode, text);
    else
        snprintf(tls_msg, sizeof tls_msg, "%s", text);
    tls_has_msg = 1;
    sim_plog(3, "ASCENDCL", file, line, func, "%s (error %d)", tls_msg, (int)code);
    sim_core_set_last_error(code);
    return code;
}

/* RT InnerThreadLocalContainer (src/runtime/core/src/common/inner_thread_local.cpp): the thread's
 * globalError_, set by GetRtExtErrCodeAndSetGlobalErr (src/runtime/api/api_global_err.cc) for every
 * runtime failure; the ACL layer's own argument checks (1000xx) do not reach it. */
static _Thread_local aclError tls_last_err;

void sim_core_set_last_error(aclError code)
{
    if (code != ACL_SUCCESS && (code / 1000) % 100 == 7)
        tls_last_err = code;
}

/* RT acl_rt.cpp aclrtGetLastErrorImpl / aclrtPeekAtLastErrorImpl: level != ACL_RT_THREAD_LEVEL -> 100000
 * (ACL_REQUIRES_PARAM_EQUAL_REPORT); Get returns the code and resets it (GetGlobalErr), Peek keeps it. */
static aclError last_error(aclrtLastErrLevel level, int clear)
{
    if (level != ACL_RT_THREAD_LEVEL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for level is invalid. Reason: only ACL_RT_THREAD_LEVEL (0) is supported.", (int)level);
    aclError code = tls_last_err;
    if (clear)
        tls_last_err = ACL_SUCCESS;
    return code;
}

aclError aclrtGetLastError(aclrtLastErrLevel level)
{
    return last_error(level, 1);
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level)
{
    return last_error(level, 0);
}

aclError sim_null_arg(const char *name)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument %s must not be null.", name);
}

aclError sim_null_elem(const char *name, int i)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument %s[%d] must not be null.", name, i);
}

aclError sim_host_oom(void)
{
    return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of host memory.");
}

void sim_core_set_msg(const char *msg)
{
    if (!msg || !msg[0]) {
        tls_has_msg = 0;
        return;
    }
    snprintf(tls_msg, sizeof tls_msg, "%s", msg);
    tls_has_msg = 1;
}

const char *aclGetRecentErrMsg(void)
{
    if (!tls_has_msg)
        return NULL;
    memcpy(tls_returned, tls_msg, sizeof tls_returned);
    tls_has_msg = 0;
    tls_msg[0] = '\0';
    return tls_returned;
}
