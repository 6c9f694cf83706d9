/*
 * sim_k_unary.c - unary elementwise ops (Ascend IR): input x, output y of the same dtype and shape.
 *   Abs, Neg:  float32, float16, bfloat16, int32, int8, int64. Floats: sign-bit operations (exact,
 *              NaN payload kept); integers wrap (abs(-128) = -128 in int8, like numpy).
 *   Relu:      float32, float16, bfloat16, int32, int8, int64. y = x > 0 ? x : 0; NaN stays NaN and
 *              -0.0 gives +0.0 (both UNVERIFIED on Ascend).
 *   Exp, Log, Sqrt, Rsqrt, Sigmoid, Tanh: float32, float16, bfloat16, computed in float32 with the
 *              C math library (expf, logf, sqrtf, tanhf; rsqrt = 1/sqrtf; sigmoid = 1/(1+expf(-x)))
 *              and rounded once to the output dtype (RNE). IEEE specials: log(-1) = NaN,
 *              log(0) = -Inf, sqrt(-1) = NaN, rsqrt(0) = +Inf, rsqrt(-0) = -Inf.
 * Saturation-mode products store float results with the saturation rule (Inf -> max finite,
 * NaN -> 0), as Add does.
 */
#include "sim_k_ops.h"

#include <math.h>

#define UN_CHUNK 1024

enum { UN_ABS, UN_NEG, UN_RELU, UN_EXP, UN_LOG, UN_SQRT, UN_RSQRT, UN_SIGMOID, UN_TANH };

static const sim_io_def un_inputs[] = {{"x", SIM_IO_REQUIRED}};
static const sim_io_def un_outputs[] = {{"y", SIM_IO_REQUIRED}};

static int un_dtype_ok(int op, int32_t dt)
{
    int fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
    if (op == UN_ABS || op == UN_NEG || op == UN_RELU)
        return fl || dt == ACL_INT32 || dt == ACL_INT8 || dt == ACL_INT64;
    return fl;
}

static aclError un_infer(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    aclError rc;
    (void)attrs;
    if ((rc = sim_check_unary_io(v->name, in, nin, out, nout, msg, msglen)) != 0 ||
        (rc = sim_check_dtype(v->name, "x", in[0].dtype, un_dtype_ok(v->op, in[0].dtype), env, msg, msglen)) != 0 ||
        (rc = sim_check_out_dtype(v->name, in[0].dtype, &out[0], msg, msglen)) != 0)
        return rc;
    sim_copy_dims(&in[0], &out[0]);
    return ACL_SUCCESS;
}

/* ---- float32 math on a chunk ---- */
static void f32_math(int op, const float *restrict x, float *restrict y, size_t n)
{
    size_t i;
    switch (op) {
    case UN_RELU: for (i = 0; i < n; i++) y[i] = (x[i] > 0.0f || x[i] != x[i]) ? x[i] : 0.0f; break;
    case UN_EXP: for (i = 0; i < n; i++) y[i] = expf(x[i]); break;
    case UN_LOG: for (i = 0; i < n; i++) y[i] = logf(x[i]); break;
    case UN_SQRT: for (i = 0; i < n; i++) y[i] = sqrtf(x[i]); break;
    case UN_RSQRT: for (i = 0; i < n; i++) y[i] = 1.0f / sqrtf(x[i]); break;
    case UN_SIGMOID: for (i = 0; i < n; i++) y[i] = 1.0f / (1.0f + expf(-x[i])); break;
    case UN_TANH: for (i = 0; i < n; i++) y[i] = tanhf(x[i]); break;
    default: break;
    }
}

/* ---- sign-bit ops: abs clears, neg flips the sign bit (mask is the dtype's sign bit) ---- */
static void sign_u32(int op, const uint32_t *restrict x, uint32_t *restrict y, size_t n)
{
    size_t i;
    if (op == UN_ABS)
        for (i = 0; i < n; i++) y[i] = x[i] & 0x7fffffffu;
    else
        for (i = 0; i < n; i++) y[i] = x[i] ^ 0x80000000u;
}

static void sign_u16(int op, const uint16_t *restrict x, uint16_t *restrict y, size_t n)
{
    size_t i;
    if (op == UN_ABS)
        for (i = 0; i < n; i++) y[i] = (uint16_t)(x[i] & 0x7fffu);
    else
        for (i = 0; i < n; i++) y[i] = (uint16_t)(x[i] ^ 0x8000u);
}

/* ---- integers: abs/neg wrap (computed on unsigned values), relu = max(x, 0) ---- */
#define DEFINE_INT_UNARY(name, S, U)                                                         \
    static void name(int op, const S *restrict x, S *restrict y, size_t n)                   \
    {                                                                                        \
        size_t i;                                                                            \
        switch (op) {                                                                        \
        case UN_ABS: for (i = 0; i < n; i++) y[i] = (S)(x[i] < 0 ? (U)0 - (U)x[i] : (U)x[i]); break; \
        case UN_NEG: for (i = 0; i < n; i++) y[i] = (S)((U)0 - (U)x[i]); break;             \
        case UN_RELU: for (i = 0; i < n; i++) y[i] = x[i] > 0 ? x[i] : 0; break;             \
        default: break;                                                                      \
        }                                                                                    \
    }

DEFINE_INT_UNARY(i32_unary, int32_t, uint32_t)
DEFINE_INT_UNARY(i8_unary, int8_t, uint8_t)
DEFINE_INT_UNARY(i64_unary, int64_t, uint64_t)

static void saturate_stored(int32_t dt, void *p, size_t n)
{
    size_t i;
    if (dt == ACL_FLOAT) {
        float *f = p;
        for (i = 0; i < n; i++) f[i] = sim_f32_saturate(f[i]);
    } else if (dt == ACL_FLOAT16) {
        uint16_t *h = p;
        for (i = 0; i < n; i++) h[i] = sim_f16_saturate(h[i]);
    } else if (dt == ACL_BF16) {
        uint16_t *h = p;
        for (i = 0; i < n; i++) h[i] = sim_bf16_saturate(h[i]);
    }
}

static aclError un_run(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                       const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)msg; (void)msglen;
    int op = v->op;
    int64_t total = sim_tensor_elements(&in[0]);
    if (total <= 0)
        return ACL_SUCCESS;
    int32_t dt = in[0].dtype;
    int sat = sim_env_saturation(env);
    size_t n = (size_t)total;
    switch (dt) {
    case ACL_INT32: i32_unary(op, in[0].data, out[0].data, n); return ACL_SUCCESS;
    case ACL_INT8: i8_unary(op, in[0].data, out[0].data, n); return ACL_SUCCESS;
    case ACL_INT64: i64_unary(op, in[0].data, out[0].data, n); return ACL_SUCCESS;
    default: break;
    }
    if (op == UN_ABS || op == UN_NEG) {
        if (dt == ACL_FLOAT)
            sign_u32(op, in[0].data, out[0].data, n);
        else
            sign_u16(op, in[0].data, out[0].data, n);
        if (sat)
            saturate_stored(dt, out[0].data, n);
        return ACL_SUCCESS;
    }
    size_t es = sim_dtype_size(dt);
    const unsigned char *src = in[0].data;
    unsigned char *dst = out[0].data;
    float xb[UN_CHUNK], yb[UN_CHUNK];
    int noise = dt == ACL_FLOAT16 && op >= UN_EXP && sim_fault_on(SIM_FAULT_BENIGN_FP16_ULP_NOISE);
    for (size_t off = 0; off < n; off += UN_CHUNK) {
        size_t m = n - off < UN_CHUNK ? n - off : UN_CHUNK;
        const float *x = xb;
        if (dt == ACL_FLOAT)
            x = (const float *)src + off;
        else
            sim_load_f32(dt, src + off * es, m, xb);
        f32_math(op, x, yb, m);
        sim_store_f32(dt, yb, m, dst + off * es, sat);
        if (noise)   /* FAULT benign_fp16_ulp_noise (benign) */
            sim_f16_ulp_noise(yb, m, (uint16_t *)(dst + off * es), (uint64_t)off);
    }
    return ACL_SUCCESS;
}

#define DEFINE_UNARY(ident, irname, opcode)                       \
    static const sim_op_variant ident##_variant = {irname, opcode}; \
    SIM_DEFINE_OP_VARIANT(ident, irname, &ident##_variant, un, 1, un_inputs, 1, un_outputs)

DEFINE_UNARY(abs, "Abs", UN_ABS)
DEFINE_UNARY(neg, "Neg", UN_NEG)
DEFINE_UNARY(relu, "Relu", UN_RELU)
DEFINE_UNARY(exp, "Exp", UN_EXP)
DEFINE_UNARY(log, "Log", UN_LOG)
DEFINE_UNARY(sqrt, "Sqrt", UN_SQRT)
DEFINE_UNARY(rsqrt, "Rsqrt", UN_RSQRT)
DEFINE_UNARY(sigmoid, "Sigmoid", UN_SIGMOID)
DEFINE_UNARY(tanh, "Tanh", UN_TANH)
