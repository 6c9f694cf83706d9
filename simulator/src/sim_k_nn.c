/*
 * sim_k_nn.c - BatchNorm (inference) and GEMM (Ascend IR; docs/FIDELITY.md "Ops real clients use").
 *   BatchNorm (ops-nn batch_norm proto): inputs x, scale, offset, mean, variance (mean and variance
 *     are OPTIONAL_INPUTs, needed for inference); outputs y, batch_mean, batch_variance,
 *     reserve_space_1, reserve_space_2 and, in the newer proto, reserve_space_3 (5 or 6 outputs);
 *     attrs epsilon (float, 1e-4), data_format (string, "NHWC"), is_training (bool, true),
 *     exponential_avg_factor (float, 1.0). Only inference (is_training false) is implemented:
 *     y = (x - mean) * (1 / sqrt(variance + epsilon)) * scale + offset per channel, in float32,
 *     rounded once; batch_mean and reserve_space_1 = mean, batch_variance and reserve_space_2 =
 *     variance (the proto's inference-mode outputs); reserve_space_3 ([1], "no meaningful data") = 0.
 *     x, y: 4-D float32 / float16 / bfloat16 in the data_format's layout (desc format the same);
 *     the rest float32 [C] (reserve_space_3 [1]).
 *   GEMM (ops-nn matmul proto REG_OP(GEMM)): inputs a, b, c, alpha, beta; output y; attrs
 *     transpose_a, transpose_b (bool, false): y = alpha[0] * op(a) @ op(b) + beta[0] * c.
 *     a, b: float16 or float32 (one dtype); c, alpha, beta, y: float16 or float32 (one dtype);
 *     alpha and beta hold one element; c and y are [M, N]. Products accumulate in float32 (k in
 *     ascending order), then alpha * acc + beta * c in float32, rounded once. The int8 / int32
 *     forms of the proto are not implemented (refused as unsupported dtypes).
 */
#include "sim_k_ops.h"
#include "sim_k_gemm.h"

#include <math.h>
#include <stdlib.h>

/* ================================================================ BatchNorm */

static const sim_io_def bn_inputs[] = {
    {"x", SIM_IO_REQUIRED}, {"scale", SIM_IO_REQUIRED}, {"offset", SIM_IO_REQUIRED},
    {"mean", SIM_IO_OPTIONAL}, {"variance", SIM_IO_OPTIONAL},
};
static const sim_io_def bn_outputs[] = {
    {"y", SIM_IO_REQUIRED}, {"batch_mean", SIM_IO_REQUIRED}, {"batch_variance", SIM_IO_REQUIRED},
    {"reserve_space_1", SIM_IO_REQUIRED}, {"reserve_space_2", SIM_IO_REQUIRED}, {"reserve_space_3", SIM_IO_OPTIONAL},
};
static const char *const bn_in_names[] = {"x", "scale", "offset", "mean", "variance"};
static const char *const bn_out_names[] = {"y", "batch_mean", "batch_variance", "reserve_space_1",
                                           "reserve_space_2", "reserve_space_3"};

static aclError bn_read(const sim_tensor *in, const sim_attr_set *attrs, float *eps, sim_nchw *v, char *msg,
                        size_t msglen)
{
    aclError rc;
    int32_t format;
    int training = 1;
    *eps = 1e-4f;
    if ((rc = sim_check_attr_type("BatchNorm", attrs, "epsilon", SIM_ATTR_FLOAT, "float", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("BatchNorm", attrs, "is_training", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("BatchNorm", attrs, "exponential_avg_factor", SIM_ATTR_FLOAT, "float", msg,
                                  msglen)) != 0 ||
        (rc = sim_read_data_format("BatchNorm", attrs, &format, msg, msglen)) != 0)
        return rc;
    sim_attr_get_float(attrs, "epsilon", eps);
    sim_attr_get_bool(attrs, "is_training", &training);
    if (training)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "BatchNorm: is_training is true (its default): the simulator implements inference "
                        "BatchNorm only (set attr is_training false and pass mean and variance)");
    if (!(*eps >= 0.0f) || isinf(*eps))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "BatchNorm: attr epsilon %g must be finite and >= 0",
                        (double)*eps);
    if (in[0].format != format)
        return sim_kmsg(ACL_ERROR_FORMAT_NOT_MATCH, msg, msglen, "BatchNorm: x has format %d but data_format says %s",
                        (int)in[0].format, format == ACL_FORMAT_NCHW ? "NCHW" : "NHWC");
    return sim_nchw_view("BatchNorm", "x", &in[0], format, v, msg, msglen);
}

/* A float32 [n] tensor (a channel vector) */
static aclError bn_check_vec(const char *slot, const sim_tensor *t, int64_t n, char *msg, size_t msglen)
{
    char s[160];
    if (t->dtype != ACL_FLOAT)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "BatchNorm: %s must be float32, got %s", slot,
                        sim_dtype_name(t->dtype));
    if (t->ndims != 1 || t->dims[0] != n)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "BatchNorm: %s must have shape [%lld], got %s", slot,
                        (long long)n, sim_dims_str(t, s, sizeof s));
    return ACL_SUCCESS;
}

static aclError bn_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    aclError rc;
    if (nin != 5 || (nout != 5 && nout != 6))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "BatchNorm: expects 5 inputs (x, scale, offset, mean, variance) and 5 or 6 outputs, "
                        "got %d and %d", nin, nout);
    for (int i = 0; i < 5; i++) {
        if (sim_tensor_absent(&in[i]))
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "BatchNorm: input %s is required%s", bn_in_names[i],
                            i >= 3 ? " for inference (is_training false)" : "");
        if ((rc = sim_check_plain_format("BatchNorm", bn_in_names[i], &in[i], msg, msglen)) != 0)
            return rc;
    }
    int32_t dt = in[0].dtype;
    int fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    if ((rc = sim_check_dtype("BatchNorm", "x", dt, fl, env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype("BatchNorm", dt, &out[0], msg, msglen)) != 0)
        return rc;
    float eps;
    sim_nchw v;
    if ((rc = bn_read(in, attrs, &eps, &v, msg, msglen)) != 0)
        return rc;
    for (int i = 1; i < 5; i++)
        if ((rc = bn_check_vec(bn_in_names[i], &in[i], v.c, msg, msglen)) != 0)
            return rc;
    if (out[0].format != in[0].format)
        return sim_kmsg(ACL_ERROR_FORMAT_NOT_MATCH, msg, msglen, "BatchNorm: y must have x's format %d, got %d",
                        (int)in[0].format, (int)out[0].format);
    sim_copy_dims(&in[0], &out[0]);
    for (int i = 1; i < nout; i++) {
        if (out[i].dtype != ACL_FLOAT)
            return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "BatchNorm: output %s must be float32, got %s",
                            bn_out_names[i], sim_dtype_name(out[i].dtype));
        out[i].ndims = 1;
        out[i].dims[0] = i == 5 ? 1 : v.c;
    }
    return ACL_SUCCESS;
}

static aclError bn_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                       const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin;
    float eps;
    sim_nchw v;
    if (bn_read(in, attrs, &eps, &v, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    int64_t total = v.n * v.c * v.h * v.w;
    float *par = malloc((size_t)(4 * v.c + 1) * sizeof(float));
    float *buf = malloc((size_t)(total + 1) * sizeof(float));
    if (par == NULL || buf == NULL) {
        free(par);
        free(buf);
        return sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "BatchNorm: out of host memory");
    }
    float *scale = par, *offset = par + v.c, *mean = par + 2 * v.c, *var = par + 3 * v.c;
    for (int i = 1; i < 5; i++)
        memcpy(par + (i - 1) * v.c, in[i].data, (size_t)v.c * sizeof(float));
    sim_load_f32(in[0].dtype, in[0].data, (size_t)total, buf);
    for (int64_t c = 0; c < v.c; c++) {
        float rstd = 1.0f / sqrtf(var[c] + eps), g = scale[c], b = offset[c], m = mean[c];
        for (int64_t n = 0; n < v.n; n++)
            for (int64_t h = 0; h < v.h; h++)
                for (int64_t w = 0; w < v.w; w++) {
                    float *e = buf + n * v.sn + c * v.sc + h * v.sh + w * v.sw;
                    *e = (*e - m) * rstd * g + b;
                }
    }
    sim_store_f32(in[0].dtype, buf, (size_t)total, out[0].data, sim_env_saturation(env));
    size_t vb = (size_t)v.c * sizeof(float);
    memcpy(out[1].data, mean, vb);
    memcpy(out[2].data, var, vb);
    memcpy(out[3].data, mean, vb);
    memcpy(out[4].data, var, vb);
    if (nout > 5)
        memset(out[5].data, 0, sizeof(float));
    free(par);
    free(buf);
    return ACL_SUCCESS;
}

const sim_op_def sim_op_batch_norm = {"BatchNorm", 5, bn_inputs, 6, bn_outputs, bn_infer, bn_run};

/* ================================================================ GEMM */

static const sim_io_def gemm_inputs[] = {
    {"a", SIM_IO_REQUIRED}, {"b", SIM_IO_REQUIRED}, {"c", SIM_IO_REQUIRED},
    {"alpha", SIM_IO_REQUIRED}, {"beta", SIM_IO_REQUIRED},
};
static const sim_io_def gemm_outputs[] = {{"y", SIM_IO_REQUIRED}};
static const char *const gemm_names[] = {"a", "b", "c", "alpha", "beta"};

typedef struct {
    int ta, tb;
    int64_t m, k, n;
} gemm_shape;

static void gemm_read(const sim_tensor *in, const sim_attr_set *attrs, gemm_shape *s)
{
    s->ta = s->tb = 0;
    sim_attr_get_bool(attrs, "transpose_a", &s->ta);
    sim_attr_get_bool(attrs, "transpose_b", &s->tb);
    s->m = s->ta ? in[0].dims[1] : in[0].dims[0];
    s->k = s->ta ? in[0].dims[0] : in[0].dims[1];
    s->n = s->tb ? in[1].dims[0] : in[1].dims[1];
}

static aclError gemm_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    aclError rc;
    (void)env;
    if (nin != 5 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "GEMM: expects 5 inputs (a, b, c, alpha, beta) and 1 output, got %d and %d", nin, nout);
    for (int i = 0; i < 5; i++) {
        if (sim_tensor_absent(&in[i]))
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "GEMM: input %s is required", gemm_names[i]);
        if ((rc = sim_check_plain_format("GEMM", gemm_names[i], &in[i], msg, msglen)) != 0)
            return rc;
    }
    if ((rc = sim_check_plain_format("GEMM", "y", &out[0], msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("GEMM", attrs, "transpose_a", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("GEMM", attrs, "transpose_b", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype, cdt = in[2].dtype;
    if ((dt != ACL_FLOAT && dt != ACL_FLOAT16) || in[1].dtype != dt)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "GEMM: a and b must both be float16 or both float32, got %s and %s", sim_dtype_name(dt),
                        sim_dtype_name(in[1].dtype));
    if (cdt != ACL_FLOAT && cdt != ACL_FLOAT16)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "GEMM: c must be float16 or float32, got %s",
                        sim_dtype_name(cdt));
    for (int i = 3; i < 5; i++) {
        if (in[i].dtype != cdt)
            return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "GEMM: %s must have c's dtype %s, got %s",
                            gemm_names[i], sim_dtype_name(cdt), sim_dtype_name(in[i].dtype));
        if (sim_tensor_elements(&in[i]) != 1)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "GEMM: %s must hold one element, got %s",
                            gemm_names[i], sim_dims_str(&in[i], s1, sizeof s1));
    }
    if ((rc = sim_check_out_dtype("GEMM", cdt, &out[0], msg, msglen)) != 0)
        return rc;
    if (in[0].ndims != 2 || in[1].ndims != 2)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "GEMM: a and b must be 2-D, got %s and %s",
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    gemm_shape s;
    gemm_read(in, attrs, &s);
    int64_t kb = s.tb ? in[1].dims[1] : in[1].dims[0];
    if (kb != s.k)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "GEMM: K mismatch: a %s (transpose_a=%d), b %s "
                        "(transpose_b=%d)", sim_dims_str(&in[0], s1, sizeof s1), s.ta,
                        sim_dims_str(&in[1], s2, sizeof s2), s.tb);
    if (in[2].ndims != 2 || in[2].dims[0] != s.m || in[2].dims[1] != s.n)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "GEMM: c must be [%lld,%lld], got %s", (long long)s.m,
                        (long long)s.n, sim_dims_str(&in[2], s1, sizeof s1));
    out[0].ndims = 2;
    out[0].dims[0] = s.m;
    out[0].dims[1] = s.n;
    return ACL_SUCCESS;
}

/* a [rows, cols] matrix widened to float32, transposed when t */
static void gemm_widen(const sim_tensor *t, int64_t rows, int64_t cols, int tr, float *dst, float *tmp)
{
    sim_load_f32(t->dtype, t->data, (size_t)(rows * cols), tr ? tmp : dst);
    if (tr)
        for (int64_t r = 0; r < rows; r++)
            for (int64_t c = 0; c < cols; c++)
                dst[c * rows + r] = tmp[r * cols + c];
}

static aclError gemm_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout;
    gemm_shape s;
    gemm_read(in, attrs, &s);
    int64_t m = s.m, k = s.k, n = s.n;
    if (m * n == 0)
        return ACL_SUCCESS;
    int64_t big = (m * k > k * n ? m * k : k * n);
    float *a = malloc((size_t)(m * k + 1) * sizeof(float)), *b = malloc((size_t)(k * n + 1) * sizeof(float));
    float *c = malloc((size_t)(m * n) * sizeof(float)), *cc = malloc((size_t)(m * n) * sizeof(float));
    float *tmp = malloc((size_t)(big + 1) * sizeof(float));
    aclError rc = ACL_SUCCESS;
    if (!a || !b || !c || !cc || !tmp) {
        rc = sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "GEMM: out of host memory");
        goto done;
    }
    gemm_widen(&in[0], s.ta ? k : m, s.ta ? m : k, s.ta, a, tmp);
    gemm_widen(&in[1], s.tb ? n : k, s.tb ? k : n, s.tb, b, tmp);
    memset(c, 0, (size_t)(m * n) * sizeof(float));
    if (k > 0)
        sim_gemm_f32(m, n, k, a, b, c);
    float alpha, beta;
    sim_load_f32(in[3].dtype, in[3].data, 1, &alpha);
    sim_load_f32(in[4].dtype, in[4].data, 1, &beta);
    sim_load_f32(in[2].dtype, in[2].data, (size_t)(m * n), cc);
    for (int64_t i = 0; i < m * n; i++)
        c[i] = alpha * c[i] + beta * cc[i];
    sim_store_f32(out[0].dtype, c, (size_t)(m * n), out[0].data, sim_env_saturation(env));
done:
    free(a);
    free(b);
    free(c);
    free(cc);
    free(tmp);
    return rc;
}

const sim_op_def sim_op_gemm = {"GEMM", 5, gemm_inputs, 1, gemm_outputs, gemm_infer, gemm_run};
