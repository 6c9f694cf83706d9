/*
 * sim_ops.c - the op table, sim_op_find and tensor size helpers.
 */
#include "sim_k_ops.h"

#include <string.h>

static const sim_op_def *const op_table[] = {
    &sim_op_add,
    &sim_op_add_n,
    &sim_op_cast,
    &sim_op_matmul_v2,
    &sim_op_sub,
    &sim_op_mul,
    &sim_op_real_div,
    &sim_op_maximum,
    &sim_op_minimum,
    &sim_op_abs,
    &sim_op_neg,
    &sim_op_relu,
    &sim_op_exp,
    &sim_op_log,
    &sim_op_sqrt,
    &sim_op_rsqrt,
    &sim_op_sigmoid,
    &sim_op_tanh,
    &sim_op_batch_matmul_v2,
    &sim_op_reduce_sum_d,
    &sim_op_reduce_max_d,
    &sim_op_softmax_v2,
    &sim_op_transpose_d,
    &sim_op_concat_d,
    &sim_op_layer_norm,
    &sim_op_pow,
    &sim_op_reduce_mean_d,
    &sim_op_batch_matmul,
    &sim_op_arg_max_v2,
    &sim_op_gather_v2,
    &sim_op_slice,
    &sim_op_conv2d,
    &sim_op_batch_norm,
    &sim_op_gemm,
};

const sim_op_def *sim_op_find(const char *op_type)
{
    if (op_type == NULL)
        return NULL;
    for (size_t i = 0; i < sizeof op_table / sizeof op_table[0]; i++) {
        if (strcmp(op_table[i]->op_type, op_type) == 0)
            return op_table[i];
    }
    return NULL;
}

int64_t sim_tensor_elements(const sim_tensor *t)
{
    int64_t n = 1;
    if (t == NULL || t->dtype == ACL_DT_UNDEFINED)
        return 0;
    for (int i = 0; i < t->ndims; i++) {
        if (t->dims[i] < 0)
            return -1;   /* dynamic: unknown */
        if (t->dims[i] == 0)
            return 0;
    }
    for (int i = 0; i < t->ndims; i++)
        n *= t->dims[i];
    return n;
}

size_t sim_tensor_bytes(const sim_tensor *t)
{
    int64_t n = sim_tensor_elements(t);
    if (n <= 0)
        return 0;
    switch (t->dtype) {
    case ACL_INT4: case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2:
        return (size_t)((n + 1) / 2);
    case ACL_UINT1:
        return (size_t)((n + 7) / 8);
    default:
        return (size_t)n * sim_dtype_size(t->dtype);
    }
}
