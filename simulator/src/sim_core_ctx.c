/*
 * sim_core_ctx.c - context references, the per-thread current context and the per-device stream
 * counts (below streams, events, memory and devices).
 */
#include <stdlib.h>

#include "sim_core_priv.h"

/* The thread's current context, as a handle value (a dead handle reads as "none"). */
static _Thread_local void *tls_ctx;

/* Default + explicit streams of all contexts, per device; under g_sim_core_mu. */
static int *g_stream_count;
static int g_ncount;

void sim_core_ctx_addref(void *ctx)
{
    atomic_fetch_add(&((sim_ctx *)ctx)->ref, 1);
}

void sim_core_ctx_unref(sim_ctx *ctx)
{
    if (!ctx || atomic_fetch_sub(&ctx->ref, 1) != 1)
        return;
    free(ctx->streams);
    free(ctx->events);
    free(ctx);
}

sim_ctx *sim_core_current_ctx(void)
{
    if (!tls_ctx)
        return NULL;
    return sim_core_handle_get_ref(SIM_KIND_CONTEXT, tls_ctx, sim_core_ctx_addref);
}

void *sim_core_current_handle(void)
{
    return tls_ctx;
}

void sim_core_set_current(void *handle)
{
    tls_ctx = handle;
}

int sim_core_stream_counts_setup_locked(int count)
{
    int *nc = calloc((size_t)count, sizeof *nc);
    if (!nc)
        return -1;
    free(g_stream_count);
    g_stream_count = nc;
    g_ncount = count;
    return 0;
}

int sim_core_dev_stream_reserve_locked(int device)
{
    if (!g_stream_count || device < 0 || device >= g_ncount)
        return -1;
    if (g_stream_count[device] >= sim_product_current()->stream_limit)
        return -1;
    g_stream_count[device]++;
    return 0;
}

int sim_core_dev_streams_used_locked(int device)
{
    if (!g_stream_count || device < 0 || device >= g_ncount)
        return 0;
    return g_stream_count[device];
}

void sim_core_dev_stream_unreserve_locked(int device, int n)
{
    if (g_stream_count && device >= 0 && device < g_ncount)
        g_stream_count[device] -= n;
}

aclError sim_core_no_context_error(void)
{
    return sim_fail(ACL_ERROR_RT_CONTEXT_NULL, "EE1001",
                    "The current thread has no context. Reason: call aclrtSetDevice or aclrtSetCurrentContext first.");
}

aclError sim_core_stream_limit_error(int device)
{
    return sim_fail(ACL_ERROR_RT_NO_STREAM_RESOURCE, "EE9999",
                    "No stream resource on device %d. Reason: at most %d streams per device (default streams "
                    "included) on %s.", device, sim_product_current()->stream_limit, sim_product_current()->soc);
}
