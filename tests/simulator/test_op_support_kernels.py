"""The kernels of the combinations simulator/cann/op_support.csv declares and the kernels did not
compute before issue 36 (docs/FIDELITY.md 6d): each computes what its source says, checked against
numpy on values that reach the edges (wraparound, the dtype's extremes, division by zero, 64-bit
values float32 cannot tell apart). Run on the default profile (atlas-a2, ascend910b); RealDiv
int32 -> float32, declared on ascend950 and ascend910_93 only, in a child process on an A3 SoC.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from harness.abi import DT, FMT
from harness.acl import DataBuffer, DeviceMemory, OpAttr, OpHandle, TensorDesc
from harness.dtypes import to_numpy
from simulator.cann import op_support
from tests.sim_support import OK, load_model, om_bytes, run_acl

TABLE = op_support.load()

BF16 = ml_dtypes.bfloat16
I8_EDGE = np.array([-128, -127, -1, 0, 1, 2, 100, 127], np.int8)
U8_EDGE = np.array([0, 1, 2, 3, 100, 128, 254, 255], np.uint8)
I64_EDGE = np.array([-2**63, -2**63 + 1, -1, 0, 1, 3, 2**62, 2**63 - 1], np.int64)


def om_attr(value) -> str:
    """An attr record of the simulator's .om text (simulator/OM_FORMAT.md)."""
    if isinstance(value, bool):
        return f"bool {int(value)}"
    if isinstance(value, int):
        return f"int {value}"
    if isinstance(value, str):
        return "string " + value.encode().hex()
    return f"list_int {len(value)} " + " ".join(str(v) for v in value)


def run(acl, scope, stream, op, inputs, outputs, attrs=None, formats=None):
    """Load op's model, launch once; inputs [(DT, array)], outputs [(DT, shape)], attrs {name:
    value}, formats {index: FMT} (inputs then outputs); returns the output arrays."""
    attrs, formats = attrs or {}, formats or {}
    specs_in = [(dt, a.shape, formats.get(i, FMT.ND)) for i, (dt, a) in enumerate(inputs)]
    specs_out = [(dt, shape, formats.get(len(inputs) + i, FMT.ND)) for i, (dt, shape) in enumerate(outputs)]
    image = om_bytes(op, specs_in, specs_out, [(k, om_attr(v)) for k, v in attrs.items()])
    assert load_model(acl, image) == OK, acl.recent_error_message()
    descs = [scope.add(TensorDesc(acl, dt, shape, fmt)) for dt, shape, fmt in specs_in]
    ydescs = [scope.add(TensorDesc(acl, dt, shape, fmt)) for dt, shape, fmt in specs_out]
    attr = scope.add(OpAttr(acl, attrs)) if attrs else None
    handle = scope.add(OpHandle(acl, op, descs, ydescs, attr))
    bufs, ymems = [], []
    for _dt, a in inputs:
        mem = scope.add(DeviceMemory(acl, max(a.nbytes, 1)))
        mem.write(np.ascontiguousarray(a))
        bufs.append(scope.add(DataBuffer.over(mem)))
    for dt, shape in outputs:
        n = int(np.prod(shape)) if shape else 1
        ymems.append(scope.add(DeviceMemory(acl, max(n * to_numpy(dt).itemsize, 1))))
    ybufs = [scope.add(DataBuffer.over(m)) for m in ymems]
    handle.launch(bufs, ybufs, stream.ptr)
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK, acl.recent_error_message()
    return [m.read_array(to_numpy(dt), shape) for m, (dt, shape) in zip(ymems, outputs)]


def pairs(edge):
    """Every pair of the edge values: (x1, x2) arrays of len(edge)**2."""
    a, b = np.meshgrid(edge, edge, indexing="ij")
    return a.ravel(), b.ravel()


# ---------------------------------------------------------------- integers and bool
@pytest.mark.parametrize("dt,edge", [(DT.INT8, I8_EDGE), (DT.UINT8, U8_EDGE), (DT.INT64, I64_EDGE)],
                         ids=["int8", "uint8", "int64"])
@pytest.mark.parametrize("op,ref", [("Add", np.add), ("Sub", np.subtract), ("Mul", np.multiply),
                                    ("Maximum", np.maximum), ("Minimum", np.minimum)])
def test_integer_elementwise_wraps(acl, scope, stream, product, dt, edge, op, ref):
    name = {DT.INT8: "int8", DT.UINT8: "uint8", DT.INT64: "int64"}[dt]
    if not TABLE.declares(op_support.product_soc_dir(product.id), op, (name, name), (name,)):
        pytest.skip(f"{op} {name} is not declared for {product.id} (test_op_support_products runs it where it is)")
    a, b = pairs(edge)
    with np.errstate(over="ignore"):
        want = ref(a, b)      # numpy's integer arrays wrap: two's complement
    (got,) = run(acl, scope, stream, op, [(dt, a), (dt, b)], [(dt, a.shape)])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("op,ref", [("Add", np.logical_or), ("Sub", np.logical_xor), ("Mul", np.logical_and)])
def test_bool_elementwise_is_logical(acl, scope, stream, op, ref):
    a, b = pairs(np.array([False, True]))
    (got,) = run(acl, scope, stream, op, [(DT.BOOL, a), (DT.BOOL, b)], [(DT.BOOL, a.shape)])
    np.testing.assert_array_equal(got, ref(a, b))


@pytest.mark.parametrize("op", ["Abs", "Neg", "Relu"])
def test_int64_unary(acl, scope, stream, op):
    x = I64_EDGE
    with np.errstate(over="ignore"):
        want = {"Abs": np.abs(x), "Neg": -x, "Relu": np.maximum(x, 0)}[op]
    (got,) = run(acl, scope, stream, op, [(DT.INT64, x)], [(DT.INT64, x.shape)])
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dt,edge", [(DT.INT8, I8_EDGE), (DT.UINT8, U8_EDGE)], ids=["int8", "uint8"])
def test_pow_of_8_bit_integers_truncates_the_int32_power(acl, scope, stream, dt, edge):
    a = np.repeat(edge, 4)
    e = np.tile(np.array([0, 1, 3, 7], edge.dtype), len(edge))
    want = np.array([pow(int(x), int(k), 1 << 32) & 0xFF for x, k in zip(a, e)], np.uint8).view(edge.dtype)
    (got,) = run(acl, scope, stream, "Pow", [(dt, a), (dt, e)], [(dt, a.shape)])
    np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------- mixed float Add / Mul
@pytest.mark.parametrize("op,ref", [("Add", np.add), ("Mul", np.multiply)])
@pytest.mark.parametrize("low", [DT.FLOAT16, DT.BF16], ids=["float16", "bfloat16"])
@pytest.mark.parametrize("low_first", [True, False], ids=["low_x1", "low_x2"])
def test_mixed_float_add_and_mul_compute_in_float32(acl, scope, stream, op, ref, low, low_first):
    """One rounding, to float32: a 16-bit value plus a float32 value that float16 cannot hold."""
    rng = np.random.default_rng(7)
    lo = rng.standard_normal(64).astype(to_numpy(low))
    hi = (rng.standard_normal(64) * 1000).astype(np.float32) + np.float32(1e-3)
    ins = [(low, lo), (DT.FLOAT, hi)] if low_first else [(DT.FLOAT, hi), (low, lo)]
    want = ref(ins[0][1].astype(np.float32), ins[1][1].astype(np.float32))
    (got,) = run(acl, scope, stream, op, ins, [(DT.FLOAT, (64,))])
    np.testing.assert_array_equal(got, want)


# ---------------------------------------------------------------- RealDiv
INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        return INT32_MAX if a > 0 else INT32_MIN if a < 0 else 0
    if a == INT32_MIN and b == -1:
        return INT32_MAX
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def test_real_div_int32_truncates_toward_zero(acl, scope, stream):
    edge = np.array([INT32_MIN, -7, -2, -1, 0, 1, 2, 7, INT32_MAX], np.int32)
    a, b = pairs(edge)
    want = np.array([_trunc_div(int(x), int(y)) for x, y in zip(a, b)], np.int32)
    (got,) = run(acl, scope, stream, "RealDiv", [(DT.INT32, a), (DT.INT32, b)], [(DT.INT32, a.shape)])
    np.testing.assert_array_equal(got, want)


def test_real_div_bool_gives_float32(acl, scope, stream):
    a, b = pairs(np.array([False, True]))
    with np.errstate(divide="ignore", invalid="ignore"):
        want = a.astype(np.float32) / b.astype(np.float32)
    (got,) = run(acl, scope, stream, "RealDiv", [(DT.BOOL, a), (DT.BOOL, b)], [(DT.FLOAT, a.shape)])
    np.testing.assert_array_equal(got, want)     # 1/0 = inf, 0/0 = nan (assert_array_equal: nan == nan)


def test_real_div_int32_to_float32_on_a3():
    """Declared on ascend950 and ascend910_93 only: an A3 SoC in a child process."""
    body = """
import numpy as np
from harness.abi import DT
from harness.acl import DataBuffer, DeviceMemory, OpHandle, TensorDesc
from harness.runtime import Acl, Context, Device, Stream
from tests.sim_support import load_model, om_bytes
acl = Acl(raw.libs)
acl.init()
dev = Device(acl, 0)
st = Stream(acl)
a = np.array([16777217, -7, 7, 1, 0, 0, -1], np.int32)
b = np.array([1, 2, 2, 3, 0, 5, 0], np.int32)
out['load'] = load_model(acl, om_bytes("RealDiv", [(DT.INT32, (7,))] * 2, [(DT.FLOAT, (7,))]))
d = [TensorDesc(acl, DT.INT32, (7,)), TensorDesc(acl, DT.INT32, (7,))]
y = TensorDesc(acl, DT.FLOAT, (7,))
h = OpHandle(acl, "RealDiv", d, [y])
mems = [DeviceMemory(acl, 28) for _ in range(3)]
mems[0].write(a); mems[1].write(b)
h.launch([DataBuffer.over(mems[0]), DataBuffer.over(mems[1])], [DataBuffer.over(mems[2])], st.ptr)
out['sync'] = raw.aclrtSynchronizeStream(st.ptr)
out['y'] = [repr(float(v)) for v in mems[2].read_array(np.float32, (7,))]
"""
    got = run_acl(body, env={"ACLSIM_SOC": "Ascend910_9391"})
    assert got["load"] == 0 and got["sync"] == 0
    a = np.array([16777217, -7, 7, 1, 0, 0, -1], np.int32).astype(np.float32)   # 2**24 + 1 rounds to even
    b = np.array([1, 2, 2, 3, 0, 5, 0], np.int32).astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = [repr(float(v)) for v in a / b]
    assert got["y"] == want


# ---------------------------------------------------------------- reductions and index
@pytest.mark.parametrize("dt,x", [(DT.INT8, I8_EDGE.reshape(2, 4)), (DT.UINT8, U8_EDGE.reshape(2, 4)),
                                  (DT.BOOL, np.array([[False, False, True], [False, False, False]]))],
                         ids=["int8", "uint8", "bool"])
def test_reduce_max_d_of_small_integers(acl, scope, stream, dt, x):
    (got,) = run(acl, scope, stream, "ReduceMaxD", [(dt, x)], [(dt, (x.shape[0],))], {"axes": [1]})
    np.testing.assert_array_equal(got, x.max(axis=1))


def test_arg_max_v2_compares_int64_exactly(acl, scope, stream):
    """2**60 + 1 and 2**60 are one float32 value: only an exact compare finds the maximum."""
    x = np.array([[2**60, 2**60 + 1, 2**60 - 5], [-3, -3, -4]], np.int64)
    (got,) = run(acl, scope, stream, "ArgMaxV2", [(DT.INT64, x), (DT.INT32, np.array(1, np.int32))],
                 [(DT.INT64, (2,))])
    np.testing.assert_array_equal(got, [1, 0])


# ---------------------------------------------------------------- MatMul and Conv2D
def _ints(shape, seed):
    return np.random.default_rng(seed).integers(-4, 5, size=shape).astype(np.float32)


@pytest.mark.parametrize("op,xdt,ydt,bdt", [
    ("MatMulV2", DT.FLOAT16, DT.FLOAT, DT.FLOAT), ("MatMulV2", DT.BF16, DT.FLOAT, DT.FLOAT),
    ("MatMulV2", DT.BF16, DT.BF16, DT.FLOAT16), ("MatMulV2", DT.BF16, DT.BF16, DT.FLOAT),
    ("BatchMatMulV2", DT.FLOAT16, DT.FLOAT, DT.FLOAT), ("BatchMatMulV2", DT.BF16, DT.BF16, DT.FLOAT16),
])
def test_matmul_16_bit_inputs_with_another_y_and_bias(acl, scope, stream, op, xdt, ydt, bdt):
    """Integer-valued data: every product and sum is exact, so y is x1 @ x2 + bias in any order."""
    batch = (2,) if op == "BatchMatMulV2" else ()
    x1, x2, bias = _ints(batch + (3, 5), 1), _ints(batch + (5, 4), 2), _ints((4,), 3) + np.float32(0.5)
    want = np.matmul(x1, x2) + bias
    ins = [(xdt, x1.astype(to_numpy(xdt))), (xdt, x2.astype(to_numpy(xdt))), (bdt, bias.astype(to_numpy(bdt)))]
    (got,) = run(acl, scope, stream, op, ins, [(ydt, want.shape)])
    np.testing.assert_array_equal(got.astype(np.float32), want)


def test_conv2d_bfloat16_with_a_float32_bias(acl, scope, stream):
    x, w = _ints((1, 2, 4, 4), 4), _ints((3, 2, 3, 3), 5)
    bias = np.array([0.5, -1.0, 2.0], np.float32)
    want = np.zeros((1, 3, 2, 2), np.float32)
    for co in range(3):
        for i in range(2):
            for j in range(2):
                want[0, co, i, j] = np.sum(x[0, :, i:i + 3, j:j + 3] * w[co]) + bias[co]
    ins = [(DT.BF16, x.astype(BF16)), (DT.BF16, w.astype(BF16)), (DT.FLOAT, bias)]
    (got,) = run(acl, scope, stream, "Conv2D", ins, [(DT.BF16, want.shape)],
                 {"strides": [1, 1, 1, 1], "pads": [0, 0, 0, 0], "data_format": "NCHW"},
                 formats={0: FMT.NCHW, 1: FMT.NCHW, 3: FMT.NCHW})
    np.testing.assert_array_equal(got.astype(np.float32), want)
