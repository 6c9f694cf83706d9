/*
 * sim_core_mem_ext.c - allocation variants (cached, aligned, with a config, managed), cache
 * maintenance, pointer attributes, 2D copies, 32-bit memsets, the page-locked-only async copy.
 * Layer: memory/copy (above sim_core_memory.c and sim_core_copy.c, whose calls it uses).
 * Every device allocation is the simulator's tagged device memory (sim_core_memory.c).
 * Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/memory.cpp (ACL checks, in this order),
 * src/runtime/api/impl/api_error.cc (ApiErrorDecorator::MemCopy2DCheckParam, ManagedMemAlloc).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

#define RT_MAX_MEMCPY2D_HEIGHT 5242880u     /* RT internal_error_define.hpp */
#define RT_MAX_MEMCPY2D_WIDTH 5000000u

/* Managed allocations (device addresses are never reused, so a stale entry never matches a live block). */
static pthread_mutex_t g_managed_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t *g_managed;
static size_t g_nmanaged, g_capmanaged;

static aclError size_zero(void)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value 0 for size is invalid. Reason: must be > 0.");
}

/* RT memory.cpp aclrtMallocCachedImpl: devPtr NULL, size 0 -> 100000; padded like aclrtMalloc; every
 * policy value accepted (unknown ones as the default). */
aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (size == 0)
        return size_zero();
    return aclrtMalloc(devPtr, size, policy);
}

/* aclMallocMemInner without padding (header: "aligned to 32 bytes with no padding"). */
aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return aclrtMallocCached(devPtr, size, policy);
}

/* acl::aclrtMallocInnerWithCfg: devPtr NULL; cfg->numAttrs != 0 with attrs NULL; size 0 -> 100000. */
aclError aclrtMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg)
{
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (cfg && cfg->numAttrs != 0 && !cfg->attrs)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument cfg->attrs must not be null when numAttrs is %zu.",
                        cfg->numAttrs);
    if (size == 0)
        return size_zero();
    return aclrtMalloc(devPtr, size, policy);
}

/* aclrtMallocHostWithCfgImpl: ptr NULL, size 0 -> 100000; cfg unchecked; freed with aclrtFreeHost. */
aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg)
{
    (void)cfg;
    if (!ptr)
        return sim_null_arg("ptr");
    if (size == 0)
        return size_zero();
    if (size > SIZE_MAX)
        return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of host memory (%llu bytes).", (unsigned long long)size);
    return aclrtMallocHost(ptr, (size_t)size);
}

/* aclrtMemAllocManagedImpl: ptr NULL -> 100000; flag != ACL_RT_MEM_ATTACH_GLOBAL -> 100000;
 * ApiErrorDecorator::ManagedMemAlloc: size 0 -> 107000. Freed with aclrtFree. */
aclError aclrtMemAllocManaged(void **ptr, uint64_t size, uint32_t flag)
{
    if (!ptr)
        return sim_null_arg("ptr");
    if (flag != ACL_RT_MEM_ATTACH_GLOBAL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %u for flag is invalid. Reason: must be ACL_RT_MEM_ATTACH_GLOBAL.", (unsigned)flag);
    if (size == 0)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001", "Value 0 for size is invalid. Reason: must be > 0.");
    if (size > SIZE_MAX)
        return sim_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "EE9999", "Cannot allocate %llu bytes.", (unsigned long long)size);
    aclError rc = aclrtMalloc(ptr, (size_t)size, ACL_MEM_MALLOC_HUGE_FIRST);
    if (rc != ACL_SUCCESS)
        return rc;
    pthread_mutex_lock(&g_managed_mu);
    if (g_nmanaged == g_capmanaged) {
        size_t nc = g_capmanaged ? g_capmanaged * 2 : 16;
        uint64_t *n = realloc(g_managed, nc * sizeof *n);
        if (n) {
            g_managed = n;
            g_capmanaged = nc;
        }
    }
    if (g_nmanaged < g_capmanaged)
        g_managed[g_nmanaged++] = (uint64_t)(uintptr_t)*ptr;
    pthread_mutex_unlock(&g_managed_mu);
    return ACL_SUCCESS;
}

static int is_managed(const void *p)
{
    uint64_t a = (uint64_t)(uintptr_t)p;
    int found = 0;
    pthread_mutex_lock(&g_managed_mu);
    for (size_t i = 0; i < g_nmanaged && !found; i++)
        found = g_managed[i] <= a && a - g_managed[i] < sim_devmem_extent((const void *)(uintptr_t)g_managed[i]);
    pthread_mutex_unlock(&g_managed_mu);
    return found;
}

/* rtFlushCache / rtInvalidCache: devPtr NULL, size 0 -> 100000; the simulator's memory is coherent. */
static aclError cache_op(void *devPtr, size_t size)
{
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (size == 0)
        return size_zero();
    return ACL_SUCCESS;
}

aclError aclrtMemFlush(void *devPtr, size_t size)
{
    return cache_op(devPtr, size);
}

aclError aclrtMemInvalidate(void *devPtr, size_t size)
{
    return cache_op(devPtr, size);
}

static uint32_t current_device(void)
{
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return 0;
    uint32_t d = (uint32_t)ctx->device;
    sim_core_ctx_unref(ctx);
    return d;
}

/* ApiImpl::PtrGetAttributes (no context needed): ptr, attributes NULL -> 100000; DEVICE / MANAGED
 * (id = the user device id), HOST (aclrtMallocHost), UNREGISTERED for anything else. */
aclError aclrtPointerGetAttributes(const void *ptr, aclrtPtrAttributes *attributes)
{
    if (!ptr)
        return sim_null_arg("ptr");
    if (!attributes)
        return sim_null_arg("attributes");
    memset(attributes, 0, sizeof *attributes);
    attributes->pageSize = 4096;
    if (sim_is_device_addr(ptr) && sim_devmem_extent(ptr) > 0) {
        attributes->location.type = is_managed(ptr) ? ACL_MEM_LOCATION_TYPE_MANAGED : ACL_MEM_LOCATION_TYPE_DEVICE;
        attributes->location.id = current_device();
    } else if (!sim_is_device_addr(ptr) && sim_core_host_extent(ptr) > 0) {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
    } else {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
    }
    return ACL_SUCCESS;
}

/* ---------------- 2D copies ---------------- */
typedef struct {
    unsigned char *dst;
    const unsigned char *src;
    size_t dpitch, spitch, width, height;
    sim_alloc *da, *sa;
} copy2d;

static void copy2d_release(void *arg)
{
    copy2d *c = arg;
    if (c->da)
        sim_devmem_release(c->da);
    if (c->sa)
        sim_devmem_release(c->sa);
    free(c);
}

static aclError copy2d_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    copy2d *c = arg;
    for (size_t r = 0; r < c->height; r++)
        memmove(c->dst + r * c->dpitch, c->src + r * c->spitch, c->width);
    return ACL_SUCCESS;
}

/* Resolve one side: device memory gets a reference on its allocation for the whole 2D extent. */
static aclError side(const void *p, size_t extent, const char *name, void **host, sim_alloc **alloc)
{
    *alloc = NULL;
    *host = (void *)(uintptr_t)p;
    if (sim_is_device_addr(p) && !sim_devmem_acquire(p, extent, host, alloc))
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for %s is invalid. Reason: the %zu bytes of the 2D copy are not inside one live device "
                        "allocation.", p, name, extent);
    return ACL_SUCCESS;
}

/* CheckMemcpy2dParam (memory.cpp): width or height 0 -> SUCCESS before any check; dst, src NULL ->
 * 100000; width > spitch or dpitch -> 100000; kind not H2D/D2H/D2D/DEFAULT -> 100000. Then
 * MemCopy2DCheckParam (107000: height > 5242880, width > 5000000). The synchronous form copies only
 * H2D / D2H (MemCopy2DSync: D2D -> 207000; DEFAULT resolved from the pointers, else 107000). */
static aclError memcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         aclrtMemcpyKind kind, aclrtStream stream, int async)
{
    if (width == 0 || height == 0)
        return ACL_SUCCESS;
    if (!dst)
        return sim_null_arg("dst");
    if (!src)
        return sim_null_arg("src");
    if (width > spitch || width > dpitch)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for width is invalid. Reason: greater than spitch %zu or dpitch %zu.", width, spitch,
                        dpitch);
    if (kind != ACL_MEMCPY_HOST_TO_DEVICE && kind != ACL_MEMCPY_DEVICE_TO_HOST && kind != ACL_MEMCPY_DEVICE_TO_DEVICE &&
        kind != ACL_MEMCPY_DEFAULT)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for kind is invalid. Reason: must be ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST, "
                        "ACL_MEMCPY_DEVICE_TO_DEVICE or ACL_MEMCPY_DEFAULT.", (int)kind);
    if (height > RT_MAX_MEMCPY2D_HEIGHT || width > RT_MAX_MEMCPY2D_WIDTH)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "The 2D copy of %zu x %zu bytes exceeds the runtime's limits (height 5242880, width 5000000).",
                        height, width);
    int dd = sim_is_device_addr(dst), sd = sim_is_device_addr(src);
    if (!async && kind == ACL_MEMCPY_DEVICE_TO_DEVICE)
        return sim_fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "EE1006",
                        "aclrtMemcpy2d copies host to device or device to host only.");
    if (!async && kind == ACL_MEMCPY_DEFAULT && dd == sd)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "aclrtMemcpy2d with ACL_MEMCPY_DEFAULT: the pointers give neither host to device nor device to host.");
    copy2d *c = calloc(1, sizeof *c);
    if (!c)
        return sim_host_oom();
    c->dpitch = dpitch;
    c->spitch = spitch;
    c->width = width;
    c->height = height;
    void *dh = NULL, *sh = NULL;
    aclError rc = side(dst, (height - 1) * dpitch + width, "dst", &dh, &c->da);
    if (rc == ACL_SUCCESS)
        rc = side(src, (height - 1) * spitch + width, "src", &sh, &c->sa);
    if (rc != ACL_SUCCESS) {
        copy2d_release(c);
        return rc;
    }
    c->dst = dh;
    c->src = sh;
    if (!async) {
        copy2d_run(c, NULL, 0);
        copy2d_release(c);
        return ACL_SUCCESS;
    }
    return sim_stream_queue(stream, "aclrtMemcpy2dAsync", copy2d_run, copy2d_release, c);
}

aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       aclrtMemcpyKind kind)
{
    return memcpy2d(dst, dpitch, src, spitch, width, height, kind, NULL, 0);
}

aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                            aclrtMemcpyKind kind, aclrtStream stream)
{
    return memcpy2d(dst, dpitch, src, spitch, width, height, kind, stream, 1);
}

/* ---------------- 32-bit memsets ---------------- */
typedef struct {
    uint32_t *dst;
    uint32_t value;
    size_t n;
    sim_alloc *alloc;
} fill32;

static aclError fill32_run(void *arg, char *msg, size_t msglen)
{
    (void)msg;
    (void)msglen;
    fill32 *f = arg;
    for (size_t i = 0; i < f->n; i++)
        f->dst[i] = f->value;
    return ACL_SUCCESS;
}

static void fill32_release(void *arg)
{
    fill32 *f = arg;
    if (f->alloc)
        sim_devmem_release(f->alloc);
    free(f);
}

/* aclrtMemsetD32Impl, in order: N 0 -> SUCCESS; ptr NULL; ptr not 4-byte aligned; memSize < N * 4;
 * the pointer not from aclrtMalloc / aclrtMallocHost (UNREGISTERED or MANAGED) -> 100000. */
static aclError memset_d32(void *ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream, int async)
{
    if (N == 0)
        return ACL_SUCCESS;
    if (!ptr)
        return sim_null_arg("ptr");
    if ((uintptr_t)ptr % 4 != 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %p for ptr is invalid. Reason: not 4-byte aligned.", ptr);
    if (N > SIZE_MAX / 4 || memSize < N * 4)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for memSize is invalid. Reason: smaller than N * 4 (N = %zu).", memSize, N);
    aclrtPtrAttributes at;
    aclrtPointerGetAttributes(ptr, &at);
    if (at.location.type != ACL_MEM_LOCATION_TYPE_DEVICE && at.location.type != ACL_MEM_LOCATION_TYPE_HOST)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for ptr is invalid. Reason: Only memory allocated by aclrtMalloc or aclrtMallocHost "
                        "is supported.", ptr);
    fill32 *f = calloc(1, sizeof *f);
    if (!f)
        return sim_host_oom();
    f->value = value;
    f->n = N;
    void *host = ptr;
    if (at.location.type == ACL_MEM_LOCATION_TYPE_DEVICE ? !sim_devmem_acquire(ptr, N * 4, &host, &f->alloc)
                                                         : sim_core_host_extent(ptr) < N * 4) {
        free(f);
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for ptr is invalid. Reason: the allocation is smaller than N * 4 = %zu bytes.", ptr, N * 4);
    }
    f->dst = host;
    if (!async) {
        fill32_run(f, NULL, 0);
        fill32_release(f);
        return ACL_SUCCESS;
    }
    return sim_stream_queue(stream, "aclrtMemsetD32Async", fill32_run, fill32_release, f);
}

aclError aclrtMemsetD32(void *ptr, size_t memSize, uint32_t value, size_t N)
{
    return memset_d32(ptr, memSize, value, N, NULL, 0);
}

aclError aclrtMemsetD32Async(void *ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream)
{
    return memset_d32(ptr, memSize, value, N, stream, 1);
}

/* aclrtMemcpyAsyncWithConditionImpl: count 0 -> SUCCESS first; dst, src NULL -> 100000; kind outside
 * H2H..HOST_TO_BUF_TO_DEVICE -> 100000; then rtMemcpyAsyncEx with "check page-locked addr": a host side
 * that is not aclrtMallocHost memory is refused (code UNVERIFIED; the simulator answers 107000). */
aclError aclrtMemcpyAsyncWithCondition(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                                       aclrtStream stream)
{
    if (count == 0)
        return ACL_SUCCESS;
    if (!dst)
        return sim_null_arg("dst");
    if (!src)
        return sim_null_arg("src");
    if ((int)kind < 0 || (int)kind > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %d for kind is invalid.", (int)kind);
    if ((!sim_is_device_addr(dst) && sim_core_host_extent(dst) < count) ||
        (!sim_is_device_addr(src) && sim_core_host_extent(src) < count))
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EE1001",
                        "aclrtMemcpyAsyncWithCondition: host memory must be page-locked (from aclrtMallocHost).");
    return aclrtMemcpyAsync(dst, destMax, src, count, kind, stream);
}
