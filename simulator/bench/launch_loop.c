/*
 * launch_loop.c - the floor for per-launch overhead: a tight C loop calling the library's
 * aclopExecWithHandle for a 1-element float32 Add on an idle stream. Built and run by
 * `python -m harness bench`, which compares the Python binding's per-call cost with this.
 *
 * usage: launch_loop MODEL.om CALLS BATCH   -> prints "ns_per_call <value>"
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "acl_sim.h"

#define CHECK(x)                                                                  \
    do {                                                                          \
        aclError rc_ = (x);                                                       \
        if (rc_ != 0) {                                                           \
            fprintf(stderr, "%s failed: %d (%s)\n", #x, rc_, aclGetRecentErrMsg()); \
            return 1;                                                             \
        }                                                                         \
    } while (0)

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s MODEL.om CALLS BATCH\n", argv[0]);
        return 2;
    }
    long calls = atol(argv[2]), batch = atol(argv[3]);
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 2;
    }
    static char model[1 << 16];
    size_t size = fread(model, 1, sizeof(model), f);
    fclose(f);

    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = NULL;
    CHECK(aclrtCreateStream(&stream));
    CHECK(aclopLoad(model, size));
    int64_t dims[1] = {1};
    const aclTensorDesc *in[2], *out[1];
    in[0] = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
    in[1] = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
    out[0] = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
    aclopHandle *handle = NULL;
    CHECK(aclopCreateHandle("Add", 2, in, 1, out, NULL, &handle));
    void *mem[3];
    aclDataBuffer *bufs[3];
    for (int i = 0; i < 3; i++) {
        CHECK(aclrtMalloc(&mem[i], 4, ACL_MEM_MALLOC_HUGE_FIRST));
        bufs[i] = aclCreateDataBuffer(mem[i], 4);
    }
    const aclDataBuffer *inputs[2] = {bufs[0], bufs[1]};
    aclDataBuffer *outputs[1] = {bufs[2]};

    double t0 = now_ns();
    for (long i = 0; i < calls; i++) {
        CHECK(aclopExecWithHandle(handle, 2, inputs, 1, outputs, stream));
        if ((i + 1) % batch == 0) CHECK(aclrtSynchronizeStream(stream));
    }
    CHECK(aclrtSynchronizeStream(stream));
    double t1 = now_ns();
    printf("ns_per_call %.1f\n", (t1 - t0) / (double)calls);

    aclopDestroyHandle(handle);
    for (int i = 0; i < 3; i++) {
        aclDestroyDataBuffer(bufs[i]);
        aclrtFree(mem[i]);
    }
    for (int i = 0; i < 2; i++) aclDestroyTensorDesc(in[i]);
    aclDestroyTensorDesc(out[0]);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
