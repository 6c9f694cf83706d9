/* sim_k_gemm.h - the float32 matrix product behind MatMulV2 / BatchMatMulV2. */
#ifndef SIM_K_GEMM_H_
#define SIM_K_GEMM_H_

#include <stdint.h>

/* c[m,n] = a[m,k] @ b[k,n], all row-major and contiguous. Each c[i][j] is summed over p in
 * increasing order in float32 (no FMA contraction), so results do not depend on the blocking or
 * on the number of threads. Env ACLSIM_KERNEL_THREADS (default 2, 1 = none) splits large
 * products by rows. */
void sim_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c);

#endif
