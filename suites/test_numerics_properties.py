"""Property tests (hypothesis) for the elementwise ops: any broadcastable shapes, any values of
the dtype (NaN, Inf, subnormals, extremes included), compared with the float64 reference under
the catalog's precision standard. Example counts follow the profile registered in conftest.py
(HYPOTHESIS_PROFILE=dev|ci|nightly); shapes stay small (every example compiles one model, and
the content-addressed cache reuses it on later runs).
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays, from_dtype, mutually_broadcastable_shapes

from fixtures import catalog
from fixtures.catalog.judge import judge_inputs
from harness import dtypes as hdt
from harness.models import OpSpec, tensor
from reference import ops as ref

BINARY = [op for op in catalog.CATALOG if op.family == "binary"]
UNARY = [op for op in catalog.CATALOG if op.family == "unary"]
_HC = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large]


def _values(dtype: str, shape):
    """Any values of the dtype; bfloat16 as float32 values rounded once (from_dtype has no bf16)."""
    dt = hdt.to_numpy(hdt.parse(dtype))
    if str(dt) == "bfloat16":
        return arrays(np.float32, shape, elements=from_dtype(np.dtype(np.float32))).map(
            lambda a: ref.round_to(a.astype(np.float64), dt))
    return arrays(dt, shape, elements=from_dtype(dt))


def _draw_op(data, ops, product, op_support):
    """An (OpInfo, dtype) of the documented minimum the runtime surely runs on this product (declared
    and uncontested, or documented where the library declares nothing: fixtures/declared.py); drawn
    by name, so a failing example reads well."""
    choices = [(op.name, dt) for op in ops for dt in op.dtypes_for(product)
               if op_support.surely_runs(op.name, (dt,) * len(op.inputs), (dt,), documented=True)]
    name, dtype = data.draw(st.sampled_from(choices), label="op, dtype")
    return catalog.BY_NAME[name], dtype


def _check(launcher, stream, product, op, dtype, xs, out_shape):
    """One launch of ``op`` on ``xs``, judged by the suites' one judgement (catalog.judge's rules:
    the op's reference, exact values and precision class, both standards, the strict-only policy)."""
    spec = OpSpec.make(op.name, [tensor(dtype, x.shape) for x in xs], [tensor(dtype, out_shape)])
    p = launcher.prepare(spec, xs, lambda: op.reference(xs, {}, [dtype], product.saturation_mode),
                         f"{op.name}-{dtype}-property")
    outs = p.run(stream.ptr, clause="EWH-05")
    judge_inputs(op, dtype, xs, outs, product, clause="EWH-05", policy=launcher.policy,
                 case=f"{op.name} {dtype} {spec.describe()} on {product.id}, inputs {xs!r}")


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@settings(suppress_health_check=_HC)
@given(data=st.data())
def test_binary_property(data, launcher, stream, product, op_support):
    op, dtype = _draw_op(data, BINARY, product, op_support)
    shapes = data.draw(mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3), label="shapes")
    x1 = data.draw(_values(dtype, shapes.input_shapes[0]), label="x1")
    x2 = data.draw(_values(dtype, shapes.input_shapes[1]), label="x2")
    _check(launcher, stream, product, op, dtype, [x1, x2], shapes.result_shape)


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@settings(suppress_health_check=_HC)
@given(data=st.data())
def test_unary_property(data, launcher, stream, product, op_support):
    op, dtype = _draw_op(data, UNARY, product, op_support)
    shape = data.draw(st.sampled_from([(), (1,), (3,), (2, 3), (5,)]), label="shape")
    x = data.draw(_values(dtype, shape), label="x")
    _check(launcher, stream, product, op, dtype, [x], shape)
