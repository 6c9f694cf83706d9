/*
 * mul_execute_v2.c - Mul (int32, [2, 3, 4]) through aclopExecuteV2: aclopSetModelDir, then one
 * call that matches the loaded model by op type, descs and attr and runs it on the stream; checked
 * against the products computed here.
 *
 * usage: mul_execute_v2 <directory atc wrote model_dir.json into>
 */
#include "client_common.h"

#define N 24

int main(int argc, char **argv)
{
    client_runtime rt;
    int started = client_start(argc, argv, "MODEL_DIR", &rt);
    if (started != 0)
        return started;
    CHECK_ACL(aclopSetModelDir(argv[1]));

    int32_t a[N], b[N], y[N];
    for (int i = 0; i < N; i++) {
        a[i] = i - 11;
        b[i] = 3 * i + 1;
    }
    void *da = NULL, *db = NULL, *dy = NULL;
    if (to_device(a, sizeof a, &da) || to_device(b, sizeof b, &db))
        return 1;
    CHECK_ACL(aclrtMalloc(&dy, sizeof y, ACL_MEM_MALLOC_HUGE_FIRST));

    int64_t dims[3] = {2, 3, 4};
    aclTensorDesc *in_desc[2] = {aclCreateTensorDesc(ACL_INT32, 3, dims, ACL_FORMAT_ND),
                                 aclCreateTensorDesc(ACL_INT32, 3, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out_desc[1] = {aclCreateTensorDesc(ACL_INT32, 3, dims, ACL_FORMAT_ND)};
    aclDataBuffer *inputs[2] = {aclCreateDataBuffer(da, sizeof a), aclCreateDataBuffer(db, sizeof b)};
    aclDataBuffer *outputs[1] = {aclCreateDataBuffer(dy, sizeof y)};
    aclopAttr *attr = aclopCreateAttr();
    CHECK_ACL(aclopExecuteV2("Mul", 2, in_desc, inputs, 1, out_desc, outputs, attr, rt.stream));
    CHECK_ACL(aclrtSynchronizeStream(rt.stream));
    CHECK_ACL(aclrtMemcpy(y, sizeof y, dy, sizeof y, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < N; i++) {
        if (y[i] != a[i] * b[i]) {
            fprintf(stderr, "FAIL y[%d] = %d, expected %d\n", i, (int)y[i], (int)(a[i] * b[i]));
            return 1;
        }
    }
    void *devs[3] = {da, db, dy};
    aclopDestroyAttr(attr);
    if (release_io(2, inputs, (const aclTensorDesc *const *)in_desc) ||
        release_io(1, outputs, (const aclTensorDesc *const *)out_desc) || free_device(3, devs) ||
        client_finalize(&rt))
        return 1;
    printf("PASS mul_execute_v2: %d elements\n", N);
    return 0;
}
