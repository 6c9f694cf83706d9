/*
 * sim_core_stream_api.c - the aclrt stream calls: aclrtCreateStream[WithConfig],
 * aclrtDestroyStream[Force], aclrtStreamQuery, aclrtSynchronizeStream[WithTimeout] and
 * aclsimStreamPause, on top of the streams of sim_core_stream.c.
 */
#include <stdint.h>
#include <stdlib.h>

#include "sim_core_priv.h"

static aclError create_stream(const char *call, aclrtStream *stream, uint32_t priority, uint32_t flags)
{
    if (!stream)
        return sim_null_arg("stream");
    aclError rc = sim_core_require_init(call);
    if (rc != ACL_SUCCESS)
        return rc;
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    pthread_mutex_lock(&g_sim_core_mu);
    if (ctx->dead) {
        rc = sim_core_no_context_error();
    } else if (sim_core_dev_stream_reserve_locked(ctx->device) != 0) {
        rc = sim_core_stream_limit_error(ctx->device);
    } else {
        sim_stream *st = NULL;
        if (ctx->nstreams == ctx->capstreams) {
            size_t nc = ctx->capstreams ? ctx->capstreams * 2 : 8;
            sim_stream **ns = realloc(ctx->streams, nc * sizeof *ns);
            if (ns) {
                ctx->streams = ns;
                ctx->capstreams = nc;
            }
        }
        if (ctx->nstreams < ctx->capstreams)
            st = sim_core_stream_new(ctx, 0);
        if (!st) {
            sim_core_dev_stream_unreserve_locked(ctx->device, 1);
            rc = sim_host_oom();
        } else {
            st->priority = priority;
            st->acl_flags = flags;
            ctx->streams[ctx->nstreams++] = st;
            *stream = (aclrtStream)(uintptr_t)st->handle;
        }
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    sim_core_ctx_unref(ctx);
    return rc;
}

aclError aclrtCreateStream(aclrtStream *stream)
{
    return create_stream("aclrtCreateStream", stream, 0, 0);
}

/* RT stream.cpp aclrtCreateStreamWithConfigImpl (line 53): stream NULL -> 100000; only the six ACL_STREAM_*
 * bits are translated, unknown bits are dropped silently. RT api_error.cc CheckStreamFlags:
 * DEVICE_USE_ONLY (RT_STREAM_CP_PROCESS_USE) with any other flag -> 107000. RT api_impl.cc
 * ApiImpl::StreamCreate clamps the priority into [0, 7] (base_info.hpp RT_STREAM_GREATEST/LEAST_PRIORITY;
 * the uint32 is stored as int32, so values >= 2^31 are negative and become 0). Simulator choice
 * (FIDELITY): every flag gives a stream that runs its tasks as they are queued (PERSISTENT streams
 * are meant to be bound to a model, which the simulator has not; CPU_SCHEDULE and DEVICE_USE_ONLY
 * change who schedules, not what runs). */
aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag)
{
    if (!stream)
        return sim_null_arg("stream");
    const uint32_t known = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC | ACL_STREAM_PERSISTENT | ACL_STREAM_HUGE |
                           ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;
    flag &= known;
    if ((flag & ACL_STREAM_DEVICE_USE_ONLY) && flag != ACL_STREAM_DEVICE_USE_ONLY)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value 0x%x for flag is invalid. Reason: ACL_STREAM_DEVICE_USE_ONLY cannot be combined "
                        "with other flags.", (unsigned)flag);
    int32_t p = (int32_t)priority;
    uint32_t clamped = p < 0 ? 0u : (p > 7 ? 7u : (uint32_t)p);
    return create_stream("aclrtCreateStreamWithConfig", stream, clamped, flag);
}

/* RT stream.cpp aclrtDestroyStreamImpl / aclrtDestroyStreamForceImpl: NULL -> 100000
 * (ACL_REQUIRES_NOT_NULL_WITH_INPUT_REPORT), then rtStreamDestroy: waits for the queued tasks;
 * the force variant does not wait (RT doc 06_stream_management "不会等待任务完成"). */
static aclError destroy_stream(aclrtStream stream, int force)
{
    if (!stream)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002",
                        "Argument stream must not be null (the default stream cannot be destroyed).");
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    if (st->is_default) {
        sim_stream_release(st);
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value %p for stream is invalid. Reason: the default stream cannot be destroyed; "
                        "aclrtResetDevice releases it.", stream);
    }
    pthread_mutex_lock(&g_sim_core_mu);
    sim_ctx *ctx = st->ctx;
    int owned = 0;
    if (sim_handle_take(SIM_KIND_STREAM, stream)) {
        for (size_t i = 0; i < ctx->nstreams; i++) {
            if (ctx->streams[i] == st) {
                ctx->streams[i] = ctx->streams[--ctx->nstreams];
                owned = 1;
                break;
            }
        }
        sim_core_dev_stream_unreserve_locked(st->device, 1);
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    if (!owned) {
        sim_stream_release(st);
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value %p for stream is invalid. Reason: not a live stream (destroyed concurrently).", stream);
    }
    if (force)
        sim_core_stream_discard(st);
    sim_core_stream_shutdown_detached(st);
    sim_stream_release(st);   /* owner ref */
    sim_stream_release(st);   /* acquire ref */
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    return destroy_stream(stream, 0);
}

aclError aclrtDestroyStreamForce(aclrtStream stream)
{
    return destroy_stream(stream, 1);
}

/* RT stream.cpp aclrtStreamQueryImpl: status NULL -> 100000; then rtStreamQuery: COMPLETE when every
 * queued task has finished, NOT_READY otherwise (ACL_ERROR_RT_STREAM_NOT_COMPLETE). Simulator choice
 * (UNVERIFIED): a pending asynchronous error is not reported here; the next synchronisation returns it. */
aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status)
{
    if (!status)
        return sim_null_arg("status");
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&st->mu);
    int idle = st->done >= st->enq;
    pthread_mutex_unlock(&st->mu);
    sim_stream_release(st);
    /* FAULT query_early (EWH-09): COMPLETE whatever the queue holds */
    *status = idle || sim_fault_on(SIM_FAULT_QUERY_EARLY) ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = sim_core_stream_sync_timeout(st, -1);
    sim_stream_release(st);
    return rc;
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)
{
    /* FAULT timeout_param_unchecked (EWH-09): timeout < -1 accepted (and waits forever) */
    if (timeout < -1 && !sim_fault_on(SIM_FAULT_TIMEOUT_PARAM_UNCHECKED))
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value %d for timeout is invalid. Reason: must be -1 (wait forever) or >= 0 milliseconds.",
                        (int)timeout);
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = sim_core_stream_sync_timeout(st, timeout);
    sim_stream_release(st);
    return rc;
}

aclError aclsimStreamPause(aclrtStream stream, int paused)
{
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    sim_core_stream_set_paused(st, paused);
    sim_stream_release(st);
    return ACL_SUCCESS;
}
