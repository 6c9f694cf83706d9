/*
 * sim_ops.c - the op table and sim_op_find.
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
