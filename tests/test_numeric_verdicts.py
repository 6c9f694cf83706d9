"""The numeric verdicts themselves (reference/compare.py, reference/standards.py, the catalog's
cases, the corruption kinds and ``python -m harness mutate``): each rule catches what it is for
and lets through what the standard grants. Offline: references only, no runtime."""
import json

import numpy as np
import pytest

from fixtures import catalog
from reference import corruptions as cor
from reference import ops as ref
from reference.compare import compare, ulp_of
from reference.standards import standard_for

from .conftest import run_module

BF16 = ref.BF16


# ------------------------------------------------------------------ the small-value region
def test_small_value_element_cannot_be_arbitrarily_wrong():
    e = np.linspace(0.5, 2.0, 100).astype(np.float16)
    e[3] = np.float16(1e-5)                         # below fp16's 2^-11 threshold
    std = standard_for("float", "float16")
    assert compare(e.copy(), e, standard=std).passed
    a = e.copy()
    a[3] = 1000.0
    m = compare(a, e, standard=std)
    assert not m.passed and m.small_value_gross == 1, m.failures
    a = e.copy()
    a[3] = e[3] + np.float16(2.0 ** -15)             # beyond err 2^-16, inside the threshold: counted
    assert compare(a, e, standard=std).passed


# ------------------------------------------------------------------ bitwise vs exact: sign of zero
def test_bitwise_class_checks_the_sign_of_zero_exact_class_does_not():
    e = np.array([0.0, 1.0], np.float32)
    a = np.array([-0.0, 1.0], np.float32)
    assert not compare(a, e, standard=standard_for("bitwise", "float32")).passed
    assert compare(a, e, standard=standard_for("exact", "float32")).passed
    nan_a = np.array([np.nan], np.float32).view(np.uint32) | np.uint32(1)
    assert compare(nan_a.view(np.float32), np.array([np.nan], np.float32),
                   standard=standard_for("bitwise", "float32")).passed     # any NaN equals any NaN


# ------------------------------------------------------------------ ulp class
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_ulp_class_catches_truncation_and_grants_one_faithful_element(dtype):
    dt = np.dtype(BF16) if dtype == "bfloat16" else np.dtype(dtype)
    x = np.exp(np.linspace(-3, 3, 200))             # the exact values
    good = ref.round_to(x, dt)
    std = standard_for("ulp", dtype)
    m = compare(good, good, standard=std, exact=x)
    assert m.passed and sum(m.ulp_histogram.values()) == 200 and m.ulp_histogram["<=0.5"] == 200
    trunc = cor.round_toward_zero(x.astype(np.float32).astype(np.float64), dt)
    assert not compare(trunc, good, standard=std, exact=x).passed
    one = good.copy()
    i = int(np.flatnonzero(good.astype(np.float64) != x)[0])
    one[i] = np.nextafter(one[i], np.array(np.inf if x[i] > float(one[i]) else -np.inf, dtype=dt))
    assert compare(one, good, standard=std, exact=x).passed
    two = one.copy()
    j = int(np.flatnonzero(good.astype(np.float64) != x)[1])
    two[j] = np.nextafter(two[j], np.array(np.inf if x[j] > float(two[j]) else -np.inf, dtype=dt))
    assert not compare(two, good, standard=std, exact=x).passed


def test_ulp_class_zero_sign_follows_the_exact_result():
    x = np.array([-1e-30, 0.5])                     # underflows to -0 in float16
    good = ref.round_to(x, np.float16)
    assert np.signbit(good[0])
    bad = good.copy()
    bad[0] = 0.0
    assert not compare(bad, good, standard=standard_for("ulp", "float16"), exact=x).passed


# ------------------------------------------------------------------ accumulate class
def _sum_in(x: np.ndarray, dtype) -> np.ndarray:
    acc = np.zeros(x.shape[0], np.float64)
    for k in range(x.shape[1]):
        acc = ref.round_to(acc + x[:, k].astype(np.float64), dtype).astype(np.float64)
    return ref.round_to(acc, np.float16)


def test_accumulate_class_fails_a_float16_accumulation_passes_a_float32_one():
    rng = np.random.default_rng(1)
    x = ref.round_to(rng.uniform(-5, 5, (64, 1024)), np.float16)
    exact = x.astype(np.float64).sum(axis=1)
    golden = ref.round_to(exact, np.float16)
    std = standard_for("accumulate", "float16")
    scale = np.abs(x.astype(np.float64)).sum(axis=1)
    kw = dict(standard=std, exact=exact, scale=scale, terms=1024)
    assert compare(golden, golden, **kw).passed
    assert compare(_sum_in(x, np.float32), golden, **kw).passed
    m = compare(_sum_in(x, np.float16), golden, **kw)
    assert not m.passed and m.beyond_bound > 0


def test_accumulate_class_judges_cancellation_by_the_sum_of_magnitudes():
    # 1e4 - 1e4 + 1: float32 kernels may lose the 1 in some orders (|golden| = 1, Σ|x| = 2e4+1)
    x = np.array([[1e4, -1e4, 1.0]], np.float32)
    exact = np.array([1.0])
    std = standard_for("accumulate", "float32")
    off = np.array([1.0 + 2e4 * 2.0 ** -24 * 8], np.float32)
    assert compare(off, np.float32([1.0]), standard=std, exact=exact,
                   scale=np.abs(x.astype(np.float64)).sum(axis=1), terms=3).passed
    assert not compare(np.float32([1.1]), np.float32([1.0]), standard=std, exact=exact,
                       scale=np.abs(x.astype(np.float64)).sum(axis=1), terms=3).passed


# ------------------------------------------------------------------ rounding-mode probes
def _probe_cases():
    return [c for c in catalog.all_cases() if c.dist == "ties"]


def _exact_result(case) -> np.ndarray:
    xs = case.inputs()
    if case.op.name == "Cast":
        return xs[0].astype(np.float64)
    a, b = xs[0].astype(np.float64), xs[1].astype(np.float64)
    return a + b if case.op.name == "Add" else a * b


MODES = {
    "round_toward_zero": lambda x, dt: cor.round_toward_zero(x, dt),
    "truncation": lambda x, dt: cor.round_toward_zero(x.astype(np.float32).astype(np.float64), dt),
    "round_half_away_from_zero": lambda x, dt: cor.round_half_away(x, dt),
}


def test_probes_exist_for_add_mul_cast_in_float16_and_bfloat16():
    got = {(c.op.name, c.out_dtypes()[0]) for c in _probe_cases()}
    assert got == {(op, dt) for op in ("Add", "Mul", "Cast") for dt in ("float16", "bfloat16")}


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("case", _probe_cases(), ids=lambda c: c.id)
def test_rounding_probe_catches_each_wrong_mode_by_name(case, mode):
    x = _exact_result(case)
    golden = catalog.expected(case, False)[0]
    dt = golden.dtype
    q = ulp_of(np.abs(x), str(dt))
    frac = np.abs(x) / q - np.floor(np.abs(x) / q)
    assert np.sum(frac == 0.5) >= case.sample.shapes[0][0] // 3, "a third of the probe lies exactly halfway"
    std = case.standard("atlas-a2")[0]
    assert compare(golden, golden, standard=std).passed       # round to nearest even: right
    wrong = MODES[mode](x, dt)
    m = compare(wrong, golden, standard=std)
    assert not m.passed, f"{case.id}: {mode} not caught"


# ------------------------------------------------------------------ every numeric case launches
def test_every_case_counted_as_numeric_launches():
    cases = catalog.all_cases()
    numeric = [c for c in cases if c.clause in ("EWH-05", "EWH-11")]
    empty = [c for c in cases if c.clause == "EWH-07"]
    assert numeric and empty
    assert all(c.launches for c in numeric)
    assert all(not c.launches for c in empty)
    # the empty-output cases: one distribution per (op, dtype, sample)
    keys = [(c.op.name, c.dtype, c.sample.name) for c in empty]
    assert len(keys) == len(set(keys))


def test_no_identity_cast():
    assert not [c.id for c in catalog.all_cases() if c.op.name == "Cast" and c.out_dtypes()[0] == c.dtype]


def test_catalog_entries_name_a_known_class_and_accumulating_ops_their_terms():
    for op in catalog.CATALOG:
        assert op.tolerance in ("bitwise", "exact", "ulp", "accumulate", "float"), op.name
        if op.tolerance == "accumulate":
            assert op.terms is not None, op.name
    classes = {op.name: op.tolerance for op in catalog.CATALOG}
    for name in ("Add", "Sub", "Mul", "Neg", "Abs", "Relu", "Cast", "TransposeD", "ConcatD"):
        assert classes[name] == "bitwise", name
    for name in ("ReduceSumD", "MatMulV2", "BatchMatMulV2", "SoftmaxV2", "LayerNorm", "AddN"):
        assert classes[name] == "accumulate", name


# ------------------------------------------------------------------ corruption kinds, mutate CLI
def test_corruptions_never_change_the_outputs_they_are_given():
    case = next(c for c in catalog.all_cases() if c.op.name == "ReduceSumD" and c.dtype == "float16"
                and c.launches and not c.sample.large)
    outs = catalog.expected(case, False)
    before = [o.copy() for o in outs]
    ctx = cor.Context(case, outs, type("P", (), {"saturation_mode": False})(), None, catalog.exact_values(case))
    for k in cor.KINDS:
        k.apply(ctx)
    assert not cor.changed(outs, before)


def test_mutate_reduced_on_two_ops(tmp_path):
    out = tmp_path / "m.json"
    proc = run_module(["harness", "mutate", "--reduced", "--ops", "Add,ReduceSumD", "--json", str(out)])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "kill rate" in proc.stdout and "one_arbitrary" in proc.stdout
    data = json.loads(out.read_text())
    assert data["kinds"]["one_arbitrary"]["changed"] > 0
    assert data["kinds"]["one_arbitrary"]["rate"] == 1.0
    again = run_module(["harness", "mutate", "--reduced", "--ops", "Add", "--json", str(out)])
    assert again.returncode == 2 and "exists" in again.stderr
