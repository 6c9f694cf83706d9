/*
 * sim_op_handle.c - aclopCreateHandle, aclopCreateHandleForCast, aclopDestroyHandle and
 * aclopExecWithHandle (acl-abi.md section 3, contract.md EWH-01..11); the launch: sim_op_launch.c.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

/* Guards handle lookup + reference against a concurrent aclopDestroyHandle. */
static pthread_mutex_t g_handle_lock = PTHREAD_MUTEX_INITIALIZER;

/* ================================================================ handle objects */

static sim_ophandle *ophandle_acquire(const aclopHandle *handle)
{
    if (handle == NULL) return NULL;
    pthread_mutex_lock(&g_handle_lock);
    sim_ophandle *h = sim_handle_get(SIM_KIND_OP_HANDLE, handle);
    if (h != NULL) atomic_fetch_add(&h->refs, 1);
    pthread_mutex_unlock(&g_handle_lock);
    return h;
}

/* ================================================================ create / destroy */

/* Cast attrs per GE builtin/cast_op.cpp: dst_type (int); truncate (bool) only if the model has it. */
aclError sim_op_cast_attrs(int32_t dst_dtype, uint8_t truncate, sim_attr_set **a, sim_attr_set **b)
{
    *a = sim_attrset_new();
    *b = sim_attrset_new();
    if (!*a || !*b || sim_attrset_set_int(*a, "dst_type", dst_dtype) || sim_attrset_set_int(*b, "dst_type", dst_dtype) ||
        sim_attrset_set_bool(*b, "truncate", truncate != 0)) {
        sim_attrset_free(*a);
        sim_attrset_free(*b);
        *a = *b = NULL;
        return sim_op_oom();
    }
    return ACL_SUCCESS;
}

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

static aclError create_handle_resolved(const char *op, int nin, const sim_desc *const *in, int nout,
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
        return sim_op_oom();
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
        sim_ophandle_free(h);
        return sim_op_oom();
    }
    if (h->def == NULL) {
        sim_ophandle_free(h);
        return sim_op_no_kernel(op);
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
            sim_ophandle_free(h);
            return sim_op_oom();
        }
        for (int i = 0; i < nin; i++) ip[i] = &h->in[i];
        for (int i = 0; i < nout; i++) op_[i] = &h->out[i];
        char msg[SIM_MSG_LEN] = "";
        rc = sim_op_infer(h->def, nin, ip, nout, op_, h->attrs, h->in_sig, h->out_sig, msg, sizeof(msg));
        free(ip);
        free(op_);
        if (rc != ACL_SUCCESS) {
            sim_ophandle_free(h);
            return sim_fail(rc, "EH9999", "op %s: shape inference failed for the handle's descs: %s", op, msg);
        }
        /* A handle's output descs are static: they must be the shape the dynamic model computes
         * for these inputs, or the handle does not match that model (it would never run). */
        for (int i = 0; i < nout; i++) {
            int same = h->out[i].ndims == h->out_sig[i].ndims;
            for (int d = 0; same && d < h->out_sig[i].ndims; d++) same = h->out[i].dims[d] == h->out_sig[i].dims[d];
            if (!same) {
                sim_ophandle_free(h);
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
            sim_ophandle_free(h);
            return sim_model_not_found(op);
        }
    }
    void *hv = sim_handle_new(SIM_KIND_OP_HANDLE, h);
    if (hv == NULL) {
        sim_ophandle_free(h);
        return sim_op_oom();
    }
    *handle = (aclopHandle *)hv;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                               int numOutputs, const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *opAttr, aclopHandle **handle)
{
    if (opType == NULL)
        return sim_null_arg("opType");
    if (handle == NULL)
        return sim_null_arg("handle");
    aclError rc = sim_op_check_counts(numInputs, numOutputs);
    if (rc != ACL_SUCCESS) return rc;
    const sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    const sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    if (in == NULL || out == NULL) {
        rc = sim_op_oom();
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, out)) != ACL_SUCCESS) goto done;
    const sim_attr_set *attrs;
    if ((rc = sim_op_resolve_attr("opAttr", opAttr, &attrs)) != ACL_SUCCESS) goto done;
    rc = create_handle_resolved(opType, numInputs, in, numOutputs, out, &attrs, 1, handle);
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

ACL_FUNC_VISIBILITY aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate,
                                                      aclopHandle **handle)
{
    if (handle == NULL)
        return sim_null_arg("handle");
    const sim_desc *src, *dst;
    aclError rc;
    if ((rc = sim_op_resolve_descs("srcDesc", 1, (const aclTensorDesc *const *)&srcDesc, &src)) != ACL_SUCCESS)
        return rc;
    if ((rc = sim_op_resolve_descs("dstDesc", 1, (const aclTensorDesc *const *)&dstDesc, &dst)) != ACL_SUCCESS)
        return rc;
    sim_attr_set *a, *b;
    if ((rc = sim_op_cast_attrs(dst->dtype, truncate, &a, &b)) != ACL_SUCCESS) return rc;
    const sim_attr_set *cands[2] = {a, b};
    rc = create_handle_resolved("Cast", 1, &src, 1, &dst, cands, 2, handle);
    sim_attrset_free(a);
    sim_attrset_free(b);
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
    /* FAULT handle_leak_internal (EWH-01): unregistered (invalid from now on) but never freed */
    if (sim_fault_on(SIM_FAULT_HANDLE_LEAK_INTERNAL)) return;
    sim_ophandle_unref(h);   /* in-flight tasks hold their own reference */
}

/* ================================================================ exec with handle */

ACL_FUNC_VISIBILITY aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[],
                                                 int numOutputs, aclDataBuffer *const outputs[], aclrtStream stream)
{
    /* FAULT exec_null_handle_ok (EWH-01): a NULL handle "succeeds" */
    if (handle == NULL && sim_fault_on(SIM_FAULT_EXEC_NULL_HANDLE_OK)) return ACL_SUCCESS;
    if (handle == NULL)
        return sim_null_arg("handle");
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
    if ((rc = sim_op_check_counts(numInputs, numOutputs)) != ACL_SUCCESS) goto done;
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
        rc = sim_op_oom();
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
        rc = sim_op_oom();
        goto done;
    }
    for (int i = 0; i < h->nin; i++) {
        cdata[i] = h->in[i].const_data;
        clen[i] = h->in[i].const_len;
    }
    const sim_launch_req rq = {
        .call = "aclopExecWithHandle", .stream = stream, .def = h->def, .attrs = h->attrs, .holder_h = h,
        .nin = h->nin, .in_sig = h->in_sig, .in_kind = h->in_kind, .const_data = cdata, .const_len = clen,
        .inbufs = inb, .nout = h->nout, .out_sig = h->out_sig, .outbufs = outb, .copy_consts = 0,
    };
    rc = sim_op_launch(&rq);
    free(cdata);
    free(clen);
done:
    free(inb);
    free(outb);
    sim_ophandle_unref(h);
    return rc;
}
