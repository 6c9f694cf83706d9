/*
 * main.c - standalone reproducer of one single-op case of the aclopExecWithHandle conformance
 * suite, in the style of CANN's single-op samples (Ascend/samples cplusplus/level1_single_api/
 * 4_op_dev/2_verify_op): aclInit, one device, context and stream; aclopSetModelDir; tensor
 * descriptions and attributes from case.txt; aclopCreateHandle; aclopExecWithHandle;
 * aclrtSynchronizeStream; the outputs compared with the expected .bin files under the suite's
 * standard, printing the metrics the suite records.
 *
 * usage: repro DIR   (DIR holds case.txt, data/ and model/, the atc output of op.json)
 * exit:  0 PASS, 1 FAIL or an ACL call failed, 2 bad input files
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_common.h"      /* CHECK_ACL, client_init / client_finalize (as the suite's C clients) */

#define MAX_TENSORS 16
#define MAX_DIMS 8
#define MAX_ATTRS 16

typedef struct {
    int dtype, format, ndim;
    int64_t dims[MAX_DIMS];
    char file[256];
    void *host;
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

static char op_type[64];
static tensor ins[MAX_TENSORS], outs[MAX_TENSORS];
static standard stds[MAX_TENSORS];
static attr attrs[MAX_ATTRS];
static int n_in, n_out, n_attr;

static size_t dtype_size(int dt)
{
    switch (dt) {
    case ACL_DOUBLE: case ACL_INT64: case ACL_UINT64: return 8;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
    default: return 1;
    }
}

static int is_float(int dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static double half_to_double(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double s = (h & 0x8000) ? -1.0 : 1.0;
    if (e == 0)
        return s * ldexp((double)m, -24);
    if (e == 31)
        return m ? NAN : s * INFINITY;
    return s * ldexp((double)(m | 0x400), e - 25);
}

static double value_at(const tensor *t, size_t i)
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
static double ulp_at(int dt, double x)
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

static size_t count_of(const tensor *t)
{
    size_t n = 1;
    for (int i = 0; i < t->ndim; i++)
        n *= (size_t)t->dims[i];
    return n;
}

static int read_tensor(FILE *f, const char *dir, tensor *t)
{
    if (fscanf(f, " tensor %d %d %d", &t->dtype, &t->format, &t->ndim) != 3 || t->ndim < 0 || t->ndim > MAX_DIMS)
        return 2;
    for (int i = 0; i < t->ndim; i++)
        if (fscanf(f, " %lld", (long long *)&t->dims[i]) != 1)
            return 2;
    char name[200];
    if (fscanf(f, " %199s", name) != 1)
        return 2;
    snprintf(t->file, sizeof t->file, "%s/%s", dir, name);
    t->size = count_of(t) * dtype_size(t->dtype);
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

static int read_case(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/case.txt", dir);
    FILE *f = fopen(path, "r");
    if (f == NULL || fscanf(f, " op %63s inputs %d", op_type, &n_in) != 2 || n_in > MAX_TENSORS) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    for (int i = 0; i < n_in; i++)
        if (read_tensor(f, dir, &ins[i]))
            return 2;
    if (fscanf(f, " outputs %d", &n_out) != 1 || n_out > MAX_TENSORS)
        return 2;
    for (int i = 0; i < n_out; i++) {
        standard *s = &stds[i];
        if (read_tensor(f, dir, &outs[i]) ||
            fscanf(f, " standard %15s %lf %lf %lf %lf", s->kind, &s->mere, &s->mare, &s->ratio_rel, &s->ratio_max) != 5)
            return 2;
    }
    while (n_attr < MAX_ATTRS) {
        attr *a = &attrs[n_attr];
        if (fscanf(f, " attr %15s %63s %d", a->kind, a->name, &a->n) != 3)
            break;
        for (int i = 0; i < a->n && i < MAX_DIMS * 4; i++)
            if (fscanf(f, " %lf", &a->values[i]) != 1)
                return 2;
        n_attr++;
    }
    fclose(f);
    return 0;
}

static int set_attrs(aclopAttr *opAttr)
{
    for (int i = 0; i < n_attr; i++) {
        attr *a = &attrs[i];
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
    }
    return 0;
}

/* Compares output k with its expected values; prints the suite's metrics; 0 pass, 1 fail. */
static int judge(int k, const tensor *got)
{
    const tensor *exp = &outs[k];
    const standard *s = &stds[k];
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

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    if (read_case(argv[1]))
        return 2;
    char model_dir[512];
    snprintf(model_dir, sizeof model_dir, "%s/model", argv[1]);

    client_runtime rt;
    if (client_init(&rt))
        return 1;
    aclrtStream stream = rt.stream;
    CHECK_ACL(aclopSetModelDir(model_dir));

    const aclTensorDesc *in_desc[MAX_TENSORS], *out_desc[MAX_TENSORS];
    aclDataBuffer *in_buf[MAX_TENSORS], *out_buf[MAX_TENSORS];
    void *in_dev[MAX_TENSORS], *out_dev[MAX_TENSORS];
    for (int i = 0; i < n_in; i++) {
        in_desc[i] = aclCreateTensorDesc((aclDataType)ins[i].dtype, ins[i].ndim, ins[i].dims, (aclFormat)ins[i].format);
        CHECK_ACL(aclrtMalloc(&in_dev[i], ins[i].size ? ins[i].size : 1, ACL_MEM_MALLOC_HUGE_FIRST));
        if (ins[i].size)
            CHECK_ACL(aclrtMemcpy(in_dev[i], ins[i].size, ins[i].host, ins[i].size, ACL_MEMCPY_HOST_TO_DEVICE));
        in_buf[i] = aclCreateDataBuffer(in_dev[i], ins[i].size);
    }
    for (int i = 0; i < n_out; i++) {
        out_desc[i] = aclCreateTensorDesc((aclDataType)outs[i].dtype, outs[i].ndim, outs[i].dims, (aclFormat)outs[i].format);
        CHECK_ACL(aclrtMalloc(&out_dev[i], outs[i].size ? outs[i].size : 1, ACL_MEM_MALLOC_HUGE_FIRST));
        out_buf[i] = aclCreateDataBuffer(out_dev[i], outs[i].size);
    }
    aclopAttr *opAttr = aclopCreateAttr();
    if (set_attrs(opAttr))
        return 1;
    aclopHandle *handle = NULL;
    CHECK_ACL(aclopCreateHandle(op_type, n_in, in_desc, n_out, out_desc, opAttr, &handle));
    CHECK_ACL(aclopExecWithHandle(handle, n_in, (const aclDataBuffer *const *)in_buf, n_out, out_buf, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));

    int failed = 0;
    for (int i = 0; i < n_out; i++) {
        tensor got = outs[i];
        got.host = malloc(got.size ? got.size : 1);
        if (got.size)
            CHECK_ACL(aclrtMemcpy(got.host, got.size, out_dev[i], got.size, ACL_MEMCPY_DEVICE_TO_HOST));
        failed |= judge(i, &got);
        free(got.host);
    }
    aclopDestroyHandle(handle);
    aclopDestroyAttr(opAttr);
    for (int i = 0; i < n_in; i++) {
        CHECK_ACL(aclDestroyDataBuffer(in_buf[i]));
        aclDestroyTensorDesc(in_desc[i]);
        CHECK_ACL(aclrtFree(in_dev[i]));
    }
    for (int i = 0; i < n_out; i++) {
        CHECK_ACL(aclDestroyDataBuffer(out_buf[i]));
        aclDestroyTensorDesc(out_desc[i]);
        CHECK_ACL(aclrtFree(out_dev[i]));
    }
    if (client_finalize(&rt))
        return 1;
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed;
}
