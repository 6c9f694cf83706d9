/*
 * sim_k_tensor.c - tensor size helpers shared by the kernels and the op layer (below the op table).
 */
#include "sim_internal.h"
#include "sim_fp.h"

int64_t sim_tensor_elements(const sim_tensor *t)
{
    int64_t n = 1;
    if (t == NULL || t->dtype == ACL_DT_UNDEFINED)
        return 0;
    for (int i = 0; i < t->ndims; i++) {
        if (t->dims[i] < 0)
            return -1;   /* dynamic: unknown */
        if (t->dims[i] == 0)
            return 0;
    }
    for (int i = 0; i < t->ndims; i++)
        n *= t->dims[i];
    return n;
}

size_t sim_tensor_bytes(const sim_tensor *t)
{
    int64_t n = sim_tensor_elements(t);
    if (n <= 0)
        return 0;
    switch (t->dtype) {
    case ACL_INT4: case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2:
        return (size_t)((n + 1) / 2);
    case ACL_UINT1:
        return (size_t)((n + 7) / 8);
    default:
        return (size_t)n * sim_dtype_size(t->dtype);
    }
}
