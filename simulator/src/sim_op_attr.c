/*
 * sim_op_attr.c - aclopAttr objects (acl-abi.md section 3 "Attr setters") and the internal attr
 * set (deep-copyable, comparable) with the accessors kernels use (sim_internal.h).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

typedef struct {
    char *name;
    int type;                  /* sim_attr_type */
    int64_t i;                 /* BOOL (0/1), INT, DATA_TYPE */
    float f;                   /* FLOAT */
    char *s;                   /* STRING */
    int n;                     /* list count */
    void *list;                /* uint8_t / int64_t / float / char* / int32_t array, or int64_t* per list */
    int *counts;               /* LIST_LIST_INT: element count of each list */
} attr_entry;

struct sim_attr_set {
    int n, cap;
    attr_entry *e;
};

static void entry_clear(attr_entry *e)
{
    free(e->name);
    free(e->s);
    if (e->type == SIM_ATTR_LIST_STRING && e->list) {
        char **v = e->list;
        for (int i = 0; i < e->n; i++) free(v[i]);
    }
    if (e->type == SIM_ATTR_LIST_LIST_INT && e->list) {
        int64_t **v = e->list;
        for (int i = 0; i < e->n; i++) free(v[i]);
    }
    free(e->list);
    free(e->counts);
    memset(e, 0, sizeof(*e));
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p) memcpy(p, s, n);
    return p;
}

static size_t list_elem_size(int type)
{
    switch (type) {
    case SIM_ATTR_LIST_BOOL: return sizeof(uint8_t);
    case SIM_ATTR_LIST_INT: return sizeof(int64_t);
    case SIM_ATTR_LIST_FLOAT: return sizeof(float);
    case SIM_ATTR_LIST_STRING: return sizeof(char *);
    case SIM_ATTR_LIST_DATA_TYPE: return sizeof(int32_t);
    case SIM_ATTR_LIST_LIST_INT: return sizeof(int64_t *);
    default: return 0;
    }
}

/* Deep copy src into dst; 0 or -1 (dst cleared). */
static int entry_copy(attr_entry *dst, const attr_entry *src)
{
    memset(dst, 0, sizeof(*dst));
    dst->type = src->type;
    dst->i = src->i;
    dst->f = src->f;
    dst->n = src->n;
    dst->name = dup_str(src->name);
    if (dst->name == NULL) goto fail;
    if (src->s) {
        dst->s = dup_str(src->s);
        if (dst->s == NULL) goto fail;
    }
    size_t es = list_elem_size(src->type);
    if (es == 0) return 0;
    dst->list = sim_op_calloc((size_t)src->n, es);
    if (dst->list == NULL) goto fail;
    if (src->type == SIM_ATTR_LIST_STRING) {
        char **sv = src->list, **dv = dst->list;
        for (int i = 0; i < src->n; i++)
            if ((dv[i] = dup_str(sv[i])) == NULL) goto fail;
    } else if (src->type == SIM_ATTR_LIST_LIST_INT) {
        dst->counts = sim_op_calloc((size_t)src->n, sizeof(int));
        if (dst->counts == NULL) goto fail;
        int64_t **sv = src->list, **dv = dst->list;
        for (int i = 0; i < src->n; i++) {
            dst->counts[i] = src->counts[i];
            dv[i] = sim_op_calloc((size_t)src->counts[i], sizeof(int64_t));
            if (dv[i] == NULL) goto fail;
            if (src->counts[i] > 0) memcpy(dv[i], sv[i], (size_t)src->counts[i] * sizeof(int64_t));
        }
    } else if (src->n > 0) {
        memcpy(dst->list, src->list, (size_t)src->n * es);
    }
    return 0;
fail:
    entry_clear(dst);
    return -1;
}

static int entry_equal(const attr_entry *a, const attr_entry *b)
{
    if (a->type != b->type) return 0;
    switch (a->type) {
    case SIM_ATTR_BOOL:
    case SIM_ATTR_INT:
    case SIM_ATTR_DATA_TYPE:
        return a->i == b->i;
    case SIM_ATTR_FLOAT:
        return a->f == b->f;
    case SIM_ATTR_STRING:
        return strcmp(a->s, b->s) == 0;
    default:
        break;
    }
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++) {
        switch (a->type) {
        case SIM_ATTR_LIST_BOOL:
            if (((const uint8_t *)a->list)[i] != ((const uint8_t *)b->list)[i]) return 0;
            break;
        case SIM_ATTR_LIST_INT:
            if (((const int64_t *)a->list)[i] != ((const int64_t *)b->list)[i]) return 0;
            break;
        case SIM_ATTR_LIST_FLOAT:
            if (((const float *)a->list)[i] != ((const float *)b->list)[i]) return 0;
            break;
        case SIM_ATTR_LIST_DATA_TYPE:
            if (((const int32_t *)a->list)[i] != ((const int32_t *)b->list)[i]) return 0;
            break;
        case SIM_ATTR_LIST_STRING:
            if (strcmp(((char *const *)a->list)[i], ((char *const *)b->list)[i]) != 0) return 0;
            break;
        case SIM_ATTR_LIST_LIST_INT: {
            if (a->counts[i] != b->counts[i]) return 0;
            const int64_t *x = ((int64_t *const *)a->list)[i], *y = ((int64_t *const *)b->list)[i];
            if (a->counts[i] > 0 && memcmp(x, y, (size_t)a->counts[i] * sizeof(int64_t)) != 0) return 0;
            break;
        }
        default:
            return 0;
        }
    }
    return 1;
}

static const attr_entry *find(const sim_attr_set *s, const char *name)
{
    if (s == NULL || name == NULL) return NULL;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->e[i].name, name) == 0) return &s->e[i];
    return NULL;
}

/* Insert or replace; takes ownership of *e's contents on success (0), frees them on failure. */
static int put(sim_attr_set *s, attr_entry *e)
{
    for (int i = 0; i < s->n; i++) {
        if (strcmp(s->e[i].name, e->name) == 0) {
            entry_clear(&s->e[i]);
            s->e[i] = *e;
            return 0;
        }
    }
    if (s->n == s->cap) {
        int nc = s->cap ? s->cap * 2 : 4;
        attr_entry *ne = realloc(s->e, (size_t)nc * sizeof(*ne));
        if (ne == NULL) {
            entry_clear(e);
            return -1;
        }
        s->e = ne;
        s->cap = nc;
    }
    s->e[s->n++] = *e;
    return 0;
}

static int begin(attr_entry *e, const char *name, int type)
{
    memset(e, 0, sizeof(*e));
    e->type = type;
    e->name = dup_str(name);
    return e->name ? 0 : -1;
}

/* ---------------------------------------------------------------- internal set API */

sim_attr_set *sim_attrset_new(void)
{
    return calloc(1, sizeof(sim_attr_set));
}

void sim_attrset_free(sim_attr_set *s)
{
    if (s == NULL) return;
    for (int i = 0; i < s->n; i++) entry_clear(&s->e[i]);
    free(s->e);
    free(s);
}

sim_attr_set *sim_attrset_copy(const sim_attr_set *s)
{
    sim_attr_set *c = sim_attrset_new();
    if (c == NULL || s == NULL || s->n == 0) return c;
    c->e = calloc((size_t)s->n, sizeof(attr_entry));
    if (c->e == NULL) {
        free(c);
        return NULL;
    }
    c->cap = s->n;
    for (int i = 0; i < s->n; i++) {
        if (entry_copy(&c->e[i], &s->e[i]) != 0) {
            sim_attrset_free(c);
            return NULL;
        }
        c->n++;
    }
    return c;
}

int sim_attrset_count(const sim_attr_set *s)
{
    return s ? s->n : 0;
}

int sim_attrset_has(const sim_attr_set *s, const char *name)
{
    return find(s, name) != NULL;
}

int sim_attrset_equal(const sim_attr_set *a, const sim_attr_set *b)
{
    if (sim_attrset_count(a) != sim_attrset_count(b)) return 0;
    for (int i = 0; i < sim_attrset_count(a); i++) {
        const attr_entry *o = find(b, a->e[i].name);
        if (o == NULL || !entry_equal(&a->e[i], o)) return 0;
    }
    return 1;
}

int sim_attrset_set_bool(sim_attr_set *s, const char *name, int v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_BOOL)) return -1;
    e.i = v ? 1 : 0;
    return put(s, &e);
}

int sim_attrset_set_int(sim_attr_set *s, const char *name, int64_t v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_INT)) return -1;
    e.i = v;
    return put(s, &e);
}

int sim_attrset_set_float(sim_attr_set *s, const char *name, float v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_FLOAT)) return -1;
    e.f = v;
    return put(s, &e);
}

int sim_attrset_set_string(sim_attr_set *s, const char *name, const char *v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_STRING)) return -1;
    e.s = dup_str(v);
    if (e.s == NULL) {
        entry_clear(&e);
        return -1;
    }
    return put(s, &e);
}

int sim_attrset_set_data_type(sim_attr_set *s, const char *name, int32_t v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_DATA_TYPE)) return -1;
    e.i = v;
    return put(s, &e);
}

static int set_list(sim_attr_set *s, const char *name, int type, int n, const void *v)
{
    attr_entry e;
    if (begin(&e, name, type)) return -1;
    size_t es = list_elem_size(type);
    e.n = n;
    e.list = sim_op_calloc((size_t)n, es);
    if (e.list == NULL) {
        entry_clear(&e);
        return -1;
    }
    if (type == SIM_ATTR_LIST_BOOL) {
        for (int i = 0; i < n; i++) ((uint8_t *)e.list)[i] = ((const uint8_t *)v)[i] ? 1 : 0;
    } else if (type == SIM_ATTR_LIST_STRING) {
        for (int i = 0; i < n; i++) {
            ((char **)e.list)[i] = dup_str(((const char *const *)v)[i]);
            if (((char **)e.list)[i] == NULL) {
                entry_clear(&e);
                return -1;
            }
        }
    } else if (n > 0) {
        memcpy(e.list, v, (size_t)n * es);
    }
    return put(s, &e);
}

int sim_attrset_set_list_bool(sim_attr_set *s, const char *name, int n, const uint8_t *v)
{
    return set_list(s, name, SIM_ATTR_LIST_BOOL, n, v);
}

int sim_attrset_set_list_int(sim_attr_set *s, const char *name, int n, const int64_t *v)
{
    return set_list(s, name, SIM_ATTR_LIST_INT, n, v);
}

int sim_attrset_set_list_float(sim_attr_set *s, const char *name, int n, const float *v)
{
    return set_list(s, name, SIM_ATTR_LIST_FLOAT, n, v);
}

int sim_attrset_set_list_string(sim_attr_set *s, const char *name, int n, const char *const *v)
{
    return set_list(s, name, SIM_ATTR_LIST_STRING, n, v);
}

int sim_attrset_set_list_data_type(sim_attr_set *s, const char *name, int n, const int32_t *v)
{
    return set_list(s, name, SIM_ATTR_LIST_DATA_TYPE, n, v);
}

int sim_attrset_set_list_list_int(sim_attr_set *s, const char *name, int n, const int *counts,
                                  const int64_t *const *v)
{
    attr_entry e;
    if (begin(&e, name, SIM_ATTR_LIST_LIST_INT)) return -1;
    e.n = n;
    e.list = sim_op_calloc((size_t)n, sizeof(int64_t *));
    e.counts = sim_op_calloc((size_t)n, sizeof(int));
    if (e.list == NULL || e.counts == NULL) {
        entry_clear(&e);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        e.counts[i] = counts[i];
        int64_t *p = sim_op_calloc((size_t)counts[i], sizeof(int64_t));
        ((int64_t **)e.list)[i] = p;
        if (p == NULL) {
            entry_clear(&e);
            return -1;
        }
        if (counts[i] > 0) memcpy(p, v[i], (size_t)counts[i] * sizeof(int64_t));
    }
    return put(s, &e);
}

sim_attr_set *sim_attrset_get(const aclopAttr *h)
{
    if (h == NULL) return NULL;
    return sim_handle_get(SIM_KIND_OP_ATTR, h);
}

/* ---------------------------------------------------------------- accessors for kernels */

int sim_attr_get_bool(const sim_attr_set *attrs, const char *name, int *value)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_BOOL) return 0;
    if (value) *value = (int)e->i;
    return 1;
}

int sim_attr_get_int(const sim_attr_set *attrs, const char *name, int64_t *value)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_INT) return 0;
    if (value) *value = e->i;
    return 1;
}

int sim_attr_get_float(const sim_attr_set *attrs, const char *name, float *value)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_FLOAT) return 0;
    if (value) *value = e->f;
    return 1;
}

int sim_attr_get_string(const sim_attr_set *attrs, const char *name, const char **value)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_STRING) return 0;
    if (value) *value = e->s;
    return 1;
}

int sim_attr_get_data_type(const sim_attr_set *attrs, const char *name, int32_t *value)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_DATA_TYPE) return 0;
    if (value) *value = (int32_t)e->i;
    return 1;
}

int sim_attr_get_list_int(const sim_attr_set *attrs, const char *name, const int64_t **values, int *count)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_LIST_INT) return 0;
    if (values) *values = e->list;
    if (count) *count = e->n;
    return 1;
}

int sim_attr_get_list_float(const sim_attr_set *attrs, const char *name, const float **values, int *count)
{
    const attr_entry *e = find(attrs, name);
    if (e == NULL || e->type != SIM_ATTR_LIST_FLOAT) return 0;
    if (values) *values = e->list;
    if (count) *count = e->n;
    return 1;
}

int sim_attr_type_of(const sim_attr_set *attrs, const char *name)
{
    const attr_entry *e = find(attrs, name);
    return e ? e->type : -1;
}

/* ---------------------------------------------------------------- exported API */

ACL_FUNC_VISIBILITY aclopAttr *aclopCreateAttr(void)
{
    sim_attr_set *s = sim_attrset_new();
    if (s == NULL) return NULL;
    void *h = sim_handle_new(SIM_KIND_OP_ATTR, s);
    if (h == NULL) {
        sim_attrset_free(s);
        return NULL;
    }
    return (aclopAttr *)h;
}

ACL_FUNC_VISIBILITY void aclopDestroyAttr(const aclopAttr *attr)
{
    if (attr == NULL) return;
    sim_attrset_free(sim_handle_take(SIM_KIND_OP_ATTR, attr));
}

static aclError dead_attr_error(const char *what, const aclopAttr *attr)
{
    return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                    "Value %p for %s is invalid. Reason: not a live aclopAttr (never created or already "
                    "destroyed).", (const void *)attr, what);
}

aclError sim_op_resolve_attr(const char *what, const aclopAttr *attr, const sim_attr_set **out)
{
    *out = NULL;
    if (attr == NULL) return ACL_SUCCESS;
    *out = sim_attrset_get(attr);
    return *out ? ACL_SUCCESS : dead_attr_error(what, attr);
}

/* Common argument checks: resolves the set or returns the error. */
#define ATTR_PROLOGUE(set, attr, attrName)                                                         \
    if ((attr) == NULL)                                                                             \
        return sim_null_arg("attr");     \
    if ((attrName) == NULL)                                                                         \
        return sim_null_arg("attrName"); \
    sim_attr_set *set = sim_attrset_get(attr);                                                      \
    if (set == NULL)                                                                                \
        return dead_attr_error("attr", attr)

#define LIST_CHECK(n, nname, values)                                                                \
    if ((n) < 0)                                                                                    \
        return sim_op_negative_error(nname, (n));                                                   \
    if ((n) > 0 && (values) == NULL)                                                                \
        return sim_null_arg("values")

static aclError oom_or_ok(int rc)
{
    return rc == 0 ? ACL_SUCCESS : sim_op_oom();
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue)
{
    ATTR_PROLOGUE(s, attr, attrName);
    return oom_or_ok(sim_attrset_set_bool(s, attrName, attrValue != 0));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue)
{
    ATTR_PROLOGUE(s, attr, attrName);
    return oom_or_ok(sim_attrset_set_int(s, attrName, attrValue));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue)
{
    ATTR_PROLOGUE(s, attr, attrName);
    return oom_or_ok(sim_attrset_set_float(s, attrName, attrValue));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue)
{
    ATTR_PROLOGUE(s, attr, attrName);
    if (attrValue == NULL)
        return sim_null_arg("attrValue");
    return oom_or_ok(sim_attrset_set_string(s, attrName, attrValue));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue)
{
    ATTR_PROLOGUE(s, attr, attrName);
    return oom_or_ok(sim_attrset_set_data_type(s, attrName, (int32_t)attrValue));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName, int numValues,
                                                      const aclDataType values[])
{
    ATTR_PROLOGUE(s, attr, attrName);
    LIST_CHECK(numValues, "numValues", values);
    int32_t *tmp = sim_op_calloc((size_t)numValues, sizeof(int32_t));
    if (tmp == NULL) return oom_or_ok(-1);
    for (int i = 0; i < numValues; i++) tmp[i] = (int32_t)values[i];
    int rc = sim_attrset_set_list_data_type(s, attrName, numValues, tmp);
    free(tmp);
    return oom_or_ok(rc);
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName, int numValues,
                                                  const uint8_t *values)
{
    ATTR_PROLOGUE(s, attr, attrName);
    LIST_CHECK(numValues, "numValues", values);
    return oom_or_ok(sim_attrset_set_list_bool(s, attrName, numValues, values));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName, int numValues,
                                                 const int64_t *values)
{
    ATTR_PROLOGUE(s, attr, attrName);
    LIST_CHECK(numValues, "numValues", values);
    return oom_or_ok(sim_attrset_set_list_int(s, attrName, numValues, values));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName, int numValues,
                                                   const float *values)
{
    ATTR_PROLOGUE(s, attr, attrName);
    LIST_CHECK(numValues, "numValues", values);
    return oom_or_ok(sim_attrset_set_list_float(s, attrName, numValues, values));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues,
                                                    const char **values)
{
    ATTR_PROLOGUE(s, attr, attrName);
    LIST_CHECK(numValues, "numValues", values);
    for (int i = 0; i < numValues; i++)
        if (values[i] == NULL)
            return sim_null_elem("values", i);
    return oom_or_ok(sim_attrset_set_list_string(s, attrName, numValues, (const char *const *)values));
}

ACL_FUNC_VISIBILITY aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists,
                                                     const int *numValues, const int64_t *const values[])
{
    ATTR_PROLOGUE(s, attr, attrName);
    if (numLists < 0)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                        "Value %d for numLists is invalid. Reason: must be non-negative.", numLists);
    if (numLists > 0 && numValues == NULL)
        return sim_null_arg("numValues");
    if (numLists > 0 && values == NULL)
        return sim_null_arg("values");
    for (int i = 0; i < numLists; i++) {
        if (numValues[i] < 0)
            return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001",
                            "Value %d for numValues[%d] is invalid. Reason: must be non-negative.",
                            numValues[i], i);
        if (numValues[i] > 0 && values[i] == NULL)
            return sim_null_elem("values", i);
    }
    return oom_or_ok(sim_attrset_set_list_list_int(s, attrName, numLists, numValues, values));
}
