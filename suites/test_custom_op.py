"""The handle contract for a user-registered custom op (issue 15 item 3; docs/CUSTOM_OPS.md).

``CustomAxpy`` (z = 1.5 * x + y, y optional) is registered the way a single-op client registers
its operator: kernels from C source built at run time (aclopCreateKernel) and a compile function
(aclopRegisterCompileFunc) that aclopUpdateParams calls to choose a kernel for each signature.
Every launch goes through aclopExecWithHandle with the launcher's guarded tensors; results are
judged against the user's numpy reference (fixtures.custom_op.axpy_reference).

Runtimes without the custom-op calls (an older CANN) skip with the missing symbol named.
"""
import zlib

import numpy as np
import pytest

from fixtures import custom_op
from fixtures.catalog import draw
from fixtures.catalog.judge import judge_outputs
from fixtures.checks import expect_code
from fixtures.launch import Launcher
from harness.abi import ERR
from harness.errors import AclError
from harness.models import OpSpec, TensorSpec, tensor
from harness.raw import SymbolMissing
from reference.ops import wide
from reference.standards import standard_for

SHAPES = [(7,), (3, 5), (2, 3, 17), (1031,), (64, 33)]
DTYPES = ("float32", "float16")


# The codes by which a runtime says it does not offer a call or feature (acl-abi.md section 2):
# only these make registration a skip; any other code is a failure, named.
NOT_SUPPORTED = (ERR.ACL_ERROR_API_NOT_SUPPORT, ERR.ACL_ERROR_FEATURE_UNSUPPORTED,
                 ERR.ACL_ERROR_RT_FEATURE_NOT_SUPPORT)


@pytest.fixture(scope="module")
def axpy(acl):
    try:
        return custom_op.register(acl)
    except SymbolMissing as e:
        pytest.skip(f"the runtime has no custom-op calls: {e}")
    except AclError as e:   # a device runtime takes kernels built for the NPU, not a host library
        if e.code in NOT_SUPPORTED:
            pytest.skip(f"the runtime does not take host-library kernels (docs/CUSTOM_OPS.md): {e}")
        pytest.fail(f"custom-op registration failed with {e.code} {e.name}, not a 'not supported' code: {e}")


@pytest.fixture
def custom_launcher(acl, scope, axpy, numeric_policy):
    return Launcher(acl, custom_op.CustomOpFactory(acl, scope), scope, numeric_policy)


def _spec(dtype, shape, with_y=True):
    ins = [tensor(dtype, shape), tensor(dtype, shape) if with_y else TensorSpec.absent()]
    return OpSpec.make(custom_op.OP, ins, [tensor(dtype, shape)], {})


def _values(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    return draw(rng, dtype, shape, "uniform"), draw(rng, dtype, shape, "uniform")


def _check(got, x, y, product, dtype, case, clause, policy):
    """The user's kernel rounds 1.5 * x to float32 before adding y, so its error is proportional to
    |1.5 x| + |y| (a sum's magnitude), not to the result: judged relative to that, as the catalog
    judges every accumulating op (reference/standards.py, relative_to="magnitude")."""
    expected = custom_op.axpy_reference(x, y, product.saturation_mode)
    scale = np.abs(custom_op.ALPHA * wide(x)) + (np.abs(wide(y)) if y is not None else 0.0)
    std = standard_for("float", dtype, op=custom_op.OP, product=product.id, relative_to="magnitude")
    judge_outputs([got], [expected], [std], scales_=[scale], clause=clause, policy=policy,
                  cases=[f"{case} on {product.id} (user reference: 1.5 * x + y)"])


@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=["x".join(map(str, s)) for s in SHAPES])
def test_results_match_the_users_reference(custom_launcher, stream, product, dtype, shape):
    x, y = _values(dtype, shape, zlib.crc32(f"{dtype}{shape}".encode()))
    spec = _spec(dtype, shape)
    p = custom_launcher.prepare(spec, [x, y], lambda: [custom_op.axpy_reference(x, y, product.saturation_mode)],
                                f"CustomAxpy-{dtype}-{shape}")
    (got,) = p.run(stream.ptr, clause="EWH-05")
    _check(got, x, y, product, dtype, p.case, "EWH-05", p.policy)


@pytest.mark.clause("EWH-11")
@pytest.mark.parametrize("dtype", DTYPES)
def test_absent_optional_input(custom_launcher, stream, product, dtype):
    """y absent: UNDEFINED desc at create, a null data buffer at launch, still counted in numInputs."""
    x, _ = _values(dtype, (5, 9), 11)
    spec = _spec(dtype, (5, 9), with_y=False)
    p = custom_launcher.prepare(spec, [x, None], lambda: [custom_op.axpy_reference(x, None, product.saturation_mode)],
                                f"CustomAxpy-{dtype}-no-y")
    code = p.launch_raw(num_inputs=1, inputs=[p.in_buffers[0].ptr], stream=stream.ptr)   # the null buffer left out
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-11", stream=stream.ptr,
                      what="numInputs=1 (the absent y's null buffer left out) for a custom op handle of 2 inputs")
    (got,) = p.run(stream.ptr, clause="EWH-11")
    _check(got, x, None, product, dtype, p.case, "EWH-11", p.policy)


@pytest.mark.clause("EWH-02")
@pytest.mark.parametrize("n", [0, 1, 3], ids=["zero", "too-few", "too-many"])
def test_input_count_mismatch_is_rejected(custom_launcher, stream, n):
    x, y = _values("float32", (6,), 3)
    p = custom_launcher.prepare(_spec("float32", (6,)), [x, y], lambda: [custom_op.axpy_reference(x, y)],
                                "CustomAxpy-count")
    bufs = [b.ptr for b in p.in_buffers]
    ins = (bufs + bufs)[:n]
    code = p.launch_raw(num_inputs=n, inputs=ins if n else None, stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_INPUT_NOT_MATCH], clause="EWH-02", stream=stream.ptr,
                      what=f"numInputs={n} for a custom op handle of 2 inputs")


@pytest.mark.clause("EWH-04")
def test_output_count_mismatch_is_rejected(custom_launcher, stream):
    x, y = _values("float32", (6,), 4)
    p = custom_launcher.prepare(_spec("float32", (6,)), [x, y], lambda: [custom_op.axpy_reference(x, y)],
                                "CustomAxpy-out-count")
    outs = [b.ptr for b in p.out_buffers]
    code = p.launch_raw(num_outputs=2, outputs=outs + outs, stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_OP_OUTPUT_NOT_MATCH], clause="EWH-04", stream=stream.ptr,
                      what="numOutputs=2 for a custom op handle of 1 output")


@pytest.mark.clause("EWH-05")
def test_short_output_buffer_is_rejected(custom_launcher, stream, acl, scope):
    from harness.acl import DataBuffer
    x, y = _values("float32", (64,), 5)      # 256 bytes; GE rounds a buffer length up (+32, to 32)
    p = custom_launcher.prepare(_spec("float32", (64,)), [x, y], lambda: [custom_op.axpy_reference(x, y)],
                                "CustomAxpy-short-output")
    short = scope.add(DataBuffer(acl, p.outputs[0].ptr, 8))
    code = p.launch_raw(outputs=[short.ptr], stream=stream.ptr)
    p.assert_rejected(code, [ERR.ACL_ERROR_GE_PARAM_INVALID], clause="EWH-05", stream=stream.ptr,
                      what="an 8-byte output buffer for a [64] float32 output")


@pytest.mark.clause("EWH-06")
def test_null_stream_is_the_default_stream(custom_launcher, product):
    x, y = _values("float32", (4, 4), 6)
    p = custom_launcher.prepare(_spec("float32", (4, 4)), [x, y], lambda: [custom_op.axpy_reference(x, y)],
                                "CustomAxpy-default-stream")
    (got,) = p.run(None, clause="EWH-06")
    _check(got, x, y, product, "float32", p.case, "EWH-06", p.policy)


@pytest.mark.clause("EWH-09")
def test_launches_on_two_streams_then_one_sync_each(custom_launcher, acl, scope, product):
    """Asynchronous launches on two streams, many per stream, in order; each result after its sync."""
    from harness.acl import Stream
    streams = [scope.add(Stream(acl)) for _ in range(2)]
    cases = []
    for i in range(6):
        x, y = _values("float32", (300,), 100 + i)
        p = custom_launcher.prepare(_spec("float32", (300,)), [x, y], lambda: [], f"CustomAxpy-stream-{i}")
        expect_code(p.launch_raw(stream=streams[i % 2].ptr), 0, clause="EWH-09", what=f"{p.case} on stream {i % 2}",
                    acl=acl)
        cases.append((p, x, y))
    for s in streams:
        acl.call("aclrtSynchronizeStream", s.ptr)
    for p, x, y in cases:
        problems, data = p._inspect()
        assert not problems, f"[EWH-09] {p.case}: " + "; ".join(problems)
        _check(p.outputs[0].array(data[0]), x, y, product, "float32", p.case, "EWH-09", p.policy)


@pytest.mark.clause("EWH-09")
def test_a_failing_kernel_fails_at_sync_and_the_stream_stays_usable(acl, scope, stream, axpy, custom_launcher):
    """A kernel that returns non-zero: the launch is accepted (asynchronous), the sync reports it."""
    x, y = _values("float32", (200,), 7)
    axpy.fail = True
    try:
        bad = custom_launcher.prepare(_spec("float32", (200,)), [x, y], lambda: [], "CustomAxpy-fail")
    finally:
        axpy.fail = False
    expect_code(bad.launch_raw(stream=stream.ptr), 0, clause="EWH-09",
                what="launch of a kernel that will fail (accepted: asynchronous)", acl=acl)
    code = acl.raw.aclrtSynchronizeStream(stream.ptr)
    expect_code(code, ERR.ACL_ERROR_RT_AICORE_EXCEPTION, clause="EWH-09", what="sync after a failing kernel", acl=acl)
    msg = acl.recent_error_message()
    assert "axpy_fail" in msg, (f"[EWH-09] the failing sync's message must name the kernel's failure "
                                f"('axpy_fail'), got {msg!r}")
    expect_code(acl.raw.aclrtSynchronizeStream(stream.ptr), 0, clause="EWH-09",
                what="a second sync after the failing kernel (the failure is reported once)", acl=acl)


@pytest.mark.clause("EWH-01")
def test_handle_before_update_params_is_not_found(acl, axpy):
    """No kernel selected for this signature and no model: aclopCreateHandle finds nothing."""
    spec = _spec("float32", (3, 1, 4))
    with pytest.raises(AclError) as info:
        spec.create_handle(acl).close()
    expect_code(info.value.code, ERR.ACL_ERROR_OP_NOT_FOUND, clause="EWH-01",
                what="aclopCreateHandle for a custom op before aclopUpdateParams", message=str(info.value))


@pytest.mark.clause("EWH-01")
def test_the_compile_function_sees_the_callers_counts(acl, axpy):
    """aclopUpdateParams hands the caller's counts to the compile function; its refusal is the result."""
    spec = OpSpec.make(custom_op.OP, [tensor("float32", (4,))], [tensor("float32", (4,))], {})
    before = len(axpy.calls)
    code = custom_op.update_params(acl, spec)
    assert axpy.calls[before:] == [(1, 1)], (f"[EWH-01] the compile function must be called once with the "
                                            f"caller's counts (1 input, 1 output), got {axpy.calls[before:]}")
    expect_code(code, ERR.ACL_ERROR_INVALID_PARAM, clause="EWH-01",
                what="aclopUpdateParams whose compile function refused", acl=acl)
