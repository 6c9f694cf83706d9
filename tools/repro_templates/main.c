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

static repro_case c;

/* The descs, data buffers and device memory of one side (inputs or outputs) of the call. */
typedef struct {
    const aclTensorDesc *desc[MAX_TENSORS];
    aclDataBuffer *buf[MAX_TENSORS];
    void *dev[MAX_TENSORS];     /* NULL: no memory (an absent optional input) */
} io_set;

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

/* Descs and device buffers of n tensors; copy: their data goes to the device (inputs). An absent
 * optional input gets no memory and the buffer aclCreateDataBuffer(NULL, 0), as the suite passes
 * it (EWH-11). */
static int set_up(int n, const tensor *ts, io_set *io, int copy)
{
    for (int i = 0; i < n; i++) {
        const tensor *t = &ts[i];
        io->desc[i] = make_desc(t);
        io->dev[i] = NULL;
        if (is_absent(t)) {
            io->buf[i] = aclCreateDataBuffer(NULL, 0);
            continue;
        }
        CHECK_ACL(aclrtMalloc(&io->dev[i], t->size ? t->size : 1, ACL_MEM_MALLOC_HUGE_FIRST));
        if (copy && t->size)
            CHECK_ACL(aclrtMemcpy(io->dev[i], t->size, t->host, t->size, ACL_MEMCPY_HOST_TO_DEVICE));
        io->buf[i] = aclCreateDataBuffer(io->dev[i], t->size);
    }
    return 0;
}

static int release(int n, io_set *io)
{
    for (int i = 0; i < n; i++) {
        CHECK_ACL(aclDestroyDataBuffer(io->buf[i]));
        aclDestroyTensorDesc(io->desc[i]);
        if (io->dev[i] != NULL)
            CHECK_ACL(aclrtFree(io->dev[i]));
    }
    return 0;
}

/* Each output read back, saved and judged; *failed: any output fails (repro_judge.h). */
static int judge_outputs(const char *dir, const io_set *outs, int *failed)
{
    for (int i = 0; i < c.n_out; i++) {
        tensor got = c.outs[i];
        got.host = malloc(got.size ? got.size : 1);
        if (got.size)
            CHECK_ACL(aclrtMemcpy(got.host, got.size, outs->dev[i], got.size, ACL_MEMCPY_DEVICE_TO_HOST));
        save_actual(dir, i, &got);
        *failed |= judge(i, &c.outs[i], &c.stds[i], &got);
        free(got.host);
    }
    return 0;
}

/* A failed call of the launch: its code and the runtime's message, read once (CANN's
 * aclGetRecentErrMsg hands each message out once). */
static int launch_failed(const char *call, aclError code)
{
    const char *msg = aclGetRecentErrMsg();
    fprintf(stderr, "FAIL %s returned %d (%s)\n", call, (int)code, msg != NULL ? msg : "no message");
    return 1;
}

/* The launch: a handle from the descs and attributes, one execution, a synchronisation. */
static int launch(aclrtStream stream, io_set *ins, io_set *outs)
{
    aclopAttr *opAttr = aclopCreateAttr();
    if (set_attrs(opAttr, c.n_attr, c.attrs))
        return 1;
    aclopHandle *handle = NULL;
    aclError code = aclopCreateHandle(c.op_type, c.n_in, ins->desc, c.n_out, outs->desc, opAttr, &handle);
    if (code != ACL_SUCCESS)
        return launch_failed("aclopCreateHandle", code);
    code = aclopExecWithHandle(handle, c.n_in, (const aclDataBuffer *const *)ins->buf, c.n_out, outs->buf, stream);
    if (code != ACL_SUCCESS)
        return launch_failed("aclopExecWithHandle", code);
    code = aclrtSynchronizeStream(stream);
    if (code != ACL_SUCCESS)
        return launch_failed("aclrtSynchronizeStream", code);
    aclopDestroyHandle(handle);
    aclopDestroyAttr(opAttr);
    return 0;
}

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
    static io_set ins, outs;
    int failed = 0;
    if (client_init(&rt))
        return 1;
    CHECK_ACL(aclopSetModelDir(model_dir));
    if (set_up(c.n_in, c.ins, &ins, 1) || set_up(c.n_out, c.outs, &outs, 0) || launch(rt.stream, &ins, &outs)
        || judge_outputs(argv[1], &outs, &failed))
        return 1;
    if (release(c.n_in, &ins) || release(c.n_out, &outs) || client_finalize(&rt))
        return 1;
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed;
}
