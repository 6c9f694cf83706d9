/*
 * sim_core_stream_attr.c - stream attributes and failure handling: failure mode, abort,
 * aclrtSet/GetStreamAttribute, priority, flags, id, available count, priority range, the current
 * context's default stream, overflow switch. Layer: streams (above sim_core_stream.c).
 * Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/stream.cpp (ACL checks), src/runtime/api/
 * api_c_stream.cc, impl/api_error.cc (ApiErrorDecorator) and impl/api_impl.cc (ApiImpl).
 */
#include "sim_core_priv.h"

static aclError with_stream(aclrtStream stream, sim_stream **out)
{
    return sim_stream_acquire(stream, out);
}

/* ApiImpl::StreamSetMode: only bit 0 counts; same mode -> no change; STOP -> CONTINUE -> 207000. */
static aclError set_mode(sim_stream *st, uint64_t mode)
{
    uint64_t want = mode & ACL_STOP_ON_FAILURE;
    aclError rc = ACL_SUCCESS;
    pthread_mutex_lock(&st->mu);
    if (st->acl_flags & ACL_STREAM_DEVICE_USE_ONLY)
        rc = -1;
    else if (st->failure_mode == ACL_STOP_ON_FAILURE && want == ACL_CONTINUE_ON_FAILURE)
        rc = -2;
    else
        st->failure_mode = want;
    pthread_mutex_unlock(&st->mu);
    if (rc == -1)
        return sim_fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "EE1006",
                        "The failure mode of an ACL_STREAM_DEVICE_USE_ONLY stream cannot be set.");
    if (rc == -2)
        return sim_fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "EE1006",
                        "A stream in ACL_STOP_ON_FAILURE mode cannot return to ACL_CONTINUE_ON_FAILURE.");
    return ACL_SUCCESS;
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode)
{
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = set_mode(st, mode);
    sim_stream_release(st);
    return rc;
}

/* ApiImpl::StreamAbort -> Context::StreamAbort: the stream's pending tasks are dropped (the running
 * one finishes). What a later synchronisation returns is UNVERIFIED: here the stream is simply idle. */
aclError aclrtStreamAbort(aclrtStream stream)
{
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    sim_core_stream_discard(st);
    sim_stream_release(st);
    return ACL_SUCCESS;
}

/* stream.cpp: value NULL -> 100000 first; then rtsStreamSetAttribute switches on the attribute:
 * FAILURE_MODE -> StreamSetMode; FLOAT_OVERFLOW_CHECK -> the overflow switch; USER_CUSTOM_TAG and
 * CACHE_OP_INFO stored; PRIORITY (set only, NULL stream -> 107000) clamped into [0, 7]; other -> 107000. */
aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value)
{
    if (!value)
        return sim_null_arg("value");
    if (stmAttrType == ACL_STREAM_ATTR_PRIORITY && !stream)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Argument stream must not be null to set its priority.");
    if (stmAttrType < ACL_STREAM_ATTR_FAILURE_MODE || stmAttrType > ACL_STREAM_ATTR_PRIORITY)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value %d for stmAttrType is invalid.", (int)stmAttrType);
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    if (stmAttrType == ACL_STREAM_ATTR_FAILURE_MODE) {
        rc = set_mode(st, value->failureMode);
    } else {
        pthread_mutex_lock(&st->mu);
        if (stmAttrType == ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK)
            st->overflow = value->overflowSwitch;
        else if (stmAttrType == ACL_STREAM_ATTR_USER_CUSTOM_TAG)
            st->user_tag = value->userCustomTag;
        else if (stmAttrType == ACL_STREAM_ATTR_CACHE_OP_INFO)
            st->cache_op_info = value->cacheOpInfoSwitch;
        else
            st->priority = value->streamPriority > 7 ? 7 : value->streamPriority;
        pthread_mutex_unlock(&st->mu);
    }
    sim_stream_release(st);
    return rc;
}

/* rtsStreamGetAttribute: PRIORITY is set-only (-> 107000, as any unknown attribute). */
aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value)
{
    if (!value)
        return sim_null_arg("value");
    if (stmAttrType < ACL_STREAM_ATTR_FAILURE_MODE || stmAttrType > ACL_STREAM_ATTR_CACHE_OP_INFO)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value %d for stmAttrType is invalid.", (int)stmAttrType);
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    aclrtStreamAttrValue v = {0};
    pthread_mutex_lock(&st->mu);
    if (stmAttrType == ACL_STREAM_ATTR_FAILURE_MODE)
        v.failureMode = st->failure_mode;
    else if (stmAttrType == ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK)
        v.overflowSwitch = st->overflow;
    else if (stmAttrType == ACL_STREAM_ATTR_USER_CUSTOM_TAG)
        v.userCustomTag = st->user_tag;
    else
        v.cacheOpInfoSwitch = st->cache_op_info;
    pthread_mutex_unlock(&st->mu);
    *value = v;
    sim_stream_release(st);
    return ACL_SUCCESS;
}

enum { GET_PRIORITY, GET_FLAGS, GET_ID, GET_OVERFLOW };

static aclError get_u32(aclrtStream stream, int what, uint32_t *out)
{
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&st->mu);
    uint32_t v = what == GET_PRIORITY ? st->priority
                 : what == GET_FLAGS  ? st->acl_flags
                 : what == GET_ID     ? (uint32_t)st->id : st->overflow;
    pthread_mutex_unlock(&st->mu);
    *out = v;
    sim_stream_release(st);
    return ACL_SUCCESS;
}

/* stream.cpp: priority NULL -> 100000; NULL stream = default stream; aclrtCreateStream uses 0. */
aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority)
{
    if (!priority)
        return sim_null_arg("priority");
    return get_u32(stream, GET_PRIORITY, priority);
}

/* aclrtStreamGetFlagsImpl: flags NULL -> 100000; the ACL_STREAM_* bits given at creation. */
aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags)
{
    if (!flags)
        return sim_null_arg("flags");
    return get_u32(stream, GET_FLAGS, flags);
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId)
{
    if (!streamId)
        return sim_null_arg("streamId");
    uint32_t id = 0;
    aclError rc = get_u32(stream, GET_ID, &id);
    if (rc == ACL_SUCCESS)
        *streamId = (int32_t)id;
    return rc;
}

/* rtsStreamGetAvailableNum: count NULL -> 100000; no context -> 107002; the device's free streams
 * (here: the product's stream limit minus the streams in use, default streams included). */
aclError aclrtGetStreamAvailableNum(uint32_t *streamCount)
{
    if (!streamCount)
        return sim_null_arg("streamCount");
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    pthread_mutex_lock(&g_sim_core_mu);
    int used = sim_core_dev_streams_used_locked(ctx->device);
    pthread_mutex_unlock(&g_sim_core_mu);
    sim_core_ctx_unref(ctx);
    int left = sim_product_current()->stream_limit - used;
    *streamCount = left > 0 ? (uint32_t)left : 0u;
    return ACL_SUCCESS;
}

/* ApiImpl::DeviceGetStreamPriorityRange: no checks at any layer, NULL outputs skipped; 7 and 0. */
aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority)
{
    if (leastPriority)
        *leastPriority = 7;
    if (greatestPriority)
        *greatestPriority = 0;
    return ACL_SUCCESS;
}

/* ApiImpl::CtxGetCurrentDefaultStream: stream NULL -> 100000; no context -> 107002; the real handle. */
aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream)
{
    if (!stream)
        return sim_null_arg("stream");
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(NULL, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    *stream = (aclrtStream)(uintptr_t)st->handle;
    sim_stream_release(st);
    return ACL_SUCCESS;
}

/* stream.cpp aclrtSetStreamOverflowSwitchImpl: flag not 0/1 -> 100000. */
aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag)
{
    if (flag > 1)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %u for flag is invalid. Reason: must be 0 or 1.",
                        (unsigned)flag);
    sim_stream *st = NULL;
    aclError rc = with_stream(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&st->mu);
    st->overflow = flag;
    pthread_mutex_unlock(&st->mu);
    sim_stream_release(st);
    return ACL_SUCCESS;
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t *flag)
{
    if (!flag)
        return sim_null_arg("flag");
    return get_u32(stream, GET_OVERFLOW, flag);
}
