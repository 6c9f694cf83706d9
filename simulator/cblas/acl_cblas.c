/* libacl_cblas.so of the simulator's CANN-shaped install: CANN's CBLAS calls as a client of the
 * ACL ABI, the way hicann/ge api/acl/acl_cblas/single_op/blas/gemm_ops.cpp and gemv_ops.cpp build
 * them. Every call is the single op "GEMM" with inputs {A, B, C, alpha, beta}, output C (the same
 * buffer as input 2) and bool attrs transpose_a / transpose_b; it runs through aclopExecuteV2
 * (aclblas<X>) or becomes a handle through aclopCreateHandle (aclblasCreateHandleFor<X>), so the
 * user must have loaded a GEMM model (compiled with atc) first, as with CANN.
 * Gemv is GEMM with n' = 1 and k' = n (gemv_ops.cpp); alpha and beta have C's dtype, 0 dims and
 * data buffers of 4 bytes (SIZE_ALPHA_BETA). Argument checks and codes: gemm_ops.cpp, in order. */
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/ops/acl_cblas.h"

#define GEMM_OP "GEMM"
#define GEMM_INPUTS 5
#define SIZE_ALPHA_BETA 4U

typedef struct {
    aclTensorDesc *desc[GEMM_INPUTS];   /* A, B, C, alpha/beta (index 3, shared), unused */
    aclTensorDesc *in[GEMM_INPUTS];
    aclTensorDesc *out[1];
    aclopAttr *attr;
} Gemm;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* The desc of one matrix: ND [rows, cols] (T: [cols, rows]); NZ: FRACTAL_NZ (int8 B: FRACTAL_Z). */
static aclTensorDesc *matrix_desc(aclDataType dt, aclTransType trans, int64_t rows, int64_t cols, int is_b)
{
    if (trans == ACL_TRANS_NZ) {
        int int8 = dt == ACL_INT8;
        int64_t dims[4] = { ceil_div(cols, int8 ? 32 : 16), ceil_div(rows, 16), 16, int8 ? 32 : 16 };
        if (is_b && int8) {
            int64_t z[4] = { ceil_div(rows, 32), ceil_div(cols, 16), 16, 32 };
            return aclCreateTensorDesc(dt, 4, z, ACL_FORMAT_FRACTAL_Z);
        }
        return aclCreateTensorDesc(dt, 4, dims, ACL_FORMAT_FRACTAL_NZ);
    }
    int64_t dims[2] = { rows, cols };
    if (trans == ACL_TRANS_T) {
        dims[0] = cols;
        dims[1] = rows;
    }
    return aclCreateTensorDesc(dt, 2, dims, ACL_FORMAT_ND);
}

static void gemm_free(Gemm *g)
{
    for (int i = 0; i < 4; ++i)
        if (g->desc[i] != NULL)
            aclDestroyTensorDesc(g->desc[i]);
    if (g->attr != NULL)
        aclopDestroyAttr(g->attr);
}

/* gemm_ops.cpp MatMulTemplate: the descs and attrs of one GEMM. */
static aclError gemm_init(Gemm *g, aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k,
                          aclDataType dta, aclDataType dtb, aclDataType dtc)
{
    *g = (Gemm){ { NULL }, { NULL }, { NULL }, NULL };
    g->desc[0] = matrix_desc(dta, ta, m, k, 0);
    g->desc[1] = matrix_desc(dtb, tb, k, n, 1);
    g->desc[2] = matrix_desc(dtc, tc, m, n, 0);
    g->desc[3] = aclCreateTensorDesc(dtc, 0, NULL, ACL_FORMAT_ND);
    g->attr = aclopCreateAttr();
    if (g->desc[0] == NULL || g->desc[1] == NULL || g->desc[2] == NULL || g->desc[3] == NULL || g->attr == NULL) {
        gemm_free(g);
        return ACL_ERROR_BAD_ALLOC;
    }
    aclError rc = aclopSetAttrBool(g->attr, "transpose_a", ta == ACL_TRANS_T);
    if (rc == ACL_SUCCESS)
        rc = aclopSetAttrBool(g->attr, "transpose_b", tb == ACL_TRANS_T);
    if (rc != ACL_SUCCESS) {
        gemm_free(g);
        return rc;
    }
    g->in[0] = g->desc[0];
    g->in[1] = g->desc[1];
    g->in[2] = g->desc[2];
    g->in[3] = g->desc[3];
    g->in[4] = g->desc[3];
    g->out[0] = g->desc[2];
    return ACL_SUCCESS;
}

/* The checks of gemm_ops.cpp common to both forms, after the NULL checks. */
static aclError check_shape(aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k,
                            aclComputeType type)
{
    if (m <= 0 || n <= 0 || k <= 0)
        return ACL_ERROR_INVALID_PARAM;                       /* "mnk must > 0" */
    if ((int)ta < ACL_TRANS_N || ta >= ACL_TRANS_NZ_T || (int)tb < ACL_TRANS_N || tb >= ACL_TRANS_NZ_T)
        return ACL_ERROR_INVALID_PARAM;                       /* N, T and NZ only */
    if (tc != ACL_TRANS_N && tc != ACL_TRANS_NZ)
        return ACL_ERROR_INVALID_PARAM;
    (void)type;
    return ACL_SUCCESS;
}

aclError aclblasGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const void *alpha, const void *matrixA, int lda, aclDataType dataTypeA, const void *matrixB,
                       int ldb, aclDataType dataTypeB, const void *beta, void *matrixC, int ldc,
                       aclDataType dataTypeC, aclComputeType type, aclrtStream stream)
{
    if (alpha == NULL || beta == NULL || matrixA == NULL || matrixB == NULL || matrixC == NULL)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = check_shape(transA, transB, transC, m, n, k, type);
    if (rc != ACL_SUCCESS)
        return rc;
    if (lda != -1 || ldb != -1 || ldc != -1)
        return ACL_ERROR_INVALID_PARAM;                       /* "only support -1" */
    if (type != ACL_COMPUTE_HIGH_PRECISION)
        return ACL_ERROR_INVALID_PARAM;
    Gemm g;
    if ((rc = gemm_init(&g, transA, transB, transC, m, n, k, dataTypeA, dataTypeB, dataTypeC)) != ACL_SUCCESS)
        return rc;
    void *data[GEMM_INPUTS] = { (void *)matrixA, (void *)matrixB, matrixC, (void *)alpha, (void *)beta };
    aclDataBuffer *bufs[GEMM_INPUTS] = { NULL };
    aclDataBuffer *outs[1] = { NULL };
    for (int i = 0; i < GEMM_INPUTS && rc == ACL_SUCCESS; ++i) {
        size_t size = i < 3 ? aclGetTensorDescSize(g.in[i]) : SIZE_ALPHA_BETA;
        if ((bufs[i] = aclCreateDataBuffer(data[i], size)) == NULL)
            rc = ACL_ERROR_BAD_ALLOC;
    }
    if (rc == ACL_SUCCESS && (outs[0] = aclCreateDataBuffer(matrixC, aclGetTensorDescSize(g.out[0]))) == NULL)
        rc = ACL_ERROR_BAD_ALLOC;
    if (rc == ACL_SUCCESS)
        rc = aclopExecuteV2(GEMM_OP, GEMM_INPUTS, g.in, bufs, 1, g.out, outs, g.attr, stream);
    for (int i = 0; i < GEMM_INPUTS; ++i)
        if (bufs[i] != NULL)
            aclDestroyDataBuffer(bufs[i]);
    if (outs[0] != NULL)
        aclDestroyDataBuffer(outs[0]);
    gemm_free(&g);
    return rc;
}

aclError aclblasCreateHandleForGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclDataType dataTypeA, aclDataType dataTypeB, aclDataType dataTypeC,
                                      aclComputeType type, aclopHandle **handle)
{
    if (handle == NULL)
        return ACL_ERROR_INVALID_PARAM;
    aclError rc = check_shape(transA, transB, transC, m, n, k, type);
    if (rc != ACL_SUCCESS)
        return rc;
    if (type != ACL_COMPUTE_HIGH_PRECISION)
        return ACL_ERROR_INVALID_PARAM;
    Gemm g;
    if ((rc = gemm_init(&g, transA, transB, transC, m, n, k, dataTypeA, dataTypeB, dataTypeC)) != ACL_SUCCESS)
        return rc;
    rc = aclopCreateHandle(GEMM_OP, GEMM_INPUTS, (const aclTensorDesc *const *)g.in, 1,
                           (const aclTensorDesc *const *)g.out, g.attr, handle);
    gemm_free(&g);
    return rc;
}

aclError aclblasHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                      const aclFloat16 *alpha, const aclFloat16 *matrixA, int lda, const aclFloat16 *matrixB, int ldb,
                      const aclFloat16 *beta, aclFloat16 *matrixC, int ldc, aclComputeType type, aclrtStream stream)
{
    return aclblasGemmEx(transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_FLOAT16, matrixB, ldb,
                         ACL_FLOAT16, beta, matrixC, ldc, ACL_FLOAT16, type, stream);
}

aclError aclblasCreateHandleForHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                     int k, aclComputeType type, aclopHandle **handle)
{
    return aclblasCreateHandleForGemmEx(transA, transB, transC, m, n, k, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16,
                                        type, handle);
}

aclError aclblasS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const int32_t *alpha, const int8_t *matrixA, int lda, const int8_t *matrixB, int ldb,
                       const int32_t *beta, int32_t *matrixC, int ldc, aclComputeType type, aclrtStream stream)
{
    return aclblasGemmEx(transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_INT8, matrixB, ldb, ACL_INT8,
                         beta, matrixC, ldc, ACL_INT32, type, stream);
}

aclError aclblasCreateHandleForS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclComputeType type, aclopHandle **handle)
{
    return aclblasCreateHandleForGemmEx(transA, transB, transC, m, n, k, ACL_INT8, ACL_INT8, ACL_INT32, type,
                                        handle);
}

/* gemv_ops.cpp: y = alpha * op(A) x + beta * y is GEMM(transA, N, N, m, 1, n); incx/incy travel as
 * ldb/ldc. */
aclError aclblasGemvEx(aclTransType transA, int m, int n, const void *alpha, const void *a, int lda,
                       aclDataType dataTypeA, const void *x, int incx, aclDataType dataTypeX, const void *beta, void *y,
                       int incy, aclDataType dataTypeY, aclComputeType type, aclrtStream stream)
{
    return aclblasGemmEx(transA, ACL_TRANS_N, ACL_TRANS_N, m, 1, n, alpha, a, lda, dataTypeA, x, incx, dataTypeX,
                         beta, y, incy, dataTypeY, type, stream);
}

aclError aclblasCreateHandleForGemvEx(aclTransType transA, int m, int n, aclDataType dataTypeA,
                                      aclDataType dataTypeX, aclDataType dataTypeY, aclComputeType type,
                                      aclopHandle **handle)
{
    return aclblasCreateHandleForGemmEx(transA, ACL_TRANS_N, ACL_TRANS_N, m, 1, n, dataTypeA, dataTypeX, dataTypeY,
                                        type, handle);
}

aclError aclblasHgemv(aclTransType transA, int m, int n, const aclFloat16 *alpha, const aclFloat16 *a, int lda,
                      const aclFloat16 *x, int incx, const aclFloat16 *beta, aclFloat16 *y, int incy,
                      aclComputeType type, aclrtStream stream)
{
    return aclblasGemvEx(transA, m, n, alpha, a, lda, ACL_FLOAT16, x, incx, ACL_FLOAT16, beta, y, incy, ACL_FLOAT16,
                         type, stream);
}

aclError aclblasCreateHandleForHgemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle)
{
    return aclblasCreateHandleForGemvEx(transA, m, n, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, type, handle);
}

aclError aclblasS8gemv(aclTransType transA, int m, int n, const int32_t *alpha, const int8_t *a, int lda,
                       const int8_t *x, int incx, const int32_t *beta, int32_t *y, int incy, aclComputeType type,
                       aclrtStream stream)
{
    return aclblasGemvEx(transA, m, n, alpha, a, lda, ACL_INT8, x, incx, ACL_INT8, beta, y, incy, ACL_INT32, type,
                         stream);
}

aclError aclblasCreateHandleForS8gemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle)
{
    return aclblasCreateHandleForGemvEx(transA, m, n, ACL_INT8, ACL_INT8, ACL_INT32, type, handle);
}
