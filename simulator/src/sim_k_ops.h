/*
 * sim_k_ops.h - op definitions of the kernel files added after the first four (sim_fp.h declares
 * Add, AddN, Cast, MatMulV2), and small helpers shared by those kernel files.
 * Kernel-internal: only sim_ops.c and sim_k_*.c include it.
 */
#ifndef SIM_K_OPS_H_
#define SIM_K_OPS_H_

#include "sim_fp.h"

/* sim_k_binary.c: broadcasting binary elementwise ops */
extern const sim_op_def sim_op_sub;
extern const sim_op_def sim_op_mul;
extern const sim_op_def sim_op_real_div;
extern const sim_op_def sim_op_maximum;
extern const sim_op_def sim_op_minimum;

/* sim_k_unary.c: unary elementwise ops */
extern const sim_op_def sim_op_abs;
extern const sim_op_def sim_op_neg;
extern const sim_op_def sim_op_relu;
extern const sim_op_def sim_op_exp;
extern const sim_op_def sim_op_log;
extern const sim_op_def sim_op_sqrt;
extern const sim_op_def sim_op_rsqrt;
extern const sim_op_def sim_op_sigmoid;
extern const sim_op_def sim_op_tanh;

/* sim_k_matmul.c */
extern const sim_op_def sim_op_batch_matmul_v2;

/* sim_k_reduce.c: reductions over attr axes, and SoftmaxV2 */
extern const sim_op_def sim_op_reduce_sum_d;
extern const sim_op_def sim_op_reduce_max_d;
extern const sim_op_def sim_op_softmax_v2;

/* sim_k_layout.c: pure data movement */
extern const sim_op_def sim_op_transpose_d;
extern const sim_op_def sim_op_concat_d;

/* sim_k_layernorm.c */
extern const sim_op_def sim_op_layer_norm;

/* ---- helpers shared by the kernel files (defined in sim_k_binary.c) ---- */

/* A strided walk over a shape: dims with size-1 dims dropped and runs that are contiguous for
 * both operands merged; sa/sb are element strides of two operands (0 along broadcast or reduced
 * dims). The innermost dim (dims[rank-1]) is the "row". */
typedef struct {
    int rank;
    int64_t dims[SIM_MAX_DIMS];
    int64_t sa[SIM_MAX_DIMS];
    int64_t sb[SIM_MAX_DIMS];
} sim_walk;

/* Build a walk from full-rank dims and strides (rank r, strides already aligned to dims). */
void sim_walk_make(int r, const int64_t *dims, const int64_t *sa, const int64_t *sb, sim_walk *w);
/* Call fn(ctx, offa, offb, row_index) for every row (element offsets of the row's first element
 * in operand a and b); rows are visited in row-major order of the walk. A walk of rank 0 has one
 * row of length 1. Returns the row length. */
typedef void (*sim_walk_fn)(void *ctx, int64_t offa, int64_t offb, int64_t row);
int64_t sim_walk_rows(const sim_walk *w, sim_walk_fn fn, void *ctx);
/* Row length and strides of the innermost dim (1 and 0/0 for a rank-0 walk). */
static inline int64_t sim_walk_len(const sim_walk *w) { return w->rank ? w->dims[w->rank - 1] : 1; }
static inline int64_t sim_walk_sa(const sim_walk *w) { return w->rank ? w->sa[w->rank - 1] : 0; }
static inline int64_t sim_walk_sb(const sim_walk *w) { return w->rank ? w->sb[w->rank - 1] : 0; }

/* Check a dtype for an op: ok says whether the op takes it at all; bf16 is also refused when the
 * product lacks it. Both give ACL_ERROR_UNSUPPORTED_DATA_TYPE with a message naming op and slot. */
aclError sim_check_dtype(const char *op, const char *slot, int32_t dt, int ok, const sim_exec_env *env,
                         char *msg, size_t msglen);
/* Normalise an axis in [-rank, rank) to [0, rank); -1 if out of range. */
int64_t sim_norm_axis(int64_t axis, int rank);
/* Copy in's dims to out. */
void sim_copy_dims(const sim_tensor *in, sim_tensor *out);

#endif /* SIM_K_OPS_H_ */
