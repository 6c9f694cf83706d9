/*
 * sim_op_launch.c - the shared asynchronous op launch (aclopExecWithHandle and the execute calls):
 * buffer checks, the op task a stream worker runs, and the op handle objects' lifetime (a task
 * holds a reference to its handle).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

_Thread_local const sim_op_def *sim_op_running;

/* ================================================================ handle objects */

void sim_ophandle_free(sim_ophandle *h)
{
    for (int i = 0; h->in && i < h->nin; i++) sim_desc_clear(&h->in[i]);
    for (int i = 0; h->out && i < h->nout; i++) sim_desc_clear(&h->out[i]);
    free(h->in);
    free(h->out);
    free(h->in_sig);
    free(h->out_sig);
    free(h->in_kind);
    free(h->user_descs);
    free(h->op);
    sim_attrset_free(h->attrs);
    sim_model_unref(h->model);
    free(h);
}

void sim_ophandle_unref(sim_ophandle *h)
{
    if (h != NULL && atomic_fetch_sub(&h->refs, 1) == 1) sim_ophandle_free(h);
}

/* ================================================================ asynchronous op task */

typedef struct {
    const sim_op_def *def;
    const sim_attr_set *attrs;
    sim_ophandle *holder_h;
    sim_model *holder_m;
    const char *call;
    int nin, nout;
    sim_tensor *in, *out;
    unsigned char *in_kind;
    void **addr;                  /* nin + nout device addresses as given by the user */
    sim_alloc **allocs;           /* nin + nout */
    unsigned char *const_copy;    /* owned const bytes (copy_consts) */
} op_task;

static void task_release(void *arg)
{
    op_task *t = arg;
    if (t == NULL) return;
    sim_ophandle_unref(t->holder_h);
    sim_model_unref(t->holder_m);
    free(t->in);
    free(t->out);
    free(t->in_kind);
    free(t->addr);
    free(t->allocs);
    free(t->const_copy);
    free(t);
}

static aclError task_run(void *arg, char *msg, size_t msglen)
{
    op_task *t = arg;
    aclError rc = ACL_SUCCESS;
    int n = t->nin + t->nout;
    for (int k = 0; k < n && rc == ACL_SUCCESS; k++) {
        int is_in = k < t->nin;
        int idx = is_in ? k : k - t->nin;
        sim_tensor *ts = is_in ? &t->in[idx] : &t->out[idx];
        t->allocs[k] = NULL;
        if (is_in && t->in_kind[idx] != SIM_IN_NORMAL) continue;
        size_t need = sim_tensor_bytes(ts);
        void *host = NULL;
        size_t extra = 0;
        /* FAULT exec_write_past_output (EWH-05): output 0 is mapped one element longer */
        if (k == t->nin && need > 0 && sim_fault_on(SIM_FAULT_EXEC_WRITE_PAST_OUTPUT))
            extra = need / (size_t)sim_tensor_elements(ts);   /* one element */
        if (extra && sim_devmem_acquire(t->addr[k], need + extra, &host, &t->allocs[k])) {
            ts->data = host;
            ts->nbytes = need;
        } else if (sim_devmem_acquire(t->addr[k], need, &host, &t->allocs[k])) {
            ts->data = host;
            ts->nbytes = need;
        } else if (need == 0) {
            t->allocs[k] = NULL;
            ts->data = NULL;
            ts->nbytes = 0;
        } else {
            t->allocs[k] = NULL;
            if (msg && msglen)
                snprintf(msg, msglen,
                         "EZ9999: The aicore execution is abnormal: op %s (%s) %s[%d] address %p is not "
                         "valid device memory of %zu bytes (host pointer, freed memory or out of bounds).",
                         t->def->op_type, t->call, is_in ? "input" : "output", idx, t->addr[k], need);
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
        }
    }
    if (rc == ACL_SUCCESS) {
        sim_exec_env env = {sim_product_current()};
        sim_op_running = t->def;
        sim_fault_launch_begin();
        uint64_t bound = sim_op_execute_timeout_ns(), start = bound ? sim_now_ns() : 0;
        rc = t->def->run ? t->def->run(t->in, t->nin, t->out, t->nout, t->attrs, &env, msg, msglen) : ACL_SUCCESS;
        /* RT: a kernel that overruns the op execute timeout is reported by the TS as TS_ERROR_AICORE_TIMEOUT
         * -> ACL_ERROR_RT_AICORE_TIMEOUT at the next synchronisation (error_code.cc, errcode_manage.cc).
         * The simulated execution time is the kernel's run time on the worker. */
        uint64_t took = bound ? sim_now_ns() - start : 0;
        if (rc == ACL_SUCCESS && bound && took > bound) {
            rc = ACL_ERROR_RT_AICORE_TIMEOUT;
            if (msg && msglen)
                snprintf(msg, msglen, "EZ9999: The aicore execution timed out: op %s (%s) ran %llu us, the op "
                         "execute timeout is %llu us.", t->def->op_type, t->call,
                         (unsigned long long)(took / 1000), (unsigned long long)(bound / 1000));
        }
        /* FAULT exec_write_past_output (EWH-05): one element written after the end of output 0 */
        if (t->nout > 0 && t->out[0].data && t->out[0].nbytes && sim_fault_on(SIM_FAULT_EXEC_WRITE_PAST_OUTPUT))
            memset((unsigned char *)t->out[0].data + t->out[0].nbytes, 0x3C,
                   t->out[0].nbytes / (size_t)sim_tensor_elements(&t->out[0]));
        /* FAULT exec_modify_input (EWH-03): the kernel scribbles on input 0 */
        if (t->nin > 0 && t->in[0].data && t->in[0].nbytes && t->in_kind[0] == SIM_IN_NORMAL &&
            sim_fault_on(SIM_FAULT_EXEC_MODIFY_INPUT))
            ((unsigned char *)t->in[0].data)[0] ^= 0x01;
    }
    for (int k = 0; k < n; k++) {
        if (t->allocs[k]) sim_devmem_release(t->allocs[k]);
        t->allocs[k] = NULL;
    }
    return rc;
}

static size_t ge_rounded(size_t len)
{
    if (len > SIZE_MAX - 63) return SIZE_MAX;
    return (len + 63) / 32 * 32;
}

/* FAULT cross_thread_stream_mixup (EWH-06, EWH-10): a launch goes to the explicit stream that
 * another thread launched to last */
static aclrtStream mixup_stream(aclrtStream mine)
{
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    static const void *last_thread;
    static aclrtStream last_stream;
    static _Thread_local char me;
    if (mine == NULL || !sim_fault_on(SIM_FAULT_CROSS_THREAD_STREAM_MIXUP)) return mine;
    pthread_mutex_lock(&mu);
    aclrtStream use = last_thread != NULL && last_thread != &me && last_stream != NULL ? last_stream : mine;
    last_thread = &me;
    last_stream = mine;
    pthread_mutex_unlock(&mu);
    return use;
}

aclError sim_op_launch(const sim_launch_req *rq)
{
    sim_stream *st = NULL;
    /* FAULT stream_ignored (EWH-06): the caller's stream is dropped, the default stream used */
    aclError rc = sim_stream_acquire(sim_fault_on(SIM_FAULT_STREAM_IGNORED) ? NULL : mixup_stream(rq->stream), &st);
    if (rc != ACL_SUCCESS) return rc;

    for (int i = 0; i < rq->nin; i++) {
        if (rq->in_kind[i] != SIM_IN_ABSENT || rq->inbufs[i].data != NULL) continue;
        /* FAULT optional_null_rejected (EWH-11): a null buffer in an absent optional slot refused */
        if (sim_fault_on(SIM_FAULT_OPTIONAL_NULL_REJECTED)) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Input[%d] size is invalid: the buffer address is null.", i);
        }
        /* FAULT optional_null_deref (EWH-11): the runtime reads the null optional buffer: SIGSEGV */
        if (sim_fault_on(SIM_FAULT_OPTIONAL_NULL_DEREF)) {
            volatile const unsigned char *bad = (volatile const unsigned char *)rq->inbufs[i].data;
            (void)bad[0];
        }
    }

    /* GE ValidateArgs: buffer length rounded (len + 63) / 32 * 32 must hold the tensor. */
    for (int i = 0; i < rq->nin; i++) {
        if (rq->in_kind[i] != SIM_IN_NORMAL) continue;
        size_t need = sim_tensor_bytes(&rq->in_sig[i]);
        if (ge_rounded(rq->inbufs[i].size) < need) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Input[%d] size is invalid: the buffer length is %zu (%zu after "
                            "rounding (len + 63) / 32 * 32), but the tensor needs %zu bytes.",
                            i, rq->inbufs[i].size, ge_rounded(rq->inbufs[i].size), need);
        }
    }
    for (int i = 0; i < rq->nout; i++) {
        size_t need = sim_tensor_bytes(&rq->out_sig[i]);
        /* FAULT exec_skip_size_check (EWH-05): short outputs accepted, the kernel writes past them */
        if (ge_rounded(rq->outbufs[i].size) < need && !sim_fault_on(SIM_FAULT_EXEC_SKIP_SIZE_CHECK)) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Output[%d] size is invalid: the buffer length is %zu (%zu after "
                            "rounding (len + 63) / 32 * 32), but the tensor needs %zu bytes.",
                            i, rq->outbufs[i].size, ge_rounded(rq->outbufs[i].size), need);
        }
    }

    op_task *t = calloc(1, sizeof(*t));
    size_t const_total = 0;
    if (rq->copy_consts)
        for (int i = 0; i < rq->nin; i++)
            if (rq->in_kind[i] == SIM_IN_CONST) const_total += rq->const_len[i];
    if (t != NULL) {
        t->in = sim_op_calloc((size_t)rq->nin, sizeof(sim_tensor));
        t->out = sim_op_calloc((size_t)rq->nout, sizeof(sim_tensor));
        t->in_kind = sim_op_calloc((size_t)rq->nin, 1);
        t->addr = sim_op_calloc((size_t)(rq->nin + rq->nout), sizeof(void *));
        t->allocs = sim_op_calloc((size_t)(rq->nin + rq->nout), sizeof(sim_alloc *));
        t->const_copy = const_total ? malloc(const_total) : NULL;
    }
    if (t == NULL || !t->in || !t->out || !t->in_kind || !t->addr || !t->allocs || (const_total && !t->const_copy)) {
        task_release(t);
        sim_stream_release(st);
        return sim_op_oom();
    }
    t->def = rq->def;
    t->attrs = rq->attrs;
    t->call = rq->call;
    t->nin = rq->nin;
    t->nout = rq->nout;
    size_t coff = 0;
    for (int i = 0; i < rq->nin; i++) {
        t->in[i] = rq->in_sig[i];
        t->in[i].data = NULL;
        t->in[i].nbytes = 0;
        t->in_kind[i] = rq->in_kind[i];
        if (rq->in_kind[i] == SIM_IN_NORMAL) {
            t->addr[i] = rq->inbufs[i].data;
        } else if (rq->in_kind[i] == SIM_IN_ABSENT) {
            t->in[i].dtype = ACL_DT_UNDEFINED;
        } else {
            if (rq->copy_consts) {
                if (rq->const_len[i]) memcpy(t->const_copy + coff, rq->const_data[i], rq->const_len[i]);
                t->in[i].data = t->const_copy + coff;
                coff += rq->const_len[i];
            } else {
                t->in[i].data = (void *)rq->const_data[i];
            }
            t->in[i].nbytes = rq->const_len[i];
        }
    }
    for (int i = 0; i < rq->nout; i++) {
        t->out[i] = rq->out_sig[i];
        t->out[i].data = NULL;
        t->out[i].nbytes = 0;
        t->addr[rq->nin + i] = rq->outbufs[i].data;
    }
    if (rq->holder_h) {
        atomic_fetch_add(&rq->holder_h->refs, 1);
        t->holder_h = rq->holder_h;
    }
    if (rq->holder_m) {
        sim_model_ref(rq->holder_m);
        t->holder_m = rq->holder_m;
    }
    /* release is called exactly once by the stream, also when the task cannot be queued */
    rc = sim_stream_enqueue(st, rq->call, task_run, task_release, t);
    sim_stream_release(st);
    return rc;
}
