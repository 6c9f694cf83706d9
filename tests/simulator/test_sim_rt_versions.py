"""Package versions as CANN reports them: aclsysGetVersionStr, aclsysGetVersionNum and the deprecated
aclsysGetCANNVersion read realpath($ASCEND_HOME_PATH)/share/info/<pkg>/version.info.

Source: hicann/runtime 681ef76 src/acl/aclrt_impl/acl.cpp. Most cases replay the unit tests of RT
tests/ut/acl/testcase/acl_common_unittest.cpp (named in each comment: getCANNVersion_*,
aclsysGetVersionStr_*, aclsysGetVersionNum_*). Every case runs in a fresh process whose
ASCEND_HOME_PATH the snippet sets or removes."""
import os

import pytest

from harness.abi import ERR, PackageName
from tests.sim_support import INVALID, OK, run_acl

INVALID_FILE = ERR.ACL_ERROR_INVALID_FILE
INTERNAL = ERR.ACL_ERROR_INTERNAL_ERROR

CALLS = """
def home(path):
    if path is None:
        os.environ.pop("ASCEND_HOME_PATH", None)
    else:
        os.environ["ASCEND_HOME_PATH"] = path
def vstr(pkg):
    buf = ctypes.create_string_buffer(b"\\x01" * 128, 128)
    rc = raw.aclsysGetVersionStr(pkg.encode(), buf)
    return [rc, buf.value.decode()]
def vnum(pkg):
    n = ctypes.c_int32(-1)
    rc = raw.aclsysGetVersionNum(pkg.encode(), ctypes.byref(n))
    return [rc, n.value]
def cann(name):
    buf = ctypes.create_string_buffer(512)
    rc = raw.aclsysGetCANNVersion(name, buf)
    fields = [buf.raw[o:o + n].split(b"\\0")[0].decode() for o, n in ((0, 128), (128, 64), (192, 64), (256, 64), (320, 64))]
    return [rc] + fields
"""


def install(root, files: dict[str, str]) -> str:
    for pkg, text in files.items():
        d = os.path.join(root, "share", "info", pkg)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "version.info"), "w") as f:
            f.write(text)
    return str(root)


def test_missing_home_path_file_or_key_is_invalid_file(tmp_path):
    """getCANNVersion_cann_failed_no_env ("" and unset), _no_file01/02 (only version.new.info),
    _invalid_file01 (timestamp only), _invalid_file03 (Version=7); aclsysGetVersionStr_NoEnv_Fail(_02),
    aclsysGetVersionNum_NoFile_Fail, aclsysGetVersionStr_InvalidFormat_Fail (runtime=8.5)."""
    root = install(tmp_path, {"runtime": "timestamp=00000000_000000000\n", "compiler": "runtime=8.5\n",
                              "hccl": "Version=7\n"})
    os.makedirs(os.path.join(root, "share", "info", "opp"))
    open(os.path.join(root, "share", "info", "opp", "version.new.info"), "w").write("Version=8.5.0\n")
    out = run_acl(CALLS + f"""
for label, path in (("unset", None), ("empty", ""), ("missing_dir", {root!r} + "/nope")):
    home(path)
    out[label] = [vstr("runtime")[0], vnum("runtime")[0], cann(0)[0]]
home({root!r})
out["no_key"] = [vstr("runtime")[0], vnum("runtime")[0], cann(int({int(PackageName.CANN)}))[0]]
out["other_key"] = [vstr("compiler")[0], vnum("compiler")[0]]
out["no_file"] = [vstr("opp")[0], vnum("opp")[0], vstr("no-such-package")[0]]
out["one_part"] = cann({int(PackageName.HCCL)})[0]
""")
    for label in ("unset", "empty", "missing_dir", "no_key"):
        assert out[label] == [INVALID_FILE] * 3, label
    assert out["other_key"] == [INVALID_FILE] * 2
    assert out["no_file"] == [INVALID_FILE] * 3
    assert out["one_part"] == INVALID_FILE


def test_version_string_as_written_and_alternative_names(tmp_path):
    """aclsysGetVersionStr_CANN_Success ("Version=8.5.0.alpha001 " -> trimmed), _Retry_AlternativeName_Success
    (ops_math/ for "ops-math"), _Success_01 (ops-base/ for "ops_base"); the runtime's own file."""
    root = install(tmp_path, {"compiler": "Version=8.5.0.alpha001 \n", "ops_math": "Version=1.0.0\n",
                              "ops-base": "Version=1.0.0\n", "runtime": "Version=9.0.0\nversion_dir=9.0.0\n",
                              "loose": "Version=8.5\n"})
    out = run_acl(CALLS + f"""
home({root!r})
for pkg in ("compiler", "ops-math", "ops_base", "runtime", "loose"):
    out[pkg] = vstr(pkg)
out["null_pkg"] = raw.aclsysGetVersionStr(None, ctypes.create_string_buffer(128))
out["null_out"] = raw.aclsysGetVersionStr(b"runtime", None)
out["null_both"] = raw.aclsysGetVersionStr(None, None)
""")
    assert out["compiler"] == [OK, "8.5.0.alpha001"]
    assert out["ops-math"] == [OK, "1.0.0"] and out["ops_base"] == [OK, "1.0.0"]
    assert out["runtime"] == [OK, "9.0.0"]
    assert out["loose"] == [OK, "8.5"]                      # no grammar check in the string form
    assert out["null_pkg"] == out["null_out"] == out["null_both"] == INVALID


def test_version_string_of_128_characters_is_internal_error(tmp_path):
    """aclsysGetVersionStr_CopyVersionFailed: Version= + 128 x '1' -> ACL_ERROR_INTERNAL_ERROR, verStr[0] == 0;
    the number form fails on the same file ("Missing major version")."""
    root = install(tmp_path, {"runtime": "Version=" + "1" * 128 + "\n"})
    out = run_acl(CALLS + f"home({root!r})\nout['str'] = vstr('runtime')\nout['num'] = vnum('runtime')\n")
    assert out["str"] == [INTERNAL, ""]
    assert out["num"][0] == INTERNAL


@pytest.mark.parametrize("version,number", [
    ("8.5.0.beta.1", 80499801),        # aclsysGetVersionNum_ComplexSemVer_Success: 80500000 - 200 + 1
    ("8.5.0-beta.1", 80499801), ("8.5.0", 80500000), ("9.1.0", 90100000), ("8.5.0.rc1", 80499901),
    ("8.5.0alpha", 80499700), ("8.5.0.alpha001", 80499701), ("9.0.0-rc.2", 89999902),
    ("8.5", None), ("8.5.0-gamma", None), ("8", None), ("A", None),   # _InvalidFormat_Fail, _02, _03, _04
    ("8.5.0..alpha", None), ("8.5.0-rc.1a", None), ("7.6.T9.0.B057", None)])  # _05, _06, old style
def test_version_number_formula(tmp_path, version, number):
    root = install(tmp_path, {"runtime": f"Version={version}\n"})
    out = run_acl(CALLS + f"home({root!r})\nout['num'] = vnum('runtime')\n")
    assert out["num"] == ([OK, number] if number is not None else [INTERNAL, -1])


def test_version_number_null_arguments(tmp_path):
    root = install(tmp_path, {"runtime": "Version=9.0.0\n"})
    out = run_acl(CALLS + f"""
home({root!r})
out["null_pkg"] = raw.aclsysGetVersionNum(None, ctypes.byref(ctypes.c_int32()))
out["null_out"] = raw.aclsysGetVersionNum(b"runtime", None)
""")
    assert out["null_pkg"] == out["null_out"] == INVALID


def test_cann_version_struct(tmp_path):
    """GetCANNVersionInternal*_success: Version=7.6.T9.0.B057 -> "7.6.T9.0.B057" with parts 7, 6, T9, 0;
    8.5.0-beta.1 -> "8.5.0.beta1" with parts 8, 5, 0, beta1; the compiler is bisheng-compiler, found
    as bisheng_compiler too; getCANNVersion_cann_invalid_name: (aclCANNPackageName)100 -> 100000."""
    root = install(tmp_path, {"runtime": "Version=7.6.T9.0.B057\ntimestamp=00000000_000000000\n",
                              "bisheng_compiler": "Version=8.5.0-beta.1\n", "ops-legacy": "Version=9.0.0\n"})
    out = run_acl(CALLS + f"""
home({root!r})
out["cann"] = cann({int(PackageName.CANN)})
out["runtime"] = cann({int(PackageName.RUNTIME)})
out["compiler"] = cann({int(PackageName.COMPILER)})
out["opp"] = cann({int(PackageName.OPP)})
out["kernel"] = cann({int(PackageName.OPP_KERNEL)})
out["toolkit"] = cann({int(PackageName.TOOLKIT)})[0]
out["bad"] = [cann(100)[0], cann(-1)[0]]
out["null"] = raw.aclsysGetCANNVersion(0, None)
""")
    assert out["cann"] == out["runtime"] == [OK, "7.6.T9.0.B057", "7", "6", "T9", "0"]
    assert out["compiler"] == [OK, "8.5.0.beta1", "8", "5", "0", "beta1"]
    assert out["opp"] == out["kernel"] == [OK, "9.0.0", "9", "0", "0", "0"]
    assert out["toolkit"] == INVALID_FILE
    assert out["bad"] == [INVALID, INVALID]
    assert out["null"] == INVALID


@pytest.mark.skipif(os.path.exists("/etc/ascend_install.info"), reason="a real driver install is present")
def test_driver_version_needs_the_install_info():
    """driver / firmware come from /etc/ascend_install.info; without it -> 100003."""
    out = run_acl(CALLS + f"out['str'] = vstr('driver')[0]\nout['cann'] = cann({int(PackageName.DRIVER)})[0]\n")
    assert out == {"str": INVALID_FILE, "cann": INVALID_FILE}


def test_simulator_reports_the_version_it_models():
    out = run_acl("raw.aclsimCANNVersion.restype = ctypes.c_char_p\nout['v'] = raw.aclsimCANNVersion().decode()\n")
    assert [int(p) for p in out["v"].split(".")] >= [8, 5, 0]
