/*
 * sim_k_gemm.c - register-blocked float32 matrix product.
 *
 * A 4 x 8 block of c lives in vector accumulators while p runs over k: every b row segment
 * loaded is used for four rows of a, which is what lets a plain C loop (no intrinsics) reach a
 * useful fraction of the machine's floating-point rate once the compiler vectorises the fixed
 * 16-wide inner loops. The summation order of each element is p = 0, 1, ..., k-1, exactly as
 * a naive loop, so the blocking changes speed, never results.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sim_k_gemm.h"

#define MR 4
#define NR 8
#define THREAD_MIN_FLOPS (1 << 22)   /* below this, a second thread costs more than it gives */

/* Four lanes of float32. GCC/Clang generic vector extension (not an ISA intrinsic): SSE on
 * x86-64, NEON on aarch64, plain scalar code elsewhere. It keeps the 4 x 8 accumulator block in
 * registers, which arrays indexed in loops do not reliably get. */
typedef float v4f __attribute__((vector_size(16)));

static inline v4f load4(const float *p)
{
    v4f v;
    memcpy(&v, p, sizeof(v));   /* unaligned-safe; compiles to one vector load */
    return v;
}

static void block_full(int64_t n, int64_t k, const float *restrict a, const float *restrict b,
                       float *restrict c, int64_t j0)
{
    v4f c00 = {0}, c01 = {0}, c10 = {0}, c11 = {0}, c20 = {0}, c21 = {0}, c30 = {0}, c31 = {0};
    const float *a0 = a, *a1 = a + k, *a2 = a + 2 * k, *a3 = a + 3 * k;
    for (int64_t p = 0; p < k; p++) {
        const float *bp = b + p * n + j0;
        v4f b0 = load4(bp), b1 = load4(bp + 4);
        v4f x0 = {a0[p], a0[p], a0[p], a0[p]}, x1 = {a1[p], a1[p], a1[p], a1[p]};
        v4f x2 = {a2[p], a2[p], a2[p], a2[p]}, x3 = {a3[p], a3[p], a3[p], a3[p]};
        c00 += x0 * b0; c01 += x0 * b1;
        c10 += x1 * b0; c11 += x1 * b1;
        c20 += x2 * b0; c21 += x2 * b1;
        c30 += x3 * b0; c31 += x3 * b1;
    }
    memcpy(c + j0, &c00, 16);         memcpy(c + j0 + 4, &c01, 16);
    memcpy(c + n + j0, &c10, 16);     memcpy(c + n + j0 + 4, &c11, 16);
    memcpy(c + 2 * n + j0, &c20, 16); memcpy(c + 2 * n + j0 + 4, &c21, 16);
    memcpy(c + 3 * n + j0, &c30, 16); memcpy(c + 3 * n + j0 + 4, &c31, 16);
}

/* Edges: fewer than MR rows or NR columns left. */
static void block_edge(int64_t n, int64_t k, const float *a, const float *b, float *c, int64_t rows,
                       int64_t j0, int64_t cols)
{
    for (int64_t r = 0; r < rows; r++)
        for (int64_t j = j0; j < j0 + cols; j++) {
            float acc = 0.0f;
            for (int64_t p = 0; p < k; p++)
                acc += a[r * k + p] * b[p * n + j];
            c[r * n + j] = acc;
        }
}

static void gemm_rows(int64_t i0, int64_t i1, int64_t n, int64_t k, const float *a, const float *b, float *c)
{
    int64_t i = i0;
    for (; i + MR <= i1; i += MR) {
        int64_t j = 0;
        for (; j + NR <= n; j += NR)
            block_full(n, k, a + i * k, b, c + i * n, j);
        if (j < n)
            block_edge(n, k, a + i * k, b, c + i * n, MR, j, n - j);
    }
    if (i < i1)
        block_edge(n, k, a + i * k, b, c + i * n, i1 - i, 0, n);
}

typedef struct {
    int64_t i0, i1, n, k;
    const float *a, *b;
    float *c;
} gemm_part;

static void *gemm_part_run(void *arg)
{
    gemm_part *g = arg;
    gemm_rows(g->i0, g->i1, g->n, g->k, g->a, g->b, g->c);
    return NULL;
}

static int kernel_threads(void)
{
    const char *env = getenv("ACLSIM_KERNEL_THREADS");
    int t = env != NULL ? atoi(env) : 2;
    return t < 1 ? 1 : (t > 16 ? 16 : t);
}

void sim_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c)
{
    int threads = 1;
    if ((double)m * (double)n * (double)k >= THREAD_MIN_FLOPS) {   /* small products skip getenv */
        threads = kernel_threads();
        if (threads > m / MR)
            threads = (int)(m / MR);
    }
    if (threads < 2) {
        gemm_rows(0, m, n, k, a, b, c);
        return;
    }
    pthread_t tid[16];
    gemm_part parts[16];
    int started = 0;
    int64_t rows_per = (m / threads + MR - 1) / MR * MR;
    for (int t = 0; t < threads; t++) {
        int64_t i0 = t * rows_per, i1 = i0 + rows_per < m ? i0 + rows_per : m;
        parts[t] = (gemm_part){i0, i1, n, k, a, b, c};
        if (i0 >= i1)
            continue;
        if (t == threads - 1 || pthread_create(&tid[t], NULL, gemm_part_run, &parts[t]) != 0) {
            gemm_part_run(&parts[t]);          /* the calling thread does the last part (or any
                                                  part a thread could not be started for) */
            continue;
        }
        started |= 1 << t;
    }
    for (int t = 0; t < threads; t++)
        if (started & (1 << t))
            pthread_join(tid[t], NULL);
}
