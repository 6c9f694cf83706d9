/*
 * sim_core_faults.c - fault switches (set by aclInit from env ACLSIM_FAULTS) and aclsimFaultNames.
 * The lowest layer: it calls no other unit.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sim_core_priv.h"

static const char *const k_fault_names[] = {
#define SIM_FAULT(id, name, doc) name,
#include "sim_faults.def"
#undef SIM_FAULT
    NULL
};

static atomic_int g_fault_flags[SIM_FAULT_COUNT + 1];
static char g_fault_list[4096];
static pthread_once_t g_fault_list_once = PTHREAD_ONCE_INIT;

static void build_list(void)
{
    size_t off = 0;
    g_fault_list[0] = '\0';
    for (int i = 0; i < SIM_FAULT_COUNT && off < sizeof g_fault_list; i++) {
        int n = snprintf(g_fault_list + off, sizeof g_fault_list - off, "%s%s", i ? "," : "", k_fault_names[i]);
        if (n < 0)
            break;
        off += (size_t)n;
    }
}

const char *aclsimFaultNames(void)
{
    pthread_once(&g_fault_list_once, build_list);
    return g_fault_list;
}

int sim_fault_on(sim_fault_id id)
{
    if ((int)id < 0 || (int)id >= SIM_FAULT_COUNT)
        return 0;
    return atomic_load(&g_fault_flags[id]);
}

int sim_core_fault_find(const char *name)
{
    int found = -1;
    for (int i = 0; i < SIM_FAULT_COUNT; i++)
        if (strcmp(k_fault_names[i], name) == 0)
            found = i;
    return found;
}

void sim_core_faults_set(const int *flags)
{
    for (int i = 0; i < SIM_FAULT_COUNT; i++)
        atomic_store(&g_fault_flags[i], flags[i]);
}

/* The launch serial of the kernel this thread is running (nondeterministic_accumulation varies the
 * order of its sums by it; sim_op_launch.c starts each kernel with sim_fault_launch_begin). */
static atomic_ullong g_launches;
static _Thread_local uint64_t tls_launch;

void sim_fault_launch_begin(void)
{
    tls_launch = atomic_fetch_add(&g_launches, 1) + 1;
}

uint64_t sim_fault_launch(void)
{
    return tls_launch;
}

/* benign_accumulation_timing: a pause of 0-31 microseconds, from a per-thread generator. */
void sim_fault_pause(void)
{
    static _Thread_local unsigned seed;
    if (!seed)
        seed = (unsigned)(uintptr_t)&seed ^ (unsigned)tls_launch ^ 0x9e3779b9u;
    seed = seed * 1103515245u + 12345u;
    struct timespec ts = {0, (long)((seed >> 16) % 32) * 1000L};
    nanosleep(&ts, NULL);
}
