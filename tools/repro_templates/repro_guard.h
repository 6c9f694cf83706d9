/*
 * repro_guard.h - device tensors between guard bands, as the suite's DeviceTensor
 * (fixtures/tensors.py): [guard | data | guard], the guards a canary pattern, data a given
 * content or a sentinel pattern; read back, a changed guard (or changed data, where it must stay)
 * is reported. Used by the contract reproducer (contract.c) to check that a rejected call changed
 * no byte (EWH-07).
 */
#ifndef REPRO_GUARD_H_
#define REPRO_GUARD_H_

#include <stdlib.h>
#include <string.h>

#include "client_common.h"      /* CHECK_ACL */

#define GUARD 64

static const unsigned char CANARY[4] = {0xA5, 0x5A, 0xC3, 0x3C};   /* fixtures/tensors.py */
static const unsigned char SENTINEL[2] = {0xEE, 0x7F};

typedef struct {          /* one device tensor between guard bands: [guard | data | guard] */
    void *base, *data;
    size_t size;
    unsigned char *initial;
} guarded;

static void fill(unsigned char *p, size_t n, const unsigned char *pattern, size_t len)
{
    for (size_t i = 0; i < n; i++)
        p[i] = pattern[i % len];
}

static int guarded_alloc(guarded *g, size_t size, const void *data)
{
    size_t whole = size + 2 * GUARD;
    unsigned char *host = malloc(whole);
    g->initial = malloc(size ? size : 1);
    if (host == NULL || g->initial == NULL)
        return 1;
    if (data != NULL)
        memcpy(g->initial, data, size);
    else
        fill(g->initial, size, SENTINEL, sizeof SENTINEL);
    fill(host, GUARD, CANARY, sizeof CANARY);
    memcpy(host + GUARD, g->initial, size);
    fill(host + GUARD + size, GUARD, CANARY, sizeof CANARY);
    g->size = size;
    CHECK_ACL(aclrtMalloc(&g->base, whole, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ACL(aclrtMemcpy(g->base, whole, host, whole, ACL_MEMCPY_HOST_TO_DEVICE));
    g->data = (char *)g->base + GUARD;
    free(host);
    return 0;
}

/* Reads the whole allocation back; reports changed guards (and data when data_must_stay);
 * copies the data into *out when out is not NULL; each problem goes to report (printf-style).
 * Returns the number of problems. */
static int guarded_inspect(const guarded *g, const char *what, int data_must_stay, unsigned char **out,
                           void (*report)(const char *fmt, ...))
{
    size_t whole = g->size + 2 * GUARD;
    unsigned char *host = malloc(whole), canary[GUARD];
    int problems = 0;
    if (host == NULL || aclrtMemcpy(host, whole, g->base, whole, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) {
        report("%s could not be read back", what);
        free(host);
        return 1;
    }
    fill(canary, GUARD, CANARY, sizeof CANARY);
    if (memcmp(host, canary, GUARD) != 0 && ++problems)
        report("%s: leading guard band overwritten", what);
    if (memcmp(host + GUARD + g->size, canary, GUARD) != 0 && ++problems)
        report("%s: trailing guard band overwritten", what);
    if (data_must_stay) {
        long changed = 0, first = -1;
        for (size_t i = 0; i < g->size; i++)
            if (host[GUARD + i] != g->initial[i] && changed++ == 0)
                first = (long)i;
        if (changed && ++problems)
            report("%s changed (%ld bytes, first at offset %ld)", what, changed, first);
    }
    if (out != NULL) {
        *out = malloc(g->size ? g->size : 1);
        memcpy(*out, host + GUARD, g->size);
    }
    free(host);
    return problems;
}

#endif /* REPRO_GUARD_H_ */
