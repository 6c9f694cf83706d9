"""The aclop compiler beyond aclopCompile (GE api/acl/acl_op_compiler/single_op/op_compiler.cpp),
valid and invalid: aclopCompileAndExecute(V2), aclGenGraphAndDumpForOp, aclCreateGraphDumpOpt /
aclDestroyGraphDumpOpt, and aclopCompile's shape-range check (docs/FIDELITY.md section 3)."""
import numpy as np
import pytest

from harness.abi import DT, ERR, CompileType, EngineType
from harness.acl import DataBuffer, DeviceMemory, TensorDesc
from harness.raw import pointer_array
from tests.sim_support import BOGUS_HANDLE, INVALID, OK, RT_PARAM, live, run_acl

NOT_SUPPORT = ERR.ACL_ERROR_API_NOT_SUPPORT
SHAPE = (3, 7)


@pytest.fixture
def add(acl, device, scope):
    """Add on float32 SHAPE: descs, device inputs holding x1, x2 and an output buffer."""
    rng = np.random.default_rng(5)
    x1, x2 = (rng.uniform(-4, 4, SHAPE).astype(np.float32) for _ in range(2))
    descs = [scope.add(TensorDesc(acl, DT.FLOAT, SHAPE)) for _ in range(3)]
    mems = [scope.add(DeviceMemory(acl, x1.nbytes)) for _ in range(3)]
    mems[0].write(x1)
    mems[1].write(x2)
    bufs = [scope.add(DataBuffer.over(m)) for m in mems]
    return {"descs": descs, "bufs": bufs, "out": mems[2], "expect": x1 + x2}


def _cae(acl, add, name="aclopCompileAndExecute", op=b"Add", n_in=2, n_out=1, in_descs=..., in_bufs=...,
         out_descs=..., out_bufs=..., flag=CompileType.SYS, path=None, stream=None):
    d, b = add["descs"], add["bufs"]
    arr = lambda v, default: None if v is None else pointer_array([x.ptr if hasattr(x, "ptr") else x  # noqa: E731
                                                                   for x in (default if v is ... else v)])
    return getattr(acl.raw, name)(op, n_in, arr(in_descs, d[:2]), arr(in_bufs, b[:2]), n_out,
                                  arr(out_descs, d[2:]), arr(out_bufs, b[2:]), None, int(EngineType.SYS),
                                  int(flag), path, stream)


@pytest.mark.parametrize("name", ["aclopCompileAndExecute", "aclopCompileAndExecuteV2"])
def test_compile_and_execute_runs_the_op(acl, add, stream, name):
    before = live(acl, "model")
    assert _cae(acl, add, name, stream=stream.ptr) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK
    got = add["out"].read_array(np.float32, SHAPE)
    np.testing.assert_array_equal(got, add["expect"])
    assert live(acl, "model") <= before + 1                  # compiled once, identical models deduplicated
    assert add["descs"][2].dims() == list(SHAPE)               # V2: a static output desc stays as it was
    assert _cae(acl, add, name, flag=CompileType.UNREGISTERED, path=b"/tmp/ops", stream=None) == OK
    assert acl.raw.aclrtSynchronizeStream(None) == OK


@pytest.mark.parametrize("name", ["aclopCompileAndExecute", "aclopCompileAndExecuteV2"])
def test_compile_and_execute_invalid_arguments(acl, add, scope, stream, name):
    # GE CheckInput order: counts, then the compile type (200001), then opType, arrays, buffers
    assert _cae(acl, add, name, n_in=-1, flag=2) == INVALID
    assert _cae(acl, add, name, op=None, flag=2) == NOT_SUPPORT
    assert _cae(acl, add, name, op=None) == INVALID
    assert _cae(acl, add, name, in_descs=None) == INVALID
    assert _cae(acl, add, name, out_bufs=[None]) == INVALID
    null_len = scope.add(DataBuffer(acl, None, 84))
    assert _cae(acl, add, name, in_bufs=[add["bufs"][0], null_len]) == INVALID   # CheckDataBufferArry
    assert _cae(acl, add, name, flag=CompileType.UNREGISTERED) == INVALID         # opPath NULL
    assert _cae(acl, add, name, op=b"NoSuchOp") == ERR.ACL_ERROR_GE_FAILURE
    assert "build op model failed" in acl.recent_error_message()
    assert _cae(acl, add, name, stream=BOGUS_HANDLE) == RT_PARAM
    # every output empty: success before the compile, nothing launched (GE IsAllTensorEmpty)
    empty = [scope.add(TensorDesc(acl, DT.FLOAT, (0, 7))) for _ in range(3)]
    assert _cae(acl, add, name, op=b"NoSuchOp", in_descs=empty[:2], out_descs=empty[2:]) == OK
    assert acl.raw.aclrtSynchronizeStream(stream.ptr) == OK


def test_compile_rejects_dynamic_inputs_without_shape_ranges():
    """GE CheckShapeRange (MakeInputCompileParam): a -1 dim needs one range per dim; {-2} none.
    In a fresh process: the dynamic models it registers would match other tests' descs."""
    out = run_acl("""
raw.aclInit(None); raw.aclrtSetDevice(0)
def desc(*dims, ranges=None):
    d = raw.aclCreateTensorDesc(0, len(dims), (ctypes.c_int64 * len(dims))(*dims), 2)
    if ranges is not None:
        flat = [v for r in ranges for v in r]
        raw.aclSetTensorShapeRange(d, len(ranges), (ctypes.c_int64 * len(flat))(*flat))
    return d
def compile_(ins, outs, n_in=None, flag=0, op=b"Add"):
    return raw.aclopCompile(op, len(ins) if n_in is None else n_in, pointer_array(ins), len(outs),
                            pointer_array(outs), None, 0, flag, None)
dyn = [desc(-1, 9) for _ in range(3)]
out["no_ranges"] = compile_(dyn[:2], dyn[2:])
out["msg"] = msg()
one = [desc(-1, 9, ranges=[(1, 8)])] + dyn[1:]
out["too_few_ranges"] = compile_(one[:2], one[2:])
ok = [desc(-1, 9, ranges=[(1, 8), (9, 9)]) for _ in range(3)]
out["ranges"] = compile_(ok[:2], ok[2:])
rank = [desc(-2) for _ in range(3)]
out["unknown_rank"] = compile_(rank[:2], rank[2:])
ranked = [desc(-2, ranges=[(1, 2)])] + rank[1:]
out["unknown_rank_with_range"] = compile_(ranked[:2], ranked[2:])
out["counts_first"] = compile_(dyn[:2], dyn[2:], n_in=-1, flag=2, op=None)
out["flag_before_op"] = compile_(dyn[:2], dyn[2:], flag=2, op=None)
""")
    assert out["no_ranges"] == INVALID and "shapeRange" in out["msg"]
    assert out["too_few_ranges"] == INVALID
    assert out["ranges"] == OK and out["unknown_rank"] == OK
    assert out["unknown_rank_with_range"] == INVALID
    # the counts come before the compile type, the compile type before opType
    assert out["counts_first"] == INVALID and out["flag_before_op"] == NOT_SUPPORT


def test_graph_dump(acl, add, tmp_path):
    r, d, b = acl.raw, add["descs"], add["bufs"]

    def dump(path, opt=None, op=b"Add", descs=d):
        return r.aclGenGraphAndDumpForOp(op, 2, pointer_array([x.ptr for x in descs[:2]]),
                                         pointer_array([x.ptr for x in b[:2]]), 1,
                                         pointer_array([x.ptr for x in descs[2:]]),
                                         pointer_array([x.ptr for x in b[2:]]), None, int(EngineType.SYS),
                                         path, opt)

    assert dump(str(tmp_path).encode()) == OK
    text = (tmp_path / "Add_graph.txt").read_text()
    assert text.startswith("graph op=Add inputs=2 outputs=1") and "dims=[3,7]" in text
    assert dump(str(tmp_path / "one.txt").encode()) == OK and (tmp_path / "one.txt").exists()
    opt = r.aclCreateGraphDumpOpt()
    assert opt
    try:
        assert dump(str(tmp_path).encode(), opt=opt) == INVALID          # "only support nullptr currently"
    finally:
        assert r.aclDestroyGraphDumpOpt(opt) == OK
    assert r.aclDestroyGraphDumpOpt(opt) == INVALID                      # destroyed twice
    assert r.aclDestroyGraphDumpOpt(None) == INVALID
    two = [r.aclCreateGraphDumpOpt() for _ in range(2)]
    assert two[0] and two[1] and two[0] != two[1]
    assert [r.aclDestroyGraphDumpOpt(o) for o in two] == [OK, OK]
    assert r.aclGenGraphAndDumpForOp(b"Add", -1, None, None, 1, None, None, None, 0, b"/tmp", None) == INVALID
    assert dump(None) == INVALID
    assert dump(str(tmp_path).encode(), op=None) == INVALID
    assert dump(str(tmp_path).encode(), op=b"NoSuchOp") == ERR.ACL_ERROR_GE_FAILURE
    assert dump(str(tmp_path / "missing" / "x.txt").encode()) == INVALID   # cannot be written
    acl.recent_error_message()


def test_compile_and_execute_v2_refreshes_dynamic_output_dims():
    """V2 (ACL_OP_EXECUTE_REFRESH_OUTPUT_ORI_SHAPE): a dynamic model's inferred output shape is
    written back into the output desc, as aclopExecuteV2 does (fresh process: the dynamic model
    it registers would match other tests' descs)."""
    out = run_acl("""
raw.aclInit(None); raw.aclrtSetDevice(0)
x = (ctypes.c_float * 12)(*range(12))
ins = [raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(3, 4), 2) for _ in range(2)]
mems = []
for _ in range(3):
    p = ctypes.c_void_p()
    raw.aclrtMalloc(ctypes.byref(p), 48, 0)
    mems.append(p.value)
for m in mems[:2]:
    raw.aclrtMemcpy(m, 48, x, 48, 1)
bufs = [raw.aclCreateDataBuffer(m, 48) for m in mems]
for name in ("aclopCompileAndExecuteV2", "aclopCompileAndExecute"):
    y = raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(-1, 4), 2)
    raw.aclSetTensorShapeRange(y, 2, (ctypes.c_int64 * 4)(1, 8, 4, 4))
    out[name] = getattr(raw, name)(b"Add", 2, pointer_array(ins), pointer_array(bufs[:2]), 1, pointer_array([y]),
                                   pointer_array(bufs[2:]), None, 0, 0, None, None)
    out[name + "_sync"] = raw.aclrtSynchronizeStream(None)
    out[name + "_dims"] = [raw.aclGetTensorDescDim(y, i) for i in range(2)]
    res = (ctypes.c_float * 12)()
    raw.aclrtMemcpy(res, 48, mems[2], 48, 2)
    out[name + "_y"] = list(res)
""")
    want = [2.0 * v for v in range(12)]
    assert (out["aclopCompileAndExecuteV2"], out["aclopCompileAndExecuteV2_sync"]) == (OK, OK)
    assert out["aclopCompileAndExecuteV2_y"] == want
    assert out["aclopCompileAndExecuteV2_dims"] == [3, 4]             # refreshed
    assert (out["aclopCompileAndExecute"], out["aclopCompileAndExecute_sync"]) == (OK, OK)
    assert out["aclopCompileAndExecute_y"] == want
    assert out["aclopCompileAndExecute_dims"] == [-1, 4]              # V1 leaves the desc alone
