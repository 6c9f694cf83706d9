/*
 * main.c - standalone reproducer of one single-op case of the aclopExecWithHandle conformance
 * suite, in the style of CANN's single-op samples (Ascend/samples cplusplus/level1_single_api/
 * 4_op_dev/2_verify_op): aclInit, one device, context and stream; aclopSetModelDir; tensor
 * descriptions and attributes from case.txt; aclopCreateHandle; aclopExecWithHandle;
 * aclrtSynchronizeStream; the outputs written to data/actual_N.bin and compared with the expected
 * .bin files under the suite's standard (repro_judge.h), printing the metrics the suite records
 * and both verdicts. An absent optional input is described by
 * aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_UNDEFINED) and passed as
 * aclCreateDataBuffer(NULL, 0) (EWH-11), as the suite passes it.
 *
 * usage: repro DIR   (DIR holds case.txt, data/ and model/, the atc output of op.json)
 * exit:  0 PASS, 1 FAIL or an ACL call failed, 2 bad input files
 */
#include "repro_judge.h"        /* case.txt, descs and attrs from it (repro_case.h), judge (shared with the contract reproducer) */

/* Writes what output i gave to DIR/data/actual_i.bin, for whoever investigates a FAIL. */
static void save_actual(const char *dir, int i, const tensor *got)
{
    char path[600];
    snprintf(path, sizeof path, "%s/data/actual_%d.bin", dir, i);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(got->host, 1, got->size, f) != got->size)
        fprintf(stderr, "note: could not write %s\n", path);
    if (f != NULL)
        fclose(f);
}

static repro_case c;

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    if (read_case(argv[1], &c))
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
    for (int i = 0; i < c.n_in; i++) {
        tensor *t = &c.ins[i];
        in_desc[i] = make_desc(t);
        in_dev[i] = NULL;
        if (is_absent(t)) {                 /* an absent optional input: no memory (EWH-11) */
            in_buf[i] = aclCreateDataBuffer(NULL, 0);
            continue;
        }
        CHECK_ACL(aclrtMalloc(&in_dev[i], t->size ? t->size : 1, ACL_MEM_MALLOC_HUGE_FIRST));
        if (t->size)
            CHECK_ACL(aclrtMemcpy(in_dev[i], t->size, t->host, t->size, ACL_MEMCPY_HOST_TO_DEVICE));
        in_buf[i] = aclCreateDataBuffer(in_dev[i], t->size);
    }
    for (int i = 0; i < c.n_out; i++) {
        tensor *t = &c.outs[i];
        out_desc[i] = make_desc(t);
        CHECK_ACL(aclrtMalloc(&out_dev[i], t->size ? t->size : 1, ACL_MEM_MALLOC_HUGE_FIRST));
        out_buf[i] = aclCreateDataBuffer(out_dev[i], t->size);
    }
    aclopAttr *opAttr = aclopCreateAttr();
    if (set_attrs(opAttr, c.n_attr, c.attrs))
        return 1;
    aclopHandle *handle = NULL;
    CHECK_ACL(aclopCreateHandle(c.op_type, c.n_in, in_desc, c.n_out, out_desc, opAttr, &handle));
    CHECK_ACL(aclopExecWithHandle(handle, c.n_in, (const aclDataBuffer *const *)in_buf, c.n_out, out_buf, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));

    int failed = 0;
    for (int i = 0; i < c.n_out; i++) {
        tensor got = c.outs[i];
        got.host = malloc(got.size ? got.size : 1);
        if (got.size)
            CHECK_ACL(aclrtMemcpy(got.host, got.size, out_dev[i], got.size, ACL_MEMCPY_DEVICE_TO_HOST));
        save_actual(argv[1], i, &got);
        failed |= judge(i, &c.outs[i], &c.stds[i], &got);
        free(got.host);
    }
    aclopDestroyHandle(handle);
    aclopDestroyAttr(opAttr);
    for (int i = 0; i < c.n_in; i++) {
        CHECK_ACL(aclDestroyDataBuffer(in_buf[i]));
        aclDestroyTensorDesc(in_desc[i]);
        if (in_dev[i] != NULL)
            CHECK_ACL(aclrtFree(in_dev[i]));
    }
    for (int i = 0; i < c.n_out; i++) {
        CHECK_ACL(aclDestroyDataBuffer(out_buf[i]));
        aclDestroyTensorDesc(out_desc[i]);
        CHECK_ACL(aclrtFree(out_dev[i]));
    }
    if (client_finalize(&rt))
        return 1;
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed;
}
