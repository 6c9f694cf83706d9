/*
 * sim_op_desc.c - aclTensorDesc objects (acl-abi.md section 1, "Tensor desc") and the desc
 * helpers used by model matching.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

#define SIM_MAX_RANGE_COUNT 128   /* simulator choice: cap for aclSetTensorShapeRange dimsCount */

static int64_t *dup_dims(int n, const int64_t *dims)
{
    int64_t *p = sim_op_calloc((size_t)n, sizeof(int64_t));
    if (p != NULL && n > 0) memcpy(p, dims, (size_t)n * sizeof(int64_t));
    return p;
}

static char *dup_str(const char *s)
{
    if (s == NULL) return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL) memcpy(p, s, n);
    return p;
}

void sim_desc_clear(sim_desc *d)
{
    if (d == NULL) return;
    free(d->dims);
    free(d->storage_dims);
    free(d->origin_dims);
    free(d->ranges);
    free(d->vranges);
    free(d->name);
    free(d->dyn_name);
    free(d->const_data);
    memset(d, 0, sizeof(*d));
}

int sim_desc_init(sim_desc *d, int32_t dtype, int ndims, const int64_t *dims, int32_t format)
{
    memset(d, 0, sizeof(*d));
    d->dtype = dtype;
    d->format = format;
    d->ndims = ndims;
    d->dims = dup_dims(ndims, dims);
    d->storage_format = ACL_FORMAT_UNDEFINED;
    d->storage_ndims = -1;
    d->origin_format = ACL_FORMAT_UNDEFINED;
    d->origin_ndims = -1;
    d->placement = ACL_MEMTYPE_DEVICE;
    if (d->dims == NULL) {
        sim_desc_clear(d);
        return -1;
    }
    return 0;
}

int sim_desc_copy(sim_desc *dst, const sim_desc *src)
{
    *dst = *src;
    dst->dims = dup_dims(src->ndims, src->dims);
    dst->storage_dims = src->storage_ndims >= 0 ? dup_dims(src->storage_ndims, src->storage_dims) : NULL;
    dst->origin_dims = src->origin_ndims >= 0 ? dup_dims(src->origin_ndims, src->origin_dims) : NULL;
    dst->ranges = sim_op_calloc(src->nranges * 2, sizeof(int64_t));
    dst->vranges = sim_op_calloc(src->nvranges * 2, sizeof(int64_t));
    dst->name = dup_str(src->name);
    dst->dyn_name = dup_str(src->dyn_name);
    dst->const_data = src->const_data ? malloc(src->const_len ? src->const_len : 1) : NULL;
    if (dst->dims == NULL || (src->storage_ndims >= 0 && dst->storage_dims == NULL) ||
        (src->origin_ndims >= 0 && dst->origin_dims == NULL) || dst->ranges == NULL ||
        dst->vranges == NULL || (src->name && !dst->name) || (src->dyn_name && !dst->dyn_name) ||
        (src->const_data && !dst->const_data)) {
        sim_desc_clear(dst);
        return -1;
    }
    if (src->nranges) memcpy(dst->ranges, src->ranges, src->nranges * 2 * sizeof(int64_t));
    if (src->nvranges) memcpy(dst->vranges, src->vranges, src->nvranges * 2 * sizeof(int64_t));
    if (src->const_data && src->const_len) memcpy(dst->const_data, src->const_data, src->const_len);
    return 0;
}

int sim_desc_set_dims(sim_desc *d, int ndims, const int64_t *dims)
{
    int64_t *p = dup_dims(ndims, dims);
    if (p == NULL) return -1;
    free(d->dims);
    d->dims = p;
    d->ndims = ndims;
    return 0;
}

int sim_desc_is_optional(const sim_desc *d)
{
    return d->dtype == ACL_DT_UNDEFINED && d->format == ACL_FORMAT_UNDEFINED && d->ndims == 0;
}

int sim_desc_has_unknown_dims(const sim_desc *d)
{
    for (int i = 0; i < d->ndims; i++)
        if (d->dims[i] == -1 || d->dims[i] == -2) return 1;
    return 0;
}

int sim_desc_is_dynamic(const sim_desc *d)
{
    return sim_desc_has_unknown_dims(d) || d->nvranges > 0;
}

static int const_equal(const sim_desc *a, const sim_desc *b)
{
    if (a->is_const != b->is_const) return 0;
    if (!a->is_const) return 1;
    if (a->const_len != b->const_len) return 0;
    return a->const_len == 0 || memcmp(a->const_data, b->const_data, a->const_len) == 0;
}

int sim_desc_equal(const sim_desc *a, const sim_desc *b)
{
    if (a->dtype != b->dtype || a->format != b->format || a->storage_format != b->storage_format)
        return 0;
    if (a->ndims != b->ndims) return 0;
    if (a->ndims > 0 && memcmp(a->dims, b->dims, (size_t)a->ndims * sizeof(int64_t)) != 0) return 0;
    if (a->nranges != b->nranges) return 0;
    if (a->nranges > 0 && memcmp(a->ranges, b->ranges, a->nranges * 2 * sizeof(int64_t)) != 0) return 0;
    return const_equal(a, b);
}

int sim_desc_fits(const sim_desc *model, const sim_desc *user, int check_dims)
{
    if (model->dtype != user->dtype || model->format != user->format ||
        model->storage_format != user->storage_format)
        return 0;
    if (!const_equal(model, user)) return 0;
    if (!check_dims) return 1;
    for (int i = 0; i < user->ndims; i++)
        if (user->dims[i] < 0) return 0;   /* "TensorDesc must be static when executing" */
    if (user->nvranges > 0) return 0;
    if (model->ndims == 1 && model->dims[0] == -2) return 1;   /* unknown rank: any shape */
    if (model->ndims != user->ndims) return 0;
    int per_dim = model->nranges == (size_t)model->ndims;
    size_t k = 0;   /* index among the model's -1 dims */
    for (int i = 0; i < model->ndims; i++) {
        int64_t md = model->dims[i], ud = user->dims[i];
        if (md >= 0) {
            if (md != ud) return 0;
            continue;
        }
        if (md != -1) return 0;
        size_t r = per_dim ? (size_t)i : k;
        k++;
        if (r < model->nranges) {
            int64_t lo = model->ranges[2 * r], hi = model->ranges[2 * r + 1];
            if (ud < lo) return 0;
            if (hi != -1 && ud > hi) return 0;
        }
    }
    return 1;
}

int sim_desc_to_tensor(const sim_desc *d, sim_tensor *t)
{
    memset(t, 0, sizeof(*t));
    t->dtype = d->dtype;
    t->format = d->format;
    if (d->ndims < 0 || d->ndims > SIM_MAX_DIMS) return -1;
    t->ndims = d->ndims;
    for (int i = 0; i < d->ndims; i++) {
        if (d->dims[i] < 0) return -1;
        t->dims[i] = d->dims[i];
    }
    return 0;
}

sim_desc *sim_desc_get(const aclTensorDesc *h)
{
    if (h == NULL) return NULL;
    return sim_handle_get(SIM_KIND_TENSOR_DESC, h);
}

aclError sim_op_resolve_descs(const char *what, int n, const aclTensorDesc *const arr[], const sim_desc **out)
{
    if (n > 0 && arr == NULL)
        return sim_null_arg(what);
    for (int i = 0; i < n; i++) {
        if (arr[i] == NULL)
            return sim_null_elem(what, i);
        out[i] = sim_desc_get(arr[i]);
        if (out[i] == NULL)
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %p for %s[%d] is invalid. Reason: not a live aclTensorDesc "
                            "(never created or already destroyed).", (const void *)arr[i], what, i);
    }
    return ACL_SUCCESS;
}

aclError sim_op_check_placement(const char *what, int n, const sim_desc *const *d)
{
    for (int i = 0; i < n; i++) {
        if (!d[i]->is_const &&
            (d[i]->placement == ACL_MEMTYPE_HOST || d[i]->placement == ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT))
            return sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH9999",
                            "%s[%d] has placement host memory (memType %d) but is not const: host "
                            "memory is only supported for const tensors.", what, i, (int)d[i]->placement);
    }
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------- exported API */

ACL_FUNC_VISIBILITY aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims,
                                                       aclFormat format)
{
    if (numDims < 0) return NULL;
    if (numDims > 0 && dims == NULL) return NULL;
    sim_desc *d = malloc(sizeof(*d));
    if (d == NULL) return NULL;
    if (sim_desc_init(d, (int32_t)dataType, numDims, dims, (int32_t)format) != 0) {
        free(d);
        return NULL;
    }
    void *h = sim_handle_new(SIM_KIND_TENSOR_DESC, d);
    if (h == NULL) {
        sim_desc_clear(d);
        free(d);
        return NULL;
    }
    return (aclTensorDesc *)h;
}

ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc *desc)
{
    if (desc == NULL) return;
    sim_desc *d = sim_handle_take(SIM_KIND_TENSOR_DESC, desc);
    if (d == NULL) return;
    sim_desc_clear(d);
    free(d);
}

#define GET_DESC_OR_FAIL(var, h)                                                                    \
    sim_desc *var = sim_desc_get(h);                                                                \
    do {                                                                                            \
        if ((h) == NULL)                                                                            \
            return sim_null_arg("desc"); \
        if (var == NULL)                                                                            \
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",                                      \
                            "Value %p for desc is invalid. Reason: not a live aclTensorDesc "       \
                            "(never created or already destroyed).", (const void *)(h));           \
    } while (0)

ACL_FUNC_VISIBILITY aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount,
                                                    int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM])
{
    GET_DESC_OR_FAIL(d, desc);
    if (dimsCount > 0 && dimsRange == NULL)
        return sim_null_arg("dimsRange");
    if (dimsCount > SIM_MAX_RANGE_COUNT)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for dimsCount is invalid. Reason: must not exceed %d.", dimsCount,
                        SIM_MAX_RANGE_COUNT);
    int64_t *r = sim_op_calloc(dimsCount * 2, sizeof(int64_t));
    if (r == NULL) return sim_op_oom();
    for (size_t i = 0; i < dimsCount; i++) {
        r[2 * i] = dimsRange[i][0];
        r[2 * i + 1] = dimsRange[i][1];
    }
    free(d->ranges);
    d->ranges = r;
    d->nranges = dimsCount;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount,
                                                    int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM])
{
    GET_DESC_OR_FAIL(d, desc);
    if (valueCount > 0 && valueRange == NULL)
        return sim_null_arg("valueRange");
    if (valueCount > (SIZE_MAX / 4) / sizeof(int64_t))
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for valueCount is invalid. Reason: too large.", valueCount);
    int64_t *r = sim_op_calloc(valueCount * 2, sizeof(int64_t));
    if (r == NULL) return sim_op_oom();
    for (size_t i = 0; i < valueCount; i++) {
        r[2 * i] = valueRange[i][0];
        r[2 * i + 1] = valueRange[i][1];
    }
    free(d->vranges);
    d->vranges = r;
    d->nvranges = valueCount;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc *desc)
{
    sim_desc *d = sim_desc_get(desc);
    return d ? (aclDataType)d->dtype : ACL_DT_UNDEFINED;
}

ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc)
{
    sim_desc *d = sim_desc_get(desc);
    return d ? (aclFormat)d->format : ACL_FORMAT_UNDEFINED;
}

/* GE tensor_desc_internal_om2.cpp aclGetTensorDescElementCountImplOm2: a negative dim or a product
 * that overflows size_t (CheckSizeTMultiOverflow) gives 0. */
static size_t desc_elements(const sim_desc *d)
{
    size_t n = 1;
    for (int i = 0; i < d->ndims; i++) {
        if (d->dims[i] < 0) return 0;
        size_t dim = (size_t)d->dims[i];
        if (n != 0 && dim != 0 && SIZE_MAX / n < dim) return 0;
        n *= dim;
    }
    return n;
}

/* GE aclGetTensorDescSizeImplOm2: element count * dtype size, 0 when that overflows. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc *desc)
{
    sim_desc *d = sim_desc_get(desc);
    if (d == NULL) return 0;
    size_t n = desc_elements(d), size = aclDataTypeSize((aclDataType)d->dtype);
    if (n != 0 && size != 0 && SIZE_MAX / n < size) return 0;
    return n * size;
}

ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc *desc)
{
    sim_desc *d = sim_desc_get(desc);
    return d ? desc_elements(d) : 0;
}

ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc *desc)
{
    sim_desc *d = sim_desc_get(desc);
    if (d == NULL) return 0;
    if (d->ndims > 0 && d->dims[0] == -2) return (size_t)ACL_UNKNOWN_RANK;
    return (size_t)d->ndims;
}

static aclError index_error(size_t index, int ndims)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                    "Value %zu for index is invalid. Reason: must be less than the number of dims %d.", index, ndims);
}

ACL_FUNC_VISIBILITY int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index)
{
    sim_desc *d = sim_desc_get(desc);
    if (d == NULL) {
        sim_null_arg("desc");
        return -1;
    }
    if (index >= (size_t)d->ndims) {
        index_error(index, d->ndims);
        return -1;
    }
    return d->dims[index];
}

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize)
{
    GET_DESC_OR_FAIL(d, desc);
    if (dimSize == NULL)
        return sim_null_arg("dimSize");
    if (index >= (size_t)d->ndims)
        return index_error(index, d->ndims);
    *dimSize = d->dims[index];
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum,
                                                      int64_t *dimRange)
{
    GET_DESC_OR_FAIL(d, desc);
    if (dimRange == NULL)
        return sim_null_arg("dimRange");
    if (index >= d->nranges)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for index is invalid. Reason: must be less than the number of shape "
                        "ranges %zu.", index, d->nranges);
    if (dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %zu for dimRangeNum is invalid. Reason: must be at least %d.", dimRangeNum,
                        ACL_TENSOR_SHAPE_RANGE_NUM);
    dimRange[0] = d->ranges[2 * index];
    dimRange[1] = d->ranges[2 * index + 1];
    return ACL_SUCCESS;
}

/* GE tensor_desc_internal_om2.cpp aclSetTensorDescNameImplOm2: NULL desc ignored; NULL name clears
 * the name (""). */
ACL_FUNC_VISIBILITY void aclSetTensorDescName(aclTensorDesc *desc, const char *name)
{
    sim_desc *d = sim_desc_get(desc);
    if (d == NULL) return;
    if (name == NULL) {
        free(d->name);
        d->name = NULL;
        return;
    }
    char *p = dup_str(name);
    if (p == NULL) return;
    free(d->name);
    d->name = p;
}

ACL_FUNC_VISIBILITY const char *aclGetTensorDescName(aclTensorDesc *desc)
{
    /* GE aclGetTensorDescNameImplOm2: NULL desc -> "" (an unknown handle too: simulator choice) */
    sim_desc *d = sim_desc_get(desc);
    if (d == NULL) return "";
    return d->name ? d->name : "";
}

ACL_FUNC_VISIBILITY aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat,
                                                      aclTensorDesc **dstDesc)
{
    if (srcDesc == NULL)
        return sim_null_arg("srcDesc");
    if (dstDesc == NULL)
        return sim_null_arg("dstDesc");
    sim_desc *s = sim_desc_get(srcDesc);
    if (s == NULL)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for srcDesc is invalid. Reason: not a live aclTensorDesc.",
                        (const void *)srcDesc);
    if ((int32_t)dstFormat != s->format)
        return sim_fail(ACL_ERROR_API_NOT_SUPPORT, "EH9999",
                        "aclTransTensorDescFormat from format %d to format %d is not supported by the "
                        "simulator (only the identity transform is).", (int)s->format, (int)dstFormat);
    sim_desc *d = malloc(sizeof(*d));
    if (d == NULL || sim_desc_copy(d, s) != 0) {
        free(d);
        return sim_op_oom();
    }
    void *h = sim_handle_new(SIM_KIND_TENSOR_DESC, d);
    if (h == NULL) {
        sim_desc_clear(d);
        free(d);
        return sim_op_oom();
    }
    *dstDesc = (aclTensorDesc *)h;
    return ACL_SUCCESS;
}

static aclError set_shape_field(aclTensorDesc *desc, int numDims, const int64_t *dims, int which)
{
    GET_DESC_OR_FAIL(d, desc);
    if (numDims < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numDims is invalid. Reason: must be non-negative.", numDims);
    if (numDims > 0 && dims == NULL)
        return sim_null_arg("dims");
    int64_t *p = dup_dims(numDims, dims);
    if (p == NULL) return sim_op_oom();
    if (which == 0) {
        free(d->storage_dims);
        d->storage_dims = p;
        d->storage_ndims = numDims;
    } else {
        free(d->origin_dims);
        d->origin_dims = p;
        d->origin_ndims = numDims;
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format)
{
    GET_DESC_OR_FAIL(d, desc);
    d->storage_format = (int32_t)format;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape_field(desc, numDims, dims, 0);
}

ACL_FUNC_VISIBILITY aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format)
{
    /* GE: aclSetTensorFormat sets the storage format (the field compared when matching). */
    GET_DESC_OR_FAIL(d, desc);
    d->storage_format = (int32_t)format;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape_field(desc, numDims, dims, 0);
}

ACL_FUNC_VISIBILITY aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format)
{
    GET_DESC_OR_FAIL(d, desc);
    d->origin_format = (int32_t)format;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape_field(desc, numDims, dims, 1);
}

ACL_FUNC_VISIBILITY aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index)
{
    /* The simulator has no desc arrays: index 0 is the desc itself. */
    if (sim_desc_get(desc) == NULL) return NULL;
    return index == 0 ? desc : NULL;
}

ACL_FUNC_VISIBILITY void *aclGetTensorDescAddress(const aclTensorDesc *desc)
{
    (void)desc;   /* descs carry no device address in the simulator */
    return NULL;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName)
{
    GET_DESC_OR_FAIL(d, desc);
    if (dynamicInputName == NULL)
        return sim_null_arg("dynamicInputName");
    char *p = dup_str(dynamicInputName);
    if (p == NULL) return sim_op_oom();
    free(d->dyn_name);
    d->dyn_name = p;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length)
{
    GET_DESC_OR_FAIL(d, desc);
    if (dataBuffer == NULL)
        return sim_null_arg("dataBuffer");
    if (length == 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value 0 for length is invalid. Reason: must be positive.");
    if (sim_is_device_addr(dataBuffer))
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %p for dataBuffer is invalid. Reason: const data must be in host memory.",
                        dataBuffer);
    unsigned char *p = malloc(length);
    if (p == NULL) return sim_op_oom();
    memcpy(p, dataBuffer, length);
    free(d->const_data);
    d->const_data = p;
    d->const_len = length;
    d->is_const = 1;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType)
{
    GET_DESC_OR_FAIL(d, desc);
    d->placement = (int32_t)memType;
    return ACL_SUCCESS;
}
