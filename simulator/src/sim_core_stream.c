/*
 * sim_core_stream.c - streams (one lazily started worker thread each, FIFO tasks, first pending
 * async error) and synchronisation, as the runtime's other parts use them. The aclrt stream calls:
 * sim_core_stream_api.c; attributes: sim_core_stream_attr.c; events: sim_core_event.c.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* Workers get a small stack so thousands of streams stay cheap; kernels run on it, so keep
 * some headroom (simulator choice). */
#define SIM_WORKER_STACK (512u * 1024u)

/* ---------------- lifetime ---------------- */
sim_stream *sim_core_stream_new(sim_ctx *ctx, int is_default)
{
    sim_stream *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    atomic_init(&st->ref, 1);
    pthread_mutex_init(&st->mu, NULL);
    pthread_cond_init(&st->cv_work, NULL);
    sim_core_cond_init(&st->cv_done);
    static atomic_int next_id;
    st->device = ctx->device;
    st->is_default = is_default;
    st->id = atomic_fetch_add(&next_id, 1);
    void *h = sim_handle_new(SIM_KIND_STREAM, st);
    if (!h) {
        pthread_cond_destroy(&st->cv_done);
        pthread_cond_destroy(&st->cv_work);
        pthread_mutex_destroy(&st->mu);
        free(st);
        return NULL;
    }
    st->handle = (uint64_t)(uintptr_t)h;
    sim_core_ctx_addref(ctx);
    st->ctx = ctx;
    return st;
}

void sim_core_stream_addref(void *st)
{
    atomic_fetch_add(&((sim_stream *)st)->ref, 1);
}

void sim_stream_release(sim_stream *st)
{
    if (!st || atomic_fetch_sub(&st->ref, 1) != 1)
        return;
    /* normally empty: shutdown drained it */
    for (sim_task *t = st->head; t;) {
        sim_task *next = t->next;
        if (t->release)
            t->release(t->arg);
        free(t);
        t = next;
    }
    free(st->reported);
    pthread_cond_destroy(&st->cv_done);
    pthread_cond_destroy(&st->cv_work);
    pthread_mutex_destroy(&st->mu);
    sim_core_ctx_unref(st->ctx);
    free(st);
}

static void *worker_main(void *arg)
{
    sim_stream *st = arg;
    pthread_mutex_lock(&st->mu);
    for (;;) {
        while (!st->stop && (!st->head || st->paused))
            pthread_cond_wait(&st->cv_work, &st->mu);
        if (!st->head) {
            if (st->stop)
                break;
            continue;
        }
        sim_task *t = st->head;
        /* RT ACL_STOP_ON_FAILURE: after a failed task the stream runs no more tasks */
        int skip = st->failure_mode == ACL_STOP_ON_FAILURE && st->err != ACL_SUCCESS;
        if (sim_fault_on(SIM_FAULT_STREAM_REORDER) && t->next) {
            /* FAULT stream_reorder (EWH-09): the newest queued task runs first (LIFO) */
            sim_task *prev = t;
            while (prev->next != st->tail)
                prev = prev->next;
            t = st->tail;
            prev->next = NULL;
            st->tail = prev;
        } else {
            st->head = t->next;
            if (!st->head)
                st->tail = NULL;
        }
        pthread_mutex_unlock(&st->mu);
        /* FAULT benign_stream_jitter (benign): a random delay of up to 300 us before each task */
        if (sim_fault_on(SIM_FAULT_BENIGN_STREAM_JITTER)) {
            static _Thread_local unsigned jitter_seed;
            if (!jitter_seed)
                jitter_seed = (unsigned)(uintptr_t)st ^ (unsigned)time(NULL);
            usleep((useconds_t)(rand_r(&jitter_seed) % 300));
        }

        char msg[SIM_MSG_LEN];
        msg[0] = '\0';
        aclError rc = t->run && !skip ? t->run(t->arg, msg, sizeof msg) : ACL_SUCCESS;
        if (t->release)
            t->release(t->arg);
        free(t);

        pthread_mutex_lock(&st->mu);
        /* FAULT async_error_swallowed (EWH-09): device errors never reach the next sync */
        if (rc != ACL_SUCCESS)   /* RT ProcLogicCqReport / PrintErrorInfo: the device's cause, in the plog */
            sim_plog(3, "RUNTIME", __FILE__, __LINE__, "ProcLogicCqReport",
                     "Task run failed, device_id=%d, stream_id=%d, task_id=%llu, retCode=%d, %s", st->device, (int)st->id,
                     (unsigned long long)st->done, (int)rc, msg[0] ? msg : "no message");
        if (rc != ACL_SUCCESS && st->err == ACL_SUCCESS && !sim_fault_on(SIM_FAULT_ASYNC_ERROR_SWALLOWED)) {
            st->err = rc;
            if (msg[0])
                snprintf(st->errmsg, sizeof st->errmsg, "%s", msg);
            else
                snprintf(st->errmsg, sizeof st->errmsg, "EE9999: An asynchronous task failed with error %d.", (int)rc);
        }
        st->done++;
        pthread_cond_broadcast(&st->cv_done);
    }
    int owns_ref = st->worker_owns_ref;
    pthread_mutex_unlock(&st->mu);
    if (owns_ref)
        sim_stream_release(st);   /* may free st: nothing touches it after this */
    return NULL;
}

/* Marks the stream dead, waits for every queued task, tells the worker to stop. Returns whether a
 * worker was started (*worker: its thread). detach: the worker holds a reference to st and
 * releases it as it returns. */
static int stop_worker(sim_stream *st, int detach, pthread_t *worker)
{
    pthread_mutex_lock(&st->mu);
    st->dead = 1;
    st->paused = 0;
    pthread_cond_broadcast(&st->cv_work);
    while (st->done < st->enq)
        pthread_cond_wait(&st->cv_done, &st->mu);
    int started = st->worker_started;
    st->worker_started = 0;
    *worker = st->worker;
    if (started && detach) {
        sim_core_stream_addref(st);
        st->worker_owns_ref = 1;
    }
    st->stop = 1;
    pthread_cond_broadcast(&st->cv_work);
    pthread_mutex_unlock(&st->mu);
    return started;
}

/* Device reset and context teardown: returns once the worker thread has ended. */
void sim_core_stream_shutdown(sim_stream *st)
{
    pthread_t worker;
    if (stop_worker(st, 0, &worker))
        pthread_join(worker, NULL);
}

/* aclrtDestroyStream: returns once every queued task has run (rtStreamDestroy's wait), without
 * also waiting to see the idle worker thread wake up and end (a second wake-up across CPUs, about
 * 100 us a stream on these VMs: a suite run destroys a stream per test). The worker ends on its
 * own and drops its reference to st; it touches nothing but st and st's context's memory
 * (sim_stream_release), so no later call waits for it (simulator choice, FIDELITY: not visible
 * through the ABI). */
void sim_core_stream_shutdown_detached(sim_stream *st)
{
    pthread_t worker;
    if (stop_worker(st, 1, &worker))
        pthread_detach(worker);
}

void sim_core_stream_set_paused(sim_stream *st, int paused)
{
    pthread_mutex_lock(&st->mu);
    if (!paused || !st->dead) {
        st->paused = paused ? 1 : 0;
        pthread_cond_broadcast(&st->cv_work);
    }
    pthread_mutex_unlock(&st->mu);
}

/* Drop a stream's queued tasks unrun (their release callbacks run; the running one finishes):
 * aclrtDestroyStreamForce, aclrtStreamAbort. */
void sim_core_stream_discard(sim_stream *st)
{
    pthread_mutex_lock(&st->mu);
    sim_task *t = st->head;
    st->head = st->tail = NULL;
    for (sim_task *q = t; q; q = q->next)
        st->done++;
    pthread_cond_broadcast(&st->cv_done);
    pthread_mutex_unlock(&st->mu);
    while (t) {
        sim_task *next = t->next;
        if (t->release)
            t->release(t->arg);
        free(t);
        t = next;
    }
}

/* ---------------- internal API ---------------- */
aclError sim_stream_acquire(aclrtStream s, sim_stream **out)
{
    if (!out)
        return sim_null_arg("out");
    *out = NULL;
    if (!s) {
        sim_ctx *ctx = sim_core_current_ctx();
        if (!ctx)
            return sim_core_no_context_error();
        pthread_mutex_lock(&g_sim_core_mu);
        sim_stream *st = ctx->dead ? NULL : ctx->default_stream;
        if (st)
            sim_core_stream_addref(st);
        pthread_mutex_unlock(&g_sim_core_mu);
        sim_core_ctx_unref(ctx);
        if (!st)
            return sim_core_no_context_error();
        *out = st;
        return ACL_SUCCESS;
    }
    sim_stream *st = sim_core_handle_get_ref(SIM_KIND_STREAM, s, sim_core_stream_addref);
    if (!st)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value %p for stream is invalid. Reason: not a live stream (never created, or destroyed).", s);
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx) {
        sim_stream_release(st);
        return sim_core_no_context_error();
    }
    int same = (st->ctx == ctx);
    uint64_t cur = ctx->handle;
    sim_core_ctx_unref(ctx);
    if (!same) {
        uint64_t owner = st->ctx->handle;
        sim_stream_release(st);
        return sim_fail(ACL_ERROR_RT_STREAM_CONTEXT, "EE1001",
                        "Value %p for stream is invalid. Reason: the stream belongs to context 0x%llx, not to the "
                        "current context 0x%llx.", s, (unsigned long long)owner, (unsigned long long)cur);
    }
    *out = st;
    return ACL_SUCCESS;
}

/* Validation layer: called with st->mu held; fills rec when this launch is a new sharing. */
static int check_sharing_locked(sim_stream *st, const char *call, char *rec, size_t reclen)
{
    /* FAULT validation_off (EWH-10): the validation layer records nothing */
    if (sim_fault_on(SIM_FAULT_VALIDATION_OFF))
        return 0;
    uint64_t tid = sim_core_thread_serial();
    if (st->first_tid == 0) {
        st->first_tid = tid;
        return 0;
    }
    if (st->first_tid == tid)
        return 0;
    for (size_t i = 0; i < st->nreported; i++)
        if (st->reported[i] == tid)
            return 0;
    if (st->nreported == st->capreported) {
        size_t nc = st->capreported ? st->capreported * 2 : 4;
        uint64_t *nr = realloc(st->reported, nc * sizeof *nr);
        if (!nr)
            return 0;
        st->reported = nr;
        st->capreported = nc;
    }
    st->reported[st->nreported++] = tid;
    snprintf(rec, reclen,
             "kind=stream_shared_by_threads call=%s stream=0x%llx default_stream=%d first_thread=%llu thread=%llu",
             call ? call : "unknown", (unsigned long long)st->handle, st->is_default,
             (unsigned long long)st->first_tid, (unsigned long long)tid);
    return 1;
}

/* A null stream where the runtime (not the ACL wrapper) checks it: RT's own code and message. */
static aclError null_stream(void)
{
    return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Argument stream must not be null.");
}

aclError sim_stream_enqueue(sim_stream *st, const char *call, sim_task_run_fn run,
                            sim_task_release_fn release, void *arg)
{
    if (!st) {
        if (release)
            release(arg);
        return null_stream();
    }
    sim_task *t = malloc(sizeof *t);
    if (!t) {
        if (release)
            release(arg);
        return sim_host_oom();
    }
    t->run = run;
    t->release = release;
    t->arg = arg;
    t->next = NULL;

    char rec[384];
    pthread_mutex_lock(&st->mu);
    int shared = check_sharing_locked(st, call, rec, sizeof rec);
    if (st->dead) {
        pthread_mutex_unlock(&st->mu);
        free(t);
        if (release)
            release(arg);
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "Value 0x%llx for stream is invalid. Reason: the stream is being destroyed.",
                        (unsigned long long)st->handle);
    }
    if (!st->worker_started) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, SIM_WORKER_STACK);
        int prc = pthread_create(&st->worker, &attr, worker_main, st);
        pthread_attr_destroy(&attr);
        if (prc != 0) {
            pthread_mutex_unlock(&st->mu);
            free(t);
            if (release)
                release(arg);
            return sim_fail(ACL_ERROR_RT_INTERNAL_ERROR, "EE9999",
                            "Cannot start the worker thread of stream 0x%llx (error %d).",
                            (unsigned long long)st->handle, prc);
        }
        st->worker_started = 1;
    }
    if (st->tail)
        st->tail->next = t;
    else
        st->head = t;
    st->tail = t;
    st->enq++;
    pthread_cond_signal(&st->cv_work);
    pthread_mutex_unlock(&st->mu);
    if (shared)
        sim_core_validation_add(rec);
    return ACL_SUCCESS;
}

aclError sim_core_stream_sync_timeout(sim_stream *st, int32_t timeout_ms)
{
    pthread_mutex_lock(&st->mu);
    uint64_t target = st->enq;
    /* FAULT sync_early (EWH-09): the sync waits only for what already finished */
    if (sim_fault_on(SIM_FAULT_SYNC_EARLY))
        target = st->done;
    /* FAULT sync_timeout_hangs (EWH-09): a timed sync on a paused stream waits forever */
    if (timeout_ms < 0 || (st->paused && sim_fault_on(SIM_FAULT_SYNC_TIMEOUT_HANGS))) {
        while (st->done < target)
            pthread_cond_wait(&st->cv_done, &st->mu);
    } else {
        struct timespec dl;
        sim_core_deadline(&dl, timeout_ms);
        while (st->done < target) {
            int rc = pthread_cond_timedwait(&st->cv_done, &st->mu, &dl);
            if (rc == ETIMEDOUT && st->done < target) {
                pthread_mutex_unlock(&st->mu);
                /* FAULT sync_timeout_ignored (EWH-09): expiry reported as success */
                if (sim_fault_on(SIM_FAULT_SYNC_TIMEOUT_IGNORED))
                    return ACL_SUCCESS;
                return sim_fail(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "EE1002", "Stream synchronize timeout.");
            }
        }
    }
    aclError err = st->err;
    char msg[SIM_MSG_LEN];
    msg[0] = '\0';
    /* RT Stream::GetError: the error is cleared once reported, except in ACL_STOP_ON_FAILURE mode */
    if (err != ACL_SUCCESS) {
        memcpy(msg, st->errmsg, sizeof msg);
        if (st->failure_mode != ACL_STOP_ON_FAILURE) {
            st->err = ACL_SUCCESS;
            st->errmsg[0] = '\0';
        }
    }
    pthread_mutex_unlock(&st->mu);
    if (err != ACL_SUCCESS) {
        sim_core_set_msg(msg);
        sim_core_set_last_error(err);
    }
    return err;
}

aclError sim_stream_sync(sim_stream *st)
{
    if (!st)
        return null_stream();
    return sim_core_stream_sync_timeout(st, -1);
}

aclError sim_stream_queue(aclrtStream stream, const char *call, sim_task_run_fn run, sim_task_release_fn release,
                          void *arg)
{
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS) {
        release(arg);
        return rc;
    }
    rc = sim_stream_enqueue(st, call, run, release, arg);
    sim_stream_release(st);
    return rc;
}
