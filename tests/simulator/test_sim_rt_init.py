"""aclInit after aclFinalize follows CANN's config-content rule, and aclopInferShape checks
ASCEND_OPP_PATH.

Sources: hicann/runtime 681ef76 src/acl/aclrt_impl/acl.cpp aclInitImpl (the repeat check first, then
GetStrFromConfigPath, then the content hash against the first successful aclInit's, aclInitJsonHash,
never cleared by aclFinalize) and tests/ut/acl/testcase/acl_common_unittest.cpp
(init_with_different_config, ErrorManagerTest, duplicate_aclinit); hicann/ge ffdcbc9
api/acl/acl_op_executor/single_op/op.cpp (aclopInferShapeImpl -> LoadOpsProto -> GetOpsProtoPath) and
tests/acl_ut/ut/acl/testcase/acl_op_unittest.cpp (TestAclOpInferShape_fail, TestAclOpInferShapeFail)."""
import json

from harness.abi import ERR
from tests.sim_support import INVALID, OK, run_acl

REPEAT = ERR.ACL_ERROR_REPEAT_INITIALIZE
INVALID_FILE = ERR.ACL_ERROR_INVALID_FILE


def test_reinit_with_no_config_or_an_empty_one(tmp_path):
    """init_with_different_config (after resetAclJsonHash): aclInit("") -> 0, finalize, aclInit(nullptr) -> 0;
    an empty file has the same (empty) content; a repeat while initialised is 100002 whatever the path."""
    empty = tmp_path / "empty.json"
    empty.write_text("")
    out = run_acl(f"""
out["first"] = raw.aclInit(b"")
out["repeat_missing"] = raw.aclInit(b"/nonexistent/acl.json")
out["fin"] = raw.aclFinalize()
out["null"] = raw.aclInit(None)
out["fin2"] = raw.aclFinalize()
out["empty_file"] = raw.aclInit({str(empty)!r}.encode())
out["fin3"] = raw.aclFinalize()
out["missing"] = raw.aclInit(b"/nonexistent/acl.json")
""")
    assert out["first"] == OK
    assert out["repeat_missing"] == REPEAT
    assert out["fin"] == out["fin2"] == out["fin3"] == OK
    assert out["null"] == OK and out["empty_file"] == OK
    assert out["missing"] == INVALID_FILE                     # the read fails before the content check


def test_reinit_must_repeat_the_first_config_content(tmp_path):
    """A config other than the first successful aclInit's -> 100000 (and "" after a non-empty one, as the UT's
    first aclInit("") shows); another path with the same content -> 0."""
    a, same, other = tmp_path / "a.json", tmp_path / "same.json", tmp_path / "other.json"
    a.write_text(json.dumps({"dump": {"dump_scene": "lite_exception"}}))
    same.write_text(a.read_text())
    other.write_text(json.dumps({"err_msg_mode": "1"}))
    out = run_acl(f"""
out["first"] = raw.aclInit({str(a)!r}.encode())
raw.aclFinalize()
out["other"] = raw.aclInit({str(other)!r}.encode())
out["other_msg"] = msg()
out["empty"] = raw.aclInit(b"")
out["null"] = raw.aclInit(None)
out["same"] = raw.aclInit({str(same)!r}.encode())
out["set_device"] = raw.aclrtSetDevice(0)
""")
    assert out["first"] == OK
    assert out["other"] == INVALID and "differs" in out["other_msg"]
    assert out["empty"] == INVALID and out["null"] == INVALID
    assert out["same"] == OK and out["set_device"] == OK


def test_a_failed_first_init_stores_no_config(tmp_path):
    other = tmp_path / "other.json"
    other.write_text("{}")
    out = run_acl(f"""
out["missing"] = raw.aclInit(b"/nonexistent/acl.json")
out["then"] = raw.aclInit({str(other)!r}.encode())
raw.aclFinalize()
out["again"] = raw.aclInit({str(other)!r}.encode())
""")
    assert out == {"missing": INVALID_FILE, "then": OK, "again": OK}


INFER = """
raw.aclInit(None); raw.aclrtSetDevice(0)
def infer():
    x = raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(2, 3), 2)
    y = raw.aclCreateTensorDesc(0, 2, (ctypes.c_int64 * 2)(2, 3), 2)
    return raw.aclopInferShape(b"Add", 2, pointer_array([x, x]), None, 1, pointer_array([y]), None)
"""


def test_infer_shape_with_a_missing_opp_path(tmp_path):
    """TestAclOpInferShape_fail (ASCEND_OPP_PATH "") and TestAclOpInferShapeFail (a path RealPath rejects)
    -> ACL_ERROR_INVALID_OPP_PATH; the argument checks come first; once loaded, the path no longer matters."""
    out = run_acl(INFER + f"""
os.environ["ASCEND_OPP_PATH"] = "/nonexistent/opp"
out["missing"] = infer()
out["missing_msg"] = msg()
out["null_type"] = raw.aclopInferShape(None, 0, None, None, 0, None, None)
os.environ["ASCEND_OPP_PATH"] = ""
out["empty"] = infer()
os.environ["ASCEND_OPP_PATH"] = {str(tmp_path)!r}
out["existing"] = infer()
os.environ["ASCEND_OPP_PATH"] = "/nonexistent/opp"
out["sticky"] = infer()
""")
    assert out["missing"] == out["empty"] == ERR.ACL_ERROR_INVALID_OPP_PATH
    assert "ASCEND_OPP_PATH" in out["missing_msg"]
    assert out["null_type"] == INVALID
    assert out["existing"] == OK and out["sticky"] == OK


def test_infer_shape_without_an_opp_path_keeps_working():
    """Simulator choice (docs/FIDELITY.md): unset, the built-in op library answers (GE would say 148049)."""
    out = run_acl(INFER + 'os.environ.pop("ASCEND_OPP_PATH", None)\nout["rc"] = infer()\n')
    assert out["rc"] == OK
