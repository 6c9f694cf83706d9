/*
 * sim_core_event_ext.c - events with flags, queries, timestamps and elapsed time, reset, waits
 * with flags / timeouts, synchronisation with a timeout. Layer: events (above sim_core_event.c).
 * Timestamps come from the simulator's clock (CLOCK_MONOTONIC) at the moment the stream's worker
 * runs the record task, so two events around a launch time the launch as the simulator ran it.
 * Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/event.cpp and stream.cpp (ACL checks),
 * impl/api_error.cc (ApiErrorDecorator::Event*), src/runtime/core/src/event/event.cc.
 */
#include <stdlib.h>

#include "sim_core_priv.h"

#define RT_EVENT_FLAG_MAX 0x3Fu            /* RT event.hpp */
#define SIM_EVENT_CAPACITY 65536u          /* RT doc 07_event_management: 65536 per device */

static aclError not_supported(const char *what)
{
    return sim_fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "EE1006", "%s", what);
}

static aclError bad_flag(uint32_t flag)
{
    return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value 0x%x for flag is invalid.", (unsigned)flag);
}

static int exclusive_mixed(uint32_t flag, uint32_t exclusive)
{
    return (flag & exclusive) && (flag & ~exclusive) != 0;
}

/* ApiErrorDecorator::EventCreate: flag 0, bits outside 0x3F (IPC included), or DEVICE_USE_ONLY /
 * EXTERNAL with any other bit -> 107000. */
aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)
{
    if (!event)
        return sim_null_arg("event");
    if (flag == 0 || (flag & ~RT_EVENT_FLAG_MAX) || exclusive_mixed(flag, ACL_EVENT_DEVICE_USE_ONLY) ||
        exclusive_mixed(flag, ACL_EVENT_EXTERNAL))
        return bad_flag(flag);
    return sim_core_event_create("aclrtCreateEventWithFlag", event, flag, 0);
}

/* ApiErrorDecorator::EventCreateEx: DEVICE_USE_ONLY / EXTERNAL / IPC with other bits -> 107000; then
 * only 0x1|0x2|0x4|0x8|0x40 are allowed (0x10, 0x20 rejected), flag 0 -> 107000. Simulator choice:
 * IPC events (inter-process) are not simulated -> 207000, as on a chip without IPC events. */
aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag)
{
    if (!event)
        return sim_null_arg("event");
    if (exclusive_mixed(flag, ACL_EVENT_DEVICE_USE_ONLY) || exclusive_mixed(flag, ACL_EVENT_EXTERNAL) ||
        exclusive_mixed(flag, ACL_EVENT_IPC))
        return bad_flag(flag);
    if (flag == ACL_EVENT_IPC)
        return not_supported("IPC events are not supported by the simulator.");
    if (flag == 0 || (flag & ~0x4Fu))
        return bad_flag(flag);
    return sim_core_event_create("aclrtCreateEventExWithFlag", event, flag, 1);
}

/* A per-event flag that must stay the same across calls (GetRecordFlag / GetWaitFlag): 0 ok. */
static int same_flag(sim_event *ev, int *slot, uint32_t flag)
{
    pthread_mutex_lock(&ev->mu);
    int ok = *slot == 0 || *slot == (int)flag + 1;
    if (ok)
        *slot = (int)flag + 1;
    pthread_mutex_unlock(&ev->mu);
    return ok ? 0 : -1;
}

static int is_sync_ex(const sim_event *ev)
{
    return ev->is_ex && ev->flags == ACL_EVENT_SYNC;
}

/* RecordEventWithFlag: event NULL / flag not 0 or 1 -> 100000; DEVICE_USE_ONLY -> 107000; EXTERNAL on an
 * event not from aclrtCreateEventExWithFlag(ACL_EVENT_SYNC) -> 207000; flag changed -> 107000. */
aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag)
{
    if (!event)
        return sim_null_arg("event");
    if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %u for flag is invalid.", (unsigned)flag);
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    if (ev->flags & ACL_EVENT_DEVICE_USE_ONLY)
        rc = bad_flag(flag);
    else if (flag == ACL_EVENT_RECORD_EXTERNAL && !is_sync_ex(ev))
        rc = not_supported("ACL_EVENT_RECORD_EXTERNAL needs an event of aclrtCreateEventExWithFlag(ACL_EVENT_SYNC).");
    else if (same_flag(ev, &ev->rec_flag, flag) != 0)
        rc = bad_flag(flag);
    sim_core_event_unref(ev);
    return rc != ACL_SUCCESS ? rc : aclrtRecordEvent(event, stream);
}

/* Generation state of ev: recorded (a record not undone by a reset), complete. */
static void state(sim_event *ev, int *recorded, int *complete)
{
    pthread_mutex_lock(&ev->mu);
    *recorded = ev->rec > ev->reset_at;
    *complete = ev->done >= ev->rec;
    pthread_mutex_unlock(&ev->mu);
}

static aclError query(aclrtEvent event, void *status, const char *name, int kind)
{
    if (!event)
        return sim_null_arg("event");
    if (!status)
        return sim_null_arg(name);
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    int recorded, complete;
    state(ev, &recorded, &complete);
    sim_core_event_unref(ev);
    if (kind == 0)          /* aclrtQueryEvent: a record not yet complete is NOT_READY, still SUCCESS */
        *(aclrtEventStatus *)status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    else if (kind == 1)     /* RT_EVENT_RECORDED -> COMPLETE (1), anything else NOT_READY (0) */
        *(aclrtEventRecordedStatus *)status = recorded && complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE
                                                                   : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    else
        *(aclrtEventWaitStatus *)status = complete ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status)
{
    return query(event, status, "status", 0);
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status)
{
    return query(event, status, "status", 1);
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus *status)
{
    return query(event, status, "status", 2);
}

/* Event::ElapsedTime / GetTimeStamp: never recorded -> 507000 (RT_ERROR_EVENT_RECORDER_NULL); not complete
 * -> 107006; EXTERNAL / IPC events -> 207000. */
static aclError timestamp_ns(sim_event *ev, uint64_t *ns)
{
    if (ev->flags & (ACL_EVENT_EXTERNAL | ACL_EVENT_IPC))
        return not_supported("EXTERNAL and IPC events carry no timestamp.");
    pthread_mutex_lock(&ev->mu);
    int recorded = ev->rec > ev->reset_at, complete = ev->done >= ev->rec;
    *ns = ev->ts_ns;
    pthread_mutex_unlock(&ev->mu);
    if (!recorded)
        return sim_fail(ACL_ERROR_RT_INTERNAL_ERROR, "EE9999", "The event 0x%llx has not been recorded.",
                        (unsigned long long)ev->handle);
    if (!complete)
        return sim_fail(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, "EE1001",
                        "The event 0x%llx has not completed: its timestamp is not valid yet.",
                        (unsigned long long)ev->handle);
    return ACL_SUCCESS;
}

aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent)
{
    if (!ms)
        return sim_null_arg("ms");
    if (!startEvent)
        return sim_null_arg("startEvent");
    if (!endEvent)
        return sim_null_arg("endEvent");
    sim_event *a = NULL, *b = NULL;
    aclError rc = sim_core_event_lookup(startEvent, &a);
    if (rc == ACL_SUCCESS && (rc = sim_core_event_lookup(endEvent, &b)) != ACL_SUCCESS)
        b = NULL;
    uint64_t t0 = 0, t1 = 0;
    if (rc == ACL_SUCCESS && (rc = timestamp_ns(a, &t0)) == ACL_SUCCESS)
        rc = timestamp_ns(b, &t1);
    if (rc == ACL_SUCCESS)
        *ms = (float)(((double)t1 - (double)t0) / 1e6);   /* can be negative, as in RT */
    sim_core_event_unref(a);
    sim_core_event_unref(b);
    return rc;
}

/* aclrtEventGetTimestampImpl: timestamp NULL first, then event; the time in microseconds (RT doc). */
aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp)
{
    if (!timestamp)
        return sim_null_arg("timestamp");
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    uint64_t ns = 0;
    rc = timestamp_ns(ev, &ns);
    if (rc == ACL_SUCCESS)
        *timestamp = ns / 1000;
    sim_core_event_unref(ev);
    return rc;
}

aclError aclrtGetEventId(aclrtEvent event, uint32_t *eventId)
{
    if (!event)
        return sim_null_arg("event");
    if (!eventId)
        return sim_null_arg("eventId");
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    *eventId = ev->id;
    sim_core_event_unref(ev);
    return ACL_SUCCESS;
}

/* ApiImpl::GetAvailEventNum: count NULL -> 100000; no context -> 107002; capacity minus live events. */
aclError aclrtGetEventAvailNum(uint32_t *eventCount)
{
    if (!eventCount)
        return sim_null_arg("eventCount");
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    sim_core_ctx_unref(ctx);
    int64_t live = sim_live_count(SIM_KIND_EVENT);
    *eventCount = live >= (int64_t)SIM_EVENT_CAPACITY ? 0u : SIM_EVENT_CAPACITY - (uint32_t)live;
    return ACL_SUCCESS;
}

typedef struct {
    sim_event *ev;
} reset_task;

static aclError reset_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    sim_event *ev = ((reset_task *)arg)->ev;
    pthread_mutex_lock(&ev->mu);
    ev->reset_at = ev->rec;
    pthread_mutex_unlock(&ev->mu);
    return ACL_SUCCESS;
}

static void reset_release(void *arg)
{
    sim_core_event_unref(((reset_task *)arg)->ev);
    free(arg);
}

/* ApiErrorDecorator::EventReset: DEVICE_USE_ONLY -> 107000; IPC -> 207000; an event without a wait task
 * (aclrtCreateEvent[Ex]WithFlag without ACL_EVENT_SYNC) -> 207000. The reset runs in stream order. */
static int has_wait_task(const sim_event *ev)
{
    return ev->flags == 0 || (ev->flags & ACL_EVENT_SYNC);
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream)
{
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    if (ev->flags & ACL_EVENT_DEVICE_USE_ONLY)
        rc = bad_flag(ev->flags);
    else if ((ev->flags & ACL_EVENT_IPC) || !has_wait_task(ev))
        rc = not_supported("The event has no wait task (created without ACL_EVENT_SYNC).");
    sim_stream *st = NULL;
    if (rc == ACL_SUCCESS)
        rc = sim_stream_acquire(stream, &st);
    reset_task *t = rc == ACL_SUCCESS ? malloc(sizeof *t) : NULL;
    if (rc == ACL_SUCCESS && !t)
        rc = sim_host_oom();
    if (rc != ACL_SUCCESS) {
        sim_stream_release(st);
        sim_core_event_unref(ev);
        return rc;
    }
    t->ev = ev;   /* takes the lookup ref */
    rc = sim_stream_enqueue(st, "aclrtResetEvent", reset_run, reset_release, t);
    sim_stream_release(st);
    return rc;
}

static aclError wait_checks(sim_event *ev, uint32_t flag)
{
    if (ev->flags & ACL_EVENT_DEVICE_USE_ONLY)
        return bad_flag(ev->flags);
    if (!has_wait_task(ev))
        return not_supported("The event has no wait task (created without ACL_EVENT_SYNC).");
    if (flag == ACL_EVENT_WAIT_EXTERNAL && !is_sync_ex(ev))
        return not_supported("ACL_EVENT_WAIT_EXTERNAL needs an event of aclrtCreateEventExWithFlag(ACL_EVENT_SYNC).");
    if (same_flag(ev, &ev->wait_flag, flag) != 0)
        return bad_flag(flag);
    return ACL_SUCCESS;
}

/* stream.cpp aclrtStreamWaitEventWithFlagImpl: event NULL -> 100000; flag not DEFAULT/EXTERNAL -> 100000;
 * EXTERNAL with timeout != 0 -> 100000; then ApiErrorDecorator::StreamWaitEvent (wait_checks). The
 * timeout is in ms here (header; the doc says s: FIDELITY). */
aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout, uint32_t flag)
{
    if (!event)
        return sim_null_arg("event");
    if (flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %u for flag is invalid.", (unsigned)flag);
    if (flag == ACL_EVENT_WAIT_EXTERNAL && timeout != 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %u for timeout is invalid. Reason: must be 0 with ACL_EVENT_WAIT_EXTERNAL.",
                        (unsigned)timeout);
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = wait_checks(ev, flag);
    if (rc == ACL_SUCCESS)
        rc = sim_core_event_wait(stream, ev, timeout ? (int64_t)timeout : -1, "aclrtStreamWaitEventWithFlag");
    sim_core_event_unref(ev);
    return rc;
}

/* timeout < 0 -> 107000 (ACL_CHECK_INVALID_VALUE_WITH_EXPECT_RET); a NULL event -> 107000 (rt decorator);
 * 0 = never time out. */
aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout)
{
    if (timeout < 0)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value %d for timeout is invalid. Reason: must be >= 0.",
                        (int)timeout);
    if (!event)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Argument event must not be null.");
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = wait_checks(ev, ACL_EVENT_WAIT_DEFAULT);
    if (rc == ACL_SUCCESS)
        rc = sim_core_event_wait(stream, ev, timeout, "aclrtStreamWaitEventWithTimeout");
    sim_core_event_unref(ev);
    return rc;
}

/* event.cpp: timeout < -1 -> 107000 before event NULL -> 100000; ApiErrorDecorator::EventSynchronize:
 * timeout 0 -> 107000, EXTERNAL -> 207000; expiry -> ACL_ERROR_RT_EVENT_SYNC_TIMEOUT (507047). */
aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout)
{
    if (timeout < -1)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value %d for timeout is invalid.", (int)timeout);
    if (!event)
        return sim_null_arg("event");
    if (timeout == 0)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value 0 for timeout is invalid. Reason: use -1 or > 0.");
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    if (ev->flags & ACL_EVENT_EXTERNAL) {
        sim_core_event_unref(ev);
        return not_supported("An EXTERNAL event cannot be synchronised on the host.");
    }
    struct timespec dl;
    if (timeout > 0)
        sim_core_deadline(&dl, timeout);
    pthread_mutex_lock(&ev->mu);
    uint64_t target = ev->rec;
    while (ev->done < target && rc == ACL_SUCCESS) {
        if (timeout < 0)
            pthread_cond_wait(&ev->cv, &ev->mu);
        else if (pthread_cond_timedwait(&ev->cv, &ev->mu, &dl) != 0 && ev->done < target)
            rc = ACL_ERROR_RT_EVENT_SYNC_TIMEOUT;
    }
    pthread_mutex_unlock(&ev->mu);
    sim_core_event_unref(ev);
    if (rc != ACL_SUCCESS)
        return sim_fail(rc, "EE1002", "Event synchronize timeout after %d ms.", (int)timeout);
    return ACL_SUCCESS;
}
