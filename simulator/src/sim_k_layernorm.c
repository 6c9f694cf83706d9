/*
 * sim_k_layernorm.c - LayerNorm (Ascend IR, ops-nn norm/layer_norm):
 *   inputs x, gamma, beta (required); outputs y, mean, variance;
 *   attrs begin_norm_axis (int, 0), begin_params_axis (int, 0), epsilon (float, 1e-7).
 * x is normalised over dims [begin_norm_axis, rank) (negative axes count from the end);
 * gamma and beta have shape x.shape[begin_params_axis:]; mean and variance have shape
 * x.shape[:begin_norm_axis] + [1] * (rank - begin_norm_axis); variance is the biased (population)
 * variance; y = (x - mean) * (1 / sqrt(variance + epsilon)) * gamma + beta.
 * dtypes float32, float16, bfloat16: y has x's dtype; gamma and beta share one dtype, x's or
 * float32 (ops-nn README: "gamma ... 类型与 x 一致或为float32"); mean and variance have gamma's
 * dtype (README). Computed in float32, two passes (mean, then variance), sums in 8 partial sums,
 * each output rounded once. An empty normalised group gives mean = variance = NaN (0/0).
 */
#include "sim_k_ops.h"

#include <math.h>
#include <stdlib.h>

#define LN_CHUNK 1024

static const sim_io_def ln_inputs[] = {
    {"x", SIM_IO_REQUIRED}, {"gamma", SIM_IO_REQUIRED}, {"beta", SIM_IO_REQUIRED},
};
static const sim_io_def ln_outputs[] = {
    {"y", SIM_IO_REQUIRED}, {"mean", SIM_IO_REQUIRED}, {"variance", SIM_IO_REQUIRED},
};

typedef struct {
    int norm, params;     /* normalised begin axes */
    float eps;
} ln_attrs;

static aclError ln_read_attrs(const sim_attr_set *attrs, int rank, ln_attrs *a, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_attr_type("LayerNorm", attrs, "begin_norm_axis", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("LayerNorm", attrs, "begin_params_axis", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("LayerNorm", attrs, "epsilon", SIM_ATTR_FLOAT, "float", msg, msglen)) != 0)
        return rc;
    int64_t bn = 0, bp = 0;
    a->eps = 1e-7f;
    sim_attr_get_int(attrs, "begin_norm_axis", &bn);
    sim_attr_get_int(attrs, "begin_params_axis", &bp);
    sim_attr_get_float(attrs, "epsilon", &a->eps);
    int64_t n = sim_norm_axis(bn, rank), p = sim_norm_axis(bp, rank);
    if (n < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "LayerNorm: attr begin_norm_axis %lld is out of range [%d, %d] for x of rank %d",
                        (long long)bn, -rank, rank - 1, rank);
    if (p < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "LayerNorm: attr begin_params_axis %lld is out of range [%d, %d] for x of rank %d",
                        (long long)bp, -rank, rank - 1, rank);
    if (!(a->eps >= 0.0f) || isinf(a->eps))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "LayerNorm: attr epsilon %g must be a finite value >= 0", (double)a->eps);
    a->norm = (int)n;
    a->params = (int)p;
    return ACL_SUCCESS;
}

static aclError ln_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    static const char *const in_names[] = {"x", "gamma", "beta"};
    static const char *const out_names[] = {"y", "mean", "variance"};
    char s1[160], s2[160];
    aclError rc;
    if (nin != 3 || nout != 3)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "LayerNorm: expects 3 inputs (x, gamma, beta) and 3 outputs (y, mean, variance), "
                        "got %d and %d", nin, nout);
    for (int i = 0; i < 3; i++) {
        if (sim_tensor_absent(&in[i]))
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "LayerNorm: input %s is required", in_names[i]);
        if ((rc = sim_check_plain_format("LayerNorm", in_names[i], &in[i], msg, msglen)) != 0 ||
            (rc = sim_check_plain_format("LayerNorm", out_names[i], &out[i], msg, msglen)) != 0)
            return rc;
    }
    int32_t dt = in[0].dtype, pdt = in[1].dtype;
    int fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    if ((rc = sim_check_dtype("LayerNorm", "x", dt, fl, env, msg, msglen)) != 0)
        return rc;
    if (pdt != dt && pdt != ACL_FLOAT)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "LayerNorm: gamma must have x's dtype %s or float32, got %s", sim_dtype_name(dt),
                        sim_dtype_name(pdt));
    if (in[2].dtype != pdt)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "LayerNorm: beta must have gamma's dtype %s, got %s", sim_dtype_name(pdt),
                        sim_dtype_name(in[2].dtype));
    if (out[0].dtype != dt)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "LayerNorm: output y must have x's dtype %s, got %s", sim_dtype_name(dt),
                        sim_dtype_name(out[0].dtype));
    for (int i = 1; i < 3; i++)
        if (out[i].dtype != pdt)
            return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                            "LayerNorm: output %s must have gamma's dtype %s, got %s", out_names[i],
                            sim_dtype_name(pdt), sim_dtype_name(out[i].dtype));
    int rank = in[0].ndims;
    if (rank == 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "LayerNorm: x must have at least 1 dim");
    ln_attrs a;
    if ((rc = ln_read_attrs(attrs, rank, &a, msg, msglen)) != 0)
        return rc;
    for (int i = 1; i < 3; i++) {
        int same = in[i].ndims == rank - a.params;
        for (int k = 0; same && k < in[i].ndims; k++)
            same = in[i].dims[k] == in[0].dims[a.params + k];
        if (!same)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "LayerNorm: %s %s must have the shape of x %s from begin_params_axis %d",
                            in_names[i], sim_dims_str(&in[i], s1, sizeof s1), sim_dims_str(&in[0], s2, sizeof s2),
                            a.params);
    }
    sim_copy_dims(&in[0], &out[0]);
    for (int i = 1; i < 3; i++) {
        sim_copy_dims(&in[0], &out[i]);
        for (int k = a.norm; k < rank; k++)
            out[i].dims[k] = 1;
    }
    return ACL_SUCCESS;
}

static aclError ln_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                       const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout;
    int rank = in[0].ndims;
    ln_attrs a;
    if (ln_read_attrs(attrs, rank, &a, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    int64_t groups = 1, gsize = 1, psize = 1;
    for (int k = 0; k < rank; k++) {
        if (k < a.norm)
            groups *= in[0].dims[k];
        else
            gsize *= in[0].dims[k];
        if (k >= a.params)
            psize *= in[0].dims[k];
    }
    if (groups == 0)
        return ACL_SUCCESS;
    int32_t dt = in[0].dtype, pdt = in[1].dtype;
    size_t es = sim_dtype_size(dt);
    int sat = sim_env_saturation(env);
    float *gamma = malloc((size_t)(psize + 1) * sizeof(float));
    float *beta = malloc((size_t)(psize + 1) * sizeof(float));
    float *stat = malloc((size_t)(2 * groups) * sizeof(float));
    aclError rc = ACL_SUCCESS;
    if (gamma == NULL || beta == NULL || stat == NULL) {
        rc = sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "LayerNorm: out of host memory");
        goto done;
    }
    float *means = stat, *vars = stat + groups;
    if (gsize > 0) {
        sim_load_f32(pdt, in[1].data, (size_t)psize, gamma);
        sim_load_f32(pdt, in[2].data, (size_t)psize, beta);
    }
    const unsigned char *x = in[0].data;
    unsigned char *y = out[0].data;
    float buf[LN_CHUNK], yb[LN_CHUNK];
    for (int64_t g = 0; g < groups; g++) {
        const unsigned char *xg = x + (size_t)(g * gsize) * es;
        float s = 0.0f;
        for (int64_t off = 0; off < gsize; off += LN_CHUNK) {   /* pass 1: mean */
            size_t m = (size_t)(gsize - off < LN_CHUNK ? gsize - off : LN_CHUNK);
            sim_load_f32(dt, xg + (size_t)off * es, m, buf);
            s += sim_sum8(buf, m);
        }
        float mean = s / (float)gsize;
        float q = 0.0f;
        for (int64_t off = 0; off < gsize; off += LN_CHUNK) {   /* pass 2: variance */
            size_t m = (size_t)(gsize - off < LN_CHUNK ? gsize - off : LN_CHUNK);
            sim_load_f32(dt, xg + (size_t)off * es, m, buf);
            for (size_t i = 0; i < m; i++) {
                float d = buf[i] - mean;
                buf[i] = d * d;
            }
            q += sim_sum8(buf, m);
        }
        float var = q / (float)gsize;
        float rstd = 1.0f / sqrtf(var + a.eps);
        means[g] = mean;
        vars[g] = var;
        int64_t p0 = (g * gsize) % (psize ? psize : 1);   /* gamma index of the group's first element */
        for (int64_t off = 0; off < gsize; off += LN_CHUNK) {   /* pass 3: y */
            size_t m = (size_t)(gsize - off < LN_CHUNK ? gsize - off : LN_CHUNK);
            sim_load_f32(dt, xg + (size_t)off * es, m, buf);
            int64_t pi = (p0 + off) % psize;
            if (pi + (int64_t)m <= psize) {
                const float *gm = gamma + pi, *bt = beta + pi;
                for (size_t i = 0; i < m; i++)
                    yb[i] = (buf[i] - mean) * rstd * gm[i] + bt[i];
            } else {
                for (size_t i = 0; i < m; i++) {
                    yb[i] = (buf[i] - mean) * rstd * gamma[pi] + beta[pi];
                    if (++pi == psize)
                        pi = 0;
                }
            }
            sim_store_f32(dt, yb, m, y + (size_t)(g * gsize + off) * es, sat);
        }
    }
    sim_store_f32(pdt, means, (size_t)groups, out[1].data, sat);
    sim_store_f32(pdt, vars, (size_t)groups, out[2].data, sat);
done:
    free(gamma);
    free(beta);
    free(stat);
    return rc;
}

const sim_op_def sim_op_layer_norm = {
    "LayerNorm", 3, ln_inputs, 3, ln_outputs, ln_infer, ln_run,
};
