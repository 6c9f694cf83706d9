/*
 * sim_op_custom.c - custom ops: aclopRegisterCompileFunc, aclopUnregisterCompileFunc,
 * aclopCreateKernel, aclopSetKernelArgs, aclopSetKernelWorkspaceSizes and aclopUpdateParams
 * (GE api/acl/acl_op_executor/single_op/op.cpp, compile/op_kernel_selector.cpp,
 * compile/op_kernel_registry.cpp, executor/stream_executor.cpp; docs/FIDELITY.md 3a).
 *
 * The simulator's form of a kernel (docs/CUSTOM_OPS.md): binData holds the bytes of a host shared
 * library (the device takes the kernel's ELF object the same way); aclopCreateKernel writes them
 * to a private temporary file, dlopen()s it and looks up kernelName, a C function
 *   int32_t kernelName(uint32_t blockIdx, uint32_t blockDim, void *args, uint32_t argSize);
 * args is laid out as GE's StreamExecutor::InitTbeTask lays out a kernel's args: one pointer per
 * input (NULL for an absent optional input), per output, per workspace, then the bytes given to
 * aclopSetKernelArgs. A launch calls the function blockDim times (blockIdx 0..blockDim-1) on the
 * stream's worker thread; a non-zero return fails the launch with ACL_ERROR_RT_AICORE_EXCEPTION
 * at the next synchronisation.
 *
 * aclopUpdateParams calls the registered compile function with an aclopKernelDesc; the kernel it
 * names is stored for that exact signature (op type, descs, attrs), as GE's kernelDescMap does.
 * aclopCreateHandle of an op with a compile function looks there first (OpExecutor::CreateOpHandle)
 * and falls back to the loaded models.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim_op_priv.h"

typedef int32_t (*sim_kernel_fn)(uint32_t block_idx, uint32_t block_dim, void *args, uint32_t arg_size);
typedef aclError (*sim_compile_fn)(int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                                   const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr,
                                   aclopKernelDesc *kernelDesc);

#define SIM_MAX_WORKSPACES 16   /* stream_executor.cpp MAX_WORKSPACES */

/* aclopKernelDesc: what a compile function fills in (GE OpKernelDesc) */
struct aclopKernelDesc {
    char *kernel_id;
    uint32_t block_dim;
    unsigned char *args;
    uint32_t arg_size;
    int nws;
    size_t ws[SIM_MAX_WORKSPACES + 1];
    int too_many_ws;
};

typedef struct selector {
    struct selector *next;
    char *op;
    sim_compile_fn fn;
} selector;

typedef struct kernel {
    struct kernel *next;
    char *op, *id, *name;
    sim_kernel_fn fn;
    void *lib;
} kernel;

/* A selected kernel for one signature; never freed (handles' models point at def). def comes
 * first: the launch finds the selection from the def it runs (sim_op_running). */
typedef struct selected {
    sim_op_def def;              /* def.run = custom_run */
    struct selected *next;
    sim_model *model;            /* the signature, as a static model whose def is &def */
    const kernel *k;
    uint32_t block_dim;
    unsigned char *args;
    uint32_t arg_size;
    int nws;
    size_t ws[SIM_MAX_WORKSPACES];
} selected;

static pthread_mutex_t g_custom_lock = PTHREAD_MUTEX_INITIALIZER;
static selector *g_selectors;
static kernel *g_kernels;
static selected *g_selected;

static selector *find_selector(const char *op)
{
    for (selector *s = g_selectors; s; s = s->next)
        if (strcmp(s->op, op) == 0)
            return s;
    return NULL;
}

static kernel *find_kernel(const char *op, const char *id)
{
    for (kernel *k = g_kernels; k; k = k->next)
        if (strcmp(k->op, op) == 0 && strcmp(k->id, id) == 0)
            return k;
    return NULL;
}

/* ================================================================ compile functions */

ACL_FUNC_VISIBILITY aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func)
{
    if (opType == NULL) return sim_null_arg("opType");
    if (func == NULL) return sim_null_arg("func");
    pthread_mutex_lock(&g_custom_lock);
    aclError rc = ACL_SUCCESS;
    if (find_selector(opType)) {
        rc = sim_fail(ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED, "EH9999",
                      "[Register][Function]Failed to register compile function due to repeat registration. "
                      "op type = %s", opType);
    } else {
        selector *s = calloc(1, sizeof(*s));
        char *op = strdup(opType);
        if (s == NULL || op == NULL) {
            free(s);
            free(op);
            rc = sim_op_oom();
        } else {
            s->op = op;
            s->fn = (sim_compile_fn)func;
            s->next = g_selectors;
            g_selectors = s;
        }
    }
    pthread_mutex_unlock(&g_custom_lock);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopUnregisterCompileFunc(const char *opType)
{
    if (opType == NULL) return sim_null_arg("opType");
    pthread_mutex_lock(&g_custom_lock);
    for (selector **p = &g_selectors; *p; p = &(*p)->next) {
        if (strcmp((*p)->op, opType) == 0) {
            selector *s = *p;
            *p = s->next;
            free(s->op);
            free(s);
            break;
        }
    }
    pthread_mutex_unlock(&g_custom_lock);
    return ACL_SUCCESS;   /* GE: unregistering an op without a compile function succeeds too */
}

/* ================================================================ kernels */

/* Write the library bytes to a private file, dlopen it, find the entry point. */
static aclError load_kernel(const char *op, const char *name, const void *bin, int size, void **lib,
                            sim_kernel_fn *fn)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/aclsim-kernel-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return sim_fail(ACL_ERROR_FAILURE, "EH9999", "op %s: cannot create a temporary file for its kernel", op);
    const unsigned char *p = bin;
    size_t left = (size_t)size;
    while (left > 0) {
        ssize_t w = write(fd, p, left);
        if (w <= 0) break;
        p += w;
        left -= (size_t)w;
    }
    close(fd);
    void *h = left == 0 ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : NULL;
    const char *why = h ? NULL : dlerror();
    unlink(path);
    if (h == NULL)
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EH9999",
                        "op %s: binData (%d bytes) is not a host shared library the simulator can load: %s", op,
                        size, why ? why : "write failed");
    void *sym = dlsym(h, name);
    if (sym == NULL) {
        dlclose(h);
        return sim_fail(ACL_ERROR_RT_PARAM_INVALID, "EH9999",
                        "op %s: the kernel library exports no function named kernelName \"%s\"", op, name);
    }
    *lib = h;
    memcpy(fn, &sym, sizeof *fn);   /* object pointer -> function pointer (POSIX dlsym) */
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName,
                                               void *binData, int binSize, aclopEngineType enginetype,
                                               aclDataDeallocator deallocator)
{
    (void)deallocator;   /* GE calls it when its registry is destroyed (process exit); so does nobody here */
    if (opType == NULL) return sim_null_arg("opType");
    if (kernelId == NULL) return sim_null_arg("kernelId");
    if (kernelName == NULL) return sim_null_arg("kernelName");
    if (binData == NULL) return sim_null_arg("binData");
    if (enginetype != ACL_ENGINE_AICORE && enginetype != ACL_ENGINE_VECTOR)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for enginetype is invalid. Reason: a kernel runs on ACL_ENGINE_AICORE (1) or "
                        "ACL_ENGINE_VECTOR (2).", (int)enginetype);
    if (binSize <= 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %d for binSize is invalid. Reason: must be positive.",
                        binSize);
    pthread_mutex_lock(&g_custom_lock);
    aclError rc = ACL_SUCCESS;
    if (find_kernel(opType, kernelId)) {
        rc = sim_fail(ACL_ERROR_KERNEL_ALREADY_REGISTERED, "EH9999",
                      "[Find][Kernel]Kernel already registered. kernelId = %s", kernelId);
        goto done;
    }
    kernel *k = calloc(1, sizeof(*k));
    if (k == NULL || !(k->op = strdup(opType)) || !(k->id = strdup(kernelId)) || !(k->name = strdup(kernelName))) {
        if (k) { free(k->op); free(k->id); free(k->name); }
        free(k);
        rc = sim_op_oom();
        goto done;
    }
    if ((rc = load_kernel(opType, kernelName, binData, binSize, &k->lib, &k->fn)) != ACL_SUCCESS) {
        free(k->op); free(k->id); free(k->name); free(k);
        goto done;
    }
    k->next = g_kernels;   /* kept (and loaded) until the process ends, as GE's registry keeps them */
    g_kernels = k;
done:
    pthread_mutex_unlock(&g_custom_lock);
    return rc;
}

/* ================================================================ kernel desc */

ACL_FUNC_VISIBILITY aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim,
                                                const void *args, uint32_t argSize)
{
    if (kernelDesc == NULL) return sim_null_arg("kernelDesc");
    if (args == NULL) return sim_null_arg("args");
    if (kernelId == NULL) return sim_null_arg("kernelId");
    char *id = strdup(kernelId);
    unsigned char *a = malloc(argSize ? argSize : 1);
    if (id == NULL || a == NULL) {
        free(id);
        free(a);
        return sim_op_oom();
    }
    memcpy(a, args, argSize);
    free(kernelDesc->kernel_id);
    free(kernelDesc->args);
    kernelDesc->kernel_id = id;
    kernelDesc->block_dim = blockDim;
    kernelDesc->args = a;
    kernelDesc->arg_size = argSize;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces,
                                                          size_t *workspaceSizes)
{
    if (kernelDesc == NULL) return sim_null_arg("kernelDesc");
    if (numWorkspaces < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numWorkspaces is invalid. Reason: must be non-negative.", numWorkspaces);
    if (numWorkspaces != 0 && workspaceSizes == NULL) return sim_null_arg("workspaceSizes");
    for (int i = 0; i < numWorkspaces; i++) {   /* GE appends to the list */
        if (kernelDesc->nws >= SIM_MAX_WORKSPACES) {
            kernelDesc->too_many_ws = 1;   /* GE refuses more than 16 at launch */
            continue;
        }
        kernelDesc->ws[kernelDesc->nws++] = workspaceSizes[i];
    }
    return ACL_SUCCESS;
}

/* ================================================================ launch */

static aclError custom_run(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                           const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen)
{
    (void)attrs; (void)env;
    const selected *s = (const selected *)sim_op_running;   /* the def this launch runs */
    if (s->block_dim == 0) {
        snprintf(msg, msglen, "op %s: kernel %s was selected with blockDim 0 (aclopSetKernelArgs): nothing can "
                 "run", s->def.op_type, s->k->name);
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    size_t nptr = (size_t)(nin + nout + s->nws), total = nptr * sizeof(void *) + s->arg_size;
    unsigned char *blob = malloc(total ? total : 1);
    void **ws = calloc((size_t)s->nws + 1, sizeof(void *));
    aclError rc = ACL_SUCCESS;
    if (blob == NULL || ws == NULL) {
        rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
        snprintf(msg, msglen, "op %s: out of host memory for the kernel's args", s->def.op_type);
        goto done;
    }
    void **ptrs = (void **)blob;
    for (int i = 0; i < nin; i++) ptrs[i] = in[i].data;
    for (int i = 0; i < nout; i++) ptrs[nin + i] = out[i].data;
    for (int i = 0; i < s->nws; i++) {
        ws[i] = malloc(s->ws[i] ? s->ws[i] : 1);
        if (ws[i] == NULL) {
            rc = ACL_ERROR_RT_MEMORY_ALLOCATION;
            snprintf(msg, msglen, "op %s: out of memory for workspace %d (%zu bytes)", s->def.op_type, i, s->ws[i]);
            goto done;
        }
        memset(ws[i], 0xA5, s->ws[i]);   /* workspaces are not cleared on the device either */
        ptrs[nin + nout + i] = ws[i];
    }
    if (s->arg_size) memcpy(blob + nptr * sizeof(void *), s->args, s->arg_size);
    for (uint32_t b = 0; b < s->block_dim; b++) {
        int32_t r = s->k->fn(b, s->block_dim, blob, (uint32_t)total);
        if (r != 0) {
            rc = ACL_ERROR_RT_AICORE_EXCEPTION;
            snprintf(msg, msglen, "EZ9999: The aicore execution is abnormal: kernel %s (kernelId %s) of op %s "
                     "returned %d in block %u of %u.", s->k->name, s->k->id, s->def.op_type, (int)r, b, s->block_dim);
            break;
        }
    }
done:
    for (int i = 0; ws && i < s->nws; i++) free(ws[i]);
    free(ws);
    free(blob);
    return rc;
}

/* ================================================================ aclopUpdateParams and matching */

static int same_signature(const sim_model *m, const char *op, int nin, const sim_desc *const *in, int nout,
                          const sim_desc *const *out, const sim_attr_set *attrs)
{
    if (strcmp(m->op, op) != 0 || m->nin != nin || m->nout != nout || !sim_attrset_equal(m->attrs, attrs))
        return 0;
    for (int i = 0; i < nin; i++)
        if (!sim_desc_equal(&m->in[i], in[i])) return 0;
    for (int i = 0; i < nout; i++)
        if (!sim_desc_equal(&m->out[i], out[i])) return 0;
    return 1;
}

/* A static model of the signature (no registry entry: not counted as a loaded model). */
static sim_model *signature_model(const char *op, int nin, const sim_desc *const *in, int nout,
                                  const sim_desc *const *out, const sim_attr_set *attrs)
{
    sim_model *m = calloc(1, sizeof(*m));
    if (m == NULL) return NULL;
    atomic_init(&m->refs, 1);
    m->op = strdup(op);
    m->in = sim_op_calloc((size_t)nin, sizeof(sim_desc));
    m->out = sim_op_calloc((size_t)nout, sizeof(sim_desc));
    m->attrs = sim_attrset_copy(attrs);
    int ok = m->op && m->in && m->out && m->attrs;
    for (int i = 0; ok && i < nin; i++, m->nin++) ok = sim_desc_copy(&m->in[i], in[i]) == 0;
    for (int i = 0; ok && i < nout; i++, m->nout++) ok = sim_desc_copy(&m->out[i], out[i]) == 0;
    if (!ok) {
        sim_model_unref(m);
        return NULL;
    }
    return m;
}

sim_model *sim_custom_match(const char *op, int nin, const sim_desc *const *in, int nout, const sim_desc *const *out,
                            const sim_attr_set *attrs)
{
    sim_model *m = NULL;
    pthread_mutex_lock(&g_custom_lock);
    if (find_selector(op)) {
        for (selected *s = g_selected; s && m == NULL; s = s->next)   /* newest first */
            if (same_signature(s->model, op, nin, in, nout, out, attrs)) {
                m = s->model;
                sim_model_ref(m);
            }
    }
    pthread_mutex_unlock(&g_custom_lock);
    return m;
}

static void kernel_desc_clear(aclopKernelDesc *d)
{
    free(d->kernel_id);
    free(d->args);
    memset(d, 0, sizeof(*d));
}

/* Store what the compile function chose for this signature. */
static aclError select_kernel(const char *op, int nin, const sim_desc *const *in, int nout, const sim_desc *const *out,
                              const sim_attr_set *attrs, const aclopKernelDesc *d)
{
    if (d->kernel_id == NULL)
        return sim_fail(ACL_ERROR_KERNEL_NOT_FOUND, "EH9999",
                        "Stub function not registered. kernelId = (none): the compile function of op %s did not call "
                        "aclopSetKernelArgs", op);
    const kernel *k = find_kernel(op, d->kernel_id);
    if (k == NULL)
        return sim_fail(ACL_ERROR_KERNEL_NOT_FOUND, "EH9999", "Stub function not registered. kernelId = %s (op %s: "
                        "no aclopCreateKernel with this kernelId)", d->kernel_id, op);
    if (d->too_many_ws)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH9999", "op %s: more than %d workspaces (MAX_WORKSPACES)", op,
                        SIM_MAX_WORKSPACES);
    selected *s = calloc(1, sizeof(*s));
    if (s == NULL) return sim_op_oom();
    s->model = signature_model(op, nin, in, nout, out, attrs);
    s->args = malloc(d->arg_size ? d->arg_size : 1);
    if (s->model == NULL || s->args == NULL) {
        sim_model_unref(s->model);
        free(s->args);
        free(s);
        return sim_op_oom();
    }
    memcpy(s->args, d->args, d->arg_size);
    s->arg_size = d->arg_size;
    s->block_dim = d->block_dim;
    s->nws = d->nws;
    memcpy(s->ws, d->ws, sizeof(size_t) * (size_t)d->nws);
    s->k = k;
    s->def.op_type = s->model->op;
    s->def.num_inputs = nin;
    s->def.num_outputs = nout;
    s->def.run = custom_run;
    s->model->def = &s->def;
    s->next = g_selected;   /* the newest selection for a signature wins; older ones stay for their handles */
    g_selected = s;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclopUpdateParams(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                               int numOutputs, const aclTensorDesc *const outputDesc[],
                                               const aclopAttr *attr)
{
    if (opType == NULL) return sim_null_arg("opType");
    aclError rc = sim_op_check_counts(numInputs, numOutputs);
    if (rc != ACL_SUCCESS) return rc;
    const sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    const sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    if (in == NULL || out == NULL) {
        rc = sim_op_oom();
        goto done;
    }
    if ((numInputs > 0 && inputDesc == NULL) || (numOutputs > 0 && outputDesc == NULL)) {
        rc = sim_null_arg(inputDesc == NULL && numInputs > 0 ? "inputDesc" : "outputDesc");
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, in)) != ACL_SUCCESS ||
        (rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, out)) != ACL_SUCCESS)
        goto done;
    const sim_attr_set *attrs = attr ? sim_attrset_get(attr) : NULL;
    if (attr != NULL && attrs == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Argument attr is not a live aclopAttr.");
        goto done;
    }
    pthread_mutex_lock(&g_custom_lock);
    selector *sel = find_selector(opType);
    sim_compile_fn fn = sel ? sel->fn : NULL;
    pthread_mutex_unlock(&g_custom_lock);
    if (fn == NULL) {
        rc = sim_fail(ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED, "EH9999", "Op not found, opType = %s: no compile "
                      "function is registered for it (aclopRegisterCompileFunc)", opType);
        goto done;
    }
    aclopKernelDesc d;
    memset(&d, 0, sizeof d);
    rc = fn(numInputs, inputDesc, numOutputs, outputDesc, attr, &d);   /* outside the lock: it calls back */
    if (rc != ACL_SUCCESS) {
        sim_fail(rc, "EH9999", "[Call][Compile]Failed to call op compile, errorCode = %d (op %s)", (int)rc, opType);
    } else {
        pthread_mutex_lock(&g_custom_lock);
        rc = select_kernel(opType, numInputs, in, numOutputs, out, attrs, &d);
        pthread_mutex_unlock(&g_custom_lock);
    }
    kernel_desc_clear(&d);
done:
    free(in);
    free(out);
    return rc;
}
