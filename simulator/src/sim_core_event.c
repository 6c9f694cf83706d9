/*
 * sim_core_event.c - events: record marks completion in stream order, a stream wait blocks the
 * waiting stream until the latest record at wait time completes, synchronisation on the host.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* ---------------- events ---------------- */
static void event_addref(void *ev)
{
    atomic_fetch_add(&((sim_event *)ev)->ref, 1);
}

void sim_core_event_unref(sim_event *ev)
{
    if (!ev || atomic_fetch_sub(&ev->ref, 1) != 1)
        return;
    pthread_cond_destroy(&ev->cv);
    pthread_mutex_destroy(&ev->mu);
    free(ev);
}

static void event_complete(sim_event *ev, uint64_t gen)
{
    uint64_t now = sim_core_now_ns();
    pthread_mutex_lock(&ev->mu);
    if (gen >= ev->ts_gen) {
        ev->ts_gen = gen;
        ev->ts_ns = now;
    }
    if (ev->done < gen)
        ev->done = gen;
    pthread_cond_broadcast(&ev->cv);
    pthread_mutex_unlock(&ev->mu);
}

typedef struct {
    sim_event *ev;
    uint64_t gen;
    int64_t timeout_ms;     /* 0 = wait forever */
} event_task;

static aclError record_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    event_task *et = arg;
    event_complete(et->ev, et->gen);
    return ACL_SUCCESS;
}

static aclError wait_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    event_task *et = arg;
    aclError rc = ACL_SUCCESS;
    struct timespec dl;
    if (et->timeout_ms > 0)
        sim_core_deadline(&dl, et->timeout_ms);
    pthread_mutex_lock(&et->ev->mu);
    while (et->ev->done < et->gen) {
        if (et->timeout_ms <= 0) {
            pthread_cond_wait(&et->ev->cv, &et->ev->mu);
        } else if (pthread_cond_timedwait(&et->ev->cv, &et->ev->mu, &dl) == ETIMEDOUT &&
                   et->ev->done < et->gen) {
            /* simulator choice (UNVERIFIED code): an expired event wait ends the wait with 107019 */
            rc = ACL_ERROR_RT_WAIT_TIMEOUT;
            snprintf(msg, msglen, "EE1002: The wait for event 0x%llx timed out after %lld ms.",
                     (unsigned long long)et->ev->handle, (long long)et->timeout_ms);
            break;
        }
    }
    pthread_mutex_unlock(&et->ev->mu);
    return rc;
}

static void event_task_release(void *arg)
{
    event_task *et = arg;
    sim_core_event_unref(et->ev);
    free(et);
}

static aclError dead_event(aclrtEvent event)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                    "Value %p for event is invalid. Reason: not a live event (never created, or destroyed).", event);
}

aclError sim_core_event_lookup(aclrtEvent event, sim_event **out)
{
    if (!event)
        return sim_null_arg("event");
    sim_event *ev = sim_core_handle_get_ref(SIM_KIND_EVENT, event, event_addref);
    if (!ev)
        return dead_event(event);
    *out = ev;
    return ACL_SUCCESS;
}

aclError aclrtCreateEvent(aclrtEvent *event)
{
    return sim_core_event_create("aclrtCreateEvent", event, 0, 0);
}

aclError sim_core_event_create(const char *call, aclrtEvent *event, uint32_t flags, int is_ex)
{
    static atomic_uint next_id;
    if (!event)
        return sim_null_arg("event");
    aclError rc = sim_core_require_init(call);
    if (rc != ACL_SUCCESS)
        return rc;
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    sim_event *ev = calloc(1, sizeof *ev);
    if (!ev) {
        sim_core_ctx_unref(ctx);
        return sim_host_oom();
    }
    atomic_init(&ev->ref, 1);
    pthread_mutex_init(&ev->mu, NULL);
    sim_core_cond_init(&ev->cv);
    ev->device = ctx->device;
    ev->flags = flags;
    ev->is_ex = is_ex;
    ev->id = atomic_fetch_add(&next_id, 1);
    pthread_mutex_lock(&g_sim_core_mu);
    if (ctx->dead) {
        rc = sim_core_no_context_error();
    } else {
        if (ctx->nevents == ctx->capevents) {
            size_t nc = ctx->capevents ? ctx->capevents * 2 : 8;
            sim_event **ne = realloc(ctx->events, nc * sizeof *ne);
            if (ne) {
                ctx->events = ne;
                ctx->capevents = nc;
            }
        }
        void *h = ctx->nevents < ctx->capevents ? sim_handle_new(SIM_KIND_EVENT, ev) : NULL;
        if (!h) {
            rc = sim_host_oom();
        } else {
            ev->handle = (uint64_t)(uintptr_t)h;
            ev->owner = ctx;
            ctx->events[ctx->nevents++] = ev;
            *event = h;
        }
    }
    pthread_mutex_unlock(&g_sim_core_mu);
    sim_core_ctx_unref(ctx);
    if (rc != ACL_SUCCESS)
        sim_core_event_unref(ev);
    return rc;
}

/* Remove ev from the context list that owns it (g_sim_core_mu held); 1 if found. */
static int ctx_forget_event_locked(sim_ctx *ctx, sim_event *ev)
{
    if (!ctx)
        return 0;
    for (size_t i = 0; i < ctx->nevents; i++) {
        if (ctx->events[i] == ev) {
            ctx->events[i] = ctx->events[--ctx->nevents];
            return 1;
        }
    }
    return 0;
}

aclError aclrtDestroyEvent(aclrtEvent event)
{
    if (!event)
        return sim_null_arg("event");
    pthread_mutex_lock(&g_sim_core_mu);
    sim_event *ev = sim_handle_take(SIM_KIND_EVENT, event);
    if (ev)
        ctx_forget_event_locked(ev->owner, ev);
    pthread_mutex_unlock(&g_sim_core_mu);
    if (!ev)
        return dead_event(event);
    sim_core_event_unref(ev);
    return ACL_SUCCESS;
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)
{
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    sim_stream *st = NULL;
    rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS) {
        sim_core_event_unref(ev);
        return rc;
    }
    event_task *et = malloc(sizeof *et);
    if (!et) {
        sim_stream_release(st);
        sim_core_event_unref(ev);
        return sim_host_oom();
    }
    pthread_mutex_lock(&ev->mu);
    uint64_t gen = ++ev->rec;
    pthread_mutex_unlock(&ev->mu);
    event_addref(ev);   /* the task's ref */
    et->ev = ev;
    et->gen = gen;
    et->timeout_ms = 0;
    rc = sim_stream_enqueue(st, "aclrtRecordEvent", record_run, event_task_release, et);
    if (rc != ACL_SUCCESS)
        event_complete(ev, gen);   /* never leave a record that cannot complete: waiters would hang */
    sim_stream_release(st);
    sim_core_event_unref(ev);
    return rc;
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event)
{
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = sim_core_event_wait(stream, ev, -1, "aclrtStreamWaitEvent");
    sim_core_event_unref(ev);
    return rc;
}

aclError sim_core_event_wait(aclrtStream stream, sim_event *ev, int64_t timeout_ms, const char *call)
{
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&ev->mu);
    uint64_t target = ev->rec;
    pthread_mutex_unlock(&ev->mu);
    if (target == 0 || sim_fault_on(SIM_FAULT_EVENT_WAIT_IGNORED)) {
        /* never recorded: nothing to wait for (FAULT event_wait_ignored, EWH-10: never waits) */
        sim_stream_release(st);
        return ACL_SUCCESS;
    }
    event_task *et = malloc(sizeof *et);
    if (!et) {
        sim_stream_release(st);
        return sim_host_oom();
    }
    event_addref(ev);   /* the task's ref */
    et->ev = ev;
    et->gen = target;
    et->timeout_ms = timeout_ms < 0 ? sim_core_op_wait_timeout_ms() : timeout_ms;
    rc = sim_stream_enqueue(st, call, wait_run, event_task_release, et);
    sim_stream_release(st);
    return rc;
}

aclError aclrtSynchronizeEvent(aclrtEvent event)
{
    sim_event *ev = NULL;
    aclError rc = sim_core_event_lookup(event, &ev);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&ev->mu);
    uint64_t target = ev->rec;
    while (ev->done < target)
        pthread_cond_wait(&ev->cv, &ev->mu);
    pthread_mutex_unlock(&ev->mu);
    sim_core_event_unref(ev);
    return ACL_SUCCESS;
}
