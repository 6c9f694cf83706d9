/*
 * add_handle_load.c - Add (float32, [8, 16]) from an .om read into memory: aclopLoad,
 * aclopCreateHandle, then aclopExecWithHandle twice with new inputs (the handle is reused), each
 * result checked against the sum computed here.
 *
 * usage: add_handle_load <path of the .om atc wrote for add_handle_load.json>
 */
#include "client_common.h"

#define ROWS 8
#define COLS 16
#define N (ROWS * COLS)

static int run_once(aclopHandle *handle, aclrtStream stream, float scale)
{
    static float a[N], b[N], y[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i * scale;
        b[i] = 0.25f * (float)(N - i);
    }
    size_t size = sizeof a;
    void *da = NULL, *db = NULL, *dy = NULL;
    if (to_device(a, size, &da) || to_device(b, size, &db))
        return 1;
    CHECK_ACL(aclrtMalloc(&dy, size, ACL_MEM_MALLOC_HUGE_FIRST));
    aclDataBuffer *inputs[2] = {aclCreateDataBuffer(da, size), aclCreateDataBuffer(db, size)};
    aclDataBuffer *outputs[1] = {aclCreateDataBuffer(dy, size)};
    CHECK_ACL(aclopExecWithHandle(handle, 2, (const aclDataBuffer *const *)inputs, 1, outputs, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
    CHECK_ACL(aclrtMemcpy(y, size, dy, size, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < N; i++) {
        float expected = a[i] + b[i];
        if (y[i] != expected) {
            fprintf(stderr, "FAIL y[%d] = %g, expected %g (scale %g)\n", i, y[i], expected, scale);
            return 1;
        }
    }
    void *devs[3] = {da, db, dy};
    return release_io(2, inputs, NULL) || release_io(1, outputs, NULL) || free_device(3, devs);
}

int main(int argc, char **argv)
{
    client_runtime rt;
    int started = client_start(argc, argv, "MODEL.om", &rt);
    if (started != 0)
        return started;
    size_t model_size = 0;
    void *model = read_file(argv[1], &model_size);
    if (model == NULL)
        return 1;
    CHECK_ACL(aclopLoad(model, model_size));
    free(model);

    int64_t dims[2] = {ROWS, COLS};
    const aclTensorDesc *in_desc[2] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND),
                                       aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    const aclTensorDesc *out_desc[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    aclopHandle *handle = NULL;
    CHECK_ACL(aclopCreateHandle("Add", 2, in_desc, 1, out_desc, attr, &handle));
    ACL_APP_LOG(ACL_INFO, "handle %p created for Add", (void *)handle);
    if (run_once(handle, rt.stream, 0.5f) || run_once(handle, rt.stream, -1.75f))
        return 1;
    aclopDestroyHandle(handle);
    aclopDestroyAttr(attr);
    aclDestroyTensorDesc(in_desc[0]);
    aclDestroyTensorDesc(in_desc[1]);
    aclDestroyTensorDesc(out_desc[0]);
    if (client_finalize(&rt))
        return 1;
    printf("PASS add_handle_load: %d elements, 2 executions\n", N);
    return 0;
}
