"""The simulator's op checks for the ops real clients use (Pow, ReduceMeanD, BatchMatMul, GEMM,
Conv2D, BatchNorm, ArgMaxV2, GatherV2, Slice; docs/FIDELITY.md 6a): a valid signature validates,
each invalid one is refused with the documented code and a message naming the op and what is
wrong, and index data that does not fit fails at the stream's synchronisation."""
import ctypes

import numpy as np
import pytest

from harness.abi import DT, ERR, FMT
from harness.acl import DataBuffer, DeviceMemory, OpHandle, TensorDesc
from harness.raw import pointer_array
from tests.sim_support import OK, load_model, om_bytes

# a model whose signature the op refuses: 100026 for a dtype, else 100025 (simulator/OM_FORMAT.md)
BAD_DTYPE = ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE
INVALID = BAD_FORMAT = ERR.ACL_ERROR_OP_LOAD_FAILED
F, H, I32, I64 = DT.FLOAT, DT.FLOAT16, DT.INT32, DT.INT64
NCHW, NHWC, HWCN = FMT.NCHW, FMT.NHWC, FMT.HWCN
ABSENT = (DT.UNDEFINED, (), FMT.UNDEFINED)


def _ints(name, values):
    return (name, f"list_int {len(values)} " + " ".join(str(v) for v in values))


def _hex(s):
    return s.encode().hex()


CONV_ATTRS = [_ints("strides", (1, 1, 1, 1)), _ints("pads", (1, 1, 1, 1)), ("data_format", f"string {_hex('NCHW')}")]
BN_ATTRS = [("data_format", f"string {_hex('NCHW')}"), ("is_training", "bool 0")]
BN_VEC = [(F, (3,))] * 4

# (id, op, inputs, outputs, attrs) that must validate
VALID = [
    ("pow", "Pow", [(F, (2, 3)), (F, (3,))], [(F, (2, 3))], []),
    ("reduce_mean", "ReduceMeanD", [(H, (4, 5))], [(H, (5,))], [_ints("axes", (0,))]),
    ("batch_matmul_int32", "BatchMatMul", [(I32, (2, 3, 4)), (I32, (2, 4, 5))], [(I32, (2, 3, 5))], []),
    ("gemm", "GEMM", [(H, (3, 4)), (H, (4, 5)), (F, (3, 5)), (F, (1,)), (F, (1,))], [(F, (3, 5))], []),
    ("conv_nchw", "Conv2D", [(F, (1, 3, 5, 5), NCHW), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(F, (1, 2, 5, 5), NCHW)], CONV_ATTRS),
    ("conv_nhwc_hwcn", "Conv2D", [(F, (1, 5, 5, 3), NHWC), (F, (3, 3, 3, 2), HWCN), (F, (2,)), ABSENT],
     [(F, (1, 3, 3, 2), NHWC)], [_ints("strides", (1, 1, 1, 1)), _ints("pads", (0, 0, 0, 0))]),
    ("batch_norm_5", "BatchNorm", [(H, (2, 3, 4, 4), NCHW)] + BN_VEC, [(H, (2, 3, 4, 4), NCHW)] + [(F, (3,))] * 4,
     BN_ATTRS),
    ("batch_norm_6", "BatchNorm", [(H, (2, 3, 4, 4), NCHW)] + BN_VEC,
     [(H, (2, 3, 4, 4), NCHW)] + [(F, (3,))] * 4 + [(F, (1,))], BN_ATTRS),
    ("argmax", "ArgMaxV2", [(F, (3, 5)), (I32, ())], [(I64, (3,))], []),
    ("gather", "GatherV2", [(F, (4, 6)), (I64, (2, 3)), (I32, (1,))], [(F, (4, 2, 3))], []),
    ("slice", "Slice", [(F, (4, 6)), (I32, (2,)), (I32, (2,))], [(F, (2, 3))], []),
]

# (id, op, inputs, outputs, attrs, code, words the message must contain)
INVALID_CASES = [
    ("pow_bool", "Pow", [(DT.BOOL, (3,))] * 2, [(DT.BOOL, (3,))], [], BAD_DTYPE, "Pow"),
    ("reduce_mean_int32", "ReduceMeanD", [(I32, (4, 5))], [(I32, (5,))], [_ints("axes", (0,))], BAD_DTYPE,
     "ReduceMeanD"),
    ("batch_matmul_int8", "BatchMatMul", [(DT.INT8, (2, 3, 4)), (DT.INT8, (2, 4, 5))], [(I32, (2, 3, 5))], [],
     BAD_DTYPE, "BatchMatMul"),
    ("batch_matmul_bias", "BatchMatMul", [(F, (3, 4)), (F, (4, 5)), (F, (5,))], [(F, (3, 5))], [], INVALID,
     "IR definition has 2"),
    ("gemm_bf16", "GEMM", [(DT.BF16, (3, 4)), (DT.BF16, (4, 5)), (F, (3, 5)), (F, (1,)), (F, (1,))], [(F, (3, 5))],
     [], BAD_DTYPE, "GEMM"),
    ("gemm_alpha_two_values", "GEMM", [(F, (3, 4)), (F, (4, 5)), (F, (3, 5)), (F, (2,)), (F, (1,))], [(F, (3, 5))],
     [], INVALID, "alpha"),
    ("gemm_c_shape", "GEMM", [(F, (3, 4)), (F, (4, 5)), (F, (5, 3)), (F, (1,)), (F, (1,))], [(F, (3, 5))], [],
     INVALID, "c must be [3,5]"),
    ("conv_format_mismatch", "Conv2D", [(F, (1, 3, 5, 5), NHWC), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(F, (1, 2, 5, 5), NCHW)], CONV_ATTRS, BAD_FORMAT, "data_format"),
    ("conv_nd_x", "Conv2D", [(F, (1, 3, 5, 5)), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT], [(F, (1, 2, 5, 5), NCHW)],
     CONV_ATTRS, BAD_FORMAT, "x has format"),
    ("conv_groups", "Conv2D", [(F, (1, 3, 5, 5), NCHW), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(F, (1, 2, 5, 5), NCHW)], CONV_ATTRS + [("groups", "int 2")], INVALID, "groups"),
    ("conv_no_strides", "Conv2D", [(F, (1, 3, 5, 5), NCHW), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(F, (1, 2, 5, 5), NCHW)], CONV_ATTRS[1:], INVALID, "strides"),
    ("conv_stride_on_c", "Conv2D", [(F, (1, 3, 5, 5), NCHW), (F, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(F, (1, 2, 5, 5), NCHW)], [_ints("strides", (1, 2, 1, 1))] + CONV_ATTRS[1:], INVALID, "strides"),
    ("conv_int32", "Conv2D", [(I32, (1, 3, 5, 5), NCHW), (I32, (2, 3, 3, 3), NCHW), ABSENT, ABSENT],
     [(I32, (1, 2, 5, 5), NCHW)], CONV_ATTRS, BAD_DTYPE, "Conv2D"),
    ("batch_norm_training", "BatchNorm", [(H, (2, 3, 4, 4), NCHW)] + BN_VEC,
     [(H, (2, 3, 4, 4), NCHW)] + [(F, (3,))] * 4, BN_ATTRS[:1], INVALID, "is_training"),
    ("batch_norm_no_mean", "BatchNorm", [(H, (2, 3, 4, 4), NCHW)] + BN_VEC[:2] + [ABSENT, (F, (3,))],
     [(H, (2, 3, 4, 4), NCHW)] + [(F, (3,))] * 4, BN_ATTRS, INVALID, "mean"),
    ("batch_norm_fp16_scale", "BatchNorm", [(H, (2, 3, 4, 4), NCHW), (H, (3,))] + BN_VEC[:3],
     [(H, (2, 3, 4, 4), NCHW)] + [(F, (3,))] * 4, BN_ATTRS, BAD_DTYPE, "scale"),
    ("argmax_y_shape", "ArgMaxV2", [(F, (3, 5)), (I32, ())], [(I64, (4,))], [], INVALID, "without one dim"),
    ("argmax_float_dimension", "ArgMaxV2", [(F, (3, 5)), (F, ())], [(I64, (3,))], [], BAD_DTYPE, "dimension"),
    ("argmax_attr_dtype", "ArgMaxV2", [(F, (3, 5)), (I32, ())], [(I64, (3,))], [("dtype", f"data_type {int(I32)}")],
     BAD_DTYPE, "attr dtype"),
    ("gather_batch_dims", "GatherV2", [(F, (4, 6)), (I32, (4,)), (I32, (1,))], [(F, (4, 6))],
     [("batch_dims", "int 1")], INVALID, "batch_dims"),
    ("gather_two_axes", "GatherV2", [(F, (4, 6)), (I32, (2,)), (I32, (2,))], [(F, (2, 6))], [], INVALID, "axis"),
    ("slice_y_larger", "Slice", [(F, (4, 6)), (I32, (2,)), (I32, (2,))], [(F, (5, 3))], [], INVALID, "no dim larger"),
    ("slice_offsets_rank", "Slice", [(F, (4, 6)), (I32, (3,)), (I32, (2,))], [(F, (2, 3))], [], INVALID, "offsets"),
]


def _validate(acl, image):
    msg = ctypes.create_string_buffer(512)
    code = acl.raw.aclsimValidateModel(ctypes.create_string_buffer(image, len(image)), len(image), None, msg, 512)
    return code, msg.value.decode()


@pytest.mark.parametrize("op,ins,outs,attrs", [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_valid_signature_validates(acl, op, ins, outs, attrs):
    assert _validate(acl, om_bytes(op, ins, outs, attrs)) == (OK, "")


@pytest.mark.parametrize("op,ins,outs,attrs,code,words", [c[1:] for c in INVALID_CASES],
                         ids=[c[0] for c in INVALID_CASES])
def test_invalid_signature_is_refused(acl, op, ins, outs, attrs, code, words):
    got, msg = _validate(acl, om_bytes(op, ins, outs, attrs))
    assert got == code, f"{op}: expected {code}, got {got} ({msg})"
    assert op in msg and words in msg, f"message should name {op} and say {words!r}: {msg!r}"


def _run(acl, scope, stream, op, specs, values, out_spec):
    """Load a model for op, launch it once with the given input values; returns (sync code, output bytes)."""
    assert load_model(acl, om_bytes(op, specs, [out_spec])) == OK, acl.recent_error_message()
    descs = [scope.add(TensorDesc(acl, dt, shape)) for dt, shape in specs]
    ydesc = scope.add(TensorDesc(acl, out_spec[0], out_spec[1]))
    handle = scope.add(OpHandle(acl, op, descs, [ydesc]))
    bufs = []
    for v in values:
        mem = scope.add(DeviceMemory(acl, max(v.nbytes, 1)))
        mem.write(v)
        bufs.append(scope.add(DataBuffer.over(mem)))
    ymem = scope.add(DeviceMemory(acl, int(np.prod(out_spec[1])) * 4))
    ymem.fill(b"\xa5")
    ybuf = scope.add(DataBuffer.over(ymem))
    code = acl.raw.aclopExecWithHandle(handle.ptr, len(bufs), pointer_array([b.ptr for b in bufs]), 1,
                                       pointer_array([ybuf.ptr]), stream.ptr)
    assert code == OK, acl.recent_error_message()
    return acl.raw.aclrtSynchronizeStream(stream.ptr), ymem.read()


X46 = np.arange(24, dtype=np.float32).reshape(4, 6)


@pytest.mark.parametrize("op,specs,values,out_spec,words", [
    ("GatherV2", [(F, (4, 6)), (I32, (2,)), (I32, (1,))],
     [X46, np.array([1, 4], np.int32), np.array([0], np.int32)], (F, (2, 6)), "out of range"),
    ("GatherV2", [(F, (4, 6)), (I32, (2,)), (I32, (1,))],
     [X46, np.array([1, 2], np.int32), np.array([1], np.int32)], (F, (2, 6)), "another shape"),
    ("ArgMaxV2", [(F, (4, 6)), (I32, ())], [X46, np.array(2, np.int32)], (I32, (4,)), "out of range"),
    ("Slice", [(F, (4, 6)), (I32, (2,)), (I32, (2,))],
     [X46, np.array([3, 0], np.int32), np.array([2, 6], np.int32)], (F, (2, 6)), "do not fit"),
], ids=["gather_index", "gather_axis_shape", "argmax_dimension", "slice_offsets"])
def test_index_data_that_does_not_fit_fails_at_sync(acl, device, scope, stream, op, specs, values, out_spec, words):
    code, out = _run(acl, scope, stream, op, specs, values, out_spec)
    assert code == ERR.ACL_ERROR_RT_AICORE_EXCEPTION, f"{op} with index data that does not fit: sync gave {code}"
    assert words in acl.recent_error_message(), acl.recent_error_message()
    assert out == b"\xa5" * len(out), f"{op} wrote its output although it failed"


def test_index_data_that_fits_gives_the_numpy_result(acl, device, scope, stream):
    code, out = _run(acl, scope, stream, "GatherV2", [(F, (4, 6)), (I32, (3,)), (I32, (1,))],
                     [X46, np.array([5, 0, 5], np.int32), np.array([-1], np.int32)], (F, (4, 3)))
    assert code == OK
    np.testing.assert_array_equal(np.frombuffer(out, np.float32).reshape(4, 3), X46[:, [5, 0, 5]])
