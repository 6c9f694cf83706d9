/*
 * sim_op_om.c - the simulator's .om text format (simulator/OM_FORMAT.md): parsing an image into
 * an unregistered model.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

#define OM_MAGIC "ACLSIM-OM 1"

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

aclError sim_om_parse(const void *data, size_t size, sim_model **out, char *msg, size_t msglen)
{
    size_t ml = strlen(OM_MAGIC);
    *out = NULL;
    if (size < ml) {
        sim_msgf(msg, msglen, "model data is too small (%zu bytes): not a simulator om", size);
        return ACL_ERROR_PARSE_MODEL;
    }
    const char *src = data;
    if (memcmp(src, OM_MAGIC, ml) != 0 || (size > ml && src[ml] != '\n')) {
        sim_msgf(msg, msglen, "first line is not \"%s\": cannot deserialize the model", OM_MAGIC);
        return ACL_ERROR_DESERIALIZE_MODEL;
    }
    if (memchr(src, 0, size) != NULL) {
        sim_msgf(msg, msglen, "model data contains a NUL byte");
        return ACL_ERROR_PARSE_MODEL;
    }
    char *buf = malloc(size + 1);
    sim_model *m = sim_model_new();
    char **store = NULL;
    int cap = 0;
    if (buf == NULL || m == NULL) {
        free(buf);
        sim_model_unref(m);
        return sim_msg_oom(msg, msglen);
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
            sim_msgf(msg, msglen, "line %d: content after the end record", lineno);
            rc = ACL_ERROR_PARSE_MODEL;
            break;
        }
        toks t;
        if (split(line, &t, &store, &cap) != 0) {
            sim_msgf(msg, msglen, "line %d: malformed record (empty token)", lineno);
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
            sim_msgf(msg, msglen, "line %d: malformed \"%s\" record", lineno, kw);
            rc = ACL_ERROR_PARSE_MODEL;
        }
    }
    if (rc == ACL_SUCCESS && !seen_end) {
        sim_msgf(msg, msglen, "missing end record");
        rc = ACL_ERROR_PARSE_MODEL;
    }
    if (rc == ACL_SUCCESS && (!seen_op || m->op[0] == 0)) {
        sim_msgf(msg, msglen, "the model has no op record (op type)");
        rc = ACL_ERROR_MODEL_MISSING_ATTR;
    }
    free(store);
    free(buf);
    if (rc != ACL_SUCCESS) {
        sim_model_unref(m);
        return rc;
    }
    sim_model_compute_dynamic(m);
    *out = m;
    return ACL_SUCCESS;
}
