/*
 * sim_op_compile.c - the aclop compiler: aclopCompile, aclopCompileAndExecute(V2),
 * aclGenGraphAndDumpForOp and its dump option. A compile builds an in-memory model from descs and
 * attrs, checks it like a loaded one and registers it (GE api/acl/acl_op_compiler/single_op/
 * op_compiler.cpp; acl-abi.md "aclop compiler").
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

/* GE op_compiler.cpp CheckInput / aclopCompile: counts first, then the compile type (200001). */
static aclError check_counts_and_flag(int numInputs, int numOutputs, aclopCompileType compileFlag)
{
    aclError rc = sim_op_check_counts(numInputs, numOutputs);
    if (rc != ACL_SUCCESS) return rc;
    if ((int)compileFlag != ACL_COMPILE_SYS && (int)compileFlag != ACL_COMPILE_UNREGISTERED)
        return sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH0001",
                        "Value %d for compileFlag is invalid. Reason: must be ACL_COMPILE_SYS or "
                        "ACL_COMPILE_UNREGISTERED.", (int)compileFlag);
    return ACL_SUCCESS;
}

static aclError check_op_path(aclopCompileType compileFlag, const char *opPath)
{
    if ((int)compileFlag == ACL_COMPILE_UNREGISTERED && opPath == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002",
                        "Argument opPath must not be null while compileFlag is ACL_COMPILE_UNREGISTERED.");
    return ACL_SUCCESS;
}

static aclError resolve_attr(const aclopAttr *attr, const sim_attr_set **out)
{
    *out = NULL;
    if (attr != NULL && (*out = sim_attrset_get(attr)) == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for attr is invalid. Reason: not a live aclopAttr.", (const void *)attr);
    return ACL_SUCCESS;
}

/* Allocate and resolve both desc arrays (GE CheckPtrArray on inputDesc, then outputDesc); the
 * caller frees *in and *out whatever the result. */
static aclError resolve_desc_arrays(int nin, const aclTensorDesc *const inputDesc[], int nout,
                                    const aclTensorDesc *const outputDesc[], const sim_desc ***in,
                                    const sim_desc ***out)
{
    *in = sim_op_calloc((size_t)nin, sizeof(**in));
    *out = sim_op_calloc((size_t)nout, sizeof(**out));
    if (*in == NULL || *out == NULL) return sim_op_oom();
    aclError rc = sim_op_resolve_descs("inputDesc", nin, inputDesc, *in);
    return rc != ACL_SUCCESS ? rc : sim_op_resolve_descs("outputDesc", nout, outputDesc, *out);
}

/* GE tensor_desc_internal_om2.cpp aclTensorDesc::CheckShapeRange, called for every input by
 * op_compiler.cpp MakeInputCompileParam: a -1 dim needs one shape range per dim; {-2} none. */
static aclError check_shape_ranges(int nin, const sim_desc *const *in)
{
    for (int i = 0; i < nin; i++) {
        const sim_desc *d = in[i];
        int ok = 1;
        if (d->ndims > 0 && d->dims[0] == -2) {
            ok = d->nranges == 0;
        } else {
            int unknown = 0;
            for (int k = 0; k < d->ndims; k++) unknown |= d->dims[k] == -1;
            ok = !unknown || d->nranges == (size_t)d->ndims;
        }
        if (!ok)
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value index[%d] for InputShapeRange is invalid. Reason: the number of shapeRange is "
                            "not equal to number of dims in input[%d].", i, i);
    }
    return ACL_SUCCESS;
}

/* OpCompile: shape ranges, then build and check the model (500002 / 100026) and register it. */
static aclError compile_resolved(const char *opType, int nin, const sim_desc *const *in, int nout,
                                 const sim_desc *const *out, const sim_attr_set *attrs)
{
    sim_jit_compile_first_use();          /* GE OpCompile: SetJitCompileDefaultValue before the lookup */
    aclError rc = check_shape_ranges(nin, in);
    if (rc != ACL_SUCCESS) return rc;
    sim_model *m = sim_model_new();
    if (m == NULL || (m->op = strdup(opType)) == NULL) {
        sim_model_unref(m);
        return sim_op_oom();
    }
    m->in = sim_op_calloc((size_t)nin, sizeof(sim_desc));
    m->out = sim_op_calloc((size_t)nout, sizeof(sim_desc));
    if (m->in == NULL || m->out == NULL) goto nomem;
    for (int i = 0; i < nin; i++, m->nin++)
        if (sim_desc_copy(&m->in[i], in[i]) != 0) goto nomem;
    for (int i = 0; i < nout; i++, m->nout++)
        if (sim_desc_copy(&m->out[i], out[i]) != 0) goto nomem;
    sim_attrset_free(m->attrs);
    if ((m->attrs = sim_attrset_copy(attrs)) == NULL) goto nomem;
    sim_model_compute_dynamic(m);
    char msg[SIM_MSG_LEN] = "";
    static const sim_check_codes COMPILE_CODES = {ACL_ERROR_GE_FAILURE, ACL_ERROR_UNSUPPORTED_DATA_TYPE};
    rc = sim_model_check(m, sim_product_current(), COMPILE_CODES, msg, sizeof(msg));
    if (rc != ACL_SUCCESS) {
        sim_model_unref(m);
        return sim_fail(rc, "EH9999", "build op model failed, result = %d: %s", rc, msg);
    }
    if (sim_model_register(m, 1) != 0) return sim_op_oom();
    return ACL_SUCCESS;
nomem:
    sim_model_unref(m);
    return sim_op_oom();
}

ACL_FUNC_VISIBILITY aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                          int numOutputs, const aclTensorDesc *const outputDesc[],
                                          const aclopAttr *attr, aclopEngineType engineType,
                                          aclopCompileType compileFlag, const char *opPath)
{
    (void)engineType;
    /* GE op_compiler.cpp aclopCompile order: counts, compile type, opType, desc arrays, host
     * placement, opPath, then OpCompile */
    aclError rc = check_counts_and_flag(numInputs, numOutputs, compileFlag);
    if (rc != ACL_SUCCESS) return rc;
    if (opType == NULL) return sim_null_arg("opType");
    const sim_desc **in = NULL, **out = NULL;
    const sim_attr_set *attrs = NULL;
    if ((rc = resolve_desc_arrays(numInputs, inputDesc, numOutputs, outputDesc, &in, &out)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_placement("inputDesc", numInputs, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_placement("outputDesc", numOutputs, out)) != ACL_SUCCESS) goto done;
    if ((rc = check_op_path(compileFlag, opPath)) != ACL_SUCCESS) goto done;
    if ((rc = resolve_attr(attr, &attrs)) != ACL_SUCCESS) goto done;
    rc = compile_resolved(opType, numInputs, in, numOutputs, out, attrs);
done:
    free(in);
    free(out);
    return rc;
}

static int all_outputs_empty(int nout, const sim_desc *const *out)
{
    if (nout == 0) return 0;
    for (int i = 0; i < nout; i++) {
        int has0 = 0;
        for (int k = 0; k < out[i]->ndims; k++) has0 |= out[i]->dims[k] == 0;
        if (!has0) return 0;
    }
    return 1;
}

/* GE op_compiler.cpp aclopCompileAndExecute(V2): CheckInput (counts, compile type, opType, desc
 * arrays, buffer arrays with CheckDataBufferArry), all outputs empty -> 0, opPath, OpCompile
 * ("build op model failed"), then OpExecutor::ExecuteAsync; V2 refreshes the output shapes. */
static aclError compile_and_execute(const char *call, const char *opType, int numInputs,
                                    const aclTensorDesc *const inputDesc[], const aclDataBuffer *const inputs[],
                                    int numOutputs, const aclTensorDesc *const outputDesc[],
                                    const aclDataBuffer *const outputs[], const aclopAttr *attr,
                                    aclopCompileType compileFlag, const char *opPath, aclrtStream stream,
                                    int write_back)
{
    aclError rc = check_counts_and_flag(numInputs, numOutputs, compileFlag);
    if (rc != ACL_SUCCESS) return rc;
    if (opType == NULL) return sim_null_arg("opType");
    const sim_desc **cin = NULL, **cout = NULL;
    sim_databuf *inb = sim_op_calloc((size_t)numInputs, sizeof(*inb));
    sim_databuf *outb = sim_op_calloc((size_t)numOutputs, sizeof(*outb));
    const sim_attr_set *attrs = NULL;
    if ((rc = resolve_desc_arrays(numInputs, inputDesc, numOutputs, outputDesc, &cin, &cout)) != ACL_SUCCESS) goto done;
    if (!inb || !outb) {
        rc = sim_op_oom();
        goto done;
    }
    /* the descs are the caller's: V2 writes the refreshed output dims back into them */
    sim_desc **in = (sim_desc **)cin, **out = (sim_desc **)cout;
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_buf_data("inputs", numInputs, inb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, outputs, outb)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_buf_data("outputs", numOutputs, outb)) != ACL_SUCCESS) goto done;
    if (all_outputs_empty(numOutputs, (const sim_desc *const *)out)) goto done;   /* nothing to run */
    if ((rc = check_op_path(compileFlag, opPath)) != ACL_SUCCESS) goto done;
    if ((rc = resolve_attr(attr, &attrs)) != ACL_SUCCESS) goto done;
    rc = compile_resolved(opType, numInputs, (const sim_desc *const *)in, numOutputs, (const sim_desc *const *)out,
                          attrs);
    if (rc != ACL_SUCCESS) goto done;
    rc = sim_op_exec_resolved(call, opType, numInputs, in, inb, numOutputs, out, outb, &attrs, 1, stream, write_back);
done:
    free(cin);
    free(cout);
    free(inb);
    free(outb);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopCompileAndExecute(const char *opType, int numInputs,
                                                    const aclTensorDesc *const inputDesc[],
                                                    const aclDataBuffer *const inputs[], int numOutputs,
                                                    const aclTensorDesc *const outputDesc[],
                                                    aclDataBuffer *const outputs[], const aclopAttr *attr,
                                                    aclopEngineType engineType, aclopCompileType compileFlag,
                                                    const char *opPath, aclrtStream stream)
{
    (void)engineType;
    return compile_and_execute("aclopCompileAndExecute", opType, numInputs, inputDesc, inputs, numOutputs,
                               outputDesc, (const aclDataBuffer *const *)outputs, attr, compileFlag, opPath, stream, 0);
}

ACL_FUNC_VISIBILITY aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                                      aclDataBuffer *inputs[], int numOutputs,
                                                      aclTensorDesc *outputDesc[], aclDataBuffer *outputs[],
                                                      aclopAttr *attr, aclopEngineType engineType,
                                                      aclopCompileType compileFlag, const char *opPath,
                                                      aclrtStream stream)
{
    (void)engineType;
    return compile_and_execute("aclopCompileAndExecuteV2", opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                               (const aclDataBuffer *const *)inputs, numOutputs,
                               (const aclTensorDesc *const *)outputDesc, (const aclDataBuffer *const *)outputs, attr,
                               compileFlag, opPath, stream, 1);
}

/* ---------------------------------------------------------------- graph dump */
/* GE creates an empty aclGraphDumpOption with new; the simulator remembers the live ones so that
 * destroying an unknown pointer is an error instead of a crash (simulator choice). */
struct aclGraphDumpOption {
    struct aclGraphDumpOption *next;
};
static pthread_mutex_t g_dump_lock = PTHREAD_MUTEX_INITIALIZER;
static aclGraphDumpOption *g_dump_opts;

ACL_FUNC_VISIBILITY aclGraphDumpOption *aclCreateGraphDumpOpt(void)
{
    aclGraphDumpOption *o = calloc(1, sizeof(*o));
    if (o == NULL) return NULL;
    pthread_mutex_lock(&g_dump_lock);
    o->next = g_dump_opts;
    g_dump_opts = o;
    pthread_mutex_unlock(&g_dump_lock);
    return o;
}

/* GE op_compiler.cpp aclDestroyGraphDumpOpt: NULL -> 100000, else deleted. */
ACL_FUNC_VISIBILITY aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt)
{
    if (graphDumpOpt == NULL)
        return sim_null_arg("graphDumpOpt");
    aclGraphDumpOption *found = NULL;
    pthread_mutex_lock(&g_dump_lock);
    for (aclGraphDumpOption **pp = &g_dump_opts; *pp; pp = &(*pp)->next) {
        if (*pp == graphDumpOpt) {
            found = *pp;
            *pp = found->next;
            break;
        }
    }
    pthread_mutex_unlock(&g_dump_lock);
    if (found == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for graphDumpOpt is invalid. Reason: not a live option from aclCreateGraphDumpOpt.",
                        (const void *)graphDumpOpt);
    free(found);
    return ACL_SUCCESS;
}

static void dump_desc(FILE *f, const char *kind, int i, const sim_desc *d)
{
    fprintf(f, "%s %d dtype=%d format=%d dims=[", kind, i, (int)d->dtype, (int)d->format);
    for (int k = 0; k < d->ndims; k++) fprintf(f, "%s%lld", k ? "," : "", (long long)d->dims[k]);
    fprintf(f, "]%s\n", d->is_const ? " const" : "");
}

/* The graph of one op in the simulator's own text form (GE writes its ge_proto dump; the layout
 * here is a simulator choice): path ending in ".txt" is the file, otherwise a directory that gets
 * "<opType>_graph.txt". */
static aclError write_dump(const char *path, const char *opType, int nin, const sim_desc *const *in, int nout,
                           const sim_desc *const *out, const sim_attr_set *attrs)
{
    size_t n = strlen(path);
    int is_file = n >= 4 && strcmp(path + n - 4, ".txt") == 0;
    size_t fl = n + strlen(opType) + 16;
    char *file = malloc(fl);
    if (file == NULL) return sim_op_oom();
    if (is_file) snprintf(file, fl, "%s", path);
    else snprintf(file, fl, "%s/%s_graph.txt", path, opType);
    FILE *f = fopen(file, "w");
    if (f == NULL) {
        aclError rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                               "Path %s for graphDumpPath is invalid. Reason: cannot write %s.", path, file);
        free(file);
        return rc;
    }
    fprintf(f, "graph op=%s inputs=%d outputs=%d attrs=%d\n", opType, nin, nout, sim_attrset_count(attrs));
    for (int i = 0; i < nin; i++) dump_desc(f, "input", i, in[i]);
    for (int i = 0; i < nout; i++) dump_desc(f, "output", i, out[i]);
    int bad = fclose(f) != 0;
    aclError rc = bad ? sim_fail(ACL_ERROR_FAILURE, "EH9999", "Cannot finish writing %s.", file) : ACL_SUCCESS;
    free(file);
    return rc;
}

/* GE op_compiler.cpp aclGenGraphAndDumpForOp order: graphDumpOpt must be NULL ("only support nullptr
 * currently") -> 100000; counts; opType; graphDumpPath; desc arrays; all outputs empty -> 0; buffer
 * arrays; then OpCompileAndDump (the op is built as by aclopCompile, and dumped). */
ACL_FUNC_VISIBILITY aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs,
                                                     const aclTensorDesc *const inputDesc[],
                                                     const aclDataBuffer *const inputs[], int numOutputs,
                                                     const aclTensorDesc *const outputDesc[],
                                                     aclDataBuffer *const outputs[], const aclopAttr *attr,
                                                     aclopEngineType engineType, const char *graphDumpPath,
                                                     const aclGraphDumpOption *graphDumpOpt)
{
    (void)engineType;
    if (graphDumpOpt != NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value not nullptr for graphDumpOpt is invalid. Reason: only support nullptr currently.");
    aclError rc = check_counts_and_flag(numInputs, numOutputs, ACL_COMPILE_SYS);
    if (rc != ACL_SUCCESS) return rc;
    if (opType == NULL) return sim_null_arg("opType");
    if (graphDumpPath == NULL)
        return sim_null_arg("graphDumpPath");
    const sim_desc **in = NULL, **out = NULL;
    const sim_attr_set *attrs = NULL;
    if ((rc = resolve_desc_arrays(numInputs, inputDesc, numOutputs, outputDesc, &in, &out)) != ACL_SUCCESS) goto done;
    if (all_outputs_empty(numOutputs, out)) goto done;
    if ((rc = sim_op_resolve_bufs("inputs", numInputs, inputs, NULL)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_bufs("outputs", numOutputs, (const aclDataBuffer *const *)outputs, NULL)) != ACL_SUCCESS)
        goto done;
    if ((rc = resolve_attr(attr, &attrs)) != ACL_SUCCESS) goto done;
    if ((rc = compile_resolved(opType, numInputs, in, numOutputs, out, attrs)) != ACL_SUCCESS) goto done;
    rc = write_dump(graphDumpPath, opType, numInputs, in, numOutputs, out, attrs);
done:
    free(in);
    free(out);
    return rc;
}
