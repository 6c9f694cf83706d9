/*
 * sim_k_cast.c - Cast (Ascend IR, ops-math math/cast): y = x converted to dst_type.
 *   input x, output y, attr dst_type (int, required, = ACL dtype of y), truncate (bool, optional,
 *   accepted and ignored: aclopCreateHandleForCast passes it only when the model has it).
 * Semantics (sources in the report / ops-math math/cast):
 *   float -> float: round to nearest even (cast_struct.h: CAST_ROUND_MODE_RINT).
 *   float -> int:   truncate toward zero (cast_struct.h: CAST_ROUND_MODE_TRUNC); NaN -> 0
 *                   (math/cast README); out of range saturates to the int range (UNVERIFIED).
 *   int -> float:   round to nearest even, one rounding.
 *   int -> int:     two's-complement wraparound (like numpy astype).
 *   x -> bool:      x != 0 (a NaN is != 0, so it becomes 1); bool -> x: 0 or 1.
 */
#include "sim_fp.h"

#include <math.h>
#include <unistd.h>

#define CAST_CHUNK 1024

static const sim_io_def cast_inputs[] = {{"x", SIM_IO_REQUIRED}};
static const sim_io_def cast_outputs[] = {{"y", SIM_IO_REQUIRED}};

static int cast_dtype_ok(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_INT32 ||
           dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_BOOL || dt == ACL_INT64;
}

static aclError cast_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    aclError rc;
    if ((rc = sim_check_unary_io("Cast", in, nin, out, nout, msg, msglen)) != 0 ||
        (rc = sim_check_dtype("Cast", "x", in[0].dtype, cast_dtype_ok(in[0].dtype), env, msg, msglen)) != 0 ||
        (rc = sim_check_dtype("Cast", "y", out[0].dtype, cast_dtype_ok(out[0].dtype), env, msg, msglen)) != 0)
        return rc;
    if ((rc = sim_check_attr_type("Cast", attrs, "dst_type", SIM_ATTR_INT, "int", msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("Cast", attrs, "truncate", SIM_ATTR_BOOL, "bool", msg, msglen)) != 0)
        return rc;
    int64_t dst = 0;
    if (!sim_attr_get_int(attrs, "dst_type", &dst))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Cast: required attr 'dst_type' (int) is missing");
    if (dst != out[0].dtype)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Cast: attr dst_type %lld does not match the dtype of y (%d, %s)",
                        (long long)dst, (int)out[0].dtype, sim_dtype_name(out[0].dtype));
    sim_copy_dims(&in[0], &out[0]);
    return ACL_SUCCESS;
}

/* ---- integer source: load as int64 (bool: nonzero -> 1) ---- */
static void load_i64(int32_t dt, const void *src, size_t n, int64_t *dst)
{
    size_t i;
    switch (dt) {
    case ACL_INT8: { const int8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i]; break; }
    case ACL_UINT8: { const uint8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i]; break; }
    case ACL_BOOL: { const uint8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i] != 0; break; }
    case ACL_INT32: { const int32_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i]; break; }
    case ACL_INT64: { const int64_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i]; break; }
    default: for (i = 0; i < n; i++) dst[i] = 0; break;
    }
}

/* int64 -> integer dtype: wraparound through unsigned types; bool: != 0 */
static void store_i64(int32_t dt, const int64_t *src, size_t n, void *dst)
{
    size_t i;
    switch (dt) {
    case ACL_INT8:
    case ACL_UINT8: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint8_t)(uint64_t)src[i]; break; }
    case ACL_BOOL: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = src[i] != 0; break; }
    case ACL_INT32: { uint32_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint32_t)(uint64_t)src[i]; break; }
    case ACL_INT64: { uint64_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint64_t)src[i]; break; }
    default: break;
    }
}

/* int64 -> float dtype, one RNE rounding */
static void store_i64_float(int32_t dt, const int64_t *src, size_t n, void *dst, int sat)
{
    size_t i;
    switch (dt) {
    case ACL_FLOAT: { float *d = dst; for (i = 0; i < n; i++) d[i] = (float)src[i]; break; }
    case ACL_FLOAT16: {
        uint16_t *d = dst;
        for (i = 0; i < n; i++)
            d[i] = sat ? sim_f16_saturate(sim_i64_to_f16(src[i])) : sim_i64_to_f16(src[i]);
        break;
    }
    case ACL_BF16: {
        uint16_t *d = dst;
        for (i = 0; i < n; i++)
            d[i] = sat ? sim_bf16_saturate(sim_i64_to_bf16(src[i])) : sim_i64_to_bf16(src[i]);
        break;
    }
    default: break;
    }
}

/* float -> integer: NaN -> 0, truncate toward zero, saturate to [lo, hi] */
static int64_t f32_to_int(float v, int64_t lo, int64_t hi)
{
    if (v != v)
        return 0;
    if (v >= 9223372036854775808.0f)        /* 2^63 */
        return hi;
    if (v < -9223372036854775808.0f)
        return lo;
    int64_t t = (int64_t)v;                 /* C conversion truncates toward zero */
    return t < lo ? lo : (t > hi ? hi : t);
}

static void store_f32_int(int32_t dt, const float *src, size_t n, void *dst)
{
    size_t i;
    switch (dt) {
    case ACL_INT8: { int8_t *d = dst; for (i = 0; i < n; i++) d[i] = (int8_t)f32_to_int(src[i], INT8_MIN, INT8_MAX); break; }
    case ACL_UINT8: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint8_t)f32_to_int(src[i], 0, UINT8_MAX); break; }
    case ACL_INT32: { int32_t *d = dst; for (i = 0; i < n; i++) d[i] = (int32_t)f32_to_int(src[i], INT32_MIN, INT32_MAX); break; }
    case ACL_INT64: { int64_t *d = dst; for (i = 0; i < n; i++) d[i] = f32_to_int(src[i], INT64_MIN, INT64_MAX); break; }
    case ACL_BOOL: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = src[i] != 0.0f; break; }
    default: break;
    }
}

static aclError cast_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)msg; (void)msglen;
    int64_t total = sim_tensor_elements(&in[0]);
    int32_t st = in[0].dtype, dt = out[0].dtype;
    size_t ses = sim_dtype_size(st), des = sim_dtype_size(dt);
    int sat = sim_env_saturation(env);
    int sfloat = sim_dtype_is_float(st), dfloat = sim_dtype_is_float(dt);
    const unsigned char *src = (const unsigned char *)in[0].data;
    unsigned char *dst = (unsigned char *)out[0].data;
    float fbuf[CAST_CHUNK];
    int64_t ibuf[CAST_CHUNK];
    /* FAULT kernel_hang (EWH-09): the Cast kernel never finishes */
    while (sim_fault_on(SIM_FAULT_KERNEL_HANG))
        sleep(1);
    /* FAULT cast_float_to_int_rounds (numerics): float -> int rounds to nearest instead of truncating */
    int round_first = sfloat && !dfloat && dt != ACL_BOOL && sim_fault_on(SIM_FAULT_CAST_FLOAT_TO_INT_ROUNDS);

    for (int64_t off = 0; off < total; off += CAST_CHUNK) {
        size_t m = (size_t)(total - off < CAST_CHUNK ? total - off : CAST_CHUNK);
        const void *s = src + (size_t)off * ses;
        void *d = dst + (size_t)off * des;
        if (sfloat) {
            sim_load_f32(st, s, m, fbuf);          /* exact widening */
            if (round_first)
                for (size_t i = 0; i < m; i++) fbuf[i] = rintf(fbuf[i]);
            if (dfloat)
                sim_store_f32(dt, fbuf, m, d, sat);
            else
                store_f32_int(dt, fbuf, m, d);
        } else {
            load_i64(st, s, m, ibuf);
            if (dfloat)
                store_i64_float(dt, ibuf, m, d, sat);
            else
                store_i64(dt, ibuf, m, d);
        }
    }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_cast = {
    "Cast", 1, cast_inputs, 1, cast_outputs, cast_infer, cast_run,
};
