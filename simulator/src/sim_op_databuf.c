/*
 * sim_op_databuf.c - aclDataBuffer objects and aclDataTypeSize (acl-abi.md section 1, "Data buffer").
 */
#include <pthread.h>
#include <stdlib.h>

#include "sim_op_priv.h"

/* Guards reads of a buffer against a concurrent aclDestroyDataBuffer/aclUpdateDataBuffer. */
static pthread_mutex_t g_buf_lock = PTHREAD_MUTEX_INITIALIZER;

ACL_FUNC_VISIBILITY aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    /* No validation at all (RT data_buffer.cpp): (NULL, 0) and any (ptr, len) are accepted. */
    sim_databuf *b = malloc(sizeof(*b));
    if (b == NULL) return NULL;
    b->data = data;
    b->size = size;
    void *h = sim_handle_new(SIM_KIND_DATA_BUFFER, b);
    if (h == NULL) {
        free(b);
        return NULL;
    }
    return (aclDataBuffer *)h;
}

static aclError dead_buffer(const aclDataBuffer *dataBuffer)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                    "Value %p for dataBuffer is invalid. Reason: not a live aclDataBuffer "
                    "(never created or already destroyed).", (const void *)dataBuffer);
}

ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    if (dataBuffer == NULL)
        return sim_null_arg("dataBuffer");
    pthread_mutex_lock(&g_buf_lock);
    sim_databuf *b = sim_handle_take(SIM_KIND_DATA_BUFFER, dataBuffer);
    pthread_mutex_unlock(&g_buf_lock);
    if (b == NULL)
        return dead_buffer(dataBuffer);
    free(b);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size)
{
    if (dataBuffer == NULL)
        return sim_null_arg("dataBuffer");
    pthread_mutex_lock(&g_buf_lock);
    sim_databuf *b = sim_handle_get(SIM_KIND_DATA_BUFFER, dataBuffer);
    if (b != NULL) {
        b->data = data;
        b->size = size;
    }
    pthread_mutex_unlock(&g_buf_lock);
    if (b == NULL)
        return dead_buffer(dataBuffer);
    return ACL_SUCCESS;
}

int sim_databuf_read(const aclDataBuffer *h, sim_databuf *out)
{
    if (h == NULL) return 0;
    pthread_mutex_lock(&g_buf_lock);
    sim_databuf *b = sim_handle_get(SIM_KIND_DATA_BUFFER, h);
    if (b != NULL) *out = *b;
    pthread_mutex_unlock(&g_buf_lock);
    return b != NULL;
}

ACL_FUNC_VISIBILITY void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer)
{
    sim_databuf b;
    if (!sim_databuf_read(dataBuffer, &b)) return NULL;
    return b.data;
}

ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer)
{
    sim_databuf b;
    if (!sim_databuf_read(dataBuffer, &b)) return 0;
    return (uint32_t)b.size;   /* deprecated API: truncates like the real uint32_t return */
}

ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer)
{
    sim_databuf b;
    if (!sim_databuf_read(dataBuffer, &b)) return 0;
    return b.size;
}

ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType)
{
    switch ((int)dataType) {
    case ACL_STRING:
    case ACL_DT_UNDEFINED:
        return 0;
    case ACL_UINT1:
    case ACL_INT4:
    case ACL_BOOL:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_HIFLOAT8:
    case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN:
    case ACL_FLOAT8_E8M0:
        return 1;
    case ACL_FLOAT16:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_BF16:
        return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32:
        return 4;
    case ACL_COMPLEX128:
        return 16;
    default:   /* INT64, UINT64, DOUBLE, COMPLEX64 and any other value */
        return 8;
    }
}

aclError sim_op_resolve_bufs(const char *what, int n, const aclDataBuffer *const arr[], sim_databuf *out)
{
    /* out == NULL: check only. Callers check before allocating n entries, so a huge count whose
     * array ends early (a NULL element) is rejected like GE does, element by element. */
    if (n > 0 && arr == NULL)
        return sim_null_arg(what);
    for (int i = 0; i < n; i++) {
        sim_databuf scratch;
        if (arr[i] == NULL)
            return sim_null_elem(what, i);
        if (!sim_databuf_read(arr[i], out != NULL ? &out[i] : &scratch))
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %p for %s[%d] is invalid. Reason: not a live aclDataBuffer "
                            "(never created or already destroyed).", (const void *)arr[i], what, i);
    }
    return ACL_SUCCESS;
}
