"""The aclop execution entry points of the simulator, valid and invalid: aclopCreateHandle,
aclopExecWithHandle, aclopDestroyHandle, aclopExecute, aclopExecuteV2, aclopCast,
aclopCreateHandleForCast, aclopInferShape, aclopUpdateParams, aclopSetMaxOpQueueNum
(acl-abi.md section 3, products.md section 4)."""
import ctypes

import numpy as np
import pytest

from harness.abi import ACL_UNKNOWN_RANK, DT, ERR, FMT, MemType
from harness.acl import DataBuffer, DeviceMemory, OpAttr, OpHandle, TensorDesc
from harness.raw import pointer_array
from tests.sim_support import (
    BOGUS_HANDLE,
    CTX_NULL,
    INVALID,
    OK,
    RT_PARAM,
    in_thread,
    live,
    load_model,
    om_bytes,
)

NOT_FOUND = ERR.ACL_ERROR_OP_NOT_FOUND
SHAPE = (2, 3)
SENTINEL = b"\xa5"            # fills an output before a launch that must not write it


@pytest.fixture(scope="module")
def loaded(acl, device):
    """Models used here: Add float32 [2,3]; Add float32 [-1,3] (range 1..8); Cast float32 -> float16 [4]."""
    images = [
        om_bytes("Add", [(DT.FLOAT, SHAPE)] * 2, [(DT.FLOAT, SHAPE)]),
        om_bytes("Add", [(DT.FLOAT, (-1, 3), FMT.ND, [(1, 8)])] * 2, [(DT.FLOAT, (-1, 3), FMT.ND, [(1, 8)])]),
        om_bytes("Cast", [(DT.FLOAT, (4,))], [(DT.FLOAT16, (4,))], [("dst_type", f"int {int(DT.FLOAT16)}")]),
    ]
    for image in images:
        assert load_model(acl, image) == OK, acl.recent_error_message()
    return True


class Add:
    """Device tensors and buffers for one Add float32 [2,3] launch."""

    def __init__(self, acl, scope, shape=SHAPE):
        self.acl, self.shape = acl, shape
        n = int(np.prod(shape)) * 4
        self.x1 = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        self.x2 = np.full(shape, 0.5, dtype=np.float32)
        self.mem = [scope.add(DeviceMemory(acl, n)) for _ in range(3)]
        self.mem[0].write(self.x1)
        self.mem[1].write(self.x2)
        self.mem[2].fill(SENTINEL)
        self.bufs = [scope.add(DataBuffer.over(m)) for m in self.mem]
        self.descs = [scope.add(TensorDesc(acl, DT.FLOAT, shape)) for _ in range(3)]

    @property
    def ins(self):
        return [b.ptr for b in self.bufs[:2]]

    @property
    def outs(self):
        return [self.bufs[2].ptr]

    def result(self):
        return self.mem[2].read_array(np.float32, self.shape)

    def untouched(self):
        return self.mem[2].read() == SENTINEL * self.mem[2].nbytes

    def expected(self):
        return self.x1 + self.x2


def _create(acl, op, ins, outs, attr=None, n_in=None, n_out=None, handle=True):
    h = ctypes.c_void_p()
    code = acl.raw.aclopCreateHandle(op, len(ins) if n_in is None else n_in,
                                     None if ins is None else pointer_array(ins),
                                     len(outs) if n_out is None else n_out,
                                     None if outs is None else pointer_array(outs), attr,
                                     ctypes.byref(h) if handle else None)
    return code, h.value


def _exec(acl, h, ins, outs, stream, n_in=None, n_out=None):
    return acl.raw.aclopExecWithHandle(h, len(ins) if n_in is None else n_in,
                                       None if ins is None else pointer_array(ins),
                                       len(outs) if n_out is None else n_out,
                                       None if outs is None else pointer_array(outs), stream)


# ---------------------------------------------------------------- create / exec / destroy
def test_handle_lifecycle(acl, loaded, scope, stream):
    t = Add(acl, scope)
    before = live(acl, "op_handle")
    code, h = _create(acl, b"Add", [d.ptr for d in t.descs[:2]], [t.descs[2].ptr])
    assert code == OK and h
    assert live(acl, "op_handle") == before + 1
    # the handle deep-copies its descs (acl-abi 3): destroy them before launching
    for d in t.descs:
        d.close()
    assert _exec(acl, h, t.ins, t.outs, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())
    assert _exec(acl, h, t.ins, t.outs, None) == OK                  # default stream
    assert acl.raw.aclrtSynchronizeStream(None) == OK
    acl.raw.aclopDestroyHandle(h)
    assert live(acl, "op_handle") == before
    assert _exec(acl, h, t.ins, t.outs, stream.ptr) == INVALID        # destroyed
    acl.raw.aclopDestroyHandle(h)                                    # twice, NULL, bogus: no crash
    acl.raw.aclopDestroyHandle(None)
    acl.raw.aclopDestroyHandle(BOGUS_HANDLE)
    assert live(acl, "op_handle") == before


def test_destroy_handle_with_a_launch_in_flight(acl, loaded, scope, stream):
    t = Add(acl, scope)
    handle = OpHandle(acl, "Add", t.descs[:2], t.descs[2:])
    assert acl.raw.aclsimStreamPause(stream.ptr, 1) == OK
    try:
        assert _exec(acl, handle.ptr, t.ins, t.outs, stream.ptr) == OK
        handle.close()                                               # the queued task keeps it alive
    finally:
        assert acl.raw.aclsimStreamPause(stream.ptr, 0) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())


def test_create_handle_argument_checks(acl, loaded, scope):
    t = Add(acl, scope)
    i = [d.ptr for d in t.descs[:2]]
    o = [t.descs[2].ptr]
    dead = acl.raw.aclCreateTensorDesc(int(DT.FLOAT), 2, (ctypes.c_int64 * 2)(*SHAPE), int(FMT.ND))
    acl.raw.aclDestroyTensorDesc(dead)
    dead_attr = acl.raw.aclopCreateAttr()
    acl.raw.aclopDestroyAttr(dead_attr)
    before = live(acl, "op_handle")
    assert _create(acl, None, i, o)[0] == INVALID
    assert _create(acl, b"Add", i, o, handle=False)[0] == INVALID
    assert _create(acl, b"Add", i, o, n_in=-1)[0] == INVALID
    assert _create(acl, b"Add", i, o, n_out=-1)[0] == INVALID
    assert _create(acl, b"Add", None, o, n_in=2)[0] == INVALID
    assert _create(acl, b"Add", i, None, n_out=1)[0] == INVALID
    assert _create(acl, b"Add", [i[0], None], o)[0] == INVALID
    assert _create(acl, b"Add", i, [None])[0] == INVALID
    assert _create(acl, b"Add", [i[0], dead], o)[0] == INVALID
    assert _create(acl, b"Add", i, o, attr=dead_attr)[0] == INVALID
    assert _create(acl, b"Add", i, o, attr=BOGUS_HANDLE)[0] == INVALID
    assert live(acl, "op_handle") == before


def test_create_handle_without_a_matching_model(acl, loaded, scope, product):
    t = Add(acl, scope)
    i = [d.ptr for d in t.descs[:2]]
    o = [t.descs[2].ptr]
    before = live(acl, "op_handle")
    assert _create(acl, b"Sub", i, o)[0] == NOT_FOUND
    assert "MatchOpModel" in acl.recent_error_message()
    assert _create(acl, b"Add", i[:1], o)[0] == NOT_FOUND                   # input count
    assert _create(acl, b"Add", [], [], n_in=0, n_out=0)[0] == NOT_FOUND    # 0 with NULL arrays is fine
    other = scope.add(TensorDesc(acl, DT.FLOAT, (3, 2)))
    assert _create(acl, b"Add", [i[0], other.ptr], o)[0] == NOT_FOUND       # dims
    f16 = scope.add(TensorDesc(acl, DT.FLOAT16, SHAPE))
    assert _create(acl, b"Add", [f16.ptr, i[1]], o)[0] == NOT_FOUND         # dtype
    nchw = scope.add(TensorDesc(acl, DT.FLOAT, SHAPE, FMT.NCHW))
    assert _create(acl, b"Add", [nchw.ptr, i[1]], o)[0] == NOT_FOUND        # format
    attr = scope.add(OpAttr(acl, {"alpha": 1.0}))
    assert _create(acl, b"Add", i, o, attr=attr.ptr)[0] == NOT_FOUND       # attrs must be equal
    empty_attr = scope.add(OpAttr(acl))
    code, h = _create(acl, b"Add", i, o, attr=empty_attr.ptr)                # empty attr == NULL attr
    assert code == OK
    acl.raw.aclopDestroyHandle(h)
    # host placement on a non-const desc: not supported (op.cpp step 3)
    host = scope.add(TensorDesc(acl, DT.FLOAT, SHAPE))
    assert acl.raw.aclSetTensorPlaceMent(host.ptr, int(MemType.HOST)) == OK
    assert _create(acl, b"Add", [host.ptr, i[1]], o)[0] == ERR.ACL_ERROR_API_NOT_SUPPORT
    # dynamic dims at create time: 100000 with JIT compile enabled, else 100024 (acl-abi 3)
    dyn = scope.add(TensorDesc(acl, DT.FLOAT, (-1, 3)))
    want = INVALID if product.jit_compile_default else NOT_FOUND
    assert _create(acl, b"Add", [dyn.ptr, dyn.ptr], [dyn.ptr])[0] == want
    assert live(acl, "op_handle") == before


def test_static_dims_inside_a_dynamic_model_range(acl, loaded, scope, stream):
    t = Add(acl, scope, shape=(5, 3))
    handle = scope.add(OpHandle(acl, "Add", t.descs[:2], t.descs[2:]))
    assert _exec(acl, handle.ptr, t.ins, t.outs, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())
    big = [scope.add(TensorDesc(acl, DT.FLOAT, (9, 3))) for _ in range(3)]   # outside 1..8
    assert _create(acl, b"Add", [d.ptr for d in big[:2]], [big[2].ptr])[0] == NOT_FOUND


def test_exec_with_handle_argument_checks(acl, loaded, scope, stream):
    t = Add(acl, scope)
    handle = scope.add(OpHandle(acl, "Add", t.descs[:2], t.descs[2:]))
    h, ins, outs = handle.ptr, t.ins, t.outs
    dead_buf = acl.raw.aclCreateDataBuffer(t.mem[0].ptr, 24)
    assert acl.raw.aclDestroyDataBuffer(dead_buf) == OK
    empty = scope.add(DataBuffer(acl, t.mem[2].ptr, 0))
    cases = {
        "handle NULL": (_exec(acl, None, ins, outs, stream.ptr), INVALID),
        "handle bogus": (_exec(acl, BOGUS_HANDLE, ins, outs, stream.ptr), INVALID),
        "handle is a desc": (_exec(acl, t.descs[0].ptr, ins, outs, stream.ptr), INVALID),
        "numInputs -1": (_exec(acl, h, ins, outs, stream.ptr, n_in=-1), INVALID),
        "numOutputs -1": (_exec(acl, h, ins, outs, stream.ptr, n_out=-1), INVALID),
        "inputs NULL": (_exec(acl, h, None, outs, stream.ptr, n_in=2), INVALID),
        "outputs NULL": (_exec(acl, h, ins, None, stream.ptr, n_out=1), INVALID),
        "inputs[1] NULL": (_exec(acl, h, [ins[0], None], outs, stream.ptr), INVALID),
        "inputs[0] destroyed": (_exec(acl, h, [dead_buf, ins[1]], outs, stream.ptr), INVALID),
        "numInputs 1": (_exec(acl, h, ins[:1], outs, stream.ptr), ERR.ACL_ERROR_OP_INPUT_NOT_MATCH),
        "numInputs 0": (_exec(acl, h, [], outs, stream.ptr), ERR.ACL_ERROR_OP_INPUT_NOT_MATCH),
        "numInputs 3": (_exec(acl, h, ins + ins[:1], outs, stream.ptr), ERR.ACL_ERROR_OP_INPUT_NOT_MATCH),
        "numOutputs 2": (_exec(acl, h, ins, outs * 2, stream.ptr), ERR.ACL_ERROR_OP_OUTPUT_NOT_MATCH),
        "numOutputs 0": (_exec(acl, h, ins, [], stream.ptr), ERR.ACL_ERROR_OP_OUTPUT_NOT_MATCH),
        "stream bogus": (_exec(acl, h, ins, outs, BOGUS_HANDLE), RT_PARAM),
        # every output has length 0: success without launching (GE IsAllTensorEmpty), even with
        # a wrong input count
        "all outputs empty": (_exec(acl, h, ins[:1], [empty.ptr], stream.ptr), OK),
    }
    wrong = {k: v for k, v in cases.items() if v[0] != v[1]}
    assert not wrong, wrong
    assert in_thread(lambda: _exec(acl, h, ins, outs, stream.ptr)) == CTX_NULL
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert t.untouched(), "a rejected (or empty) launch wrote the output"
    assert _exec(acl, h, ins, outs, stream.ptr) == OK                    # the stream still works
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())


def test_buffer_shorter_than_the_tensor(acl, loaded, scope, stream):
    t = Add(acl, scope, shape=(8, 3))                                     # 96 bytes, dynamic model
    handle = scope.add(OpHandle(acl, "Add", t.descs[:2], t.descs[2:]))
    # GE compares (len + 63) / 32 * 32 with the tensor size (acl-abi 3, step 6)
    ok_len = scope.add(DataBuffer(acl, t.mem[2].ptr, 33))                 # rounds to 96
    short = scope.add(DataBuffer(acl, t.mem[2].ptr, 32))                  # rounds to 64
    assert _exec(acl, handle.ptr, t.ins, [short.ptr], stream.ptr) == ERR.ACL_ERROR_GE_PARAM_INVALID
    assert "Output[0]" in acl.recent_error_message()
    assert _exec(acl, handle.ptr, [t.ins[0], short.ptr], t.outs, stream.ptr) == ERR.ACL_ERROR_GE_PARAM_INVALID
    assert "Input[1]" in acl.recent_error_message()
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert t.untouched()
    assert _exec(acl, handle.ptr, t.ins, [ok_len.ptr], stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())


def test_bad_device_address_fails_at_sync(acl, loaded, scope, stream):
    t = Add(acl, scope)
    handle = scope.add(OpHandle(acl, "Add", t.descs[:2], t.descs[2:]))
    host = ctypes.create_string_buffer(24)
    host_buf = scope.add(DataBuffer(acl, ctypes.addressof(host), 24))       # a host pointer
    assert _exec(acl, handle.ptr, [host_buf.ptr, t.ins[1]], t.outs, stream.ptr) == OK   # async
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == ERR.ACL_ERROR_RT_AICORE_EXCEPTION
    assert acl.recent_error_message().startswith("EZ9999")
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK               # reported once
    assert t.untouched()
    # the same through aclrtSynchronizeDevice
    assert _exec(acl, handle.ptr, [host_buf.ptr, t.ins[1]], t.outs, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeDevice() == ERR.ACL_ERROR_RT_AICORE_EXCEPTION
    assert acl.raw.aclrtSynchronizeDevice() == OK


# ---------------------------------------------------------------- aclopExecute / aclopExecuteV2
def _execute(fn, op, descs_in, bufs_in, descs_out, bufs_out, attr, stream, n_in=None, n_out=None):
    return fn(op, len(descs_in) if n_in is None else n_in, pointer_array(descs_in), pointer_array(bufs_in),
              len(descs_out) if n_out is None else n_out, pointer_array(descs_out), pointer_array(bufs_out),
              attr, stream)


@pytest.mark.parametrize("api", ["aclopExecute", "aclopExecuteV2"])
def test_execute_valid_and_invalid(acl, loaded, scope, stream, api):
    fn = getattr(acl.raw, api)
    t = Add(acl, scope)
    di, do = [d.ptr for d in t.descs[:2]], [t.descs[2].ptr]
    assert _execute(fn, b"Add", di, t.ins, do, t.outs, None, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(t.result(), t.expected())
    t.mem[2].fill(SENTINEL)
    null_data = scope.add(DataBuffer(acl, None, 24))
    zero = [scope.add(TensorDesc(acl, DT.FLOAT, (0, 3)))]
    dead_attr = acl.raw.aclopCreateAttr()
    acl.raw.aclopDestroyAttr(dead_attr)
    cases = {
        "opType NULL": (_execute(fn, None, di, t.ins, do, t.outs, None, stream.ptr), INVALID),
        "numInputs -1": (_execute(fn, b"Add", di, t.ins, do, t.outs, None, stream.ptr, n_in=-1), INVALID),
        "numOutputs -1": (_execute(fn, b"Add", di, t.ins, do, t.outs, None, stream.ptr, n_out=-1), INVALID),
        "inputs[0] NULL": (_execute(fn, b"Add", di, [None, t.ins[1]], do, t.outs, None, stream.ptr), INVALID),
        "inputDesc[1] NULL": (_execute(fn, b"Add", [di[0], None], t.ins, do, t.outs, None, stream.ptr), INVALID),
        "data NULL, length 24": (_execute(fn, b"Add", di, [null_data.ptr, t.ins[1]], do, t.outs, None,
                                          stream.ptr), INVALID),
        "attr destroyed": (_execute(fn, b"Add", di, t.ins, do, t.outs, dead_attr, stream.ptr), INVALID),
        "no model": (_execute(fn, b"Mul", di, t.ins, do, t.outs, None, stream.ptr), NOT_FOUND),
        "stream bogus": (_execute(fn, b"Add", di, t.ins, do, t.outs, None, BOGUS_HANDLE), RT_PARAM),
        # every output desc has a 0 dim: success, nothing runs (even without a model)
        "all outputs empty": (_execute(fn, b"Mul", di, t.ins, [zero[0].ptr], t.outs, None, stream.ptr), OK),
    }
    wrong = {k: v for k, v in cases.items() if v[0] != v[1]}
    assert not wrong, wrong
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert t.untouched()


def test_execute_v2_refreshes_dynamic_output_dims(acl, loaded, scope, stream):
    t = Add(acl, scope, shape=(4, 3))
    out_desc = scope.add(TensorDesc(acl, DT.FLOAT, (8, 3)))             # the max shape
    di = [d.ptr for d in t.descs[:2]]
    assert _execute(acl.raw.aclopExecuteV2, b"Add", di, t.ins, [out_desc.ptr], t.outs, None, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert out_desc.dims() == [4, 3]
    np.testing.assert_array_equal(t.result(), t.expected())
    # aclopExecute (deprecated) does not write back
    out2 = scope.add(TensorDesc(acl, DT.FLOAT, (8, 3)))
    assert _execute(acl.raw.aclopExecute, b"Add", di, t.ins, [out2.ptr], t.outs, None, stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    assert out2.dims() == [8, 3]


# ---------------------------------------------------------------- Cast
def test_cast_and_handle_for_cast(acl, loaded, scope, stream):
    x = np.array([1.0, -2.5, 1e-4, 70000.0], dtype=np.float32)
    src = scope.add(DeviceMemory(acl, 16))
    dst = scope.add(DeviceMemory(acl, 8))
    src.write(x)
    sd = scope.add(TensorDesc(acl, DT.FLOAT, (4,)))
    dd = scope.add(TensorDesc(acl, DT.FLOAT16, (4,)))
    sb, db = scope.add(DataBuffer.over(src)), scope.add(DataBuffer.over(dst))
    r = acl.raw
    assert r.aclopCast(sd.ptr, sb.ptr, dd.ptr, db.ptr, 0, stream.ptr) == OK
    assert r.aclrtSynchronizeStream(stream.ptr) == OK
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(dst.read_array(np.float16, (4,)), x.astype(np.float16))
    dst.write(b"\0" * 8)
    h = ctypes.c_void_p()
    assert r.aclopCreateHandleForCast(sd.ptr, dd.ptr, 1, ctypes.byref(h)) == OK
    try:
        assert _exec(acl, h.value, [sb.ptr], [db.ptr], stream.ptr) == OK
        assert r.aclrtSynchronizeStream(stream.ptr) == OK
        with np.errstate(over="ignore"):
            np.testing.assert_array_equal(dst.read_array(np.float16, (4,)), x.astype(np.float16))
    finally:
        r.aclopDestroyHandle(h.value)
    i8 = scope.add(TensorDesc(acl, DT.INT8, (4,)))
    assert r.aclopCast(None, sb.ptr, dd.ptr, db.ptr, 0, stream.ptr) == INVALID
    assert r.aclopCast(sd.ptr, None, dd.ptr, db.ptr, 0, stream.ptr) == INVALID
    assert r.aclopCast(sd.ptr, sb.ptr, None, db.ptr, 0, stream.ptr) == INVALID
    assert r.aclopCast(sd.ptr, sb.ptr, dd.ptr, None, 0, stream.ptr) == INVALID
    assert r.aclopCast(sd.ptr, sb.ptr, i8.ptr, db.ptr, 0, stream.ptr) == NOT_FOUND
    assert r.aclopCast(sd.ptr, sb.ptr, dd.ptr, db.ptr, 0, BOGUS_HANDLE) == RT_PARAM
    assert r.aclopCreateHandleForCast(sd.ptr, dd.ptr, 0, None) == INVALID
    assert r.aclopCreateHandleForCast(None, dd.ptr, 0, ctypes.byref(h)) == INVALID
    assert r.aclopCreateHandleForCast(sd.ptr, BOGUS_HANDLE, 0, ctypes.byref(h)) == INVALID
    assert r.aclopCreateHandleForCast(sd.ptr, i8.ptr, 0, ctypes.byref(h)) == NOT_FOUND


# ---------------------------------------------------------------- shape inference and the rest
def test_infer_shape(acl, loaded, scope):
    r = acl.raw
    x1 = scope.add(TensorDesc(acl, DT.FLOAT, (2, 3)))
    x2 = scope.add(TensorDesc(acl, DT.FLOAT, (1, 3)))
    y = scope.add(TensorDesc(acl, DT.FLOAT, ()))
    ins, outs = pointer_array([x1.ptr, x2.ptr]), pointer_array([y.ptr])
    assert r.aclopInferShape(b"Add", 2, ins, None, 1, outs, None) == OK
    assert y.dims() == [2, 3]                                             # broadcast result
    bad = scope.add(TensorDesc(acl, DT.FLOAT, (4, 5)))
    assert r.aclopInferShape(b"Add", 2, pointer_array([x1.ptr, bad.ptr]), None, 1, outs, None) == INVALID
    dyn = scope.add(TensorDesc(acl, DT.FLOAT, (-1, 3)))
    assert r.aclopInferShape(b"Add", 2, pointer_array([dyn.ptr, x2.ptr]), None, 1, outs, None) == OK
    assert r.aclGetTensorDescNumDims(y.ptr) == ACL_UNKNOWN_RANK          # rank unknown (-2)
    assert r.aclopInferShape(None, 2, ins, None, 1, outs, None) == INVALID
    assert r.aclopInferShape(b"Add", -1, ins, None, 1, outs, None) == INVALID
    assert r.aclopInferShape(b"Add", 2, ins, None, -1, outs, None) == INVALID
    assert r.aclopInferShape(b"Add", 2, None, None, 1, outs, None) == INVALID
    assert r.aclopInferShape(b"Add", 2, ins, None, 1, pointer_array([None]), None) == INVALID
    assert r.aclopInferShape(b"Add", 2, ins, None, 1, outs, BOGUS_HANDLE) == INVALID
    assert r.aclopInferShape(b"NoSuchOp", 2, ins, None, 1, outs, None) == NOT_FOUND


def test_update_params_without_a_compile_function(acl, loaded, scope):
    d = [scope.add(TensorDesc(acl, DT.FLOAT, SHAPE)) for _ in range(3)]
    ins, outs = pointer_array([d[0].ptr, d[1].ptr]), pointer_array([d[2].ptr])
    # GE SelectOpKernel: no compile function registered for the op (tests/simulator/test_sim_custom_ops.py: with one)
    assert acl.raw.aclopUpdateParams(b"Add", 2, ins, 1, outs, None) == ERR.ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED
    assert acl.raw.aclopUpdateParams(None, 2, ins, 1, outs, None) == INVALID


def test_set_max_op_queue_num(acl):
    assert acl.raw.aclopSetMaxOpQueueNum(0) == INVALID
    assert acl.raw.aclopSetMaxOpQueueNum(1) == OK
    assert acl.raw.aclopSetMaxOpQueueNum(2 ** 64 - 1) == OK
    assert acl.raw.aclopSetMaxOpQueueNum(20000) == OK                    # GE's default, restored
