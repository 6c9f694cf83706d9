/*
 * repro_case.h - what the reproducers of the aclopExecWithHandle conformance suite share: the
 * case file (case.txt: the op, its tensors with their data files, the expected outputs and the
 * standard each is judged with, the attributes), and the tensor descriptions and attributes made
 * from it. The judgement of an output is in repro_judge.h.
 *
 * case.txt, one item per line (words separated by blanks; '#' starts a comment line):
 *   op TYPE
 *   inputs N                                      then N tensor lines
 *   tensor DTYPE FORMAT NDIM DIM... FILE [name NAME]   ACL enum numbers; FILE "-" = no data
 *                                                 (DTYPE -1 FORMAT -1 NDIM 0: an absent optional input)
 *   outputs N                                     then per output: its tensor line (FILE: the
 *                                                 expected values), its standard line, and the
 *                                                 exact and scale lines its standard uses
 *   standard KIND [KEY VALUE]...                  KIND bitwise | exact | ulp | accumulate | float
 *                                                 (reference/standards.py), then the numbers of the
 *                                                 suite's Standard object for that output, by name
 *                                                 (STD_KEYS below; "none" = unset); each KIND needs
 *                                                 the keys of STD_REQUIRED, and every KIND takes
 *                                                 "policy fail|advisory" (reports/policy.toml
 *                                                 [numeric] for a device: what a failure of the
 *                                                 project's rule alone does) and "nan_bits 0|1"
 *   exact FILE                                    ulp, accumulate: float64 values of the mathematics
 *                                                 before the rounding to the output dtype
 *   scale FILE                                    accumulate (and float relative to magnitude):
 *                                                 float64 Σ|terms| per output element
 *   attr KIND NAME N VALUE...                     KIND int | float | bool | listint
 * Data files are raw little-endian, C order, exactly count x element size bytes.
 */
#ifndef REPRO_CASE_H_
#define REPRO_CASE_H_

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
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

/* One output's standard: the numbers of reference/standards.py's Standard the suite judged it with
 * (NAN where unset), and the float64 arrays the bounded classes judge against. */
typedef struct {
    char kind[16];            /* bitwise | exact | ulp | accumulate | float */
    int advisory;             /* policy: a failure of the project's rule alone is advisory on a device */
    int magnitude;            /* float: relative error against max(|golden|, scale), not |golden| */
    unsigned seen;            /* bit i: STD_KEYS[i] was given */
    double nan_bits, rel_eps;
    double mere, mare, ratio_rel, ratio_max, small_thr, small_err, small_value_max_errors;
    double ulp_bound, ulp_cap, ulp_allow, ulp_allow_min, ulp_mean, doc_ulp, doc_ulp_frac, doc_ulp_mean;
    double acc_unit, acc_lambda, acc_c, terms, doc_t;
    double *exact, *scale;    /* count_of(output) float64 each, or NULL (not given) */
} standard;

/* The numeric keys of a standard line. policy and relative_to take words (parse_std_word). */
static const struct {
    const char *name;
    size_t offset;
} STD_KEYS[] = {
    {"nan_bits", offsetof(standard, nan_bits)}, {"rel_eps", offsetof(standard, rel_eps)},
    {"mere", offsetof(standard, mere)}, {"mare", offsetof(standard, mare)},
    {"ratio_rel", offsetof(standard, ratio_rel)}, {"ratio_max", offsetof(standard, ratio_max)},
    {"small_thr", offsetof(standard, small_thr)}, {"small_err", offsetof(standard, small_err)},
    {"small_value_max_errors", offsetof(standard, small_value_max_errors)},
    {"ulp_bound", offsetof(standard, ulp_bound)}, {"ulp_cap", offsetof(standard, ulp_cap)},
    {"ulp_allow", offsetof(standard, ulp_allow)}, {"ulp_allow_min", offsetof(standard, ulp_allow_min)},
    {"ulp_mean", offsetof(standard, ulp_mean)}, {"doc_ulp", offsetof(standard, doc_ulp)},
    {"doc_ulp_frac", offsetof(standard, doc_ulp_frac)}, {"doc_ulp_mean", offsetof(standard, doc_ulp_mean)},
    {"acc_unit", offsetof(standard, acc_unit)}, {"acc_lambda", offsetof(standard, acc_lambda)},
    {"acc_c", offsetof(standard, acc_c)}, {"terms", offsetof(standard, terms)},
    {"doc_t", offsetof(standard, doc_t)},
    {"policy", 0}, {"relative_to", 0},          /* words, not numbers */
};
#define N_STD_KEYS (sizeof STD_KEYS / sizeof STD_KEYS[0])

/* The keys each class judges with: a standard line without one of them is refused, so that a
 * missing number never silently becomes 0 (the drift this format replaced). */
static const char *const STD_REQUIRED[][2] = {
    {"bitwise", "policy nan_bits"},
    {"exact", "policy nan_bits"},
    {"ulp", "policy nan_bits rel_eps ulp_bound ulp_cap ulp_allow ulp_allow_min ulp_mean doc_ulp doc_ulp_frac "
            "doc_ulp_mean"},
    {"accumulate", "policy nan_bits rel_eps acc_unit acc_lambda acc_c terms small_thr small_err "
                   "small_value_max_errors doc_t"},
    {"float", "policy nan_bits rel_eps mere mare ratio_rel ratio_max small_thr small_err small_value_max_errors "
              "relative_to"},
};

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

/* The next line that has words (comments and blank lines skipped): its word count, 0 at the end;
 * *lineno counts the lines read, for the error messages. */
static inline int next_words(FILE *f, char line[LINE_LEN], char *words[MAX_WORDS], int *lineno)
{
    while (fgets(line, LINE_LEN, f) != NULL) {
        ++*lineno;
        if (line[0] == '#')
            continue;
        int n = split_words(line, words);
        if (n > 0)
            return n;
    }
    return 0;
}

/* Why the line being read is refused; read_case prints it with the file and line number. */
static char case_error[512];

static inline int case_bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(case_error, sizeof case_error, fmt, ap);
    va_end(ap);
    return 2;
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

/* Reads exactly size bytes of dir/name into a new buffer *out (a file of another size is refused:
 * a truncated or stale data file must not be judged). path gets the file's path. */
static inline int read_exactly(const char *dir, const char *name, size_t size, void **out, char path[512])
{
    snprintf(path, 512, "%s/%s", dir, name);
    FILE *b = fopen(path, "rb");
    if (b == NULL)
        return case_bad("cannot open %s", path);
    *out = malloc(size ? size : 1);
    size_t got = fread(*out, 1, size, b);
    int extra = fgetc(b) != EOF;
    fclose(b);
    if (got != size)
        return case_bad("%s is shorter than the %zu bytes its line describes", path, size);
    if (extra)
        return case_bad("%s is longer than the %zu bytes its line describes", path, size);
    return 0;
}

static inline int load_file(const char *dir, const char *name, tensor *t)
{
    t->size = is_absent(t) ? 0 : count_of(t) * dtype_size(t->dtype);
    if (strcmp(name, "-") == 0)
        return 0;
    return read_exactly(dir, name, t->size, &t->host, t->file);
}

/* "tensor DTYPE FORMAT NDIM DIM... FILE [name NAME]" */
static inline int parse_tensor(int n, char **w, const char *dir, tensor *t)
{
    memset(t, 0, sizeof *t);
    int used = parse_desc_words(n - 1, w + 1, t);
    if (used < 0 || n < 2 + used)
        return case_bad("expected 'tensor DTYPE FORMAT NDIM DIM... FILE [name NAME]'");
    int k = 2 + used;
    if (k + 1 < n && strcmp(w[k], "name") == 0)
        snprintf(t->name, sizeof t->name, "%s", w[k + 1]);
    return load_file(dir, w[1 + used], t);
}

/* The index in STD_KEYS of the key of length len at name, N_STD_KEYS if none. */
static inline unsigned std_key_index(const char *name, size_t len)
{
    unsigned i = 0;
    while (i < N_STD_KEYS && !(strlen(STD_KEYS[i].name) == len && strncmp(STD_KEYS[i].name, name, len) == 0))
        i++;
    return i;
}

/* "policy fail|advisory" and "relative_to golden|magnitude", the two keys whose values are words. */
static inline int parse_std_word(standard *s, const char *key, const char *value)
{
    int *field = strcmp(key, "policy") == 0 ? &s->advisory : &s->magnitude;
    const char *no = field == &s->advisory ? "fail" : "golden", *yes = field == &s->advisory ? "advisory" : "magnitude";
    if (strcmp(value, no) != 0 && strcmp(value, yes) != 0)
        return case_bad("standard: %s takes two values, not '%s'", key, value);
    *field = strcmp(value, yes) == 0;
    return 0;
}

/* One KEY VALUE pair of a standard line into s (a number, or "none": unset, NAN). */
static inline int parse_std_pair(standard *s, const char *key, const char *value)
{
    unsigned i = std_key_index(key, strlen(key));
    if (i == N_STD_KEYS)
        return case_bad("standard: unknown key '%s'", key);
    s->seen |= 1u << i;
    if (STD_KEYS[i].offset == 0)
        return parse_std_word(s, key, value);
    char *end = NULL;
    int none = strcmp(value, "none") == 0;
    double v = none ? NAN : strtod(value, &end);
    if (!none && (end == value || *end != '\0'))
        return case_bad("standard: %s is not a number: '%s'", key, value);
    *(double *)((char *)s + STD_KEYS[i].offset) = v;
    return 0;
}

/* Every key STD_REQUIRED lists for s's class was given. */
static inline int check_std_keys(const standard *s)
{
    for (size_t k = 0; k < sizeof STD_REQUIRED / sizeof STD_REQUIRED[0]; k++) {
        if (strcmp(STD_REQUIRED[k][0], s->kind) != 0)
            continue;
        for (const char *key = STD_REQUIRED[k][1]; *key != '\0'; key += strspn(key, " ")) {
            size_t len = strcspn(key, " ");
            if (!(s->seen & (1u << std_key_index(key, len))))
                return case_bad("standard %s: the key '%.*s' is missing", s->kind, (int)len, key);
            key += len;
        }
        return 0;
    }
    return case_bad("standard: unknown class '%s' (bitwise, exact, ulp, accumulate, float)", s->kind);
}

/* "standard KIND [KEY VALUE]..." */
static inline int parse_standard(int n, char **w, standard *s)
{
    if (n < 2 || n % 2 != 0)
        return case_bad("expected 'standard KIND' and KEY VALUE pairs");
    double *exact = s->exact, *scale = s->scale;
    memset(s, 0, sizeof *s);
    s->exact = exact;
    s->scale = scale;
    snprintf(s->kind, sizeof s->kind, "%s", w[1]);
    for (int i = 2; i < n; i += 2)
        if (parse_std_pair(s, w[i], w[i + 1]))
            return 2;
    return check_std_keys(s);
}

/* "exact FILE" / "scale FILE": float64 per element of the output just read. */
static inline int parse_float64_line(int n, char **w, const char *dir, const tensor *out, double **dst)
{
    char path[512];
    if (n != 2)
        return case_bad("expected '%s FILE'", w[0]);
    if (*dst != NULL)
        return case_bad("a second '%s' line for one output", w[0]);
    return read_exactly(dir, w[1], count_of(out) * sizeof(double), (void **)dst, path);
}

/* "KIND NAME N VALUE..." at words[0..] */
static inline int parse_attr(int n, char **w, attr *a)
{
    if (n < 3)
        return case_bad("expected 'attr KIND NAME N VALUE...'");
    snprintf(a->kind, sizeof a->kind, "%s", w[0]);
    snprintf(a->name, sizeof a->name, "%s", w[1]);
    a->n = atoi(w[2]);
    if (a->n < 0 || a->n > MAX_DIMS * 4 || n < 3 + a->n)
        return case_bad("attr %s: expected its N values", a->name);
    for (int i = 0; i < a->n; i++)
        a->values[i] = strtod(w[3 + i], NULL);
    return 0;
}

/* One line of case.txt into c; want_in / want_out: the counts its inputs / outputs lines gave. */
static inline int parse_case_line(int n, char **w, const char *dir, repro_case *c, int *want_in, int *want_out)
{
    int out_open = c->n_out > 0;          /* an output's standard, exact and scale follow its tensor */
    standard *last = out_open ? &c->stds[c->n_out - 1] : NULL;
    if (strcmp(w[0], "op") == 0 && n == 2)
        snprintf(c->op_type, sizeof c->op_type, "%s", w[1]);
    else if (strcmp(w[0], "inputs") == 0 && n == 2)
        *want_in = atoi(w[1]);
    else if (strcmp(w[0], "outputs") == 0 && n == 2)
        *want_out = atoi(w[1]);
    else if (strcmp(w[0], "tensor") == 0 && c->n_in < *want_in && c->n_in < MAX_TENSORS)
        return parse_tensor(n, w, dir, &c->ins[c->n_in++]);
    else if (strcmp(w[0], "tensor") == 0 && c->n_out < *want_out && c->n_out < MAX_TENSORS)
        return parse_tensor(n, w, dir, &c->outs[c->n_out++]);
    else if (strcmp(w[0], "standard") == 0 && out_open)
        return parse_standard(n, w, last);
    else if (strcmp(w[0], "exact") == 0 && out_open)
        return parse_float64_line(n, w, dir, &c->outs[c->n_out - 1], &last->exact);
    else if (strcmp(w[0], "scale") == 0 && out_open)
        return parse_float64_line(n, w, dir, &c->outs[c->n_out - 1], &last->scale);
    else if (strcmp(w[0], "attr") == 0 && c->n_attr < MAX_ATTRS)
        return parse_attr(n - 1, w + 1, &c->attrs[c->n_attr++]);
    else
        return case_bad("unexpected line starting '%s' (the format is in repro_case.h)", w[0]);
    return 0;
}

/* Every output has its standard line, and the counts match. */
static inline int check_case(const repro_case *c, int want_in, int want_out)
{
    if (c->op_type[0] == '\0')
        return case_bad("no 'op TYPE' line");
    if (c->n_in != want_in || c->n_out != want_out)
        return case_bad("fewer tensor lines than the inputs and outputs lines announce");
    for (int i = 0; i < c->n_out; i++)
        if (c->stds[i].kind[0] == '\0')
            return case_bad("output %d has no standard line", i);
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
    int n, want_in = 0, want_out = 0, rc = 0, lineno = 0;
    while (rc == 0 && (n = next_words(f, line, w, &lineno)) > 0)
        rc = parse_case_line(n, w, dir, c, &want_in, &want_out);
    fclose(f);
    if (rc == 0 && check_case(c, want_in, want_out) != 0) {
        fprintf(stderr, "%s: %s\n", path, case_error);
        return 2;
    }
    if (rc != 0)
        fprintf(stderr, "%s line %d: %s\n", path, lineno, case_error);
    return rc;
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

#endif /* REPRO_CASE_H_ */
