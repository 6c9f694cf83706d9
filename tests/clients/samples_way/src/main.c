/*
 * execute_add: runs the Add op of an atc-compiled model directory on float16 inputs read from
 * files and writes the output to a file, through a handle (aclopSetModelDir, aclopCreateHandle,
 * aclopExecWithHandle). The caller checks the output.
 *
 *     execute_add MODEL_DIR X1.bin X2.bin Y.bin ROWS COLS
 */
#include "client_common.h"

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: %s MODEL_DIR X1.bin X2.bin Y.bin ROWS COLS\n", argv[0]);
        return 2;
    }
    int64_t dims[2] = { atoll(argv[5]), atoll(argv[6]) };
    size_t size = (size_t)(dims[0] * dims[1]) * sizeof(aclFloat16);
    client_runtime rt;
    if (client_init(&rt) != 0)
        return 1;
    CHECK_ACL(aclopSetModelDir(argv[1]));

    aclTensorDesc *desc[3];
    for (int i = 0; i < 3; i++)
        desc[i] = aclCreateTensorDesc(ACL_FLOAT16, 2, dims, ACL_FORMAT_ND);
    aclopAttr *attr = aclopCreateAttr();
    aclopHandle *handle = NULL;
    CHECK_ACL(aclopCreateHandle("Add", 2, (const aclTensorDesc *const *)desc, 1,
                                (const aclTensorDesc *const *)&desc[2], attr, &handle));

    void *dev[3];
    aclDataBuffer *buf[3];
    if (file_to_device(argv[2], size, &dev[0]) != 0 || file_to_device(argv[3], size, &dev[1]) != 0)
        return 1;
    CHECK_ACL(aclrtMalloc(&dev[2], size, ACL_MEM_MALLOC_HUGE_FIRST));
    for (int i = 0; i < 3; i++)
        buf[i] = aclCreateDataBuffer(dev[i], size);
    CHECK_ACL(aclopExecWithHandle(handle, 2, (const aclDataBuffer *const *)buf, 1, &buf[2], rt.stream));
    CHECK_ACL(aclrtSynchronizeStream(rt.stream));
    if (device_to_file(dev[2], size, argv[4]) != 0)
        return 1;

    aclopDestroyHandle(handle);
    aclopDestroyAttr(attr);
    if (release_io(3, buf, (const aclTensorDesc *const *)desc) != 0 || free_device(3, dev) != 0 ||
        client_finalize(&rt) != 0)
        return 1;
    printf("execute_add: %lld x %lld written to %s\n", (long long)dims[0], (long long)dims[1], argv[4]);
    return 0;
}
