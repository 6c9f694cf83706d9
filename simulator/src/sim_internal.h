/*
 * sim_internal.h - the contract between the simulator's modules.
 *
 * Three parts, each owned by one group of source files:
 *   core    (sim_core_*.c):  errors, registry, init, products, devices/contexts, streams/events,
 *                            device memory, validation layer, fault switches, aclsim* extras.
 *   op layer (sim_op_*.c):   data buffers, tensor descs, attrs, .om models, handles, exec paths.
 *   kernels (sim_k_*.c, sim_fp.c, sim_ops.c): op definitions (IR), shape inference, C kernels.
 * A module only uses another part through the functions declared here.
 */
#ifndef SIM_INTERNAL_H_
#define SIM_INTERNAL_H_

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "acl_sim.h"

#define SIM_MAX_DIMS 16
#define SIM_MSG_LEN 512
/* The longest recent-error text (aclGetRecentErrMsg): ACLSIM_FAULTS's refusal lists every fault name. */
#define SIM_RECENT_MSG_LEN (SIM_MSG_LEN * 4)

/* ======================================================================
 * core: errors (sim_core_error.c)
 * ====================================================================== */
/* Record the calling thread's recent error message "<ehcode>: <text>" (ehcode e.g. "EH0001",
 * "EH0002", "EH9999", "EE1002"), write it to the process log (plog, sim_core_plog.c) with the
 * caller's file, line and function, and return code, so callers can write
 *     return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument handle must not be null.");
 * aclGetRecentErrMsg() returns the message once and clears it (per thread). */
aclError sim_fail_at(const char *file, int line, const char *func, aclError code, const char *ehcode,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define sim_fail(code, ehcode, ...) sim_fail_at(__FILE__, __LINE__, __func__, (code), (ehcode), __VA_ARGS__)
/* One line of the process log (plog: place, form and level as CANN's; sim_core_plog.c): level
 * 0 debug .. 3 error, module as CANN names it ("ASCENDCL", "RUNTIME", "APP"). */
void sim_plog(int level, const char *module, const char *file, int line, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
int sim_plog_level(void);
/* The shared messages: "Argument <name> must not be null." (ACL_ERROR_INVALID_PARAM, EH0002) and
 * "Out of host memory." (ACL_ERROR_BAD_ALLOC, EH9999). */
aclError sim_null_arg(const char *name);
aclError sim_null_elem(const char *name, int i);     /* "Argument <name>[<i>] must not be null." */
aclError sim_host_oom(void);

/* ======================================================================
 * core: object registry (sim_core_registry.c)
 * Every object handed to the user is an opaque handle value from this registry, never a raw
 * pointer, and a handle value is never reused: an unknown, NULL or freed handle is detected.
 * ====================================================================== */
typedef enum {
    SIM_KIND_DEVICE_MEM = 0, SIM_KIND_HOST_MEM, SIM_KIND_DATA_BUFFER, SIM_KIND_TENSOR_DESC,
    SIM_KIND_OP_ATTR, SIM_KIND_OP_HANDLE, SIM_KIND_STREAM, SIM_KIND_CONTEXT, SIM_KIND_EVENT,
    SIM_KIND_MODEL, SIM_KIND_COUNT
} sim_kind;

/* Register obj; returns its new opaque handle (NULL only on OOM). */
void *sim_handle_new(sim_kind kind, void *obj);
/* Object behind a live handle of this kind, or NULL (unknown, NULL, freed, other kind). */
void *sim_handle_get(sim_kind kind, const void *handle);
/* Unregister: returns the object (caller frees it) or NULL when the handle is not live. */
void *sim_handle_take(sim_kind kind, const void *handle);
int64_t sim_live_count(sim_kind kind);

/* ======================================================================
 * core: products (sim_core_product.c), chosen by env ACLSIM_SOC (default "Ascend910B1")
 * ====================================================================== */
typedef struct {
    const char *soc;          /* what aclrtGetSocName() returns */
    const char *product_id;   /* "atlas-350", "atlas-a3", "atlas-a2", "atlas-200i-500-a2",
                                 "atlas-inference", "atlas-training" */
    int device_count;
    int stream_limit;         /* per device, default stream included (products.md 5) */
    int bf16;                 /* 1 if bfloat16 ops are supported */
    int saturation;           /* 1: saturation mode only (Inf -> max finite, NaN -> 0) */
    int jit_default;          /* ACL_OP_JIT_COMPILE default: 1 enable, 0 disable (products.md 6) */
    int npu_arch;             /* platform_config NpuArch (cann-install.md 5): models load across one arch */
} sim_product;
const sim_product *sim_product_current(void);
const sim_product *sim_product_by_soc(const char *soc);   /* NULL if unknown */
/* NpuArch of a SoC name, -1 when the simulator knows no such SoC (RT GetNpuArchByName fails). */
int sim_npu_arch_of(const char *soc);
/* Current ACL_OP_JIT_COMPILE flag: enabled until aclSetCompileopt sets it or the first compile call
 * sets the product's default (sim_jit_compile_first_use), as GE's executor keeps it. */
int sim_jit_compile_enabled(void);
void sim_jit_compile_first_use(void);

/* ======================================================================
 * core: device memory (sim_core_memory.c)
 * Device addresses are tagged values that do not point into host memory; dereferencing one on
 * the host faults, as on a real card. Only the runtime translates them to backing storage.
 * ====================================================================== */
typedef struct sim_alloc sim_alloc;   /* refcounted device allocation */
int sim_is_device_addr(const void *p);
/* If [addr, addr+len) lies inside one live device allocation: take a reference, set *host to the
 * backing bytes for addr and return 1. Otherwise return 0. len may be 0. */
int sim_devmem_acquire(const void *addr, size_t len, void **host, sim_alloc **alloc);
void sim_devmem_release(sim_alloc *alloc);
/* Bytes from addr to the end of its live allocation; 0 if addr is not in one. */
size_t sim_devmem_extent(const void *addr);

/* ======================================================================
 * core: streams (sim_core_stream.c)
 * ====================================================================== */
typedef struct sim_stream sim_stream;
/* Resolve a stream argument of a launch: NULL -> the calling thread's current context's default
 * stream. Errors (returned with sim_fail): no current context -> ACL_ERROR_RT_CONTEXT_NULL;
 * unknown/destroyed stream -> ACL_ERROR_RT_PARAM_INVALID (simulator choice, see FIDELITY.md);
 * stream of another context than the current one -> ACL_ERROR_RT_STREAM_CONTEXT.
 * On success *out holds a reference: release it with sim_stream_release. */
aclError sim_stream_acquire(aclrtStream s, sim_stream **out);
void sim_stream_release(sim_stream *st);

/* A task runs on the stream's worker thread, in enqueue order. run returns 0 or an aclError that
 * becomes the stream's pending asynchronous error (reported by the next synchronisation; msg
 * becomes the recent error message of the synchronising thread). release is called exactly once
 * per task, after run or when the task is dropped. */
typedef aclError (*sim_task_run_fn)(void *arg, char *msg, size_t msglen);
typedef void (*sim_task_release_fn)(void *arg);
/* Queue a task. call names the API (for the validation layer, which records the calling thread
 * and reports a stream used from several threads). */
aclError sim_stream_enqueue(sim_stream *st, const char *call, sim_task_run_fn run,
                            sim_task_release_fn release, void *arg);
/* Queue a task on a stream argument (NULL = the default stream): acquire, enqueue, release;
 * arg is released when the stream is invalid (or the task cannot be queued). */
aclError sim_stream_queue(aclrtStream stream, const char *call, sim_task_run_fn run,
                          sim_task_release_fn release, void *arg);
/* Wait until everything queued so far has run; returns (and clears) the pending async error. */
aclError sim_stream_sync(sim_stream *st);

/* Op execute timeout (aclrtSetOpExecuteTimeOut* in sim_core_timeout.c) in ns, 0 = none. A kernel
 * whose run takes longer ends with ACL_ERROR_RT_AICORE_TIMEOUT (sim_op_launch.c). */
uint64_t sim_op_execute_timeout_ns(void);
uint64_t sim_now_ns(void);

/* ======================================================================
 * core: fault switches (sim_core_faults.c), env ACLSIM_FAULTS=name[,name...]
 * Unknown names make aclInit fail with ACL_ERROR_INVALID_PARAM and a message listing the known
 * names. The list of names lives in sim_faults.def (X-macro: SIM_FAULT(id, "name", "what it breaks")).
 * ====================================================================== */
typedef enum {
#define SIM_FAULT(id, name, doc) SIM_FAULT_##id,
#include "sim_faults.def"
#undef SIM_FAULT
    SIM_FAULT_COUNT
} sim_fault_id;
int sim_fault_on(sim_fault_id id);
/* The serial of the kernel launch this thread runs (started by sim_fault_launch_begin), for the
 * faults that vary from launch to launch, and benign_accumulation_timing's short pause. */
void sim_fault_launch_begin(void);
uint64_t sim_fault_launch(void);
void sim_fault_pause(void);

/* ======================================================================
 * op layer: attributes (sim_op_attr.c)
 * ====================================================================== */
typedef enum {
    SIM_ATTR_BOOL = 0, SIM_ATTR_INT, SIM_ATTR_FLOAT, SIM_ATTR_STRING, SIM_ATTR_DATA_TYPE,
    SIM_ATTR_LIST_BOOL, SIM_ATTR_LIST_INT, SIM_ATTR_LIST_FLOAT, SIM_ATTR_LIST_STRING,
    SIM_ATTR_LIST_LIST_INT, SIM_ATTR_LIST_DATA_TYPE
} sim_attr_type;
typedef struct sim_attr_set sim_attr_set;   /* immutable once owned by a model or handle */
/* Accessors used by kernels. Each returns 1 and fills the out-params if the attr exists with that
 * type, else 0 (out-params untouched). attrs may be NULL (no attrs). */
int sim_attr_get_bool(const sim_attr_set *attrs, const char *name, int *value);
int sim_attr_get_int(const sim_attr_set *attrs, const char *name, int64_t *value);
int sim_attr_get_float(const sim_attr_set *attrs, const char *name, float *value);
int sim_attr_get_data_type(const sim_attr_set *attrs, const char *name, int32_t *value);
int sim_attr_get_string(const sim_attr_set *attrs, const char *name, const char **value);  /* owned by attrs */
int sim_attr_get_list_int(const sim_attr_set *attrs, const char *name, const int64_t **values, int *count);
int sim_attr_get_list_float(const sim_attr_set *attrs, const char *name, const float **values, int *count);
/* Type of a named attr, -1 if absent. */
int sim_attr_type_of(const sim_attr_set *attrs, const char *name);

/* ======================================================================
 * kernels: op definitions and kernels (sim_ops.c, sim_k_*.c)
 * ====================================================================== */
typedef struct {
    int32_t dtype;                /* aclDataType; ACL_DT_UNDEFINED for an absent optional input */
    int32_t format;               /* aclFormat */
    int32_t ndims;                /* 0 = scalar */
    int64_t dims[SIM_MAX_DIMS];
    void *data;                   /* host backing of the device buffer; NULL when absent */
    size_t nbytes;                /* bytes usable at data */
} sim_tensor;

typedef struct {
    const sim_product *product;   /* dtype support and Inf/NaN vs saturation mode */
} sim_exec_env;

typedef enum { SIM_IO_REQUIRED = 0, SIM_IO_OPTIONAL = 1, SIM_IO_DYNAMIC = 2 } sim_io_kind;
typedef struct {
    const char *name;
    sim_io_kind kind;
} sim_io_def;

typedef struct sim_op_def {
    const char *op_type;          /* Ascend IR name, e.g. "Add", "MatMulV2" */
    int num_inputs;               /* IR input slots; a DYNAMIC slot stands for 1..n tensors */
    const sim_io_def *inputs;
    int num_outputs;
    const sim_io_def *outputs;
    /* Check a signature and compute output dims. in/out carry dtype/format/dims (data is NULL);
     * nin counts real tensors (a dynamic slot expanded, absent optionals present with dtype
     * ACL_DT_UNDEFINED). On entry out[i] holds the declared dtype/format/dims; infer overwrites
     * out[i].ndims/dims with the inferred shape and returns 0, or returns an aclError
     * (ACL_ERROR_UNSUPPORTED_DATA_TYPE for a dtype the op or product lacks, ACL_ERROR_INVALID_PARAM
     * for bad shapes/attrs) with a message in msg. Input dims are static (no -1/-2) here. */
    aclError (*infer)(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                      const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen);
    /* Compute. Buffers were checked to hold the declared sizes. Returns 0 or an aclError that
     * surfaces at the next sync (e.g. ACL_ERROR_RT_AICORE_EXCEPTION). */
    aclError (*run)(const sim_tensor *in, int nin, sim_tensor *out, int nout,
                    const sim_attr_set *attrs, const sim_exec_env *env, char *msg, size_t msglen);
} sim_op_def;

const sim_op_def *sim_op_find(const char *op_type);
/* "float16", "bfloat16", ... for an aclDataType ("unknown" otherwise; sim_fp.c). */
const char *sim_dtype_name(int32_t dtype);
/* Element count and byte size of a static tensor signature (0-size dims allowed). */
int64_t sim_tensor_elements(const sim_tensor *t);
size_t sim_tensor_bytes(const sim_tensor *t);

#endif /* SIM_INTERNAL_H_ */
