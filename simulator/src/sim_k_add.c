/*
 * sim_k_add.c - Add (Ascend IR): y = x1 + x2 with numpy-style broadcasting.
 * float32 computed in float32; float16/bfloat16 computed in float32 and rounded once (RNE);
 * integers wrap around (two's complement, computed on unsigned types).
 */
#include "sim_fp.h"

#include <stdio.h>

#define ADD_CHUNK 1024

static const sim_io_def add_inputs[] = {{"x1", SIM_IO_REQUIRED}, {"x2", SIM_IO_REQUIRED}};
static const sim_io_def add_outputs[] = {{"y", SIM_IO_REQUIRED}};

static int add_dtype_ok(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_INT32 ||
           dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_INT64;
}

/* A broadcast plan: output dims with size-1 dims dropped and contiguous runs merged; sa/sb are
 * element strides into x1/x2 (0 along broadcast dims). */
typedef struct {
    int rank;
    int64_t dims[SIM_MAX_DIMS];
    int64_t sa[SIM_MAX_DIMS];
    int64_t sb[SIM_MAX_DIMS];
} bcast_plan;

/* Broadcast shape of a and b into out; returns 0, or -1 if incompatible. */
static int broadcast_shape(const sim_tensor *a, const sim_tensor *b, int *rank, int64_t *dims)
{
    int r = a->ndims > b->ndims ? a->ndims : b->ndims;
    for (int i = 0; i < r; i++) {
        int ia = i - (r - a->ndims), ib = i - (r - b->ndims);
        int64_t da = ia >= 0 ? a->dims[ia] : 1;
        int64_t db = ib >= 0 ? b->dims[ib] : 1;
        if (da == db || db == 1)
            dims[i] = da;
        else if (da == 1)
            dims[i] = db;
        else
            return -1;
    }
    *rank = r;
    return 0;
}

static void aligned_strides(const sim_tensor *t, int r, int64_t *strides)
{
    int64_t s = 1;
    for (int i = r - 1; i >= 0; i--) {
        int it = i - (r - t->ndims);
        int64_t d = it >= 0 ? t->dims[it] : 1;
        strides[i] = d == 1 ? 0 : s;
        s *= d;
    }
}

static void make_plan(const sim_tensor *a, const sim_tensor *b, bcast_plan *p)
{
    int r = 0;
    int64_t dims[SIM_MAX_DIMS], sa[SIM_MAX_DIMS], sb[SIM_MAX_DIMS];
    broadcast_shape(a, b, &r, dims);
    aligned_strides(a, r, sa);
    aligned_strides(b, r, sb);
    p->rank = 0;
    for (int i = 0; i < r; i++) {
        if (dims[i] == 1)
            continue;
        int k = p->rank;
        if (k > 0 && p->sa[k - 1] == sa[i] * dims[i] && p->sb[k - 1] == sb[i] * dims[i]) {
            p->dims[k - 1] *= dims[i];
            p->sa[k - 1] = sa[i];
            p->sb[k - 1] = sb[i];
            continue;
        }
        p->dims[k] = dims[i];
        p->sa[k] = sa[i];
        p->sb[k] = sb[i];
        p->rank++;
    }
}

static aclError add_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                          const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    aclError rc;
    (void)attrs;
    if (nin != 2 || nout != 1)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Add: expects 2 inputs and 1 output, got %d and %d", nin, nout);
    if (sim_tensor_absent(&in[0]) || sim_tensor_absent(&in[1]))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "Add: inputs x1 and x2 are required");
    if ((rc = sim_check_plain_format("Add", "x1", &in[0], msg, msglen)) != 0 ||
        (rc = sim_check_plain_format("Add", "x2", &in[1], msg, msglen)) != 0 ||
        (rc = sim_check_plain_format("Add", "y", &out[0], msg, msglen)) != 0)
        return rc;
    if (in[0].dtype != in[1].dtype)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Add: x1 (%s) and x2 (%s) must have the same dtype",
                        sim_dtype_name(in[0].dtype), sim_dtype_name(in[1].dtype));
    if (!add_dtype_ok(in[0].dtype))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "Add: dtype %s is not supported", sim_dtype_name(in[0].dtype));
    if (in[0].dtype == ACL_BF16 && !sim_env_bf16(env))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "Add: bfloat16 is not supported on this product");
    if (out[0].dtype != in[0].dtype)
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "Add: output y must have the input dtype %s, got %s",
                        sim_dtype_name(in[0].dtype), sim_dtype_name(out[0].dtype));
    int rank = 0;
    int64_t dims[SIM_MAX_DIMS];
    if (broadcast_shape(&in[0], &in[1], &rank, dims) != 0)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "Add: shapes %s and %s cannot be broadcast together",
                        sim_dims_str(&in[0], s1, sizeof s1), sim_dims_str(&in[1], s2, sizeof s2));
    out[0].ndims = rank;
    for (int i = 0; i < rank; i++)
        out[0].dims[i] = dims[i];
    return ACL_SUCCESS;
}

/* ---- one row of L elements; sa/sb are 0 (broadcast) or 1 ---- */

static void row_f32(const float *a, int64_t sa, const float *b, int64_t sb, float *o, int64_t n, int sat)
{
    int64_t i;
    if (sa && sb) {
        for (i = 0; i < n; i++)
            o[i] = a[i] + b[i];
    } else if (sb) {
        float av = a[0];
        for (i = 0; i < n; i++)
            o[i] = av + b[i];
    } else if (sa) {
        float bv = b[0];
        for (i = 0; i < n; i++)
            o[i] = a[i] + bv;
    } else {
        float v = a[0] + b[0];
        for (i = 0; i < n; i++)
            o[i] = v;
    }
    if (sat) {
        for (i = 0; i < n; i++)
            o[i] = sim_f32_saturate(o[i]);
    }
}

/* float16 / bfloat16: widen a chunk, add in float32, round once on store */
static void row_half(int32_t dt, const uint16_t *a, int64_t sa, const uint16_t *b, int64_t sb,
                     uint16_t *o, int64_t n, int sat)
{
    float fa[ADD_CHUNK], fb[ADD_CHUNK];
    for (int64_t off = 0; off < n; off += ADD_CHUNK) {
        size_t m = (size_t)(n - off < ADD_CHUNK ? n - off : ADD_CHUNK);
        if (sa) {
            sim_load_f32(dt, a + off, m, fa);
        } else {
            float v;
            sim_load_f32(dt, a, 1, &v);
            for (size_t i = 0; i < m; i++)
                fa[i] = v;
        }
        if (sb) {
            sim_load_f32(dt, b + off, m, fb);
        } else {
            float v;
            sim_load_f32(dt, b, 1, &v);
            for (size_t i = 0; i < m; i++)
                fb[i] = v;
        }
        for (size_t i = 0; i < m; i++)
            fa[i] += fb[i];
        sim_store_f32(dt, fa, m, o + off, sat);
    }
}

#define DEFINE_ROW_INT(name, T)                                                              \
    static void name(const T *a, int64_t sa, const T *b, int64_t sb, T *o, int64_t n)        \
    {                                                                                        \
        int64_t i;                                                                           \
        if (sa && sb) {                                                                      \
            for (i = 0; i < n; i++)                                                          \
                o[i] = (T)(a[i] + b[i]);                                                     \
        } else if (sb) {                                                                     \
            T av = a[0];                                                                     \
            for (i = 0; i < n; i++)                                                          \
                o[i] = (T)(av + b[i]);                                                       \
        } else if (sa) {                                                                     \
            T bv = b[0];                                                                     \
            for (i = 0; i < n; i++)                                                          \
                o[i] = (T)(a[i] + bv);                                                       \
        } else {                                                                             \
            T v = (T)(a[0] + b[0]);                                                          \
            for (i = 0; i < n; i++)                                                          \
                o[i] = v;                                                                    \
        }                                                                                    \
    }

/* unsigned arithmetic: uint8 and uint32 promote to (unsigned) int, the cast back wraps */
DEFINE_ROW_INT(row_u8, uint8_t)
DEFINE_ROW_INT(row_u32, uint32_t)
DEFINE_ROW_INT(row_u64, uint64_t)

static void add_row(int32_t dt, const unsigned char *a, int64_t sa, const unsigned char *b, int64_t sb,
                    unsigned char *o, int64_t n, int sat)
{
    switch (dt) {
    case ACL_FLOAT:
        row_f32((const float *)a, sa, (const float *)b, sb, (float *)o, n, sat);
        break;
    case ACL_FLOAT16:
    case ACL_BF16:
        row_half(dt, (const uint16_t *)a, sa, (const uint16_t *)b, sb, (uint16_t *)o, n, sat);
        break;
    case ACL_INT8:
    case ACL_UINT8:
        row_u8(a, sa, b, sb, o, n);
        break;
    case ACL_INT32:
        row_u32((const uint32_t *)a, sa, (const uint32_t *)b, sb, (uint32_t *)o, n);
        break;
    case ACL_INT64:
        row_u64((const uint64_t *)a, sa, (const uint64_t *)b, sb, (uint64_t *)o, n);
        break;
    default:
        break;
    }
}

static aclError add_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                        const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nin; (void)nout; (void)attrs; (void)msg; (void)msglen;
    if (sim_tensor_elements(&out[0]) <= 0)
        return ACL_SUCCESS;
    bcast_plan p;
    make_plan(&in[0], &in[1], &p);
    int32_t dt = in[0].dtype;
    size_t es = sim_dtype_size(dt);
    int sat = sim_env_saturation(env);
    const unsigned char *a = (const unsigned char *)in[0].data;
    const unsigned char *b = (const unsigned char *)in[1].data;
    unsigned char *o = (unsigned char *)out[0].data;

    if (p.rank == 0) {   /* single element */
        add_row(dt, a, 0, b, 0, o, 1, sat);
        return ACL_SUCCESS;
    }
    int inner = p.rank - 1;
    int64_t len = p.dims[inner];
    int64_t rows = 1;
    for (int i = 0; i < inner; i++)
        rows *= p.dims[i];
    int64_t idx[SIM_MAX_DIMS] = {0};
    int64_t offa = 0, offb = 0;
    for (int64_t r = 0; r < rows; r++) {
        add_row(dt, a + (size_t)offa * es, p.sa[inner], b + (size_t)offb * es, p.sb[inner],
                o + (size_t)(r * len) * es, len, sat);
        for (int d = inner - 1; d >= 0; d--) {   /* odometer over the outer dims */
            idx[d]++;
            offa += p.sa[d];
            offb += p.sb[d];
            if (idx[d] < p.dims[d])
                break;
            offa -= p.sa[d] * p.dims[d];
            offb -= p.sb[d] * p.dims[d];
            idx[d] = 0;
        }
    }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_add = {
    "Add", 2, add_inputs, 1, add_outputs, add_infer, add_run,
};
