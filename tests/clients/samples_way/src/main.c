/*
 * execute_add: runs the Add op of an atc-compiled model directory on float16 inputs read from
 * files and writes the output to a file, through a handle (aclopSetModelDir, aclopCreateHandle,
 * aclopExecWithHandle). The caller checks the output.
 *
 *     execute_add MODEL_DIR X1.bin X2.bin Y.bin ROWS COLS
 */
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"

#define CHECK(call)                                                                     \
    do {                                                                                \
        aclError rc_ = (call);                                                          \
        if (rc_ != ACL_SUCCESS) {                                                       \
            const char *msg_ = aclGetRecentErrMsg();                                    \
            fprintf(stderr, "FAIL %s: %d (%s)\n", #call, (int)rc_, msg_ ? msg_ : "");   \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

static int read_file(const char *path, void *buf, size_t size)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(buf, 1, size, f) : 0;
    if (f)
        fclose(f);
    if (got != size) {
        fprintf(stderr, "FAIL %s: wanted %zu bytes, read %zu\n", path, size, got);
        return 1;
    }
    return 0;
}

static int write_file(const char *path, const void *buf, size_t size)
{
    FILE *f = fopen(path, "wb");
    size_t put = f ? fwrite(buf, 1, size, f) : 0;
    if (f)
        fclose(f);
    return put == size ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: %s MODEL_DIR X1.bin X2.bin Y.bin ROWS COLS\n", argv[0]);
        return 2;
    }
    int64_t dims[2] = { atoll(argv[5]), atoll(argv[6]) };
    size_t size = (size_t)(dims[0] * dims[1]) * sizeof(aclFloat16);
    aclrtContext context;
    aclrtStream stream;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateContext(&context, 0));
    CHECK(aclrtCreateStream(&stream));
    CHECK(aclopSetModelDir(argv[1]));

    aclTensorDesc *desc[3];
    for (int i = 0; i < 3; i++)
        desc[i] = aclCreateTensorDesc(ACL_FLOAT16, 2, dims, ACL_FORMAT_ND);
    aclopAttr *attr = aclopCreateAttr();
    aclopHandle *handle = NULL;
    CHECK(aclopCreateHandle("Add", 2, (const aclTensorDesc *const *)desc, 1,
                            (const aclTensorDesc *const *)&desc[2], attr, &handle));

    void *host = NULL;
    void *dev[3];
    aclDataBuffer *buf[3];
    CHECK(aclrtMallocHost(&host, size));
    for (int i = 0; i < 3; i++) {
        CHECK(aclrtMalloc(&dev[i], size, ACL_MEM_MALLOC_HUGE_FIRST));
        if (i < 2) {
            if (read_file(argv[2 + i], host, size) != 0)
                return 1;
            CHECK(aclrtMemcpy(dev[i], size, host, size, ACL_MEMCPY_HOST_TO_DEVICE));
        }
        buf[i] = aclCreateDataBuffer(dev[i], size);
    }
    CHECK(aclopExecWithHandle(handle, 2, (const aclDataBuffer *const *)buf, 1, &buf[2], stream));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(host, size, dev[2], size, ACL_MEMCPY_DEVICE_TO_HOST));
    if (write_file(argv[4], host, size) != 0)
        return 1;

    aclopDestroyHandle(handle);
    aclopDestroyAttr(attr);
    for (int i = 0; i < 3; i++) {
        CHECK(aclDestroyDataBuffer(buf[i]));
        CHECK(aclrtFree(dev[i]));
        aclDestroyTensorDesc(desc[i]);
    }
    CHECK(aclrtFreeHost(host));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtDestroyContext(context));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    printf("execute_add: %lld x %lld written to %s\n", (long long)dims[0], (long long)dims[1], argv[4]);
    return 0;
}
