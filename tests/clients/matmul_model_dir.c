/*
 * matmul_model_dir.c - MatMulV2 (float16, x1 [4, 8], x2 [16, 8], transpose_x2 = true, no bias, no
 * offset_w) from a model directory: aclopSetModelDir, an attr with both transpose flags,
 * aclopCreateHandle with the two absent optional inputs (EWH-11), aclopExecWithHandle, checked
 * against the product computed here (small integers: exact in float16).
 *
 * usage: matmul_model_dir <directory atc wrote model_dir.json into>
 */
#include "client_common.h"

#define M 4
#define K 8
#define N 16

int main(int argc, char **argv)
{
    client_runtime rt;
    int started = client_start(argc, argv, "MODEL_DIR", &rt);
    if (started != 0)
        return started;
    CHECK_ACL(aclopSetModelDir(argv[1]));

    float x1[M * K], x2[N * K];
    aclFloat16 h1[M * K], h2[N * K], hy[M * N];
    for (int i = 0; i < M * K; i++) {
        x1[i] = (float)(i % 7 - 3);
        h1[i] = aclFloatToFloat16(x1[i]);
    }
    for (int i = 0; i < N * K; i++) {
        x2[i] = (float)(i % 5 - 2);
        h2[i] = aclFloatToFloat16(x2[i]);
    }
    void *d1 = NULL, *d2 = NULL, *dy = NULL;
    if (to_device(h1, sizeof h1, &d1) || to_device(h2, sizeof h2, &d2))
        return 1;
    CHECK_ACL(aclrtMalloc(&dy, sizeof hy, ACL_MEM_MALLOC_HUGE_FIRST));

    int64_t dims1[2] = {M, K}, dims2[2] = {N, K}, dimsy[2] = {M, N};
    const aclTensorDesc *in_desc[4] = {
        aclCreateTensorDesc(ACL_FLOAT16, 2, dims1, ACL_FORMAT_ND),
        aclCreateTensorDesc(ACL_FLOAT16, 2, dims2, ACL_FORMAT_ND),
        aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_UNDEFINED),   /* bias: absent */
        aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_UNDEFINED),   /* offset_w: absent */
    };
    const aclTensorDesc *out_desc[1] = {aclCreateTensorDesc(ACL_FLOAT16, 2, dimsy, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    CHECK_ACL(aclopSetAttrBool(attr, "transpose_x1", 0));
    CHECK_ACL(aclopSetAttrBool(attr, "transpose_x2", 1));
    aclopHandle *handle = NULL;
    CHECK_ACL(aclopCreateHandle("MatMulV2", 4, in_desc, 1, out_desc, attr, &handle));

    aclDataBuffer *inputs[4] = {aclCreateDataBuffer(d1, sizeof h1), aclCreateDataBuffer(d2, sizeof h2),
                                aclCreateDataBuffer(NULL, 0), aclCreateDataBuffer(NULL, 0)};
    aclDataBuffer *outputs[1] = {aclCreateDataBuffer(dy, sizeof hy)};
    CHECK_ACL(aclopExecWithHandle(handle, 4, (const aclDataBuffer *const *)inputs, 1, outputs, rt.stream));
    CHECK_ACL(aclrtSynchronizeStream(rt.stream));
    CHECK_ACL(aclrtMemcpy(hy, sizeof hy, dy, sizeof hy, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int m = 0; m < M; m++) {
        for (int n = 0; n < N; n++) {
            float expected = 0.0f;
            for (int k = 0; k < K; k++)
                expected += x1[m * K + k] * x2[n * K + k];   /* x2 is transposed: [N, K] */
            float got = aclFloat16ToFloat(hy[m * N + n]);
            if (got != expected) {
                fprintf(stderr, "FAIL y[%d][%d] = %g, expected %g\n", m, n, got, expected);
                return 1;
            }
        }
    }
    void *devs[3] = {d1, d2, dy};
    aclopDestroyHandle(handle);
    aclopDestroyAttr(attr);
    if (release_io(4, inputs, in_desc) || release_io(1, outputs, out_desc) || free_device(3, devs) ||
        client_finalize(&rt))
        return 1;
    printf("PASS matmul_model_dir: %dx%d output\n", M, N);
    return 0;
}
