"""``python -m harness abi``: the ABI gate on CANN-shaped installs of the simulator, clean and doctored.

One install per layout, shared with the other install tests (tests/install_support.py). A doctored
install is a copy of the cann install's include/ and lib64/ with one header line changed or one
library rebuilt without one export; each is checked against the suites' ABI and against the
snapshot of the untouched install.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from tests.conftest import run_module
from tests.install_support import CC, LAYOUTS, build, shared_base
from tests.report_support import as_device_run, fake_atlas_host, run_build, run_suite, write_suite
from tools.abi_gate.exports import library_exports

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installs(tmp_path_factory):
    base = shared_base(tmp_path_factory)
    return {layout: build(base, layout) for layout in LAYOUTS}


@pytest.fixture(scope="module")
def snapshot(installs, tmp_path_factory):
    """The ABI snapshot of the untouched cann install."""
    path = tmp_path_factory.mktemp("abi-snapshot") / "abi.json"
    proc = abi("snapshot", "--out", str(path), "--root", installs["cann"]["home"])
    assert proc.returncode == 0, proc.stderr
    return str(path)


def abi(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    clean = {k: "" for k in os.environ if k.startswith("ASCEND_")}
    return run_module(["harness", "abi", *args], env={**clean, **(env or {})})


def check(root: str, tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    out = tmp_path / "check.json"
    proc = abi("check", "--root", root, "--json", str(out), *args)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    return proc, json.loads(out.read_text())


def found(report: dict, severity: str) -> set[tuple[str, str, str]]:
    return {(f["kind"], f["name"], f["file"]) for f in report["findings"] if f["severity"] == severity}


def copy_home(install: dict, dest) -> str:
    for sub in ("include", "lib64"):
        shutil.copytree(os.path.join(install["home"], sub), os.path.join(dest, sub), symlinks=True)
    return str(dest)


def edit(path: str, old: str, new: str) -> None:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert text.count(old) == 1, f"{path}: {old!r} occurs {text.count(old)} times"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))


def without_export(lib: str, dropped: str, work) -> None:
    """Replace the library with a stub exporting every function it exported but ``dropped``."""
    names = library_exports(lib)
    assert dropped in names
    source = work / "stub.c"
    source.write_text("".join(f"void {n}(void) {{}}\n" for n in names if n != dropped))
    subprocess.run([CC, "-shared", "-fPIC", "-o", lib, str(source)], check=True)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_check_is_clean_on_both_layouts(installs, layout, tmp_path):
    prefix = installs[layout]["prefix"]
    proc, report = check(prefix, tmp_path)
    assert proc.returncode == 0, proc.stdout
    assert "no-go (0):" in proc.stdout and "verdict: GO" in proc.stdout
    assert report["verdict"] == "go" and report["counts"]["no-go"] == 0
    assert report["install"]["home"] == installs[layout]["home"]
    # every call the suites bind was compared: none is absent, not even an optional one
    assert not [f for f in report["findings"] if f["kind"] != "value-undeclared"], report["findings"][:5]


def test_install_from_the_environment(installs):
    proc = abi("check", env={"ASCEND_TOOLKIT_HOME": installs["ascend-toolkit"]["home"]})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "from ASCEND_TOOLKIT_HOME" in proc.stdout


@pytest.mark.parametrize("layout", LAYOUTS)
def test_snapshot_then_check_against_it_is_clean(installs, layout, tmp_path):
    snap = tmp_path / "snap.json"
    assert abi("snapshot", "--out", str(snap), "--root", installs[layout]["prefix"]).returncode == 0
    data = json.loads(snap.read_text())
    assert "aclopExecWithHandle" in data["functions"] and data["exports"]["libascendcl.so"]
    proc, report = check(installs[layout]["prefix"], tmp_path, "--against", str(snap))
    assert proc.returncode == 0, proc.stdout
    assert report["counts"] == {"no-go": 0, "addition": 0, "note": report["counts"]["note"]}
    assert {f["basis"] for f in report["findings"]} <= {"suites"}


@pytest.mark.parametrize("old,new,says", [
    ("aclopExecWithHandle(aclopHandle *handle, int numInputs,",
     "aclopExecWithHandle(aclopHandle *handle, int flags, int numInputs,", "6 parameters -> 7"),
    ("aclopExecWithHandle(aclopHandle *handle, int numInputs,",
     "aclopExecWithHandle(aclopHandle *handle, long numInputs,", "parameter 2: int -> long"),
])
def test_doctored_prototype_is_no_go(installs, snapshot, tmp_path, old, new, says):
    home = copy_home(installs["cann"], tmp_path / "doctored")
    edit(os.path.join(home, "include", "acl", "acl_op.h"), old, new)
    proc, report = check(home, tmp_path, "--against", snapshot)
    assert proc.returncode == 1 and report["verdict"] == "no-go"
    assert found(report, "no-go") == {("prototype-mismatch", "aclopExecWithHandle", "acl/acl_op.h"),
                                      ("call-changed", "aclopExecWithHandle", "acl/acl_op.h")}
    assert "prototype-mismatch aclopExecWithHandle (acl/acl_op.h)" in proc.stdout
    for f in report["findings"]:
        if f["severity"] == "no-go":
            assert f["detail"].startswith(says), f


def test_doctored_library_is_no_go(installs, snapshot, tmp_path):
    home = copy_home(installs["cann"], tmp_path / "doctored")
    without_export(os.path.join(home, "lib64", "libacl_op_compiler.so"), "aclopCompile", tmp_path)
    proc, report = check(home, tmp_path, "--against", snapshot)
    assert proc.returncode == 1, proc.stdout
    # the only library that exported it: the snapshot sees the export go, the suites' check the call
    assert found(report, "no-go") == {("export-removed", "aclopCompile", "libacl_op_compiler.so"),
                                      ("call-unexported", "aclopCompile", "acl/acl_op_compiler.h")}
    assert "export-removed aclopCompile (libacl_op_compiler.so)" in proc.stdout


@pytest.mark.parametrize("header,old,new,name", [
    ("acl_base_rt.h", "ACL_ERROR_INVALID_PARAM = 100000;", "ACL_ERROR_INVALID_PARAM = 100099;",
     "ACL_ERROR_INVALID_PARAM"),                                                   # static const int
    ("error_codes/rt_error_codes.h", "#define ACL_ERROR_RT_PARAM_INVALID 107000",
     "#define ACL_ERROR_RT_PARAM_INVALID (107000 + 9)", "ACL_ERROR_RT_PARAM_INVALID"),   # #define
])
def test_changed_error_code_is_no_go(installs, snapshot, tmp_path, header, old, new, name):
    home = copy_home(installs["cann"], tmp_path / "doctored")
    edit(os.path.join(home, "include", "acl", header), old, new)
    proc, report = check(home, tmp_path, "--against", snapshot)
    assert proc.returncode == 1, proc.stdout
    file = f"acl/{header}"
    assert found(report, "no-go") == {("value-mismatch", name, file), ("error-code-changed", name, file)}
    mismatch = next(f for f in report["findings"] if f["kind"] == "value-mismatch")
    assert (mismatch["old"], mismatch["new"]) in ((100000, 100099), (107000, 107009))


def test_added_function_is_an_addition_and_still_go(installs, snapshot, tmp_path):
    home = copy_home(installs["cann"], tmp_path / "doctored")
    edit(os.path.join(home, "include", "acl", "acl_rt.h"),
         "ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);",
         "ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);\n"
         "ACL_FUNC_VISIBILITY aclError aclrtGetDeviceLoad(int32_t deviceId, uint32_t *load);")
    proc, report = check(home, tmp_path, "--against", snapshot)
    assert proc.returncode == 0, proc.stdout
    assert found(report, "addition") == {("call-added", "aclrtGetDeviceLoad", "acl/acl_rt.h")}
    assert "additions (1):" in proc.stdout and "verdict: GO" in proc.stdout


def test_reports_build_is_no_go_with_a_no_go_abi_check(installs, snapshot, tmp_path):
    home = copy_home(installs["cann"], tmp_path / "doctored")
    without_export(os.path.join(home, "lib64", "libacl_rt.so"), "aclrtMalloc", tmp_path)
    _, report = check(home, tmp_path, "--against", snapshot)
    assert report["verdict"] == "no-go"
    run_dir = tmp_path / "run"
    proc = run_suite(write_suite(tmp_path / "suite"), "--report-dir", str(run_dir), "--product", "atlas-a2")
    assert proc.returncode == 0, proc.stdout[-2000:]
    as_device_run(run_dir, fake_atlas_host(tmp_path / "host"))
    policy = tmp_path / "policy.toml"
    policy.write_text('schema = 1\nrequired_products = []\nrequired_clauses = []\n[max]\nFail = 0\n')
    go = run_build(str(run_dir), "--out", str(tmp_path / "go"), "--policy", str(policy))
    assert go.returncode == 0, go.stdout + go.stderr
    nogo = run_build(str(run_dir), "--out", str(tmp_path / "nogo"), "--policy", str(policy),
                     "--abi", str(tmp_path / "check.json"))
    assert nogo.returncode == 1 and "abi: no-go" in nogo.stdout, nogo.stdout + nogo.stderr
    verdict = json.loads((tmp_path / "nogo" / "verdict.json").read_text())
    assert verdict["overall"] == "no-go" and verdict["abi"]["verdict"] == "no-go"
    assert ("export-removed", "aclrtMalloc") in {(f["kind"], f["name"]) for f in verdict["abi"]["findings"]}
    assert "aclrtMalloc" in (tmp_path / "nogo" / "summary.md").read_text()
    assert "aclrtMalloc" in (tmp_path / "nogo" / "index.html").read_text()
