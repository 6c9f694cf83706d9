/*
 * cblas_gemm: C = alpha * A B + beta * C with aclblasGemmEx (float16) and y = alpha * A x + beta * y
 * with aclblasHgemv, on the GEMM models of cblas_gemm.json (compiled with atc and set with
 * aclopSetModelDir, as CANN's CBLAS requires). Operands are read from DATA_DIR (raw float16:
 * a, b, c, alpha, beta for GEMM; va, vx, vy for GEMV); results go to DATA_DIR/gemm_out.bin and
 * gemv_out.bin. The caller checks them.
 *
 *     cblas_gemm MODEL_DIR DATA_DIR
 */
#include "client_common.h"
#include "acl/ops/acl_cblas.h"

#define M 16
#define N 8
#define K 32
#define VM 8
#define VN 16
#define OPERANDS 8

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s MODEL_DIR DATA_DIR\n", argv[0]);
        return 2;
    }
    client_runtime rt;
    if (client_init(&rt) != 0)
        return 1;
    const size_t h = sizeof(aclFloat16);
    const char *names[OPERANDS] = { "a", "b", "c", "alpha", "beta", "va", "vx", "vy" };
    const size_t sizes[OPERANDS] = { M * K * h, K * N * h, M * N * h, h, h, VM * VN * h, VN * h, VM * h };
    void *dev[OPERANDS];
    char path[4096];
    CHECK_ACL(aclopSetModelDir(argv[1]));
    for (int i = 0; i < OPERANDS; i++) {
        snprintf(path, sizeof path, "%s/%s.bin", argv[2], names[i]);
        if (file_to_device(path, sizes[i], &dev[i]) != 0)
            return 1;
    }
    CHECK_ACL(aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, M, N, K, dev[3], dev[0], -1, ACL_FLOAT16, dev[1],
                            -1, ACL_FLOAT16, dev[4], dev[2], -1, ACL_FLOAT16, ACL_COMPUTE_HIGH_PRECISION, rt.stream));
    CHECK_ACL(aclblasHgemv(ACL_TRANS_N, VM, VN, dev[3], dev[5], -1, dev[6], -1, dev[4], dev[7], -1,
                           ACL_COMPUTE_HIGH_PRECISION, rt.stream));
    CHECK_ACL(aclrtSynchronizeStream(rt.stream));
    snprintf(path, sizeof path, "%s/gemm_out.bin", argv[2]);
    if (device_to_file(dev[2], sizes[2], path) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/gemv_out.bin", argv[2]);
    if (device_to_file(dev[7], sizes[7], path) != 0 || free_device(OPERANDS, dev) != 0 || client_finalize(&rt) != 0)
        return 1;
    printf("cblas_gemm: %dx%d GEMM and %d GEMV outputs written\n", M, N, VM);
    return 0;
}
