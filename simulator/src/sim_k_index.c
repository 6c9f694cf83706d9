/*
 * sim_k_index.c - ops whose axis, offsets or indices arrive as tensors (Ascend IR, op proto headers
 * of ops-math / ops-nn; docs/FIDELITY.md "Ops real clients use"):
 *   ArgMaxV2: inputs x, dimension (int32/int64, one element); output y (int32/int64); attr dtype
 *     (data_type, default int64). y = index of the first maximum of x along dimension; y has x's
 *     shape without that dim, a scalar (one element, e.g. [] or [1]) when x has rank <= 1
 *     (CANN's ArgMaxInferShape). x: float32, float16, bfloat16, int32, int64 (integers compared
 *     exactly; the first of equal maxima wins). A NaN counts as the maximum
 *     (the first NaN wins, as numpy.argmax; UNVERIFIED on the device).
 *   GatherV2: inputs x, indices (int32/int64), axis (int32/int64, one element); output y; attrs
 *     batch_dims (int, 0), negative_index_support (bool, false), is_preprocessed (bool, false).
 *     y = x.shape[:axis] + indices.shape + x.shape[axis+1:]; only batch_dims 0 is implemented.
 *   Slice: inputs x, offsets, size (int32/int64, one value per dim of x); output y;
 *     y = x[offsets[i] : offsets[i] + size[i]] per dim, size -1 = to the end of the dim.
 * The axis / offsets / indices are data: infer cannot read them (it sees signatures only), so it
 * checks the declared output shape is one that some value could give, and run checks the actual
 * values against it; a value that does not fit fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION
 * at the stream's next synchronisation, as the device reports bad index data (GatherV2 proto: "an
 * aic_error will occur"), with a message naming the value.
 * GatherV2 and Slice move bytes, so every dtype with a byte size is accepted.
 */
#include "sim_k_ops.h"

#include <stdlib.h>

static const sim_io_def argmax_inputs[] = {{"x", SIM_IO_REQUIRED}, {"dimension", SIM_IO_REQUIRED}};
static const sim_io_def gather_inputs[] = {
    {"x", SIM_IO_REQUIRED}, {"indices", SIM_IO_REQUIRED}, {"axis", SIM_IO_REQUIRED},
};
static const sim_io_def slice_inputs[] = {
    {"x", SIM_IO_REQUIRED}, {"offsets", SIM_IO_REQUIRED}, {"size", SIM_IO_REQUIRED},
};
static const sim_io_def one_output[] = {{"y", SIM_IO_REQUIRED}};

/* ================================================================ shared checks */

static int is_index_dtype(int32_t dt)
{
    return dt == ACL_INT32 || dt == ACL_INT64;
}

static int64_t index_at(const sim_tensor *t, int64_t i)
{
    return t->dtype == ACL_INT32 ? (int64_t)((const int32_t *)t->data)[i] : ((const int64_t *)t->data)[i];
}

/* Every input present and plain, the output plain. */
static aclError check_io(const char *op, const char *const *names, int want_in, const sim_tensor *in, int nin,
                         const sim_tensor *out, int nout, char *msg, size_t msglen)
{
    aclError rc;
    if (nin != want_in || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: expects %d inputs and 1 output, got %d and %d",
                        op, want_in, nin, nout);
    for (int i = 0; i < nin; i++) {
        if (sim_tensor_absent(&in[i]))
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: input %s is required", op, names[i]);
        if ((rc = sim_check_plain_format(op, names[i], &in[i], msg, msglen)) != 0)
            return rc;
    }
    return sim_check_plain_format(op, "y", &out[0], msg, msglen);
}

/* An index tensor: int32/int64 and, for a scalar-like one (want < 0), exactly one element; else
 * exactly want elements in at most one dim. */
static aclError check_index_tensor(const char *op, const char *slot, const sim_tensor *t, int64_t want,
                                   char *msg, size_t msglen)
{
    char s[160];
    if (!is_index_dtype(t->dtype))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "%s: %s must be int32 or int64, got %s", op,
                        slot, sim_dtype_name(t->dtype));
    int64_t n = sim_tensor_elements(t);
    int64_t need = want < 0 ? 1 : want;
    if (n != need || t->ndims > 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: %s must hold %lld value%s in at most one dim, got %s",
                        op, slot, (long long)need, need == 1 ? "" : "s", sim_dims_str(t, s, sizeof s));
    return ACL_SUCCESS;
}

/* 1 if dims d[rd] equal x's dims with dim `axis` replaced by the nmid dims mid (ArgMaxV2: nmid 0). */
static int dims_match(const sim_tensor *x, int axis, const int64_t *mid, int nmid, const sim_tensor *y)
{
    if (y->ndims != x->ndims - 1 + nmid)
        return 0;
    int k = 0;
    for (int i = 0; i < x->ndims; i++) {
        if (i == axis) {
            for (int j = 0; j < nmid; j++)
                if (y->dims[k++] != mid[j])
                    return 0;
        } else if (y->dims[k++] != x->dims[i]) {
            return 0;
        }
    }
    return 1;
}

/* The first axis whose replacement by mid gives y's dims, -1 if none. */
static int find_axis(const sim_tensor *x, const int64_t *mid, int nmid, const sim_tensor *y)
{
    for (int a = 0; a < x->ndims; a++)
        if (dims_match(x, a, mid, nmid, y))
            return a;
    return -1;
}

/* The run-time axis value of a one-element tensor, normalised, and y's dims checked against it. */
static aclError runtime_axis(const char *op, const char *slot, const sim_tensor *t, const sim_tensor *x,
                             const int64_t *mid, int nmid, const sim_tensor *y, int *axis, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    int64_t v = index_at(t, 0), a = sim_norm_axis(v, x->ndims);
    if (a < 0)
        return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen, "%s: %s %lld is out of range [%d, %d] for x %s", op,
                        slot, (long long)v, -x->ndims, x->ndims - 1, sim_dims_str(x, s1, sizeof s1));
    if (!dims_match(x, (int)a, mid, nmid, y))
        return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen, "%s: %s %lld gives another shape than the declared y %s "
                        "(x %s)", op, slot, (long long)v, sim_dims_str(y, s2, sizeof s2), sim_dims_str(x, s1, sizeof s1));
    *axis = (int)a;
    return ACL_SUCCESS;
}

/* outer = product of x dims before axis, inner = after it */
static void split_at(const sim_tensor *x, int axis, int64_t *outer, int64_t *inner)
{
    *outer = 1;
    *inner = 1;
    for (int i = 0; i < x->ndims; i++) {
        if (i < axis)
            *outer *= x->dims[i];
        else if (i > axis)
            *inner *= x->dims[i];
    }
}

/* ================================================================ ArgMaxV2 */

static const char *const argmax_names[] = {"x", "dimension"};

static aclError argmax_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                             const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    const char *op = "ArgMaxV2";
    char s1[160], s2[160];
    aclError rc;
    if ((rc = check_io(op, argmax_names, 2, in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    int ok = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_INT32 || dt == ACL_INT64;
    if ((rc = sim_check_dtype(op, "x", dt, ok, env, msg, msglen)) != 0 ||
        (rc = check_index_tensor(op, "dimension", &in[1], -1, msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "dtype", SIM_ATTR_DATA_TYPE, "data_type", msg, msglen)) != 0)
        return rc;
    int32_t want = out[0].dtype;
    if (sim_attr_get_data_type(attrs, "dtype", &want) && want != out[0].dtype)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "%s: y is %s but attr dtype says %s", op,
                        sim_dtype_name(out[0].dtype), sim_dtype_name(want));
    if (!is_index_dtype(out[0].dtype))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "%s: y must be int32 or int64, got %s", op,
                        sim_dtype_name(out[0].dtype));
    if (in[0].ndims <= 1) {   /* CANN's ArgMaxInferShape: x of rank <= 1 gives a scalar y */
        if (sim_tensor_elements(&out[0]) != 1)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "%s: x %s has rank <= 1, so y is a scalar (one element), got y %s", op,
                            sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&out[0], s2, sizeof s2));
        return ACL_SUCCESS;
    }
    if (find_axis(&in[0], NULL, 0, &out[0]) < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: y %s must be x %s without one dim (the one dimension names)", op,
                        sim_dims_str(&out[0], s2, sizeof s2), sim_dims_str(&in[0], s1, sizeof s1));
    return ACL_SUCCESS;   /* out dims stay the declared ones: they depend on dimension's value */
}

static aclError argmax_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)env;
    int axis = 0;
    int64_t outer = 1, inner = 1, len = 1;
    if (in[0].ndims <= 1) {   /* one output element: the dimension value still must name x's dim */
        int64_t v = index_at(&in[1], 0);
        if (v < -1 || v > 0)
            return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen,
                            "ArgMaxV2: dimension %lld is out of range [-1, 0] for x of rank %d", (long long)v, in[0].ndims);
        len = in[0].ndims == 1 ? in[0].dims[0] : 1;
    } else {
        aclError rc = runtime_axis("ArgMaxV2", "dimension", &in[1], &in[0], NULL, 0, &out[0], &axis, msg, msglen);
        if (rc != 0)
            return rc;
        len = in[0].dims[axis];
        split_at(&in[0], axis, &outer, &inner);
    }
    if (outer * inner == 0)
        return ACL_SUCCESS;
    if (len == 0)
        return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen, "ArgMaxV2: dimension %d of x has size 0", axis);
    int32_t dt = in[0].dtype;
    float *col = malloc((size_t)len * sizeof(float));
    if (col == NULL)
        return sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "ArgMaxV2: out of host memory");
    size_t es = sim_dtype_size(dt);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t i = 0; i < inner; i++) {
            int64_t base = o * len * inner + i, best = 0;
            if (dt == ACL_INT32) {
                const int32_t *x = (const int32_t *)in[0].data + base;
                for (int64_t k = 1; k < len; k++)
                    if (x[k * inner] > x[best * inner])
                        best = k;
            } else if (dt == ACL_INT64) {   /* compared exactly, not through float32 */
                const int64_t *x = (const int64_t *)in[0].data + base;
                for (int64_t k = 1; k < len; k++)
                    if (x[k * inner] > x[best * inner])
                        best = k;
            } else {
                for (int64_t k = 0; k < len; k++)
                    sim_load_f32(dt, (const unsigned char *)in[0].data + (size_t)(base + k * inner) * es, 1, col + k);
                for (int64_t k = 1; k < len && col[best] == col[best]; k++)
                    if (col[k] > col[best] || col[k] != col[k])
                        best = k;
            }
            if (out[0].dtype == ACL_INT32)
                ((int32_t *)out[0].data)[o * inner + i] = (int32_t)best;
            else
                ((int64_t *)out[0].data)[o * inner + i] = best;
        }
    free(col);
    return ACL_SUCCESS;
}

const sim_op_def sim_op_arg_max_v2 = {"ArgMaxV2", 2, argmax_inputs, 1, one_output, argmax_infer, argmax_run};

/* ================================================================ GatherV2 */

static const char *const gather_names[] = {"x", "indices", "axis"};

static aclError gather_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                             const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    const char *op = "GatherV2";
    char s1[160], s2[160], s3[160];
    aclError rc;
    if ((rc = check_io(op, gather_names, 3, in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    if ((rc = sim_check_dtype(op, "x", dt, sim_dtype_size(dt) > 0, env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype(op, dt, &out[0], msg, msglen)) != 0 ||
        (rc = check_index_tensor(op, "axis", &in[2], -1, msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "batch_dims", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "negative_index_support", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "is_preprocessed", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0)
        return rc;
    if (!is_index_dtype(in[1].dtype))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "%s: indices must be int32 or int64, got %s", op,
                        sim_dtype_name(in[1].dtype));
    int64_t bd = 0;
    sim_attr_get_int(attrs, "batch_dims", &bd);
    if (bd != 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: attr batch_dims %lld: the simulator implements batch_dims 0 only", op, (long long)bd);
    if (in[0].ndims == 0 || in[0].ndims - 1 + in[1].ndims > SIM_MAX_DIMS ||
        find_axis(&in[0], in[1].dims, in[1].ndims, &out[0]) < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: y %s must be x %s with one dim replaced by the dims of indices %s", op,
                        sim_dims_str(&out[0], s3, sizeof s3), sim_dims_str(&in[0], s1, sizeof s1),
                        sim_dims_str(&in[1], s2, sizeof s2));
    return ACL_SUCCESS;
}

static aclError gather_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)env;
    int axis, neg = 0;
    aclError rc = runtime_axis("GatherV2", "axis", &in[2], &in[0], in[1].dims, in[1].ndims, &out[0], &axis, msg,
                               msglen);
    if (rc != 0)
        return rc;
    sim_attr_get_bool(attrs, "negative_index_support", &neg);
    int64_t outer, inner, len = in[0].dims[axis], nidx = sim_tensor_elements(&in[1]);
    split_at(&in[0], axis, &outer, &inner);
    size_t row = (size_t)inner * sim_dtype_size(in[0].dtype);
    for (int64_t j = 0; j < nidx; j++) {   /* check every index before writing anything */
        int64_t v = index_at(&in[1], j);
        if (!(v >= 0 && v < len) && !(neg && v < 0 && v >= -len))
            return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen,
                            "GatherV2: indices[%lld] = %lld is out of range [0, %lld) for axis %d%s", (long long)j,
                            (long long)v, (long long)len, axis, neg ? " (or [-len, 0))" : "");
    }
    const unsigned char *x = in[0].data;
    unsigned char *y = out[0].data;
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < nidx; j++) {
            int64_t v = index_at(&in[1], j);
            if (v < 0)
                v += len;
            memcpy(y + (size_t)(o * nidx + j) * row, x + (size_t)(o * len + v) * row, row);
        }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_gather_v2 = {"GatherV2", 3, gather_inputs, 1, one_output, gather_infer, gather_run};

/* ================================================================ Slice */

static const char *const slice_names[] = {"x", "offsets", "size"};

static aclError slice_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                            const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    const char *op = "Slice";
    char s1[160], s2[160];
    aclError rc;
    (void)attrs;
    if ((rc = check_io(op, slice_names, 3, in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    int rank = in[0].ndims;
    if ((rc = sim_check_dtype(op, "x", dt, sim_dtype_size(dt) > 0, env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype(op, dt, &out[0], msg, msglen)) != 0 ||
        (rc = check_index_tensor(op, "offsets", &in[1], rank, msg, msglen)) != 0 ||
        (rc = check_index_tensor(op, "size", &in[2], rank, msg, msglen)) != 0)
        return rc;
    int ok = out[0].ndims == rank;
    for (int i = 0; ok && i < rank; i++)
        ok = out[0].dims[i] >= 0 && out[0].dims[i] <= in[0].dims[i];
    if (!ok)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: y %s must have x's rank and no dim larger than x %s", op,
                        sim_dims_str(&out[0], s2, sizeof s2), sim_dims_str(&in[0], s1, sizeof s1));
    return ACL_SUCCESS;
}

static aclError slice_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                          const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)env;
    int rank = in[0].ndims;
    int64_t off[SIM_MAX_DIMS];
    for (int i = 0; i < rank; i++) {
        int64_t o = index_at(&in[1], i), n = index_at(&in[2], i), d = in[0].dims[i];
        if (n == -1)
            n = d - o;
        if (o < 0 || n < 0 || o + n > d || n != out[0].dims[i])
            return sim_kmsg(ACL_ERROR_RT_AICORE_EXCEPTION, msg, msglen,
                            "Slice: dim %d: offset %lld and size %lld do not fit x's dim of %lld or give another "
                            "size than the declared y's %lld", i, (long long)o, (long long)index_at(&in[2], i),
                            (long long)d, (long long)out[0].dims[i]);
        off[i] = o;
    }
    int64_t total = sim_tensor_elements(&out[0]);
    if (total <= 0)
        return ACL_SUCCESS;
    size_t es = sim_dtype_size(in[0].dtype);
    int64_t xs[SIM_MAX_DIMS], s = 1, idx[SIM_MAX_DIMS] = {0};
    for (int i = rank - 1; i >= 0; i--) {
        xs[i] = s;
        s *= in[0].dims[i];
    }
    int64_t rowlen = rank ? out[0].dims[rank - 1] : 1, rows = total / rowlen;
    const unsigned char *x = in[0].data;
    unsigned char *y = out[0].data;
    for (int64_t r = 0; r < rows; r++) {   /* idx counts over y's dims except the last */
        int64_t src = 0;
        for (int i = 0; i < rank; i++)
            src += (off[i] + (i < rank - 1 ? idx[i] : 0)) * xs[i];
        memcpy(y + (size_t)(r * rowlen) * es, x + (size_t)src * es, (size_t)rowlen * es);
        for (int i = rank - 2; i >= 0; i--) {
            if (++idx[i] < out[0].dims[i])
                break;
            idx[i] = 0;
        }
    }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_slice = {"Slice", 3, slice_inputs, 1, one_output, slice_infer, slice_run};
