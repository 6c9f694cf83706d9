/*
 * sim_core_product.c - product profiles keyed by SoC name (env ACLSIM_SOC), aclrtGetSocName,
 * compile options (aclSetCompileopt / aclGetCompileoptSize / aclGetCompileopt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

#define DEFAULT_SOC "Ascend910B1"

/* device_count is a simulator choice (products.md gives no per-product count).
 * NpuArch per family: RT HEAD src/platform/platform_config/<soc>.ini (cann-install.md section 5):
 * Ascend910A/B/ProA/ProB/PremiumA 1001, Ascend310P* 2002, Ascend910B* and Ascend910_93* 2201,
 * Ascend310B* 3002, Ascend950* 3510. The profiles without an .ini (Ascend310P2, Ascend310P4,
 * Ascend910_9361) take their family's arch: a simulator choice (docs/FIDELITY.md). */
#define ARCH_910 1001
#define ARCH_310P 2002
#define ARCH_910B 2201
#define ARCH_310B 3002
#define ARCH_950 3510
#define P_TRAINING(soc)  { soc, "atlas-training", 8, 2048, 0, 1, 1, ARCH_910 }
#define P_INFER(soc)     { soc, "atlas-inference", 1, 1024, 0, 1, 1, ARCH_310P }
#define P_A2(soc)        { soc, "atlas-a2", 8, 1984, 1, 0, 0, ARCH_910B }
#define P_200I(soc)      { soc, "atlas-200i-500-a2", 1, 512, 0, 1, 1, ARCH_310B }
#define P_A3(soc)        { soc, "atlas-a3", 16, 1984, 1, 0, 0, ARCH_910B }
#define P_350(soc)       { soc, "atlas-350", 1, 1984, 1, 0, 0, ARCH_950 }

static const sim_product k_products[] = {
    /* products.md 1.1; the bare "Ascend910B" belongs to the old training family */
    P_TRAINING("Ascend910PremiumA"), P_TRAINING("Ascend910ProA"), P_TRAINING("Ascend910A"),
    P_TRAINING("Ascend910ProB"), P_TRAINING("Ascend910B"),
    P_INFER("Ascend310P1"), P_INFER("Ascend310P2"), P_INFER("Ascend310P3"), P_INFER("Ascend310P4"),
    P_INFER("Ascend310P5"), P_INFER("Ascend310P7"),
    P_A2("Ascend910B1"), P_A2("Ascend910B2"), P_A2("Ascend910B2C"), P_A2("Ascend910B3"),
    P_A2("Ascend910B4"), P_A2("Ascend910B4-1"),
    P_200I("Ascend310B1"), P_200I("Ascend310B2"), P_200I("Ascend310B3"), P_200I("Ascend310B4"),
    P_A3("Ascend910_9391"), P_A3("Ascend910_9392"), P_A3("Ascend910_9381"), P_A3("Ascend910_9382"),
    P_A3("Ascend910_9372"), P_A3("Ascend910_9362"), P_A3("Ascend910_9363"), P_A3("Ascend910_9361"),
    P_350("Ascend950PR_9579"), P_350("Ascend950PR_957b"), P_350("Ascend950PR_9589"),
    P_350("Ascend950DT_9582"), P_350("Ascend950PR_950z"),
};
#define N_PRODUCTS (sizeof k_products / sizeof k_products[0])
#define PREFIX_950 "Ascend950"

/* Interned variants (arbitrary Ascend950* names, device-count overrides). Never freed, so every
 * pointer handed out stays valid for the life of the process. */
typedef struct interned {
    sim_product p;
    char soc[64];
    struct interned *next;
} interned;
static pthread_mutex_t g_prod_mu = PTHREAD_MUTEX_INITIALIZER;
static interned *g_interned;
static _Atomic(const sim_product *) g_current;   /* NULL: ACLSIM_SOC names an unknown SoC */

static const sim_product *table_lookup(const char *soc)
{
    for (size_t i = 0; i < N_PRODUCTS; i++)
        if (strcmp(k_products[i].soc, soc) == 0)
            return &k_products[i];
    return NULL;
}

/* Called with g_prod_mu held. */
static const sim_product *intern(const sim_product *base, const char *soc, int device_count)
{
    for (interned *it = g_interned; it; it = it->next)
        if (strcmp(it->soc, soc) == 0 && it->p.device_count == device_count &&
            strcmp(it->p.product_id, base->product_id) == 0)
            return &it->p;
    interned *it = calloc(1, sizeof *it);
    if (!it)
        return base;
    it->p = *base;
    snprintf(it->soc, sizeof it->soc, "%s", soc);
    it->p.soc = it->soc;
    it->p.device_count = device_count;
    it->next = g_interned;
    g_interned = it;
    return &it->p;
}

const sim_product *sim_product_by_soc(const char *soc)
{
    if (!soc)
        return NULL;
    const sim_product *p = table_lookup(soc);
    if (p)
        return p;
    if (strncmp(soc, PREFIX_950, strlen(PREFIX_950)) == 0 && strlen(soc) < 64) {
        /* torch_npu maps any "Ascend950..." string to the 950 family */
        pthread_mutex_lock(&g_prod_mu);
        p = intern(table_lookup("Ascend950PR_9579"), soc, table_lookup("Ascend950PR_9579")->device_count);
        pthread_mutex_unlock(&g_prod_mu);
        return p;
    }
    return NULL;
}

int sim_npu_arch_of(const char *soc)
{
    const sim_product *p = sim_product_by_soc(soc);
    return p ? p->npu_arch : -1;
}

static void list_socs(char *buf, size_t len)
{
    size_t off = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < N_PRODUCTS && off < len; i++) {
        int n = snprintf(buf + off, len - off, "%s%s", i ? ", " : "", k_products[i].soc);
        if (n < 0)
            break;
        off += (size_t)n;
    }
    if (off < len)
        snprintf(buf + off, len - off, ", %s*", PREFIX_950);
}

/* Returns 0 and the product for the environment, or an error (message set). */
static aclError product_from_env(const sim_product **out)
{
    const char *soc = getenv("ACLSIM_SOC");
    if (!soc || !soc[0])
        soc = DEFAULT_SOC;
    const sim_product *base = sim_product_by_soc(soc);
    if (!base) {
        char known[1024];
        list_socs(known, sizeof known);
        *out = NULL;
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %.64s for ACLSIM_SOC is invalid. Reason: unknown SoC; known: %s.", soc, known);
    }
    int count = base->device_count;
    const char *dc = getenv("ACLSIM_DEVICE_COUNT");
    if (dc && dc[0]) {
        char *end = NULL;
        long v = strtol(dc, &end, 10);
        if (!end || *end != '\0' || v < 1 || v > 1024) {
            *out = base;
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %.32s for ACLSIM_DEVICE_COUNT is invalid. Reason: must be an integer in [1, 1024].",
                            dc);
        }
        count = (int)v;
    }
    if (count != base->device_count || strcmp(base->soc, soc) != 0) {
        pthread_mutex_lock(&g_prod_mu);
        base = intern(base, soc, count);
        pthread_mutex_unlock(&g_prod_mu);
    }
    *out = base;
    return ACL_SUCCESS;
}

aclError sim_core_product_load(void)
{
    const sim_product *p = NULL;
    aclError rc = product_from_env(&p);
    if (rc == ACL_SUCCESS || p == NULL)
        atomic_store(&g_current, p);
    return rc;
}

__attribute__((constructor)) static void product_ctor(void)
{
    const sim_product *p = NULL;
    product_from_env(&p);
    atomic_store(&g_current, p);
    /* a message produced here belongs to nobody: drop it */
    aclGetRecentErrMsg();
}

const sim_product *sim_product_current(void)
{
    const sim_product *p = atomic_load(&g_current);
    /* unknown SoC: aclInit fails, but other modules never get NULL */
    return p ? p : table_lookup(DEFAULT_SOC);
}

const char *aclrtGetSocName(void)
{
    const sim_product *p = atomic_load(&g_current);
    return p ? p->soc : NULL;
}

const char *aclsimProductId(void)
{
    const sim_product *p = atomic_load(&g_current);
    return p ? p->product_id : NULL;
}

/* ---------------- compile options ---------------- */
#define N_OPTS (ACL_OP_DEBUG_OPTION + 1)
static pthread_mutex_t g_opt_mu = PTHREAD_MUTEX_INITIALIZER;
static char *g_opts[N_OPTS];
static atomic_int g_jit = -1;   /* -1: not set yet (GE's executor flag starts at 1: enabled) */

/* GE api/acl/acl_op_executor/single_op/compile/op_compiler.cpp: opCompileJitCompile starts at 1;
 * aclSetCompileopt(ACL_OP_JIT_COMPILE) sets it, and so does the first compile of a process whose
 * user set none (op_compile_processor.cpp SetJitCompileDefaultValue: the architecture's default). */
int sim_jit_compile_enabled(void)
{
    int v = atomic_load(&g_jit);
    return v >= 0 ? v : 1;
}

void sim_jit_compile_first_use(void)
{
    int unset = -1;
    atomic_compare_exchange_strong(&g_jit, &unset, sim_product_current()->jit_default);
}

void sim_core_compileopt_reset(void)
{
    pthread_mutex_lock(&g_opt_mu);
    for (int i = 0; i < N_OPTS; i++) {
        free(g_opts[i]);
        g_opts[i] = NULL;
    }
    atomic_store(&g_jit, -1);
    pthread_mutex_unlock(&g_opt_mu);
}

/* GE op_compiler.cpp compileOptMap holds every aclCompileOpt value except ACL_AUTO_TUNE_MODE. */
static int opt_known(aclCompileOpt opt)
{
    return (int)opt >= 0 && (int)opt < N_OPTS && opt != ACL_AUTO_TUNE_MODE;
}

/* GE op_compiler.cpp aclSetCompileopt: value NULL -> 100000; ACL_AUTO_TUNE_MODE -> 200006; an option
 * outside compileOptMap -> 500000; ACL_OP_JIT_COMPILE: "enable" enables, any other value disables. */
aclError aclSetCompileopt(aclCompileOpt opt, const char *value)
{
    if (!value)
        return sim_null_arg("value");
    if (opt == ACL_AUTO_TUNE_MODE)
        return sim_fail(ACL_ERROR_FEATURE_UNSUPPORTED, "EH9999",
                        "The Auto Tune function has been discarded. Please use the AOE tool for tuning.");
    if (!opt_known(opt))
        return sim_fail(ACL_ERROR_INTERNAL_ERROR, "EH9999",
                        "Cannot find any options[%d] valid in enum aclCompileOpt, please check input option.",
                        (int)opt);
    int jit = -1;
    if (opt == ACL_OP_JIT_COMPILE)
        jit = strcmp(value, "enable") == 0 ? 1 : 0;
    /* GE stores ACL_OP_JIT_COMPILE as "1" / "0" */
    char *copy = strdup(jit < 0 ? value : jit ? "1" : "0");
    if (!copy)
        return sim_host_oom();
    pthread_mutex_lock(&g_opt_mu);
    free(g_opts[opt]);
    g_opts[opt] = copy;
    if (jit >= 0)
        atomic_store(&g_jit, jit);
    pthread_mutex_unlock(&g_opt_mu);
    return ACL_SUCCESS;
}

/* GE op_compiler.cpp aclGetCompileoptSize: ACL_OP_JIT_COMPILE -> COMPILE_OPT_SIZE (256); an unknown
 * or unset option (or an empty value) -> 0; otherwise the value's length + 1. */
#define COMPILE_OPT_SIZE 256u
size_t aclGetCompileoptSize(aclCompileOpt opt)
{
    if (opt == ACL_OP_JIT_COMPILE)
        return COMPILE_OPT_SIZE;
    if (!opt_known(opt))
        return 0;
    pthread_mutex_lock(&g_opt_mu);
    size_t n = g_opts[opt] && g_opts[opt][0] ? strlen(g_opts[opt]) + 1 : 0;
    pthread_mutex_unlock(&g_opt_mu);
    return n;
}

/* GE op_compiler.cpp CopyOptValue: length < size + 1 -> 500001; strncpy_s refuses a destMax above
 * SECUREC_STRING_MAX_LEN (0x7fffffff) -> 500001. */
#define SECUREC_STRING_MAX_LEN 0x7fffffffUL
static aclError copy_opt_value(char *value, size_t length, const char *str)
{
    size_t need = strlen(str) + 1;
    if (length < need)
        return sim_fail(ACL_ERROR_FAILURE, "EH9999", "length[%zu] < str_size[%zu] + 1U", length, need - 1);
    if (length > SECUREC_STRING_MAX_LEN)
        return sim_fail(ACL_ERROR_FAILURE, "EH9999", "call strncpy_s failed, length: %zu, src size: %zu", length,
                        need - 1);
    memcpy(value, str, need);
    return ACL_SUCCESS;
}

/* GE op_compiler.cpp aclGetCompileopt: value NULL -> 100000; only ACL_OP_DEBUG_OPTION (its set value;
 * unset -> 200001) and ACL_OP_JIT_COMPILE (the architecture's default, GetDefaultJitCompileValue,
 * whatever aclSetCompileopt set) are readable; every other option -> 200001. */
aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length)
{
    if (!value)
        return sim_null_arg("value");
    if (opt == ACL_OP_JIT_COMPILE)
        return copy_opt_value(value, length, sim_product_current()->jit_default ? "enable" : "disable");
    if (opt != ACL_OP_DEBUG_OPTION)
        return sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH9999",
                        "aclGetCompileopt supports only ACL_OP_DEBUG_OPTION and ACL_OP_JIT_COMPILE, not option %d.",
                        (int)opt);
    pthread_mutex_lock(&g_opt_mu);
    char *v = g_opts[opt] ? strdup(g_opts[opt]) : NULL;
    int set = g_opts[opt] != NULL;
    pthread_mutex_unlock(&g_opt_mu);
    if (!set)
        return sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH9999", "Option ACL_OP_DEBUG_OPTION has not been set.");
    if (!v)
        return sim_host_oom();
    aclError rc = copy_opt_value(value, length, v);
    free(v);
    return rc;
}

/* GE op_compiler.cpp aclopSetCompileFlag -> OpCompileProcessor::SetCompileFlag: any value is stored
 * (ACL_OP_COMPILE_DEFAULT / ACL_OP_COMPILE_FUZZ); the simulator's compile does not depend on it. */
static atomic_int g_compile_flag;
aclError aclopSetCompileFlag(aclOpCompileFlag flag)
{
    atomic_store(&g_compile_flag, (int)flag);
    return ACL_SUCCESS;
}
