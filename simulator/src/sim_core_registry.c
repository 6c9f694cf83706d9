/*
 * sim_core_registry.c - opaque, never-reused handles for every user-visible object, plus a small
 * uint64 -> pointer hash map used by the core.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* ---------------- hash map ---------------- */
static size_t map_index(uint64_t key, size_t nbuckets)
{
    /* splitmix64 finaliser: handles and addresses share high bits, so mix them down */
    key ^= key >> 30;
    key *= 0xbf58476d1ce4e5b9ULL;
    key ^= key >> 27;
    key *= 0x94d049bb133111ebULL;
    key ^= key >> 31;
    return (size_t)(key & (nbuckets - 1));
}

static int map_grow(sim_map *m)
{
    size_t nb = m->nbuckets ? m->nbuckets * 2 : 64;
    sim_map_node **b = calloc(nb, sizeof *b);
    if (!b)
        return -1;
    for (size_t i = 0; i < m->nbuckets; i++) {
        sim_map_node *n = m->buckets[i];
        while (n) {
            sim_map_node *next = n->next;
            size_t j = map_index(n->key, nb);
            n->next = b[j];
            b[j] = n;
            n = next;
        }
    }
    free(m->buckets);
    m->buckets = b;
    m->nbuckets = nb;
    return 0;
}

int sim_map_put(sim_map *m, uint64_t key, void *val)
{
    if ((m->count + 1 > m->nbuckets) && map_grow(m) != 0)
        return -1;
    sim_map_node *n = malloc(sizeof *n);
    if (!n)
        return -1;
    size_t i = map_index(key, m->nbuckets);
    n->key = key;
    n->val = val;
    n->next = m->buckets[i];
    m->buckets[i] = n;
    m->count++;
    return 0;
}

void *sim_map_get(const sim_map *m, uint64_t key)
{
    if (!m->nbuckets)
        return NULL;
    for (sim_map_node *n = m->buckets[map_index(key, m->nbuckets)]; n; n = n->next)
        if (n->key == key)
            return n->val;
    return NULL;
}

void *sim_map_del(sim_map *m, uint64_t key)
{
    if (!m->nbuckets)
        return NULL;
    sim_map_node **pp = &m->buckets[map_index(key, m->nbuckets)];
    for (; *pp; pp = &(*pp)->next) {
        if ((*pp)->key == key) {
            sim_map_node *n = *pp;
            void *val = n->val;
            *pp = n->next;
            free(n);
            m->count--;
            return val;
        }
    }
    return NULL;
}

void sim_map_each(const sim_map *m, void (*fn)(uint64_t key, void *val, void *ud), void *ud)
{
    for (size_t i = 0; i < m->nbuckets; i++)
        for (sim_map_node *n = m->buckets[i]; n; n = n->next)
            fn(n->key, n->val, ud);
}

/* ---------------- registry ---------------- */
typedef struct {
    sim_kind kind;
    void *obj;
} reg_entry;

static pthread_mutex_t g_reg_mu = PTHREAD_MUTEX_INITIALIZER;
static sim_map g_reg;
static uint64_t g_reg_next = 1;
static atomic_llong g_live[SIM_KIND_COUNT];

/* Handle layout (64-bit): 0x5A in the top byte, 0xC0|kind in the next byte, a 48-bit serial
 * below. The value is never a canonical user-space address (x86-64 or aarch64, even with
 * top-byte-ignore), so an accidental dereference faults instead of reading memory. */
_Static_assert(sizeof(void *) == 8, "the simulator targets 64-bit hosts");
#define SIM_HANDLE_TAG 0x5A00000000000000ULL

void *sim_handle_new(sim_kind kind, void *obj)
{
    if ((int)kind < 0 || kind >= SIM_KIND_COUNT || !obj)
        return NULL;
    reg_entry *e = malloc(sizeof *e);
    if (!e)
        return NULL;
    e->kind = kind;
    e->obj = obj;
    pthread_mutex_lock(&g_reg_mu);
    uint64_t serial = g_reg_next++ & 0xFFFFFFFFFFFFULL;
    uint64_t h = SIM_HANDLE_TAG | ((0xC0ULL | (uint64_t)kind) << 48) | serial;
    if (sim_map_put(&g_reg, h, e) != 0) {
        pthread_mutex_unlock(&g_reg_mu);
        free(e);
        return NULL;
    }
    pthread_mutex_unlock(&g_reg_mu);
    atomic_fetch_add(&g_live[kind], 1);
    return (void *)(uintptr_t)h;
}

void *sim_core_handle_get_ref(sim_kind kind, const void *handle, void (*addref)(void *))
{
    if (!handle || (int)kind < 0 || kind >= SIM_KIND_COUNT)
        return NULL;
    void *obj = NULL;
    pthread_mutex_lock(&g_reg_mu);
    reg_entry *e = sim_map_get(&g_reg, (uint64_t)(uintptr_t)handle);
    if (e && e->kind == kind) {
        obj = e->obj;
        if (addref)
            addref(obj);
    }
    pthread_mutex_unlock(&g_reg_mu);
    return obj;
}

void *sim_handle_get(sim_kind kind, const void *handle)
{
    return sim_core_handle_get_ref(kind, handle, NULL);
}

void *sim_handle_take(sim_kind kind, const void *handle)
{
    if (!handle || (int)kind < 0 || kind >= SIM_KIND_COUNT)
        return NULL;
    void *obj = NULL;
    pthread_mutex_lock(&g_reg_mu);
    uint64_t h = (uint64_t)(uintptr_t)handle;
    reg_entry *e = sim_map_get(&g_reg, h);
    if (e && e->kind == kind) {
        sim_map_del(&g_reg, h);
        obj = e->obj;
        free(e);
    }
    pthread_mutex_unlock(&g_reg_mu);
    if (obj)
        atomic_fetch_sub(&g_live[kind], 1);
    return obj;
}

int64_t sim_live_count(sim_kind kind)
{
    if ((int)kind < 0 || kind >= SIM_KIND_COUNT)
        return -1;
    return atomic_load(&g_live[kind]);
}

void sim_core_live_add(sim_kind kind, int64_t delta)
{
    if ((int)kind >= 0 && kind < SIM_KIND_COUNT)
        atomic_fetch_add(&g_live[kind], delta);
}
