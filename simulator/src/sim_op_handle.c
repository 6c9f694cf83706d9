/*
 * sim_op_handle.c - aclopCreateHandle, aclopDestroyHandle, aclopExecWithHandle and the shared
 * asynchronous op launch (acl-abi.md section 3, contract.md EWH-01..11).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

/* Guards handle lookup + reference against a concurrent aclopDestroyHandle. */
static pthread_mutex_t g_handle_lock = PTHREAD_MUTEX_INITIALIZER;

/* ================================================================ handle objects */

static void ophandle_free(sim_ophandle *h)
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
    if (h != NULL && atomic_fetch_sub(&h->refs, 1) == 1) ophandle_free(h);
}

static sim_ophandle *ophandle_acquire(const aclopHandle *handle)
{
    if (handle == NULL) return NULL;
    pthread_mutex_lock(&g_handle_lock);
    sim_ophandle *h = sim_handle_get(SIM_KIND_OP_HANDLE, handle);
    if (h != NULL) atomic_fetch_add(&h->refs, 1);
    pthread_mutex_unlock(&g_handle_lock);
    return h;
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
        rc = t->def->run ? t->def->run(t->in, t->nin, t->out, t->nout, t->attrs, &env, msg, msglen) : ACL_SUCCESS;
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

aclError sim_op_launch(const char *call, aclrtStream stream, const sim_op_def *def,
                       const sim_attr_set *attrs, sim_ophandle *holder_h, sim_model *holder_m,
                       int nin, const sim_tensor *in_sig, const unsigned char *in_kind,
                       const unsigned char *const *const_data, const size_t *const_len,
                       const sim_databuf *inbufs, int nout, const sim_tensor *out_sig,
                       const sim_databuf *outbufs, int copy_consts)
{
    sim_stream *st = NULL;
    /* FAULT stream_ignored (EWH-06): the caller's stream is dropped, the default stream used */
    aclError rc = sim_stream_acquire(sim_fault_on(SIM_FAULT_STREAM_IGNORED) ? NULL : stream, &st);
    if (rc != ACL_SUCCESS) return rc;

    for (int i = 0; i < nin; i++) {
        if (in_kind[i] != SIM_IN_ABSENT || inbufs[i].data != NULL) continue;
        /* FAULT optional_null_rejected (EWH-11): a null buffer in an absent optional slot refused */
        if (sim_fault_on(SIM_FAULT_OPTIONAL_NULL_REJECTED)) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Input[%d] size is invalid: the buffer address is null.", i);
        }
        /* FAULT optional_null_deref (EWH-11): the runtime reads the null optional buffer: SIGSEGV */
        if (sim_fault_on(SIM_FAULT_OPTIONAL_NULL_DEREF)) {
            volatile const unsigned char *bad = (volatile const unsigned char *)inbufs[i].data;
            (void)bad[0];
        }
    }

    /* GE ValidateArgs: buffer length rounded (len + 63) / 32 * 32 must hold the tensor. */
    for (int i = 0; i < nin; i++) {
        if (in_kind[i] != SIM_IN_NORMAL) continue;
        size_t need = sim_tensor_bytes(&in_sig[i]);
        if (ge_rounded(inbufs[i].size) < need) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Input[%d] size is invalid: the buffer length is %zu (%zu after "
                            "rounding (len + 63) / 32 * 32), but the tensor needs %zu bytes.",
                            i, inbufs[i].size, ge_rounded(inbufs[i].size), need);
        }
    }
    for (int i = 0; i < nout; i++) {
        size_t need = sim_tensor_bytes(&out_sig[i]);
        /* FAULT exec_skip_size_check (EWH-05): short outputs accepted, the kernel writes past them */
        if (ge_rounded(outbufs[i].size) < need && !sim_fault_on(SIM_FAULT_EXEC_SKIP_SIZE_CHECK)) {
            sim_stream_release(st);
            return sim_fail(ACL_ERROR_GE_PARAM_INVALID, "EH9999",
                            "[Check][Param]Output[%d] size is invalid: the buffer length is %zu (%zu after "
                            "rounding (len + 63) / 32 * 32), but the tensor needs %zu bytes.",
                            i, outbufs[i].size, ge_rounded(outbufs[i].size), need);
        }
    }

    op_task *t = calloc(1, sizeof(*t));
    size_t const_total = 0;
    if (copy_consts)
        for (int i = 0; i < nin; i++)
            if (in_kind[i] == SIM_IN_CONST) const_total += const_len[i];
    if (t != NULL) {
        t->in = sim_op_calloc((size_t)nin, sizeof(sim_tensor));
        t->out = sim_op_calloc((size_t)nout, sizeof(sim_tensor));
        t->in_kind = sim_op_calloc((size_t)nin, 1);
        t->addr = sim_op_calloc((size_t)(nin + nout), sizeof(void *));
        t->allocs = sim_op_calloc((size_t)(nin + nout), sizeof(sim_alloc *));
        t->const_copy = const_total ? malloc(const_total) : NULL;
    }
    if (t == NULL || !t->in || !t->out || !t->in_kind || !t->addr || !t->allocs || (const_total && !t->const_copy)) {
        task_release(t);
        sim_stream_release(st);
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
    }
    t->def = def;
    t->attrs = attrs;
    t->call = call;
    t->nin = nin;
    t->nout = nout;
    size_t coff = 0;
    for (int i = 0; i < nin; i++) {
        t->in[i] = in_sig[i];
        t->in[i].data = NULL;
        t->in[i].nbytes = 0;
        t->in_kind[i] = in_kind[i];
        if (in_kind[i] == SIM_IN_NORMAL) {
            t->addr[i] = inbufs[i].data;
        } else if (in_kind[i] == SIM_IN_ABSENT) {
            t->in[i].dtype = ACL_DT_UNDEFINED;
        } else {
            if (copy_consts) {
                if (const_len[i]) memcpy(t->const_copy + coff, const_data[i], const_len[i]);
                t->in[i].data = t->const_copy + coff;
                coff += const_len[i];
            } else {
                t->in[i].data = (void *)const_data[i];
            }
            t->in[i].nbytes = const_len[i];
        }
    }
    for (int i = 0; i < nout; i++) {
        t->out[i] = out_sig[i];
        t->out[i].data = NULL;
        t->out[i].nbytes = 0;
        t->addr[nin + i] = outbufs[i].data;
    }
    if (holder_h) {
        atomic_fetch_add(&holder_h->refs, 1);
        t->holder_h = holder_h;
    }
    if (holder_m) {
        sim_model_ref(holder_m);
        t->holder_m = holder_m;
    }
    /* release is called exactly once by the stream, also when the task cannot be queued */
    rc = sim_stream_enqueue(st, call, task_run, task_release, t);
    sim_stream_release(st);
    return rc;
}

/* ================================================================ create / destroy */

static aclError dynamic_desc_error(void)
{
    /* GE: MatchDynamicOpModel rejects with ACL_ERROR_INVALID_PARAM; with JIT compile disabled the
     * dynamic lookup runs first and the static lookup's OP_NOT_FOUND overwrites it. */
    if (sim_jit_compile_enabled())
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH9999",
                        "TensorDesc must be static when executing: the handle path does not support "
                        "dynamic shapes (-1/-2 dims or value ranges); use aclopExecuteV2.");
    return ACL_ERROR_OP_NOT_FOUND;
}

aclError sim_op_create_handle_resolved(const char *op, int nin, const sim_desc *const *in, int nout,
                                       const sim_desc *const *out, const sim_attr_set *const *cands,
                                       int ncands, aclopHandle **handle)
{
    aclError rc;
    if ((rc = sim_op_check_placement("inputDesc", nin, in)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_check_placement("outputDesc", nout, out)) != ACL_SUCCESS) return rc;
    int dyn_desc = 0;
    for (int i = 0; i < nin; i++) dyn_desc |= sim_desc_is_dynamic(in[i]);
    for (int i = 0; i < nout; i++) dyn_desc |= sim_desc_is_dynamic(out[i]);
    /* FAULT create_accept_dynamic (EWH-08): -1/-2 descs get a handle (unknown dims read as 1) */
    int accept_dyn = dyn_desc && sim_fault_on(SIM_FAULT_CREATE_ACCEPT_DYNAMIC);
    if (dyn_desc && !accept_dyn) {
        rc = dynamic_desc_error();
        if (rc == ACL_ERROR_OP_NOT_FOUND) return sim_model_not_found(op);
        return rc;
    }
    /* a kernel a registered compile function selected for this signature wins (sim_op_custom.c) */
    sim_model *m = ncands > 0 && !accept_dyn ? sim_custom_match(op, nin, in, nout, out, cands[0]) : NULL;
    const sim_attr_set *attrs = m ? cands[0] : NULL;
    int is_dyn = 0;
    for (int c = 0; c < ncands && m == NULL && !accept_dyn; c++) {
        m = sim_model_match(op, nin, in, nout, out, cands[c], &is_dyn);
        attrs = cands[c];
    }
    if (accept_dyn) attrs = cands[0];
    if (m == NULL && !accept_dyn) return sim_model_not_found(op);

    sim_ophandle *h = calloc(1, sizeof(*h));
    if (h == NULL) {
        sim_model_unref(m);
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
    }
    atomic_init(&h->refs, 1);
    h->model = m;
    h->def = m ? m->def : sim_op_find(op);
    h->op = strdup(op);
    h->in = sim_op_calloc((size_t)nin, sizeof(sim_desc));
    h->out = sim_op_calloc((size_t)nout, sizeof(sim_desc));
    h->in_sig = sim_op_calloc((size_t)nin, sizeof(sim_tensor));
    h->out_sig = sim_op_calloc((size_t)nout, sizeof(sim_tensor));
    h->in_kind = sim_op_calloc((size_t)nin, 1);
    h->attrs = sim_attrset_copy(attrs);
    int ok = h->op && h->in && h->out && h->in_sig && h->out_sig && h->in_kind && h->attrs;
    for (int i = 0; ok && i < nin; i++, h->nin++) ok = sim_desc_copy(&h->in[i], in[i]) == 0;
    for (int i = 0; ok && i < nout; i++, h->nout++) ok = sim_desc_copy(&h->out[i], out[i]) == 0;
    if (!ok) {
        ophandle_free(h);
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
    }
    if (h->def == NULL) {
        ophandle_free(h);
        return sim_fail(ACL_ERROR_OP_LOAD_FAILED, "EH9999", "op %s has no kernel in the simulator.", op);
    }
    for (int i = 0; i < nin; i++)
        h->in_kind[i] = sim_desc_is_optional(&h->in[i]) ? SIM_IN_ABSENT
                        : h->in[i].is_const             ? SIM_IN_CONST
                                                        : SIM_IN_NORMAL;
    if (is_dyn) {
        /* Static dims inside a dynamic model's ranges: the real output shape comes from inference. */
        const sim_desc **ip = sim_op_calloc((size_t)nin, sizeof(*ip));
        const sim_desc **op_ = sim_op_calloc((size_t)nout, sizeof(*op_));
        if (ip == NULL || op_ == NULL) {
            free(ip);
            free(op_);
            ophandle_free(h);
            return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        }
        for (int i = 0; i < nin; i++) ip[i] = &h->in[i];
        for (int i = 0; i < nout; i++) op_[i] = &h->out[i];
        char msg[SIM_MSG_LEN] = "";
        rc = sim_op_infer(h->def, nin, ip, nout, op_, h->attrs, h->in_sig, h->out_sig, msg, sizeof(msg));
        free(ip);
        free(op_);
        if (rc != ACL_SUCCESS) {
            ophandle_free(h);
            return sim_fail(rc, "EH9999", "op %s: shape inference failed for the handle's descs: %s", op, msg);
        }
        /* A handle's output descs are static: they must be the shape the dynamic model computes
         * for these inputs, or the handle does not match that model (it would never run). */
        for (int i = 0; i < nout; i++) {
            int same = h->out[i].ndims == h->out_sig[i].ndims;
            for (int d = 0; same && d < h->out_sig[i].ndims; d++) same = h->out[i].dims[d] == h->out_sig[i].dims[d];
            if (!same) {
                ophandle_free(h);
                return sim_model_not_found(op);
            }
        }
    } else if (accept_dyn) {
        for (int i = 0; i < nin + nout; i++) {   /* fault path: -1 -> 1, unknown rank -> scalar */
            const sim_desc *d = i < nin ? &h->in[i] : &h->out[i - nin];
            sim_tensor *t = i < nin ? &h->in_sig[i] : &h->out_sig[i - nin];
            t->dtype = d->dtype;
            t->format = d->format;
            t->ndims = (d->ndims == 1 && d->dims[0] == -2) || d->ndims > SIM_MAX_DIMS ? 0 : d->ndims;
            for (int k = 0; k < t->ndims; k++) t->dims[k] = d->dims[k] < 0 ? 1 : d->dims[k];
        }
    } else {
        for (int i = 0; i < nin; i++) {
            if (sim_desc_to_tensor(&h->in[i], &h->in_sig[i]) != 0) ok = 0;
        }
        for (int i = 0; i < nout; i++) {
            if (sim_desc_to_tensor(&h->out[i], &h->out_sig[i]) != 0) ok = 0;
        }
        if (!ok) {
            ophandle_free(h);
            return sim_model_not_found(op);
        }
    }
    void *hv = sim_handle_new(SIM_KIND_OP_HANDLE, h);
    if (hv == NULL) {
        ophandle_free(h);
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
    }
    *handle = (aclopHandle *)hv;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                               int numOutputs, const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *opAttr, aclopHandle **handle)
{
    if (opType == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument opType must not be null.");
    if (handle == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument handle must not be null.");
    if (numInputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numInputs is invalid. Reason: must be non-negative.", numInputs);
    if (numOutputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numOutputs is invalid. Reason: must be non-negative.", numOutputs);
    const sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    const sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    aclError rc;
    if (in == NULL || out == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, out)) != ACL_SUCCESS) goto done;
    const sim_attr_set *attrs = NULL;
    if (opAttr != NULL && (attrs = sim_attrset_get(opAttr)) == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                      "Value %p for opAttr is invalid. Reason: not a live aclopAttr (never created or "
                      "already destroyed).", (const void *)opAttr);
        goto done;
    }
    rc = sim_op_create_handle_resolved(opType, numInputs, in, numOutputs, out, &attrs, 1, handle);
    /* FAULT create_no_deep_copy (EWH-01): keep the caller's desc handles, re-read at exec */
    if (rc == ACL_SUCCESS && sim_fault_on(SIM_FAULT_CREATE_NO_DEEP_COPY)) {
        sim_ophandle *h = sim_handle_get(SIM_KIND_OP_HANDLE, *handle);
        const aclTensorDesc **keep = sim_op_calloc((size_t)(numInputs + numOutputs), sizeof(*keep));
        for (int i = 0; keep && i < numInputs + numOutputs; i++)
            keep[i] = i < numInputs ? inputDesc[i] : outputDesc[i - numInputs];
        if (h) h->user_descs = keep;
        else free(keep);
    }
done:
    free(in);
    free(out);
    return rc;
}

ACL_FUNC_VISIBILITY void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle == NULL) return;
    /* FAULT handle_leak (EWH-01): the handle is never released */
    if (sim_fault_on(SIM_FAULT_HANDLE_LEAK)) return;
    pthread_mutex_lock(&g_handle_lock);
    sim_ophandle *h = sim_handle_take(SIM_KIND_OP_HANDLE, handle);
    pthread_mutex_unlock(&g_handle_lock);
    sim_ophandle_unref(h);   /* in-flight tasks hold their own reference */
}

_Thread_local const sim_op_def *sim_op_running;

/* ================================================================ exec with handle */

ACL_FUNC_VISIBILITY aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[],
                                                 int numOutputs, aclDataBuffer *const outputs[], aclrtStream stream)
{
    /* FAULT exec_null_handle_ok (EWH-01): a NULL handle "succeeds" */
    if (handle == NULL && sim_fault_on(SIM_FAULT_EXEC_NULL_HANDLE_OK)) return ACL_SUCCESS;
    if (handle == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument handle must not be null.");
    sim_ophandle *h = ophandle_acquire(handle);
    if (h == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for handle is invalid. Reason: not a handle created by aclopCreateHandle, "
                        "or already destroyed.", (void *)handle);
    aclError rc;
    sim_databuf *inb = NULL, *outb = NULL;
    /* FAULT exec_accept_negative_count (EWH-02, EWH-04): negative counts read as 0 */
    if (sim_fault_on(SIM_FAULT_EXEC_ACCEPT_NEGATIVE_COUNT)) {
        numInputs = numInputs < 0 ? 0 : numInputs;
        numOutputs = numOutputs < 0 ? 0 : numOutputs;
    }
    if (numInputs < 0) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                      "Value %d for numInputs is invalid. Reason: must be non-negative.", numInputs);
        goto done;
    }
    if (numOutputs < 0) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                      "Value %d for numOutputs is invalid. Reason: must be non-negative.", numOutputs);
        goto done;
    }
    /* FAULT exec_null_element_skipped (EWH-03, EWH-05): a NULL element ends the call with 0 */
    if (sim_fault_on(SIM_FAULT_EXEC_NULL_ELEMENT_SKIPPED)) {
        for (int i = 0; inputs && i < numInputs; i++)
            if (inputs[i] == NULL) { rc = ACL_SUCCESS; goto done; }
        for (int i = 0; outputs && i < numOutputs; i++)
            if (outputs[i] == NULL) { rc = ACL_SUCCESS; goto done; }
    }
    /* element checks first (GE order), before allocating anything sized by the counts */
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, NULL)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, (const aclDataBuffer *const *)outputs, NULL)) !=
        ACL_SUCCESS)
        goto done;
    /* sized for both the caller's and the handle's counts (a skipped count check must not overrun) */
    inb = sim_op_calloc((size_t)(numInputs > h->nin ? numInputs : h->nin), sizeof(*inb));
    outb = sim_op_calloc((size_t)(numOutputs > h->nout ? numOutputs : h->nout), sizeof(*outb));
    if (inb == NULL || outb == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, (const aclDataBuffer *const *)outputs, outb)) !=
        ACL_SUCCESS)
        goto done;
    /* FAULT exec_empty_outputs_launch (EWH-07): the all-outputs-empty short cut is missing */
    if (numOutputs > 0 && !sim_fault_on(SIM_FAULT_EXEC_EMPTY_OUTPUTS_LAUNCH)) {
        int all_empty = 1;
        for (int i = 0; i < numOutputs && all_empty; i++) all_empty = outb[i].size == 0;
        if (all_empty) {   /* GE IsAllTensorEmpty: success, nothing launched */
            rc = ACL_SUCCESS;
            goto done;
        }
    }
    /* FAULT exec_skip_input_count_check (EWH-02) / exec_wrong_mismatch_code (EWH-02, EWH-04) */
    if (numInputs != h->nin && !sim_fault_on(SIM_FAULT_EXEC_SKIP_INPUT_COUNT_CHECK)) {
        rc = sim_fail(sim_fault_on(SIM_FAULT_EXEC_WRONG_MISMATCH_CODE) ? ACL_ERROR_INVALID_PARAM
                                                                       : ACL_ERROR_OP_INPUT_NOT_MATCH, "EH0001",
                      "Value %d for input num is invalid. Reason: input num mismatch: expect %d.", numInputs,
                      h->nin);
        goto done;
    }
    /* FAULT exec_skip_output_count_check (EWH-04) / exec_wrong_mismatch_code */
    if (numOutputs != h->nout && !sim_fault_on(SIM_FAULT_EXEC_SKIP_OUTPUT_COUNT_CHECK)) {
        /* GE source reuses the "input num mismatch" reason text for outputs */
        rc = sim_fail(sim_fault_on(SIM_FAULT_EXEC_WRONG_MISMATCH_CODE) ? ACL_ERROR_INVALID_PARAM
                                                                       : ACL_ERROR_OP_OUTPUT_NOT_MATCH, "EH0001",
                      "Value %d for output num is invalid. Reason: input num mismatch: expect %d.", numOutputs,
                      h->nout);
        goto done;
    }
    /* FAULT create_no_deep_copy (EWH-01): the handle still points at the caller's descs */
    for (int i = 0; h->user_descs && i < h->nin + h->nout; i++) {
        if (sim_desc_get(h->user_descs[i]) == NULL) {
            rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                          "Value %p for tensor desc %d of the handle is invalid. Reason: the desc was destroyed.",
                          (const void *)h->user_descs[i], i);
            goto done;
        }
    }
    const unsigned char **cdata = sim_op_calloc((size_t)h->nin, sizeof(*cdata));
    size_t *clen = sim_op_calloc((size_t)h->nin, sizeof(size_t));
    if (cdata == NULL || clen == NULL) {
        free(cdata);
        free(clen);
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    for (int i = 0; i < h->nin; i++) {
        cdata[i] = h->in[i].const_data;
        clen[i] = h->in[i].const_len;
    }
    rc = sim_op_launch("aclopExecWithHandle", stream, h->def, h->attrs, h, NULL, h->nin, h->in_sig, h->in_kind,
                       cdata, clen, inb, h->nout, h->out_sig, outb, 0);
    free(cdata);
    free(clen);
done:
    free(inb);
    free(outb);
    sim_ophandle_unref(h);
    return rc;
}
