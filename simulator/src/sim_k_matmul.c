/*
 * sim_k_matmul.c - MatMulV2 (Ascend IR, matrix_calculation_ops.h):
 *   inputs x1, x2 (required), bias (optional), offset_w (optional); output y;
 *   attrs transpose_x1 (bool, false), transpose_x2 (bool, false), offset_x (int, 0).
 * x1 is [M,K] ([K,M] with transpose_x1), x2 is [K,N] ([N,K] with transpose_x2), y is [M,N].
 * Float dtypes (float32, float16, bfloat16 -> same dtype) accumulate in float32, add the bias
 * in float32 and round once on store. int8 x int8 -> int32 accumulates exactly in int32
 * (wrapping), with y = (x1 - offset_x) @ (x2 - offset_w) + bias; the offset semantics are
 * UNVERIFIED (the IR doc calls offset_w "Reserved").
 */
#include "sim_fp.h"

#include <stdlib.h>

static const sim_io_def mm_inputs[] = {
    {"x1", SIM_IO_REQUIRED}, {"x2", SIM_IO_REQUIRED}, {"bias", SIM_IO_OPTIONAL}, {"offset_w", SIM_IO_OPTIONAL},
};
static const sim_io_def mm_outputs[] = {{"y", SIM_IO_REQUIRED}};

typedef struct {
    int t1, t2;
    int64_t offset_x;
    int64_t m, k, n;
} mm_shape;

static void mm_attrs(const sim_attr_set *attrs, mm_shape *s)
{
    int v;
    s->t1 = sim_attr_get_bool(attrs, "transpose_x1", &v) ? (v != 0) : 0;
    s->t2 = sim_attr_get_bool(attrs, "transpose_x2", &v) ? (v != 0) : 0;
    s->offset_x = 0;
    sim_attr_get_int(attrs, "offset_x", &s->offset_x);
}

static void mm_dims(const sim_tensor *in, mm_shape *s)
{
    s->m = s->t1 ? in[0].dims[1] : in[0].dims[0];
    s->k = s->t1 ? in[0].dims[0] : in[0].dims[1];
    s->n = s->t2 ? in[1].dims[0] : in[1].dims[1];
}

static aclError mm_check_dtypes(const sim_tensor *in, const sim_tensor *out, const sim_exec_env *env,
                                char *msg, size_t msglen)
{
    int32_t dt = in[0].dtype;
    if (in[1].dtype != dt)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: x1 (%s) and x2 (%s) must have the same dtype",
                        sim_dtype_name(dt), sim_dtype_name(in[1].dtype));
    if (dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_INT8)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "MatMulV2: input dtype %s is not supported", sim_dtype_name(dt));
    if (dt == ACL_BF16 && !sim_env_bf16(env))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "MatMulV2: bfloat16 is not supported on this product");
    int32_t want = dt == ACL_INT8 ? ACL_INT32 : dt;
    if (out[0].dtype != want)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "MatMulV2: %s inputs need a %s output y, got %s",
                        sim_dtype_name(dt), sim_dtype_name(want), sim_dtype_name(out[0].dtype));
    return ACL_SUCCESS;
}

static aclError mm_check_attrs(const sim_attr_set *attrs, int32_t dt, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_attr_type("MatMulV2", attrs, "transpose_x1", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("MatMulV2", attrs, "transpose_x2", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("MatMulV2", attrs, "offset_x", SIM_ATTR_INT, "int", msg, msglen)) != 0)
        return rc;
    int64_t ox = 0;
    sim_attr_get_int(attrs, "offset_x", &ox);
    if (dt == ACL_INT8 && (ox < -128 || ox > 127))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: offset_x %lld is outside the int8 range [-128, 127]", (long long)ox);
    return ACL_SUCCESS;
}

static aclError mm_check_bias(const sim_tensor *bias, int32_t dt, int32_t ydt, int64_t n,
                              char *msg, size_t msglen)
{
    char s[160];
    int ok_dtype = bias->dtype == ydt || (dt == ACL_FLOAT16 && bias->dtype == ACL_FLOAT);
    if (!ok_dtype)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "MatMulV2: bias dtype %s is not supported with %s inputs (needs %s%s)",
                        sim_dtype_name(bias->dtype), sim_dtype_name(dt), sim_dtype_name(ydt),
                        dt == ACL_FLOAT16 ? " or float32" : "");
    if (bias->ndims != 1 || bias->dims[0] != n)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: bias must have shape [%lld], got %s", (long long)n,
                        sim_dims_str(bias, s, sizeof s));
    return ACL_SUCCESS;
}

static aclError mm_check_offset_w(const sim_tensor *ow, int32_t dt, int64_t n, char *msg, size_t msglen)
{
    char s[160];
    if (dt != ACL_INT8)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: offset_w is only accepted for int8 (quantised) inputs, not %s",
                        sim_dtype_name(dt));
    if (ow->dtype != ACL_INT8)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "MatMulV2: offset_w must be int8, got %s", sim_dtype_name(ow->dtype));
    if (!(ow->ndims == 1 && (ow->dims[0] == n || ow->dims[0] == 1)))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: offset_w must have shape [%lld] or [1], got %s", (long long)n,
                        sim_dims_str(ow, s, sizeof s));
    return ACL_SUCCESS;
}

static aclError mm_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    aclError rc;
    if (nin < 2 || nin > 4 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: expects 2 to 4 inputs (x1, x2, bias, offset_w) and 1 output, got %d and %d",
                        nin, nout);
    if (sim_tensor_absent(&in[0]) || sim_tensor_absent(&in[1]))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "MatMulV2: inputs x1 and x2 are required");
    if ((rc = sim_check_plain_format("MatMulV2", "x1", &in[0], msg, msglen)) != 0 ||
        (rc = sim_check_plain_format("MatMulV2", "x2", &in[1], msg, msglen)) != 0 ||
        (rc = sim_check_plain_format("MatMulV2", "y", &out[0], msg, msglen)) != 0)
        return rc;
    if ((rc = mm_check_dtypes(in, out, env, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    if ((rc = mm_check_attrs(attrs, dt, msg, msglen)) != 0)
        return rc;
    if (in[0].ndims != 2 || in[1].ndims != 2)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: x1 and x2 must be 2-D, got %s and %s",
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    mm_shape s;
    mm_attrs(attrs, &s);
    mm_dims(in, &s);
    int64_t k2 = s.t2 ? in[1].dims[1] : in[1].dims[0];
    if (s.k != k2)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "MatMulV2: K mismatch: x1 %s (transpose_x1=%d) and x2 %s (transpose_x2=%d)",
                        sim_dims_str(&in[0], s1, sizeof s1), s.t1, sim_dims_str(&in[1], s2, sizeof s2), s.t2);
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        if ((rc = sim_check_plain_format("MatMulV2", "bias", &in[2], msg, msglen)) != 0 ||
            (rc = mm_check_bias(&in[2], dt, out[0].dtype, s.n, msg, msglen)) != 0)
            return rc;
    }
    if (nin > 3 && !sim_tensor_absent(&in[3])) {
        if ((rc = sim_check_plain_format("MatMulV2", "offset_w", &in[3], msg, msglen)) != 0 ||
            (rc = mm_check_offset_w(&in[3], dt, s.n, msg, msglen)) != 0)
            return rc;
    }
    out[0].ndims = 2;
    out[0].dims[0] = s.m;
    out[0].dims[1] = s.n;
    return ACL_SUCCESS;
}

/* c[j] += av * b[j]: the i-k-j inner loop (restrict lets the compiler vectorise it) */
static void axpy_f32(float *restrict c, const float *restrict b, float av, int64_t n)
{
    int64_t j = 0;
    for (; j + 8 <= n; j += 8) {   /* unrolled so -O2's SLP vectoriser picks it up */
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

static aclError mm_run_float(const sim_tensor *in, int nin, sim_tensor *out, const mm_shape *s, int sat)
{
    int32_t dt = in[0].dtype;
    int64_t m = s->m, k = s->k, n = s->n;
    int64_t maxdim = m > k ? m : k;
    if (n > maxdim)
        maxdim = n;
    float *a = malloc((size_t)(m * k + 1) * sizeof(float));
    float *b = malloc((size_t)(k * n + 1) * sizeof(float));
    float *c = calloc((size_t)(m * n + 1), sizeof(float));
    float *tmp = malloc((size_t)(maxdim + 1) * sizeof(float));
    aclError rc = ACL_SUCCESS;
    if (a == NULL || b == NULL || c == NULL || tmp == NULL) {
        rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
        goto done;
    }
    /* a is [m,k], b is [k,n] row-major */
    widen_f32(dt, in[0].data, s->t1 ? k : m, s->t1 ? m : k, s->t1, a, tmp);
    widen_f32(dt, in[1].data, s->t2 ? n : k, s->t2 ? k : n, s->t2, b, tmp);
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++)
            axpy_f32(c + i * n, b + p * n, a[i * k + p], n);
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        sim_load_f32(in[2].dtype, in[2].data, (size_t)n, tmp);
        for (int64_t i = 0; i < m; i++) {
            float *ci = c + i * n;
            for (int64_t j = 0; j < n; j++)
                ci[j] += tmp[j];
        }
    }
    sim_store_f32(out[0].dtype, c, (size_t)(m * n), out[0].data, sat);
done:
    free(a);
    free(b);
    free(c);
    free(tmp);
    return rc;
}

/* int8 x int8 -> int32, exact with wraparound (unsigned arithmetic). */
static aclError mm_run_int8(const sim_tensor *in, int nin, sim_tensor *out, const mm_shape *s)
{
    int64_t m = s->m, k = s->k, n = s->n;
    const int8_t *x1 = (const int8_t *)in[0].data;
    const int8_t *x2 = (const int8_t *)in[1].data;
    uint32_t *a = malloc((size_t)(m * k + 1) * sizeof(uint32_t));
    uint32_t *b = malloc((size_t)(k * n + 1) * sizeof(uint32_t));
    uint32_t *c = calloc((size_t)(m * n + 1), sizeof(uint32_t));
    aclError rc = ACL_SUCCESS;
    if (a == NULL || b == NULL || c == NULL) {
        rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
        goto done;
    }
    const sim_tensor *ow = nin > 3 && !sim_tensor_absent(&in[3]) ? &in[3] : NULL;
    const int8_t *owd = ow ? (const int8_t *)ow->data : NULL;
    int ow_bcast = ow ? ow->dims[0] == 1 : 0;
    uint32_t ox = (uint32_t)(int32_t)s->offset_x;
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++) {
            int8_t v = s->t1 ? x1[p * m + i] : x1[i * k + p];
            a[i * k + p] = (uint32_t)(int32_t)v - ox;
        }
    for (int64_t p = 0; p < k; p++)
        for (int64_t j = 0; j < n; j++) {
            int8_t v = s->t2 ? x2[j * k + p] : x2[p * n + j];
            uint32_t w = owd ? (uint32_t)(int32_t)owd[ow_bcast ? 0 : j] : 0u;
            b[p * n + j] = (uint32_t)(int32_t)v - w;
        }
    for (int64_t i = 0; i < m; i++)
        for (int64_t p = 0; p < k; p++)
            axpy_u32(c + i * n, b + p * n, a[i * k + p], n);
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        const uint32_t *bias = (const uint32_t *)in[2].data;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++)
                c[i * n + j] += bias[j];
    }
    if (m * n > 0)
        memcpy(out[0].data, c, (size_t)(m * n) * sizeof(uint32_t));
done:
    free(a);
    free(b);
    free(c);
    return rc;
}

static aclError mm_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                       const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nout;
    mm_shape s;
    mm_attrs(attrs, &s);
    mm_dims(in, &s);
    if (s.m == 0 || s.n == 0)
        return ACL_SUCCESS;
    aclError rc = in[0].dtype == ACL_INT8 ? mm_run_int8(in, nin, out, &s)
                                          : mm_run_float(in, nin, out, &s, sim_env_saturation(env));
    if (rc != ACL_SUCCESS)
        sim_kmsg(rc, msg, msglen, "MatMulV2: out of host memory for a [%lld,%lld]x[%lld,%lld] product",
                 (long long)s.m, (long long)s.k, (long long)s.k, (long long)s.n);
    return rc;
}

const sim_op_def sim_op_matmul_v2 = {
    "MatMulV2", 4, mm_inputs, 1, mm_outputs, mm_infer, mm_run,
};
