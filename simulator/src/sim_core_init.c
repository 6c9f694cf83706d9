/*
 * sim_core_init.c - aclInit / aclFinalize (the top of the core: product, faults, devices, the
 * reset hooks) and the version queries.
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

/* Simulated package version (simulator choice; the RT sample prints 9.1.0 / 90100000, so the
 * number is major*10^7 + minor*10^5 + patch*10^3). */
#define SIM_CANN_MAJOR 9
#define SIM_CANN_MINOR 0
#define SIM_CANN_PATCH 0
#define SIM_CANN_VERSION_STR "9.0.0"

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
    sim_core_faults_set(flags);
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
    if (configPath) {
        struct stat sb;
        FILE *f = NULL;
        if (configPath[0] == '\0' || stat(configPath, &sb) != 0 || S_ISDIR(sb.st_mode) ||
            (f = fopen(configPath, "r")) == NULL) {
            int err = errno;
            pthread_mutex_unlock(&g_init_mu);
            return sim_fail(ACL_ERROR_INVALID_FILE, "EH0003",
                            "Path %s for configPath is invalid. Reason: the file cannot be read (%s).",
                            configPath, configPath[0] ? strerror(err) : "empty path");
        }
        fclose(f);
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
    if (rc == ACL_SUCCESS)
        g_init_ref = 1;
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

static int known_pkg(const char *name)
{
    return strcasecmp(name, "runtime") == 0 || strcasecmp(name, "cann") == 0;
}

static aclError unknown_pkg(const char *pkgName)
{
    return sim_fail(ACL_ERROR_INVALID_FILE, "EH0001",
                    "Value %.64s for pkgName is invalid. Reason: no version information for this package "
                    "(known: runtime, CANN).", pkgName);
}

aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (!pkgName)
        return sim_null_arg("pkgName");
    if (!versionStr)
        return sim_null_arg("versionStr");
    if (!known_pkg(pkgName))
        return unknown_pkg(pkgName);
    snprintf(versionStr, ACL_PKG_VERSION_MAX_SIZE, "%s", SIM_CANN_VERSION_STR);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (!pkgName)
        return sim_null_arg("pkgName");
    if (!versionNum)
        return sim_null_arg("versionNum");
    if (!known_pkg(pkgName))
        return unknown_pkg(pkgName);
    *versionNum = SIM_CANN_MAJOR * 10000000 + SIM_CANN_MINOR * 100000 + SIM_CANN_PATCH * 1000;
    return ACL_SUCCESS;
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    if (!version)
        return sim_null_arg("version");
    if (name != ACL_PKG_NAME_CANN && name != ACL_PKG_NAME_RUNTIME)
        return sim_fail(ACL_ERROR_INVALID_FILE, "EH0001",
                        "Value %d for name is invalid. Reason: no version information for this package "
                        "(known: ACL_PKG_NAME_CANN, ACL_PKG_NAME_RUNTIME).", (int)name);
    memset(version, 0, sizeof *version);
    snprintf(version->version, sizeof version->version, "%s", SIM_CANN_VERSION_STR);
    snprintf(version->majorVersion, sizeof version->majorVersion, "%d", SIM_CANN_MAJOR);
    snprintf(version->minorVersion, sizeof version->minorVersion, "%d", SIM_CANN_MINOR);
    snprintf(version->releaseVersion, sizeof version->releaseVersion, "%d", SIM_CANN_PATCH);
    snprintf(version->patchVersion, sizeof version->patchVersion, "%d", 0);
    return ACL_SUCCESS;
}
