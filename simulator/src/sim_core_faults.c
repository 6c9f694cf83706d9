/*
 * sim_core_faults.c - fault switches (env ACLSIM_FAULTS, parsed by aclInit) and aclsimFaultNames.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

aclError sim_core_faults_load(void)
{
    int flags[SIM_FAULT_COUNT + 1];
    memset(flags, 0, sizeof flags);
    const char *env = getenv("ACLSIM_FAULTS");
    if (env && env[0]) {
        char *copy = strdup(env);
        if (!copy)
            return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of host memory.");
        char *save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            while (*tok == ' ' || *tok == '\t')
                tok++;
            char *end = tok + strlen(tok);
            while (end > tok && (end[-1] == ' ' || end[-1] == '\t'))
                *--end = '\0';
            if (!*tok)
                continue;
            int found = -1;
            for (int i = 0; i < SIM_FAULT_COUNT; i++)
                if (strcmp(k_fault_names[i], tok) == 0)
                    found = i;
            if (found < 0) {
                /* the list of names outgrows sim_fail's text buffer: format the message here */
                const char *known = aclsimFaultNames();
                char text[SIM_MSG_LEN * 2];
                snprintf(text, sizeof text,
                         "EH0001: Value %.64s for ACLSIM_FAULTS is invalid. Reason: unknown fault name; known: %s.",
                         tok, known[0] ? known : "(none)");
                sim_core_set_msg(text);
                free(copy);
                return ACL_ERROR_INVALID_PARAM;
            }
            flags[found] = 1;
        }
        free(copy);
    }
    for (int i = 0; i < SIM_FAULT_COUNT; i++)
        atomic_store(&g_fault_flags[i], flags[i]);
    return ACL_SUCCESS;
}
