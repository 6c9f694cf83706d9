"""Dynamic-shape operators cannot use a handle (EWH-08); aclopExecuteV2 runs them.

Which code aclopCreateHandle returns for -1/-2 descs depends on the JIT-compile flag in force (GE
MatchOpModel order, acl-abi.md section 3): 100024 when JIT is disabled, 100000 when enabled. The
flag is process-wide: GE starts it enabled and sets it to the product's default only at the first
compile call (aclopCompile, aclopCompileAndExecute) unless aclSetCompileopt set it first
(docs/FIDELITY.md: GE op_compiler.cpp, op_compile_processor.cpp SetJitCompileDefaultValue). So:
set explicitly (this test's "enable" / "disable", or the session's --jit), the code is that
setting's; left as the runtime starts, it depends on what the process called before and either
code is accepted, the observed one recorded. The mapping is unverified on hardware.
"""
import ctypes

import numpy as np
import pytest

from fixtures.checks import assert_close, expect_code, expect_undamaged
from fixtures.tensors import DeviceTensor
from harness.abi import ERR, CompileOpt
from harness.acl import TensorDesc
from harness.models import ModelBuildError, OpSpec, TensorSpec, tensor
from harness.raw import pointer_array
from reference import ops as ref

# the code per JIT setting in force (acl-abi.md section 3)
BY_JIT = {False: ERR.ACL_ERROR_OP_NOT_FOUND, True: ERR.ACL_ERROR_INVALID_PARAM}


def _expected(setting: str, session_jit: str) -> tuple:
    """The codes a conforming runtime may return: "product-default" is the session's setting
    (--jit), which is a setting only when the session made one."""
    if setting == "product-default":
        setting = session_jit
    if setting == "default":
        return (BY_JIT[False], BY_JIT[True])
    return (BY_JIT[setting == "enable"],)


def _dyn(dtype, shape, ranges=()):
    return tensor(dtype, shape, shape_range=tuple(ranges))


DYNAMIC_SPECS = {
    "Add-rows-1": OpSpec.make("Add", [_dyn("float32", (-1, 16), [(1, 32), (16, 16)])] * 2,
                              [_dyn("float32", (-1, 16), [(1, 32), (16, 16)])]),
    "Add-both-1": OpSpec.make("Add", [_dyn("float16", (-1, -1), [(1, 8), (1, 64)])] * 2,
                              [_dyn("float16", (-1, -1), [(1, 8), (1, 64)])]),
    "Add-unknown-rank": OpSpec.make("Add", [_dyn("float32", (-2,))] * 2, [_dyn("float32", (-2,))]),
    "MatMulV2-M-1": OpSpec.make("MatMulV2", [_dyn("float32", (-1, 8), [(1, 16), (8, 8)]), tensor("float32", (8, 4)),
                                             TensorSpec.absent(), TensorSpec.absent()],
                                [_dyn("float32", (-1, 4), [(1, 16), (4, 4)])], {"transpose_x1": False, "transpose_x2": False}),
}


@pytest.fixture(params=["product-default", "enable", "disable"])
def jit_setting(request, acl, harness):
    """ACL_OP_JIT_COMPILE as the session has it, or forced for the test; afterwards the session's
    --jit again, or (--jit default: nothing to return to, aclGetCompileopt reads only the
    architecture's default) that default, as GE's first compile call would have set it."""
    if request.param == "product-default":
        yield request.param
        return
    if not acl.raw.has("aclSetCompileopt"):
        pytest.skip("not supported: this runtime has no aclSetCompileopt")
    restore = harness.opts.jit.encode() if harness.opts.jit != "default" else None
    if restore is None:
        size = acl.raw.aclGetCompileoptSize(int(CompileOpt.OP_JIT_COMPILE))
        buf = ctypes.create_string_buffer(max(int(size), 16))
        restore = buf.value if acl.raw.aclGetCompileopt(int(CompileOpt.OP_JIT_COMPILE), buf, len(buf)) == 0 else None
        acl.recent_error_message()
    acl.call("aclSetCompileopt", int(CompileOpt.OP_JIT_COMPILE), request.param.encode())
    yield request.param
    if restore:
        acl.call("aclSetCompileopt", int(CompileOpt.OP_JIT_COMPILE), restore)


def _create(acl, spec):
    descs = [t.make_desc(acl) for t in spec.inputs + spec.outputs]
    out = ctypes.c_void_p()
    try:
        n = len(spec.inputs)
        code = acl.raw.aclopCreateHandle(spec.op.encode(), n, pointer_array([d.ptr for d in descs[:n]]),
                                         len(spec.outputs), pointer_array([d.ptr for d in descs[n:]]),
                                         None if not spec.attrs else _attr(acl, spec), ctypes.byref(out))
    finally:
        for d in descs:
            d.close()
    return code, out.value


_ATTRS = []


def _attr(acl, spec):
    from harness.acl import OpAttr
    a = OpAttr(acl, dict(spec.attrs))
    _ATTRS.append(a)
    return a.ptr


@pytest.mark.clause("EWH-08")
@pytest.mark.parametrize("name", list(DYNAMIC_SPECS))
def test_handle_for_dynamic_descs_is_rejected(acl, harness, models, launcher, product, stream, name, jit_setting,
                                              record_property, op_support):
    spec = DYNAMIC_SPECS[name]
    try:
        models.ensure(spec)
    except ModelBuildError as exc:
        decl = op_support.library.get(spec.op) if op_support.library is not None else None
        if decl is None or decl.dynamic_shape:
            raise
        # the op information library says the op has no dynamic shape on this SoC: atc refuses
        # the dynamic model (GE op_info_util.h), so no handle can exist at all (EWH-08 holds)
        record_property("observed_code", f"atc refused the dynamic model ({decl.source}: dynamicShapeSupport "
                                         f"false): {str(exc).splitlines()[0]}")
        return
    code, handle = _create(acl, spec)
    msg = acl.recent_error_message()
    while _ATTRS:
        _ATTRS.pop().close()
    record_property("observed_code", code)
    record_property("jit_compile", jit_setting)
    if code == 0 and handle:
        acl.raw.aclopDestroyHandle(handle)
    want = _expected(jit_setting, harness.opts.jit)
    assert code in want, (f"[EWH-08] aclopCreateHandle with dynamic descs ({name}, JIT {jit_setting}, session "
                          f"--jit {harness.opts.jit}) must be rejected with "
                          f"{' or '.join(f'{int(w)} ({w.name})' for w in want)}, got {code}: {msg!r}")
    launcher.assert_still_usable(stream.ptr, after=f"rejecting dynamic descs ({name})", clause="EWH-08",
                                 saturation=product.saturation_mode)


def _execute_v2(acl, scope, stream, op, inputs, in_descs, out_desc, out_tensor, attr=None):
    code = acl.raw.aclopExecuteV2(op.encode(), len(inputs), pointer_array([d.ptr for d in in_descs]),
                                  pointer_array([t.buffer.ptr if t else None for t in inputs]), 1,
                                  pointer_array([out_desc.ptr]), pointer_array([out_tensor.buffer.ptr]),
                                  attr, stream)
    return code


@pytest.mark.clause("EWH-08")
@pytest.mark.parametrize("rows", [1, 5, 32])
@pytest.mark.parametrize("model", ["Add-rows-1", "Add-unknown-rank"])
@pytest.mark.parametrize("out_given", ["max-shape", "dynamic-desc"])
def test_execute_v2_runs_the_dynamic_op_and_writes_the_real_shape_back(acl, models, scope, stream, rows,
                                                                       model, out_given, numeric_policy):
    spec = DYNAMIC_SPECS[model]
    models.ensure(spec)
    rng = np.random.default_rng(rows)
    x1 = rng.standard_normal((rows, 16)).astype(np.float32)
    x2 = rng.standard_normal((rows, 16)).astype(np.float32)
    t1, t2 = DeviceTensor.from_array(acl, scope, x1), DeviceTensor.from_array(acl, scope, x2)
    out = DeviceTensor.empty(acl, scope, np.float32, (32, 16))        # room for the largest shape
    in_descs = [scope.add(TensorDesc(acl, "float32", (rows, 16))) for _ in range(2)]
    if out_given == "max-shape":
        out_desc = scope.add(TensorDesc(acl, "float32", (32, 16)))
    else:
        out_desc = scope.add(TensorDesc(acl, "float32", spec.outputs[0].shape))
        if spec.outputs[0].shape_range:
            out_desc.set_shape_range(spec.outputs[0].shape_range)
    code = _execute_v2(acl, scope, stream.ptr, "Add", [t1, t2], in_descs, out_desc, out)
    expect_code(code, 0, clause="EWH-08", what=f"aclopExecuteV2 on {model}", acl=acl)
    stream.synchronize()
    assert out_desc.dims() == [rows, 16], (
        f"[EWH-08] aclopExecuteV2 must write the real output shape back: got {out_desc.dims()}, want {[rows, 16]}")
    got = np.frombuffer(out.read()[: rows * 16 * 4], dtype=np.float32).reshape(rows, 16)
    assert_close(got, ref.add(x1, x2, np.float32), clause="EWH-08", case=f"{model} via aclopExecuteV2, {rows} rows", policy=numeric_policy)
    expect_undamaged(out.damage(), clause="EWH-08", what=f"{model} via aclopExecuteV2, {rows} rows")


@pytest.mark.clause("EWH-08")
def test_execute_v2_outside_the_shape_range_is_not_found(acl, models, scope, stream):
    # int32: no unknown-rank int32 Add model is loaded, so only the ranged model could match
    t_dyn = _dyn("int32", (-1, 16), [(1, 32), (16, 16)])
    models.ensure(OpSpec.make("Add", [t_dyn, t_dyn], [t_dyn]))
    x = np.ones((40, 16), np.int32)                   # 40 rows > the range's 32
    t = DeviceTensor.from_array(acl, scope, x)
    out = DeviceTensor.empty(acl, scope, np.int32, (40, 16))
    in_descs = [scope.add(TensorDesc(acl, "int32", (40, 16))) for _ in range(2)]
    out_desc = scope.add(TensorDesc(acl, "int32", (40, 16)))
    code = _execute_v2(acl, scope, stream.ptr, "Add", [t, t], in_descs, out_desc, out)
    expect_code(code, ERR.ACL_ERROR_OP_NOT_FOUND, clause="EWH-08", what="aclopExecuteV2 with dims outside every "
                "model's range", acl=acl)
    acl.recent_error_message()
    stream.synchronize()
    assert out.unchanged(), "[EWH-07] aclopExecuteV2 refused (outside the shape range) but wrote its output"
