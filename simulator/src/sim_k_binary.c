/*
 * sim_k_binary.c - binary elementwise ops (Ascend IR) with numpy-style broadcasting:
 *   Add, Sub, Mul, RealDiv, Maximum, Minimum, Pow: inputs x1, x2, output y.
 * dtypes: one dtype for x1, x2 and y, except Add / Mul of float16 or bfloat16 with float32 (either
 * order) -> float32, and RealDiv bool -> float32, int32 -> int32 or float32. What the table
 * simulator/cann/op_support.csv declares per SoC is checked before these kernels (sim_op_check.c).
 * Float outputs are computed in float32 (inputs of any dtype widened exactly; int32 rounded to
 * nearest even) and rounded once on store (RNE; for +, -, *, / this equals the correctly rounded
 * result, float32 having more than 2p+2 bits); a mixed pair is computed in float32 and stored as
 * float32, so one rounding (8.1.RC1 impl/dynamic/add.py, mul.py: both inputs cast to float32).
 * Integers (int8, uint8, int32, int64) wrap around (two's complement, unsigned arithmetic): the TBE
 * kernels compute int8 / uint8 in float and reduce modulo 256 (util_common.py
 * uint8_int8_overflow_proc), which gives the same values. bool: add = or, sub = xor, mul = and
 * (the TBE kernels compute in float16 and cast back). RealDiv int32 -> int32 truncates toward zero
 * (i32_div); bool -> float32 divides 0 / 1 values in float32 (1 / 0 = Inf, 0 / 0 = NaN).
 * Maximum/Minimum propagate NaN like numpy.maximum/minimum (UNVERIFIED on Ascend); when the two
 * values compare equal (+0 and -0) the second operand is returned, as numpy does on x86.
 * Pow (ops-math pow proto: x1, x2 -> y): float32 powf (C99 Annex F special cases); int32 by
 * repeated squaring, wrapping; int8 / uint8 the same in int32, truncated to 8 bits; a negative int
 * exponent gives 1 / x1^|x2| truncated (1, -1 or 0; the proto calls it undefined, so the suites
 * never send one).
 * Also holds the strided-walk and broadcast helpers of sim_k_ops.h.
 */
#include "sim_k_ops.h"

#include <math.h>
#include <stdio.h>

#define BIN_CHUNK 1024

enum { BIN_ADD, BIN_SUB, BIN_MUL, BIN_DIV, BIN_MAX, BIN_MIN, BIN_POW };

static const sim_io_def bin_inputs[] = {{"x1", SIM_IO_REQUIRED}, {"x2", SIM_IO_REQUIRED}};
static const sim_io_def bin_outputs[] = {{"y", SIM_IO_REQUIRED}};

/* ================================================================ shared helpers */

void sim_walk_make(int r, const int64_t *dims, const int64_t *sa, const int64_t *sb, sim_walk *w)
{
    w->rank = 0;
    for (int i = 0; i < r; i++) {
        if (dims[i] == 1)
            continue;
        int k = w->rank;
        if (k > 0 && dims[i] != 0 && w->dims[k - 1] != 0 && w->sa[k - 1] == sa[i] * dims[i] &&
            w->sb[k - 1] == sb[i] * dims[i]) {
            w->dims[k - 1] *= dims[i];
            w->sa[k - 1] = sa[i];
            w->sb[k - 1] = sb[i];
            continue;
        }
        w->dims[k] = dims[i];
        w->sa[k] = sa[i];
        w->sb[k] = sb[i];
        w->rank++;
    }
}

int64_t sim_walk_rows(const sim_walk *w, sim_walk_fn fn, void *ctx)
{
    for (int i = 0; i < w->rank; i++)
        if (w->dims[i] == 0)
            return 0;
    if (w->rank == 0) {
        fn(ctx, 0, 0, 0);
        return 1;
    }
    int inner = w->rank - 1;
    int64_t rows = 1;
    for (int i = 0; i < inner; i++)
        rows *= w->dims[i];
    int64_t idx[SIM_MAX_DIMS] = {0};
    int64_t offa = 0, offb = 0;
    for (int64_t r = 0; r < rows; r++) {
        fn(ctx, offa, offb, r);
        for (int d = inner - 1; d >= 0; d--) {   /* odometer over the outer dims */
            idx[d]++;
            offa += w->sa[d];
            offb += w->sb[d];
            if (idx[d] < w->dims[d])
                break;
            offa -= w->sa[d] * w->dims[d];
            offb -= w->sb[d] * w->dims[d];
            idx[d] = 0;
        }
    }
    return w->dims[inner];
}

int sim_broadcast_dims(int ra, const int64_t *da, int rb, const int64_t *db, int64_t *dims)
{
    int r = ra > rb ? ra : rb;
    for (int i = 0; i < r; i++) {
        int ia = i - (r - ra), ib = i - (r - rb);
        int64_t a = ia >= 0 ? da[ia] : 1;
        int64_t b = ib >= 0 ? db[ib] : 1;
        if (a == b || b == 1)
            dims[i] = a;
        else if (a == 1)
            dims[i] = b;
        else
            return -1;
    }
    return r;
}

void sim_broadcast_strides(int rd, const int64_t *d, int r, int64_t unit, int64_t *strides)
{
    int64_t s = unit;
    for (int i = r - 1; i >= 0; i--) {
        int id = i - (r - rd);
        int64_t n = id >= 0 ? d[id] : 1;
        strides[i] = n == 1 ? 0 : s;
        s *= n;
    }
}

/* ================================================================ infer */

static int is_float_dt(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* What the kernel can compute (a superset of what simulator/cann/op_support.csv declares; the model
 * check gates on the table first). */
static int bin_dtype_ok(int op, int32_t dt)
{
    int ints = dt == ACL_INT32 || dt == ACL_INT8 || dt == ACL_UINT8;
    switch (op) {
    case BIN_DIV: return is_float_dt(dt) || dt == ACL_INT32 || dt == ACL_BOOL;
    case BIN_POW: return is_float_dt(dt) || ints;
    case BIN_MAX: case BIN_MIN: return is_float_dt(dt) || ints || dt == ACL_INT64;
    default: return is_float_dt(dt) || ints || dt == ACL_INT64 || dt == ACL_BOOL;   /* add, sub, mul */
    }
}

/* Add and Mul of float16 or bfloat16 with float32 (either order) give float32 (8.1.RC1
 * impl/dynamic/add.py and mul.py op_select_format and compute: both cast to float32). */
static int mixed_pair(int op, int32_t a, int32_t b)
{
    if (op != BIN_ADD && op != BIN_MUL)
        return 0;
    return (a == ACL_FLOAT && (b == ACL_FLOAT16 || b == ACL_BF16)) ||
           (b == ACL_FLOAT && (a == ACL_FLOAT16 || a == ACL_BF16));
}

/* y's dtype for x1, x2 (already checked): float32 for a mixed pair, RealDiv of bool gives float32
 * and of int32 int32 or float32, otherwise the inputs' dtype. */
static aclError bin_check_out(const sim_op_variant *v, int32_t a, int32_t b, const sim_tensor *y, char *msg,
                              size_t msglen)
{
    if (mixed_pair(v->op, a, b) || (v->op == BIN_DIV && a == ACL_BOOL))
        return y->dtype == ACL_FLOAT ? ACL_SUCCESS
                                     : sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                                                "%s: %s and %s inputs give a float32 output y, got %s", v->name,
                                                sim_dtype_name(a), sim_dtype_name(b), sim_dtype_name(y->dtype));
    if (v->op == BIN_DIV && a == ACL_INT32 && y->dtype == ACL_FLOAT)
        return ACL_SUCCESS;
    return sim_check_out_dtype(v->name, a, y, msg, msglen);
}

static aclError bin_infer(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                          const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    const char *op = v->name;
    aclError rc;
    (void)attrs;
    if (nin != 2 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: expects 2 inputs and 1 output, got %d and %d", op, nin, nout);
    if ((rc = sim_check_x1_x2(op, in, out, msg, msglen)) != 0)
        return rc;
    int32_t a = in[0].dtype, b = in[1].dtype;
    if (mixed_pair(v->op, a, b)) {
        if ((rc = sim_check_dtype(op, "x1", a, 1, env, msg, msglen)) != 0 ||
            (rc = sim_check_dtype(op, "x2", b, 1, env, msg, msglen)) != 0)
            return rc;
    } else if ((rc = sim_check_same_dtype(op, a, b, msg, msglen)) != 0 ||
               (rc = sim_check_dtype(op, "x1", a, bin_dtype_ok(v->op, a), env, msg, msglen)) != 0) {
        return rc;
    }
    if ((rc = bin_check_out(v, a, b, &out[0], msg, msglen)) != 0)
        return rc;
    int64_t dims[SIM_MAX_DIMS];
    int rank = sim_broadcast_dims(in[0].ndims, in[0].dims, in[1].ndims, in[1].dims, dims);
    if (rank < 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "%s: shapes %s and %s cannot be broadcast together", op,
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    out[0].ndims = rank;
    for (int i = 0; i < rank; i++)
        out[0].dims[i] = dims[i];
    return ACL_SUCCESS;
}

/* ================================================================ compute */

/* o = a op b on float32 (NaN-propagating max/min: a NaN in either operand gives NaN) */
static void f32_op(int op, const float *restrict a, const float *restrict b, float *restrict o, size_t n)
{
    size_t i;
    switch (op) {
    case BIN_ADD: for (i = 0; i < n; i++) o[i] = a[i] + b[i]; break;
    case BIN_SUB: for (i = 0; i < n; i++) o[i] = a[i] - b[i]; break;
    case BIN_MUL: for (i = 0; i < n; i++) o[i] = a[i] * b[i]; break;
    case BIN_DIV: for (i = 0; i < n; i++) o[i] = a[i] / b[i]; break;
    case BIN_MAX: for (i = 0; i < n; i++) o[i] = (a[i] > b[i] || a[i] != a[i]) ? a[i] : b[i]; break;
    case BIN_MIN: for (i = 0; i < n; i++) o[i] = (a[i] < b[i] || a[i] != a[i]) ? a[i] : b[i]; break;
    case BIN_POW: for (i = 0; i < n; i++) o[i] = powf(a[i], b[i]); break;
    default: break;
    }
}

/* int32 a^e, wrapping (unsigned arithmetic); e < 0: the truncated 1 / a^|e| */
static int32_t i32_pow(int32_t a, int32_t e)
{
    if (e < 0)
        return a == 1 ? 1 : a == -1 ? ((e & 1) ? -1 : 1) : 0;
    uint32_t r = 1u, b = (uint32_t)a, k = (uint32_t)e;
    for (; k; k >>= 1, b *= b)
        if (k & 1u)
            r *= b;
    return (int32_t)r;
}

/* int32 RealDiv with an int32 y: the quotient truncated toward zero, as the ops-math test golden
 * computes it (true_divide, then astype int32); the cases C leaves undefined as the float
 * quotient converts with saturation: x / 0 -> INT32_MAX or INT32_MIN by x's sign (0 / 0 -> 0),
 * INT32_MIN / -1 -> INT32_MAX (docs/FIDELITY.md; UNVERIFIED on a device). */
static int32_t i32_div(int32_t a, int32_t b)
{
    if (b == 0)
        return a > 0 ? INT32_MAX : a < 0 ? INT32_MIN : 0;
    if (a == INT32_MIN && b == -1)
        return INT32_MAX;
    return a / b;
}

/* Integers: add/sub/mul wrap (two's complement: unsigned arithmetic), max/min compare in the
 * dtype, pow by repeated squaring in int32 and truncated to the dtype (8.1.RC1 impl/dynamic/pow.py:
 * int8/uint8 cast to int32, powi, int_cast_to_b8), div for int32 only. */
#define DEFINE_INT_BINARY(name, S, U)                                                                      \
    static void name(int op, const S *restrict a, const S *restrict b, S *restrict o, size_t n)           \
    {                                                                                                      \
        size_t i;                                                                                          \
        switch (op) {                                                                                      \
        case BIN_ADD: for (i = 0; i < n; i++) o[i] = (S)((U)a[i] + (U)b[i]); break;                        \
        case BIN_SUB: for (i = 0; i < n; i++) o[i] = (S)((U)a[i] - (U)b[i]); break;                        \
        case BIN_MUL: for (i = 0; i < n; i++) o[i] = (S)((U)a[i] * (U)b[i]); break;                        \
        case BIN_MAX: for (i = 0; i < n; i++) o[i] = a[i] > b[i] ? a[i] : b[i]; break;                     \
        case BIN_MIN: for (i = 0; i < n; i++) o[i] = a[i] < b[i] ? a[i] : b[i]; break;                     \
        case BIN_POW: for (i = 0; i < n; i++) o[i] = (S)(U)(uint32_t)i32_pow((int32_t)a[i], (int32_t)b[i]); break; \
        default: break;                                                                                    \
        }                                                                                                  \
    }

DEFINE_INT_BINARY(i32_op, int32_t, uint32_t)
DEFINE_INT_BINARY(i8_op, int8_t, uint8_t)
DEFINE_INT_BINARY(u8_op, uint8_t, uint8_t)
DEFINE_INT_BINARY(i64_op, int64_t, uint64_t)

/* bool (one byte, nonzero = true, results 0 / 1): the 8.1.RC1 TBE kernels compute in float16 and
 * cast back to bool, so add = x1 | x2 (add.py: 1 + 1 = 2 -> true), sub = x1 ^ x2 (sub.py: |x1 - x2|),
 * mul = x1 & x2 (mul.py). */
static void bool_op(int op, const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict o, size_t n)
{
    size_t i;
    switch (op) {
    case BIN_ADD: for (i = 0; i < n; i++) o[i] = (a[i] != 0) | (b[i] != 0); break;
    case BIN_SUB: for (i = 0; i < n; i++) o[i] = (a[i] != 0) ^ (b[i] != 0); break;
    case BIN_MUL: for (i = 0; i < n; i++) o[i] = (a[i] != 0) & (b[i] != 0); break;
    default: break;
    }
}

typedef struct {
    int op;
    int32_t da, db, dout;         /* dtypes of x1, x2, y */
    size_t ea, eb, eo;            /* their element sizes */
    int sat;
    int noise;                    /* FAULT benign_fp16_ulp_noise */
    int64_t len, sa, sb;          /* row length; strides (0 or 1) of x1 and x2 along the row */
    const unsigned char *a, *b;
    unsigned char *o;
} bin_ctx;

/* m copies of the element at src into buf (es bytes each) */
static void fill_raw(void *buf, const void *src, size_t es, size_t m)
{
    size_t i;
    switch (es) {
    case 1: memset(buf, *(const unsigned char *)src, m); break;
    case 2: { uint16_t v; memcpy(&v, src, 2); uint16_t *d = buf; for (i = 0; i < m; i++) d[i] = v; break; }
    case 4: { uint32_t v; memcpy(&v, src, 4); uint32_t *d = buf; for (i = 0; i < m; i++) d[i] = v; break; }
    default: { uint64_t v; memcpy(&v, src, 8); uint64_t *d = buf; for (i = 0; i < m; i++) d[i] = v; break; }
    }
}

/* float32 view of m elements of an operand starting at element off (stride 0: one element) */
static const float *operand_f32(int32_t dt, const unsigned char *base, int64_t off, int64_t stride,
                                size_t m, float *buf)
{
    size_t es = sim_dtype_size(dt);
    if (stride) {
        if (dt == ACL_FLOAT)
            return (const float *)base + off;
        sim_load_f32(dt, base + (size_t)off * es, m, buf);
        return buf;
    }
    float v;
    sim_load_f32(dt, base + (size_t)off * es, 1, &v);
    for (size_t i = 0; i < m; i++)
        buf[i] = v;
    return buf;
}

static const void *operand_raw(const unsigned char *base, int64_t off, int64_t stride, size_t es, size_t m,
                               void *buf)
{
    if (stride)
        return base + (size_t)off * es;
    fill_raw(buf, base + (size_t)off * es, es, m);
    return buf;
}

static void int32_div_row(const int32_t *restrict a, const int32_t *restrict b, int32_t *restrict o, size_t n)
{
    for (size_t i = 0; i < n; i++)
        o[i] = i32_div(a[i], b[i]);
}

static void bin_row(void *vctx, int64_t offa, int64_t offb, int64_t row)
{
    const bin_ctx *c = vctx;
    float fa[BIN_CHUNK], fb[BIN_CHUNK], fo[BIN_CHUNK];
    uint64_t ra[BIN_CHUNK], rb[BIN_CHUNK];
    int64_t n = c->len;
    /* float32 compute: float outputs, and RealDiv of bool / int32 to float32 */
    int in_float = is_float_dt(c->dout);
    for (int64_t off = 0; off < n; off += BIN_CHUNK) {
        size_t m = (size_t)(n - off < BIN_CHUNK ? n - off : BIN_CHUNK);
        int64_t oa = offa + (c->sa ? off : 0), ob = offb + (c->sb ? off : 0);
        unsigned char *dst = c->o + (size_t)(row * n + off) * c->eo;
        if (in_float) {
            const float *pa = operand_f32(c->da, c->a, oa, c->sa, m, fa);
            const float *pb = operand_f32(c->db, c->b, ob, c->sb, m, fb);
            float *po = (c->dout == ACL_FLOAT && !c->sat) ? (float *)dst : fo;
            f32_op(c->op, pa, pb, po, m);
            if (po == fo)
                sim_store_f32(c->dout, fo, m, dst, c->sat);
            if (c->noise)
                sim_f16_ulp_noise(fo, m, (uint16_t *)dst, (uint64_t)(row * n + off));
            continue;
        }
        const void *pa = operand_raw(c->a, oa, c->sa, c->ea, m, ra);
        const void *pb = operand_raw(c->b, ob, c->sb, c->eb, m, rb);
        switch (c->da) {
        case ACL_INT32:
            if (c->op == BIN_DIV)
                int32_div_row(pa, pb, (int32_t *)dst, m);
            else
                i32_op(c->op, pa, pb, (int32_t *)dst, m);
            break;
        case ACL_INT8: i8_op(c->op, pa, pb, (int8_t *)dst, m); break;
        case ACL_UINT8: u8_op(c->op, pa, pb, dst, m); break;
        case ACL_INT64: i64_op(c->op, pa, pb, (int64_t *)dst, m); break;
        case ACL_BOOL: bool_op(c->op, pa, pb, dst, m); break;
        default: break;
        }
    }
}

/* Fault path only: strides of t read with its dims aligned to the LEFT of out's (wrong: numpy
 * aligns on the right); dims that do not line up are read as broadcast (stride 0), so the walk
 * stays inside t. */
static void left_strides(const sim_tensor *t, const sim_tensor *out, int64_t *strides)
{
    for (int i = 0; i < out->ndims; i++) {   /* 1 where the dims line up, else 0 (broadcast) */
        int64_t d = i < t->ndims ? t->dims[i] : 1;
        strides[i] = d == out->dims[i] && d != 1;
    }
    int64_t s = 1;
    for (int i = t->ndims - 1; i >= 0; i--) {
        if (i < out->ndims && strides[i])
            strides[i] = s;
        s *= t->dims[i];
    }
}

static aclError bin_run(const sim_op_variant *v, const sim_tensor *in, int nin, sim_tensor *out, int nout,
                        const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)msg; (void)msglen;
    if (sim_tensor_elements(&out[0]) <= 0)
        return ACL_SUCCESS;
    int r = out[0].ndims;
    int64_t sa[SIM_MAX_DIMS], sb[SIM_MAX_DIMS];
    sim_broadcast_strides(in[0].ndims, in[0].dims, r, 1, sa);
    sim_broadcast_strides(in[1].ndims, in[1].dims, r, 1, sb);
    /* FAULT broadcast_rank_mismatch (numerics): a lower-rank operand aligned on the left */
    if (in[0].ndims != in[1].ndims && sim_fault_on(SIM_FAULT_BROADCAST_RANK_MISMATCH)) {
        left_strides(&in[0], &out[0], sa);
        left_strides(&in[1], &out[0], sb);
    }
    sim_walk w;
    sim_walk_make(r, out[0].dims, sa, sb, &w);
    int noise = out[0].dtype == ACL_FLOAT16 && v->op == BIN_DIV && sim_fault_on(SIM_FAULT_BENIGN_FP16_ULP_NOISE);
    bin_ctx c = {v->op, in[0].dtype, in[1].dtype, out[0].dtype, sim_dtype_size(in[0].dtype),
                 sim_dtype_size(in[1].dtype), sim_dtype_size(out[0].dtype), sim_env_saturation(env), noise,
                 sim_walk_len(&w), sim_walk_sa(&w), sim_walk_sb(&w),
                 (const unsigned char *)in[0].data, (const unsigned char *)in[1].data,
                 (unsigned char *)out[0].data};
    sim_walk_rows(&w, bin_row, &c);
    return ACL_SUCCESS;
}

/* ================================================================ op definitions */

#define DEFINE_BINARY(ident, irname, opcode)                      \
    static const sim_op_variant ident##_variant = {irname, opcode}; \
    SIM_DEFINE_OP_VARIANT(ident, irname, &ident##_variant, bin, 2, bin_inputs, 1, bin_outputs)

DEFINE_BINARY(add, "Add", BIN_ADD)
DEFINE_BINARY(sub, "Sub", BIN_SUB)
DEFINE_BINARY(mul, "Mul", BIN_MUL)
DEFINE_BINARY(real_div, "RealDiv", BIN_DIV)
DEFINE_BINARY(maximum, "Maximum", BIN_MAX)
DEFINE_BINARY(minimum, "Minimum", BIN_MIN)
DEFINE_BINARY(pow, "Pow", BIN_POW)
