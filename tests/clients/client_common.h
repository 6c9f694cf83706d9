/*
 * client_common.h - what the single-op client programs share, in the style of CANN's single-op
 * samples (Ascend/samples cplusplus/level1_single_api/4_op_dev/2_verify_op): one device, one
 * context, one stream; every ACL call checked; errors logged with ACL_APP_LOG.
 *
 * Built against an install's headers only: cc -Wall -Werror -I$ASCEND_TOOLKIT_HOME/include ...
 */
#ifndef CLIENT_COMMON_H_
#define CLIENT_COMMON_H_

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"

#define CHECK_ACL(call)                                                                         \
    do {                                                                                        \
        aclError check_ret_ = (call);                                                           \
        if (check_ret_ != ACL_SUCCESS) {                                                        \
            ACL_APP_LOG(ACL_ERROR, "%s failed: %d", #call, (int)check_ret_);                    \
            fprintf(stderr, "FAIL %s returned %d (%s)\n", #call, (int)check_ret_,               \
                    aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "no message");                \
            return 1;                                                                           \
        }                                                                                       \
    } while (0)

typedef struct {
    aclrtContext context;
    aclrtStream stream;
} client_runtime;

static inline int client_init(client_runtime *rt)
{
    CHECK_ACL(aclInit(NULL));
    CHECK_ACL(aclrtSetDevice(0));
    CHECK_ACL(aclrtCreateContext(&rt->context, 0));
    CHECK_ACL(aclrtCreateStream(&rt->stream));
    return 0;
}

/* Checks the one command-line argument (named arg_name in the usage line), then client_init.
 * Returns 0, 2 (usage) or 1 (an ACL call failed). */
static inline int client_start(int argc, char **argv, const char *arg_name, client_runtime *rt)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s %s\n", argv[0], arg_name);
        return 2;
    }
    return client_init(rt);
}

static inline int client_finalize(client_runtime *rt)
{
    CHECK_ACL(aclrtDestroyStream(rt->stream));
    CHECK_ACL(aclrtDestroyContext(rt->context));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    return 0;
}

/* Copies size bytes of host data to new device memory (*dev). */
static inline int to_device(const void *host, size_t size, void **dev)
{
    CHECK_ACL(aclrtMalloc(dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemcpy(*dev, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE));
    return 0;
}

/* Destroys n data buffers and, when descs is not NULL, their n tensor descs. */
static inline int release_io(int n, aclDataBuffer *const bufs[], const aclTensorDesc *const descs[])
{
    for (int i = 0; i < n; i++) {
        CHECK_ACL(aclDestroyDataBuffer(bufs[i]));
        if (descs != NULL)
            aclDestroyTensorDesc(descs[i]);
    }
    return 0;
}

/* Frees n device allocations. */
static inline int free_device(int n, void *const devs[])
{
    for (int i = 0; i < n; i++)
        CHECK_ACL(aclrtFree(devs[i]));
    return 0;
}

/* Reads a whole file into malloc'ed memory, as the samples do before aclopLoad. */
static inline void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "FAIL cannot open %s\n", path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = len > 0 ? malloc((size_t)len) : NULL;
    if (data == NULL || fread(data, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "FAIL cannot read %s\n", path);
        free(data);
        data = NULL;
    }
    fclose(f);
    *size = (size_t)len;
    return data;
}

/* Reads the file at path, which must hold exactly size bytes, into new device memory (*dev). */
static inline int file_to_device(const char *path, size_t size, void **dev)
{
    size_t got = 0;
    void *host = read_file(path, &got);
    if (host == NULL || got != size) {
        fprintf(stderr, "FAIL %s: wanted %zu bytes, read %zu\n", path, size, got);
        free(host);
        return 1;
    }
    int rc = to_device(host, size, dev);
    free(host);
    return rc;
}

/* Writes size bytes of device memory to the file at path. */
static inline int device_to_file(const void *dev, size_t size, const char *path)
{
    void *host = malloc(size);
    if (host == NULL)
        return 1;
    aclError rc = aclrtMemcpy(host, size, dev, size, ACL_MEMCPY_DEVICE_TO_HOST);
    FILE *f = rc == ACL_SUCCESS ? fopen(path, "wb") : NULL;
    size_t put = f ? fwrite(host, 1, size, f) : 0;
    if (f)
        fclose(f);
    free(host);
    if (put != size)
        fprintf(stderr, "FAIL writing %s (aclrtMemcpy %d)\n", path, (int)rc);
    return put == size ? 0 : 1;
}

#endif /* CLIENT_COMMON_H_ */
