/*
 * sim_op_priv.h - private declarations shared by the op layer (sim_op_*.c).
 * Not part of the inter-module contract (sim_internal.h); only sim_op_*.c include it.
 */
#ifndef SIM_OP_PRIV_H_
#define SIM_OP_PRIV_H_

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "sim_internal.h"

/* ---------------------------------------------------------------- data buffers */
typedef struct {
    void *data;
    size_t size;
} sim_databuf;

/* Copy the (data, size) of a live data buffer into *out. Returns 1 if live, 0 otherwise. */
int sim_databuf_read(const aclDataBuffer *h, sim_databuf *out);

/* ---------------------------------------------------------------- tensor descs */
typedef struct sim_desc {
    int32_t dtype;
    int32_t format;
    int ndims;
    int64_t *dims;
    int32_t storage_format;      /* ACL_FORMAT_UNDEFINED unless set */
    int storage_ndims;           /* -1 = not set */
    int64_t *storage_dims;
    int32_t origin_format;       /* ACL_FORMAT_UNDEFINED unless set */
    int origin_ndims;            /* -1 = not set */
    int64_t *origin_dims;
    size_t nranges;
    int64_t *ranges;             /* 2 * nranges values: min, max */
    size_t nvranges;
    int64_t *vranges;            /* 2 * nvranges values */
    char *name;                  /* NULL = no name */
    char *dyn_name;              /* NULL = not set */
    int is_const;
    unsigned char *const_data;
    size_t const_len;
    int32_t placement;           /* aclMemType, ACL_MEMTYPE_DEVICE by default */
} sim_desc;

/* Initialise *d (all fields); returns 0, or -1 on OOM (d is then cleared). */
int sim_desc_init(sim_desc *d, int32_t dtype, int ndims, const int64_t *dims, int32_t format);
/* Deep copy; returns 0 or -1 on OOM (dst cleared). */
int sim_desc_copy(sim_desc *dst, const sim_desc *src);
/* Free owned memory and zero the struct. */
void sim_desc_clear(sim_desc *d);
/* Replace dims (dims only); returns 0 or -1 on OOM (old dims kept). */
int sim_desc_set_dims(sim_desc *d, int ndims, const int64_t *dims);
/* Absent optional tensor: dtype UNDEFINED, format UNDEFINED, no dims. */
int sim_desc_is_optional(const sim_desc *d);
/* Any -1/-2 dim, or a value range. */
int sim_desc_is_dynamic(const sim_desc *d);
/* Any -1/-2 dim. */
int sim_desc_has_unknown_dims(const sim_desc *d);
/* Static-model equality (dtype, format, storage format, dims, shape ranges, const flag + bytes). */
int sim_desc_equal(const sim_desc *a, const sim_desc *b);
/* Dynamic-model match: same dtype/format/storage format/const; if check_dims, user's static dims
 * lie within model's dims + shape ranges. */
int sim_desc_fits(const sim_desc *model, const sim_desc *user, int check_dims);
/* Fill t's dtype/format/ndims/dims (data NULL, nbytes 0). Returns 0, or -1 if ndims > SIM_MAX_DIMS
 * or the dims are not static. */
int sim_desc_to_tensor(const sim_desc *d, sim_tensor *t);
/* Desc object behind a live handle, NULL otherwise. */
sim_desc *sim_desc_get(const aclTensorDesc *h);

/* ---------------------------------------------------------------- attrs */
sim_attr_set *sim_attrset_new(void);
void sim_attrset_free(sim_attr_set *s);
sim_attr_set *sim_attrset_copy(const sim_attr_set *s);   /* NULL s -> empty set; NULL on OOM */
int sim_attrset_equal(const sim_attr_set *a, const sim_attr_set *b);  /* NULL == empty */
int sim_attrset_count(const sim_attr_set *s);
int sim_attrset_has(const sim_attr_set *s, const char *name);
/* Raw setters (no argument reporting); return 0 or -1 on OOM. Same name overwrites. */
int sim_attrset_set_bool(sim_attr_set *s, const char *name, int v);
int sim_attrset_set_int(sim_attr_set *s, const char *name, int64_t v);
int sim_attrset_set_float(sim_attr_set *s, const char *name, float v);
int sim_attrset_set_string(sim_attr_set *s, const char *name, const char *v);
int sim_attrset_set_data_type(sim_attr_set *s, const char *name, int32_t v);
int sim_attrset_set_list_bool(sim_attr_set *s, const char *name, int n, const uint8_t *v);
int sim_attrset_set_list_int(sim_attr_set *s, const char *name, int n, const int64_t *v);
int sim_attrset_set_list_float(sim_attr_set *s, const char *name, int n, const float *v);
int sim_attrset_set_list_string(sim_attr_set *s, const char *name, int n, const char *const *v);
int sim_attrset_set_list_data_type(sim_attr_set *s, const char *name, int n, const int32_t *v);
int sim_attrset_set_list_list_int(sim_attr_set *s, const char *name, int n, const int *counts,
                                  const int64_t *const *v);
/* Attr set behind a live aclopAttr handle, NULL otherwise. */
sim_attr_set *sim_attrset_get(const aclopAttr *h);

/* ---------------------------------------------------------------- models */
typedef struct sim_model {
    atomic_int refs;
    char *op;
    char *name;
    char *soc;
    int nin, nout;
    sim_desc *in;
    sim_desc *out;
    sim_attr_set *attrs;
    int dynamic;
    const sim_op_def *def;       /* set when validated */
    void *reg;                   /* registry handle (SIM_KIND_MODEL) for live counts */
} sim_model;

void sim_model_ref(sim_model *m);
void sim_model_unref(sim_model *m);
/* A new empty model (refs 1, empty attr set), NULL on OOM. */
sim_model *sim_model_new(void);
/* Set m->dynamic: any input/output desc with -1/-2 dims or a value range. */
void sim_model_compute_dynamic(sim_model *m);
/* Takes over the caller's reference. Returns 0 or -1 on OOM (reference dropped). With dedup, an
 * identical model already registered replaces nothing: the new one is dropped. */
int sim_model_register(sim_model *m, int dedup);

/* Codes a model check reports: loading and compiling map the same failures onto different codes. */
typedef struct {
    aclError unknown_op;        /* code for an op the simulator does not know / a failed signature */
    aclError bad_dtype;         /* code for a dtype the op or product lacks */
} sim_check_codes;

/* Op-level checks of a parsed model for product prod. On success sets m->def. */
aclError sim_model_check(sim_model *m, const sim_product *prod, sim_check_codes codes, char *msg, size_t msglen);
/* Parse an .om image (OM_FORMAT.md). On success *out is a new unregistered model (refs 1). */
aclError sim_om_parse(const void *data, size_t size, sim_model **out, char *msg, size_t msglen);
/* snprintf into msg (NULL or msglen 0: nothing). */
void sim_msgf(char *msg, size_t msglen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "out of memory" into msg; returns ACL_ERROR_BAD_ALLOC. */
aclError sim_msg_oom(char *msg, size_t msglen);

/* ---------------------------------------------------------------- operator support */
/* The declared rows of simulator/cann/op_support.csv (sim_op_support_<dir>.c per config dir
 * and the index sim_op_support.c, generated by simulator/cann/op_support.py): what sim_model_check lets through for a product's SoC config dir. */
#define SIM_DT_ANY (-2)                 /* a '-' slot: the source gives no dtype (any, or absent) */
#define SIM_OP_SUPPORT_MAX_IN 5
#define SIM_OP_SUPPORT_MAX_OUT 6
typedef struct {
    const char *op;
    int nin, nout;                      /* IR slots (a dynamic slot counts once) */
    int dynamic;                        /* dynamicShapeSupport */
    int32_t in[SIM_OP_SUPPORT_MAX_IN];  /* aclDataType per slot, SIM_DT_ANY for '-' */
    int32_t out[SIM_OP_SUPPORT_MAX_OUT];
} sim_op_support_row;
typedef struct {
    const char *op;
    int first, count;                   /* the op's rows in its table's rows */
} sim_op_support_group;
/* One config dir's declared rows (sim_op_support_<dir>.c), grouped by op. */
typedef struct {
    const char *soc_dir;                /* CANN's config dir: "ascend910b", ... */
    const sim_op_support_row *rows;
    const sim_op_support_group *groups;
    size_t ngroups;
} sim_op_support_table;
/* The table of a product profile's SoCs' config dir (harness/products.py ids), NULL for an unknown id. */
const sim_op_support_table *sim_op_support_for_product(const char *product_id);

/* Find a model: static exact first, then dynamic by range. Returns a new reference or NULL.
 * *is_dyn is set to 1 when a dynamic model matched. */
sim_model *sim_model_match(const char *op, int nin, const sim_desc *const *in, int nout,
                           const sim_desc *const *out, const sim_attr_set *attrs, int *is_dyn);
/* The GE "MatchOpModel ... fail" error. */
aclError sim_model_not_found(const char *op);

/* Check an input signature against its op: fills in_sig/out_sig (out dims = inferred). Returns 0 or
 * the infer error (message in msg). in/out: descs with static dims. */
aclError sim_op_infer(const sim_op_def *def, int nin, const sim_desc *const *in, int nout,
                      const sim_desc *const *out, const sim_attr_set *attrs, sim_tensor *in_sig,
                      sim_tensor *out_sig, char *msg, size_t msglen);

/* ---------------------------------------------------------------- handles and launch */
typedef struct sim_ophandle {
    atomic_int refs;
    sim_model *model;
    const sim_op_def *def;
    char *op;
    int nin, nout;
    sim_desc *in;                /* deep copies of the creation descs */
    sim_desc *out;
    sim_attr_set *attrs;         /* deep copy of the creation attrs */
    sim_tensor *in_sig;          /* run signatures (out dims inferred for a dynamic model) */
    sim_tensor *out_sig;
    unsigned char *in_kind;      /* SIM_IN_* */
    const aclTensorDesc **user_descs;   /* FAULT create_no_deep_copy only: the caller's nin + nout
                                           desc handles, re-read at every exec; NULL otherwise */
} sim_ophandle;

enum { SIM_IN_NORMAL = 0, SIM_IN_ABSENT = 1, SIM_IN_CONST = 2 };

/* Handle object lifetime (sim_op_launch.c): free at once / drop one reference. */
void sim_ophandle_free(sim_ophandle *h);
void sim_ophandle_unref(sim_ophandle *h);

/* One op launch (sim_op_launch.c). in_kind: SIM_IN_*; const_data/const_len used for SIM_IN_CONST
 * inputs (copied when copy_consts, else holder_h keeps them alive). holder_h / holder_m:
 * references taken by the task (either may be NULL). */
typedef struct {
    const char *call;               /* API name for messages */
    aclrtStream stream;
    const sim_op_def *def;
    const sim_attr_set *attrs;
    sim_ophandle *holder_h;
    sim_model *holder_m;
    int nin, nout;
    const sim_tensor *in_sig, *out_sig;
    const unsigned char *in_kind;
    const unsigned char *const *const_data;
    const size_t *const_len;
    const sim_databuf *inbufs, *outbufs;
    int copy_consts;
} sim_launch_req;

/* Shared launch: acquires the stream, checks buffer sizes (145000), enqueues the op task. */
aclError sim_op_launch(const sim_launch_req *rq);

/* Cast attrs per GE builtin/cast_op.cpp (sim_op_handle.c): *a = {dst_type}, *b = {dst_type,
 * truncate}, tried in that order by aclopCast and aclopCreateHandleForCast. */
aclError sim_op_cast_attrs(int32_t dst_dtype, uint8_t truncate, sim_attr_set **a, sim_attr_set **b);

/* Execute with resolved arguments (aclopExecute, aclopExecuteV2, aclopCast, aclopCompileAndExecute):
 * placement, zero-dim short-circuit, match (cands tried in order), infer, launch; write_back
 * refreshes the output descs' dims from a dynamic model's inferred shapes. */
aclError sim_op_exec_resolved(const char *call, const char *op, int nin, sim_desc *const *in, const sim_databuf *inb,
                              int nout, sim_desc *const *out, const sim_databuf *outb,
                              const sim_attr_set *const *cands, int ncands, aclrtStream stream, int write_back);
/* The op def a stream worker is running (sim_op_launch.c sets it around each kernel call): a
 * custom op's run finds its selected kernel from it (sim_op_custom.c). */
extern _Thread_local const sim_op_def *sim_op_running;

/* Custom ops (sim_op_custom.c): when a compile function is registered for op and aclopUpdateParams
 * selected a kernel for exactly this signature, a new reference to its model (def = the kernel's
 * launcher); else NULL. Tried before the loaded models (GE OpExecutor::CreateOpHandle). */
sim_model *sim_custom_match(const char *op, int nin, const sim_desc *const *in, int nout, const sim_desc *const *out,
                            const sim_attr_set *attrs);

/* ---------------------------------------------------------------- argument helpers */
/* (sim_op_args.c, the lowest op unit) */
/* Minimal dynamic array allocation helper: calloc with n >= 1. */
void *sim_op_calloc(size_t n, size_t size);
/* "Out of memory." -> ACL_ERROR_BAD_ALLOC. */
aclError sim_op_oom(void);
/* "op <op> has no kernel in the simulator." -> ACL_ERROR_OP_LOAD_FAILED. */
aclError sim_op_no_kernel(const char *op);
/* "Value <n> for <what> is invalid. Reason: must be non-negative." -> 100000. */
aclError sim_op_negative_error(const char *what, int n);
/* numInputs / numOutputs < 0 -> 100000 (ACL_REQUIRES_NON_NEGATIVE). */
aclError sim_op_check_counts(int numInputs, int numOutputs);
/* GE array_utils.cpp CheckDataBufferArry: data NULL with length > 0 -> 100000. */
aclError sim_op_check_buf_data(const char *what, int n, const sim_databuf *b);
/* (the others beside the objects they resolve) */
/* attr NULL -> *out NULL; a dead aclopAttr -> 100000 naming what (sim_op_attr.c). */
aclError sim_op_resolve_attr(const char *what, const aclopAttr *attr, const sim_attr_set **out);
/* Resolve an array of desc handles; on error returns the code (sim_fail already called). */
aclError sim_op_resolve_descs(const char *what, int n, const aclTensorDesc *const arr[], const sim_desc **out);
aclError sim_op_resolve_bufs(const char *what, int n, const aclDataBuffer *const arr[], sim_databuf *out);
/* Non-const desc with host placement -> 200001. */
aclError sim_op_check_placement(const char *what, int n, const sim_desc *const *d);

#endif /* SIM_OP_PRIV_H_ */
