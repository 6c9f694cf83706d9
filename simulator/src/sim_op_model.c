/*
 * sim_op_model.c - the simulator's .om text format (OM_FORMAT.md), the model registry, matching,
 * aclopLoad, aclopSetModelDir, aclopCompile and aclsimValidateModel (acl-abi.md section 3).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim_op_priv.h"

#define OM_MAGIC "ACLSIM-OM 1"
#define OM_MAX_FILE_SIZE ((size_t)1 << 30)   /* simulator choice: files above 1 GiB are skipped */

/* ================================================================ models: lifetime */

static void model_free(sim_model *m)
{
    if (m == NULL) return;
    for (int i = 0; i < m->nin; i++) sim_desc_clear(&m->in[i]);
    for (int i = 0; i < m->nout; i++) sim_desc_clear(&m->out[i]);
    free(m->in);
    free(m->out);
    free(m->op);
    free(m->name);
    free(m->soc);
    sim_attrset_free(m->attrs);
    free(m);
}

void sim_model_ref(sim_model *m)
{
    atomic_fetch_add(&m->refs, 1);
}

void sim_model_unref(sim_model *m)
{
    if (m == NULL) return;
    if (atomic_fetch_sub(&m->refs, 1) == 1) {
        if (m->reg) sim_handle_take(SIM_KIND_MODEL, m->reg);
        model_free(m);
    }
}

static sim_model *model_new(void)
{
    sim_model *m = calloc(1, sizeof(*m));
    if (m == NULL) return NULL;
    atomic_init(&m->refs, 1);
    m->attrs = sim_attrset_new();
    if (m->attrs == NULL) {
        free(m);
        return NULL;
    }
    return m;
}

static void compute_dynamic(sim_model *m)
{
    m->dynamic = 0;
    for (int i = 0; i < m->nin; i++) m->dynamic |= sim_desc_is_dynamic(&m->in[i]);
    for (int i = 0; i < m->nout; i++) m->dynamic |= sim_desc_is_dynamic(&m->out[i]);
}

/* ================================================================ registry */

static pthread_mutex_t g_models_lock = PTHREAD_MUTEX_INITIALIZER;
static sim_model **g_models;
static size_t g_nmodels, g_capmodels;

static int model_same(const sim_model *a, const sim_model *b)
{
    if (strcmp(a->op, b->op) != 0 || a->nin != b->nin || a->nout != b->nout) return 0;
    for (int i = 0; i < a->nin; i++)
        if (!sim_desc_equal(&a->in[i], &b->in[i])) return 0;
    for (int i = 0; i < a->nout; i++)
        if (!sim_desc_equal(&a->out[i], &b->out[i])) return 0;
    return sim_attrset_equal(a->attrs, b->attrs);
}

/* Takes over the caller's reference. Returns 0 or -1 on OOM (reference dropped). An identical model
 * already registered replaces nothing: the new one is dropped (dedup). */
static int registry_add(sim_model *m, int dedup)
{
    pthread_mutex_lock(&g_models_lock);
    if (dedup) {
        for (size_t i = 0; i < g_nmodels; i++) {
            if (model_same(g_models[i], m)) {
                pthread_mutex_unlock(&g_models_lock);
                sim_model_unref(m);
                return 0;
            }
        }
    }
    if (g_nmodels == g_capmodels) {
        size_t nc = g_capmodels ? g_capmodels * 2 : 16;
        sim_model **p = realloc(g_models, nc * sizeof(*p));
        if (p == NULL) {
            pthread_mutex_unlock(&g_models_lock);
            sim_model_unref(m);
            return -1;
        }
        g_models = p;
        g_capmodels = nc;
    }
    m->reg = sim_handle_new(SIM_KIND_MODEL, m);
    g_models[g_nmodels++] = m;
    pthread_mutex_unlock(&g_models_lock);
    return 0;
}

sim_model *sim_model_match(const char *op, int nin, const sim_desc *const *in, int nout,
                           const sim_desc *const *out, const sim_attr_set *attrs, int *is_dyn)
{
    sim_model *found = NULL;
    int dyn = 0;
    pthread_mutex_lock(&g_models_lock);
    /* static map: exact equality; newest registration wins */
    for (size_t k = g_nmodels; k-- > 0 && !found;) {
        sim_model *m = g_models[k];
        if (m->dynamic || m->nin != nin || m->nout != nout || strcmp(m->op, op) != 0) continue;
        int ok = 1;
        for (int i = 0; ok && i < nin; i++) ok = sim_desc_equal(&m->in[i], in[i]);
        for (int i = 0; ok && i < nout; i++) ok = sim_desc_equal(&m->out[i], out[i]);
        /* FAULT create_ignore_attrs (EWH-01): attrs not compared */
        if (ok && (sim_attrset_equal(m->attrs, attrs) || sim_fault_on(SIM_FAULT_CREATE_IGNORE_ATTRS))) found = m;
    }
    /* dynamic map: static dims inside the model's shape ranges */
    for (size_t k = g_nmodels; k-- > 0 && !found;) {
        sim_model *m = g_models[k];
        if (!m->dynamic || m->nin != nin || m->nout != nout || strcmp(m->op, op) != 0) continue;
        int ok = 1;
        for (int i = 0; ok && i < nin; i++) ok = sim_desc_fits(&m->in[i], in[i], 1);
        for (int i = 0; ok && i < nout; i++) ok = sim_desc_fits(&m->out[i], out[i], 0);
        if (ok && (sim_attrset_equal(m->attrs, attrs) || sim_fault_on(SIM_FAULT_CREATE_IGNORE_ATTRS))) {
            found = m;
            dyn = 1;
        }
    }
    if (found) sim_model_ref(found);
    pthread_mutex_unlock(&g_models_lock);
    if (is_dyn) *is_dyn = dyn;
    return found;
}

aclError sim_model_not_found(const char *op)
{
    /* FAULT create_wrong_not_found_code (EWH-01, EWH-08): 100000 instead of 100024 */
    return sim_fail(sim_fault_on(SIM_FAULT_CREATE_WRONG_NOT_FOUND_CODE) ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_OP_NOT_FOUND,
                    "EH9999",
                    "[Match][OpModel]MatchOpModel opName = %s fail from static map or dynamic map. Please "
                    "make sure the op executed and the op compiled is matched, you can check the op type, "
                    "op inputs number, outputs number, input format, origin format, datatype, memtype, "
                    "attr, dim range, and so on.", op ? op : "");
}

/* ================================================================ op checks */

static void msgf(char *msg, size_t msglen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void msgf(char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg == NULL || msglen == 0) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
}

static aclError infer_with(const sim_op_def *def, const sim_product *prod, int nin, const sim_desc *const *in,
                           int nout, const sim_desc *const *out, const sim_attr_set *attrs, sim_tensor *in_sig,
                           sim_tensor *out_sig, char *msg, size_t msglen)
{
    for (int i = 0; i < nin; i++) {
        if (sim_desc_to_tensor(in[i], &in_sig[i]) != 0) {
            msgf(msg, msglen, "input %d of op %s has dynamic dims or more than %d dims", i, def->op_type,
                 SIM_MAX_DIMS);
            return ACL_ERROR_INVALID_PARAM;
        }
    }
    for (int i = 0; i < nout; i++) {
        if (sim_desc_to_tensor(out[i], &out_sig[i]) != 0) out_sig[i].ndims = 0;
    }
    if (def->infer == NULL) return ACL_SUCCESS;
    sim_exec_env env = {prod};
    char m[SIM_MSG_LEN] = "";
    aclError rc = def->infer(in_sig, nin, out_sig, nout, attrs, &env, m, sizeof(m));
    if (rc != ACL_SUCCESS) msgf(msg, msglen, "%s", m[0] ? m : "shape inference failed");
    return rc;
}

aclError sim_op_infer(const sim_op_def *def, int nin, const sim_desc *const *in, int nout,
                      const sim_desc *const *out, const sim_attr_set *attrs, sim_tensor *in_sig,
                      sim_tensor *out_sig, char *msg, size_t msglen)
{
    return infer_with(def, sim_product_current(), nin, in, nout, out, attrs, in_sig, out_sig, msg, msglen);
}

static int count_kind(int n, const sim_io_def *io, int required_only, int *has_dynamic)
{
    int c = 0;
    for (int i = 0; i < n; i++) {
        if (io && io[i].kind == SIM_IO_DYNAMIC) *has_dynamic = 1;
        if (!required_only || io == NULL || io[i].kind != SIM_IO_OPTIONAL) c++;
    }
    return c;
}

/* Substitute static placeholder dims for a dynamic desc (used only to learn the dtype verdict). */
static void placeholder_tensor(const sim_desc *d, sim_tensor *t)
{
    memset(t, 0, sizeof(*t));
    t->dtype = d->dtype;
    t->format = d->format;
    if (d->ndims == 1 && d->dims[0] == -2) {
        t->ndims = 1;
        t->dims[0] = 1;
        return;
    }
    t->ndims = d->ndims > SIM_MAX_DIMS ? SIM_MAX_DIMS : d->ndims;
    for (int i = 0; i < t->ndims; i++) t->dims[i] = d->dims[i] < 0 ? 1 : d->dims[i];
}

typedef struct {
    aclError unknown_op;        /* code for an op the simulator does not know / a failed signature */
    aclError bad_dtype;         /* code for a dtype the op or product lacks */
} check_codes;

/* Op-level checks of a parsed model for product prod. On success sets m->def. */
static aclError check_model(sim_model *m, const sim_product *prod, check_codes codes, char *msg, size_t msglen)
{
    const sim_op_def *def = sim_op_find(m->op);
    if (def == NULL) {
        msgf(msg, msglen, "op type %s is not supported by the simulator's operator library", m->op);
        return codes.unknown_op;
    }
    int dyn_in = 0, dyn_out = 0;
    int req_in = count_kind(def->num_inputs, def->inputs, 1, &dyn_in);
    int req_out = count_kind(def->num_outputs, def->outputs, 1, &dyn_out);
    if (m->nin < req_in || (!dyn_in && m->nin > def->num_inputs)) {
        msgf(msg, msglen, "op %s has %d inputs, but its IR definition has %d (%d required)", m->op, m->nin,
             def->num_inputs, req_in);
        return codes.unknown_op;
    }
    if (m->nout < req_out || (!dyn_out && m->nout > def->num_outputs)) {
        msgf(msg, msglen, "op %s has %d outputs, but its IR definition has %d (%d required)", m->op, m->nout,
             def->num_outputs, req_out);
        return codes.unknown_op;
    }
    for (int i = 0; i < m->nin; i++) {
        if (m->in[i].ndims > SIM_MAX_DIMS) {
            msgf(msg, msglen, "input %d of op %s has %d dims (at most %d supported)", i, m->op, m->in[i].ndims,
                 SIM_MAX_DIMS);
            return codes.unknown_op;
        }
        if (!dyn_in && def->inputs && i < def->num_inputs && def->inputs[i].kind == SIM_IO_REQUIRED &&
            sim_desc_is_optional(&m->in[i])) {
            msgf(msg, msglen, "input %d (%s) of op %s is required but was given as an absent optional input",
                 i, def->inputs[i].name ? def->inputs[i].name : "?", m->op);
            return codes.unknown_op;
        }
    }
    for (int i = 0; i < m->nout; i++) {
        if (m->out[i].ndims > SIM_MAX_DIMS) {
            msgf(msg, msglen, "output %d of op %s has %d dims (at most %d supported)", i, m->op,
                 m->out[i].ndims, SIM_MAX_DIMS);
            return codes.unknown_op;
        }
    }

    sim_tensor *in_sig = sim_op_calloc((size_t)m->nin, sizeof(sim_tensor));
    sim_tensor *out_sig = sim_op_calloc((size_t)m->nout, sizeof(sim_tensor));
    const sim_desc **inp = sim_op_calloc((size_t)m->nin, sizeof(*inp));
    const sim_desc **outp = sim_op_calloc((size_t)m->nout, sizeof(*outp));
    aclError rc = ACL_SUCCESS;
    if (!in_sig || !out_sig || !inp || !outp) {
        msgf(msg, msglen, "out of memory");
        rc = ACL_ERROR_BAD_ALLOC;
        goto done;
    }
    for (int i = 0; i < m->nin; i++) inp[i] = &m->in[i];
    for (int i = 0; i < m->nout; i++) outp[i] = &m->out[i];

    if (!m->dynamic) {
        char im[SIM_MSG_LEN] = "";
        rc = infer_with(def, prod, m->nin, inp, m->nout, outp, m->attrs, in_sig, out_sig, im, sizeof(im));
        if (rc == ACL_ERROR_UNSUPPORTED_DATA_TYPE) {
            msgf(msg, msglen, "op %s: %s (soc %s)", m->op, im, prod ? prod->soc : "?");
            rc = codes.bad_dtype;
            goto done;
        }
        if (rc != ACL_SUCCESS) {
            msgf(msg, msglen, "op %s: shape inference rejected the signature: %s", m->op, im);
            rc = codes.unknown_op;
            goto done;
        }
        for (int i = 0; i < m->nout; i++) {
            int same = out_sig[i].ndims == m->out[i].ndims;
            for (int k = 0; same && k < out_sig[i].ndims; k++) same = out_sig[i].dims[k] == m->out[i].dims[k];
            if (!same) {
                char got[256] = "", want[256] = "";
                size_t gl = 0, wl = 0;
                for (int k = 0; k < out_sig[i].ndims && gl < sizeof(got) - 24; k++)
                    gl += (size_t)snprintf(got + gl, sizeof(got) - gl, "%s%lld", k ? "," : "",
                                           (long long)out_sig[i].dims[k]);
                for (int k = 0; k < m->out[i].ndims && wl < sizeof(want) - 24; k++)
                    wl += (size_t)snprintf(want + wl, sizeof(want) - wl, "%s%lld", k ? "," : "",
                                           (long long)m->out[i].dims[k]);
                msgf(msg, msglen, "op %s: output %d is declared with shape [%s] but shape inference gives [%s]",
                     m->op, i, want, got);
                rc = codes.unknown_op;
                goto done;
            }
        }
    } else if (def->infer != NULL) {
        /* Dynamic model: shapes are checked at execution; learn the dtype verdict with placeholders. */
        for (int i = 0; i < m->nin; i++) placeholder_tensor(&m->in[i], &in_sig[i]);
        for (int i = 0; i < m->nout; i++) placeholder_tensor(&m->out[i], &out_sig[i]);
        sim_exec_env env = {prod};
        char im[SIM_MSG_LEN] = "";
        aclError r = def->infer(in_sig, m->nin, out_sig, m->nout, m->attrs, &env, im, sizeof(im));
        if (r == ACL_ERROR_UNSUPPORTED_DATA_TYPE) {
            msgf(msg, msglen, "op %s: %s (soc %s)", m->op, im[0] ? im : "unsupported data type",
                 prod ? prod->soc : "?");
            rc = codes.bad_dtype;
            goto done;
        }
    }
    m->def = def;
done:
    free(in_sig);
    free(out_sig);
    free(inp);
    free(outp);
    return rc;
}

/* ================================================================ .om parser */

typedef struct {
    char **tok;
    int n;
    int pos;
} toks;

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode hex into a new buffer; "-" = empty. *len gets the byte count. NULL on a malformed token. */
static unsigned char *hex_decode(const char *t, size_t *len)
{
    if (strcmp(t, "-") == 0) {
        *len = 0;
        return calloc(1, 1);
    }
    size_t n = strlen(t);
    if (n == 0 || n % 2) return NULL;
    unsigned char *p = malloc(n / 2 + 1);
    if (p == NULL) return NULL;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(t[2 * i]), lo = hexval(t[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(p);
            return NULL;
        }
        p[i] = (unsigned char)(hi << 4 | lo);
    }
    p[n / 2] = 0;
    *len = n / 2;
    return p;
}

/* Hex string -> C string (no embedded NUL). */
static char *hex_str(const char *t)
{
    size_t len;
    unsigned char *p = hex_decode(t, &len);
    if (p == NULL) return NULL;
    if (memchr(p, 0, len) != NULL) {
        free(p);
        return NULL;
    }
    return (char *)p;
}

static const char *next(toks *t)
{
    return t->pos < t->n ? t->tok[t->pos++] : NULL;
}

static int parse_i64(const char *s, int64_t *v)
{
    if (s == NULL || *s == 0) return -1;
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || *end) return -1;
    *v = x;
    return 0;
}

static int next_i64(toks *t, int64_t *v)
{
    return parse_i64(next(t), v);
}

static int next_i32(toks *t, int32_t *v)
{
    int64_t x;
    if (next_i64(t, &x) || x < INT32_MIN || x > INT32_MAX) return -1;
    *v = (int32_t)x;
    return 0;
}

static int next_count(toks *t, int *v, int max)
{
    int64_t x;
    if (next_i64(t, &x) || x < 0 || x > max) return -1;
    *v = (int)x;
    return 0;
}

static int next_float(toks *t, float *v)
{
    const char *s = next(t);
    if (s == NULL || *s == 0) return -1;
    char *end;
    errno = 0;
    float f = strtof(s, &end);
    if (*end) return -1;
    *v = f;
    return 0;
}

/* input/output record body -> desc. 0 or -1 (malformed). */
static int parse_tensor(toks *t, sim_desc *d)
{
    int32_t dtype, format;
    int ndims;
    if (next_i32(t, &dtype) || next_i32(t, &format) || next_count(t, &ndims, 1 << 20)) return -1;
    if (ndims > t->n) return -1;
    int64_t *dims = sim_op_calloc((size_t)ndims, sizeof(int64_t));
    if (dims == NULL) return -1;
    int nunknown = 0, nrank = 0;
    for (int i = 0; i < ndims; i++) {
        if (next_i64(t, &dims[i]) || dims[i] < -2) goto bad;
        if (dims[i] == -1) nunknown++;
        if (dims[i] == -2) nrank++;
    }
    if (nrank && ndims != 1) goto bad;   /* -2 must be the only dim */
    int nranges;
    if (next_count(t, &nranges, 1 << 20) || nranges > t->n) goto bad;
    if (nranges != nunknown) goto bad;   /* one shape range per -1 dim */
    if (sim_desc_init(d, dtype, ndims, dims, format) != 0) goto bad;
    free(dims);
    dims = NULL;
    d->ranges = sim_op_calloc((size_t)nranges * 2, sizeof(int64_t));
    if (d->ranges == NULL) return -1;
    d->nranges = (size_t)nranges;
    for (int i = 0; i < nranges; i++) {
        if (next_i64(t, &d->ranges[2 * i]) || next_i64(t, &d->ranges[2 * i + 1])) return -1;
        if (d->ranges[2 * i] < 0 || d->ranges[2 * i + 1] < -1) return -1;
        if (d->ranges[2 * i + 1] != -1 && d->ranges[2 * i + 1] < d->ranges[2 * i]) return -1;
    }
    int64_t clen;
    if (next_i64(t, &clen) || clen < 0) return -1;
    const char *ch = next(t);
    if (ch == NULL) return -1;
    size_t got;
    unsigned char *cd = hex_decode(ch, &got);
    if (cd == NULL) return -1;
    if ((int64_t)got != clen) {
        free(cd);
        return -1;
    }
    if (clen > 0) {
        d->is_const = 1;
        d->const_data = cd;
        d->const_len = (size_t)clen;
    } else {
        free(cd);
    }
    const char *nm = next(t);
    if (nm == NULL) return -1;
    if (strcmp(nm, "-") != 0) {
        d->name = hex_str(nm);
        if (d->name == NULL) return -1;
    }
    return t->pos == t->n ? 0 : -1;
bad:
    free(dims);
    return -1;
}

static int parse_attr(toks *t, sim_attr_set *s)
{
    const char *nh = next(t), *type = next(t);
    if (nh == NULL || type == NULL) return -1;
    char *name = hex_str(nh);
    if (name == NULL) return -1;
    int rc = -1;
    if (sim_attrset_has(s, name)) goto out;   /* names are unique */
    if (strcmp(type, "bool") == 0) {
        int64_t v;
        if (next_i64(t, &v) || (v != 0 && v != 1)) goto out;
        rc = sim_attrset_set_bool(s, name, (int)v);
    } else if (strcmp(type, "int") == 0) {
        int64_t v;
        if (next_i64(t, &v)) goto out;
        rc = sim_attrset_set_int(s, name, v);
    } else if (strcmp(type, "float") == 0) {
        float v;
        if (next_float(t, &v)) goto out;
        rc = sim_attrset_set_float(s, name, v);
    } else if (strcmp(type, "string") == 0) {
        const char *h = next(t);
        char *v = h ? hex_str(h) : NULL;
        if (v == NULL) goto out;
        rc = sim_attrset_set_string(s, name, v);
        free(v);
    } else if (strcmp(type, "data_type") == 0) {
        int32_t v;
        if (next_i32(t, &v)) goto out;
        rc = sim_attrset_set_data_type(s, name, v);
    } else {
        int n;
        if (next_count(t, &n, 1 << 24) || n > t->n) goto out;
        if (strcmp(type, "list_bool") == 0) {
            uint8_t *v = sim_op_calloc((size_t)n, 1);
            int ok = v != NULL;
            for (int i = 0; ok && i < n; i++) {
                int64_t x;
                ok = !next_i64(t, &x) && (x == 0 || x == 1);
                if (ok) v[i] = (uint8_t)x;
            }
            if (ok) rc = sim_attrset_set_list_bool(s, name, n, v);
            free(v);
        } else if (strcmp(type, "list_int") == 0) {
            int64_t *v = sim_op_calloc((size_t)n, sizeof(int64_t));
            int ok = v != NULL;
            for (int i = 0; ok && i < n; i++) ok = !next_i64(t, &v[i]);
            if (ok) rc = sim_attrset_set_list_int(s, name, n, v);
            free(v);
        } else if (strcmp(type, "list_float") == 0) {
            float *v = sim_op_calloc((size_t)n, sizeof(float));
            int ok = v != NULL;
            for (int i = 0; ok && i < n; i++) ok = !next_float(t, &v[i]);
            if (ok) rc = sim_attrset_set_list_float(s, name, n, v);
            free(v);
        } else if (strcmp(type, "list_data_type") == 0) {
            int32_t *v = sim_op_calloc((size_t)n, sizeof(int32_t));
            int ok = v != NULL;
            for (int i = 0; ok && i < n; i++) ok = !next_i32(t, &v[i]);
            if (ok) rc = sim_attrset_set_list_data_type(s, name, n, v);
            free(v);
        } else if (strcmp(type, "list_string") == 0) {
            char **v = sim_op_calloc((size_t)n, sizeof(char *));
            int ok = v != NULL;
            for (int i = 0; ok && i < n; i++) {
                const char *h = next(t);
                ok = h != NULL && (v[i] = hex_str(h)) != NULL;
            }
            if (ok) rc = sim_attrset_set_list_string(s, name, n, (const char *const *)v);
            for (int i = 0; v && i < n; i++) free(v[i]);
            free(v);
        } else if (strcmp(type, "list_list_int") == 0) {
            int *counts = sim_op_calloc((size_t)n, sizeof(int));
            int64_t **v = sim_op_calloc((size_t)n, sizeof(int64_t *));
            int ok = counts != NULL && v != NULL;
            for (int i = 0; ok && i < n; i++) {
                ok = !next_count(t, &counts[i], 1 << 24) && counts[i] <= t->n;
                if (ok) ok = (v[i] = sim_op_calloc((size_t)counts[i], sizeof(int64_t))) != NULL;
                for (int k = 0; ok && k < counts[i]; k++) ok = !next_i64(t, &v[i][k]);
            }
            if (ok) rc = sim_attrset_set_list_list_int(s, name, n, counts, (const int64_t *const *)v);
            for (int i = 0; v && i < n; i++) free(v[i]);
            free(v);
            free(counts);
        }
    }
    if (rc == 0 && t->pos != t->n) rc = -1;
out:
    free(name);
    return rc;
}

static int grow_descs(sim_desc **arr, int n)
{
    sim_desc *p = realloc(*arr, (size_t)(n + 1) * sizeof(sim_desc));
    if (p == NULL) return -1;
    memset(&p[n], 0, sizeof(sim_desc));
    *arr = p;
    return 0;
}

/* Split a line into tokens (single spaces). Returns -1 on an empty token. */
static int split(char *line, toks *t, char ***store, int *cap)
{
    t->n = 0;
    t->pos = 0;
    char *p = line;
    for (;;) {
        char *sp = strchr(p, ' ');
        if (sp) *sp = 0;
        if (*p == 0) return -1;
        if (t->n == *cap) {
            int nc = *cap ? *cap * 2 : 32;
            char **ns = realloc(*store, (size_t)nc * sizeof(char *));
            if (ns == NULL) return -1;
            *store = ns;
            *cap = nc;
        }
        (*store)[t->n++] = p;
        if (!sp) break;
        p = sp + 1;
    }
    t->tok = *store;
    return 0;
}

/* Parse an om image. On success *out is a new unregistered model (refs 1). */
static aclError parse_om(const void *data, size_t size, sim_model **out, char *msg, size_t msglen)
{
    size_t ml = strlen(OM_MAGIC);
    *out = NULL;
    if (size < ml) {
        msgf(msg, msglen, "model data is too small (%zu bytes): not a simulator om", size);
        return ACL_ERROR_PARSE_MODEL;
    }
    const char *src = data;
    if (memcmp(src, OM_MAGIC, ml) != 0 || (size > ml && src[ml] != '\n')) {
        msgf(msg, msglen, "first line is not \"%s\": cannot deserialize the model", OM_MAGIC);
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    if (memchr(src, 0, size) != NULL) {
        msgf(msg, msglen, "model data contains a NUL byte");
        return ACL_ERROR_PARSE_MODEL;
    }
    char *buf = malloc(size + 1);
    sim_model *m = model_new();
    char **store = NULL;
    int cap = 0;
    if (buf == NULL || m == NULL) {
        free(buf);
        sim_model_unref(m);
        msgf(msg, msglen, "out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    memcpy(buf, src, size);
    buf[size] = 0;
    aclError rc = ACL_SUCCESS;
    int lineno = 1, seen_end = 0, seen_op = 0;
    char *p = buf + ml + (size > ml ? 1 : 0);
    while (*p && rc == ACL_SUCCESS) {
        lineno++;
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        char *line = p;
        p = nl ? nl + 1 : p + strlen(p);
        if (seen_end) {
            msgf(msg, msglen, "line %d: content after the end record", lineno);
            rc = ACL_ERROR_PARSE_MODEL;
            break;
        }
        toks t;
        if (split(line, &t, &store, &cap) != 0) {
            msgf(msg, msglen, "line %d: malformed record (empty token)", lineno);
            rc = ACL_ERROR_PARSE_MODEL;
            break;
        }
        const char *kw = next(&t);
        int bad = 0;
        if (strcmp(kw, "end") == 0) {
            bad = t.n != 1;
            seen_end = 1;
        } else if (strcmp(kw, "soc") == 0 || strcmp(kw, "op") == 0 || strcmp(kw, "name") == 0) {
            const char *h = next(&t);
            char *v = (h && t.n == 2) ? hex_str(h) : NULL;
            char **dst = kw[0] == 's' ? &m->soc : kw[0] == 'o' ? &m->op : &m->name;
            if (v == NULL || *dst != NULL) {
                free(v);
                bad = 1;
            } else {
                *dst = v;
                if (kw[0] == 'o') seen_op = 1;
            }
        } else if (strcmp(kw, "input") == 0) {
            bad = grow_descs(&m->in, m->nin) != 0;
            if (!bad) {
                bad = parse_tensor(&t, &m->in[m->nin]) != 0;
                m->nin++;   /* counted even when bad so model_free clears it */
            }
        } else if (strcmp(kw, "output") == 0) {
            bad = grow_descs(&m->out, m->nout) != 0;
            if (!bad) {
                bad = parse_tensor(&t, &m->out[m->nout]) != 0;
                m->nout++;
            }
        } else if (strcmp(kw, "attr") == 0) {
            bad = parse_attr(&t, m->attrs) != 0;
        } else {
            bad = 1;
        }
        if (bad) {
            msgf(msg, msglen, "line %d: malformed \"%s\" record", lineno, kw);
            rc = ACL_ERROR_PARSE_MODEL;
        }
    }
    if (rc == ACL_SUCCESS && !seen_end) {
        msgf(msg, msglen, "missing end record");
        rc = ACL_ERROR_PARSE_MODEL;
    }
    if (rc == ACL_SUCCESS && (!seen_op || m->op[0] == 0)) {
        msgf(msg, msglen, "the model has no op record (op type)");
        rc = ACL_ERROR_MODEL_MISSING_ATTR;
    }
    free(store);
    free(buf);
    if (rc != ACL_SUCCESS) {
        sim_model_unref(m);
        return rc;
    }
    compute_dynamic(m);
    *out = m;
    return ACL_SUCCESS;
}

static const check_codes LOAD_CODES = {ACL_ERROR_OP_LOAD_FAILED, ACL_ERROR_UNSUPPORTED_DATA_TYPE};

/* Parse + check + (optionally) register. */
static aclError load_image(const void *data, size_t size, const sim_product *prod, int do_register, char *msg,
                           size_t msglen)
{
    sim_model *m = NULL;
    aclError rc = parse_om(data, size, &m, msg, msglen);
    if (rc != ACL_SUCCESS) return rc;
    rc = check_model(m, prod, LOAD_CODES, msg, msglen);
    if (rc != ACL_SUCCESS || !do_register) {
        sim_model_unref(m);
        return rc;
    }
    if (registry_add(m, 0) != 0) {
        msgf(msg, msglen, "out of memory");
        return ACL_ERROR_BAD_ALLOC;
    }
    return ACL_SUCCESS;
}

static const char *ehcode_for(aclError rc)
{
    return rc == ACL_ERROR_PARSE_MODEL || rc == ACL_ERROR_DESERIALIZE_MODEL ? "EH0003" : "EH9999";
}

/* ================================================================ exported API */

ACL_FUNC_VISIBILITY aclError aclopLoad(const void *model, size_t modelSize)
{
    if (model == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument model must not be null.");
    if (modelSize == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value 0 for modelSize is invalid. Reason: modelSize can't be zero.");
    char msg[SIM_MSG_LEN] = "";
    aclError rc = load_image(model, modelSize, sim_product_current(), 1, msg, sizeof(msg));
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
        char msg[SIM_MSG_LEN];
        if (load_image(data, len, sim_product_current(), 1, msg, sizeof(msg)) == ACL_SUCCESS) (*loaded)++;
        /* a file that fails to parse is skipped (GE logs a warning) */
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
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument modelDir must not be null.");
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
            rc = load_image(model, size, prod, 0, local, sizeof(local));
        }
    }
    if (msg != NULL && msglen > 0) snprintf(msg, msglen, "%s", rc == ACL_SUCCESS ? "" : local);
    if (rc != ACL_SUCCESS) sim_fail(rc, rc == ACL_ERROR_INVALID_PARAM ? "EH0001" : ehcode_for(rc), "%s", local);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                          int numOutputs, const aclTensorDesc *const outputDesc[],
                                          const aclopAttr *attr, aclopEngineType engineType,
                                          aclopCompileType compileFlag, const char *opPath)
{
    (void)engineType;
    if (opType == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument opType must not be null.");
    if (numInputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numInputs is invalid. Reason: must be non-negative.", numInputs);
    if (numOutputs < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numOutputs is invalid. Reason: must be non-negative.", numOutputs);
    const sim_desc **in = sim_op_calloc((size_t)numInputs, sizeof(*in));
    const sim_desc **out = sim_op_calloc((size_t)numOutputs, sizeof(*out));
    aclError rc = ACL_SUCCESS;
    sim_model *m = NULL;
    if (in == NULL || out == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    if ((rc = sim_op_resolve_descs("inputDesc", numInputs, inputDesc, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_resolve_descs("outputDesc", numOutputs, outputDesc, out)) != ACL_SUCCESS) goto done;
    const sim_attr_set *attrs = NULL;
    if (attr != NULL && (attrs = sim_attrset_get(attr)) == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                      "Value %p for attr is invalid. Reason: not a live aclopAttr.", (const void *)attr);
        goto done;
    }
    if ((int)compileFlag != ACL_COMPILE_SYS && (int)compileFlag != ACL_COMPILE_UNREGISTERED) {
        rc = sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH0001",
                      "Value %d for compileFlag is invalid. Reason: must be ACL_COMPILE_SYS or "
                      "ACL_COMPILE_UNREGISTERED.", (int)compileFlag);
        goto done;
    }
    if ((int)compileFlag == ACL_COMPILE_UNREGISTERED && opPath == NULL) {
        rc = sim_fail(ACL_ERROR_INVALID_PARAM, "EH0002", "Argument opPath must not be null.");
        goto done;
    }
    if ((rc = sim_op_check_placement("inputDesc", numInputs, in)) != ACL_SUCCESS) goto done;
    if ((rc = sim_op_check_placement("outputDesc", numOutputs, out)) != ACL_SUCCESS) goto done;

    m = model_new();
    if (m == NULL || (m->op = strdup(opType)) == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    m->in = sim_op_calloc((size_t)numInputs, sizeof(sim_desc));
    m->out = sim_op_calloc((size_t)numOutputs, sizeof(sim_desc));
    if (m->in == NULL || m->out == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    for (int i = 0; i < numInputs; i++, m->nin++)
        if (sim_desc_copy(&m->in[i], in[i]) != 0) {
            rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
            goto done;
        }
    for (int i = 0; i < numOutputs; i++, m->nout++)
        if (sim_desc_copy(&m->out[i], out[i]) != 0) {
            rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
            goto done;
        }
    sim_attrset_free(m->attrs);
    m->attrs = sim_attrset_copy(attrs);
    if (m->attrs == NULL) {
        rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
        goto done;
    }
    compute_dynamic(m);
    char msg[SIM_MSG_LEN] = "";
    static const check_codes COMPILE_CODES = {ACL_ERROR_GE_FAILURE, ACL_ERROR_UNSUPPORTED_DATA_TYPE};
    rc = check_model(m, sim_product_current(), COMPILE_CODES, msg, sizeof(msg));
    if (rc != ACL_SUCCESS) {
        rc = sim_fail(rc, "EH9999", "build op model failed, result = %d: %s", rc, msg);
        goto done;
    }
    sim_model *reg = m;
    m = NULL;
    if (registry_add(reg, 1) != 0) rc = sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
done:
    sim_model_unref(m);
    free(in);
    free(out);
    return rc;
}
