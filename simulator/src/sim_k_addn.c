/*
 * sim_k_addn.c - AddN (Ascend IR): y = x0 + x1 + ... + x(N-1).
 *   one dynamic input slot x (n >= 1 tensors of one dtype and shape, no broadcasting), output y,
 *   attr N (int, required) == n. float16/bfloat16 are summed in float32 (in input order) and
 *   rounded once; integers wrap around.
 */
#include "sim_fp.h"

#include <stdio.h>

#define ADDN_CHUNK 1024

static const sim_io_def addn_inputs[] = {{"x", SIM_IO_DYNAMIC}};
static const sim_io_def addn_outputs[] = {{"y", SIM_IO_REQUIRED}};

static int addn_dtype_ok(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_INT32 || dt == ACL_INT64;
}

static int same_shape(const sim_tensor *a, const sim_tensor *b)
{
    if (a->ndims != b->ndims)
        return 0;
    for (int i = 0; i < a->ndims; i++)
        if (a->dims[i] != b->dims[i])
            return 0;
    return 1;
}

static aclError addn_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    char s1[160], s2[160];
    aclError rc;
    if ((rc = sim_check_dynamic_list("AddN", in, nin, out, nout, msg, msglen)) != 0)
        return rc;
    int32_t dt = in[0].dtype;
    for (int i = 1; i < nin; i++) {
        char slot[32];
        snprintf(slot, sizeof slot, "x%d", i);
        if (!same_shape(&in[0], &in[i]))
            return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                            "AddN: all inputs must have one shape: x0 is %s, %s is %s",
                            sim_dims_str(&in[0], s1, sizeof s1), slot, sim_dims_str(&in[i], s2, sizeof s2));
    }
    if (!addn_dtype_ok(dt))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "AddN: dtype %s is not supported", sim_dtype_name(dt));
    if (dt == ACL_BF16 && !sim_env_bf16(env))
        return sim_kmsg(ACL_ERROR_UNSUPPORTED_DATA_TYPE, msg, msglen,
                        "AddN: bfloat16 is not supported on this product");
    if ((rc = sim_check_out_dtype("AddN", dt, &out[0], msg, msglen)) != 0 ||
        (rc = sim_check_attr_type("AddN", attrs, "N", SIM_ATTR_INT, "int", msg, msglen)) != 0)
        return rc;
    int64_t n = 0;
    if (!sim_attr_get_int(attrs, "N", &n))
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen, "AddN: required attr 'N' (int) is missing");
    if (n != nin)
        return sim_kmsg(ACL_ERROR_INVALID_PARAM, msg, msglen,
                        "AddN: attr N is %lld but %d inputs were given", (long long)n, nin);
    sim_copy_dims(&in[0], &out[0]);
    return ACL_SUCCESS;
}

static void sum_float(const sim_tensor *in, int nin, sim_tensor *out, int64_t total, int sat)
{
    int32_t dt = in[0].dtype;
    size_t es = sim_dtype_size(dt);
    float acc[ADDN_CHUNK], tmp[ADDN_CHUNK];
    for (int64_t off = 0; off < total; off += ADDN_CHUNK) {
        size_t m = (size_t)(total - off < ADDN_CHUNK ? total - off : ADDN_CHUNK);
        sim_load_f32(dt, (const unsigned char *)in[0].data + (size_t)off * es, m, acc);
        for (int t = 1; t < nin; t++) {
            sim_load_f32(dt, (const unsigned char *)in[t].data + (size_t)off * es, m, tmp);
            for (size_t i = 0; i < m; i++)
                acc[i] += tmp[i];
        }
        sim_store_f32(dt, acc, m, (unsigned char *)out[0].data + (size_t)off * es, sat);
    }
}

#define DEFINE_SUM_INT(name, T)                                                          \
    static void name(const sim_tensor *in, int nin, sim_tensor *out, int64_t total)      \
    {                                                                                    \
        T *o = (T *)out[0].data;                                                         \
        const T *x0 = (const T *)in[0].data;                                             \
        for (int64_t i = 0; i < total; i++)                                              \
            o[i] = x0[i];                                                                \
        for (int t = 1; t < nin; t++) {                                                  \
            const T *x = (const T *)in[t].data;                                          \
            for (int64_t i = 0; i < total; i++)                                          \
                o[i] = (T)(o[i] + x[i]);                                                 \
        }                                                                                \
    }

DEFINE_SUM_INT(sum_u32, uint32_t)
DEFINE_SUM_INT(sum_u64, uint64_t)

static aclError addn_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                         const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)nout; (void)attrs; (void)msg; (void)msglen;
    int64_t total = sim_tensor_elements(&out[0]);
    if (total <= 0)
        return ACL_SUCCESS;
    switch (in[0].dtype) {
    case ACL_INT32:
        sum_u32(in, nin, out, total);
        break;
    case ACL_INT64:
        sum_u64(in, nin, out, total);
        break;
    default:
        sum_float(in, nin, out, total, sim_env_saturation(env));
        break;
    }
    return ACL_SUCCESS;
}

const sim_op_def sim_op_add_n = {
    "AddN", 1, addn_inputs, 1, addn_outputs, addn_infer, addn_run,
};
