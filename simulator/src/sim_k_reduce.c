/*
 * sim_k_reduce.c - reductions over attr axes, and SoftmaxV2 (Ascend IR).
 *   ReduceSumD, ReduceMaxD: input x, output y; attrs axes (list_int, required), keep_dims (bool,
 *     false). Axes may be negative ([-rank, rank)) and repeat; more axes than the rank is refused;
 *     an empty list reduces every axis; a scalar x gives a scalar y (canndev reduce_ops.cc
 *     InferReduceDShapeProcess / ConvertAxis "All Reduce"). dtypes float32, float16, bfloat16, int32;
 *     ReduceMaxD also int8, uint8 and bool (the maximum of 0 / 1 values: "any").
 *     Sums of float16/bfloat16 accumulate in float32 (float32 in float32), rounded once on store;
 *     int32 sums wrap. Max propagates NaN; a max over an axis of size 0 is refused at infer
 *     (numpy raises; the device behaviour is UNVERIFIED). A sum over an empty axis is 0.
 *   ReduceMeanD (ops-math reduce_mean_d proto): as ReduceSumD, float32, float16, bfloat16 only; each
 *     term times cof = 1/n in float32, then the float32 sum (the TBE kernel's order: vmuls by
 *     cof, then reduce_sum, so n largest finite values give the largest finite value, not Inf);
 *     an empty reduction gives 0/0 = NaN;
 *     attr noop_with_empty_axes (bool, false) is accepted and not used (axes is required).
 *   SoftmaxV2: input x, output y; attrs axes (list_int, [-1]; several axes = softmax over the
 *     flattened axes), half_to_float (bool, false: when true a float16 x gives a float32 y).
 *     float32, float16, bfloat16, computed in float32: max, exp(x - max), sum, divide.
 */
#include "sim_k_ops.h"

#include <math.h>
#include <stdlib.h>

#define RED_CHUNK 1024

enum { RED_SUM, RED_MAX, RED_MEAN };

static const sim_io_def red_inputs[] = {{"x", SIM_IO_REQUIRED}};
static const sim_io_def red_outputs[] = {{"y", SIM_IO_REQUIRED}};

/* ================================================================ axes */

/* Read a list_int attr of axes into mask[rank] (1 = reduced). dflt/ndflt are used when the attr is
 * absent (required: dflt NULL -> error). allow_dup: repeated axes are accepted. Empty list:
 * empty_all -> every axis, else an error. A scalar x accepts any axes and gives a scalar (canndev
 * special branch of the reductions; SoftmaxV2 refuses a scalar x before reading its axes). */
static aclError read_axes(const char *op, const sim_attr_set *attrs, const sim_tensor *x, const int64_t *dflt,
                          int ndflt, int allow_dup, int empty_all, int *mask, char *msg, size_t msglen)
{
    aclError rc;
    const int64_t *axes = NULL;
    int n = 0;
    int rank = x->ndims;
    if ((rc = sim_check_attr_type(op, attrs, "axes", SIM_ATTR_LIST_INT, "list_int", msg, msglen)) != 0)
        return rc;
    if (!sim_attr_get_list_int(attrs, "axes", &axes, &n)) {
        if (dflt == NULL)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "%s: required attr 'axes' (list_int) is missing", op);
        axes = dflt;
        n = ndflt;
    }
    if (rank == 0)
        return ACL_SUCCESS;
    for (int i = 0; i < rank; i++)
        mask[i] = 0;
    if (n == 0) {
        if (!empty_all)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: attr axes must not be empty", op);
        for (int i = 0; i < rank; i++)
            mask[i] = 1;
        return ACL_SUCCESS;
    }
    if (n > rank && allow_dup)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: attr axes has %d values but x has rank %d", op, n, rank);
    for (int i = 0; i < n; i++) {
        int64_t a = sim_norm_axis(axes[i], rank);
        if (a < 0)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "%s: attr axes value %lld is out of range [%d, %d] for x of rank %d", op,
                            (long long)axes[i], -rank, rank - 1, rank);
        if (mask[a] && !allow_dup)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "%s: attr axes names dim %lld twice", op, (long long)a);
        mask[a] = 1;
    }
    return ACL_SUCCESS;
}

/* Walk over x (contiguous) with a = x offsets and b = offsets into the reduced output (0 along
 * reduced dims). */
static void reduce_walk(const sim_tensor *x, const int *mask, sim_walk *w)
{
    int r = x->ndims;
    int64_t sa[SIM_MAX_DIMS], sb[SIM_MAX_DIMS], s = 1, t = 1;
    for (int i = r - 1; i >= 0; i--) {
        sa[i] = s;
        s *= x->dims[i];
        sb[i] = mask[i] ? 0 : t;
        if (!mask[i])
            t *= x->dims[i];
    }
    sim_walk_make(r, x->dims, sa, sb, w);
}

/* ================================================================ ReduceSumD / ReduceMaxD */

static aclError red_infer(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                          const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    const char *op = v->name;
    aclError rc;
    char s[160];
    if ((rc = sim_check_unary_io(op, in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    int ok = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || (dt == ACL_INT32 && v->op != RED_MEAN) ||
             (v->op == RED_MAX && (dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_BOOL));
    if ((rc = sim_check_dtype(op, "x", dt, ok, env, msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "noop_with_empty_axes", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype(op, dt, &out[0], msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(op, attrs, "keep_dims", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0)
        return rc;
    int keep = 0;
    sim_attr_get_bool(attrs, "keep_dims", &keep);
    int mask[SIM_MAX_DIMS];
    if ((rc = read_axes(op, attrs, &in[0], NULL, 0, 1, 1, mask, msg, msglen)) != 0)
        return rc;
    int r = 0;
    for (int i = 0; i < in[0].ndims; i++) {
        if (mask[i] && v->op == RED_MAX && in[0].dims[i] == 0)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "%s: cannot take the maximum over dim %d of size 0 (x is %s)", op, i,
                            sim_dims_str(&in[0], s, sizeof s));
        if (!mask[i])
            out[0].dims[r++] = in[0].dims[i];
        else if (keep)
            out[0].dims[r++] = 1;
    }
    out[0].ndims = r;
    return ACL_SUCCESS;
}

typedef struct {
    int op;
    int32_t dt;
    size_t es;           /* bytes per x element */
    int64_t len, sb;     /* row length; output stride along the row (0: the row is reduced) */
    const unsigned char *x;
    void *acc;           /* float[G] or int32[G] */
    float cof;           /* ReduceMeanD: 1 / the reduced count, each term scaled before the sum */
} red_ctx;

static float max_f(float m, float v)
{
    return (v > m || v != v) ? v : m;   /* a NaN sticks: NaN > x and x > NaN are both false */
}

static void red_row_float(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const red_ctx *c = vctx;
    float buf[RED_CHUNK];
    float *acc = (float *)c->acc + offb;
    (void)row;
    for (int64_t off = 0; off < c->len; off += RED_CHUNK) {
        size_t m = (size_t)(c->len - off < RED_CHUNK ? c->len - off : RED_CHUNK);
        const float *v = buf;
        size_t i;
        if (c->dt == ACL_FLOAT && c->op != RED_MEAN)
            v = (const float *)c->x + offa + off;
        else
            sim_load_f32(c->dt, c->x + (size_t)(offa + off) * c->es, m, buf);
        if (c->op == RED_MEAN)
            for (i = 0; i < m; i++)
                buf[i] *= c->cof;
        if (sim_fault_on(SIM_FAULT_BENIGN_ACCUMULATION_TIMING))
            sim_fault_pause();
        if (c->sb == 0) {
            if (c->op != RED_MAX && sim_fault_on(SIM_FAULT_NONDETERMINISTIC_ACCUMULATION)) {
                /* FAULT nondeterministic_accumulation (determinism): a serial sum from a term that
                 * moves with every launch */
                size_t r = (size_t)(sim_fault_launch() % (m ? m : 1));
                float s = 0.0f;
                for (i = 0; i < m; i++)
                    s += v[(i + r) % m];
                acc[0] += s;
            } else if (c->op != RED_MAX) {
                acc[0] += sim_sum8(v, m);
            } else {
                float mx = acc[0];
                for (i = 0; i < m; i++)
                    mx = max_f(mx, v[i]);
                acc[0] = mx;
            }
        } else {
            float *a = acc + off;
            if (c->op != RED_MAX)
                for (i = 0; i < m; i++) a[i] += v[i];
            else
                for (i = 0; i < m; i++) a[i] = max_f(a[i], v[i]);
        }
    }
}

/* FAULT reduce_sum_fp16_accumulate (numerics): float16 sums rounded to float16 after every add */
static void red_row_f16acc(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const red_ctx *c = vctx;
    const uint16_t *x = (const uint16_t *)c->x + offa;
    float *acc = (float *)c->acc + offb;
    (void)row;
    for (int64_t i = 0; i < c->len; i++) {
        float *a = acc + i * c->sb;
        *a = sim_f16_to_f32(sim_f32_to_f16(*a + sim_f16_to_f32(x[i])));
    }
}

static void red_row_i32(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const red_ctx *c = vctx;
    const int32_t *v = (const int32_t *)c->x + offa;
    int32_t *acc = (int32_t *)c->acc + offb;
    int64_t i, n = c->len;
    (void)row;
    if (c->sb == 0) {
        if (c->op == RED_SUM) {
            uint32_t s = (uint32_t)acc[0];
            for (i = 0; i < n; i++) s += (uint32_t)v[i];
            acc[0] = (int32_t)s;
        } else {
            int32_t mx = acc[0];
            for (i = 0; i < n; i++) mx = v[i] > mx ? v[i] : mx;
            acc[0] = mx;
        }
    } else if (c->op == RED_SUM) {
        uint32_t *a = (uint32_t *)acc;
        for (i = 0; i < n; i++) a[i] += (uint32_t)v[i];
    } else {
        for (i = 0; i < n; i++) acc[i] = v[i] > acc[i] ? v[i] : acc[i];
    }
}

/* ReduceMaxD of int8 / uint8 / bool: the values read into the int32 accumulator (bool as 0 / 1, so
 * the maximum is "any") */
static int32_t small_int_at(int32_t dt, const unsigned char *x, int64_t i)
{
    switch (dt) {
    case ACL_INT8: return ((const int8_t *)x)[i];
    case ACL_BOOL: return x[i] != 0;
    default: return x[i];
    }
}

static void red_row_small(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const red_ctx *c = vctx;
    int32_t *acc = (int32_t *)c->acc + offb;
    (void)row;
    for (int64_t i = 0; i < c->len; i++) {
        int32_t v = small_int_at(c->dt, c->x, offa + i);
        int32_t *a = acc + i * c->sb;
        if (v > *a)
            *a = v;
    }
}

static aclError red_run(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                        const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout;
    int64_t g = sim_tensor_elements(&out[0]);
    if (g <= 0)
        return ACL_SUCCESS;
    int32_t dt = in[0].dtype;
    int mask[SIM_MAX_DIMS];
    if (read_axes(v->name, attrs, &in[0], NULL, 0, 1, 1, mask, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    void *acc = malloc((size_t)g * 4);
    if (acc == NULL)
        return sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "%s: out of host memory", v->name);
    int small = dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_BOOL;
    if (dt == ACL_INT32 || small) {
        int32_t *a = acc;
        for (int64_t i = 0; i < g; i++) a[i] = v->op == RED_SUM ? 0 : INT32_MIN;
    } else {
        float *a = acc;
        for (int64_t i = 0; i < g; i++) a[i] = v->op == RED_MAX ? -INFINITY : 0.0f;
    }
    int64_t cnt = 1;
    for (int i = 0; i < in[0].ndims; i++)
        if (mask[i])
            cnt *= in[0].dims[i];
    sim_walk w;
    reduce_walk(&in[0], mask, &w);
    red_ctx c = {v->op, dt, sim_dtype_size(dt), sim_walk_len(&w), sim_walk_sb(&w), in[0].data, acc,
                 cnt > 0 ? 1.0f / (float)cnt : 0.0f};
    sim_walk_fn row_fn = dt == ACL_INT32 ? red_row_i32 : small ? red_row_small : red_row_float;
    if (dt == ACL_FLOAT16 && v->op == RED_SUM && sim_fault_on(SIM_FAULT_REDUCE_SUM_FP16_ACCUMULATE))
        row_fn = red_row_f16acc;
    sim_walk_rows(&w, row_fn, &c);
    if (v->op == RED_MEAN && cnt == 0) {   /* the mean of nothing: 0/0 */
        float *a = acc;
        for (int64_t i = 0; i < g; i++) a[i] = NAN;
    }
    if (dt == ACL_INT32) {
        memcpy(out[0].data, acc, (size_t)g * 4);
    } else if (small) {
        const int32_t *a = acc;
        unsigned char *y = out[0].data;
        for (int64_t i = 0; i < g; i++) y[i] = (unsigned char)a[i];   /* int8 two's complement, bool 0 / 1 */
    } else
        sim_store_f32(dt, acc, (size_t)g, out[0].data, sim_env_saturation(env));
    free(acc);
    return ACL_SUCCESS;
}

#define DEFINE_REDUCE(ident, irname, opcode)                      \
    static const sim_op_variant ident##_variant = {irname, opcode}; \
    SIM_DEFINE_OP_VARIANT(ident, irname, &ident##_variant, red, 1, red_inputs, 1, red_outputs)

DEFINE_REDUCE(reduce_sum_d, "ReduceSumD", RED_SUM)
DEFINE_REDUCE(reduce_max_d, "ReduceMaxD", RED_MAX)
DEFINE_REDUCE(reduce_mean_d, "ReduceMeanD", RED_MEAN)

/* ================================================================ SoftmaxV2 */

static const int64_t softmax_default_axes[] = {-1};

static aclError softmax_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                              const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_unary_io("SoftmaxV2", in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    int ok = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    if ((rc = sim_check_dtype("SoftmaxV2", "x", dt, ok, env, msg, msglen)) != 0)
        return rc;
    if ((rc = sim_check_attr_type("SoftmaxV2", attrs, "half_to_float", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0)
        return rc;
    int h2f = 0;
    sim_attr_get_bool(attrs, "half_to_float", &h2f);
    int32_t want = (h2f && dt == ACL_FLOAT16) ? ACL_FLOAT : dt;
    if (out[0].dtype != want)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "SoftmaxV2: output y must be %s for a %s input (half_to_float=%d), got %s",
                        sim_dtype_name(want), sim_dtype_name(dt), h2f, sim_dtype_name(out[0].dtype));
    if (in[0].ndims == 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "SoftmaxV2: x must have at least 1 dim");
    int mask[SIM_MAX_DIMS];
    if ((rc = read_axes("SoftmaxV2", attrs, &in[0], softmax_default_axes, 1, 0, 0, mask, msg, msglen)) != 0)
        return rc;
    sim_copy_dims(&in[0], &out[0]);
    return ACL_SUCCESS;
}

typedef struct {
    int pass;            /* 0: max, 1: exp and sum, 2: divide and store */
    int32_t dt, ydt;
    size_t es, yes;      /* bytes per x / y element */
    int sat;
    int64_t len, sb;
    const unsigned char *x;
    unsigned char *y;
    float *mx, *sum, *e;  /* mx/sum: [G]; e: exp values, [N] */
} sm_ctx;

static void sm_row(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const sm_ctx *c = vctx;
    float buf[RED_CHUNK];
    (void)row;
    for (int64_t off = 0; off < c->len; off += RED_CHUNK) {
        size_t m = (size_t)(c->len - off < RED_CHUNK ? c->len - off : RED_CHUNK), i;
        float *mx = c->mx + offb + (c->sb ? off : 0);
        float *sum = c->sum + offb + (c->sb ? off : 0);
        float *e = c->e + offa + off;
        if (c->pass == 2) {
            if (c->sb)
                for (i = 0; i < m; i++) buf[i] = e[i] / sum[i];
            else
                for (i = 0; i < m; i++) buf[i] = e[i] / sum[0];
            sim_store_f32(c->ydt, buf, m, c->y + (size_t)(offa + off) * c->yes, c->sat);
            continue;
        }
        const float *v = buf;
        if (c->dt == ACL_FLOAT)
            v = (const float *)c->x + offa + off;
        else
            sim_load_f32(c->dt, c->x + (size_t)(offa + off) * c->es, m, buf);
        if (c->pass == 0) {
            if (c->sb) {
                for (i = 0; i < m; i++) mx[i] = max_f(mx[i], v[i]);
            } else {
                float t = mx[0];
                for (i = 0; i < m; i++) t = max_f(t, v[i]);
                mx[0] = t;
            }
        } else if (c->sb) {
            for (i = 0; i < m; i++) e[i] = expf(v[i] - mx[i]);
            for (i = 0; i < m; i++) sum[i] += e[i];
        } else {
            float t = mx[0];
            for (i = 0; i < m; i++) e[i] = expf(v[i] - t);
            sum[0] += sim_sum8(e, m);
        }
    }
}

static aclError softmax_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                            const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout;
    int64_t n = sim_tensor_elements(&in[0]);
    if (n <= 0)
        return ACL_SUCCESS;
    int mask[SIM_MAX_DIMS];
    if (read_axes("SoftmaxV2", attrs, &in[0], softmax_default_axes, 1, 0, 0, mask, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    int64_t g = 1;
    for (int i = 0; i < in[0].ndims; i++)
        if (!mask[i])
            g *= in[0].dims[i];
    float *mx = malloc((size_t)g * sizeof(float));
    float *sum = calloc((size_t)g, sizeof(float));
    float *e = malloc((size_t)n * sizeof(float));
    aclError rc = ACL_SUCCESS;
    if (mx == NULL || sum == NULL || e == NULL) {
        rc = sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "SoftmaxV2: out of host memory");
        goto done;
    }
    for (int64_t i = 0; i < g; i++)
        mx[i] = -INFINITY;
    sim_walk w;
    reduce_walk(&in[0], mask, &w);
    sm_ctx c = {0, in[0].dtype, out[0].dtype, sim_dtype_size(in[0].dtype), sim_dtype_size(out[0].dtype),
                sim_env_saturation(env), sim_walk_len(&w), sim_walk_sb(&w),
                in[0].data, out[0].data, mx, sum, e};
    for (c.pass = 0; c.pass < 3; c.pass++) {
        sim_walk_rows(&w, sm_row, &c);
        /* FAULT softmax_no_max_subtraction (numerics): exp(x) instead of exp(x - max): overflow */
        if (c.pass == 0 && sim_fault_on(SIM_FAULT_SOFTMAX_NO_MAX_SUBTRACTION))
            for (int64_t i = 0; i < g; i++) mx[i] = 0.0f;
    }
done:
    free(mx);
    free(sum);
    free(e);
    return rc;
}

const sim_op_def sim_op_softmax_v2 = {
    "SoftmaxV2", 1, red_inputs, 1, red_outputs, softmax_infer, softmax_run,
};
