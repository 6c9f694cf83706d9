/*
 * sim_op_model.c - op models: lifetime, the model registry, and matching a signature against it
 * (static map first, then dynamic map by shape range; acl-abi.md section 3).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "sim_op_priv.h"

/* ================================================================ models: lifetime */

static void model_free(sim_model *m)
{
    if (m == NULL) return;
    for (int i = 0; i < m->nin; i++) sim_desc_clear(&m->in[i]);
    for (int i = 0; i < m->nout; i++) sim_desc_clear(&m->out[i]);
    free(m->in);
    free(m->out);
    free(m->op);
    free(m->name);
    free(m->soc);
    sim_attrset_free(m->attrs);
    free(m);
}

void sim_model_ref(sim_model *m)
{
    atomic_fetch_add(&m->refs, 1);
}

void sim_model_unref(sim_model *m)
{
    if (m == NULL) return;
    if (atomic_fetch_sub(&m->refs, 1) == 1) {
        if (m->reg) sim_handle_take(SIM_KIND_MODEL, m->reg);
        model_free(m);
    }
}

sim_model *sim_model_new(void)
{
    sim_model *m = calloc(1, sizeof(*m));
    if (m == NULL) return NULL;
    atomic_init(&m->refs, 1);
    m->attrs = sim_attrset_new();
    if (m->attrs == NULL) {
        free(m);
        return NULL;
    }
    return m;
}

void sim_model_compute_dynamic(sim_model *m)
{
    m->dynamic = 0;
    for (int i = 0; i < m->nin; i++) m->dynamic |= sim_desc_is_dynamic(&m->in[i]);
    for (int i = 0; i < m->nout; i++) m->dynamic |= sim_desc_is_dynamic(&m->out[i]);
}

/* ================================================================ registry */

static pthread_mutex_t g_models_lock = PTHREAD_MUTEX_INITIALIZER;
static sim_model **g_models;
static size_t g_nmodels, g_capmodels;

static int model_same(const sim_model *a, const sim_model *b)
{
    if (strcmp(a->op, b->op) != 0 || a->nin != b->nin || a->nout != b->nout) return 0;
    for (int i = 0; i < a->nin; i++)
        if (!sim_desc_equal(&a->in[i], &b->in[i])) return 0;
    for (int i = 0; i < a->nout; i++)
        if (!sim_desc_equal(&a->out[i], &b->out[i])) return 0;
    return sim_attrset_equal(a->attrs, b->attrs);
}

int sim_model_register(sim_model *m, int dedup)
{
    pthread_mutex_lock(&g_models_lock);
    if (dedup) {
        for (size_t i = 0; i < g_nmodels; i++) {
            if (model_same(g_models[i], m)) {
                pthread_mutex_unlock(&g_models_lock);
                sim_model_unref(m);
                return 0;
            }
        }
    }
    if (g_nmodels == g_capmodels) {
        size_t nc = g_capmodels ? g_capmodels * 2 : 16;
        sim_model **p = realloc(g_models, nc * sizeof(*p));
        if (p == NULL) {
            pthread_mutex_unlock(&g_models_lock);
            sim_model_unref(m);
            return -1;
        }
        g_models = p;
        g_capmodels = nc;
    }
    m->reg = sim_handle_new(SIM_KIND_MODEL, m);
    g_models[g_nmodels++] = m;
    pthread_mutex_unlock(&g_models_lock);
    return 0;
}

sim_model *sim_model_match(const char *op, int nin, const sim_desc *const *in, int nout,
                           const sim_desc *const *out, const sim_attr_set *attrs, int *is_dyn)
{
    sim_model *found = NULL;
    int dyn = 0;
    pthread_mutex_lock(&g_models_lock);
    /* static map: exact equality; newest registration wins */
    for (size_t k = g_nmodels; k-- > 0 && !found;) {
        sim_model *m = g_models[k];
        if (m->dynamic || m->nin != nin || m->nout != nout || strcmp(m->op, op) != 0) continue;
        int ok = 1;
        for (int i = 0; ok && i < nin; i++) ok = sim_desc_equal(&m->in[i], in[i]);
        for (int i = 0; ok && i < nout; i++) ok = sim_desc_equal(&m->out[i], out[i]);
        /* FAULT create_ignore_attrs (EWH-01): attrs not compared */
        if (ok && (sim_attrset_equal(m->attrs, attrs) || sim_fault_on(SIM_FAULT_CREATE_IGNORE_ATTRS))) found = m;
    }
    /* dynamic map: static dims inside the model's shape ranges */
    for (size_t k = g_nmodels; k-- > 0 && !found;) {
        sim_model *m = g_models[k];
        if (!m->dynamic || m->nin != nin || m->nout != nout || strcmp(m->op, op) != 0) continue;
        int ok = 1;
        for (int i = 0; ok && i < nin; i++) ok = sim_desc_fits(&m->in[i], in[i], 1);
        for (int i = 0; ok && i < nout; i++) ok = sim_desc_fits(&m->out[i], out[i], 0);
        if (ok && (sim_attrset_equal(m->attrs, attrs) || sim_fault_on(SIM_FAULT_CREATE_IGNORE_ATTRS))) {
            found = m;
            dyn = 1;
        }
    }
    if (found) sim_model_ref(found);
    pthread_mutex_unlock(&g_models_lock);
    if (is_dyn) *is_dyn = dyn;
    return found;
}

aclError sim_model_not_found(const char *op)
{
    /* FAULT create_wrong_not_found_code (EWH-01, EWH-08): 100000 instead of 100024 */
    return sim_fail(sim_fault_on(SIM_FAULT_CREATE_WRONG_NOT_FOUND_CODE) ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_OP_NOT_FOUND,
                    "EH9999",
                    "[Match][OpModel]MatchOpModel opName = %s fail from static map or dynamic map. Please "
                    "make sure the op executed and the op compiled is matched, you can check the op type, "
                    "op inputs number, outputs number, input format, origin format, datatype, memtype, "
                    "attr, dim range, and so on.", op ? op : "");
}
