/*
 * sim_op_args.c - the op layer's argument helpers and shared messages, below every other op unit:
 * counts, buffer data checks, out-of-memory and the zero-safe calloc.
 */
#include <stdlib.h>

#include "sim_op_priv.h"

void *sim_op_calloc(size_t n, size_t size)
{
    return calloc(n ? n : 1, size ? size : 1);
}

aclError sim_op_oom(void)
{
    return sim_fail(ACL_ERROR_BAD_ALLOC, "EH9999", "Out of memory.");
}

aclError sim_op_no_kernel(const char *op)
{
    return sim_fail(ACL_ERROR_OP_LOAD_FAILED, "EH9999", "op %s has no kernel in the simulator.", op);
}

aclError sim_op_negative_error(const char *what, int n)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %d for %s is invalid. Reason: must be non-negative.",
                    n, what);
}

aclError sim_op_check_counts(int numInputs, int numOutputs)
{
    if (numInputs < 0)
        return sim_op_negative_error("numInputs", numInputs);
    if (numOutputs < 0)
        return sim_op_negative_error("numOutputs", numOutputs);
    return ACL_SUCCESS;
}

/* aclopExecuteV2's CheckDataBufferArry: data NULL with length > 0 is rejected. */
aclError sim_op_check_buf_data(const char *what, int n, const sim_databuf *b)
{
    for (int i = 0; i < n; i++)
        if (b[i].data == NULL && b[i].size > 0)
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %zu for the length of %s[%d] is invalid. Reason: the data address is null, "
                            "so the length must be 0.", b[i].size, what, i);
    return ACL_SUCCESS;
}
