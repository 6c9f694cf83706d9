/*
 * sim_k_conv.c - Conv2D (Ascend IR, ops-nn conv2d proto REG_OP(Conv2D)):
 *   inputs x, filter (required), bias, offset_w (optional); output y;
 *   attrs strides (list_int, required), pads (list_int, required: top, bottom, left, right),
 *   dilations (list_int, {1,1,1,1}), groups (int, 1), data_format (string, "NHWC"), offset_x (int, 0).
 * x and y are 4-D in the format data_format names (NCHW or NHWC; x's desc format must say the same);
 * strides and dilations are given in that order too, with 1 for N and C. filter is [Cout, Cin/groups,
 * kh, kw] in its desc format: NCHW, NHWC or HWCN. bias is [Cout].
 *   Ho = (H + top + bottom - (dh * (kh - 1) + 1)) / sh + 1, the same for W (the proto's formula).
 * dtypes float32, float16, bfloat16 (y: x's dtype; bias: float32, float16 or bfloat16, added in
 * float32; which pairs a SoC declares: simulator/cann/op_support.csv, e.g. A2's bfloat16 x with a
 * float32 bias, 8.1.RC1 kernel/config/ascend910b/conv2d.json);
 * products summed in float32 over (c, kh, kw) in that order, bias added, rounded once on store.
 * The int8 (quantised, offset_x / offset_w) form is not implemented: refused as unsupported.
 * Also holds sim_read_data_format (BatchNorm shares it).
 */
#include "sim_k_ops.h"

#include <stdlib.h>
#include <string.h>

static const sim_io_def conv_inputs[] = {
    {"x", SIM_IO_REQUIRED}, {"filter", SIM_IO_REQUIRED}, {"bias", SIM_IO_OPTIONAL}, {"offset_w", SIM_IO_OPTIONAL},
};
static const sim_io_def conv_outputs[] = {{"y", SIM_IO_REQUIRED}};

aclError sim_read_data_format(const char *op, const sim_attr_set *attrs, int32_t *format, char *msg, size_t msglen)
{
    aclError rc;
    const char *df = "NHWC";
    if ((rc = sim_check_attr_type(op, attrs, "data_format", SIM_ATTR_STRING, "string", msg, msglen)) != 0)
        return rc;
    sim_attr_get_string(attrs, "data_format", &df);
    if (strcmp(df, "NHWC") == 0)
        *format = ACL_FORMAT_NHWC;
    else if (strcmp(df, "NCHW") == 0)
        *format = ACL_FORMAT_NCHW;
    else
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: attr data_format \"%s\" must be NCHW or NHWC", op, df);
    return ACL_SUCCESS;
}

aclError sim_nchw_view(const char *op, const char *slot, const sim_tensor *t, int32_t format, sim_nchw *v,
                       char *msg, size_t msglen)
{
    char s[160];
    const char *order;
    switch (format) {
    case ACL_FORMAT_NCHW: order = "NCHW"; break;
    case ACL_FORMAT_NHWC: order = "NHWC"; break;
    case ACL_FORMAT_HWCN: order = "HWCN"; break;
    default:
        return sim_kmsg(ACL_ERROR_FORMAT_NOT_MATCH, msg, msglen, "%s: %s must have format NCHW, NHWC%s, got %d", op,
                        slot, strcmp(slot, "filter") == 0 ? " or HWCN" : "", (int)t->format);
    }
    if (t->ndims != 4)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "%s: %s must be 4-D (%s), got %s", op, slot, order,
                        sim_dims_str(t, s, sizeof s));
    int64_t stride = 1;
    for (int i = 3; i >= 0; i--) {
        int64_t *d = order[i] == 'N' ? &v->n : order[i] == 'C' ? &v->c : order[i] == 'H' ? &v->h : &v->w;
        int64_t *st = order[i] == 'N' ? &v->sn : order[i] == 'C' ? &v->sc : order[i] == 'H' ? &v->sh : &v->sw;
        *d = t->dims[i];
        *st = stride;
        stride *= t->dims[i];
    }
    return ACL_SUCCESS;
}

typedef struct {
    int64_t sh, sw, dh, dw, pt, pb, pl, pr, groups;
} conv_attrs;

/* A list_int attr of 4 in data_format order: its H and W values, N and C must be 1. */
static aclError read_hw4(const sim_attr_set *attrs, const char *name, int32_t format, int required, int64_t *h,
                         int64_t *w, char *msg, size_t msglen)
{
    aclError rc;
    const int64_t *v = NULL;
    int n = 0;
    if ((rc = sim_check_attr_type("Conv2D", attrs, name, SIM_ATTR_LIST_INT, "list_int", msg, msglen)) != 0)
        return rc;
    if (!sim_attr_get_list_int(attrs, name, &v, &n)) {
        if (required)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: required attr '%s' (list_int) is missing",
                            name);
        *h = *w = 1;
        return ACL_SUCCESS;
    }
    if (n != 4)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: attr %s must have 4 values, got %d", name, n);
    int nc = format == ACL_FORMAT_NCHW;
    int64_t vn = v[0], vc = nc ? v[1] : v[3];
    *h = nc ? v[2] : v[1];
    *w = nc ? v[3] : v[2];
    if (vn != 1 || vc != 1 || *h < 1 || *w < 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: attr %s [%lld,%lld,%lld,%lld] needs 1 for N and C and values >= 1 for H and W "
                        "(in data_format order)", name, (long long)v[0], (long long)v[1], (long long)v[2],
                        (long long)v[3]);
    return ACL_SUCCESS;
}

static aclError conv_read_attrs(const sim_attr_set *attrs, int32_t format, conv_attrs *a, char *msg, size_t msglen)
{
    aclError rc;
    const int64_t *p = NULL;
    int n = 0;
    if ((rc = read_hw4(attrs, "strides", format, 1, &a->sh, &a->sw, msg, msglen)) != 0 ||
        (rc = read_hw4(attrs, "dilations", format, 0, &a->dh, &a->dw, msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("Conv2D", attrs, "pads", SIM_ATTR_LIST_INT, "list_int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("Conv2D", attrs, "groups", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("Conv2D", attrs, "offset_x", SIM_ATTR_INT, "int", msg, msglen)) != 0)
        return rc;
    if (!sim_attr_get_list_int(attrs, "pads", &p, &n))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: required attr 'pads' (list_int) is missing");
    if (n != 4 || p[0] < 0 || p[1] < 0 || p[2] < 0 || p[3] < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: attr pads must be 4 values >= 0 (top, bottom, left, right), got %d values", n);
    a->pt = p[0];
    a->pb = p[1];
    a->pl = p[2];
    a->pr = p[3];
    a->groups = 1;
    sim_attr_get_int(attrs, "groups", &a->groups);
    if (a->groups < 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: attr groups %lld must be >= 1",
                        (long long)a->groups);
    return ACL_SUCCESS;
}

typedef struct {
    int32_t format;
    conv_attrs a;
    sim_nchw x, f, y;
} conv_plan;

static aclError conv_plan_make(const sim_tensor *in, const sim_tensor *out, const sim_attr_set *attrs,
                               conv_plan *p, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_read_data_format("Conv2D", attrs, &p->format, msg, msglen)) != 0 ||
        (rc = conv_read_attrs(attrs, p->format, &p->a, msg, msglen)) != 0)
        return rc;
    if (in[0].format != p->format)
        return sim_kmsg(ACL_ERROR_FORMAT_NOT_MATCH, msg, msglen,
                        "Conv2D: x has format %d but attr data_format says %s", (int)in[0].format,
                        p->format == ACL_FORMAT_NCHW ? "NCHW" : "NHWC");
    if ((rc = sim_nchw_view("Conv2D", "x", &in[0], in[0].format, &p->x, msg, msglen)) != 0 ||
        (rc = sim_nchw_view("Conv2D", "filter", &in[1], in[1].format, &p->f, msg, msglen)) != 0)
        return rc;
    const conv_attrs *a = &p->a;
    int64_t cout = p->f.n, kh = p->f.h, kw = p->f.w;
    if (p->x.c % a->groups != 0 || cout % a->groups != 0 || p->f.c * a->groups != p->x.c)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: x has %lld channels and filter %lld outputs of %lld channels each: with groups %lld "
                        "both must divide and filter channels * groups must equal x channels", (long long)p->x.c,
                        (long long)cout, (long long)p->f.c, (long long)a->groups);
    int64_t eh = a->dh * (kh - 1) + 1, ew = a->dw * (kw - 1) + 1;
    int64_t hp = p->x.h + a->pt + a->pb, wp = p->x.w + a->pl + a->pr;
    if (kh < 1 || kw < 1 || hp < eh || wp < ew)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: the dilated filter %lldx%lld is larger than the padded input %lldx%lld",
                        (long long)eh, (long long)ew, (long long)hp, (long long)wp);
    p->y.n = p->x.n;
    p->y.c = cout;
    p->y.h = (hp - eh) / a->sh + 1;
    p->y.w = (wp - ew) / a->sw + 1;
    (void)out;
    return ACL_SUCCESS;
}

static aclError conv_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s[160];
    aclError rc;
    if (nin < 2 || nin > 4 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: expects 2 to 4 inputs (x, filter, bias, offset_w) and 1 output, got %d and %d", nin,
                        nout);
    if (sim_tensor_absent(&in[0]) || sim_tensor_absent(&in[1]))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: inputs x and filter are required");
    int32_t dt = in[0].dtype;
    int fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    if ((rc = sim_check_dtype("Conv2D", "x", dt, fl, env, msg, msglen)) != 0)
        return rc;
    if (in[1].dtype != dt)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: filter (%s) must have x's dtype %s",
                        sim_dtype_name(in[1].dtype), sim_dtype_name(dt));
    if ((rc = sim_check_out_dtype("Conv2D", dt, &out[0], msg, msglen)) != 0)
        return rc;
    if (nin > 3 && !sim_tensor_absent(&in[3]))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Conv2D: offset_w belongs to the int8 (quantised) form, which takes no %s x",
                        sim_dtype_name(dt));
    conv_plan p;
    if ((rc = conv_plan_make(in, out, attrs, &p, msg, msglen)) != 0)
        return rc;
    if (nin > 2 && !sim_tensor_absent(&in[2])) {
        const sim_tensor *b = &in[2];
        if (!(b->dtype == ACL_FLOAT || b->dtype == ACL_FLOAT16 || b->dtype == ACL_BF16) ||
            (b->dtype == ACL_BF16 && !sim_env_bf16(env)))
            return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen, "Conv2D: bias dtype %s does not go with %s x",
                            sim_dtype_name(b->dtype), sim_dtype_name(dt));
        if (b->ndims != 1 || b->dims[0] != p.y.c)
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Conv2D: bias must have shape [%lld], got %s",
                            (long long)p.y.c, sim_dims_str(b, s, sizeof s));
    }
    if (out[0].format != p.format)
        return sim_kmsg(ACL_ERROR_FORMAT_NOT_MATCH, msg, msglen, "Conv2D: y must have x's format %s, got %d",
                        p.format == ACL_FORMAT_NCHW ? "NCHW" : "NHWC", (int)out[0].format);
    out[0].ndims = 4;
    int nc = p.format == ACL_FORMAT_NCHW;
    int64_t d[4] = {p.y.n, nc ? p.y.c : p.y.h, nc ? p.y.h : p.y.w, nc ? p.y.w : p.y.c};
    memcpy(out[0].dims, d, sizeof d);
    return ACL_SUCCESS;
}

/* widen a 4-D tensor to float32 in canonical NCHW order */
static float *widen_nchw(const sim_tensor *t, const sim_nchw *v)
{
    int64_t total = v->n * v->c * v->h * v->w;
    float *dst = malloc((size_t)(total + 1) * sizeof(float));
    float *flat = malloc((size_t)(total + 1) * sizeof(float));
    if (dst && flat) {
        sim_load_f32(t->dtype, t->data, (size_t)total, flat);
        int64_t k = 0;
        for (int64_t n = 0; n < v->n; n++)
            for (int64_t c = 0; c < v->c; c++)
                for (int64_t h = 0; h < v->h; h++)
                    for (int64_t w = 0; w < v->w; w++)
                        dst[k++] = flat[n * v->sn + c * v->sc + h * v->sh + w * v->sw];
    } else {
        free(dst);
        dst = NULL;
    }
    free(flat);
    return dst;
}

static aclError conv_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nout;
    conv_plan p;
    if (conv_plan_make(in, out, attrs, &p, msg, msglen) != 0 ||
        sim_nchw_view("Conv2D", "y", &out[0], out[0].format, &p.y, msg, msglen) != 0)
        return ACL_ERROR_INVALID_PARAM;   /* infer accepted it: not reached */
    int64_t total = p.y.n * p.y.c * p.y.h * p.y.w;
    if (total == 0)
        return ACL_SUCCESS;
    const conv_attrs *a = &p.a;
    float *x = widen_nchw(&in[0], &p.x), *f = widen_nchw(&in[1], &p.f);
    float *y = malloc((size_t)total * sizeof(float)), *bias = calloc((size_t)p.y.c + 1, sizeof(float));
    aclError rc = ACL_SUCCESS;
    if (!x || !f || !y || !bias) {
        rc = sim_kmsg(ACL_ERROR_RT_MEMORY_ALLOCATION, msg, msglen, "Conv2D: out of host memory");
        goto done;
    }
    if (nin > 2 && !sim_tensor_absent(&in[2]))
        sim_load_f32(in[2].dtype, in[2].data, (size_t)p.y.c, bias);
    int64_t cg = p.f.c, og = p.y.c / a->groups, kh = p.f.h, kw = p.f.w;
    for (int64_t n = 0; n < p.y.n; n++)
        for (int64_t co = 0; co < p.y.c; co++) {
            int64_t c0 = (co / og) * cg;
            const float *fo = f + co * cg * kh * kw;
            for (int64_t ho = 0; ho < p.y.h; ho++)
                for (int64_t wo = 0; wo < p.y.w; wo++) {
                    float acc = 0.0f;
                    for (int64_t c = 0; c < cg; c++) {
                        const float *xc = x + ((n * p.x.c) + c0 + c) * p.x.h * p.x.w;
                        for (int64_t i = 0; i < kh; i++) {
                            int64_t hi = ho * a->sh - a->pt + i * a->dh;
                            if (hi < 0 || hi >= p.x.h)
                                continue;
                            for (int64_t j = 0; j < kw; j++) {
                                int64_t wi = wo * a->sw - a->pl + j * a->dw;
                                if (wi >= 0 && wi < p.x.w)
                                    acc += xc[hi * p.x.w + wi] * fo[(c * kh + i) * kw + j];
                            }
                        }
                    }
                    y[n * p.y.sn + co * p.y.sc + ho * p.y.sh + wo * p.y.sw] = acc + bias[co];
                }
        }
    sim_store_f32(out[0].dtype, y, (size_t)total, out[0].data, sim_env_saturation(env));
done:
    free(x);
    free(f);
    free(y);
    free(bias);
    return rc;
}

const sim_op_def sim_op_conv2d = {"Conv2D", 4, conv_inputs, 1, conv_outputs, conv_infer, conv_run};
