/*
 * repro_case.h - what the reproducers of the aclopExecWithHandle conformance suite share: the
 * case file (case.txt: the op, its tensors with their data files, the expected outputs and the
 * standard each is judged with, the attributes), tensor descriptions and attributes made from it,
 * and the comparison of an output with its expected values printing the metrics the suite records.
 *
 * case.txt, one item per line (words separated by blanks; '#' starts a comment line):
 *   op TYPE
 *   inputs N                                      then N tensor lines
 *   tensor DTYPE FORMAT NDIM DIM... FILE [name NAME]   ACL enum numbers; FILE "-" = no data
 *                                                 (DTYPE -1 FORMAT -1 NDIM 0: an absent optional input)
 *   outputs N                                     then N (tensor, standard) line pairs
 *   standard KIND MERE MARE RATIO_REL RATIO_MAX   KIND bitwise | exact | float
 *   attr KIND NAME N VALUE...                     KIND int | float | bool | listint
 */
#ifndef REPRO_CASE_H_
#define REPRO_CASE_H_

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_common.h"      /* CHECK_ACL, client_init / client_finalize (as the suite's C clients) */

#define MAX_TENSORS 16
#define MAX_DIMS 8
#define MAX_ATTRS 16
#define MAX_WORDS 64
#define LINE_LEN 4096

typedef struct {
    int dtype, format, ndim;
    int64_t dims[MAX_DIMS];
    char file[512], name[64];
    void *host;               /* the file's bytes (NULL when there is no file) */
    size_t size;
} tensor;

typedef struct {
    char kind[16];            /* bitwise | exact | float */
    double mere, mare, ratio_rel, ratio_max;
} standard;

typedef struct {
    char kind[16], name[64];
    int n;
    double values[MAX_DIMS * 4];
} attr;

typedef struct {
    char op_type[64];
    tensor ins[MAX_TENSORS], outs[MAX_TENSORS];
    standard stds[MAX_TENSORS];
    attr attrs[MAX_ATTRS];
    int n_in, n_out, n_attr;
} repro_case;

static inline size_t dtype_size(int dt)
{
    switch (dt) {
    case ACL_DOUBLE: case ACL_INT64: case ACL_UINT64: return 8;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    default: return 1;
    }
}

static inline int is_float(int dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static inline double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double s = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 0)
        return s * ldexp((double)m, -24);
    if (e == 31)
        return m ? NAN : s * INFINITY;
    return s * ldexp((double)(m | 0x400), e - 25);
}

static inline double value_at(const tensor *t, size_t i)
{
    const unsigned char *p = (const unsigned char *)t->host + i * dtype_size(t->dtype);
    uint16_t u16; uint32_t u32; float f; double d;
    switch (t->dtype) {
    case ACL_FLOAT: memcpy(&f, p, 4); return f;
    case ACL_DOUBLE: memcpy(&d, p, 8); return d;
    case ACL_FLOAT16: memcpy(&u16, p, 2); return half_to_double(u16);
    case ACL_BF16: memcpy(&u16, p, 2); u32 = (uint32_t)u16 << 16; memcpy(&f, &u32, 4); return f;
    case ACL_INT8: return *(const int8_t *)p;
    case ACL_UINT8: case ACL_BOOL: return *p;
    case ACL_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
    case ACL_UINT16: memcpy(&u16, p, 2); return u16;
    case ACL_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
    case ACL_UINT32: memcpy(&u32, p, 4); return u32;
    case ACL_INT64: { int64_t v; memcpy(&v, p, 8); return (double)v; }
    case ACL_UINT64: { uint64_t v; memcpy(&v, p, 8); return (double)v; }
    default: return NAN;
    }
}

/* The spacing of the dtype's values at x (float16: 11-bit, bfloat16: 8-bit, float: 24-bit significand). */
static inline double ulp_at(int dt, double x)
{
    int bits = dt == ACL_FLOAT16 ? 11 : dt == ACL_BF16 ? 8 : dt == ACL_DOUBLE ? 53 : 24;
    int emin = dt == ACL_FLOAT16 ? -14 : dt == ACL_DOUBLE ? -1022 : -126;
    int e;
    frexp(fabs(x), &e);
    e -= 1;
    if (e < emin)
        e = emin;
    return ldexp(1.0, e - (bits - 1));
}

static inline size_t count_of(const tensor *t)
{
    size_t n = 1;
    for (int i = 0; i < t->ndim; i++)
        n *= t->dims[i] > 0 ? (size_t)t->dims[i] : 0;
    return n;
}

static inline int is_absent(const tensor *t)
{
    return t->dtype == ACL_DT_UNDEFINED;
}

/* ---- reading the files ----------------------------------------------------------------- */

/* Splits line into at most MAX_WORDS blank-separated words; returns their number. */
static inline int split_words(char *line, char *words[MAX_WORDS])
{
    int n = 0;
    for (char *w = strtok(line, " \t\r\n"); w != NULL && n < MAX_WORDS; w = strtok(NULL, " \t\r\n"))
        words[n++] = w;
    return n;
}

/* The next line that has words (comments and blank lines skipped): its word count, 0 at the end. */
static inline int next_words(FILE *f, char line[LINE_LEN], char *words[MAX_WORDS])
{
    while (fgets(line, LINE_LEN, f) != NULL) {
        if (line[0] == '#')
            continue;
        int n = split_words(line, words);
        if (n > 0)
            return n;
    }
    return 0;
}

/* "DTYPE FORMAT NDIM DIM..." at words[0..]: fills t, returns the words used, -1 if malformed. */
static inline int parse_desc_words(int n, char **w, tensor *t)
{
    if (n < 3)
        return -1;
    t->dtype = atoi(w[0]);
    t->format = atoi(w[1]);
    t->ndim = atoi(w[2]);
    if (t->ndim < 0 || t->ndim > MAX_DIMS || n < 3 + t->ndim)
        return -1;
    for (int i = 0; i < t->ndim; i++)
        t->dims[i] = strtoll(w[3 + i], NULL, 10);
    return 3 + t->ndim;
}

static inline int load_file(const char *dir, const char *name, tensor *t)
{
    t->size = is_absent(t) ? 0 : count_of(t) * dtype_size(t->dtype);
    if (strcmp(name, "-") == 0)
        return 0;
    snprintf(t->file, sizeof t->file, "%s/%s", dir, name);
    t->host = malloc(t->size ? t->size : 1);
    FILE *b = fopen(t->file, "rb");
    if (b == NULL || fread(t->host, 1, t->size, b) != t->size) {
        fprintf(stderr, "cannot read %zu bytes from %s\n", t->size, t->file);
        if (b)
            fclose(b);
        return 2;
    }
    fclose(b);
    return 0;
}

/* "tensor DTYPE FORMAT NDIM DIM... FILE [name NAME]" */
static inline int parse_tensor(int n, char **w, const char *dir, tensor *t)
{
    memset(t, 0, sizeof *t);
    int used = n > 0 && strcmp(w[0], "tensor") == 0 ? parse_desc_words(n - 1, w + 1, t) : -1;
    if (used < 0 || n < 2 + used)
        return 2;
    int k = 2 + used;
    if (k + 1 < n && strcmp(w[k], "name") == 0)
        snprintf(t->name, sizeof t->name, "%s", w[k + 1]);
    return load_file(dir, w[1 + used], t);
}

/* "KIND NAME N VALUE..." at words[0..] */
static inline int parse_attr(int n, char **w, attr *a)
{
    if (n < 3)
        return 2;
    snprintf(a->kind, sizeof a->kind, "%s", w[0]);
    snprintf(a->name, sizeof a->name, "%s", w[1]);
    a->n = atoi(w[2]);
    if (a->n < 0 || a->n > MAX_DIMS * 4 || n < 3 + a->n)
        return 2;
    for (int i = 0; i < a->n; i++)
        a->values[i] = strtod(w[3 + i], NULL);
    return 0;
}

static inline int read_case(const char *dir, repro_case *c)
{
    char path[512], line[LINE_LEN], *w[MAX_WORDS];
    snprintf(path, sizeof path, "%s/case.txt", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 2;
    }
    memset(c, 0, sizeof *c);
    int n, want_in = 0, want_out = 0, rc = 0;
    while (rc == 0 && (n = next_words(f, line, w)) > 0) {
        if (strcmp(w[0], "op") == 0 && n == 2) {
            snprintf(c->op_type, sizeof c->op_type, "%s", w[1]);
        } else if (strcmp(w[0], "inputs") == 0 && n == 2) {
            want_in = atoi(w[1]);
        } else if (strcmp(w[0], "outputs") == 0 && n == 2) {
            want_out = atoi(w[1]);
        } else if (strcmp(w[0], "tensor") == 0 && c->n_in < want_in && c->n_in < MAX_TENSORS) {
            rc = parse_tensor(n, w, dir, &c->ins[c->n_in++]);
        } else if (strcmp(w[0], "tensor") == 0 && c->n_out < want_out && c->n_out < MAX_TENSORS) {
            rc = parse_tensor(n, w, dir, &c->outs[c->n_out++]);
        } else if (strcmp(w[0], "standard") == 0 && n == 6 && c->n_out > 0) {
            standard *s = &c->stds[c->n_out - 1];
            snprintf(s->kind, sizeof s->kind, "%s", w[1]);
            s->mere = strtod(w[2], NULL);
            s->mare = strtod(w[3], NULL);
            s->ratio_rel = strtod(w[4], NULL);
            s->ratio_max = strtod(w[5], NULL);
        } else if (strcmp(w[0], "attr") == 0 && c->n_attr < MAX_ATTRS) {
            rc = parse_attr(n - 1, w + 1, &c->attrs[c->n_attr++]);
        } else {
            rc = 2;
        }
    }
    fclose(f);
    if (rc || c->op_type[0] == '\0' || c->n_in != want_in || c->n_out != want_out) {
        fprintf(stderr, "%s: malformed (at a line starting '%s')\n", path, rc ? w[0] : "<end>");
        return 2;
    }
    return 0;
}

/* ---- ACL objects from the case ----------------------------------------------------------- */

/* aclCreateTensorDesc for t (an absent input: ACL_DT_UNDEFINED, 0 dims, ACL_FORMAT_UNDEFINED). */
static inline aclTensorDesc *make_desc(const tensor *t)
{
    aclTensorDesc *d = aclCreateTensorDesc((aclDataType)t->dtype, t->ndim, t->ndim ? t->dims : NULL,
                                           (aclFormat)t->format);
    if (d != NULL && t->name[0] != '\0')
        aclSetTensorDescName(d, t->name);
    return d;
}

static inline int set_attr(aclopAttr *opAttr, const attr *a)
{
    if (strcmp(a->kind, "int") == 0) {
        CHECK_ACL(aclopSetAttrInt(opAttr, a->name, (int64_t)a->values[0]));
    } else if (strcmp(a->kind, "float") == 0) {
        CHECK_ACL(aclopSetAttrFloat(opAttr, a->name, (float)a->values[0]));
    } else if (strcmp(a->kind, "bool") == 0) {
        CHECK_ACL(aclopSetAttrBool(opAttr, a->name, (uint8_t)(a->values[0] != 0)));
    } else {
        int64_t v[MAX_DIMS * 4];
        for (int j = 0; j < a->n; j++)
            v[j] = (int64_t)a->values[j];
        CHECK_ACL(aclopSetAttrListInt(opAttr, a->name, a->n, v));
    }
    return 0;
}

static inline int set_attrs(aclopAttr *opAttr, int n, const attr *attrs)
{
    for (int i = 0; i < n; i++)
        if (set_attr(opAttr, &attrs[i]))
            return 1;
    return 0;
}

/* ---- judging an output ------------------------------------------------------------------- */

/* Compares output k (got) with its expected values under its standard; prints the suite's
 * metrics on one line starting "output K: count="; 0 pass, 1 fail. */
static inline int judge(int k, const tensor *exp, const standard *s, const tensor *got)
{
    size_t n = count_of(exp), mismatched = 0, beyond = 0;
    double max_abs = 0, max_rel = 0, sum_rel = 0, max_ulp = 0;
    for (size_t i = 0; i < n; i++) {
        double a = value_at(got, i), e = value_at(exp, i);
        int same = memcmp((const char *)got->host + i * dtype_size(got->dtype),
                          (const char *)exp->host + i * dtype_size(exp->dtype), dtype_size(exp->dtype)) == 0;
        if (isnan(a) && isnan(e))
            continue;
        if (!same)
            mismatched++;
        if (isnan(a) || isnan(e) || isinf(a) || isinf(e)) {
            if (!same && !(a == e)) {
                max_rel = max_abs = INFINITY;
                beyond++;
            }
            continue;
        }
        double err = fabs(a - e), rel = e != 0 ? err / fabs(e) : err;
        if (err > max_abs) max_abs = err;
        if (rel > max_rel) max_rel = rel;
        sum_rel += rel;
        if (rel > s->ratio_rel) beyond++;
        if (is_float(exp->dtype)) {
            double u = err / ulp_at(exp->dtype, e);
            if (u > max_ulp) max_ulp = u;
        }
    }
    double mere = n ? sum_rel / (double)n : 0, ratio = n ? (double)beyond / (double)n : 0;
    int ok;
    if (strcmp(s->kind, "float") == 0)
        ok = mere < s->mere && max_rel < s->mare && (s->ratio_max < 0 || ratio <= s->ratio_max);
    else
        ok = mismatched == 0;
    printf("output %d: count=%zu max_abs_error=%.9g max_rel_error=%.9g mere=%.9g mare=%.9g error_ratio=%.9g "
           "max_ulp=%.9g mismatched=%zu standard=%s\n", k, n, max_abs, max_rel, mere, max_rel, ratio, max_ulp,
           mismatched, s->kind);
    if (!ok && strcmp(s->kind, "float") == 0)
        printf("output %d: FAIL (MERE %.3g < %.3g, MARE %.3g < %.3g, error ratio %.3g <= %.3g required)\n",
               k, mere, s->mere, max_rel, s->mare, ratio, s->ratio_max);
    else if (!ok)
        printf("output %d: FAIL (%zu of %zu elements differ; the %s standard allows none)\n", k, mismatched, n, s->kind);
    return ok ? 0 : 1;
}

#endif /* REPRO_CASE_H_ */
