/*
 * sim_core_validation.c - the validation layer's misuse log (aclsimValidationLog*).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

#define SIM_VALIDATION_MAX 100000   /* records kept; later ones are dropped */

static pthread_mutex_t g_val_mu = PTHREAD_MUTEX_INITIALIZER;
static char **g_val;
static size_t g_nval, g_capval;

void sim_core_validation_add(const char *record)
{
    char *copy = strdup(record);
    if (!copy)
        return;
    pthread_mutex_lock(&g_val_mu);
    if (g_nval < SIM_VALIDATION_MAX) {
        if (g_nval == g_capval) {
            size_t nc = g_capval ? g_capval * 2 : 16;
            char **nv = realloc(g_val, nc * sizeof *nv);
            if (nv) {
                g_val = nv;
                g_capval = nc;
            }
        }
        if (g_nval < g_capval) {
            g_val[g_nval++] = copy;
            copy = NULL;
        }
    }
    pthread_mutex_unlock(&g_val_mu);
    free(copy);
}

size_t aclsimValidationLogCount(void)
{
    pthread_mutex_lock(&g_val_mu);
    size_t n = g_nval;
    pthread_mutex_unlock(&g_val_mu);
    return n;
}

aclError aclsimValidationLogGet(size_t index, char *buf, size_t buflen)
{
    if (!buf)
        return sim_null_arg("buf");
    if (buflen == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value 0 for buflen is invalid. Reason: must be positive.");
    pthread_mutex_lock(&g_val_mu);
    if (index >= g_nval) {
        size_t n = g_nval;
        pthread_mutex_unlock(&g_val_mu);
        buf[0] = '\0';
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for index is invalid. Reason: the log holds %zu records.", index, n);
    }
    size_t len = strlen(g_val[index]);
    size_t ncopy = len < buflen ? len : buflen - 1;
    memcpy(buf, g_val[index], ncopy);
    buf[ncopy] = '\0';
    pthread_mutex_unlock(&g_val_mu);
    if (len >= buflen)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for buflen is invalid. Reason: the record needs %zu bytes (truncated).", buflen,
                        len + 1);
    return ACL_SUCCESS;
}

void aclsimValidationLogClear(void)
{
    pthread_mutex_lock(&g_val_mu);
    for (size_t i = 0; i < g_nval; i++)
        free(g_val[i]);
    g_nval = 0;
    pthread_mutex_unlock(&g_val_mu);
}
