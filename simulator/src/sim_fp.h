/*
 * sim_fp.h - floating-point formats and helpers shared by the kernel files
 * (sim_fp.c, sim_ops.c, sim_k_*.c). Nothing here is part of the contract in sim_internal.h.
 *
 * float16 / bfloat16 conversions round to nearest, ties to even (RNE), handle subnormals,
 * signed zeros, infinities and NaN (a NaN stays a quiet NaN), and overflow to infinity.
 */
#ifndef SIM_FP_H_
#define SIM_FP_H_

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sim_internal.h"

/* ---- scalar conversions ---- */

static inline uint32_t sim_f32_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    return x;
}

static inline float sim_bits_f32(uint32_t x)
{
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

/* float16 -> float32 (exact). */
static inline float sim_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t bits = (uint32_t)(h & 0x7fffu) << 13;   /* exponent + mantissa in place */
    uint32_t exp = bits & 0x0f800000u;
    bits += (uint32_t)(127 - 15) << 23;                /* rebias */
    if (exp == 0x0f800000u) {                          /* Inf / NaN */
        bits += (uint32_t)(128 - 16) << 23;
    } else if (exp == 0) {                             /* zero / subnormal: renormalise */
        bits += 1u << 23;
        bits = sim_f32_bits(sim_bits_f32(bits) - sim_bits_f32(113u << 23));
    }
    return sim_bits_f32(bits | sign);
}

/* float32 -> float16, RNE. */
static inline uint16_t sim_f32_to_f16(float f)
{
    uint32_t x = sim_f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t a = x & 0x7fffffffu;
    if (a >= 0x7f800000u) {                            /* Inf / NaN */
        if (a > 0x7f800000u)
            return (uint16_t)(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
        return (uint16_t)(sign | 0x7c00u);
    }
    if (a >= 0x477ff000u)                              /* >= 65520: rounds to Inf */
        return (uint16_t)(sign | 0x7c00u);
    if (a < 0x38800000u) {                             /* below 2^-14: half subnormal or zero */
        if (a < 0x33000000u)                           /* <= 2^-25 (tie to even 0) */
            return sign;
        uint32_t e = a >> 23;                          /* 102..112 */
        uint32_t m = (a & 0x7fffffu) | 0x800000u;
        uint32_t shift = 126u - e;                     /* 14..24 */
        uint32_t r = m >> shift;
        uint32_t rem = m & ((1u << shift) - 1u);
        uint32_t half = 1u << (shift - 1u);
        if (rem > half || (rem == half && (r & 1u)))
            r++;
        return (uint16_t)(sign | r);
    }
    uint32_t r = (a - (112u << 23)) >> 13;
    uint32_t rem = a & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
        r++;
    return (uint16_t)(sign | r);
}

/* bfloat16 -> float32 (exact). */
static inline float sim_bf16_to_f32(uint16_t b)
{
    return sim_bits_f32((uint32_t)b << 16);
}

/* float32 -> bfloat16, RNE. */
static inline uint16_t sim_f32_to_bf16(float f)
{
    uint32_t x = sim_f32_bits(f);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((x >> 16) | 0x40u);          /* quiet NaN */
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

/* Saturation mode (products.md 2.2): Inf -> largest finite of the stored type, NaN -> 0. */
static inline uint16_t sim_f16_saturate(uint16_t h)
{
    uint16_t a = (uint16_t)(h & 0x7fffu);
    if (a == 0x7c00u)
        return (uint16_t)((h & 0x8000u) | 0x7bffu);
    if (a > 0x7c00u)
        return 0;
    return h;
}

static inline uint16_t sim_bf16_saturate(uint16_t b)
{
    uint16_t a = (uint16_t)(b & 0x7fffu);
    if (a == 0x7f80u)
        return (uint16_t)((b & 0x8000u) | 0x7f7fu);
    if (a > 0x7f80u)
        return 0;
    return b;
}

static inline float sim_f32_saturate(float f)
{
    uint32_t x = sim_f32_bits(f);
    uint32_t a = x & 0x7fffffffu;
    if (a == 0x7f800000u)
        return sim_bits_f32((x & 0x80000000u) | 0x7f7fffffu);
    if (a > 0x7f800000u)
        return 0.0f;
    return f;
}

/* Correctly rounded (RNE) conversion of an integer to float16 / bfloat16 (no double rounding
 * through float32). */
uint16_t sim_i64_to_f16(int64_t v);
uint16_t sim_i64_to_bf16(int64_t v);

/* ---- block conversions (n elements, no allocation) ---- */

/* dtype in {float32, float16, bf16, int8, uint8, int32, int64, bool}: src -> float32. */
void sim_load_f32(int32_t dtype, const void *src, size_t n, float *dst);
/* float32 -> dtype in {float32, float16, bf16}, rounding RNE; saturation != 0 applies the
 * saturation-mode rule on the stored values. */
void sim_store_f32(int32_t dtype, const float *src, size_t n, void *dst, int saturation);
/* FAULT benign_fp16_ulp_noise: the float16 results h[0..m) (flat indices first..) of the float32
 * values exact[] re-rounded to the other neighbour at a few indices (see sim_fp.c) */
void sim_f16_ulp_noise(const float *exact, size_t m, uint16_t *h, uint64_t first);

/* ---- dtype helpers ---- */
int sim_dtype_is_float(int32_t dtype);        /* float32, float16, bf16 (and double) */
size_t sim_dtype_size(int32_t dtype);         /* bytes per element, 0 if sub-byte/unknown */
/* sim_dtype_name: sim_internal.h (the op layer's messages use it too) */

/* ---- helpers for infer/run ---- */
int sim_env_bf16(const sim_exec_env *env);        /* 1 if the product supports bf16 */
int sim_env_saturation(const sim_exec_env *env);  /* 1 if saturation mode */
/* Write a message (snprintf) into msg when msg != NULL; returns code. */
aclError sim_kmsg(aclError code, char *msg, size_t msglen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "[2,3]" (or "[]" for a scalar) into buf. */
const char *sim_dims_str(const sim_tensor *t, char *buf, size_t len);
/* 1 if t is an absent optional input. */
int sim_tensor_absent(const sim_tensor *t);
/* Check a declared format is a plain (row-major) one the kernels can read. */
aclError sim_check_plain_format(const char *op, const char *slot, const sim_tensor *t,
                                char *msg, size_t msglen);
/* One input x and one output y: the counts, x present, row-major formats of x and y. */
aclError sim_check_unary_io(const char *op, const sim_tensor *in, int nin, const sim_tensor *out, int nout,
                            char *msg, size_t msglen);
/* Inputs x1, x2 present (after the op's own count check); row-major formats of x1, x2 and y. */
aclError sim_check_x1_x2(const char *op, const sim_tensor *in, const sim_tensor *out, char *msg, size_t msglen);
/* x1 and x2 of one dtype, else ACL_ERROR_INVALID_PARAM + msg. */
aclError sim_check_same_dtype(const char *op, int32_t x1, int32_t x2, char *msg, size_t msglen);
/* A dynamic input list x0..x{nin-1} with one output: at least one input, every input present,
 * row-major formats, one dtype for all (AddN, ConcatD). Returns 0 or an aclError + msg. */
aclError sim_check_dynamic_list(const char *op, const sim_tensor *in, int nin, const sim_tensor *out, int nout,
                                char *msg, size_t msglen);
/* Check a dtype for an op: ok says whether the op takes it at all; bf16 is also refused when the
 * product lacks it. Both give ACL_ERROR_UNSUPPORTED_DATA_TYPE with a message naming op and slot. */
aclError sim_check_dtype(const char *op, const char *slot, int32_t dt, int ok, const sim_exec_env *env,
                         char *msg, size_t msglen);
/* Output y must have the input dtype dt (ACL_ERROR_UNSUPPORTED_DATA_TYPE otherwise). */
aclError sim_check_out_dtype(const char *op, int32_t dt, const sim_tensor *y, char *msg, size_t msglen);
/* Check an attr, if present, has the expected type. */
aclError sim_check_attr_type(const char *op, const sim_attr_set *attrs, const char *name,
                             int type, const char *type_name, char *msg, size_t msglen);
/* Normalise an axis in [-rank, rank) to [0, rank); -1 if out of range. */
int64_t sim_norm_axis(int64_t axis, int rank);
/* Copy in's dims to out. */
void sim_copy_dims(const sim_tensor *in, sim_tensor *out);

/* ---- op definitions (Add: sim_k_binary.c; the later ops are declared in sim_k_ops.h) ---- */
extern const sim_op_def sim_op_add;
extern const sim_op_def sim_op_add_n;
extern const sim_op_def sim_op_cast;
extern const sim_op_def sim_op_matmul_v2;

#endif /* SIM_FP_H_ */
