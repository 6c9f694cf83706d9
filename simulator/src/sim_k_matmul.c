/*
 * sim_k_matmul.c - MatMulV2 and BatchMatMulV2 (Ascend IR, matrix_calculation_ops.h /
 * ops-nn matmul batch_mat_mul_v2 proto):
 *   inputs x1, x2 (required), bias (optional), offset_w (optional); output y.
 *   MatMulV2 attrs: transpose_x1 (bool, false), transpose_x2 (bool, false), offset_x (int, 0).
 *     x1 is [M,K] ([K,M] with transpose_x1), x2 is [K,N] ([N,K] with transpose_x2), y is [M,N].
 *   BatchMatMulV2 attrs: adj_x1 (bool, false), adj_x2 (bool, false), offset_x (int, 0).
 *     x1 is [...,M,K], x2 is [...,K,N] (last two dims swapped with adj), rank >= 2 each; the batch
 *     dims broadcast numpy-style (ranks may differ); y is [batch..., M, N].
 * Float dtypes (float32, float16, bfloat16 -> same dtype; float16 / bfloat16 also -> float32)
 * accumulate in float32 (k in ascending order for every output element), add the bias in float32
 * and round once on store (a float32 y: no rounding after the float32 sum). int8 x int8
 * -> int32 accumulates exactly in int32 (wrapping), with y = (x1 - offset_x) @ (x2 - offset_w) +
 * bias; the offset semantics are UNVERIFIED (the IR doc calls offset_w "Reserved").
 * bias is [N]: with float inputs float32, float16 or bfloat16 (which combination a SoC declares:
 * simulator/cann/op_support.csv), with int8 inputs int32.
 * BatchMatMul (v1; ops-nn matmul proto REG_OP(BatchMatMul)): inputs x1, x2 only, attrs adj_x1,
 * adj_x2; dtypes float32, float16, bfloat16 and int32 (int32 x int32 -> int32, wrapping); no int8.
 */
#include "sim_k_ops.h"
#include "sim_k_gemm.h"

#include <stdlib.h>

static const sim_io_def mm_inputs[] = {
    {"x1", SIM_IO_REQUIRED}, {"x2", SIM_IO_REQUIRED}, {"bias", SIM_IO_OPTIONAL}, {"offset_w", SIM_IO_OPTIONAL},
};
static const sim_io_def mm_outputs[] = {{"y", SIM_IO_REQUIRED}};

typedef struct {
    const char *op;              /* "MatMulV2" / "BatchMatMulV2" */
    const char *t1_name, *t2_name;
    int batched;
    int v1;                      /* BatchMatMul: two inputs, int32 instead of int8 */
} mm_kind;

static const mm_kind mm_plain = {"MatMulV2", "transpose_x1", "transpose_x2", 0, 0};
static const mm_kind mm_batch = {"BatchMatMulV2", "adj_x1", "adj_x2", 1, 0};
static const mm_kind mm_batch_v1 = {"BatchMatMul", "adj_x1", "adj_x2", 1, 1};
static const sim_io_def mm_v1_inputs[] = {{"x1", SIM_IO_REQUIRED}, {"x2", SIM_IO_REQUIRED}};

typedef struct {
    int t1, t2;
    int64_t offset_x;
    int64_t m, k, n;
    int r1, r2;                  /* ranks of x1, x2 */
} mm_shape;

static void mm_attrs(const mm_kind *mk, const sim_attr_set *attrs, mm_shape *s)
{
    int v;
    s->t1 = sim_attr_get_bool(attrs, mk->t1_name, &v) ? (v != 0) : 0;
    s->t2 = sim_attr_get_bool(attrs, mk->t2_name, &v) ? (v != 0) : 0;
    s->offset_x = 0;
    sim_attr_get_int(attrs, "offset_x", &s->offset_x);
}

/* m, k, n from the last two dims */
static void mm_dims(const sim_tensor *in, mm_shape *s)
{
    int r1 = in[0].ndims, r2 = in[1].ndims;
    const int64_t *d1 = in[0].dims + r1 - 2, *d2 = in[1].dims + r2 - 2;
    s->r1 = r1;
    s->r2 = r2;
    s->m = s->t1 ? d1[1] : d1[0];
    s->k = s->t1 ? d1[0] : d1[1];
    s->n = s->t2 ? d2[0] : d2[1];
}

static aclError mm_check_dtypes(const mm_kind *mk, const sim_tensor *in, const sim_tensor *out,
                                const sim_exec_env *env, char *msg, size_t msglen)
{
    const char *op = mk->op;
    int32_t dt = in[0].dtype;
    int32_t intdt = mk->v1 ? ACL_INT32 : ACL_INT8;
    aclError rc = sim_check_same_dtype(op, dt, in[1].dtype, msg, msglen);
    if (rc != ACL_SUCCESS)
        return rc;
    if (dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != intdt)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "%s: input dtype %s is not supported", op, sim_dtype_name(dt));
    if (dt == ACL_BF16 && !sim_env_bf16(env))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "%s: bfloat16 is not supported on this product", op);
    int32_t want = dt == intdt ? ACL_INT32 : dt;
    /* 16-bit float inputs may also give a float32 y (the A2 prebuilt MatMulV2 / BatchMatMulV2
     * kernels: 8.1.RC1 kernel/config/ascend910b/mat_mul.json, batch_matmul_v2.json) */
    int f32_out = (dt == ACL_FLOAT16 || dt == ACL_BF16) && out[0].dtype == ACL_FLOAT && !mk->v1;
    if (out[0].dtype != want && !f32_out)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "%s: %s inputs need a %s output y%s, got %s", op, sim_dtype_name(dt), sim_dtype_name(want),
                        dt == ACL_FLOAT16 || dt == ACL_BF16 ? " (or float32)" : "", sim_dtype_name(out[0].dtype));
    return ACL_SUCCESS;
}

static aclError mm_check_attrs(const mm_kind *mk, const sim_attr_set *attrs, int32_t dt, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_attr_type(mk->op, attrs, mk->t1_name, SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(mk->op, attrs, mk->t2_name, SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type(mk->op, attrs, "offset_x", SIM_ATTR_INT, "int", msg, msglen)) != 0)
        return rc;
    int64_t ox = 0;
    sim_attr_get_int(attrs, "offset_x", &ox);
    if (dt == ACL_INT8 && (ox < -128 || ox > 127))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: offset_x %lld is outside the int8 range [-128, 127]", mk->op, (long long)ox);
    return ACL_SUCCESS;
}

static aclError mm_check_bias(const char *op, const sim_tensor *bias, int32_t dt, int32_t ydt, int64_t n,
                              const sim_exec_env *env, char *msg, size_t msglen)
{
    char s[160];
    aclError rc;
    /* float inputs: a bias of any float dtype, added in float32 (the A2 kernels pair 16-bit inputs
     * with a float16 or float32 bias); int8 inputs: int32 */
    int fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    int ok_dtype = fl ? (bias->dtype == ACL_FLOAT || bias->dtype == ACL_FLOAT16 || bias->dtype == ACL_BF16)
                      : bias->dtype == ydt;
    if (!ok_dtype)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "%s: bias dtype %s is not supported with %s inputs (needs %s)", op,
                        sim_dtype_name(bias->dtype), sim_dtype_name(dt),
                        fl ? "float32, float16 or bfloat16" : sim_dtype_name(ydt));
    if ((rc = sim_check_dtype(op, "bias", bias->dtype, 1, env, msg, msglen)) != 0)
        return rc;
    if (bias->ndims != 1 || bias->dims[0] != n)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: bias must have shape [%lld], got %s", op, (long long)n,
                        sim_dims_str(bias, s, sizeof s));
    return ACL_SUCCESS;
}

static aclError mm_check_offset_w(const char *op, const sim_tensor *ow, int32_t dt, int64_t n,
                                  char *msg, size_t msglen)
{
    char s[160];
    if (dt != ACL_INT8)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: offset_w is only accepted for int8 (quantised) inputs, not %s", op,
                        sim_dtype_name(dt));
    if (ow->dtype != ACL_INT8)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "%s: offset_w must be int8, got %s", op, sim_dtype_name(ow->dtype));
    if (!(ow->ndims == 1 && (ow->dims[0] == n || ow->dims[0] == 1)))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: offset_w must have shape [%lld] or [1], got %s", op, (long long)n,
                        sim_dims_str(ow, s, sizeof s));
    return ACL_SUCCESS;
}

static aclError mm_infer(const mm_kind *mk, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                                const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    const char *op = mk->op;
    aclError rc;
    if (mk->v1 && (nin != 2 || nout != 1))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: expects 2 inputs (x1, x2) and 1 output, got %d and %d", op, nin, nout);
    if (nin < 2 || nin > 4 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: expects 2 to 4 inputs (x1, x2, bias, offset_w) and 1 output, got %d and %d",
                        op, nin, nout);
    if ((rc = sim_check_x1_x2(op, in, out, msg, msglen)) != 0)
        return rc;
    if ((rc = mm_check_dtypes(mk, in, out, env, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    if ((rc = mm_check_attrs(mk, attrs, dt, msg, msglen)) != 0)
        return rc;
    if (!mk->batched && (in[0].ndims != 2 || in[1].ndims != 2))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: x1 and x2 must be 2-D, got %s and %s", op,
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    if (mk->batched && (in[0].ndims < 2 || in[1].ndims < 2))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: x1 and x2 must have at least 2 dims, got %s and %s", op,
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    mm_shape s;
    mm_attrs(mk, attrs, &s);
    mm_dims(in, &s);
    int64_t k2 = s.t2 ? in[1].dims[in[1].ndims - 1] : in[1].dims[in[1].ndims - 2];
    if (s.k != k2)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: K mismatch: x1 %s (%s=%d) and x2 %s (%s=%d)", op,
                        sim_dims_str(&in[0], s1, sizeof s1), mk->t1_name, s.t1,
                        sim_dims_str(&in[1], s2, sizeof s2), mk->t2_name, s.t2);
    int64_t bdims[SIM_MAX_DIMS];   /* the batch dims: broadcast of those of x1 and x2 */
    int nb = sim_broadcast_dims(in[0].ndims - 2, in[0].dims, in[1].ndims - 2, in[1].dims, bdims);
    if (nb < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: batch dims of x1 %s and x2 %s cannot be broadcast together", op,
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        if ((rc = sim_check_plain_format(op, "bias", &in[2], msg, msglen)) != 0 ||
            (rc = mm_check_bias(op, &in[2], dt, out[0].dtype, s.n, env, msg, msglen)) != 0)
            return rc;
    }
    if (nin > 3 && !sim_tensor_absent(&in[3])) {
        if ((rc = sim_check_plain_format(op, "offset_w", &in[3], msg, msglen)) != 0 ||
            (rc = mm_check_offset_w(op, &in[3], dt, s.n, msg, msglen)) != 0)
            return rc;
    }
    out[0].ndims = nb + 2;
    for (int i = 0; i < nb; i++)
        out[0].dims[i] = bdims[i];
    out[0].dims[nb] = s.m;
    out[0].dims[nb + 1] = s.n;
    return ACL_SUCCESS;
}

/* c[j] += av * b[j]: the i-k-j inner loop (restrict lets the compiler vectorise it) */
static void axpy_u32(uint32_t *restrict c, const uint32_t *restrict b, uint32_t av, int64_t n)
{
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) {
        c[j + 0] += av * b[j + 0];
        c[j + 1] += av * b[j + 1];
        c[j + 2] += av * b[j + 2];
        c[j + 3] += av * b[j + 3];
        c[j + 4] += av * b[j + 4];
        c[j + 5] += av * b[j + 5];
        c[j + 6] += av * b[j + 6];
        c[j + 7] += av * b[j + 7];
    }
    for (; j < n; j++)
        c[j] += av * b[j];
}

/* Widen a [rows, cols] matrix to float32, transposed when t (then the result is [cols, rows]). */
static void widen_f32(int32_t dt, const void *src, int64_t rows, int64_t cols, int t, float *dst, float *rowbuf)
{
    const unsigned char *p = (const unsigned char *)src;
    size_t es = sim_dtype_size(dt);
    for (int64_t r = 0; r < rows; r++) {
        float *row = t ? rowbuf : dst + r * cols;
        sim_load_f32(dt, p + (size_t)(r * cols) * es, (size_t)cols, row);
        if (t) {
            for (int64_t c = 0; c < cols; c++)
                dst[c * rows + r] = row[c];
        }
    }
}

/* Scratch for one [m,k]x[k,n] product, reused across the batch. */
typedef struct {
    void *a, *b, *c;             /* [m,k], [k,n], [m,n] of float or uint32 */
    float *tmp;                  /* a row / the bias */
} mm_scratch;

static int mm_scratch_alloc(mm_scratch *w, const mm_shape *s)
{
    int64_t maxdim = s->m > s->k ? s->m : s->k;
    if (s->n > maxdim)
        maxdim = s->n;
    w->a = malloc((size_t)(s->m * s->k + 1) * 4);
    w->b = malloc((size_t)(s->k * s->n + 1) * 4);
    w->c = malloc((size_t)(s->m * s->n + 1) * 4);
    w->tmp = malloc((size_t)(maxdim + 1) * sizeof(float));
    return w->a && w->b && w->c && w->tmp;
}

static void mm_scratch_free(mm_scratch *w)
{
    free(w->a);
    free(w->b);
    free(w->c);
    free(w->tmp);
}

/* One float product: x1p/x2p point at the batch's matrices, yp at its output matrix. */
static void mm_one_float(const sim_tensor *in, int nin, int32_t ydt, const void *x1p, const void *x2p, void *yp,
                         const mm_shape *s, mm_scratch *w, int sat)
{
    int32_t dt = in[0].dtype;
    int64_t m = s->m, k = s->k, n = s->n;
    float *a = w->a, *b = w->b, *c = w->c, *tmp = w->tmp;
    /* a is [m,k], b is [k,n] row-major */
    widen_f32(dt, x1p, s->t1 ? k : m, s->t1 ? m : k, s->t1, a, tmp);
    widen_f32(dt, x2p, s->t2 ? n : k, s->t2 ? k : n, s->t2, b, tmp);
    memset(c, 0, (size_t)(m * n) * sizeof(float));
    /* FAULT matmul_fp16_accumulate (numerics): float16 partial sums rounded to float16 each step */
    if (dt == ACL_FLOAT16 && sim_fault_on(SIM_FAULT_MATMUL_FP16_ACCUMULATE)) {
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                float acc = 0.0f;
                for (int64_t p = 0; p < k; p++)
                    acc = sim_f16_to_f32(sim_f32_to_f16(acc + a[i * k + p] * b[p * n + j]));
                c[i * n + j] = acc;
            }
        k = 0;   /* skip the float32 product below */
    }
    /* FAULT nondeterministic_accumulation (determinism): each dot product starts at a term that
     * moves with every launch */
    if (k > 0 && sim_fault_on(SIM_FAULT_NONDETERMINISTIC_ACCUMULATION)) {
        int64_t r = (int64_t)(sim_fault_launch() % (uint64_t)k);
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                float acc = 0.0f;
                for (int64_t q = 0; q < k; q++) {
                    int64_t p = (q + r) % k;
                    acc += a[i * k + p] * b[p * n + j];
                }
                c[i * n + j] = acc;
            }
        k = 0;
    }
    if (k > 0 && sim_fault_on(SIM_FAULT_BENIGN_ACCUMULATION_TIMING))
        sim_fault_pause();
    if (k > 0)
        sim_gemm_f32(m, n, k, a, b, c);   /* same per-element order as a naive fp32 loop */
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        sim_load_f32(in[2].dtype, in[2].data, (size_t)n, tmp);
        for (int64_t i = 0; i < m; i++) {
            float *ci = c + i * n;
            for (int64_t j = 0; j < n; j++)
                ci[j] += tmp[j];
        }
    }
    sim_store_f32(ydt, c, (size_t)(m * n), yp, sat);
}

/* element i of an int8 or int32 matrix, as uint32 (two's complement) */
static uint32_t int_at(int32_t dt, const void *p, int64_t i)
{
    return dt == ACL_INT8 ? (uint32_t)(int32_t)((const int8_t *)p)[i] : (uint32_t)((const int32_t *)p)[i];
}

/* One int8 x int8 (int32 x int32 for BatchMatMul) -> int32 product, exact with wraparound
 * (unsigned arithmetic). */
static void mm_one_int(const sim_tensor *in, int nin, const void *x1, const void *x2, void *yp,
                       const mm_shape *s, mm_scratch *w)
{
    int32_t dt = in[0].dtype;
    int64_t m = s->m, k = s->k, n = s->n;
    uint32_t *a = w->a, *b = w->b, *c = w->c;
    const sim_tensor *ow = nin > 3 && !sim_tensor_absent(&in[3]) ? &in[3] : NULL;
    const int8_t *owd = ow ? (const int8_t *)ow->data : NULL;
    int ow_bcast = ow ? ow->dims[0] == 1 : 0;
    uint32_t ox = (uint32_t)(int32_t)s->offset_x;
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++) {
            a[i * k + p] = int_at(dt, x1, s->t1 ? p * m + i : i * k + p) - ox;
        }
    for (int64_t p = 0; p < k; p++)
        for (int64_t j = 0; j < n; j++) {
            uint32_t wv = owd ? (uint32_t)(int32_t)owd[ow_bcast ? 0 : j] : 0u;
            b[p * n + j] = int_at(dt, x2, s->t2 ? j * k + p : p * n + j) - wv;
        }
    memset(c, 0, (size_t)(m * n) * sizeof(uint32_t));
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++)
            axpy_u32(c + i * n, b + p * n, a[i * k + p], n);
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        const uint32_t *bias = (const uint32_t *)in[2].data;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                c[i * n + j] += bias[j];
    }
    memcpy(yp, c, (size_t)(m * n) * sizeof(uint32_t));
}

/* One row of the walk over the batch dims: len products (a = x1, b = x2 matrix offsets in elements). */
typedef struct {
    const sim_tensor *in;
    int nin;
    int32_t dt, ydt;
    size_t es, yes;              /* bytes per x1/x2 and per y element */
    int sat;
    int64_t len, sa, sb;         /* matrices per row; x1's and x2's matrix strides along it */
    const mm_shape *s;
    mm_scratch *w;
    unsigned char *y;
} mm_batch_ctx;

static void mm_batch_row(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const mm_batch_ctx *c = vctx;
    for (int64_t j = 0; j < c->len; j++) {
        const unsigned char *x1p = (const unsigned char *)c->in[0].data + (size_t)(offa + j * c->sa) * c->es;
        const unsigned char *x2p = (const unsigned char *)c->in[1].data + (size_t)(offb + j * c->sb) * c->es;
        unsigned char *yp = c->y + (size_t)((row * c->len + j) * c->s->m * c->s->n) * c->yes;
        if (c->dt == ACL_INT8 || c->dt == ACL_INT32)
            mm_one_int(c->in, c->nin, x1p, x2p, yp, c->s, c->w);
        else
            mm_one_float(c->in, c->nin, c->ydt, x1p, x2p, yp, c->s, c->w, c->sat);
    }
}

static aclError mm_run(const mm_kind *mk, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                       const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nout;
    mm_shape s;
    mm_attrs(mk, attrs, &s);
    mm_dims(in, &s);
    if (sim_tensor_elements(&out[0]) <= 0)
        return ACL_SUCCESS;
    int nb = out[0].ndims - 2;
    int64_t sa[SIM_MAX_DIMS], sb[SIM_MAX_DIMS];
    sim_broadcast_strides(s.r1 - 2, in[0].dims, nb, in[0].dims[s.r1 - 2] * in[0].dims[s.r1 - 1], sa);
    sim_broadcast_strides(s.r2 - 2, in[1].dims, nb, in[1].dims[s.r2 - 2] * in[1].dims[s.r2 - 1], sb);
    sim_walk bw;
    sim_walk_make(nb, out[0].dims, sa, sb, &bw);
    mm_scratch w;
    if (!mm_scratch_alloc(&w, &s)) {
        mm_scratch_free(&w);
        return sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen,
                        "%s: out of host memory for a [%lld,%lld]x[%lld,%lld] product", mk->op,
                        (long long)s.m, (long long)s.k, (long long)s.k, (long long)s.n);
    }
    mm_batch_ctx c = {in, nin, in[0].dtype, out[0].dtype, sim_dtype_size(in[0].dtype),
                      sim_dtype_size(out[0].dtype), sim_env_saturation(env), sim_walk_len(&bw), sim_walk_sa(&bw),
                      sim_walk_sb(&bw), &s, &w, out[0].data};
    sim_walk_rows(&bw, mm_batch_row, &c);
    mm_scratch_free(&w);
    return ACL_SUCCESS;
}

SIM_DEFINE_OP_VARIANT(matmul_v2, "MatMulV2", &mm_plain, mm, 4, mm_inputs, 1, mm_outputs)
SIM_DEFINE_OP_VARIANT(batch_matmul_v2, "BatchMatMulV2", &mm_batch, mm, 4, mm_inputs, 1, mm_outputs)
SIM_DEFINE_OP_VARIANT(batch_matmul, "BatchMatMul", &mm_batch_v1, mm, 2, mm_v1_inputs, 1, mm_outputs)
