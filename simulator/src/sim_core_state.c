/*
 * sim_core_state.c - the core's shared state, at the bottom of the core: the core lock, the init
 * flag, the reset hooks (teardowns other units register) and the timing helpers.
 */
#include "sim_core_priv.h"

pthread_mutex_t g_sim_core_mu = PTHREAD_MUTEX_INITIALIZER;

static atomic_int g_inited;

#define SIM_RESET_HOOKS_MAX 4
static pthread_mutex_t g_hooks_mu = PTHREAD_MUTEX_INITIALIZER;
static sim_core_reset_fn g_hooks[SIM_RESET_HOOKS_MAX];
static int g_nhooks;

int sim_core_inited(void)
{
    return atomic_load(&g_inited);
}

void sim_core_set_inited(int inited)
{
    atomic_store(&g_inited, inited);
}

aclError sim_core_require_init(const char *api)
{
    if (atomic_load(&g_inited))
        return ACL_SUCCESS;
    return sim_fail(ACL_ERROR_UNINITIALIZE, "EH9999", "%s requires aclInit to be called first.", api);
}

void sim_core_on_reset(sim_core_reset_fn fn)
{
    pthread_mutex_lock(&g_hooks_mu);
    int known = 0;
    for (int i = 0; i < g_nhooks; i++)
        known |= g_hooks[i] == fn;
    if (!known && g_nhooks < SIM_RESET_HOOKS_MAX)
        g_hooks[g_nhooks++] = fn;
    pthread_mutex_unlock(&g_hooks_mu);
}

void sim_core_run_reset(int device)
{
    sim_core_reset_fn hooks[SIM_RESET_HOOKS_MAX];
    pthread_mutex_lock(&g_hooks_mu);
    int n = g_nhooks;
    for (int i = 0; i < n; i++)
        hooks[i] = g_hooks[i];
    pthread_mutex_unlock(&g_hooks_mu);
    for (int i = 0; i < n; i++)
        hooks[i](device);
}

void sim_core_deadline(struct timespec *ts, int64_t ms)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += (time_t)(ms / 1000);
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec += 1;
        ts->tv_nsec -= 1000000000L;
    }
}

int sim_core_cond_init(pthread_cond_t *cv)
{
    pthread_condattr_t a;
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    int rc = pthread_cond_init(cv, &a);
    pthread_condattr_destroy(&a);
    return rc;
}

uint64_t sim_core_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t sim_now_ns(void)
{
    return sim_core_now_ns();
}
