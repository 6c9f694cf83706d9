/*
 * sim_op_load.c - aclopLoad, aclopSetModelDir and aclsimValidateModel: .om images parsed,
 * checked for the product and registered (acl-abi.md section 3 "Loading models").
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim_op_priv.h"

#define OM_MAX_FILE_SIZE ((size_t)1 << 30)   /* simulator choice: files above 1 GiB are skipped */

static const sim_check_codes LOAD_CODES = {ACL_ERROR_OP_LOAD_FAILED, ACL_ERROR_UNSUPPORTED_DATA_TYPE};

/* GE base/common/helper/om_file_helper.cc OmFileLoadHelper::CheckModelCompatibility, with RT
 * api_impl.cc ApiImpl::CheckArchCompatibility (aclrtCheckArchCompatibility): a model loads on a
 * device whose SoC has the model SoC's NpuArch; an empty soc skips the check with a warning. Both
 * refusals are GE's PARAM_INVALID, which aclopLoad returns as ACL_ERROR_DESERIALIZE_MODEL
 * (cann-install.md section 6), reported as E10001. Returns 0 or the refusal (msg set). */
#define SOC_NOT_SUPPORTED "Model soc version is not support in this device."
#define RT_PARAM_INVALID 107000   /* ACL_ERROR_RT_PARAM_INVALID: RT_ERROR_INVALID_VALUE for an unknown SoC */
static aclError check_model_soc(const sim_model *m, const sim_product *prod, char *msg, size_t msglen)
{
    if (m->soc == NULL || m->soc[0] == 0) {
        aclAppLog(ACL_WARNING, __func__, __FILE__, __LINE__,
                  "Model soc version is empty, skip compatibility check.");
        return ACL_SUCCESS;
    }
    int arch = sim_npu_arch_of(m->soc);
    if (arch == prod->npu_arch) return ACL_SUCCESS;
    if (arch < 0)   /* GE writes the code with std::to_string after a literal "0x" */
        sim_msgf(msg, msglen, "Value [%s] for parameter [soc_version] is invalid. Reason: "
                 "aclrtCheckArchCompatibility ret: 0x%d", m->soc, RT_PARAM_INVALID);
    else
        sim_msgf(msg, msglen, "Value [%s] for parameter [soc_version] is invalid. Reason: " SOC_NOT_SUPPORTED,
                 m->soc);
    return ACL_ERROR_DESERIALIZE_MODEL;
}

/* Parse + check + (optionally) register. check_soc: the load paths (aclopLoad, aclopSetModelDir)
 * check the model's SoC against the device's; aclsimValidateModel (atc's compile step) does not.
 * *soc_refused is set when that check refused the model. */
static aclError load_image(const void *data, size_t size, const sim_product *prod, int do_register, int check_soc,
                           int *soc_refused, char *msg, size_t msglen)
{
    sim_model *m = NULL;
    *soc_refused = 0;
    aclError rc = sim_om_parse(data, size, &m, msg, msglen);
    if (rc != ACL_SUCCESS) return rc;
    if (check_soc) {
        rc = check_model_soc(m, prod, msg, msglen);
        *soc_refused = rc != ACL_SUCCESS;
    }
    if (rc == ACL_SUCCESS) rc = sim_model_check(m, prod, LOAD_CODES, msg, msglen);
    if (rc != ACL_SUCCESS || !do_register) {
        sim_model_unref(m);
        return rc;
    }
    if (sim_model_register(m, 0) != 0) {
        return sim_msg_oom(msg, msglen);
    }
    return ACL_SUCCESS;
}

static const char *ehcode_for(aclError rc)
{
    return rc == ACL_ERROR_PARSE_MODEL || rc == ACL_ERROR_DESERIALIZE_MODEL ? "EH0003" : "EH9999";
}

ACL_FUNC_VISIBILITY aclError aclopLoad(const void *model, size_t modelSize)
{
    if (model == NULL)
        return sim_null_arg("model");
    if (modelSize == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value 0 for modelSize is invalid. Reason: modelSize can't be zero.");
    char msg[SIM_MSG_LEN] = "";
    int soc_refused;
    aclError rc = load_image(model, modelSize, sim_product_current(), 1, 1, &soc_refused, msg, sizeof(msg));
    if (rc != ACL_SUCCESS && soc_refused) return sim_fail(rc, "E10001", "%s", msg);
    if (rc != ACL_SUCCESS) return sim_fail(rc, ehcode_for(rc), "Load op model failed: %s", msg);
    return ACL_SUCCESS;
}

static pthread_mutex_t g_dir_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_dir_loaded;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with_om(const char *s)
{
    size_t n = strlen(s);
    return n >= 3 && strcmp(s + n - 3, ".om") == 0;
}

static void load_file(const char *path, int *loaded)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) return;
    char *data = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            size_t nc = cap ? cap * 2 : 4096;
            if (nc > OM_MAX_FILE_SIZE) break;
            char *p = realloc(data, nc);
            if (p == NULL) break;
            data = p;
            cap = nc;
        }
        size_t r = fread(data + len, 1, cap - len, f);
        if (r == 0) break;
        len += r;
    }
    int complete = feof(f) && !ferror(f);
    fclose(f);
    if (complete && len > 0) {
        char msg[SIM_MSG_LEN] = "";
        int soc_refused;
        aclError rc = load_image(data, len, sim_product_current(), 1, 1, &soc_refused, msg, sizeof(msg));
        if (rc == ACL_SUCCESS)
            (*loaded)++;
        else   /* GE acl_op_resource_manager.cpp: warn and skip; the directory still loads */
            aclAppLog(ACL_WARNING, __func__, __FILE__, __LINE__,
                      "cannot parse model, errorCode = %d, model = %s, skip it (%s)", rc, path, msg);
    }
    free(data);
}

/* level 1 = the directory itself; sub-directories are scanned down to level 3. */
static int scan_dir(const char *dir, int level, int *loaded)
{
    DIR *d = opendir(dir);
    if (d == NULL) return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        if (n == cap) {
            size_t nc = cap ? cap * 2 : 32;
            char **p = realloc(names, nc * sizeof(char *));
            if (p == NULL) break;
            names = p;
            cap = nc;
        }
        names[n] = strdup(e->d_name);
        if (names[n] == NULL) break;
        n++;
    }
    closedir(d);
    if (n > 1) qsort(names, n, sizeof(char *), cmp_str);
    for (size_t i = 0; i < n; i++) {
        size_t pl = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(pl);
        if (path != NULL) {
            snprintf(path, pl, "%s/%s", dir, names[i]);
            struct stat st;
            if (stat(path, &st) == 0) {
                if (S_ISDIR(st.st_mode)) {
                    if (level < 3) scan_dir(path, level + 1, loaded);
                } else if (S_ISREG(st.st_mode) && ends_with_om(names[i])) {
                    load_file(path, loaded);
                }
            }
            free(path);
        }
        free(names[i]);
    }
    free(names);
    return 0;
}

ACL_FUNC_VISIBILITY aclError aclopSetModelDir(const char *modelDir)
{
    if (modelDir == NULL)
        return sim_null_arg("modelDir");
    pthread_mutex_lock(&g_dir_lock);
    if (g_dir_loaded) {
        pthread_mutex_unlock(&g_dir_lock);
        return sim_fail(ACL_ERROR_REPEAT_INITIALIZE, "EH9999",
                        "aclopSetModelDir can only be called successfully once per process: the model "
                        "directory was already set.");
    }
    char *real = realpath(modelDir, NULL);
    if (real == NULL) {
        int err = errno;
        pthread_mutex_unlock(&g_dir_lock);
        return sim_fail(ACL_ERROR_READ_MODEL_FAILURE, "EH0003",
                        "Path %s is invalid. Reason: realpath failed: %s.", modelDir, strerror(err));
    }
    int loaded = 0;
    if (scan_dir(real, 1, &loaded) != 0) {
        int err = errno;
        pthread_mutex_unlock(&g_dir_lock);
        aclError rc = sim_fail(ACL_ERROR_READ_MODEL_FAILURE, "EH0003",
                               "Path %s is invalid. Reason: cannot read the directory: %s.", real, strerror(err));
        free(real);
        return rc;
    }
    free(real);
    g_dir_loaded = 1;   /* an empty directory also counts ("No model is loaded") */
    pthread_mutex_unlock(&g_dir_lock);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclsimValidateModel(const void *model, size_t size, const char *soc, char *msg,
                                                 size_t msglen)
{
    char local[SIM_MSG_LEN] = "";
    aclError rc;
    if (model == NULL) {
        snprintf(local, sizeof(local), "Argument model must not be null.");
        rc = ACL_ERROR_INVALID_PARAM;
    } else if (size == 0) {
        snprintf(local, sizeof(local), "Value 0 for size is invalid. Reason: size can't be zero.");
        rc = ACL_ERROR_INVALID_PARAM;
    } else {
        const sim_product *prod = soc ? sim_product_by_soc(soc) : sim_product_current();
        if (prod == NULL) {
            snprintf(local, sizeof(local), "Value %s for soc is invalid. Reason: unknown SoC.", soc);
            rc = ACL_ERROR_INVALID_PARAM;
        } else {
            int soc_refused;
            rc = load_image(model, size, prod, 0, 0, &soc_refused, local, sizeof(local));
        }
    }
    if (msg != NULL && msglen > 0) snprintf(msg, msglen, "%s", rc == ACL_SUCCESS ? "" : local);
    if (rc != ACL_SUCCESS) sim_fail(rc, rc == ACL_ERROR_INVALID_PARAM ? "EH0001" : ehcode_for(rc), "%s", local);
    return rc;
}
