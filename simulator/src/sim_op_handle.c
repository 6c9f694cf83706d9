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
        if (sim_devmem_acquire(t->addr[k], need, &host, &t->allocs[k])) {
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
        rc = t->def->run ? t->def->run(t->in, t->nin, t->out, t->nout, t->attrs, &env, msg, msglen) : ACL_SUCCESS;
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
    aclError rc = sim_stream_acquire(stream, &st);
    if (rc != ACL_SUCCESS) return rc;

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
        if (ge_rounded(outbufs[i].size) < need) {
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
    if (dyn_desc) {
        rc = dynamic_desc_error();
        if (rc == ACL_ERROR_OP_NOT_FOUND) return sim_model_not_found(op);
        return rc;
    }
    sim_model *m = NULL;
    const sim_attr_set *attrs = NULL;
    int is_dyn = 0;
    for (int c = 0; c < ncands && m == NULL; c++) {
        m = sim_model_match(op, nin, in, nout, out, cands[c], &is_dyn);
        attrs = cands[c];
    }
    if (m == NULL) return sim_model_not_found(op);

    sim_ophandle *h = calloc(1, sizeof(*h));
    if (h == NULL) {
        sim_model_unref(m);
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
    }
    atomic_init(&h->refs, 1);
    h->model = m;
    h->def = m->def;
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
done:
    free(in);
    free(out);
    return rc;
}

ACL_FUNC_VISIBILITY void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle == NULL) return;
    pthread_mutex_lock(&g_handle_lock);
    sim_ophandle *h = sim_handle_take(SIM_KIND_OP_HANDLE, handle);
    pthread_mutex_unlock(&g_handle_lock);
    sim_ophandle_unref(h);   /* in-flight tasks hold their own reference */
}

/* ================================================================ exec with handle */

ACL_FUNC_VISIBILITY aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[],
                                                 int numOutputs, aclDataBuffer *const outputs[], aclrtStream stream)
{
    if (handle == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument handle must not be null.");
    sim_ophandle *h = ophandle_acquire(handle);
    if (h == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for handle is invalid. Reason: not a handle created by aclopCreateHandle, "
                        "or already destroyed.", (void *)handle);
    aclError rc;
    sim_databuf *inb = NULL, *outb = NULL;
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
    /* element checks first (GE order), before allocating anything sized by the counts */
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, NULL)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, (const aclDataBuffer *const *)outputs, NULL)) !=
        ACL_SUCCESS)
        goto done;
    inb = sim_op_calloc((size_t)numInputs, sizeof(*inb));
    outb = sim_op_calloc((size_t)numOutputs, sizeof(*outb));
    if (inb == NULL || outb == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, (const aclDataBuffer *const *)outputs, outb)) !=
        ACL_SUCCESS)
        goto done;
    if (numOutputs > 0) {
        int all_empty = 1;
        for (int i = 0; i < numOutputs && all_empty; i++) all_empty = outb[i].size == 0;
        if (all_empty) {   /* GE IsAllTensorEmpty: success, nothing launched */
            rc = ACL_SUCCESS;
            goto done;
        }
    }
    if (numInputs != h->nin) {
        rc = sim_fail(ACL_ERROR_OP_INPUT_NOT_MATCH, "EH0001",
                      "Value %d for input num is invalid. Reason: input num mismatch: expect %d.", numInputs,
                      h->nin);
        goto done;
    }
    if (numOutputs != h->nout) {
        /* GE source reuses the "input num mismatch" reason text for outputs */
        rc = sim_fail(ACL_ERROR_OP_OUTPUT_NOT_MATCH, "EH0001",
                      "Value %d for output num is invalid. Reason: input num mismatch: expect %d.", numOutputs,
                      h->nout);
        goto done;
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
