"""Reproducible results (EWH-05, EWH-09, EWH-10): the same inputs give the same bits, launch after
launch, handle after handle, stream beside stream; and a row-independent op gives each slice of
a batch what it gives the batch.

CANN's rule (GE docs aclCompileOpt.md, ACL_OP_DETERMINISTIC; atc --deterministic.md): with the
deterministic setting "相同的硬件和输入下，多次执行将产生相同的输出" (the same hardware and inputs give the
same output, every time); without it results may differ because "异步的多线程执行，会导致浮点数累加的顺序变化"
(asynchronous multithreaded execution changes the order of floating-point accumulation). In handle
mode the setting is a compile option of the model (``--deterministic``: every model built with
``atc --deterministic=1``). So:

- with ``--deterministic``: every output bit for bit identical, every op;
- without: an op that accumulates floating-point terms (the catalog's accumulate class, or more
  than one term per output) may differ: advisory, the number of differing elements recorded; every
  other op accumulates nothing, so it has no documented source of difference and must be identical.

Cases (one fixed rule, the same for every product): per catalog op and documented dtype its first
small case with uniform values, and per op its first large case (accumulation over the most
terms, where atomics would show). Each runs in three ways: the same handle twice on one stream;
two handles of one signature; two handles on two streams launched at once from two threads.

Batch-slice consistency (as CANN's batch operator test kit, hicann/ops-test-kit, checks it; CANN's
``--deterministic_level=3`` names it "batch consistency"): elementwise ops give each row of a batch
the bits they give the batch; ops that are row-independent but reduce along a row (SoftmaxV2 and
LayerNorm over the last axis, MatMulV2 rows, ReduceSumD over a non-batch axis) give each slice a
result within the op's documented precision standard (reference/standards.py) of the batch's rows.
"""
from __future__ import annotations

import numpy as np
import pytest

import reports
from fixtures import catalog, declared
from fixtures.catalog.values import draw
from fixtures.determinism import differing, judge_repeat
from fixtures.threads import run_threads
from harness.acl import Stream, synchronize
from harness.models import OpSpec, tensor
from reference.compare import compare
from reference.standards import standard_for

KINDS = ("same-handle", "two-handles", "two-streams")


def _cases() -> list:
    small, large, seen = [], [], set()
    for c in catalog.all_cases():
        if not c.launches:
            continue
        if c.sample.large:
            if c.op.name not in seen:
                seen.add(c.op.name)
                large.append(c)
        elif c.dist == "uniform" and not any(x.op is c.op and x.dtype == c.dtype for x in small):
            small.append(c)
    return small + large


CASES = _cases()


def _two_streams(acl, launcher, case, main_context) -> tuple[list, list]:
    inputs = case.flat_inputs()
    preps = [launcher.prepare(case.spec, inputs, lambda: [], case.id) for _ in range(2)]
    streams = [launcher.scope.add(Stream(acl)) for _ in range(2)]

    def work(i):
        acl.call("aclrtSetCurrentContext", main_context)
        code = preps[i].launch_raw(stream=streams[i].ptr)
        assert code == 0, f"launch on stream {i} returned {code}"
        synchronize(acl, streams[i].ptr)

    errors = run_threads(2, work)
    assert not errors, "[EWH-10] two threads, two streams: " + "; ".join(errors)
    outs = [[t.array() for t in p.outputs] for p in preps]
    for p in preps:
        assert not p.damage(), f"[EWH-05] {case.id}: {p.damage()}"
    return outs[0], outs[1]


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_run_to_run(case, kind, acl, harness, launcher, stream, product, op_support, main_context):
    verdict = declared.skip_unless_runs(case, product, op_support)
    p = declared.prepare(launcher, case, verdict, lambda: [])
    if kind == "same-handle":
        first, second = p.run(stream.ptr, clause="EWH-05"), p.run(stream.ptr, clause="EWH-05")
    elif kind == "two-handles":
        q = launcher.prepare(case.spec, case.flat_inputs(), lambda: [], case.id)
        first, second = p.run(stream.ptr, clause="EWH-05"), q.run(stream.ptr, clause="EWH-05")
    else:
        first, second = _two_streams(acl, launcher, case, main_context)
    judge_repeat(case, kind, first, second, harness.opts.deterministic)


# ---- batch-slice consistency ----------------------------------------------------------------
# (op, dtype, batch inputs' shapes (the inputs of the first input's shape are sliced on axis 0, the
#  others shared), attrs, bitwise): each slice is one row of the batch.
BATCH = {
    "Add-float16": ("Add", "float16", [(6, 40), (6, 40)], {}, True),
    "Mul-float32": ("Mul", "float32", [(6, 40), (6, 40)], {}, True),
    "Exp-float16": ("Exp", "float16", [(6, 40)], {}, True),
    "Sigmoid-float32": ("Sigmoid", "float32", [(6, 40)], {}, True),
    "SoftmaxV2-float16": ("SoftmaxV2", "float16", [(6, 40)], {"axes": [-1]}, False),
    "LayerNorm-float32": ("LayerNorm", "float32", [(6, 40), (40,), (40,)],
                          {"begin_norm_axis": 1, "begin_params_axis": 1, "epsilon": 1e-5}, False),
    "MatMulV2-float16": ("MatMulV2", "float16", [(6, 32), (32, 24), None, None],
                         {"transpose_x1": False, "transpose_x2": False}, False),
    "ReduceSumD-float32": ("ReduceSumD", "float32", [(6, 40)], {"axes": [1], "keep_dims": False}, False),
}


def _spec(op, dtype, shapes, attrs, out_shapes):
    ins = [tensor(dtype, s) if s is not None else None for s in shapes]
    from harness.models import TensorSpec
    ins = [t if t is not None else TensorSpec.absent() for t in ins]
    return OpSpec.make(op, ins, [tensor(dtype, s) for s in out_shapes], attrs)


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("name", sorted(BATCH))
def test_batch_slice_consistency(name, launcher, stream, product):
    opname, dtype, shapes, attrs, bitwise = BATCH[name]
    op = catalog.BY_NAME[opname]
    rng = np.random.default_rng(abs(hash(name)) % 2**32)
    xs = [draw(rng, dtype, s, "uniform") if s is not None else None for s in shapes]
    full = op.reference(xs, attrs, [dtype] * len(op.outputs), product.saturation_mode)
    batch = launcher.prepare(_spec(opname, dtype, shapes, attrs, [o.shape for o in full]), xs, lambda: [], name)
    got = batch.run(stream.ptr, clause="EWH-05")
    sliced = [s == shapes[0] for s in shapes]
    rows = [[x[i:i + 1] if cut else x for x, cut in zip(xs, sliced)] for i in range(shapes[0][0])]
    one = _spec(opname, dtype, [(1, *s[1:]) if cut else s for s, cut in zip(shapes, sliced)], attrs,
                [(1, *o.shape[1:]) for o in full])
    std = standard_for(op.tolerance, dtype, op=opname, product=product.id)
    worst = []
    for i, row in enumerate(rows):
        p = launcher.prepare(one, row, lambda: [], f"{name} row {i}")
        for k, (a, b) in enumerate(zip(p.run(stream.ptr, clause="EWH-05"), got)):
            want = b[i:i + 1]
            if bitwise:
                n = differing(a, want)
                assert n == 0, (f"[EWH-05] {name}: row {i} alone differs from the batch's row in {n} elements "
                                f"(output {k}); an elementwise op computes each element from its own inputs")
            else:
                m = compare(a, want, standard=std, exact=want.astype(np.float64))
                worst.append(m.max_ulp)
                assert m.documented_passed, (f"[EWH-05] {name}: row {i} alone is outside the documented standard "
                                             f"({std.name}) of the batch's row, output {k}: {m.documented_failures}")
    reports.record(None, "batch_slice", {"op": opname, "rows": len(rows), "bitwise": bitwise,
                                         "max_ulp": max(worst) if worst else 0.0})
