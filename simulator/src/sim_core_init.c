/*
 * sim_core_init.c - aclInit / aclFinalize (the top of the core: product, faults, devices, the
 * reset hooks) and aclrtGetVersion; the package versions: sim_core_version.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "sim_core_priv.h"

/* Serialises aclInit / aclFinalize against each other. */
static pthread_mutex_t g_init_mu = PTHREAD_MUTEX_INITIALIZER;
static int g_ever_finalized;
static uint64_t g_init_ref;

/* Parse ACLSIM_FAULTS into the fault switches; an unknown name fails aclInit. */
static aclError faults_load(void)
{
    int flags[SIM_FAULT_COUNT + 1];
    memset(flags, 0, sizeof flags);
    const char *env = getenv("ACLSIM_FAULTS");
    if (env && env[0]) {
        char *copy = strdup(env);
        if (!copy)
            return sim_host_oom();
        char *save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            while (*tok == ' ' || *tok == '\t')
                tok++;
            char *end = tok + strlen(tok);
            while (end > tok && (end[-1] == ' ' || end[-1] == '\t'))
                *--end = '\0';
            if (!*tok)
                continue;
            int found = sim_core_fault_find(tok);
            if (found < 0) {
                /* the list of names outgrows sim_fail's text buffer: format the message here */
                const char *known = aclsimFaultNames();
                char text[SIM_RECENT_MSG_LEN];
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
    sim_core_faults_set(flags);
    return ACL_SUCCESS;
}

/* Hash of the first successful aclInit's config content (RT acl.cpp aclInitJsonHash). */
static uint64_t g_first_hash;
static int g_first_hash_set;

/* RT acl_rt_impl_base.cpp GetStrFromConfigPath: NULL or "" is an empty config; a path that cannot be
 * resolved or opened -> ACL_ERROR_INVALID_FILE; else the whole file's content. FNV-1a of the content
 * stands for RT's std::hash (hash_utils.cpp CalculateSimpleHash). */
static aclError config_hash(const char *configPath, uint64_t *hash)
{
    uint64_t h = 1469598103934665603ull;
    if (configPath && configPath[0]) {
        struct stat sb;
        FILE *f = NULL;
        if (stat(configPath, &sb) != 0 || S_ISDIR(sb.st_mode) || (f = fopen(configPath, "r")) == NULL) {
            int err = errno;
            return sim_fail(ACL_ERROR_INVALID_FILE, "EH0003",
                            "Path %s for configPath is invalid. Reason: the file cannot be read (%s).", configPath,
                            S_ISDIR(sb.st_mode) ? "a directory" : strerror(err));
        }
        int c;
        while ((c = fgetc(f)) != EOF)
            h = (h ^ (uint64_t)(unsigned char)c) * 1099511628211ull;
        fclose(f);
    }
    *hash = h;
    return ACL_SUCCESS;
}

aclError aclInit(const char *configPath)
{
    pthread_mutex_lock(&g_init_mu);
    if (sim_core_inited()) {
        g_init_ref++;
        pthread_mutex_unlock(&g_init_mu);
        return sim_fail(ACL_ERROR_REPEAT_INITIALIZE, "EH9999",
                        "aclInit has already been called; repeated initialisation (reference count is now %llu).",
                        (unsigned long long)g_init_ref);
    }
    uint64_t hash = 0;
    aclError crc = config_hash(configPath, &hash);
    if (crc != ACL_SUCCESS) {
        pthread_mutex_unlock(&g_init_mu);
        return crc;
    }
    /* RT acl.cpp aclInitImpl: the config content must be the first successful aclInit's (aclInitJsonHash,
     * never cleared by aclFinalize), else ACL_ERROR_INVALID_PARAM */
    if (g_first_hash_set && hash != g_first_hash) {
        pthread_mutex_unlock(&g_init_mu);
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "The config content of [%s] differs from the first aclInit's config file.",
                        configPath ? configPath : "(null)");
    }
    sim_core_on_reset(sim_core_mem_teardown_device);
    aclError rc = sim_core_product_load();
    if (rc == ACL_SUCCESS)
        rc = faults_load();
    if (rc != ACL_SUCCESS) {
        pthread_mutex_unlock(&g_init_mu);
        return rc;
    }
    pthread_mutex_lock(&g_sim_core_mu);
    rc = sim_core_devices_setup_locked(sim_product_current()->device_count);
    if (rc == ACL_SUCCESS)
        sim_core_set_inited(1);
    pthread_mutex_unlock(&g_sim_core_mu);
    if (rc == ACL_SUCCESS) {
        g_init_ref = 1;
        if (!g_first_hash_set) {
            g_first_hash = hash;
            g_first_hash_set = 1;
        }
    }
    pthread_mutex_unlock(&g_init_mu);
    return rc;
}

/* Called with g_init_mu held. */
static void finalize_locked(void)
{
    pthread_mutex_lock(&g_sim_core_mu);
    sim_core_set_inited(0);
    pthread_mutex_unlock(&g_sim_core_mu);
    sim_core_devices_teardown_all();
    sim_core_run_reset(-1);
    sim_core_compileopt_reset();
    g_init_ref = 0;
    g_ever_finalized = 1;
}

aclError aclFinalize(void)
{
    pthread_mutex_lock(&g_init_mu);
    if (!sim_core_inited()) {
        int repeat = g_ever_finalized;
        g_ever_finalized = 1;
        pthread_mutex_unlock(&g_init_mu);
        if (repeat)
            return sim_fail(ACL_ERROR_REPEAT_FINALIZE, "EH9999", "aclFinalize has already been called.");
        /* never initialised: the real flag check lets this through; nothing to tear down */
        return ACL_SUCCESS;
    }
    finalize_locked();
    pthread_mutex_unlock(&g_init_mu);
    return ACL_SUCCESS;
}

aclError aclFinalizeReference(uint64_t *refCount)
{
    pthread_mutex_lock(&g_init_mu);
    if (!sim_core_inited()) {
        pthread_mutex_unlock(&g_init_mu);
        if (refCount)
            *refCount = 0;
        return sim_fail(ACL_ERROR_REPEAT_FINALIZE, "EH9999",
                        "aclFinalizeReference called while not initialised (already finalized).");
    }
    if (g_init_ref > 0)
        g_init_ref--;
    uint64_t left = g_init_ref;
    if (left == 0)
        finalize_locked();
    pthread_mutex_unlock(&g_init_mu);
    if (refCount)
        *refCount = left;
    return ACL_SUCCESS;
}

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (!majorVersion)
        return sim_null_arg("majorVersion");
    if (!minorVersion)
        return sim_null_arg("minorVersion");
    if (!patchVersion)
        return sim_null_arg("patchVersion");
    /* acl_rt.h (RT 2026): "Current version is 1.17.0" */
    *majorVersion = 1;
    *minorVersion = 17;
    *patchVersion = 0;
    return ACL_SUCCESS;
}
