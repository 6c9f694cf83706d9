/*
 * sim_core_callback.c - host callbacks on a stream: aclrtLaunchCallback queues a task; when the
 * stream reaches it, the callback is reported, and a thread calling aclrtProcessReport runs it.
 * ACL_CALLBACK_BLOCK: the stream waits until the callback has run; NO_BLOCK: it goes on at once.
 * Layer: streams. Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/callback.cpp, the lite
 * src/acl/aclrt_c/runtime/callback.c, impl/api_error.cc (CallbackLaunch, ProcessReport).
 * Simulator choice: there is no aclrtSubscribeReport, so every thread may process the reports of
 * every stream (as if subscribed to all of them).
 */
#include <errno.h>
#include <stdlib.h>

#include "sim_core_priv.h"

typedef struct report {
    aclrtCallback fn;
    void *user;
    int block, done;
    struct report *next;
} report;

static pthread_mutex_t g_cb_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cb_cv;          /* a report was queued or finished */
static pthread_once_t g_cb_once = PTHREAD_ONCE_INIT;
static report *g_head, *g_tail;

static void cb_init(void)
{
    sim_core_cond_init(&g_cb_cv);
}

static aclError callback_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    report *r = arg;
    pthread_mutex_lock(&g_cb_mu);
    if (g_tail)
        g_tail->next = r;
    else
        g_head = r;
    g_tail = r;
    pthread_cond_broadcast(&g_cb_cv);
    if (r->block) {
        while (!r->done)
            pthread_cond_wait(&g_cb_cv, &g_cb_mu);
        free(r);
    }
    pthread_mutex_unlock(&g_cb_mu);
    return ACL_SUCCESS;
}

/* aclrtLaunchCallbackImpl: blockType not 0/1 -> 100000; ApiErrorDecorator::CallbackLaunch: fn NULL -> 107000. */
aclError aclrtLaunchCallback(aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType, aclrtStream stream)
{
    pthread_once(&g_cb_once, cb_init);
    if (blockType != ACL_CALLBACK_NO_BLOCK && blockType != ACL_CALLBACK_BLOCK)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for blockType is invalid. Reason: must be ACL_CALLBACK_NO_BLOCK or ACL_CALLBACK_BLOCK.",
                        (int)blockType);
    if (!fn)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Argument fn must not be null.");
    sim_stream *st = NULL;
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS)
        return rc;
    report *r = calloc(1, sizeof *r);
    if (!r) {
        sim_stream_release(st);
        return sim_host_oom();
    }
    r->fn = fn;
    r->user = userData;
    r->block = blockType == ACL_CALLBACK_BLOCK;
    /* once run, the report belongs to the queue (NO_BLOCK) or to callback_run (BLOCK) */
    rc = sim_stream_enqueue(st, "aclrtLaunchCallback", callback_run, NULL, r);
    if (rc != ACL_SUCCESS)
        free(r);
    sim_stream_release(st);
    return rc;
}

/* aclrtProcessReportImpl: timeout < -1 or 0 -> 100000; nothing reported within timeout ms (-1: wait
 * forever) -> ACL_ERROR_RT_REPORT_TIMEOUT (507012). Runs one callback per call. */
aclError aclrtProcessReport(int32_t timeout)
{
    pthread_once(&g_cb_once, cb_init);
    if (timeout < -1 || timeout == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for timeout is invalid. Reason: must be -1 or > 0 milliseconds.", (int)timeout);
    struct timespec dl;
    if (timeout > 0)
        sim_core_deadline(&dl, timeout);
    pthread_mutex_lock(&g_cb_mu);
    while (!g_head) {
        if (timeout < 0) {
            pthread_cond_wait(&g_cb_cv, &g_cb_mu);
        } else if (pthread_cond_timedwait(&g_cb_cv, &g_cb_mu, &dl) == ETIMEDOUT && !g_head) {
            pthread_mutex_unlock(&g_cb_mu);
            return sim_fail(ACL_ERROR_RT_REPORT_TIMEOUT, "EE1002",
                            "No callback was reported within %d ms.", (int)timeout);
        }
    }
    report *r = g_head;
    g_head = r->next;
    if (!g_head)
        g_tail = NULL;
    pthread_mutex_unlock(&g_cb_mu);
    r->fn(r->user);
    pthread_mutex_lock(&g_cb_mu);
    if (r->block) {
        r->done = 1;
        pthread_cond_broadcast(&g_cb_cv);
    } else {
        free(r);
    }
    pthread_mutex_unlock(&g_cb_mu);
    return ACL_SUCCESS;
}
