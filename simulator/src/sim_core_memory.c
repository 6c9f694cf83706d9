/*
 * sim_core_memory.c - device memory (tagged addresses backed by refcounted host storage),
 * host memory (aclrtMallocHost) and aclrtGetMemInfo; memcpy / memset: sim_core_copy.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* Device address layout: top 16 bits 0xDAF0, then a 48-bit offset into a never-reused virtual
 * device address space. With the tag the value is not a canonical user-space pointer on x86-64
 * and, even with aarch64 top-byte-ignore, bits 52..55 stay set, so a host dereference faults. */
#define DEV_TAG        0xDAF0000000000000ULL
#define DEV_TAG_MASK   0xFFFF000000000000ULL
#define DEV_SPACE      0x0000FFFFFFFFFFFFULL
#define DEV_ALIGN      64u          /* start address alignment (acl-abi.md) */
#define DEV_GAP        4096u        /* unused bytes between allocations */
#define DEV_FILL       0xFF         /* garbage pattern of fresh device memory (NaN / -1) */
#define DEFAULT_DEV_MEM_MB 4096u    /* simulated memory per device (env ACLSIM_DEVICE_MEM_MB) */

struct sim_alloc {
    atomic_long ref;
    uint64_t base;          /* device address */
    size_t size;            /* requested */
    size_t real;            /* rounded up to 32 + 32 padding */
    int device;
    unsigned char *host;    /* backing storage */
};

static pthread_mutex_t g_mem_mu = PTHREAD_MUTEX_INITIALIZER;
/* Live allocations sorted by base (bases only grow, so append keeps the order). */
static sim_alloc **g_allocs;
static size_t g_nallocs, g_capallocs;
static uint64_t g_next_off = DEV_GAP;
static size_t *g_dev_used;          /* bytes in use per device */
static size_t g_ndev_used;

typedef struct {
    void *ptr;
    size_t size;
} host_block;
static sim_map g_host;              /* host pointer -> host_block */

int sim_is_device_addr(const void *p)
{
    return ((uint64_t)(uintptr_t)p & DEV_TAG_MASK) == DEV_TAG;
}

static size_t dev_mem_limit(void)
{
    const char *e = getenv("ACLSIM_DEVICE_MEM_MB");
    unsigned long long mb = DEFAULT_DEV_MEM_MB;
    if (e && e[0]) {
        char *end = NULL;
        unsigned long long v = strtoull(e, &end, 10);
        if (end && *end == '\0' && v > 0)
            mb = v;
    }
    return (size_t)(mb * 1024ull * 1024ull);
}

static void alloc_unref(sim_alloc *a)
{
    if (!a || atomic_fetch_sub(&a->ref, 1) != 1)
        return;
    free(a->host);
    free(a);
}

/* Index of the live allocation containing addr, or -1 (g_mem_mu held). */
static long find_locked(uint64_t addr)
{
    size_t lo = 0, hi = g_nallocs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (g_allocs[mid]->base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return -1;
    sim_alloc *a = g_allocs[lo - 1];
    if (addr - a->base < a->real)
        return (long)(lo - 1);
    return -1;
}

/* Remove index i from the table and adjust accounting (g_mem_mu held); returns the alloc. */
static sim_alloc *remove_locked(size_t i)
{
    sim_alloc *a = g_allocs[i];
    memmove(&g_allocs[i], &g_allocs[i + 1], (g_nallocs - i - 1) * sizeof *g_allocs);
    g_nallocs--;
    if (a->device >= 0 && (size_t)a->device < g_ndev_used)
        g_dev_used[a->device] -= a->real;
    return a;
}

int sim_devmem_acquire(const void *addr, size_t len, void **host, sim_alloc **alloc)
{
    if (!sim_is_device_addr(addr))
        return 0;
    uint64_t a = (uint64_t)(uintptr_t)addr;
    int ok = 0;
    pthread_mutex_lock(&g_mem_mu);
    long i = find_locked(a);
    if (i >= 0) {
        sim_alloc *al = g_allocs[i];
        size_t off = (size_t)(a - al->base);
        if (len <= al->real - off) {
            if (alloc) {
                atomic_fetch_add(&al->ref, 1);
                *alloc = al;
            }
            if (host)
                *host = al->host + off;
            ok = 1;
        }
    }
    pthread_mutex_unlock(&g_mem_mu);
    return ok;
}

void sim_devmem_release(sim_alloc *alloc)
{
    alloc_unref(alloc);
}

size_t sim_devmem_extent(const void *addr)
{
    if (!sim_is_device_addr(addr))
        return 0;
    uint64_t a = (uint64_t)(uintptr_t)addr;
    size_t ext = 0;
    pthread_mutex_lock(&g_mem_mu);
    long i = find_locked(a);
    if (i >= 0)
        ext = g_allocs[i]->real - (size_t)(a - g_allocs[i]->base);
    pthread_mutex_unlock(&g_mem_mu);
    return ext;
}

void sim_core_mem_teardown_device(int device)
{
    sim_alloc **dead = NULL;
    size_t ndead = 0;
    pthread_mutex_lock(&g_mem_mu);
    if (g_nallocs)
        dead = malloc(g_nallocs * sizeof *dead);
    for (size_t i = 0; i < g_nallocs;) {
        if (device < 0 || g_allocs[i]->device == device) {
            sim_alloc *a = remove_locked(i);
            if (dead)
                dead[ndead++] = a;
        } else {
            i++;
        }
    }
    pthread_mutex_unlock(&g_mem_mu);
    for (size_t i = 0; i < ndead; i++)
        alloc_unref(dead[i]);
    if (ndead)
        sim_core_live_add(SIM_KIND_DEVICE_MEM, -(int64_t)ndead);
    free(dead);
}

static aclError zero_size(void)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value 0 for size is invalid. Reason: must be greater than 0.");
}

static aclError host_alloc_failed(size_t size)
{
    return sim_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "EE9999", "Cannot allocate %zu bytes of host memory.", size);
}

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    (void)policy;   /* every policy behaves the same in the simulator */
    if (!devPtr)
        return sim_null_arg("devPtr");
    if (size == 0)
        return zero_size();
    /* RT memory.cpp GetAlignedAndPaddingSize: size + 32 alignment + 32 padding must not overflow */
    if (size > SIZE_MAX - 64)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for size is invalid. Reason: size too large (aligning and padding it overflows).",
                        size);
    aclError rc = sim_core_require_init("aclrtMalloc");
    if (rc != ACL_SUCCESS)
        return rc;
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    int device = ctx->device;
    sim_core_ctx_unref(ctx);

    size_t limit = dev_mem_limit();
    if (size > limit - 64)
        return sim_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "EE9999",
                        "Value %zu for size is invalid. Reason: exceeds the simulated device memory of %zu bytes.",
                        size, limit);
    size_t real = ((size + 31) / 32) * 32 + 32;
    sim_alloc *a = calloc(1, sizeof *a);
    unsigned char *host = NULL;
    if (!a || posix_memalign((void **)&host, DEV_ALIGN, real) != 0) {
        free(a);
        return sim_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "EE9999", "Cannot allocate %zu bytes of device memory.", size);
    }
    /* FAULT benign_device_mem_zero_fill (benign): fresh memory zero-filled instead of 0xFF */
    memset(host, sim_fault_on(SIM_FAULT_BENIGN_DEVICE_MEM_ZERO_FILL) ? 0 : DEV_FILL, real);
    atomic_init(&a->ref, 1);
    a->size = size;
    a->real = real;
    a->device = device;
    a->host = host;

    pthread_mutex_lock(&g_mem_mu);
    if ((size_t)device >= g_ndev_used) {
        size_t n = (size_t)device + 1;
        size_t *nu = realloc(g_dev_used, n * sizeof *nu);
        if (nu) {
            memset(nu + g_ndev_used, 0, (n - g_ndev_used) * sizeof *nu);
            g_dev_used = nu;
            g_ndev_used = n;
        }
    }
    int full = (size_t)device >= g_ndev_used || g_dev_used[device] + real > limit;
    uint64_t off = (g_next_off + DEV_ALIGN - 1) & ~(uint64_t)(DEV_ALIGN - 1);
    int space = off + real + DEV_GAP <= DEV_SPACE;
    if (!full && space && g_nallocs == g_capallocs) {
        size_t nc = g_capallocs ? g_capallocs * 2 : 64;
        sim_alloc **na = realloc(g_allocs, nc * sizeof *na);
        if (na) {
            g_allocs = na;
            g_capallocs = nc;
        }
    }
    if (full || !space || g_nallocs == g_capallocs) {
        size_t used = (size_t)device < g_ndev_used ? g_dev_used[device] : 0;
        pthread_mutex_unlock(&g_mem_mu);
        free(host);
        free(a);
        return sim_fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "EE9999",
                        "Cannot allocate %zu bytes on device %d. Reason: %zu of %zu bytes of simulated device memory "
                        "in use.", size, device, used, limit);
    }
    a->base = DEV_TAG | off;
    g_next_off = off + real + DEV_GAP;
    g_allocs[g_nallocs++] = a;
    g_dev_used[device] += real;
    pthread_mutex_unlock(&g_mem_mu);
    sim_core_live_add(SIM_KIND_DEVICE_MEM, 1);
    *devPtr = (void *)(uintptr_t)a->base;
    return ACL_SUCCESS;
}

aclError aclrtFree(void *devPtr)
{
    if (!devPtr)
        return sim_null_arg("devPtr");
    aclError rc = sim_core_require_init("aclrtFree");
    if (rc != ACL_SUCCESS)
        return rc;
    sim_alloc *a = NULL;
    uint64_t addr = (uint64_t)(uintptr_t)devPtr;
    pthread_mutex_lock(&g_mem_mu);
    long i = sim_is_device_addr(devPtr) ? find_locked(addr) : -1;
    if (i >= 0 && g_allocs[i]->base == addr)
        a = remove_locked((size_t)i);
    pthread_mutex_unlock(&g_mem_mu);
    if (!a)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for devPtr is invalid. Reason: not the start of a live allocation from aclrtMalloc "
                        "(unknown, interior or already freed).", devPtr);
    sim_core_live_add(SIM_KIND_DEVICE_MEM, -1);
    alloc_unref(a);   /* storage lives on while in-flight tasks hold references */
    return ACL_SUCCESS;
}

/* RT memory.cpp aclrtFreeWithDevSyncImpl: NULL -> 100000, then rtFreeWithDevSync: the device's
 * queued tasks complete before the memory is freed (their errors stay for the next sync). */
aclError aclrtFreeWithDevSync(void *devPtr)
{
    if (!devPtr)
        return sim_null_arg("devPtr");
    aclError rc = sim_core_require_init("aclrtFreeWithDevSync");
    if (rc != ACL_SUCCESS)
        return rc;
    sim_core_device_drain();
    return aclrtFree(devPtr);
}

aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    if (!hostPtr)
        return sim_null_arg("hostPtr");
    if (size == 0)
        return zero_size();
    aclError rc = sim_core_require_init("aclrtMallocHost");
    if (rc != ACL_SUCCESS)
        return rc;
    host_block *b = malloc(sizeof *b);
    void *p = NULL;
    if (!b || posix_memalign(&p, DEV_ALIGN, size) != 0) {
        free(b);
        return host_alloc_failed(size);
    }
    b->ptr = p;
    b->size = size;
    pthread_mutex_lock(&g_mem_mu);
    int err = sim_map_put(&g_host, (uint64_t)(uintptr_t)p, b);
    pthread_mutex_unlock(&g_mem_mu);
    if (err) {
        free(p);
        free(b);
        return host_alloc_failed(size);
    }
    sim_core_live_add(SIM_KIND_HOST_MEM, 1);
    *hostPtr = p;
    return ACL_SUCCESS;
}

aclError aclrtFreeHost(void *hostPtr)
{
    if (!hostPtr)
        return sim_null_arg("hostPtr");
    pthread_mutex_lock(&g_mem_mu);
    host_block *b = sim_map_del(&g_host, (uint64_t)(uintptr_t)hostPtr);
    pthread_mutex_unlock(&g_mem_mu);
    if (!b)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for hostPtr is invalid. Reason: not a live allocation from aclrtMallocHost.", hostPtr);
    free(b->ptr);
    free(b);
    sim_core_live_add(SIM_KIND_HOST_MEM, -1);
    return ACL_SUCCESS;
}

/* RT memory.cpp aclrtFreeHostWithDevSyncImpl: NULL -> 100000, then rtFreeHostWithDevSync. */
aclError aclrtFreeHostWithDevSync(void *hostPtr)
{
    if (!hostPtr)
        return sim_null_arg("hostPtr");
    sim_core_device_drain();
    return aclrtFreeHost(hostPtr);
}

int sim_core_host_memset(void *p, int32_t value, size_t count)
{
    int ok = 0;
    pthread_mutex_lock(&g_mem_mu);
    host_block *b = sim_map_get(&g_host, (uint64_t)(uintptr_t)p);
    if (b && count <= b->size) {
        memset(p, (unsigned char)value, count);
        ok = 1;
    }
    pthread_mutex_unlock(&g_mem_mu);
    return ok;
}

/* aclrtGetMemInfo: free and total bytes of the current device's memory, without the system's
 * reserve (the simulator reserves nothing). CANN (hicann/runtime src/acl/aclrt_c/runtime/memory.c
 * and aclrt_impl/memory.cpp): NULL free/total -> ACL_ERROR_INVALID_PARAM; a device must be set
 * first; an attribute the hardware lacks gives 0 / 0 with success, and HBM falls back to DDR
 * where there is no HBM (api_ref 11-01). The simulated device has one pool of ordinary memory:
 * ACL_DDR_MEM and ACL_HBM_MEM report it, huge-page, P2P and the rest report 0 / 0. */
aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *freeSize, size_t *totalSize)
{
    if (!freeSize || !totalSize)
        return sim_null_arg(!freeSize ? "free" : "total");
    aclError rc = sim_core_require_init("aclrtGetMemInfo");
    if (rc != ACL_SUCCESS)
        return rc;
    sim_ctx *ctx = sim_core_current_ctx();
    if (!ctx)
        return sim_core_no_context_error();
    int device = ctx->device;
    sim_core_ctx_unref(ctx);
    *freeSize = 0;
    *totalSize = 0;
    if (attr != ACL_DDR_MEM && attr != ACL_HBM_MEM)
        return ACL_SUCCESS;
    size_t limit = dev_mem_limit();
    pthread_mutex_lock(&g_mem_mu);
    size_t used = device >= 0 && (size_t)device < g_ndev_used ? g_dev_used[device] : 0;
    pthread_mutex_unlock(&g_mem_mu);
    *totalSize = limit;
    *freeSize = used < limit ? limit - used : 0;
    return ACL_SUCCESS;
}

typedef struct {
    uint64_t p;
    size_t extent;
} host_probe;

static void probe_block(uint64_t key, void *val, void *ud)
{
    host_probe *q = ud;
    const host_block *b = val;
    if (q->p >= key && q->p < key + b->size)
        q->extent = (size_t)(key + b->size - q->p);
}

size_t sim_core_host_extent(const void *p)
{
    host_probe q = {(uint64_t)(uintptr_t)p, 0};
    pthread_mutex_lock(&g_mem_mu);
    sim_map_each(&g_host, probe_block, &q);
    pthread_mutex_unlock(&g_mem_mu);
    return q.extent;
}

size_t sim_core_dev_mem_total(void)
{
    return dev_mem_limit();
}
