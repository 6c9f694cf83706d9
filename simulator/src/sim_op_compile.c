/*
 * sim_op_compile.c - aclopCompile: an in-memory model built from descs and attrs, checked like a
 * loaded one and registered (acl-abi.md "aclop compiler").
 */
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

ACL_FUNC_VISIBILITY aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                          int numOutputs, const aclTensorDesc *const outputDesc[],
                                          const aclopAttr *attr, aclopEngineType engineType,
                                          aclopCompileType compileFlag, const char *opPath)
{
    (void)engineType;
    if (opType == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument opType must not be null.");
    if (numInputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numInputs is invalid. Reason: must be non-negative.", numInputs);
    if (numOutputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numOutputs is invalid. Reason: must be non-negative.", numOutputs);
    const sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    const sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    aclError rc = ACL_SUCCESS;
    sim_model *m = NULL;
    if (in == NULL || out == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, out)) != ACL_SUCCESS) goto done;
    const sim_attr_set *attrs = NULL;
    if (attr != NULL && (attrs = sim_attrset_get(attr)) == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                      "Value %p for attr is invalid. Reason: not a live aclopAttr.", (const void *)attr);
        goto done;
    }
    if ((int)compileFlag != ACL_COMPILE_SYS && (int)compileFlag != ACL_COMPILE_UNREGISTERED) {
        rc = sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH0001",
                      "Value %d for compileFlag is invalid. Reason: must be ACL_COMPILE_SYS or "
                      "ACL_COMPILE_UNREGISTERED.", (int)compileFlag);
        goto done;
    }
    if ((int)compileFlag == ACL_COMPILE_UNREGISTERED && opPath == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument opPath must not be null.");
        goto done;
    }
    if ((rc = sim_op_check_placement("inputDesc", numInputs, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_placement("outputDesc", numOutputs, out)) != ACL_SUCCESS) goto done;

    m = sim_model_new();
    if (m == NULL || (m->op = strdup(opType)) == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    m->in = sim_op_calloc((size_t)numInputs, sizeof(sim_desc));
    m->out = sim_op_calloc((size_t)numOutputs, sizeof(sim_desc));
    if (m->in == NULL || m->out == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    for (int i = 0; i < numInputs; i++, m->nin++)
        if (sim_desc_copy(&m->in[i], in[i]) != 0) {
            rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
            goto done;
        }
    for (int i = 0; i < numOutputs; i++, m->nout++)
        if (sim_desc_copy(&m->out[i], out[i]) != 0) {
            rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
            goto done;
        }
    sim_attrset_free(m->attrs);
    m->attrs = sim_attrset_copy(attrs);
    if (m->attrs == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    sim_model_compute_dynamic(m);
    char msg[SIM_MSG_LEN] = "";
    static const sim_check_codes COMPILE_CODES = {ACL_ERROR_GE_FAILURE, ACL_ERROR_UNSUPPORTED_DATA_TYPE};
    rc = sim_model_check(m, sim_product_current(), COMPILE_CODES, msg, sizeof(msg));
    if (rc != ACL_SUCCESS) {
        rc = sim_fail(rc, "EH9999", "build op model failed, result = %d: %s", rc, msg);
        goto done;
    }
    sim_model *reg = m;
    m = NULL;
    if (sim_model_register(reg, 1) != 0) rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
done:
    sim_model_unref(m);
    free(in);
    free(out);
    return rc;
}
