/*
 * sim_op_exec.c - aclopExecute, aclopExecuteV2, aclopInferShape, aclopCast,
 * aclopSetMaxOpQueueNum (acl-abi.md section 3; aclopUpdateParams: sim_op_custom.c).
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

static _Atomic uint64_t g_max_op_queue = 20000;   /* GE default max_opqueue_num */

static aclError infer_failed(aclError rc, const char *op, const char *msg)
{
    return sim_fail(rc, "EH9999", "op %s: shape inference failed: %s", op, msg);
}

/* Execute with resolved arguments: placement, zero-dim short-circuit, match, infer, launch. */
aclError sim_op_exec_resolved(const char *call, const char *op, int nin, sim_desc *const *in, const sim_databuf *inb,
                              int nout, sim_desc *const *out, const sim_databuf *outb,
                              const sim_attr_set *const *cands, int ncands, aclrtStream stream, int write_back)
{
    aclError rc;
    if ((rc = sim_op_check_placement("inputDesc", nin, (const sim_desc *const *)in)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_check_placement("outputDesc", nout, (const sim_desc *const *)out)) != ACL_SUCCESS) return rc;
    if (nout > 0) {
        int all_zero = 1;
        for (int i = 0; i < nout && all_zero; i++) {
            int has0 = 0;
            for (int k = 0; k < out[i]->ndims; k++) has0 |= out[i]->dims[k] == 0;
            all_zero = has0;
        }
        if (all_zero) return ACL_SUCCESS;   /* every output is an empty tensor: nothing to run */
    }
    /* a kernel a registered compile function selected for this signature first (GE ExecuteAsync) */
    sim_model *m = ncands > 0 ? sim_custom_match(op, nin, (const sim_desc *const *)in, nout,
                                                 (const sim_desc *const *)out, cands[0]) : NULL;
    int is_dyn = 0;
    for (int c = 0; c < ncands && m == NULL; c++)
        m = sim_model_match(op, nin, (const sim_desc *const *)in, nout, (const sim_desc *const *)out, cands[c],
                            &is_dyn);
    if (m == NULL) return sim_model_not_found(op);
    if (m->def == NULL) {
        sim_model_unref(m);
        return sim_op_no_kernel(op);
    }
    sim_tensor *in_sig = sim_op_calloc((size_t)nin, sizeof(sim_tensor));
    sim_tensor *out_sig = sim_op_calloc((size_t)nout, sizeof(sim_tensor));
    unsigned char *kind = sim_op_calloc((size_t)nin, 1);
    const unsigned char **cdata = sim_op_calloc((size_t)nin, sizeof(*cdata));
    size_t *clen = sim_op_calloc((size_t)nin, sizeof(size_t));
    if (!in_sig || !out_sig || !kind || !cdata || !clen) {
        rc = sim_op_oom();
        goto done;
    }
    for (int i = 0; i < nin; i++) {
        kind[i] = sim_desc_is_optional(in[i]) ? SIM_IN_ABSENT : in[i]->is_const ? SIM_IN_CONST : SIM_IN_NORMAL;
        cdata[i] = in[i]->const_data;
        clen[i] = in[i]->const_len;
    }
    if (is_dyn) {
        char msg[SIM_MSG_LEN] = "";
        rc = sim_op_infer(m->def, nin, (const sim_desc *const *)in, nout, (const sim_desc *const *)out, m->attrs,
                          in_sig, out_sig, msg, sizeof(msg));
        if (rc != ACL_SUCCESS) {
            rc = infer_failed(rc, op, msg);
            goto done;
        }
    } else {
        int ok = 1;
        for (int i = 0; i < nin; i++) ok &= sim_desc_to_tensor(in[i], &in_sig[i]) == 0;
        for (int i = 0; i < nout; i++) ok &= sim_desc_to_tensor(out[i], &out_sig[i]) == 0;
        if (!ok) {
            rc = sim_model_not_found(op);
            goto done;
        }
    }
    const sim_launch_req rq = {
        .call = call, .stream = stream, .def = m->def, .attrs = m->attrs, .holder_m = m, .nin = nin,
        .in_sig = in_sig, .in_kind = kind, .const_data = cdata, .const_len = clen, .inbufs = inb, .nout = nout,
        .out_sig = out_sig, .outbufs = outb, .copy_consts = 1,
    };
    rc = sim_op_launch(&rq);
    if (rc == ACL_SUCCESS && is_dyn && write_back) {
        /* output descs are refreshed in place, dims only */
        for (int i = 0; i < nout; i++)
            if (sim_desc_set_dims(out[i], out_sig[i].ndims, out_sig[i].dims) != 0) rc = sim_op_oom();
    }
done:
    sim_model_unref(m);
    free(in_sig);
    free(out_sig);
    free(kind);
    free(cdata);
    free(clen);
    return rc;
}

static aclError exec_common(const char *call, const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                            const aclDataBuffer *const inputs[], int numOutputs,
                            const aclTensorDesc *const outputDesc[], const aclDataBuffer *const outputs[],
                            const aclopAttr *attr, aclrtStream stream, int write_back)
{
    if (opType == NULL)
        return sim_null_arg("opType");
    aclError rc = sim_op_check_counts(numInputs, numOutputs);
    if (rc != ACL_SUCCESS) return rc;
    sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    sim_databuf *inb = sim_op_calloc((size_t)numInputs, sizeof(*inb));
    sim_databuf *outb = sim_op_calloc((size_t)numOutputs, sizeof(*outb));
    if (!in || !out || !inb || !outb) {
        rc = sim_op_oom();
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, (const sim_desc **)in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_buf_data("inputs", numInputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, (const sim_desc **)out)) != ACL_SUCCESS)
        goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, outputs, outb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_buf_data("outputs", numOutputs, outb)) != ACL_SUCCESS) goto done;
    const sim_attr_set *attrs;
    if ((rc = sim_op_resolve_attr("attr", attr, &attrs)) != ACL_SUCCESS) goto done;
    rc = sim_op_exec_resolved(call, opType, numInputs, in, inb, numOutputs, out, outb, &attrs, 1, stream, write_back);
done:
    free(in);
    free(out);
    free(inb);
    free(outb);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                          const aclDataBuffer *const inputs[], int numOutputs,
                                          const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                          const aclopAttr *attr, aclrtStream stream)
{
    return exec_common("aclopExecute", opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                       (const aclDataBuffer *const *)outputs, attr, stream, 0);
}

ACL_FUNC_VISIBILITY aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                            aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                                            aclDataBuffer *outputs[], aclopAttr *attr, aclrtStream stream)
{
    return exec_common("aclopExecuteV2", opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                       (const aclDataBuffer *const *)inputs, numOutputs, (const aclTensorDesc *const *)outputDesc,
                       (const aclDataBuffer *const *)outputs, attr, stream, 1);
}

/* GE op.cpp aclopInferShapeImpl -> LoadOpsProto (once, sticky after a success) -> GetOpsProtoPath:
 * ASCEND_OPP_PATH empty or not an existing path -> ACL_ERROR_INVALID_OPP_PATH. Simulator choice: unset
 * keeps working (the op library is built in; GE would answer 148049 there too, FIDELITY). */
static atomic_int g_opp_loaded;

static aclError opp_path_check(void)
{
    const char *opp = getenv("ASCEND_OPP_PATH");
    if (!opp || atomic_load(&g_opp_loaded))
        return ACL_SUCCESS;
    char real[PATH_MAX];
    if (!opp[0] || !realpath(opp, real))
        return sim_fail(ACL_ERROR_INVALID_OPP_PATH, "EH9999",
                        "The environment variable(ASCEND_OPP_PATH) is not set or path is invalid (%.256s).", opp);
    atomic_store(&g_opp_loaded, 1);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                             aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                                             aclopAttr *attr)
{
    (void)inputs;   /* value-dependent inference is not simulated */
    if (opType == NULL)
        return sim_null_arg("opType");
    aclError rc = sim_op_check_counts(numInputs, numOutputs);
    if (rc != ACL_SUCCESS) return rc;
    sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    sim_tensor *in_sig = sim_op_calloc((size_t)numInputs, sizeof(sim_tensor));
    sim_tensor *out_sig = sim_op_calloc((size_t)numOutputs, sizeof(sim_tensor));
    if (!in || !out || !in_sig || !out_sig) {
        rc = sim_op_oom();
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, (const aclTensorDesc *const *)inputDesc,
                                   (const sim_desc **)in)) != ACL_SUCCESS)
        goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, (const aclTensorDesc *const *)outputDesc,
                                   (const sim_desc **)out)) != ACL_SUCCESS)
        goto done;
    const sim_attr_set *attrs;
    if ((rc = sim_op_resolve_attr("attr", attr, &attrs)) != ACL_SUCCESS) goto done;
    if ((rc = opp_path_check()) != ACL_SUCCESS) goto done;
    const sim_op_def *def = sim_op_find(opType);
    if (def == NULL) {
        rc = sim_fail(ACL_ERROR_OP_NOT_FOUND, "EH9999",
                      "op type %s is not supported by the simulator's operator library (no shape inference).",
                      opType);
        goto done;
    }
    int dynamic = 0;
    for (int i = 0; i < numInputs; i++) dynamic |= sim_desc_has_unknown_dims(in[i]);
    if (dynamic) {
        /* simulator choice: with unknown input dims the output rank is reported unknown (-2) */
        const int64_t unknown_rank = -2;
        for (int i = 0; i < numOutputs; i++)
            if (sim_desc_set_dims(out[i], 1, &unknown_rank) != 0) rc = sim_op_oom();
        goto done;
    }
    char msg[SIM_MSG_LEN] = "";
    rc = sim_op_infer(def, numInputs, (const sim_desc *const *)in, numOutputs, (const sim_desc *const *)out, attrs,
                      in_sig, out_sig, msg, sizeof(msg));
    if (rc != ACL_SUCCESS) {
        rc = infer_failed(rc, opType, msg);
        goto done;
    }
    for (int i = 0; i < numOutputs; i++)
        if (sim_desc_set_dims(out[i], out_sig[i].ndims, out_sig[i].dims) != 0) rc = sim_op_oom();
done:
    free(in);
    free(out);
    free(in_sig);
    free(out_sig);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer,
                                       const aclTensorDesc *dstDesc, aclDataBuffer *dstBuffer, uint8_t truncate,
                                       aclrtStream stream)
{
    sim_desc *src, *dst;
    sim_databuf sb, db;
    aclError rc;
    if ((rc = sim_op_resolve_descs("srcDesc", 1, &srcDesc, (const sim_desc **)&src)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_resolve_bufs("srcBuffer", 1, &srcBuffer, &sb)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_check_buf_data("srcBuffer", 1, &sb)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_resolve_descs("dstDesc", 1, &dstDesc, (const sim_desc **)&dst)) != ACL_SUCCESS) return rc;
    if ((rc = sim_op_resolve_bufs("dstBuffer", 1, (const aclDataBuffer *const *)&dstBuffer, &db)) != ACL_SUCCESS)
        return rc;
    if ((rc = sim_op_check_buf_data("dstBuffer", 1, &db)) != ACL_SUCCESS) return rc;
    sim_attr_set *a, *b;
    if ((rc = sim_op_cast_attrs(dst->dtype, truncate, &a, &b)) != ACL_SUCCESS) return rc;
    const sim_attr_set *cands[2] = {a, b};
    rc = sim_op_exec_resolved("aclopCast", "Cast", 1, &src, &sb, 1, &dst, &db, cands, 2, stream, 0);
    sim_attrset_free(a);
    sim_attrset_free(b);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum)
{
    if (maxOpNum == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value 0 for maxOpNum is invalid. Reason: must be positive.");
    atomic_store(&g_max_op_queue, maxOpNum);
    return ACL_SUCCESS;
}
