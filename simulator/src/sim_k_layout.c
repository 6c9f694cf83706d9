/*
 * sim_k_layout.c - pure data movement ops (Ascend IR), bit exact:
 *   TransposeD: input x, output y, attr perm (list_int, required): a permutation of [0, rank)
 *     (negative entries count from the end); y.dims[i] = x.dims[perm[i]].
 *   ConcatD: one dynamic input slot x (n >= 1 tensors), output y; attrs concat_dim (int, required,
 *     in [-rank, rank)), N (int; when given it must equal n). All inputs have one dtype and rank
 *     (>= 1) and equal dims except concat_dim.
 * dtypes: any plain dtype of 1, 2, 4 or 8 bytes (float32, float16, bfloat16, int8/16/32/64,
 * uint8/16/32/64, bool, double); bfloat16 only where the product has it. The IR type lists of
 * TransposeD/ConcatD omit bfloat16 and bool; the simulator accepts them (simulator choice).
 */
#include "sim_k_ops.h"

#include <stdio.h>

static const sim_io_def tr_inputs[] = {{"x", SIM_IO_REQUIRED}};
static const sim_io_def cc_inputs[] = {{"x", SIM_IO_DYNAMIC}};
static const sim_io_def lay_outputs[] = {{"y", SIM_IO_REQUIRED}};

static int move_dtype_ok(int32_t dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_INT8: case ACL_UINT8: case ACL_BOOL:
    case ACL_INT16: case ACL_UINT16: case ACL_INT32: case ACL_UINT32: case ACL_INT64: case ACL_UINT64:
    case ACL_DOUBLE:
        return 1;
    default:
        return 0;
    }
}

/* ================================================================ TransposeD */

/* perm normalised into p[rank]; returns 0 or an error */
static aclError read_perm(const sim_attr_set *attrs, int rank, int *p, char *msg, size_t msglen)
{
    aclError rc;
    const int64_t *perm = NULL;
    int n = 0, seen[SIM_MAX_DIMS] = {0};
    if ((rc = sim_check_attr_type("TransposeD", attrs, "perm", SIM_ATTR_LIST_INT, "list_int", msg, msglen)) != 0)
        return rc;
    if (!sim_attr_get_list_int(attrs, "perm", &perm, &n))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "TransposeD: required attr 'perm' (list_int) is missing");
    if (n != rank)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "TransposeD: attr perm has %d values but x has rank %d", n, rank);
    for (int i = 0; i < n; i++) {
        int64_t a = sim_norm_axis(perm[i], rank);
        if (a < 0)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "TransposeD: attr perm value %lld is out of range [%d, %d]", (long long)perm[i],
                            -rank, rank - 1);
        if (seen[a])
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "TransposeD: attr perm is not a permutation (dim %lld appears twice)", (long long)a);
        seen[a] = 1;
        p[i] = (int)a;
    }
    return ACL_SUCCESS;
}

static aclError transpose_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                                const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_unary_io("TransposeD", in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    int p[SIM_MAX_DIMS];
    if ((rc = sim_check_dtype("TransposeD", "x", dt, move_dtype_ok(dt), env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype("TransposeD", dt, &out[0], msg, msglen)) != 0 ||
        (rc = read_perm(attrs, in[0].ndims, p, msg, msglen)) != 0)
        return rc;
    out[0].ndims = in[0].ndims;
    for (int i = 0; i < in[0].ndims; i++)
        out[0].dims[i] = in[0].dims[p[i]];
    return ACL_SUCCESS;
}

typedef struct {
    size_t es;
    int64_t len, sa;     /* row length (output-contiguous) and the input stride along it */
    const unsigned char *x;
    unsigned char *y;
} tr_ctx;

#define DEFINE_GATHER(name, T)                                                              \
    static void name(const T *restrict s, int64_t stride, T *restrict d, int64_t n)         \
    {                                                                                       \
        for (int64_t i = 0; i < n; i++)                                                     \
            d[i] = s[i * stride];                                                           \
    }

DEFINE_GATHER(gather8, uint8_t)
DEFINE_GATHER(gather16, uint16_t)
DEFINE_GATHER(gather32, uint32_t)
DEFINE_GATHER(gather64, uint64_t)

static void tr_row(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const tr_ctx *c = vctx;
    const unsigned char *s = c->x + (size_t)offa * c->es;
    unsigned char *d = c->y + (size_t)offb * c->es;
    (void)row;
    if (c->sa == 1) {
        memcpy(d, s, (size_t)c->len * c->es);
        return;
    }
    switch (c->es) {
    case 1: gather8(s, c->sa, d, c->len); break;
    case 2: gather16((const uint16_t *)s, c->sa, (uint16_t *)d, c->len); break;
    case 4: gather32((const uint32_t *)s, c->sa, (uint32_t *)d, c->len); break;
    default: gather64((const uint64_t *)s, c->sa, (uint64_t *)d, c->len); break;
    }
}

static aclError transpose_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                              const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)env;
    if (sim_tensor_elements(&in[0]) <= 0)
        return ACL_SUCCESS;
    int r = in[0].ndims, p[SIM_MAX_DIMS];
    if (read_perm(attrs, r, p, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    int64_t xs[SIM_MAX_DIMS], sa[SIM_MAX_DIMS], sb[SIM_MAX_DIMS], s = 1;
    for (int i = r - 1; i >= 0; i--) {
        xs[i] = s;
        s *= in[0].dims[i];
    }
    s = 1;
    for (int i = r - 1; i >= 0; i--) {   /* in output order: a = x strides, b = y strides */
        sa[i] = xs[p[i]];
        sb[i] = s;
        s *= out[0].dims[i];
    }
    sim_walk w;
    sim_walk_make(r, out[0].dims, sa, sb, &w);
    tr_ctx c = {sim_dtype_size(in[0].dtype), sim_walk_len(&w), sim_walk_sa(&w), in[0].data, out[0].data};
    sim_walk_rows(&w, tr_row, &c);
    return ACL_SUCCESS;
}

const sim_op_def sim_op_transpose_d = {
    "TransposeD", 1, tr_inputs, 1, lay_outputs, transpose_infer, transpose_run,
};

/* ================================================================ ConcatD */

static aclError concat_axis(const sim_attr_set *attrs, int nin, int rank, int *axis, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_attr_type("ConcatD", attrs, "concat_dim", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("ConcatD", attrs, "N", SIM_ATTR_INT, "int", msg, msglen)) != 0)
        return rc;
    int64_t n = 0, cd = 0;
    if (sim_attr_get_int(attrs, "N", &n) && n != nin)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "ConcatD: attr N is %lld but %d inputs were given", (long long)n, nin);
    if (!sim_attr_get_int(attrs, "concat_dim", &cd))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "ConcatD: required attr 'concat_dim' (int) is missing");
    int64_t a = sim_norm_axis(cd, rank);
    if (a < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "ConcatD: attr concat_dim %lld is out of range [%d, %d] for inputs of rank %d",
                        (long long)cd, -rank, rank - 1, rank);
    *axis = (int)a;
    return ACL_SUCCESS;
}

static aclError concat_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                             const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    aclError rc;
    if ((rc = sim_check_dynamic_list("ConcatD", in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    if ((rc = sim_check_dtype("ConcatD", "x", dt, move_dtype_ok(dt), env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype("ConcatD", dt, &out[0], msg, msglen)) != 0)
        return rc;
    int rank = in[0].ndims, axis = 0;
    if (rank == 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "ConcatD: inputs must have at least 1 dim");
    if ((rc = concat_axis(attrs, nin, rank, &axis, msg, msglen)) != 0)
        return rc;
    int64_t total = 0;
    for (int i = 0; i < nin; i++) {
        int same = in[i].ndims == rank;
        for (int k = 0; same && k < rank; k++)
            same = k == axis || in[i].dims[k] == in[0].dims[k];
        if (!same)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "ConcatD: x%d %s does not match x0 %s outside concat_dim %d", i,
                            sim_dims_str(&in[i], s2, sizeof s2), sim_dims_str(&in[0], s1, sizeof s1), axis);
        total += in[i].dims[axis];
    }
    sim_copy_dims(&in[0], &out[0]);
    out[0].dims[axis] = total;
    return ACL_SUCCESS;
}

static aclError concat_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nout; (void)env;
    if (sim_tensor_elements(&out[0]) <= 0)
        return ACL_SUCCESS;
    int axis = 0, rank = out[0].ndims;
    if (concat_axis(attrs, nin, rank, &axis, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    size_t es = sim_dtype_size(out[0].dtype);
    int64_t outer = 1, inner = 1;
    for (int k = 0; k < axis; k++)
        outer *= out[0].dims[k];
    for (int k = axis + 1; k < rank; k++)
        inner *= out[0].dims[k];
    unsigned char *d = out[0].data;
    for (int64_t o = 0; o < outer; o++) {
        for (int t = 0; t < nin; t++) {
            size_t chunk = (size_t)(in[t].dims[axis] * inner) * es;
            if (chunk == 0)
                continue;
            memcpy(d, (const unsigned char *)in[t].data + (size_t)o * chunk, chunk);
            d += chunk;
        }
    }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_concat_d = {
    "ConcatD", 1, cc_inputs, 1, lay_outputs, concat_infer, concat_run,
};
