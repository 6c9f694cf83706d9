"""The simulator's custom-op calls, valid and invalid: aclopCreateKernel, aclopRegisterCompileFunc,
aclopUnregisterCompileFunc, aclopSetKernelArgs, aclopSetKernelWorkspaceSizes, aclopUpdateParams
(GE acl_op.h / op.cpp / op_kernel_selector.cpp; docs/CUSTOM_OPS.md). Each test registers its own
op type, so registrations (which last as long as the process, as on a device) do not meet."""
import ctypes

import numpy as np
import pytest

from fixtures import custom_op
from harness.abi import DT, ERR
from harness.acl import DataBuffer, DeviceMemory, OpHandle, TensorDesc
from harness.models import OpSpec, tensor
from harness.raw import pointer_array
from tests.sim_support import INVALID, OK

VOIDP = ctypes.c_void_p


@pytest.fixture(scope="module")
def kernel_bytes(tmp_path_factory):
    data = custom_op.build_kernel_library(str(tmp_path_factory.mktemp("kernel")))
    return ctypes.create_string_buffer(data, len(data)), len(data)


def _create_kernel(acl, op, kid, name, kernel_bytes, engine=custom_op.ENGINE_AICORE, binary=...):
    data, size = kernel_bytes
    return acl.raw.aclopCreateKernel(op, kid, name, data if binary is ... else binary, size, engine, None)


def test_create_kernel(acl, kernel_bytes):
    op = b"KernelCreateOp"
    assert _create_kernel(acl, op, b"k1", b"axpy_f32_kernel", kernel_bytes) == OK
    assert _create_kernel(acl, op, b"k2", b"axpy_f16_kernel", kernel_bytes, engine=2) == OK    # VECTOR
    # the same (opType, kernelId) twice; another op may reuse the id
    assert _create_kernel(acl, op, b"k1", b"axpy_f32_kernel", kernel_bytes) == ERR.ACL_ERROR_KERNEL_ALREADY_REGISTERED
    assert _create_kernel(acl, b"KernelCreateOp2", b"k1", b"axpy_f32_kernel", kernel_bytes) == OK


@pytest.mark.parametrize("field", ["opType", "kernelId", "kernelName", "binData"])
def test_create_kernel_null_arguments(acl, kernel_bytes, field):
    args = {"opType": b"KernelNullOp", "kernelId": b"k", "kernelName": b"axpy_f32_kernel"}
    args[field] = None if field != "binData" else args.get(field)
    data, size = kernel_bytes
    code = acl.raw.aclopCreateKernel(args["opType"], args["kernelId"], args["kernelName"],
                                     None if field == "binData" else data, size, custom_op.ENGINE_AICORE, None)
    assert code == INVALID
    assert field in acl.recent_error_message()


def test_create_kernel_invalid_values(acl, kernel_bytes):
    op = b"KernelBadOp"
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes, engine=0) == INVALID     # SYS
    assert "enginetype" in acl.recent_error_message()
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes, engine=3) == INVALID
    data, _ = kernel_bytes
    assert acl.raw.aclopCreateKernel(op, b"k", b"axpy_f32_kernel", data, 0, 1, None) == INVALID
    assert acl.raw.aclopCreateKernel(op, b"k", b"axpy_f32_kernel", data, -5, 1, None) == INVALID
    junk = ctypes.create_string_buffer(b"not an ELF library at all" * 4)
    assert acl.raw.aclopCreateKernel(op, b"k", b"axpy_f32_kernel", junk, len(junk), 1, None) == \
        ERR.ACL_ERROR_RT_PARAM_INVALID
    assert "shared library" in acl.recent_error_message()
    assert _create_kernel(acl, op, b"k", b"no_such_entry", kernel_bytes) == ERR.ACL_ERROR_RT_PARAM_INVALID
    assert "no_such_entry" in acl.recent_error_message()
    # nothing was registered by the failures: the id is still free
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes) == OK


def _noop_compile(*args):
    return 0


NOOP = custom_op.COMPILE_FUNC(_noop_compile)


def test_register_and_unregister_compile_func(acl):
    op = b"RegisterOp"
    fn = ctypes.cast(NOOP, VOIDP)
    assert acl.raw.aclopRegisterCompileFunc(op, fn) == OK
    assert acl.raw.aclopRegisterCompileFunc(op, fn) == ERR.ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED
    assert acl.raw.aclopUnregisterCompileFunc(op) == OK
    assert acl.raw.aclopUnregisterCompileFunc(op) == OK            # GE: no function registered is fine
    assert acl.raw.aclopRegisterCompileFunc(op, fn) == OK          # registrable again
    assert acl.raw.aclopRegisterCompileFunc(None, fn) == INVALID
    assert acl.raw.aclopRegisterCompileFunc(b"RegisterOp2", None) == INVALID
    assert acl.raw.aclopUnregisterCompileFunc(None) == INVALID


def test_update_params_without_compile_func_or_with_bad_arguments(acl, scope):
    d = [scope.add(TensorDesc(acl, DT.FLOAT, (4,))) for _ in range(3)]
    arr = pointer_array([x.ptr for x in d])
    assert acl.raw.aclopUpdateParams(b"NoCompileFuncOp", 2, arr, 1, pointer_array([d[2].ptr]), None) == \
        ERR.ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED
    assert acl.raw.aclopUpdateParams(None, 2, arr, 1, pointer_array([d[2].ptr]), None) == INVALID
    assert acl.raw.aclopUpdateParams(b"X", -1, arr, 1, pointer_array([d[2].ptr]), None) == INVALID
    assert acl.raw.aclopUpdateParams(b"X", 2, arr, -1, pointer_array([d[2].ptr]), None) == INVALID
    assert acl.raw.aclopUpdateParams(b"X", 2, None, 1, pointer_array([d[2].ptr]), None) == INVALID
    assert acl.raw.aclopUpdateParams(b"X", 2, pointer_array([d[0].ptr, None]), 1, pointer_array([d[2].ptr]),
                                     None) == INVALID


class Recorder:
    """A compile function whose choices a test sets: kernelId, blockDim, args, workspaces, result."""

    def __init__(self, acl, kid=b"k", block_dim=1, tiling=b"\x00" * 8, ws=(), result=0, set_args=True):
        self.acl, self.kid, self.block_dim, self.tiling = acl, kid, block_dim, tiling
        self.ws, self.result, self.set_args, self.codes = list(ws), result, set_args, []
        self.fn = custom_op.COMPILE_FUNC(self)

    def __call__(self, n_in, ins, n_out, outs, attr, kdesc):
        r = self.acl.raw
        if self.set_args:
            buf = ctypes.create_string_buffer(self.tiling, len(self.tiling))
            self.codes.append(r.aclopSetKernelArgs(kdesc, self.kid, self.block_dim, buf, len(self.tiling)))
        # invalid uses inside a compile function: each must be refused, not crash
        self.codes.append(r.aclopSetKernelArgs(None, self.kid, 1, b"x", 1))
        self.codes.append(r.aclopSetKernelArgs(kdesc, None, 1, b"x", 1))
        self.codes.append(r.aclopSetKernelArgs(kdesc, self.kid, 1, None, 1))
        self.codes.append(r.aclopSetKernelWorkspaceSizes(None, 0, None))
        self.codes.append(r.aclopSetKernelWorkspaceSizes(kdesc, -1, None))
        self.codes.append(r.aclopSetKernelWorkspaceSizes(kdesc, 1, None))
        sizes = (ctypes.c_size_t * max(len(self.ws), 1))(*self.ws)
        self.codes.append(r.aclopSetKernelWorkspaceSizes(kdesc, len(self.ws), sizes))
        return self.result

    def register(self, op):
        assert self.acl.raw.aclopRegisterCompileFunc(op, ctypes.cast(self.fn, VOIDP)) == OK
        # The runtime keeps the function pointer for the process: keep its ctypes thunk alive as
        # long (a temporary Recorder(...).register(op) was freed at once, and the runtime then
        # called freed memory: an intermittent failure of the tests that did so).
        _REGISTERED[op] = self


_REGISTERED: dict[bytes, Recorder] = {}


EXPECTED_CODES = [INVALID] * 6 + [OK]


def _launch(acl, scope, stream, handle_ptr, x, y):
    """aclopExecWithHandle(handle, [x, y] -> one output like x) and a sync: (sync code, output array)."""
    mems = [scope.add(DeviceMemory(acl, x.nbytes)) for _ in range(3)]
    mems[0].write(x)
    mems[1].write(y)
    bufs = [scope.add(DataBuffer.over(m)) for m in mems]
    assert acl.raw.aclopExecWithHandle(handle_ptr, 2, pointer_array([b.ptr for b in bufs[:2]]), 1,
                                       pointer_array([bufs[2].ptr]), stream.ptr) == OK, acl.recent_error_message()
    return acl.raw.aclrtSynchronizeStream(stream.ptr), mems[2].read_array(x.dtype, x.shape)


def _update(acl, scope, op, shape=(6,), n_in=2):
    ins = [scope.add(TensorDesc(acl, DT.FLOAT, shape)) for _ in range(n_in)]
    out = scope.add(TensorDesc(acl, DT.FLOAT, shape))
    code = acl.raw.aclopUpdateParams(op, n_in, pointer_array([d.ptr for d in ins]), 1, pointer_array([out.ptr]), None)
    return code, ins, out


def test_update_params_selects_a_created_kernel(acl, scope, stream, kernel_bytes):
    op = b"SelectOp"
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes) == OK
    rec = Recorder(acl, tiling=bytes(custom_op.Tiling(6, 1)), block_dim=2, ws=[24])
    rec.register(op)
    code, ins, out = _update(acl, scope, op)
    assert code == OK, acl.recent_error_message()
    assert rec.codes == [OK] + EXPECTED_CODES
    # the handle runs the selected kernel
    handle = scope.add(OpHandle(acl, op.decode(), ins, [out]))
    x, y = np.arange(6, dtype=np.float32), np.full(6, 0.25, np.float32)
    code, z = _launch(acl, scope, stream, handle.ptr, x, y)
    assert code == OK
    np.testing.assert_array_equal(z, np.float32(1.5) * x + y)
    # unregistering the compile function: the existing handle keeps its kernel, new ones find nothing
    assert acl.raw.aclopUnregisterCompileFunc(op) == OK
    code, z = _launch(acl, scope, stream, handle.ptr, y, x)
    assert code == OK
    np.testing.assert_array_equal(z, np.float32(1.5) * y + x)
    h = ctypes.c_void_p()
    assert acl.raw.aclopCreateHandle(op, 2, pointer_array([d.ptr for d in ins]), 1, pointer_array([out.ptr]), None,
                                     ctypes.byref(h)) == ERR.ACL_ERROR_OP_NOT_FOUND


def test_update_params_refusals(acl, scope, kernel_bytes):
    op = b"RefuseOp"
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes) == OK
    rec = Recorder(acl, result=int(ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE))
    rec.register(op)
    assert _update(acl, scope, op)[0] == ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE       # the function's own code
    rec.result, rec.kid = 0, b"never_created"
    assert _update(acl, scope, op)[0] == ERR.ACL_ERROR_KERNEL_NOT_FOUND
    assert "never_created" in acl.recent_error_message()
    rec.set_args, rec.kid = False, b"k"
    assert _update(acl, scope, op)[0] == ERR.ACL_ERROR_KERNEL_NOT_FOUND             # no aclopSetKernelArgs
    rec.set_args, rec.ws = True, [8] * 17
    assert _update(acl, scope, op)[0] == INVALID                                    # > 16 workspaces
    assert "workspaces" in acl.recent_error_message()


def test_block_dim_zero_fails_at_sync(acl, scope, stream, kernel_bytes):
    op = b"BlockDimZeroOp"
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes) == OK
    Recorder(acl, tiling=bytes(custom_op.Tiling(6, 1)), block_dim=0, ws=[24]).register(op)
    code, ins, out = _update(acl, scope, op)
    assert code == OK
    handle = scope.add(OpHandle(acl, op.decode(), ins, [out]))
    code, _ = _launch(acl, scope, stream, handle.ptr, np.ones(6, np.float32), np.ones(6, np.float32))
    assert code == ERR.ACL_ERROR_RT_PARAM_INVALID
    assert "blockDim 0" in acl.recent_error_message()


def test_custom_op_fixture_registers_and_runs(acl, scope, stream):
    """fixtures/custom_op.py end to end on one shape (the suites run the full contract)."""
    axpy = custom_op.register(acl, "FixtureAxpy")
    spec = OpSpec.make("FixtureAxpy", [tensor("float16", (130,)), tensor("float16", (130,))],
                       [tensor("float16", (130,))], {})
    handle = custom_op.CustomOpFactory(acl, scope).handle(spec)
    assert axpy.calls == [(2, 1)]
    x = np.linspace(-3, 3, 130).astype(np.float16)
    y = np.linspace(1, 2, 130).astype(np.float16)
    code, z = _launch(acl, scope, stream, handle.ptr, x, y)
    assert code == OK
    np.testing.assert_array_equal(z, custom_op.axpy_reference(x, y))


def test_execute_v2_runs_the_selected_kernel(acl, scope, stream, kernel_bytes):
    """aclopExecuteV2 of an op with a compile function tries the stored selection first (GE ExecuteAsync)."""
    op = b"ExecuteV2Op"
    assert _create_kernel(acl, op, b"k", b"axpy_f32_kernel", kernel_bytes) == OK
    Recorder(acl, tiling=bytes(custom_op.Tiling(6, 1)), block_dim=3, ws=[24]).register(op)
    ins = [scope.add(TensorDesc(acl, DT.FLOAT, (6,))) for _ in range(2)]
    out = scope.add(TensorDesc(acl, DT.FLOAT, (6,)))
    x, y = np.arange(6, dtype=np.float32) - 2, np.full(6, 3.0, np.float32)
    mems = [scope.add(DeviceMemory(acl, 24)) for _ in range(3)]
    mems[0].write(x)
    mems[1].write(y)
    bufs = [scope.add(DataBuffer.over(m)) for m in mems]

    def execute():
        return acl.raw.aclopExecuteV2(op, 2, pointer_array([d.ptr for d in ins]), pointer_array([b.ptr for b in bufs[:2]]),
                                      1, pointer_array([out.ptr]), pointer_array([bufs[2].ptr]), None, stream.ptr)

    assert execute() == ERR.ACL_ERROR_OP_NOT_FOUND          # nothing selected for this signature yet
    assert acl.raw.aclopUpdateParams(op, 2, pointer_array([d.ptr for d in ins]), 1, pointer_array([out.ptr]),
                                     None) == OK
    assert execute() == OK, acl.recent_error_message()
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    np.testing.assert_array_equal(mems[2].read_array(np.float32, (6,)), np.float32(1.5) * x + y)
