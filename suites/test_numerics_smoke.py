"""First numeric slice: Add (broadcasting), MatMulV2 and Cast against numpy references."""
import numpy as np
import pytest

from fixtures.cases import add_case, matmul_case, random_array
from harness import dtypes
from harness.models import OpSpec, tensor
from reference import ops as ref
from reference.compare import assert_close

FLOATS = ["float32", "float16", "bfloat16"]


def _skip_unsupported(product, dtype):
    if dtype == "bfloat16" and not product.bf16:
        pytest.skip(f"not supported: {product.id} has no bfloat16 (products.md 2.2)")


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("dtype", FLOATS + ["int32"])
@pytest.mark.parametrize("shapes", [((7,), (7,)), ((3, 1, 5), (4, 5)), ((), (2, 3)), ((0, 3), (1, 3))],
                         ids=lambda s: f"{list(s[0])}+{list(s[1])}")
def test_add_matches_numpy(launcher, product, stream, dtype, shapes):
    _skip_unsupported(product, dtype)
    case = add_case(dtype, shapes[0], shapes[1], saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(stream.ptr, clause="EWH-05")
    assert_close(got, case.reference()[0], clause="EWH-05", case=f"{case.id}+{list(shapes[1])} on {product.id}")


@pytest.mark.numeric
@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("transpose", [(False, False), (True, False), (False, True)],
                         ids=lambda t: f"t1={t[0]}-t2={t[1]}")
def test_matmul_matches_numpy(launcher, product, stream, dtype, transpose):
    _skip_unsupported(product, dtype)
    case = matmul_case(dtype, 5, 17, 6, bias=True, transpose_x1=transpose[0], transpose_x2=transpose[1],
                       saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(stream.ptr, clause="EWH-11")
    assert_close(got, case.reference()[0], clause="EWH-11", case=f"{case.id} {transpose} on {product.id}")


@pytest.mark.numeric
@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("src,dst", [("float32", "float16"), ("float16", "float32"),
                                     ("float32", "bfloat16"), ("int32", "float32")])
def test_cast_matches_numpy(launcher, product, stream, src, dst):
    _skip_unsupported(product, src)
    _skip_unsupported(product, dst)
    rng = np.random.default_rng(3)
    x = random_array(rng, src, (33,))
    dst_dt = dtypes.parse(dst)
    spec = OpSpec.make("Cast", [tensor(src, (33,))], [tensor(dst, (33,))], {"dst_type": int(dst_dt)})
    expected = ref.round_to(x.astype(np.float64), dtypes.to_numpy(dst_dt))
    p = launcher.prepare(spec, [x], lambda: [expected], f"Cast-{src}-{dst}")
    (got,) = p.run(stream.ptr, clause="EWH-05")
    assert_close(got, expected, clause="EWH-05", case=f"Cast {src}->{dst}")
