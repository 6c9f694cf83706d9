"""Models in the simulator: aclopLoad, aclopSetModelDir, aclopCompile and aclsimValidateModel,
valid and invalid (acl-abi.md 3 "Loading models", simulator/OM_FORMAT.md)."""
import ctypes

import pytest

from harness.abi import DT, ERR, FMT, CompileType, EngineType, MemType
from harness.acl import OpAttr, OpHandle, TensorDesc, _ptrs
from harness.products import BY_ID, DEFAULT_SOC
from harness.raw import pointer_array
from tests.sim_support import INVALID, OK, add_om, live, load_model, om_bytes, run_acl

PARSE = ERR.ACL_ERROR_PARSE_MODEL
LOAD_FAILED = ERR.ACL_ERROR_OP_LOAD_FAILED
BAD_DTYPE = ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE


def _validate(acl, image, soc=None, msglen=512):
    msg = ctypes.create_string_buffer(max(msglen, 1))
    buf = ctypes.create_string_buffer(image, len(image)) if image is not None else None
    code = acl.raw.aclsimValidateModel(buf, len(image) if image is not None else 0,
                                       soc.encode() if soc else None, msg, msglen)
    return code, msg.value.decode()


# ---------------------------------------------------------------- aclopLoad
def test_load_registers_a_matchable_model(acl, device, scope):
    before = live(acl, "model")
    image = add_om(DT.INT32, (3, 11))
    buf = ctypes.create_string_buffer(image, len(image))
    assert acl.raw.aclopLoad(buf, len(image)) == OK
    ctypes.memset(buf, 0, len(image))                      # the runtime copied the image
    assert live(acl, "model") == before + 1
    descs = [scope.add(TensorDesc(acl, DT.INT32, (3, 11))) for _ in range(3)]
    handle = scope.add(OpHandle(acl, "Add", descs[:2], descs[2:]))
    assert handle.ptr


@pytest.mark.parametrize("image, code", [
    (b"ACLSIM", PARSE),                                                         # shorter than the magic
    (b"NOT-AN-OM 1\nend\n", ERR.ACL_ERROR_DESERIALIZE_MODEL),
    (b"ACLSIM-OM 2\nend\n", ERR.ACL_ERROR_DESERIALIZE_MODEL),
    (b"ACLSIM-OM 1\nop 416464\n", PARSE),                                       # no end record
    (b"ACLSIM-OM 1\nop 416464\nend\nop 416464\n", PARSE),                       # content after end
    (b"ACLSIM-OM 1\nop 416464\nbogus 1\nend\n", PARSE),                         # unknown record
    (b"ACLSIM-OM 1\nop 416464\ninput 0 2 2 2\nend\n", PARSE),                   # truncated tensor
    (b"ACLSIM-OM 1\nop 416464\ninput 0 2 1 -1 0 0 - -\nend\n", PARSE),          # -1 dim without range
    (b"ACLSIM-OM 1\nop 416464\nattr 61 int x\nend\n", PARSE),                   # bad int
    (b"ACLSIM-OM 1\nop 4164\x0064\nend\n", PARSE),                              # NUL byte
    (b"ACLSIM-OM 1\nop 416464\n\nend\n", PARSE),                                # empty line
    (b"ACLSIM-OM 1\nname -\nend\n", ERR.ACL_ERROR_MODEL_MISSING_ATTR),          # no op record
    (b"ACLSIM-OM 1\nop -\nend\n", ERR.ACL_ERROR_MODEL_MISSING_ATTR),            # empty op type
    (om_bytes("NoSuchOp", [(DT.FLOAT, (2,))], [(DT.FLOAT, (2,))]), LOAD_FAILED),
    (om_bytes("Add", [(DT.FLOAT, (2,))], [(DT.FLOAT, (2,))]), LOAD_FAILED),    # too few inputs
    (om_bytes("Add", [(DT.FLOAT, (2, 3))] * 2, [(DT.FLOAT, (3, 2))]), LOAD_FAILED),   # wrong out shape
    (om_bytes("Add", [(DT.FLOAT, (2,), FMT.NC1HWC0)] * 2, [(DT.FLOAT, (2,), FMT.NC1HWC0)]), LOAD_FAILED),
    (om_bytes("Add", [(DT.DOUBLE, (2,))] * 2, [(DT.DOUBLE, (2,))]), BAD_DTYPE),
], ids=lambda v: v if isinstance(v, int) else None)
def test_load_rejects_bad_images(acl, image, code):
    before = live(acl, "model")
    assert load_model(acl, image) == code
    message = acl.recent_error_message()
    assert message.startswith("EH") and "Load op model failed" in message
    assert live(acl, "model") == before


def test_load_null_and_zero_size(acl):
    image = add_om()
    buf = ctypes.create_string_buffer(image, len(image))
    assert acl.raw.aclopLoad(None, len(image)) == INVALID
    assert acl.raw.aclopLoad(buf, 0) == INVALID
    assert "can't be zero" in acl.recent_error_message()
    assert acl.raw.aclopLoad(buf, 5) == PARSE                   # size shorter than the image


# ---------------------------------------------------------------- aclsimValidateModel
def test_validate_model_checks_without_registering(acl):
    before = live(acl, "model")
    assert _validate(acl, add_om()) == (OK, "")
    assert _validate(acl, add_om(), soc="Ascend910B1") == (OK, "")
    code, msg = _validate(acl, om_bytes("NoSuchOp", [], []))
    assert code == LOAD_FAILED and "NoSuchOp" in msg
    code, msg = _validate(acl, add_om(), soc="Ascend999X")
    assert code == INVALID and "Ascend999X" in msg
    assert _validate(acl, None)[0] == INVALID
    image = add_om()
    assert acl.raw.aclsimValidateModel(ctypes.create_string_buffer(image), 0, None, None, 0) == INVALID
    assert acl.raw.aclsimValidateModel(ctypes.create_string_buffer(image), len(image), None, None, 0) == OK
    code, msg = _validate(acl, b"garbage!!!!!!", msglen=8)          # message truncated to msglen
    assert code == ERR.ACL_ERROR_DESERIALIZE_MODEL and len(msg) == 7
    assert live(acl, "model") == before


@pytest.mark.parametrize("product_id", sorted(DEFAULT_SOC))
def test_validate_model_bf16_per_product(acl, product_id):
    soc = DEFAULT_SOC[product_id]
    code, msg = _validate(acl, add_om(DT.BF16, (4,), soc=soc), soc=soc)
    if BY_ID[product_id].bf16:
        assert (code, msg) == (OK, "")
    else:
        assert code == BAD_DTYPE and "bfloat16" in msg and soc in msg
    assert _validate(acl, add_om(DT.FLOAT16, (4,), soc=soc), soc=soc) == (OK, "")
    cast = om_bytes("Cast", [(DT.FLOAT, (4,))], [(DT.BF16, (4,))], [("dst_type", f"int {int(DT.BF16)}")])
    assert _validate(acl, cast, soc=soc)[0] == (OK if BY_ID[product_id].bf16 else BAD_DTYPE)


# ---------------------------------------------------------------- aclopSetModelDir (per process)
def _write_model_tree(root):
    (root / "a").mkdir()
    (root / "a" / "b").mkdir()
    (root / "a" / "b" / "c").mkdir()
    (root / "top.om").write_bytes(add_om(DT.FLOAT, (1, 21)))                 # level 1
    (root / "a" / "mid.om").write_bytes(add_om(DT.FLOAT, (1, 22)))           # level 2
    (root / "a" / "b" / "deep.om").write_bytes(add_om(DT.FLOAT, (1, 23)))    # level 3
    (root / "a" / "b" / "c" / "too_deep.om").write_bytes(add_om(DT.FLOAT, (1, 24)))   # level 4
    (root / "broken.om").write_bytes(b"not a model")                         # skipped
    (root / "other.txt").write_bytes(add_om(DT.FLOAT, (1, 25)))              # not *.om
    (root / "empty.om").write_bytes(b"")


def test_set_model_dir_scans_three_levels_once(tmp_path):
    models = tmp_path / "models"
    models.mkdir()
    _write_model_tree(models)
    (tmp_path / "empty").mkdir()
    afile = tmp_path / "file.om"
    afile.write_bytes(add_om())
    out = run_acl(f"""
out["init"] = raw.aclInit(None)
raw.aclrtSetDevice(0)
out["null"] = raw.aclopSetModelDir(None)
out["missing"] = raw.aclopSetModelDir(b"/nonexistent/models")
out["missing_msg"] = msg()
out["a_file"] = raw.aclopSetModelDir({str(afile)!r}.encode())
out["models_before"] = raw.aclsimLiveObjectCount(b"model")
out["ok"] = raw.aclopSetModelDir({str(models)!r}.encode())
out["models_after"] = raw.aclsimLiveObjectCount(b"model")
out["second"] = raw.aclopSetModelDir({str(models)!r}.encode())
out["second_other"] = raw.aclopSetModelDir({str(tmp_path / 'empty')!r}.encode())
out["second_msg"] = msg()
def handle_for(width):
    dims = (ctypes.c_int64 * 2)(1, width)
    descs = [raw.aclCreateTensorDesc(0, 2, dims, 2) for _ in range(3)]
    h = ctypes.c_void_p()
    code = raw.aclopCreateHandle(b"Add", 2, pointer_array(descs[:2]), 1, pointer_array(descs[2:]), None,
                                 ctypes.byref(h))
    raw.aclopDestroyHandle(h)
    for d in descs:
        raw.aclDestroyTensorDesc(d)
    return code
out["handles"] = {{w: handle_for(w) for w in (21, 22, 23, 24, 25)}}
""")
    assert out["init"] == OK
    assert out["null"] == INVALID
    assert out["missing"] == ERR.ACL_ERROR_READ_MODEL_FAILURE and "/nonexistent/models" in out["missing_msg"]
    assert out["a_file"] == ERR.ACL_ERROR_READ_MODEL_FAILURE
    assert out["ok"] == OK
    assert out["models_after"] - out["models_before"] == 3      # levels 1-3; bad files skipped
    assert out["second"] == ERR.ACL_ERROR_REPEAT_INITIALIZE
    assert out["second_other"] == ERR.ACL_ERROR_REPEAT_INITIALIZE and "once" in out["second_msg"]
    assert out["handles"] == {"21": OK, "22": OK, "23": OK, "24": ERR.ACL_ERROR_OP_NOT_FOUND,
                              "25": ERR.ACL_ERROR_OP_NOT_FOUND}


def test_set_model_dir_on_an_empty_directory_counts_as_the_one_call(tmp_path):
    out = run_acl(f"""
out["init"] = raw.aclInit(None)
out["empty"] = raw.aclopSetModelDir({str(tmp_path)!r}.encode())
out["again"] = raw.aclopSetModelDir({str(tmp_path)!r}.encode())
out["load_still_works"] = raw.aclopLoad(ctypes.create_string_buffer({add_om()!r}), {len(add_om())})
""")
    assert out == {"init": OK, "empty": OK, "again": ERR.ACL_ERROR_REPEAT_INITIALIZE,
                   "load_still_works": OK}


# ---------------------------------------------------------------- aclopCompile
def _compile(acl, op, ins, outs, attr=None, flag=CompileType.SYS, path=None, n_in=None, n_out=None):
    ins_p, outs_p = _ptrs(ins), _ptrs(outs)
    return acl.raw.aclopCompile(op, len(ins_p) if n_in is None else n_in, pointer_array(ins_p),
                                len(outs_p) if n_out is None else n_out, pointer_array(outs_p),
                                attr, int(EngineType.SYS), int(flag), path)


def test_compile_registers_a_model(acl, device, scope):
    before = live(acl, "model")
    descs = [scope.add(TensorDesc(acl, DT.INT8, (5, 13))) for _ in range(3)]
    assert _compile(acl, b"Add", descs[:2], descs[2:]) == OK
    assert live(acl, "model") == before + 1
    assert _compile(acl, b"Add", descs[:2], descs[2:]) == OK           # identical: deduplicated
    assert live(acl, "model") == before + 1
    assert scope.add(OpHandle(acl, "Add", descs[:2], descs[2:])).ptr
    # ACL_COMPILE_UNREGISTERED with an op path is accepted too
    other = [scope.add(TensorDesc(acl, DT.INT8, (5, 14))) for _ in range(3)]
    assert _compile(acl, b"Add", other[:2], other[2:], flag=CompileType.UNREGISTERED, path=b"/tmp/ops") == OK
    attr = scope.add(OpAttr(acl, {"transpose_x1": False, "transpose_x2": False}))
    mm = [scope.add(TensorDesc(acl, DT.FLOAT, s)) for s in ((2, 3), (3, 4))]
    absent = [scope.add(TensorDesc.absent(acl)) for _ in range(2)]
    y = scope.add(TensorDesc(acl, DT.FLOAT, (2, 4)))
    assert _compile(acl, b"MatMulV2", mm + absent, [y], attr=attr.ptr) == OK
    assert scope.add(OpHandle(acl, "MatMulV2", mm + absent, [y], attr)).ptr


def test_compile_rejects_bad_arguments(acl, device, scope):
    before = live(acl, "model")
    d = [scope.add(TensorDesc(acl, DT.INT8, (5, 15))) for _ in range(3)]
    dead = acl.raw.aclCreateTensorDesc(int(DT.INT8), 2, (ctypes.c_int64 * 2)(5, 15), int(FMT.ND))
    acl.raw.aclDestroyTensorDesc(dead)
    dead_attr = acl.raw.aclopCreateAttr()
    acl.raw.aclopDestroyAttr(dead_attr)
    r = acl.raw
    assert _compile(acl, None, d[:2], d[2:]) == INVALID
    assert _compile(acl, b"Add", d[:2], d[2:], n_in=-1) == INVALID
    assert _compile(acl, b"Add", d[:2], d[2:], n_out=-1) == INVALID
    assert r.aclopCompile(b"Add", 2, None, 1, pointer_array([d[2].ptr]), None, 0, 0, None) == INVALID
    assert r.aclopCompile(b"Add", 2, pointer_array([d[0].ptr, d[1].ptr]), 1, None, None, 0, 0, None) == INVALID
    assert _compile(acl, b"Add", [d[0], None], d[2:]) == INVALID
    assert _compile(acl, b"Add", [d[0], dead], d[2:]) == INVALID
    assert _compile(acl, b"Add", d[:2], d[2:], attr=dead_attr) == INVALID
    assert _compile(acl, b"Add", d[:2], d[2:], flag=2) == ERR.ACL_ERROR_API_NOT_SUPPORT
    assert _compile(acl, b"Add", d[:2], d[2:], flag=-1) == ERR.ACL_ERROR_API_NOT_SUPPORT
    assert _compile(acl, b"Add", d[:2], d[2:], flag=CompileType.UNREGISTERED) == INVALID   # opPath NULL
    assert _compile(acl, b"NoSuchOp", d[:2], d[2:]) == ERR.ACL_ERROR_GE_FAILURE
    assert "build op model failed" in acl.recent_error_message()
    wrong = scope.add(TensorDesc(acl, DT.INT8, (5, 16)))
    assert _compile(acl, b"Add", d[:2], [wrong]) == ERR.ACL_ERROR_GE_FAILURE          # bad output shape
    dbl = [scope.add(TensorDesc(acl, DT.DOUBLE, (5, 15))) for _ in range(3)]
    assert _compile(acl, b"Add", dbl[:2], dbl[2:]) == BAD_DTYPE
    host = scope.add(TensorDesc(acl, DT.INT8, (5, 15)))
    assert r.aclSetTensorPlaceMent(host.ptr, int(MemType.HOST)) == OK
    assert _compile(acl, b"Add", [d[0], host], d[2:]) == ERR.ACL_ERROR_API_NOT_SUPPORT
    assert live(acl, "model") == before
