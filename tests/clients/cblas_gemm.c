/*
 * cblas_gemm: C = alpha * A B + beta * C with aclblasGemmEx (float16) and y = alpha * A x + beta * y
 * with aclblasHgemv, on the GEMM models of cblas_gemm.json (compiled with atc and set with
 * aclopSetModelDir, as CANN's CBLAS requires). Operands are read from DATA_DIR (raw float16:
 * a, b, c, alpha, beta for GEMM; va, vx, vy for GEMV); results go to DATA_DIR/gemm_out.bin and
 * gemv_out.bin. The caller checks them.
 *
 *     cblas_gemm MODEL_DIR DATA_DIR
 */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/ops/acl_cblas.h"

#define M 16
#define N 8
#define K 32
#define VM 8
#define VN 16

#define CHECK(call)                                                                     \
    do {                                                                                \
        aclError rc_ = (call);                                                          \
        if (rc_ != ACL_SUCCESS) {                                                       \
            const char *msg_ = aclGetRecentErrMsg();                                    \
            fprintf(stderr, "FAIL %s: %d (%s)\n", #call, (int)rc_, msg_ ? msg_ : "");   \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

static const char *data_dir;

/* Reads DATA_DIR/name (size bytes) into new device memory. */
static int load(const char *name, size_t size, void **dev)
{
    char path[4096];
    unsigned char host[4 * M * K];
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(host, 1, size, f) : 0;
    if (f)
        fclose(f);
    if (got != size) {
        fprintf(stderr, "FAIL %s: read %zu of %zu bytes\n", path, got, size);
        return 1;
    }
    CHECK(aclrtMalloc(dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(*dev, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE));
    return 0;
}

static int save(const char *name, const void *dev, size_t size)
{
    char path[4096];
    unsigned char host[4 * M * K];
    CHECK(aclrtMemcpy(host, size, dev, size, ACL_MEMCPY_DEVICE_TO_HOST));
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    FILE *f = fopen(path, "wb");
    size_t put = f ? fwrite(host, 1, size, f) : 0;
    if (f)
        fclose(f);
    return put == size ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s MODEL_DIR DATA_DIR\n", argv[0]);
        return 2;
    }
    data_dir = argv[2];
    const size_t h = sizeof(aclFloat16);
    aclrtStream stream;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));
    CHECK(aclopSetModelDir(argv[1]));

    void *a, *b, *c, *alpha, *beta, *va, *vx, *vy;
    if (load("a.bin", M * K * h, &a) || load("b.bin", K * N * h, &b) || load("c.bin", M * N * h, &c) ||
        load("alpha.bin", h, &alpha) || load("beta.bin", h, &beta) || load("va.bin", VM * VN * h, &va) ||
        load("vx.bin", VN * h, &vx) || load("vy.bin", VM * h, &vy))
        return 1;
    CHECK(aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, M, N, K, alpha, a, -1, ACL_FLOAT16, b, -1,
                        ACL_FLOAT16, beta, c, -1, ACL_FLOAT16, ACL_COMPUTE_HIGH_PRECISION, stream));
    CHECK(aclblasHgemv(ACL_TRANS_N, VM, VN, alpha, va, -1, vx, -1, beta, vy, -1, ACL_COMPUTE_HIGH_PRECISION,
                       stream));
    CHECK(aclrtSynchronizeStream(stream));
    if (save("gemm_out.bin", c, M * N * h) || save("gemv_out.bin", vy, VM * h))
        return 1;
    void *all[] = { a, b, c, alpha, beta, va, vx, vy };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        CHECK(aclrtFree(all[i]));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    printf("cblas_gemm: %dx%d GEMM and %d GEMV outputs written\n", M, N, VM);
    return 0;
}
