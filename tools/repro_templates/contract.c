/*
 * main.c - standalone reproducer of one row of the aclopExecWithHandle / aclopCreateHandle
 * contract table of the conformance suite (suites/test_contract_exec.py,
 * suites/test_contract_create.py), in the style of CANN's single-op samples: aclInit, one device,
 * context and stream; aclopSetModelDir; the valid call's descs, attributes and guarded device
 * buffers from case.txt; then the invalid call exactly as call.txt gives it, and what the suite
 * checks after it:
 *   - the returned code is one of the documented ones (the row's expected codes);
 *   - aclopExecWithHandle: after a stream sync, no output, guard or input byte changed (outputs are
 *     pre-filled with a pattern, every buffer sits between guard bands);
 *   - the stream is still usable: a valid call afterwards (aclopExecWithHandle with the valid
 *     handle; for aclopCreateHandle rows a new handle first) succeeds and gives the reference
 *     outputs (data/expected_N.bin, judged as the suite does: EWH-07).
 *
 * call.txt, one item per line (words separated by blanks; '#' starts a comment line):
 *   function aclopExecWithHandle | aclopCreateHandle
 *   test ID / row ID / case ID / clause EWH-xx    what is reproduced (printed)
 *   rule TEXT                                     the rule the row enforces (printed, one line each)
 *   expect CODE NAME                              one line per accepted code
 *   codename CODE NAME                            names of the ACL codes, for the printout
 *   buffer NAME in|out I LENGTH                   an aclDataBuffer over input/output I's memory
 *   desc NAME DTYPE FORMAT NDIM DIM... [name N] [range LO HI ...] [host]    an aclTensorDesc
 *   attrs NAME / attr NAME KIND ANAME N VALUE...  an aclopAttr and its attributes
 *   arg PARAM VALUE                               one line per parameter of the call, in order
 * A VALUE is NULL, a number (counts), "array N TOKEN..." (a C array of N pointers), "string TEXT"
 * (opType), "out" (a valid aclopHandle ** out-parameter) or one TOKEN: handle, stream (the valid
 * ones), in.I / out.I (the valid data buffer of input / output I), a NAME defined above,
 * destroyed-handle / destroyed-buffer / destroyed-stream (made and destroyed here), null-buffer
 * (aclCreateDataBuffer(NULL, 0)).
 *
 * usage: repro DIR   (DIR holds case.txt, call.txt, data/ and model/, the atc output of op.json)
 * exit:  0 PASS, 1 FAIL or an ACL call of the set-up failed, 2 bad input files
 */
#include <stdarg.h>

#include "repro_judge.h"        /* case.txt, descs and attrs from it (repro_case.h), judge (shared with the numeric reproducer) */
#include "repro_guard.h"        /* device tensors between guard bands, read back and checked */

#define MAX_ITEMS 32
#define MAX_ARGS 8
#define MAX_EXPECT 8
#define MAX_CODES 256
#define TOKEN_LEN 64

typedef struct {
    char name[TOKEN_LEN];
    int nw;
    char w[MAX_WORDS][TOKEN_LEN];
} line_words;

typedef struct {
    char name[TOKEN_LEN];
    void *obj;
    int kind;             /* 'b' buffer, 'd' desc, 'a' attr */
} named;

static repro_case c;
static char function[64], test_id[512], row[256], case_id[128], clause[32];
static char rules[16][512];
static int n_rules;
static int expect_code[MAX_EXPECT], n_expect;
static char expect_name[MAX_EXPECT][TOKEN_LEN];
static int code_num[MAX_CODES], n_codes;
static char code_name[MAX_CODES][TOKEN_LEN];
static line_words defs[MAX_ITEMS], args[MAX_ARGS];
static int n_defs, n_args;
static named objs[MAX_ITEMS];
static int n_objs;

static client_runtime rt;
static aclopHandle *handle;
static const aclTensorDesc *in_desc[MAX_TENSORS], *out_desc[MAX_TENSORS];
static aclopAttr *op_attr;
static guarded in_mem[MAX_TENSORS], out_mem[MAX_TENSORS];
static aclDataBuffer *in_buf[MAX_TENSORS], *out_buf[MAX_TENSORS];
static aclDataBuffer *extra_bufs[MAX_ITEMS];
static int n_extra;
static char verdict[4096];

static const char *name_of(int code)
{
    for (int i = 0; i < n_codes; i++)
        if (code_num[i] == code)
            return code_name[i];
    return "(no ACL name)";
}

/* Adds one reason to the verdict line (printf-style). */
static void failed_because(const char *fmt, ...)
{
    char part[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(part, sizeof part, fmt, ap);
    va_end(ap);
    size_t len = strlen(verdict);
    snprintf(verdict + len, sizeof verdict - len, "%s%s", len ? "; " : "", part);
}

static void keep_words(line_words *l, int n, char **w)
{
    l->nw = n;
    for (int i = 0; i < n; i++)
        snprintf(l->w[i], TOKEN_LEN, "%s", w[i]);
}

static int read_call(const char *dir)
{
    char path[512], line[LINE_LEN], raw[LINE_LEN], *w[MAX_WORDS];
    snprintf(path, sizeof path, "%s/call.txt", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return 2;
    }
    int rc = 0;
    while (rc == 0 && fgets(line, LINE_LEN, f) != NULL) {
        if (line[0] == '#')
            continue;
        snprintf(raw, sizeof raw, "%s", line);
        raw[strcspn(raw, "\r\n")] = '\0';
        int n = split_words(line, w);
        if (n == 0)
            continue;
        const char *rest = raw + strlen(w[0]) + (n > 1);     /* the line after its keyword */
        if (strcmp(w[0], "rule") == 0 && n_rules < 16) {
            snprintf(rules[n_rules++], sizeof rules[0], "%s", rest);
        } else if (n == 2 && strcmp(w[0], "function") == 0) {
            snprintf(function, sizeof function, "%s", w[1]);
        } else if (n >= 2 && strcmp(w[0], "test") == 0) {
            snprintf(test_id, sizeof test_id, "%s", rest);
        } else if (n >= 2 && strcmp(w[0], "row") == 0) {
            snprintf(row, sizeof row, "%s", rest);
        } else if (n >= 2 && strcmp(w[0], "case") == 0) {
            snprintf(case_id, sizeof case_id, "%s", rest);
        } else if (n == 2 && strcmp(w[0], "clause") == 0) {
            snprintf(clause, sizeof clause, "%s", w[1]);
        } else if (n == 3 && strcmp(w[0], "expect") == 0 && n_expect < MAX_EXPECT) {
            expect_code[n_expect] = atoi(w[1]);
            snprintf(expect_name[n_expect++], TOKEN_LEN, "%s", w[2]);
        } else if (n == 3 && strcmp(w[0], "codename") == 0 && n_codes < MAX_CODES) {
            code_num[n_codes] = atoi(w[1]);
            snprintf(code_name[n_codes++], TOKEN_LEN, "%s", w[2]);
        } else if ((strcmp(w[0], "buffer") == 0 || strcmp(w[0], "desc") == 0 || strcmp(w[0], "attrs") == 0 ||
                    strcmp(w[0], "attr") == 0) && n >= 2 && n_defs < MAX_ITEMS) {
            keep_words(&defs[n_defs++], n, w);
        } else if (strcmp(w[0], "arg") == 0 && n >= 3 && n_args < MAX_ARGS) {
            snprintf(args[n_args].name, TOKEN_LEN, "%s", w[1]);
            keep_words(&args[n_args++], n - 2, w + 2);
        } else {
            rc = 2;
        }
    }
    fclose(f);
    if (rc || n_expect == 0 || (strcmp(function, "aclopExecWithHandle") != 0 &&
                                strcmp(function, "aclopCreateHandle") != 0)) {
        fprintf(stderr, "%s: malformed (function, expect lines, or a line starting '%s')\n", path, rc ? w[0] : "-");
        return 2;
    }
    return 0;
}

/* ---- the call's arguments ------------------------------------------------------------------ */

static void *find_named(const char *name)
{
    for (int i = 0; i < n_objs; i++)
        if (strcmp(objs[i].name, name) == 0)
            return objs[i].obj;
    return NULL;
}

static int make_named(void)
{
    for (int k = 0; k < n_defs; k++) {
        line_words *d = &defs[k];
        named *o = &objs[n_objs];
        snprintf(o->name, TOKEN_LEN, "%s", d->w[1]);
        o->kind = d->w[0][0];
        if (strcmp(d->w[0], "buffer") == 0 && d->nw == 5) {
            int i = atoi(d->w[3]);
            guarded *g = strcmp(d->w[2], "in") == 0 ? &in_mem[i] : &out_mem[i];
            o->obj = aclCreateDataBuffer(g->data, (size_t)strtoull(d->w[4], NULL, 10));
            extra_bufs[n_extra++] = o->obj;
            n_objs++;
        } else if (strcmp(d->w[0], "desc") == 0) {
            tensor t;
            char *w[MAX_WORDS];
            for (int j = 0; j < d->nw; j++)
                w[j] = d->w[j];
            memset(&t, 0, sizeof t);
            int used = parse_desc_words(d->nw - 2, w + 2, &t), j = 2 + (used < 0 ? 0 : used);
            if (used < 0)
                return 2;
            aclTensorDesc *desc = aclCreateTensorDesc((aclDataType)t.dtype, t.ndim, t.ndim ? t.dims : NULL,
                                                      (aclFormat)t.format);
            while (desc != NULL && j < d->nw) {
                if (strcmp(w[j], "name") == 0 && j + 1 < d->nw) {
                    aclSetTensorDescName(desc, w[j + 1]);
                    j += 2;
                } else if (strcmp(w[j], "host") == 0) {
                    CHECK_ACL(aclSetTensorPlaceMent(desc, ACL_MEMTYPE_HOST));
                    j += 1;
                } else if (strcmp(w[j], "range") == 0 && j + 1 + 2 * t.ndim <= d->nw) {
                    int64_t ranges[MAX_DIMS][ACL_TENSOR_SHAPE_RANGE_NUM];
                    for (int r = 0; r < t.ndim; r++) {
                        ranges[r][0] = strtoll(w[j + 1 + 2 * r], NULL, 10);
                        ranges[r][1] = strtoll(w[j + 2 + 2 * r], NULL, 10);
                    }
                    CHECK_ACL(aclSetTensorShapeRange(desc, (size_t)t.ndim, ranges));
                    j += 1 + 2 * t.ndim;
                } else {
                    return 2;
                }
            }
            o->obj = desc;
            n_objs++;
        } else if (strcmp(d->w[0], "attrs") == 0) {
            o->obj = aclopCreateAttr();
            n_objs++;
        } else if (strcmp(d->w[0], "attr") == 0) {
            attr a;
            char *w[MAX_WORDS];
            for (int j = 0; j < d->nw; j++)
                w[j] = d->w[j];
            aclopAttr *set = find_named(d->w[1]);
            if (set == NULL || parse_attr(d->nw - 2, w + 2, &a) || set_attr(set, &a))
                return 2;
        } else {
            return 2;
        }
    }
    return 0;
}

/* The pointer a token stands for; *bad set when the token is unknown. */
static void *resolve(const char *tok, int *bad)
{
    int i;
    if (strcmp(tok, "NULL") == 0)
        return NULL;
    if (strcmp(tok, "handle") == 0)
        return handle;
    if (strcmp(tok, "stream") == 0)
        return rt.stream;
    if (sscanf(tok, "in.%d", &i) == 1 && i >= 0 && i < c.n_in)
        return in_buf[i];
    if (sscanf(tok, "out.%d", &i) == 1 && i >= 0 && i < c.n_out)
        return out_buf[i];
    if (strcmp(tok, "destroyed-handle") == 0) {
        aclopHandle *h = NULL;
        if (aclopCreateHandle(c.op_type, c.n_in, in_desc, c.n_out, out_desc, op_attr, &h) != ACL_SUCCESS)
            *bad = 1;
        aclopDestroyHandle(h);
        return h;
    }
    if (strcmp(tok, "destroyed-buffer") == 0) {
        aclDataBuffer *b = aclCreateDataBuffer(NULL, 0);
        aclDestroyDataBuffer(b);
        return b;
    }
    if (strcmp(tok, "destroyed-stream") == 0) {
        aclrtStream s = NULL;
        if (aclrtCreateStream(&s) != ACL_SUCCESS || aclrtDestroyStream(s) != ACL_SUCCESS)
            *bad = 1;
        return s;
    }
    if (strcmp(tok, "null-buffer") == 0) {
        aclDataBuffer *b = aclCreateDataBuffer(NULL, 0);
        extra_bufs[n_extra++] = b;
        return b;
    }
    void *o = find_named(tok);
    if (o == NULL) {
        fprintf(stderr, "call.txt: unknown token '%s'\n", tok);
        *bad = 1;
    }
    return o;
}

static const line_words *arg_of(const char *param)
{
    for (int i = 0; i < n_args; i++)
        if (strcmp(args[i].name, param) == 0)
            return &args[i];
    fprintf(stderr, "call.txt: no 'arg %s' line\n", param);
    return NULL;
}

static void *pointer_arg(const char *param, int *bad)
{
    const line_words *a = arg_of(param);
    if (a == NULL || a->nw != 1) {
        *bad = 1;
        return NULL;
    }
    return resolve(a->w[0], bad);
}

static int int_arg(const char *param, int *bad)
{
    const line_words *a = arg_of(param);
    if (a == NULL || a->nw != 1) {
        *bad = 1;
        return 0;
    }
    return (int)strtol(a->w[0], NULL, 10);
}

/* NULL, or a C array of the listed pointers (kept to the end of the program). */
static void **array_arg(const char *param, int *bad)
{
    const line_words *a = arg_of(param);
    if (a == NULL || a->nw < 1) {
        *bad = 1;
        return NULL;
    }
    if (a->nw == 1 && strcmp(a->w[0], "NULL") == 0)
        return NULL;
    int n = a->nw >= 2 ? atoi(a->w[1]) : -1;
    if (strcmp(a->w[0], "array") != 0 || n < 1 || a->nw != 2 + n) {
        *bad = 1;
        return NULL;
    }
    void **arr = calloc((size_t)n, sizeof(void *));
    for (int i = 0; i < n; i++)
        arr[i] = resolve(a->w[2 + i], bad);
    return arr;
}

/* The call as C would read it (arrays in brackets), then the objects its tokens name. */
static void print_call(void)
{
    printf("call: %s(", function);
    for (int i = 0; i < n_args; i++) {
        const line_words *a = &args[i];
        printf("%s%s=", i ? ", " : "", a->name);
        if (a->nw >= 2 && strcmp(a->w[0], "array") == 0) {
            printf("[");
            for (int j = 2; j < a->nw; j++)
                printf("%s%s", j > 2 ? ", " : "", a->w[j]);
            printf("]");
        } else if (a->nw == 2 && strcmp(a->w[0], "string") == 0) {
            printf("\"%s\"", a->w[1]);
        } else {
            for (int j = 0; j < a->nw; j++)
                printf("%s%s", j ? " " : "", a->w[j]);
        }
    }
    printf(")\n");
    for (int k = 0; k < n_defs; k++) {
        const line_words *d = &defs[k];
        printf("  %s: %s", d->w[1], d->w[0]);
        for (int j = 2; j < d->nw; j++)
            printf(" %s", d->w[j]);
        printf("\n");
    }
}

/* ---- the program ------------------------------------------------------------------------ */

static int invalid_call(int *code)
{
    int bad = 0;
    if (strcmp(function, "aclopExecWithHandle") == 0) {
        void *h = pointer_arg("handle", &bad);
        int n_in = int_arg("numInputs", &bad);
        void **ins = array_arg("inputs", &bad);
        int n_out = int_arg("numOutputs", &bad);
        void **outs = array_arg("outputs", &bad);
        void *stream = pointer_arg("stream", &bad);
        if (bad)
            return 2;
        *code = aclopExecWithHandle((aclopHandle *)h, n_in, (const aclDataBuffer *const *)ins, n_out,
                                    (aclDataBuffer *const *)outs, (aclrtStream)stream);
        return 0;
    }
    const line_words *op = arg_of("opType");
    int n_in = int_arg("numInputs", &bad);
    void **ins = array_arg("inputDesc", &bad);
    int n_out = int_arg("numOutputs", &bad);
    void **outs = array_arg("outputDesc", &bad);
    void *attr_ptr = pointer_arg("opAttr", &bad);
    const line_words *out_param = arg_of("handle");
    if (bad || op == NULL || out_param == NULL || out_param->nw != 1 ||
        !(op->nw == 1 ? strcmp(op->w[0], "NULL") == 0 : op->nw == 2 && strcmp(op->w[0], "string") == 0))
        return 2;
    aclopHandle *created = NULL;
    int want_out = strcmp(out_param->w[0], "out") == 0;
    *code = aclopCreateHandle(op->nw == 2 ? op->w[1] : NULL, n_in, (const aclTensorDesc *const *)ins, n_out,
                              (const aclTensorDesc *const *)outs, (const aclopAttr *)attr_ptr,
                              want_out ? &created : NULL);
    if (*code == ACL_SUCCESS && created != NULL)
        aclopDestroyHandle(created);          /* as the suite does with a handle it should not have got */
    return 0;
}

/* A valid aclopExecWithHandle afterwards (EWH-07): returns 0, syncs, the outputs match the
 * reference, no guard or input byte changed. Problems go into the verdict. */
static void valid_call_afterwards(void)
{
    if (handle == NULL) {
        int code = aclopCreateHandle(c.op_type, c.n_in, in_desc, c.n_out, out_desc, op_attr, &handle);
        if (code != ACL_SUCCESS) {
            failed_because("aclopCreateHandle for the valid call afterwards returned %d %s", code, name_of(code));
            return;
        }
    }
    int code = aclopExecWithHandle(handle, c.n_in, (const aclDataBuffer *const *)in_buf, c.n_out, out_buf, rt.stream);
    if (code != ACL_SUCCESS) {
        failed_because("the valid aclopExecWithHandle afterwards returned %d %s (stream not usable: EWH-07)", code, name_of(code));
        return;
    }
    code = aclrtSynchronizeStream(rt.stream);
    if (code != ACL_SUCCESS) {
        failed_because("aclrtSynchronizeStream after the valid call returned %d %s", code, name_of(code));
        return;
    }
    char what[64];
    for (int i = 0; i < c.n_in; i++) {
        snprintf(what, sizeof what, "input %d (valid call)", i);
        if (!is_absent(&c.ins[i]))
            guarded_inspect(&in_mem[i], what, 1, NULL, failed_because);
    }
    for (int i = 0; i < c.n_out; i++) {
        unsigned char *data = NULL;
        snprintf(what, sizeof what, "output %d (valid call)", i);
        guarded_inspect(&out_mem[i], what, 0, &data, failed_because);
        if (data != NULL) {
            tensor got = c.outs[i];
            got.host = data;
            if (judge(i, &c.outs[i], &c.stds[i], &got))
                failed_because("%s does not match the reference (EWH-07)", what);
            free(data);
        }
    }
}

static int set_up(const char *dir)
{
    char model_dir[512];
    snprintf(model_dir, sizeof model_dir, "%s/model", dir);
    if (client_init(&rt))
        return 1;
    CHECK_ACL(aclopSetModelDir(model_dir));
    for (int i = 0; i < c.n_in; i++)
        in_desc[i] = make_desc(&c.ins[i]);
    for (int i = 0; i < c.n_out; i++)
        out_desc[i] = make_desc(&c.outs[i]);
    if (c.n_attr > 0) {
        op_attr = aclopCreateAttr();
        if (set_attrs(op_attr, c.n_attr, c.attrs))
            return 1;
    }
    if (strcmp(function, "aclopExecWithHandle") == 0)     /* the prepared valid call's handle */
        CHECK_ACL(aclopCreateHandle(c.op_type, c.n_in, in_desc, c.n_out, out_desc, op_attr, &handle));
    for (int i = 0; i < c.n_in; i++) {
        if (is_absent(&c.ins[i])) {
            in_buf[i] = aclCreateDataBuffer(NULL, 0);      /* an absent optional input (EWH-11) */
            continue;
        }
        if (guarded_alloc(&in_mem[i], c.ins[i].size, c.ins[i].host))
            return 1;
        in_buf[i] = aclCreateDataBuffer(in_mem[i].data, in_mem[i].size);
    }
    for (int i = 0; i < c.n_out; i++) {
        if (guarded_alloc(&out_mem[i], c.outs[i].size, NULL))   /* pre-filled with the sentinel */
            return 1;
        out_buf[i] = aclCreateDataBuffer(out_mem[i].data, out_mem[i].size);
    }
    return make_named();
}

static int tear_down(void)
{
    if (handle != NULL)
        aclopDestroyHandle(handle);
    for (int i = 0; i < n_objs; i++) {
        if (objs[i].kind == 'd')
            aclDestroyTensorDesc(objs[i].obj);
        else if (objs[i].kind == 'a')
            aclopDestroyAttr(objs[i].obj);
    }
    for (int i = 0; i < n_extra; i++)
        CHECK_ACL(aclDestroyDataBuffer(extra_bufs[i]));
    if (op_attr != NULL)
        aclopDestroyAttr(op_attr);
    for (int i = 0; i < c.n_in; i++) {
        CHECK_ACL(aclDestroyDataBuffer(in_buf[i]));
        aclDestroyTensorDesc(in_desc[i]);
        if (in_mem[i].base != NULL)
            CHECK_ACL(aclrtFree(in_mem[i].base));
    }
    for (int i = 0; i < c.n_out; i++) {
        CHECK_ACL(aclDestroyDataBuffer(out_buf[i]));
        aclDestroyTensorDesc(out_desc[i]);
        CHECK_ACL(aclrtFree(out_mem[i].base));
    }
    return client_finalize(&rt);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    if (read_case(argv[1], &c) || read_call(argv[1]))
        return 2;
    printf("row %s of %s on %s (clause %s)\n", row, function, case_id, clause);
    for (int i = 0; i < n_rules; i++)
        printf("  %s\n", rules[i]);
    int rc = set_up(argv[1]);
    if (rc)
        return rc;
    print_call();
    int code = -1;
    if (invalid_call(&code))
        return 2;
    printf("observed %d %s\n", code, name_of(code));
    printf("expected");
    for (int i = 0; i < n_expect; i++)
        printf("%s %d %s", i ? " or" : "", expect_code[i], expect_name[i]);
    printf("\n");
    const char *message = aclGetRecentErrMsg();          /* read once: reading may clear it */
    printf("runtime message: %s\n", message != NULL && message[0] != '\0' ? message : "none");

    int ok = 0;
    for (int i = 0; i < n_expect; i++)
        ok |= code == expect_code[i];
    if (!ok) {
        failed_because("returned %d %s, not a documented code for this row", code, name_of(code));
    }
    if (strcmp(function, "aclopExecWithHandle") == 0) {
        int sync = aclrtSynchronizeStream(rt.stream);
        if (sync != ACL_SUCCESS)
            failed_because("aclrtSynchronizeStream after the call returned %d %s", sync, name_of(sync));
        char what[64];
        for (int i = 0; i < c.n_in; i++) {
            snprintf(what, sizeof what, "input %d", i);
            if (!is_absent(&c.ins[i]))
                guarded_inspect(&in_mem[i], what, 1, NULL, failed_because);
        }
        for (int i = 0; i < c.n_out; i++) {
            snprintf(what, sizeof what, "output %d (rejected call: EWH-07)", i);
            guarded_inspect(&out_mem[i], what, 1, NULL, failed_because);
        }
    }
    valid_call_afterwards();
    if (tear_down())
        failed_because("releasing the objects at the end failed (see above)");
    if (verdict[0] == '\0' && strcmp(function, "aclopExecWithHandle") == 0)
        printf("PASS %s: returned %d %s as documented; no output, guard or input byte changed; the valid call "
               "afterwards gives the reference outputs\n", row, code, name_of(code));
    else if (verdict[0] == '\0')
        printf("PASS %s: returned %d %s as documented; a new handle afterwards runs and gives the reference "
               "outputs, no guard or input byte changed\n", row, code, name_of(code));
    else
        printf("FAIL %s: %s\n", row, verdict);
    return verdict[0] == '\0' ? 0 : 1;
}
