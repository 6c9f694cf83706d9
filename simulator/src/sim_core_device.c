/*
 * sim_core_device.c - devices (aclrtSetDevice / aclrtResetDevice) and contexts, with the
 * per-thread current context.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

typedef struct {
    int set_count;              /* aclrtSetDevice references */
    sim_ctx *default_ctx;       /* also in ctxs */
    sim_ctx **ctxs;             /* owner refs */
    size_t nctx, capctx;
} sim_dev;

/* All under g_sim_core_mu. */
static sim_dev *g_devs;
static int g_ndev;

/* ---------------- deferred teardown list ---------------- */
typedef struct {
    sim_stream **st;
    size_t nst, cst;
    sim_event **ev;
    size_t nev, cev;
    sim_ctx **ctx;
    size_t nctx, cctx;
} reap_list;

static void push(void ***arr, size_t *n, size_t *cap, void *p)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        void **na = realloc(*arr, nc * sizeof *na);
        if (!na)
            return;   /* OOM: the object leaks, nothing breaks */
        *arr = na;
        *cap = nc;
    }
    (*arr)[(*n)++] = p;
}

/* Move everything a context owns to the reap list (g_sim_core_mu held). The context itself
 * must already be out of the registry and off its device's list. */
static void ctx_collect_locked(sim_ctx *ctx, reap_list *r)
{
    int nstreams = 0;
    ctx->dead = 1;
    if (ctx->default_stream) {
        sim_handle_take(SIM_KIND_STREAM, (void *)(uintptr_t)ctx->default_stream->handle);
        push((void ***)&r->st, &r->nst, &r->cst, ctx->default_stream);
        ctx->default_stream = NULL;
        nstreams++;
    }
    for (size_t i = 0; i < ctx->nstreams; i++) {
        sim_handle_take(SIM_KIND_STREAM, (void *)(uintptr_t)ctx->streams[i]->handle);
        push((void ***)&r->st, &r->nst, &r->cst, ctx->streams[i]);
        nstreams++;
    }
    ctx->nstreams = 0;
    for (size_t i = 0; i < ctx->nevents; i++) {
        sim_handle_take(SIM_KIND_EVENT, (void *)(uintptr_t)ctx->events[i]->handle);
        push((void ***)&r->ev, &r->nev, &r->cev, ctx->events[i]);
    }
    ctx->nevents = 0;
    sim_core_dev_stream_unreserve_locked(ctx->device, nstreams);
    push((void ***)&r->ctx, &r->nctx, &r->cctx, ctx);
}

/* Without g_sim_core_mu: drain and join the streams, then drop the owner references. */
static void reap_finish(reap_list *r)
{
    /* resume everything first so a stream waiting on another one's event cannot hang */
    for (size_t i = 0; i < r->nst; i++)
        sim_core_stream_set_paused(r->st[i], 0);
    for (size_t i = 0; i < r->nst; i++) {
        sim_core_stream_shutdown(r->st[i]);
        sim_stream_release(r->st[i]);
    }
    for (size_t i = 0; i < r->nev; i++)
        sim_core_event_unref(r->ev[i]);
    for (size_t i = 0; i < r->nctx; i++)
        sim_core_ctx_unref(r->ctx[i]);
    free(r->st);
    free(r->ev);
    free(r->ctx);
    memset(r, 0, sizeof *r);
}

/* Create a context with its default stream on device (g_sim_core_mu held). */
static aclError ctx_new_locked(int device, int is_default, sim_ctx **out)
{
    if (sim_core_dev_stream_reserve_locked(device) != 0)
        return sim_core_stream_limit_error(device);
    sim_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) {
        sim_core_dev_stream_unreserve_locked(device, 1);
        return sim_host_oom();
    }
    atomic_init(&ctx->ref, 1);
    ctx->device = device;
    ctx->is_default = is_default;
    void *h = sim_handle_new(SIM_KIND_CONTEXT, ctx);
    if (!h) {
        free(ctx);
        sim_core_dev_stream_unreserve_locked(device, 1);
        return sim_host_oom();
    }
    ctx->handle = (uint64_t)(uintptr_t)h;
    ctx->default_stream = sim_core_stream_new(ctx, 1);
    if (!ctx->default_stream) {
        sim_handle_take(SIM_KIND_CONTEXT, h);
        free(ctx);
        sim_core_dev_stream_unreserve_locked(device, 1);
        return sim_host_oom();
    }
    sim_dev *d = &g_devs[device];
    size_t before = d->nctx;
    push((void ***)&d->ctxs, &d->nctx, &d->capctx, ctx);
    if (d->nctx == before) {
        reap_list r = {0};
        sim_handle_take(SIM_KIND_CONTEXT, h);
        ctx_collect_locked(ctx, &r);
        /* nothing was ever queued on this stream: finishing under the lock is safe */
        reap_finish(&r);
        return sim_host_oom();
    }
    *out = ctx;
    return ACL_SUCCESS;
}

static void dev_remove_ctx_locked(sim_ctx *ctx)
{
    sim_dev *d = &g_devs[ctx->device];
    for (size_t i = 0; i < d->nctx; i++) {
        if (d->ctxs[i] == ctx) {
            d->ctxs[i] = d->ctxs[--d->nctx];
            break;
        }
    }
    if (d->default_ctx == ctx)
        d->default_ctx = NULL;
}

/* Collect every context of a device (g_sim_core_mu held). */
static void dev_collect_locked(int device, reap_list *r)
{
    sim_dev *d = &g_devs[device];
    for (size_t i = 0; i < d->nctx; i++) {
        sim_handle_take(SIM_KIND_CONTEXT, (void *)(uintptr_t)d->ctxs[i]->handle);
        ctx_collect_locked(d->ctxs[i], r);
    }
    d->nctx = 0;
    d->default_ctx = NULL;
    d->set_count = 0;
}

aclError sim_core_devices_setup_locked(int count)
{
    if (g_devs && g_ndev == count)
        return ACL_SUCCESS;
    sim_dev *nd = calloc((size_t)count, sizeof *nd);
    if (!nd || sim_core_stream_counts_setup_locked(count) != 0) {
        free(nd);
        return sim_host_oom();
    }
    if (g_devs) {
        for (int i = 0; i < g_ndev; i++)
            free(g_devs[i].ctxs);
        free(g_devs);
    }
    g_devs = nd;
    g_ndev = count;
    return ACL_SUCCESS;
}

void sim_core_devices_teardown_all(void)
{
    reap_list r = {0};
    pthread_mutex_lock(&g_sim_core_mu);
    for (int i = 0; g_devs && i < g_ndev; i++)
        dev_collect_locked(i, &r);
    pthread_mutex_unlock(&g_sim_core_mu);
    reap_finish(&r);
    sim_core_set_current(NULL);
}

static aclError check_device_locked(int32_t deviceId)
{
    if (!sim_core_inited())
        return sim_fail(ACL_ERROR_UNINITIALIZE, "EH9999", "aclInit must be called before using a device.");
    if (deviceId < 0 || deviceId >= g_ndev)
        return sim_fail(ACL_ERROR_RT_INVALID_DEVICEID, "EE1001",
                        "Value %d for deviceId is invalid. Reason: must be in [0, %d).", (int)deviceId, g_ndev);
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    pthread_mutex_lock(&g_sim_core_mu);
    aclError rc = check_device_locked(deviceId);
    if (rc == ACL_SUCCESS) {
        sim_dev *d = &g_devs[deviceId];
        if (!d->default_ctx)
            rc = ctx_new_locked(deviceId, 1, &d->default_ctx);
        if (rc == ACL_SUCCESS) {
            d->set_count++;
            sim_core_set_current((void *)(uintptr_t)d->default_ctx->handle);
        }
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    return rc;
}

aclError aclrtResetDevice(int32_t deviceId)
{
    return sim_core_device_reset(deviceId, 0);
}

int sim_core_device_active(int32_t deviceId)
{
    pthread_mutex_lock(&g_sim_core_mu);
    int active = deviceId >= 0 && deviceId < g_ndev && g_devs && g_devs[deviceId].set_count > 0;
    pthread_mutex_unlock(&g_sim_core_mu);
    return active;
}

/* RT Runtime::PrimaryContextRelease: an ordinary reset drops one aclrtSetDevice reference
 * (DecideOrdinaryPrimaryReleaseAction), a forced one all of them (DecideForcePrimaryReleaseAction). */
aclError sim_core_device_reset(int32_t deviceId, int force)
{
    reap_list r = {0};
    int torn = 0;
    pthread_mutex_lock(&g_sim_core_mu);
    aclError rc = check_device_locked(deviceId);
    if (rc == ACL_SUCCESS) {
        sim_dev *d = &g_devs[deviceId];
        if (force)
            d->set_count = 0;
        else if (d->set_count > 0)
            d->set_count--;
        if (d->set_count == 0) {
            dev_collect_locked(deviceId, &r);
            torn = 1;
        }
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    if (torn) {
        reap_finish(&r);
        sim_core_run_reset(deviceId);
    }
    return rc;
}

aclError aclrtGetDevice(int32_t *deviceId)
{
    if (!deviceId)
        return sim_null_arg("deviceId");
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    *deviceId = ctx->device;
    sim_core_ctx_unref(ctx);
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (!count)
        return sim_null_arg("count");
    *count = (uint32_t)sim_product_current()->device_count;
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (!runMode)
        return sim_null_arg("runMode");
    *runMode = ACL_HOST;
    return ACL_SUCCESS;
}

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    if (!context)
        return sim_null_arg("context");
    sim_ctx *ctx = NULL;
    pthread_mutex_lock(&g_sim_core_mu);
    aclError rc = check_device_locked(deviceId);
    if (rc == ACL_SUCCESS)
        rc = ctx_new_locked(deviceId, 0, &ctx);
    if (rc == ACL_SUCCESS) {
        sim_core_set_current((void *)(uintptr_t)ctx->handle);
        *context = (aclrtContext)(uintptr_t)ctx->handle;
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    return rc;
}

static aclError dead_context(aclrtContext context)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %p for context is invalid. Reason: not a live context.",
                    context);
}

aclError aclrtDestroyContext(aclrtContext context)
{
    if (!context)
        return sim_null_arg("context");
    reap_list r = {0};
    pthread_mutex_lock(&g_sim_core_mu);
    sim_ctx *ctx = sim_handle_get(SIM_KIND_CONTEXT, context);
    if (!ctx) {
        pthread_mutex_unlock(&g_sim_core_mu);
        return dead_context(context);
    }
    if (ctx->is_default) {
        pthread_mutex_unlock(&g_sim_core_mu);
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for context is invalid. Reason: the default context of a device cannot be "
                        "destroyed; use aclrtResetDevice.", context);
    }
    sim_handle_take(SIM_KIND_CONTEXT, context);
    dev_remove_ctx_locked(ctx);
    ctx_collect_locked(ctx, &r);
    pthread_mutex_unlock(&g_sim_core_mu);
    if (sim_core_current_handle() == context)
        sim_core_set_current(NULL);
    reap_finish(&r);
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context)
{
    if (!context)
        return sim_null_arg("context");
    if (!sim_handle_get(SIM_KIND_CONTEXT, context))
        return dead_context(context);
    sim_core_set_current(context);
    return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext *context)
{
    if (!context)
        return sim_null_arg("context");
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx) {
        *context = NULL;
        return sim_core_no_context_error();
    }
    *context = (aclrtContext)(uintptr_t)ctx->handle;
    sim_core_ctx_unref(ctx);
    return ACL_SUCCESS;
}

/* References to every stream (default and explicit) of the current thread's device; NULL ctx -> 107002. */
static aclError device_streams(sim_stream ***out, size_t *count)
{
    *out = NULL;
    *count = 0;
    sim_ctx *cur = sim_core_current_ctx();
    if (!cur)
        return sim_core_no_context_error();
    int device = cur->device;
    sim_core_ctx_unref(cur);
    sim_stream **list = NULL;
    size_t n = 0, cap = 0;
    pthread_mutex_lock(&g_sim_core_mu);
    if (g_devs && device < g_ndev) {
        sim_dev *d = &g_devs[device];
        for (size_t i = 0; i < d->nctx; i++) {
            sim_ctx *c = d->ctxs[i];
            if (c->default_stream) {
                sim_core_stream_addref(c->default_stream);
                push((void ***)&list, &n, &cap, c->default_stream);
            }
            for (size_t j = 0; j < c->nstreams; j++) {
                sim_core_stream_addref(c->streams[j]);
                push((void ***)&list, &n, &cap, c->streams[j]);
            }
        }
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    *out = list;
    *count = n;
    return ACL_SUCCESS;
}

static int64_t ms_until(const struct timespec *dl)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms = (int64_t)(dl->tv_sec - now.tv_sec) * 1000 + (dl->tv_nsec - now.tv_nsec) / 1000000L;
    return ms > 0 ? ms : 0;
}

/* Synchronise every stream of the device: timeout_ms < 0 waits forever, otherwise one deadline
 * for the whole device (expiry -> 507046). Returns the first stream's error; the others' pending
 * errors are consumed too, as each stream's synchronisation does. */
static aclError sync_device(int32_t timeout_ms)
{
    sim_stream **list = NULL;
    size_t n = 0;
    aclError first = device_streams(&list, &n);
    if (first != ACL_SUCCESS)
        return first;
    struct timespec dl;
    if (timeout_ms >= 0)
        sim_core_deadline(&dl, timeout_ms);
    char firstmsg[SIM_MSG_LEN * 2] = "";
    for (size_t i = 0; i < n; i++) {
        int32_t left = timeout_ms < 0 ? -1 : (int32_t)ms_until(&dl);
        aclError rc = sim_core_stream_sync_timeout(list[i], left);
        if (rc != ACL_SUCCESS && first == ACL_SUCCESS) {
            first = rc;
            const char *m = aclGetRecentErrMsg();
            if (m)
                strncpy(firstmsg, m, sizeof firstmsg - 1);
        }
        sim_stream_release(list[i]);
    }
    free(list);
    if (first != ACL_SUCCESS)
        sim_core_set_msg(firstmsg);
    return first;
}

aclError aclrtSynchronizeDevice(void)
{
    return sync_device(-1);
}

/* RT device.cpp aclrtSynchronizeDeviceWithTimeoutImpl: timeout < -1 -> 107000 before anything
 * else; expiry -> ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046). */
aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout)
{
    if (timeout < -1)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EH0001",
                        "Value %d for timeout is invalid. Reason: must be in [-1, INT_MAX].", (int)timeout);
    return sync_device(timeout);
}

void sim_core_device_drain(void)
{
    sim_stream **list = NULL;
    size_t n = 0;
    if (device_streams(&list, &n) != ACL_SUCCESS) {
        aclGetRecentErrMsg();   /* no context: nothing to drain, and no message to leave behind */
        return;
    }
    for (size_t i = 0; i < n; i++) {
        sim_stream *st = list[i];
        pthread_mutex_lock(&st->mu);
        while (st->done < st->enq)
            pthread_cond_wait(&st->cv_done, &st->mu);
        pthread_mutex_unlock(&st->mu);
        sim_stream_release(st);
    }
    free(list);
}
