/*
 * sim_core_copy.c - aclrtMemcpy / aclrtMemcpyAsync and aclrtMemset / aclrtMemsetAsync over the
 * device and host memory of sim_core_memory.c.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

typedef struct {
    void *dst;              /* host view */
    const void *src;        /* host view */
    size_t count;
    sim_alloc *dst_alloc;   /* refs held while the copy is pending */
    sim_alloc *src_alloc;
} copy_plan;

static void plan_release(copy_plan *p)
{
    if (p->dst_alloc)
        sim_devmem_release(p->dst_alloc);
    if (p->src_alloc)
        sim_devmem_release(p->src_alloc);
    p->dst_alloc = p->src_alloc = NULL;
}

/* Validate a copy and resolve device sides (takes refs). */
static aclError plan_copy(const char *api, void *dst, size_t destMax, const void *src, size_t count,
                          aclrtMemcpyKind kind, copy_plan *p)
{
    memset(p, 0, sizeof *p);
    if (!dst)
        return sim_null_arg("dst");
    if (!src)
        return sim_null_arg("src");
    if (count > destMax)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for count is invalid. Reason: greater than destMax %zu.", count, destMax);
    /* RT memory.cpp MemcpyKindTranslate accepts HOST_TO_HOST .. HOST_TO_BUF_TO_DEVICE; the RT 2026 doc
     * calls kind reserved: the direction comes from the pointers, whatever kind says. */
    if ((int)kind < 0 || (int)kind > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for kind is invalid. Reason: must be ACL_MEMCPY_HOST_TO_DEVICE or "
                        "ACL_MEMCPY_DEVICE_TO_DEVICE or ACL_MEMCPY_DEVICE_TO_HOST or ACL_MEMCPY_HOST_TO_HOST or "
                        "ACL_MEMCPY_DEFAULT or ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE.", (int)kind);
    (void)api;
    int dst_dev = sim_is_device_addr(dst), src_dev = sim_is_device_addr(src);
    p->count = count;
    p->dst = dst;
    p->src = src;
    if (dst_dev) {
        void *h = NULL;
        if (!sim_devmem_acquire(dst, count, &h, &p->dst_alloc))
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %p for dst is invalid. Reason: [dst, dst + %zu) is not inside one live device "
                            "allocation.", dst, count);
        p->dst = h;
    }
    if (src_dev) {
        void *h = NULL;
        if (!sim_devmem_acquire(src, count, &h, &p->src_alloc)) {
            plan_release(p);
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %p for src is invalid. Reason: [src, src + %zu) is not inside one live device "
                            "allocation.", src, count);
        }
        p->src = h;
    }
    return ACL_SUCCESS;
}

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    /* RT memory.cpp aclrtMemcpyImpl: count 0 returns before any check (pointers, kind) */
    if (count == 0)
        return ACL_SUCCESS;
    aclError rc = sim_core_require_init("aclrtMemcpy");
    if (rc != ACL_SUCCESS)
        return rc;
    copy_plan p;
    rc = plan_copy("aclrtMemcpy", dst, destMax, src, count, kind, &p);
    if (rc != ACL_SUCCESS)
        return rc;
    memmove(p.dst, p.src, p.count);
    plan_release(&p);
    return ACL_SUCCESS;
}

static aclError copy_task_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    copy_plan *p = arg;
    memmove(p->dst, p->src, p->count);
    return ACL_SUCCESS;
}

static void copy_task_release(void *arg)
{
    copy_plan *p = arg;
    plan_release(p);
    free(p);
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream)
{
    /* RT memory.cpp aclrtMemcpyAsyncImpl: count 0 returns before any check (pointers, kind, stream) */
    if (count == 0)
        return ACL_SUCCESS;
    aclError rc = sim_core_require_init("aclrtMemcpyAsync");
    if (rc != ACL_SUCCESS)
        return rc;
    copy_plan *p = malloc(sizeof *p);
    if (!p)
        return sim_host_oom();
    rc = plan_copy("aclrtMemcpyAsync", dst, destMax, src, count, kind, p);
    if (rc != ACL_SUCCESS) {
        free(p);
        return rc;
    }
    return sim_stream_queue(stream, "aclrtMemcpyAsync", copy_task_run, copy_task_release, p);
}

typedef struct {
    void *dst;              /* host view of the device memory */
    size_t count;
    unsigned char value;
    sim_alloc *alloc;       /* ref held while the memset is pending */
} memset_plan;

static aclError memset_task_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    memset_plan *p = arg;
    memset(p->dst, p->value, p->count);
    return ACL_SUCCESS;
}

static void memset_task_release(void *arg)
{
    memset_plan *p = arg;
    sim_devmem_release(p->alloc);
    free(p);
}

static aclError count_over_max(size_t count, size_t maxCount)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                    "Value %zu for count is invalid. Reason: greater than maxCount %zu.", count, maxCount);
}

/* RT memory.cpp aclrtMemsetAsyncImpl: count 0 returns before any check; devPtr NULL -> 100000; then
 * rtMemsetAsync (count > maxCount and memory outside one device allocation -> 100000, as aclrtMemset;
 * simulator choice: device memory only, since a host block is not kept alive by a queued task). */
aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream)
{
    if (count == 0)
        return ACL_SUCCESS;
    aclError rc = sim_core_require_init("aclrtMemsetAsync");
    if (rc != ACL_SUCCESS)
        return rc;
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (count > maxCount)
        return count_over_max(count, maxCount);
    memset_plan *p = calloc(1, sizeof *p);
    if (!p)
        return sim_host_oom();
    p->count = count;
    p->value = (unsigned char)value;
    if (!sim_devmem_acquire(devPtr, count, &p->dst, &p->alloc)) {
        free(p);
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for devPtr is invalid. Reason: [devPtr, devPtr + %zu) is not inside one live "
                        "device allocation from aclrtMalloc.", devPtr, count);
    }
    if (sim_fault_on(SIM_FAULT_MEMSET_OUT_OF_ORDER)) {   /* FAULT memset_out_of_order (EWH-09) */
        sim_stream *st = NULL;
        rc = sim_stream_acquire(stream, &st);     /* the stream is still checked */
        if (rc == ACL_SUCCESS) {
            char msg[8];
            rc = memset_task_run(p, msg, sizeof msg);   /* ... but the memset runs at once */
            sim_stream_release(st);
        }
        memset_task_release(p);
        return rc;
    }
    return sim_stream_queue(stream, "aclrtMemsetAsync", memset_task_run, memset_task_release, p);
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    /* RT memory.cpp aclrtMemsetImpl: count 0 returns before the pointer check */
    if (count == 0)
        return ACL_SUCCESS;
    aclError rc = sim_core_require_init("aclrtMemset");
    if (rc != ACL_SUCCESS)
        return rc;
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (count > maxCount)
        return count_over_max(count, maxCount);
    if (sim_is_device_addr(devPtr)) {
        void *h = NULL;
        sim_alloc *a = NULL;
        if (!sim_devmem_acquire(devPtr, count, &h, &a))
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %p for devPtr is invalid. Reason: [devPtr, devPtr + %zu) is not inside one live "
                            "device allocation.", devPtr, count);
        memset(h, (unsigned char)value, count);
        sim_devmem_release(a);
        return ACL_SUCCESS;
    }
    /* host memory from aclrtMallocHost is accepted too (checked against its block) */
    if (!sim_core_host_memset(devPtr, value, count))
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for devPtr is invalid. Reason: not device memory from aclrtMalloc (nor a block "
                        "from aclrtMallocHost large enough for %zu bytes).", devPtr, count);
    return ACL_SUCCESS;
}
