"""The raw layer (harness/raw.py): every prototype bound with its declared C types, calls with
NULL or released handles answered with a documented aclError instead of a crash, and symbols a
library lacks failing only when called.

The prototype table against the header is tests/harness/test_prototypes.py; each simulator object's own
invalid uses are the tests/test_sim_*.py files. Here: the binding as a whole.
"""
import ctypes
import ctypes.util

import pytest

from harness import prototypes
from harness.abi import ERR
from harness.loader import LoadedLibraries, load_simulator
from harness.raw import RawAcl, SymbolMissing
from tests.sim_support import run_acl

# Calls that change the process's runtime state for every later call: left out of the sweep.
STATEFUL = ("aclInit", "aclFinalize", "aclFinalizeReference", "aclrtResetDevice")


def _returns_acl_error(proto) -> bool:
    return proto.text.startswith("aclError ")


def test_every_prototype_is_bound_with_its_declared_types():
    raw = RawAcl(load_simulator())
    assert raw.missing == {}, f"the simulator lacks: {sorted(raw.missing)}"
    wrong = []
    for proto in prototypes.all_prototypes():
        fn = getattr(raw, proto.name)
        if fn.restype is not proto.restype or tuple(fn.argtypes) != proto.argtypes:
            wrong.append(f"{proto.name}: bound {fn.restype} {fn.argtypes}, declared {proto.text}")
    assert not wrong, "\n".join(wrong)
    assert raw.missing_required() == []
    assert all(raw.has_section(s) for s in prototypes.SECTIONS)


def test_too_few_arguments_fail_in_python_before_the_c_call():
    raw = RawAcl(load_simulator())
    with pytest.raises(TypeError):
        raw.aclopExecWithHandle(None, 0, None, 0, None)      # six declared, five given
    with pytest.raises(TypeError):
        raw.aclrtSetDevice()


def test_every_call_with_null_and_zero_arguments_returns_a_documented_code():
    """Each bound function (but the four that end or restart the runtime) called with NULL for
    every pointer and 0 for every number, after aclInit and aclrtSetDevice(0): the process lives,
    every aclError is one abi.ERR names, and every release function answers NULL with
    ACL_ERROR_INVALID_PARAM (GE/RT ``ACL_REQUIRES_NOT_NULL``; docs/FIDELITY.md rows of
    aclrtDestroyStream and aclrtFreeWithDevSync)."""
    out = run_acl(f"""
from harness.abi import is_documented_error
assert raw.aclInit(None) == 0 and raw.aclrtSetDevice(0) == 0
undocumented, releases, voids = {{}}, {{}}, []
for name, proto in raw.prototypes.items():
    if name in {STATEFUL!r}:
        continue
    args = [None if t in (ctypes.c_void_p, ctypes.c_char_p) else 0 for t in proto.argtypes]
    code = getattr(raw, name)(*args)
    msg()
    if not proto.text.startswith("aclError "):
        if proto.restype is None:
            voids.append(name)
        continue
    if not is_documented_error(code):
        undocumented[name] = code
    if name.startswith(("aclDestroy", "aclrtDestroy", "aclrtFree", "aclopDestroy")):
        releases[name] = code
out.update(undocumented=undocumented, releases=releases, voids=voids, alive=True)
""")
    assert out["alive"]
    assert out["undocumented"] == {}, f"codes abi.ERR does not name: {out['undocumented']}"
    expected_releases = sorted(
        p.name for p in prototypes.all_prototypes() if _returns_acl_error(p) and p.name not in STATEFUL
        and p.name.startswith(("aclDestroy", "aclrtDestroy", "aclrtFree", "aclopDestroy")))
    assert sorted(out["releases"]) == expected_releases and len(expected_releases) >= 8
    wrong = {n: c for n, c in out["releases"].items() if c != ERR.ACL_ERROR_INVALID_PARAM}
    assert not wrong, f"release functions that do not answer NULL with ACL_ERROR_INVALID_PARAM: {wrong}"
    assert {"aclDestroyTensorDesc", "aclopDestroyAttr", "aclopDestroyHandle"} <= set(out["voids"])


def test_releasing_a_released_handle_returns_its_code_and_names_the_object():
    """Every kind the typed layer owns, released twice through the raw layer: the second release
    is refused with the runtime's code and a message naming the argument; the void releases
    (tensor desc, attr) leave the live counts alone."""
    out = run_acl("""
assert raw.aclInit(None) == 0 and raw.aclrtSetDevice(0) == 0
def made(fn, *args):
    p = ctypes.c_void_p()
    assert fn(ctypes.byref(p), *args) == 0, msg()
    return p.value
kinds = {
    "stream": (made(raw.aclrtCreateStream), raw.aclrtDestroyStream),
    "event": (made(raw.aclrtCreateEvent), raw.aclrtDestroyEvent),
    "device_mem": (made(raw.aclrtMalloc, 64, 0), raw.aclrtFree),
    "host_mem": (made(raw.aclrtMallocHost, 64), raw.aclrtFreeHost),
    "data_buffer": (raw.aclCreateDataBuffer(None, 0), raw.aclDestroyDataBuffer),
}
for kind, (handle, release) in kinds.items():
    first = release(handle)
    msg()
    second = release(handle)
    out[kind] = [first, second, msg()]
ctx = made(raw.aclrtCreateContext, 0)
out["context"] = [raw.aclrtDestroyContext(ctx), raw.aclrtDestroyContext(ctx), msg()]
for kind, create, destroy in (("tensor_desc", lambda: raw.aclCreateTensorDesc(0, 0, None, 2),
                               raw.aclDestroyTensorDesc),
                              ("op_attr", raw.aclopCreateAttr, raw.aclopDestroyAttr)):
    before = raw.aclsimLiveObjectCount(kind.encode())
    handle = create()
    destroy(handle)
    destroy(handle)
    out[kind] = [before, raw.aclsimLiveObjectCount(kind.encode())]
""")
    expected = {"stream": ERR.ACL_ERROR_RT_PARAM_INVALID, "event": ERR.ACL_ERROR_INVALID_PARAM,
                "device_mem": ERR.ACL_ERROR_INVALID_PARAM, "host_mem": ERR.ACL_ERROR_INVALID_PARAM,
                "data_buffer": ERR.ACL_ERROR_INVALID_PARAM, "context": ERR.ACL_ERROR_INVALID_PARAM}
    for kind, code in expected.items():
        first, second, message = out[kind]
        assert first == ERR.ACL_SUCCESS, f"{kind}: first release returned {first}"
        assert second == code, f"{kind}: second release returned {second}, expected {code!r}"
        assert message and "is invalid" in message, f"{kind}: message {message!r}"
    for kind in ("tensor_desc", "op_attr"):
        before, after = out[kind]
        assert before == after, f"{kind}: live count {before} before, {after} after a double release"


def _foreign_library() -> LoadedLibraries:
    """A loaded library that exports no ACL symbol (the C math library)."""
    path = ctypes.util.find_library("m")
    if path is None:
        pytest.skip("no C math library to stand in for a library without the ACL ABI")
    return LoadedLibraries("explicit", [path], [ctypes.CDLL(path)])


def test_missing_symbols_are_recorded_and_raise_only_when_called():
    libs = _foreign_library()
    raw = RawAcl(libs)                      # binding a library without the ABI does not raise
    assert set(raw.missing) == {p.name for p in prototypes.all_prototypes()}
    assert raw.missing["aclsimVersion"] == "aclsim"
    required = [s for s in prototypes.SECTIONS if s not in prototypes.OPTIONAL_SECTIONS]
    assert raw.missing_required() == sorted(prototypes.names(*required))
    assert set(prototypes.names(*prototypes.REQUIRED_SECTIONS)) <= set(raw.missing_required())
    assert not raw.has("aclInit") and not raw.has_section("event")
    assert not raw.aclInit                  # falsy, so `if raw.fn:` reads as "exported"
    with pytest.raises(SymbolMissing) as info:
        raw.aclInit(None)
    assert "aclInit" in str(info.value) and libs.paths[0] in str(info.value)
    assert isinstance(info.value, AttributeError)


def test_a_symbol_is_resolved_in_whichever_library_exports_it():
    """CANN 9.x splits the ABI over several libraries: a name missing from the first is taken
    from the next one that exports it."""
    foreign, sim = _foreign_library(), load_simulator()
    raw = RawAcl(LoadedLibraries("device", foreign.paths + sim.paths, foreign.handles + sim.handles))
    assert raw.missing == {}
    assert raw.aclsimVersion().startswith(b"aclsim")


def test_the_typed_layer_answers_none_for_optional_calls_a_library_lacks():
    from harness.runtime import Acl
    acl = Acl(_foreign_library())
    assert acl.acl_version() is None and acl.runtime_version() is None and acl.mem_info() is None
    assert not acl.is_simulator and acl.simulator_version() is None
    assert not acl.has_validation_layer and not acl.has_live_counts
