/*
 * repro_judge.h - the judgement of one output of a reproducer, as the conformance suite makes it
 * (reference/compare.py `judge` and its `_exact`, `_bounded`, `_documented_ulp`,
 * `_documented_acc` and float branch; reference/nan_payloads.py for data movement), with the
 * numbers of the suite's Standard read from case.txt (repro_case.h):
 *
 *   bitwise     every element's bits equal the expected ones (any NaN stands for any NaN)
 *   exact       every value equal (NaN == NaN, -0 == +0)
 *   ulp         against the exact value x before rounding: |actual - x| in units of the output
 *               dtype's spacing at |x|; bound, hard cap, allowance, zero signs
 *   accumulate  against x: |actual - x| <= 0.5 ulp(|x| + g) + g, g = (lambda sqrt(n) + c) u |S|
 *   float       MERE / MARE / error ratio with the small-value region
 *
 * Every comparison has two verdicts, the product's documented standard and this project's rule
 * (which adds its stricter rules to the documented ones). An output fails when the documented
 * standard fails, or when only the project's rule fails and the case's policy (reports/policy.toml
 * [numeric] for a device) says "fail" rather than "advisory".
 *
 * Not judged here: the structured-error patterns of reference/patterns.py (tail, block, lane,
 * row/column, outlier), which the suite adds to the project's rule. Sums are taken in order in
 * double (numpy sums pairwise), so MERE and mean ULP may differ from the suite's in the last bits.
 */
#ifndef REPRO_JUDGE_H_
#define REPRO_JUDGE_H_

#include "repro_case.h"

/* The metrics the suite records (reference/compare.py Metrics), and the failures found. */
typedef struct {
    int k;                                 /* the output's index, for the printout */
    size_t count, mismatched, nan_mismatch, inf_mismatch, small_value_errors, small_value_gross,
        zero_sign_mismatch, beyond_bound;
    double max_abs_error, max_rel_error, mere, mare, error_ratio, max_ulp, max_bound_ratio;
    int documented_failures, project_failures;
} metrics;

/* Counts of one pass over the elements that the rules read after it. */
typedef struct {
    size_t n_finite, over_cap, doc_beyond, doc_small_bad, doc_n;
    double sum_rel, sum_u, doc_sum, doc_max;
} tally;

/* A failure: printed, and counted against the project's rule, and against the documented standard
 * too when it is one of its rules (compare.py adds every documented failure to the project's). */
static inline void failure(metrics *m, int documented, const char *fmt, ...)
{
    va_list ap;
    printf("output %d: - ", m->k);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(" [%s]\n", documented ? "documented standard" : "project rule");
    m->project_failures++;
    m->documented_failures += documented;
}

/* Significand bits (without the implicit one), minimum and maximum exponent of a float dtype. */
static inline void float_format(int dt, int *mant, int *emin, int *emax)
{
    switch (dt) {
    case ACL_FLOAT16: *mant = 10; *emin = -14; *emax = 15; return;
    case ACL_BF16: *mant = 7; *emin = -126; *emax = 127; return;
    case ACL_FLOAT: *mant = 23; *emin = -126; *emax = 127; return;
    default: *mant = 52; *emin = -1022; *emax = 1023; return;
    }
}

/* compare.ulp_of: the spacing of dt at |x|, 2^(floor(log2|x|) - mant), read off x's float64
 * exponent bits and floored at emin (the subnormal spacing; zero, Inf and NaN get it too). */
static inline double ulp_of(int dt, double x)
{
    int mant, emin, emax;
    float_format(dt, &mant, &emin, &emax);
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7ff), e = biased - 1023;
    if (e < emin || biased == 2047)
        e = emin;
    return ldexp(1.0, e - mant);
}

/* x rounds (to nearest even) to a finite value of dt: |x| below the largest finite value plus half
 * its spacing, (2 - 2^-(mant+1)) 2^emax (at that point the tie goes to the even 2^(emax+1): Inf). */
static inline int fits(int dt, double x)
{
    int mant, emin, emax;
    float_format(dt, &mant, &emin, &emax);
    return !isnan(x) && fabs(x) < ldexp(2.0 - ldexp(1.0, -mant - 1), emax);
}

/* np.maximum: NaN if either is. */
static inline double nan_max(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : (a > b ? a : b);
}

static inline int same_bytes(const tensor *a, const tensor *b, size_t i)
{
    size_t w = dtype_size(b->dtype);
    return memcmp((const char *)a->host + i * w, (const char *)b->host + i * w, w) == 0;
}

/* ---- bitwise and exact (compare._exact); NaN payloads (nan_payloads.check) ------------- */

/* Elements that differ: bits (bitwise) or values (exact); two NaNs never differ here. */
static inline void exact_pass(metrics *m, const tensor *exp, const standard *s, const tensor *got)
{
    int bitwise = strcmp(s->kind, "bitwise") == 0, flt = is_float(exp->dtype);
    for (size_t i = 0; i < m->count; i++) {
        if (!flt) {                        /* integers: equal values are equal bytes */
            m->mismatched += !same_bytes(got, exp, i);
            continue;
        }
        double a = value_at(got, i), e = value_at(exp, i);
        int both_nan = isnan(a) && isnan(e);
        m->mismatched += !both_nan && (bitwise ? !same_bytes(got, exp, i) : a != e);
    }
}

/* Data movement (nan_bits 1): NaNs of the expected output whose bits the actual one changed
 * (IEEE 754-2019 6.2.3: copies keep a NaN's sign and payload); counted in mismatched too. */
static inline size_t payload_pass(const tensor *exp, const tensor *got, size_t *nans)
{
    size_t changed = 0;
    for (size_t i = 0, n = is_float(exp->dtype) ? count_of(exp) : 0; i < n; i++) {
        int nan_e = isnan(value_at(exp, i));
        *nans += nan_e;                    /* the expected NaNs, for the message */
        changed += nan_e && isnan(value_at(got, i)) && !same_bytes(got, exp, i);
    }
    return changed;
}

static inline void exact_rules(metrics *m, const standard *s, size_t payload)
{
    size_t differ = m->mismatched - payload;
    if (differ)
        failure(m, 1, "%zu of %zu elements differ: %s required", differ, m->count,
                strcmp(s->kind, "bitwise") == 0 ? "bitwise equality" : "absolute error 0");
}

/* ---- NaN and Inf positions (compare._special_mismatch and the float branch) ------------- */

/* Counts the NaN / Inf position mismatches of element i; returns whether a and e are both finite. */
static inline int special_at(metrics *m, double a, double e)
{
    int nan_a = isnan(a), nan_e = isnan(e), inf_a = isinf(a), inf_e = isinf(e);
    int nan_bad = nan_a != nan_e;
    int inf_bad = (inf_a != inf_e || (inf_a && inf_e && signbit(a) != signbit(e))) && !nan_bad;
    m->nan_mismatch += nan_bad;
    m->inf_mismatch += inf_bad;
    return !(nan_a || nan_e || inf_a || inf_e);
}

static inline void special_failures(metrics *m)
{
    if (m->nan_mismatch)
        failure(m, 1, "NaN positions differ in %zu elements (must match: products.md 3.2/2.2)", m->nan_mismatch);
    if (m->inf_mismatch)
        failure(m, 1, "Inf positions or signs differ in %zu elements (must match: products.md 3.2/2.2)",
                m->inf_mismatch);
}

/* ---- ulp and accumulate (compare._bounded) ---------------------------------------------- */

/* The value element i is judged against: the exact one, or the golden where the exact value is
 * not finite or overflows the dtype, or the golden is not finite (compare.judge). */
static inline double judged_against(const tensor *exp, const standard *s, size_t i, double e)
{
    if (s->exact == NULL)
        return e;
    double x = s->exact[i];
    return isfinite(e) && fits(exp->dtype, x) ? x : e;
}

/* accumulate: element i against its bound (the metrics), and products.md 3.1's documented
 * MERE / MARE relative to max(|x|, S) outside the small-value region (the tally). */
static inline void acc_element(metrics *m, tally *t, const tensor *exp, const standard *s, size_t i,
                               double diff, double x)
{
    double ax = fabs(x), sc = s->scale != NULL ? fabs(s->scale[i]) : ax;
    if (!isfinite(sc))
        sc = 0.0;
    double mag = nan_max(sc, ax);
    double g = (s->acc_lambda * sqrt(s->terms > 1 ? s->terms : 1.0) + s->acc_c) * s->acc_unit * mag;
    double tol = ulp_of(exp->dtype, ax + g) * 0.5 + g;
    if (!isnan(s->small_err) && mag == 0)  /* exact and Σ|terms| vanish: the small-value floor */
        tol = tol > s->small_err ? tol : s->small_err;
    double ratio = diff / tol;
    if (ratio > m->max_bound_ratio)
        m->max_bound_ratio = ratio;
    m->beyond_bound += ratio > 1.0;
    if (mag < s->small_thr) {              /* products.md 3.2: by absolute error */
        t->doc_small_bad += diff > s->small_err;
        return;
    }
    double rel = diff / (mag + s->rel_eps);
    t->doc_n++;
    t->doc_sum += rel;
    if (rel > t->doc_max)
        t->doc_max = rel;
}

/* ulp: element i against the bound, the cap and the documented threshold; the sign of a zero. */
static inline void ulp_element(metrics *m, tally *t, const standard *s, double u, double a, double x)
{
    t->sum_u += u;
    m->beyond_bound += u > s->ulp_bound;
    t->over_cap += u > s->ulp_cap;
    t->doc_beyond += u > s->doc_ulp;
    m->zero_sign_mismatch += a == 0 && signbit(a) != signbit(x);
}

static inline void bounded_pass(metrics *m, tally *t, const tensor *exp, const standard *s, const tensor *got)
{
    int ulp = strcmp(s->kind, "ulp") == 0;
    for (size_t i = 0; i < m->count; i++) {
        double a = value_at(got, i), e = value_at(exp, i);
        if (!special_at(m, a, e))
            continue;
        double x = judged_against(exp, s, i, e);
        double diff = fabs(a - x), rel = diff / (fabs(x) + s->rel_eps), u = diff / ulp_of(exp->dtype, x);
        t->n_finite++;
        t->sum_rel += rel;
        if (diff > m->max_abs_error) m->max_abs_error = diff;
        if (rel > m->max_rel_error) m->max_rel_error = rel;
        if (u > m->max_ulp) m->max_ulp = u;
        if (ulp)
            ulp_element(m, t, s, u, a, x);
        else
            acc_element(m, t, exp, s, i, diff, x);
    }
    if (t->n_finite == 0)
        t->n_finite = 1;
    m->mere = t->sum_rel / (double)t->n_finite;
    m->mare = m->max_rel_error;
}

static inline void ulp_rules(metrics *m, const tally *t, const tensor *exp, const standard *s)
{
    double n = (double)t->n_finite, mean_u = t->sum_u / n;
    double allowed = floor(s->ulp_allow * n) > s->ulp_allow_min ? floor(s->ulp_allow * n) : s->ulp_allow_min;
    if (t->over_cap)
        failure(m, 0, "%zu of %zu elements beyond %g ulp, max %.3g ulp (hard bound)", t->over_cap, m->count,
                s->ulp_cap, m->max_ulp);
    if ((double)m->beyond_bound > allowed && !(!isnan(s->ulp_mean) && mean_u < s->ulp_mean))
        failure(m, 0, "%zu of %zu elements beyond %.4g ulp, at most %.0f allowed (mean ULP %.3g)", m->beyond_bound,
                m->count, s->ulp_bound, allowed, mean_u);
    if (m->zero_sign_mismatch)
        failure(m, 0, "%zu zero outputs with the wrong sign (the exact result's sign)", m->zero_sign_mismatch);
    /* msprobe's ULP method (products.md 3.4): fewer than doc_ulp_frac beyond doc_ulp, or the mean */
    double frac = (double)t->doc_beyond / n;
    if (!(frac < s->doc_ulp_frac) && !(!isnan(s->doc_ulp_mean) && mean_u < s->doc_ulp_mean))
        failure(m, 1, "%.3e of the elements beyond %g ulp, at least %g (mean ULP %.3g; msprobe ULP method, "
                "products.md 3.4)", frac, s->doc_ulp, s->doc_ulp_frac, mean_u);
    if (exp->dtype == ACL_FLOAT && !isnan(s->ulp_cap) && m->max_ulp > s->ulp_cap)
        failure(m, 1, "max %.3g ulp beyond 10T (%g ulp; products.md 3.1)", m->max_ulp, s->ulp_cap);
}

static inline void acc_rules(metrics *m, const tally *t, const standard *s)
{
    if (m->beyond_bound)
        failure(m, 0, "%zu of %zu elements beyond the float32-accumulation bound (n=%.0f; worst |diff| = %.3g x "
                "bound)", m->beyond_bound, m->count, s->terms, m->max_bound_ratio);
    if (isnan(s->doc_t))                   /* no documented T for this dtype */
        return;
    if ((double)t->doc_small_bad > s->small_value_max_errors)
        failure(m, 1, "%zu small-value elements with |diff| > %.3e, at most %.0f (products.md 3.2)",
                t->doc_small_bad, s->small_err, s->small_value_max_errors);
    double n = t->doc_n ? (double)t->doc_n : 1.0, mere = t->doc_sum / n;
    if (!(mere < s->doc_t))
        failure(m, 1, "MERE %.3e >= T %.3e (vs max(|exact|, sum|terms|); products.md 3.1)", mere, s->doc_t);
    if (!(t->doc_max < 10 * s->doc_t))
        failure(m, 1, "MARE %.3e >= 10T %.3e (vs max(|exact|, sum|terms|); products.md 3.1)", t->doc_max,
                10 * s->doc_t);
}

/* ---- float: the CANN ecosystem standard and msprobe's error ratio (compare.judge) -------- */

static inline void float_pass(metrics *m, tally *t, const tensor *exp, const standard *s, const tensor *got)
{
    size_t in_error = 0;
    for (size_t i = 0; i < m->count; i++) {
        double a = value_at(got, i), e = value_at(exp, i);
        if (!special_at(m, a, e))
            continue;
        double denom = fabs(e), diff = fabs(a - e);
        if (s->magnitude && s->scale != NULL)
            denom = nan_max(denom, s->scale[i]);
        if (!isnan(s->small_thr) && (isfinite(denom) ? denom : INFINITY) < s->small_thr) {
            m->small_value_errors += diff > s->small_err;     /* products.md 3.2 small-value region */
            m->small_value_gross += diff > s->small_thr;
            continue;
        }
        double rel = diff / (denom + s->rel_eps), u = diff / ulp_of(exp->dtype, e);
        t->n_finite++;
        t->sum_rel += rel;
        in_error += rel > s->ratio_rel;
        if (diff > m->max_abs_error) m->max_abs_error = diff;
        if (rel > m->max_rel_error) m->max_rel_error = rel;
        if (u > m->max_ulp) m->max_ulp = u;
    }
    double n = t->n_finite ? (double)t->n_finite : 1.0;
    m->mere = t->sum_rel / n;
    m->mare = m->max_rel_error;
    m->error_ratio = (double)in_error / n;
}

static inline void float_rules(metrics *m, const standard *s)
{
    if (m->small_value_gross)
        failure(m, 1, "%zu small-value elements (|golden| < %.3e) with |diff| > %.3e, the region's own "
                "threshold: wrong, not a small-value error (products.md 3.2)", m->small_value_gross, s->small_thr,
                s->small_thr);
    if ((double)m->small_value_errors > s->small_value_max_errors)
        failure(m, 1, "%zu small-value elements (|golden| < %.3e) with |diff| > %.3e, at most %.0f allowed "
                "(products.md 3.2)", m->small_value_errors, s->small_thr, s->small_err, s->small_value_max_errors);
    if (!(m->mere < s->mere))
        failure(m, 1, "MERE %.3e >= threshold %.3e (products.md 3.1)", m->mere, s->mere);
    if (!(m->mare < s->mare))
        failure(m, 1, "MARE %.3e >= threshold %.3e (products.md 3.1)", m->mare, s->mare);
    if (!(m->error_ratio <= s->ratio_max))
        failure(m, 1, "error ratio %.3e (elements with rel. error > %g) > threshold %g (products.md 3.4)",
                m->error_ratio, s->ratio_rel, s->ratio_max);
}

/* ---- one output --------------------------------------------------------------------------- */

static inline void print_metrics(const metrics *m, const standard *s)
{
    printf("output %d: count=%zu max_abs_error=%.9g max_rel_error=%.9g mere=%.9g mare=%.9g error_ratio=%.9g "
           "max_ulp=%.9g mismatched=%zu nan_mismatch=%zu inf_mismatch=%zu small_value_errors=%zu "
           "small_value_gross=%zu zero_sign_mismatch=%zu beyond_bound=%zu max_bound_ratio=%.9g standard=%s\n",
           m->k, m->count, m->max_abs_error, m->max_rel_error, m->mere, m->mare, m->error_ratio, m->max_ulp,
           m->mismatched, m->nan_mismatch, m->inf_mismatch, m->small_value_errors, m->small_value_gross,
           m->zero_sign_mismatch, m->beyond_bound, m->max_bound_ratio, s->kind);
}

/* Both verdicts, and whether the output fails: the documented standard failed, or the project's
 * rule alone failed and the policy for a device is "fail" (reports/numeric_policy.py). */
static inline int output_verdict(const metrics *m, const standard *s)
{
    int doc_ok = m->documented_failures == 0, proj_ok = m->project_failures == 0;
    printf("output %d: documented standard %s, project rule %s", m->k, doc_ok ? "PASS" : "FAIL",
           proj_ok ? "PASS" : "FAIL");
    if (doc_ok && !proj_ok)
        printf(" (strict-only: %s on a device, reports/policy.toml [numeric] %s)", s->advisory ? "advisory" : "fail",
               s->kind);
    printf("\n");
    return !doc_ok || (!proj_ok && !s->advisory);
}

/* Compares output k (got) with its expected values (exp) under its standard s: prints the metrics
 * the suite records on one line starting "output K: count=", each failure, and both verdicts;
 * returns 1 when the output fails (see output_verdict), 0 otherwise. */
static inline int judge(int k, const tensor *exp, const standard *s, const tensor *got)
{
    metrics m = {0};
    tally t = {0};
    size_t payload = 0, nans = 0;
    m.k = k;
    m.count = count_of(exp);
    int exact = strcmp(s->kind, "bitwise") == 0 || strcmp(s->kind, "exact") == 0;
    int bounded = strcmp(s->kind, "ulp") == 0 || strcmp(s->kind, "accumulate") == 0;
    if (m.count > 0) {                     /* the metrics first, then each rule's finding */
        if (exact)
            exact_pass(&m, exp, s, got);
        else
            (bounded ? bounded_pass : float_pass)(&m, &t, exp, s, got);
        if (s->nan_bits == 1)
            payload = payload_pass(exp, got, &nans);
        m.mismatched += payload;
    }
    print_metrics(&m, s);
    if (m.count > 0 && exact) {
        exact_rules(&m, s, payload);
    } else if (m.count > 0) {
        special_failures(&m);
        if (strcmp(s->kind, "ulp") == 0)
            ulp_rules(&m, &t, exp, s);
        else if (bounded)
            acc_rules(&m, &t, s);
        else
            float_rules(&m, s);
    }
    if (payload)
        failure(&m, 1, "%zu of %zu NaNs changed their bits (data movement copies bytes: IEEE 754-2019 6.2.3)",
                payload, nans);
    return output_verdict(&m, s);
}

#endif /* REPRO_JUDGE_H_ */
