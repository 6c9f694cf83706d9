"""The simulator library exports exactly the ABI of acl_sim.h, and the harness binds all of it."""
import ctypes
import glob
import os
import re
import shutil
import subprocess

import pytest

import simulator
from harness.prototypes import all_prototypes
from tests.sim_support import HEADER, header_functions

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="module")
def library_path():
    path = simulator.library_path()
    if path is None:
        pytest.fail("the simulator library is not built (make -C simulator)")
    return path


def test_header_declares_the_abi():
    names = header_functions()
    # A parsing slip (e.g. a changed macro) would make every other check here vacuous.
    assert len(names) >= 100, names
    for must in ("aclInit", "aclopExecWithHandle", "aclopCreateHandle", "aclsimFaultNames",
                 "aclrtGetSocName", "aclGetRecentErrMsg", "aclAppLog"):
        assert must in names


def test_every_declared_function_is_exported(library_path):
    lib = ctypes.CDLL(library_path)
    missing = []
    for name in header_functions():
        try:
            getattr(lib, name)
        except AttributeError:
            missing.append(name)
    assert not missing, f"declared in acl_sim.h but not exported by {library_path}: {missing}"


def test_no_internal_symbol_is_exported(library_path):
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm is not available")
    proc = subprocess.run([nm, "-D", "--defined-only", library_path], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    symbols = {line.split()[-1] for line in proc.stdout.splitlines() if line.split()}
    internal = sorted(s for s in symbols if s.startswith("sim_") or s.startswith("g_sim"))
    assert not internal, f"internal symbols exported: {internal}"
    functions = {line.split()[-1] for line in proc.stdout.splitlines()
                 if len(line.split()) >= 2 and line.split()[-2] in ("T", "W", "i")}
    extra = sorted(functions - set(header_functions()))
    assert not extra, f"exported functions that acl_sim.h does not declare: {extra}"


def variadic_functions() -> set[str]:
    """Declared functions taking ``...``: ctypes cannot bind a variadic prototype portably, so the
    harness leaves them out and tests/simulator/test_sim_applog.py calls them directly."""
    with open(HEADER) as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    return {m.group(1) for m in re.finditer(r"^ACL_FUNC_VISIBILITY\s[^;(]*?\b(\w+)\s*\([^;]*\.\.\.\s*\);",
                                            text, flags=re.M)}


def test_variadic_functions_are_found():
    assert variadic_functions() == {"aclAppLog"}


def test_harness_binds_every_declared_function():
    bound = {p.name for p in all_prototypes()}
    fixed = set(header_functions()) - variadic_functions()
    assert sorted(fixed - bound) == []
    assert sorted(bound - fixed) == []


def test_every_declared_function_is_exercised_by_these_tests():
    """Each symbol is referenced at least twice by tests/test_sim_*.py (a valid and an invalid use):
    as ``raw.name`` / ``r.name``, a call ``name(`` or a quoted name given to ``acl.call``."""
    text = ""
    for path in sorted(glob.glob(os.path.join(HERE, "test_sim_*.py"))):
        with open(path) as f:
            text += f.read()
    few = {}
    for name in header_functions():
        calls = len(re.findall(rf"\.{name}\b|\b{name}\s*\(|\"{name}\"", text))
        if calls < 2:
            few[name] = calls
    assert not few, f"symbols referenced fewer than twice by tests/test_sim_*.py: {few}"
