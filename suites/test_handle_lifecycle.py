"""Handle lifecycle: created from descs that may die at once (deep copy), reusable across
streams and launches, many alive at once, destroyed after the sync (EWH-01, EWH-06, EWH-09)."""
import numpy as np
import pytest

from fixtures.checks import assert_close, expect_code
from fixtures.contract.cases import add_case, matmul_case
from fixtures.tensors import DeviceTensor
from harness.acl import OpAttr, OpHandle, Stream, TensorDesc


@pytest.mark.clause("EWH-01")
def test_descs_and_attr_destroyed_right_after_create(acl, models, launcher, product, stream, scope, numeric_policy):
    """aclopCreateHandle deep-copies: the descs and attr are destroyed, then new objects reuse
    their memory with other values; the handle still runs the original signature."""
    case = matmul_case("float32", 6, 5, 4, transpose_x2=True, saturation=product.saturation_mode)
    models.ensure(case.spec)
    ins = [t.make_desc(acl) for t in case.spec.inputs]
    outs = [t.make_desc(acl) for t in case.spec.outputs]
    attr = OpAttr(acl, dict(case.spec.attrs))
    handle = scope.add(OpHandle(acl, "MatMulV2", ins, outs, attr))
    for d in ins + outs:
        d.close()
    attr.close()
    for _ in range(6):                  # decoys: may reuse the freed descs' memory
        scope.add(TensorDesc(acl, "float16", (99, 99)))
    scope.add(OpAttr(acl, {"transpose_x2": False, "transpose_x1": True}))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    handle.launch(p.in_buffers, p.out_buffers, stream.ptr)
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-01", case="handle after its descs died", policy=numeric_policy)


@pytest.mark.clause("EWH-06")
@pytest.mark.parametrize("n_streams", [2, 5])
def test_one_handle_on_several_streams(acl, launcher, product, scope, n_streams, numeric_policy):
    case = add_case("float16", (32, 32), saturation=product.saturation_mode)
    preps = [launcher.prepare(case.spec, case.inputs, case.reference, case.id) for _ in range(n_streams)]
    handle = preps[0].handle
    streams = [scope.add(Stream(acl)) for _ in range(n_streams)]
    for p, s in zip(preps, streams):
        for _ in range(3):
            handle.launch(p.in_buffers, p.out_buffers, s.ptr)
    handle.launch(preps[0].in_buffers, preps[0].out_buffers, None)      # and the default stream
    for s in streams:
        s.synchronize()
    acl.call("aclrtSynchronizeStream", None)
    for i, p in enumerate(preps):
        assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-06", case=f"stream {i} of {n_streams}", policy=numeric_policy)


@pytest.mark.clause("EWH-01")
def test_hundreds_of_handles_alive_at_once(acl, ops, models, scope, stream, numeric_policy):
    """300 handles for 300 distinct signatures, all launched before one sync."""
    n = 300
    rng = np.random.default_rng(7)
    cases = [add_case("int32", (i % 30 + 1, i // 30 + 1), seed=i) for i in range(n)]
    models.ensure(*(c.spec for c in cases))          # one atc run for all 300 models
    work = []
    for case in cases:
        handle = ops.handle(case.spec)
        tin = [DeviceTensor.from_array(acl, scope, x) for x in case.inputs]
        tout = DeviceTensor.empty(acl, scope, np.int32, case.spec.outputs[0].shape)
        work.append((case, handle, tin, tout))
    order = rng.permutation(n)
    for i in order:
        case, handle, tin, tout = work[i]
        handle.launch([t.buffer for t in tin], [tout.buffer], stream.ptr)
    stream.synchronize()
    for case, _, _, tout in work:
        assert_close(tout.array(), case.reference()[0], clause="EWH-01", case=f"{case.id} among {n} live handles", policy=numeric_policy)


@pytest.mark.clause("EWH-01")
def test_two_handles_for_one_signature_are_independent(acl, launcher, product, stream, numeric_policy):
    case = add_case("float32", (4, 4), saturation=product.saturation_mode)
    a = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    b = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    assert a.handle.ptr != b.handle.ptr, f"[EWH-01] two aclopCreateHandle calls returned one handle {a.handle.ptr:#x}"
    a.handle.close()
    (got,) = b.run(stream.ptr, clause="EWH-01")
    assert_close(got, case.reference()[0], clause="EWH-01", case="second handle after the first was destroyed", policy=numeric_policy)


@pytest.mark.clause("EWH-09")
def test_destroy_after_sync(acl, launcher, product, stream, numeric_policy):
    case = add_case("float32", (16, 16), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    for i in range(10):
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-09", what=f"launch {i} of 10 of {case.id}", acl=acl)
    stream.synchronize()
    p.handle.close()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-09", case="handle destroyed after sync", policy=numeric_policy)


@pytest.mark.clause("EWH-01")
@pytest.mark.crash_prone
def test_destroy_while_launches_are_queued(acl, launcher, product, stream, numeric_policy):
    """The docs destroy after the sync; destroying earlier must not corrupt queued work."""
    case = add_case("float32", (64, 64), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    for i in range(20):
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause="EWH-01", what=f"launch {i} of 20 of {case.id}", acl=acl)
    p.handle.close()
    stream.synchronize()
    assert_close(p.outputs[0].array(), case.reference()[0], clause="EWH-01", case="handle destroyed before sync", policy=numeric_policy)


@pytest.mark.clause("EWH-01")
@pytest.mark.crash_prone
def test_double_destroy_leaves_the_runtime_usable(acl, launcher, product, stream, numeric_policy):
    case = add_case("float32", (4, 4), saturation=product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    victim = case.spec.create_handle(acl)
    ptr = victim.ptr
    victim.close()
    acl.raw.aclopDestroyHandle(ptr)          # second destroy of the same handle
    (got,) = p.run(stream.ptr, clause="EWH-01")
    assert_close(got, case.reference()[0], clause="EWH-01", case="after a double aclopDestroyHandle", policy=numeric_policy)
