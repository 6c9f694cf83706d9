"""Models record their SoC: aclopLoad and aclopSetModelDir check its NPU architecture against the
device's (GE om_file_helper.cc OmFileLoadHelper::CheckModelCompatibility with RT
aclrtCheckArchCompatibility; cann-install.md sections 5 and 6, docs/FIDELITY.md).

Every case runs in a fresh process with ACLSIM_SOC set, so the device's SoC is the one named here
whatever profile the test session runs."""
import pytest

from harness.abi import DT, ERR
from tests.conftest import run_python
from tests.sim_support import CLEAN_ENV, OK, PRELUDE, add_om, om_bytes, run_acl

DESERIALIZE = int(ERR.ACL_ERROR_DESERIALIZE_MODEL)   # 100012
OP_NOT_FOUND = int(ERR.ACL_ERROR_OP_NOT_FOUND)        # 100024
NOT_SUPPORTED = "Model soc version is not support in this device."

# aclopLoad of the image in ``image_path``, then a handle for its Add (2, 3) float signature.
LOAD_AND_MATCH = """
out["init"] = raw.aclInit(None)
out["dev"] = raw.aclrtSetDevice(0)
data = open({image_path!r}, "rb").read()
buf = ctypes.create_string_buffer(data, len(data))
out["load"] = raw.aclopLoad(buf, len(data))
out["load_msg"] = msg()
dims = (ctypes.c_int64 * 2)(2, 3)
descs = [raw.aclCreateTensorDesc(0, 2, dims, 2) for _ in range(3)]
handle = ctypes.c_void_p()
out["handle"] = raw.aclopCreateHandle(b"Add", 2, pointer_array(descs[:2]), 1, pointer_array(descs[2:]),
                                      None, ctypes.byref(handle))
"""


def _run_with_log(body: str, device_soc: str):
    """Run ``body`` in a fresh process with warnings of the log printed on stdout (aclAppLog)."""
    proc = run_python(PRELUDE + body, env={**CLEAN_ENV, "ACLSIM_SOC": device_soc,
                                           "ASCEND_SLOG_PRINT_TO_STDOUT": "1", "ASCEND_GLOBAL_LOG_LEVEL": "2"})
    assert proc.returncode == 0, proc.stderr
    return proc


def _load_under(tmp_path, image: bytes, device_soc: str) -> dict:
    path = tmp_path / "model.om"
    path.write_bytes(image)
    return run_acl(LOAD_AND_MATCH.format(image_path=str(path)), env={"ACLSIM_SOC": device_soc})


@pytest.mark.parametrize("model_soc, device_soc", [
    ("Ascend310P3", "Ascend910B1"),      # 2002 on 2201
    ("Ascend910B1", "Ascend310P3"),      # 2201 on 2002
    ("Ascend910A", "Ascend910B1"),       # 1001 on 2201: both "Ascend910", another arch
    ("Ascend310B1", "Ascend950PR_9579"),  # 3002 on 3510
])
def test_model_of_another_arch_is_refused_by_aclopLoad(tmp_path, model_soc, device_soc):
    out = _load_under(tmp_path, add_om(soc=model_soc), device_soc)
    assert (out["init"], out["dev"]) == (OK, OK)
    assert out["load"] == DESERIALIZE, out
    assert out["load_msg"].startswith("E10001"), out["load_msg"]
    assert f"[{model_soc}]" in out["load_msg"] and "[soc_version]" in out["load_msg"], out["load_msg"]
    assert NOT_SUPPORTED in out["load_msg"], out["load_msg"]
    assert out["handle"] == OP_NOT_FOUND, "a refused model must not be registered"


@pytest.mark.parametrize("model_soc, device_soc", [
    ("Ascend910B1", "Ascend910B1"),
    ("Ascend910B1", "Ascend910B3"),      # both 2201
    ("Ascend910B1", "Ascend910_9391"),   # A2 model on A3: both 2201
    ("Ascend910_9391", "Ascend910B4"),
    ("Ascend310P1", "Ascend310P3"),      # both 2002
])
def test_model_of_the_same_arch_loads(tmp_path, model_soc, device_soc):
    out = _load_under(tmp_path, add_om(soc=model_soc), device_soc)
    assert (out["load"], out["load_msg"]) == (OK, None), out
    assert out["handle"] == OK, out


def test_model_of_an_unknown_soc_is_refused(tmp_path):
    """RT GetNpuArchByName fails for a SoC without a platform_config entry; GE reports the code."""
    out = _load_under(tmp_path, add_om(soc="Ascend999X"), "Ascend910B1")
    assert out["load"] == DESERIALIZE, out
    assert "[Ascend999X]" in out["load_msg"] and "aclrtCheckArchCompatibility ret: 0x107000" in out["load_msg"]


def test_empty_soc_skips_the_check_with_a_warning(tmp_path):
    path = tmp_path / "model.om"
    path.write_bytes(add_om(soc=""))
    body = LOAD_AND_MATCH.format(image_path=str(path)) + "\nprint('RESULT', out['load'], out['handle'])\n"
    proc = _run_with_log(body, "Ascend310P3")
    assert f"RESULT {OK} {OK}" in proc.stdout, proc.stdout + proc.stderr
    assert "Model soc version is empty, skip compatibility check." in proc.stdout, proc.stdout


def test_set_model_dir_skips_models_of_another_arch(tmp_path):
    """aclopSetModelDir warns and skips the model, still succeeds; the handle then finds no model."""
    models = tmp_path / "models"
    models.mkdir()
    (models / "other_arch.om").write_bytes(add_om(DT.FLOAT, (2, 3), soc="Ascend310P3"))
    (models / "same_arch.om").write_bytes(add_om(DT.INT32, (2, 3), soc="Ascend910B3"))
    body = f"""
out["init"] = raw.aclInit(None)
out["dev"] = raw.aclrtSetDevice(0)
out["dir"] = raw.aclopSetModelDir({str(models)!r}.encode())
out["models"] = raw.aclsimLiveObjectCount(b"model")
def handle_for(dtype):
    dims = (ctypes.c_int64 * 2)(2, 3)
    descs = [raw.aclCreateTensorDesc(dtype, 2, dims, 2) for _ in range(3)]
    h = ctypes.c_void_p()
    return raw.aclopCreateHandle(b"Add", 2, pointer_array(descs[:2]), 1, pointer_array(descs[2:]), None,
                                 ctypes.byref(h))
out["other_arch"] = handle_for(0)
out["same_arch"] = handle_for(3)
print("RESULT", out["dir"], out["models"], out["other_arch"], out["same_arch"])
"""
    proc = _run_with_log(body, "Ascend910B1")
    assert f"RESULT {OK} 1 {OP_NOT_FOUND} {OK}" in proc.stdout, proc.stdout + proc.stderr
    assert "cannot parse model" in proc.stdout and "other_arch.om, skip it" in proc.stdout, proc.stdout
    assert NOT_SUPPORTED in proc.stdout


def test_exec_with_handle_does_not_recheck_the_soc(tmp_path):
    """A handle made from a loaded model executes: aclopExecWithHandle checks only the handle and
    the counts (cann-install.md section 6), so an Ascend910B1 model runs on Ascend910_9391."""
    path = tmp_path / "model.om"
    path.write_bytes(om_bytes("Add", [(DT.INT32, (2,))] * 2, [(DT.INT32, (2,))], soc="Ascend910B1"))
    out = run_acl(f"""
out["init"] = raw.aclInit(None)
out["dev"] = raw.aclrtSetDevice(0)
data = open({str(path)!r}, "rb").read()
buf = ctypes.create_string_buffer(data, len(data))
out["load"] = raw.aclopLoad(buf, len(data))
dims = (ctypes.c_int64 * 1)(2)
descs = [raw.aclCreateTensorDesc(3, 1, dims, 2) for _ in range(3)]
handle = ctypes.c_void_p()
out["handle"] = raw.aclopCreateHandle(b"Add", 2, pointer_array(descs[:2]), 1, pointer_array(descs[2:]),
                                      None, ctypes.byref(handle))
host = [(ctypes.c_int32 * 2)(1, 2), (ctypes.c_int32 * 2)(10, 20), (ctypes.c_int32 * 2)()]
dev = []
for h in host:
    p = ctypes.c_void_p()
    raw.aclrtMalloc(ctypes.byref(p), 8, 0)
    raw.aclrtMemcpy(p, 8, h, 8, 1)
    dev.append(p)
bufs = [raw.aclCreateDataBuffer(p, 8) for p in dev]
out["exec"] = raw.aclopExecWithHandle(handle, 2, pointer_array(bufs[:2]), 1, pointer_array(bufs[2:]), None)
out["sync"] = raw.aclrtSynchronizeStream(None)
raw.aclrtMemcpy(host[2], 8, dev[2], 8, 2)
out["result"] = list(host[2])
""", env={"ACLSIM_SOC": "Ascend910_9391"})
    assert (out["load"], out["handle"], out["exec"], out["sync"]) == (OK, OK, OK, OK), out
    assert out["result"] == [11, 22]
