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

/* ops real clients use (docs/FIDELITY.md): sim_k_binary.c Pow, sim_k_reduce.c ReduceMeanD,
 * sim_k_matmul.c BatchMatMul, sim_k_index.c ArgMaxV2 / GatherV2 / Slice, sim_k_conv.c Conv2D,
 * sim_k_nn.c BatchNorm / GEMM */
extern const sim_op_def sim_op_pow;
extern const sim_op_def sim_op_reduce_mean_d;
extern const sim_op_def sim_op_batch_matmul;
extern const sim_op_def sim_op_arg_max_v2;
extern const sim_op_def sim_op_gather_v2;
extern const sim_op_def sim_op_slice;
extern const sim_op_def sim_op_conv2d;
extern const sim_op_def sim_op_batch_norm;
extern const sim_op_def sim_op_gemm;

/* A 4-D tensor seen as N, C, H, W: sizes and element strides (sim_k_conv.c). */
typedef struct {
    int64_t n, c, h, w;
    int64_t sn, sc, sh, sw;
} sim_nchw;
/* The view of t read in `format` (NCHW, NHWC or HWCN); t must be 4-D. */
aclError sim_nchw_view(const char *op, const char *slot, const sim_tensor *t, int32_t format, sim_nchw *v,
                       char *msg, size_t msglen);
/* Attr data_format (string, default "NHWC"): ACL_FORMAT_NCHW or ACL_FORMAT_NHWC. */
aclError sim_read_data_format(const char *op, const sim_attr_set *attrs, int32_t *format, char *msg, size_t msglen);

/* ---- helpers shared by the kernel files (defined in sim_k_binary.c unless inline) ---- */

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

/* Broadcast (numpy rules, shapes aligned on the right) of dims da[ra] and db[rb] into dims;
 * returns the rank, or -1 if the shapes are incompatible. */
int sim_broadcast_dims(int ra, const int64_t *da, int rb, const int64_t *db, int64_t *dims);
/* Element strides of a row-major operand of dims d[rd] whose last dim steps by unit elements,
 * aligned on the right to r broadcast dims: 0 along its size-1 and missing dims. */
void sim_broadcast_strides(int rd, const int64_t *d, int r, int64_t unit, int64_t *strides);

/* float sum of n values in 8 partial sums (vectorisable; like the lanes of a vector unit) */
static inline float sim_sum8(const float *v, size_t n)
{
    float p[8] = {0};
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++)
            p[k] += v[i + k];
    float s = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
    for (; i < n; i++)
        s += v[i];
    return s;
}

/* One op of a family sharing infer/run code, told apart by an op code. */
typedef struct {
    const char *name;             /* Ascend IR name */
    int op;                       /* the family's op code */
} sim_op_variant;

/* Define sim_op_<ident> as a variant of a family: family##_infer and family##_run take the
 * variant (a pointer to a static const object) and then the sim_op_def arguments. */
#define SIM_DEFINE_OP_VARIANT(ident, irname, variant, family, nins, ins, nouts, outs)                \
    static aclError ident##_infer(const sim_tensor *in, int nin, sim_tensor *out, int nout,         \
                                  const sim_attr_set *attrs, const sim_exec_env *env, char *msg,    \
                                  size_t msglen)                                                    \
    {                                                                                               \
        return family##_infer(variant, in, nin, out, nout, attrs, env, msg, msglen);                \
    }                                                                                               \
    static aclError ident##_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,           \
                                const sim_attr_set *attrs, const sim_exec_env *env, char *msg,      \
                                size_t msglen)                                                      \
    {                                                                                               \
        return family##_run(variant, in, nin, out, nout, attrs, env, msg, msglen);                  \
    }                                                                                               \
    const sim_op_def sim_op_##ident = {irname, nins, ins, nouts, outs, ident##_infer, ident##_run};

#endif /* SIM_K_OPS_H_ */
