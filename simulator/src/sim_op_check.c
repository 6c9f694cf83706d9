/*
 * sim_op_check.c - op-level checks of a model: IR slot counts, absent required inputs, shape
 * inference against the declared outputs, dtypes the product lacks (acl-abi.md section 3), and the
 * per-SoC operator support: the combinations simulator/cann/op_support.csv declares (sim_op_support*.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

void sim_msgf(char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg == NULL || msglen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
}

aclError sim_msg_oom(char *msg, size_t msglen)
{
    sim_msgf(msg, msglen, "out of memory");
    return ACL_ERROR_BAD_ALLOC;
}

/* An unsupported dtype for the product: the kernel's text and the SoC. */
static void bad_dtype_msg(char *msg, size_t msglen, const char *op, const char *text, const sim_product *prod)
{
    sim_msgf(msg, msglen, "op %s: %s (soc %s)", op, text, prod ? prod->soc : "?");
}

static aclError infer_with(const sim_op_def *def, const sim_product *prod, int nin, const sim_desc *const *in,
                           int nout, const sim_desc *const *out, const sim_attr_set *attrs, sim_tensor *in_sig,
                           sim_tensor *out_sig, char *msg, size_t msglen)
{
    for (int i = 0; i < nin; i++) {
        if (sim_desc_to_tensor(in[i], &in_sig[i]) != 0) {
            sim_msgf(msg, msglen, "input %d of op %s has dynamic dims or more than %d dims", i, def->op_type,
                     SIM_MAX_DIMS);
            return ACL_ERROR_INVALID_PARAM;
        }
    }
    for (int i = 0; i < nout; i++) {
        if (sim_desc_to_tensor(out[i], &out_sig[i]) != 0) out_sig[i].ndims = 0;
    }
    if (def->infer == NULL) return ACL_SUCCESS;
    sim_exec_env env = {prod};
    char m[SIM_MSG_LEN] = "";
    aclError rc = def->infer(in_sig, nin, out_sig, nout, attrs, &env, m, sizeof(m));
    if (rc != ACL_SUCCESS) sim_msgf(msg, msglen, "%s", m[0] ? m : "shape inference failed");
    return rc;
}

aclError sim_op_infer(const sim_op_def *def, int nin, const sim_desc *const *in, int nout,
                      const sim_desc *const *out, const sim_attr_set *attrs, sim_tensor *in_sig,
                      sim_tensor *out_sig, char *msg, size_t msglen)
{
    return infer_with(def, sim_product_current(), nin, in, nout, out, attrs, in_sig, out_sig, msg, msglen);
}

static int count_kind(int n, const sim_io_def *io, int required_only, int *has_dynamic)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (io && io[i].kind == SIM_IO_DYNAMIC) *has_dynamic = 1;
        if (!required_only || io == NULL || io[i].kind != SIM_IO_OPTIONAL) c++;
    }
    return c;
}

/* Substitute static placeholder dims for a dynamic desc (used only to learn the dtype verdict). */
static void placeholder_tensor(const sim_desc *d, sim_tensor *t)
{
    memset(t, 0, sizeof(*t));
    t->dtype = d->dtype;
    t->format = d->format;
    if (d->ndims == 1 && d->dims[0] == -2) {
        t->ndims = 1;
        t->dims[0] = 1;
        return;
    }
    t->ndims = d->ndims > SIM_MAX_DIMS ? SIM_MAX_DIMS : d->ndims;
    for (int i = 0; i < t->ndims; i++) t->dims[i] = d->dims[i] < 0 ? 1 : d->dims[i];
}

/* ---------------------------------------------------------------- the declared combinations */

/* The IR slot of model tensor i when the op has nslots slots and the model n tensors: a dynamic
 * slot (AddN x, ConcatD x) stands for every tensor between the slots around it. */
static int slot_of(const sim_io_def *io, int nslots, int n, int i)
{
    for (int k = 0; io && k < nslots; k++) {
        if (io[k].kind != SIM_IO_DYNAMIC) continue;
        int extra = n - nslots;   /* tensors beyond one per slot */
        if (i < k) return i;
        if (i <= k + extra) return k;
        return i - extra;
    }
    return i;
}

/* 1 if the model's tensors (absent optional ones match anything, as do SIM_DT_ANY slots; slots
 * beyond the model's tensors are absent) have the row's dtypes. */
static int tensors_match(const sim_io_def *io, int nslots, const sim_desc *d, int n, const int32_t *want)
{
    for (int i = 0; i < n; i++) {
        int k = slot_of(io, nslots, n, i);
        if (k >= nslots) return 0;
        if (sim_desc_is_optional(&d[i]) || want[k] == SIM_DT_ANY) continue;
        if (d[i].dtype != want[k]) return 0;
    }
    return 1;
}

/* "x1=float16, x2=float32 -> y=float32" (a dynamic slot: x[0]=..., x[1]=...; absent: name=absent) */
static void describe_tensors(char *buf, size_t len, const sim_io_def *io, int nslots, const sim_desc *d, int n)
{
    size_t off = strlen(buf);
    for (int i = 0; i < n && off < len; i++) {
        int k = slot_of(io, nslots, n, i);
        const char *name = io && k < nslots && io[k].name ? io[k].name : "?";
        char idx[24] = "";
        if (io && k < nslots && io[k].kind == SIM_IO_DYNAMIC)
            snprintf(idx, sizeof idx, "[%d]", i - k);
        int w = snprintf(buf + off, len - off, "%s%s%s=%s", i ? ", " : "", name, idx,
                         sim_desc_is_optional(&d[i]) ? "absent" : sim_dtype_name(d[i].dtype));
        if (w < 0) break;
        off += (size_t)w;
    }
}

/* The per-SoC operator support (simulator/cann/op_support.csv, compiled in as sim_op_support*.c): a
 * combination the table does not declare for the product's config dir, or a dynamic-shape model of
 * an op whose dynamicShapeSupport is false there, is refused as an unsupported dtype is. The
 * kernels' own dtype checks (infer) still decide what they can compute: a superset. */
static aclError check_declared(const sim_model *m, const sim_op_def *def, const sim_product *prod,
                               sim_check_codes codes, char *msg, size_t msglen)
{
    const sim_op_support_table *t = sim_op_support_for_product(prod->product_id);
    const char *dir = t ? t->soc_dir : NULL;
    const sim_op_support_group *g = NULL;
    for (size_t i = 0; t && i < t->ngroups; i++)
        if (strcmp(t->groups[i].op, m->op) == 0)
            g = &t->groups[i];
    if (g == NULL) {
        sim_msgf(msg, msglen, "op %s is not declared for %s (simulator/cann/op_support.csv; soc %s)", m->op,
                 dir ? dir : "this product", prod->soc);
        return codes.bad_dtype;
    }
    int matched = 0;
    for (int r = g->first; r < g->first + g->count; r++) {
        const sim_op_support_row *row = &t->rows[r];
        if (!tensors_match(def->inputs, def->num_inputs, m->in, m->nin, row->in) ||
            !tensors_match(def->outputs, def->num_outputs, m->out, m->nout, row->out))
            continue;
        if (!m->dynamic || row->dynamic) return ACL_SUCCESS;
        matched = 1;
    }
    if (matched) {
        sim_msgf(msg, msglen, "op %s: a dynamic-shape model is not supported for %s: the op's dynamicShapeSupport "
                 "is false there (simulator/cann/op_support.csv; soc %s)", m->op, dir, prod->soc);
        return codes.bad_dtype;
    }
    char combo[384] = "";
    describe_tensors(combo, sizeof combo, def->inputs, def->num_inputs, m->in, m->nin);
    size_t off = strlen(combo);
    if (off < sizeof combo) snprintf(combo + off, sizeof combo - off, " -> ");
    describe_tensors(combo, sizeof combo, def->outputs, def->num_outputs, m->out, m->nout);
    sim_msgf(msg, msglen, "op %s: %s is not a dtype combination the simulator declares for %s "
             "(simulator/cann/op_support.csv; soc %s)", m->op, combo, dir, prod->soc);
    return codes.bad_dtype;
}

aclError sim_model_check(sim_model *m, const sim_product *prod, sim_check_codes codes, char *msg, size_t msglen)
{
    const sim_op_def *def = sim_op_find(m->op);
    if (def == NULL) {
        sim_msgf(msg, msglen, "op type %s is not supported by the simulator's operator library", m->op);
        return codes.unknown_op;
    }
    int dyn_in = 0, dyn_out = 0;
    int req_in = count_kind(def->num_inputs, def->inputs, 1, &dyn_in);
    int req_out = count_kind(def->num_outputs, def->outputs, 1, &dyn_out);
    if (m->nin < req_in || (!dyn_in && m->nin > def->num_inputs)) {
        sim_msgf(msg, msglen, "op %s has %d inputs, but its IR definition has %d (%d required)", m->op, m->nin,
                 def->num_inputs, req_in);
        return codes.unknown_op;
    }
    if (m->nout < req_out || (!dyn_out && m->nout > def->num_outputs)) {
        sim_msgf(msg, msglen, "op %s has %d outputs, but its IR definition has %d (%d required)", m->op, m->nout,
                 def->num_outputs, req_out);
        return codes.unknown_op;
    }
    for (int i = 0; i < m->nin; i++) {
        if (m->in[i].ndims > SIM_MAX_DIMS) {
            sim_msgf(msg, msglen, "input %d of op %s has %d dims (at most %d supported)", i, m->op, m->in[i].ndims,
                     SIM_MAX_DIMS);
            return codes.unknown_op;
        }
        if (!dyn_in && def->inputs && i < def->num_inputs && def->inputs[i].kind == SIM_IO_REQUIRED &&
            sim_desc_is_optional(&m->in[i])) {
            sim_msgf(msg, msglen, "input %d (%s) of op %s is required but was given as an absent optional input",
                     i, def->inputs[i].name ? def->inputs[i].name : "?", m->op);
            return codes.unknown_op;
        }
    }
    for (int i = 0; i < m->nout; i++) {
        if (m->out[i].ndims > SIM_MAX_DIMS) {
            sim_msgf(msg, msglen, "output %d of op %s has %d dims (at most %d supported)", i, m->op,
                     m->out[i].ndims, SIM_MAX_DIMS);
            return codes.unknown_op;
        }
    }

    aclError gate = check_declared(m, def, prod, codes, msg, msglen);
    if (gate != ACL_SUCCESS) return gate;

    sim_tensor *in_sig = sim_op_calloc((size_t)m->nin, sizeof(sim_tensor));
    sim_tensor *out_sig = sim_op_calloc((size_t)m->nout, sizeof(sim_tensor));
    const sim_desc **inp = sim_op_calloc((size_t)m->nin, sizeof(*inp));
    const sim_desc **outp = sim_op_calloc((size_t)m->nout, sizeof(*outp));
    aclError rc = ACL_SUCCESS;
    if (!in_sig || !out_sig || !inp || !outp) {
        rc = sim_msg_oom(msg, msglen);
        goto done;
    }
    for (int i = 0; i < m->nin; i++) inp[i] = &m->in[i];
    for (int i = 0; i < m->nout; i++) outp[i] = &m->out[i];

    if (!m->dynamic) {
        char im[SIM_MSG_LEN] = "";
        rc = infer_with(def, prod, m->nin, inp, m->nout, outp, m->attrs, in_sig, out_sig, im, sizeof(im));
        if (rc == ACL_ERROR_UNSUPPORTED_DATA_TYPE) {
            bad_dtype_msg(msg, msglen, m->op, im, prod);
            rc = codes.bad_dtype;
            goto done;
        }
        if (rc != ACL_SUCCESS) {
            sim_msgf(msg, msglen, "op %s: shape inference rejected the signature: %s", m->op, im);
            rc = codes.unknown_op;
            goto done;
        }
        for (int i = 0; i < m->nout; i++) {
            int same = out_sig[i].ndims == m->out[i].ndims;
            for (int k = 0; same && k < out_sig[i].ndims; k++) same = out_sig[i].dims[k] == m->out[i].dims[k];
            if (!same) {
                char got[256] = "", want[256] = "";
                size_t gl = 0, wl = 0;
                for (int k = 0; k < out_sig[i].ndims && gl < sizeof(got) - 24; k++)
                    gl += (size_t)snprintf(got + gl, sizeof(got) - gl, "%s%lld", k ? "," : "",
                                           (long long)out_sig[i].dims[k]);
                for (int k = 0; k < m->out[i].ndims && wl < sizeof(want) - 24; k++)
                    wl += (size_t)snprintf(want + wl, sizeof(want) - wl, "%s%lld", k ? "," : "",
                                           (long long)m->out[i].dims[k]);
                sim_msgf(msg, msglen, "op %s: output %d is declared with shape [%s] but shape inference gives [%s]",
                         m->op, i, want, got);
                rc = codes.unknown_op;
                goto done;
            }
        }
    } else if (def->infer != NULL) {
        /* Dynamic model: shapes are checked at execution; learn the dtype verdict with placeholders. */
        for (int i = 0; i < m->nin; i++) placeholder_tensor(&m->in[i], &in_sig[i]);
        for (int i = 0; i < m->nout; i++) placeholder_tensor(&m->out[i], &out_sig[i]);
        sim_exec_env env = {prod};
        char im[SIM_MSG_LEN] = "";
        aclError r = def->infer(in_sig, m->nin, out_sig, m->nout, m->attrs, &env, im, sizeof(im));
        if (r == ACL_ERROR_UNSUPPORTED_DATA_TYPE) {
            bad_dtype_msg(msg, msglen, m->op, im[0] ? im : "unsupported data type", prod);
            rc = codes.bad_dtype;
            goto done;
        }
    }
    m->def = def;
done:
    free(in_sig);
    free(out_sig);
    free(inp);
    free(outp);
    return rc;
}
