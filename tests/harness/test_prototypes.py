"""The binding's prototype table, the simulator's header and acl-abi.md agree."""
import os
import re

import pytest

from harness import prototypes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "simulator", "include", "acl_sim.h")


def _header_functions() -> dict[str, int]:
    text = open(HEADER).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    out = {}
    for decl in re.findall(r"ACL_FUNC_VISIBILITY\s+([^;]+);", text, flags=re.S):
        decl = " ".join(decl.split())
        if decl.endswith("...)"):
            continue   # variadic (aclAppLog): ctypes cannot bind it portably; tests/simulator/test_sim_applog.py calls it
        m = re.match(r"^(.*?)(\w+)\s*\((.*)\)$", decl)
        assert m, decl
        args = m.group(3).strip()
        out[m.group(2)] = 0 if args in ("", "void") else args.count(",") + 1
    return out


def test_every_prototype_parses():
    protos = prototypes.all_prototypes()
    assert len(protos) == len({p.name for p in protos}), "duplicate prototype"
    assert len(protos) > 100


def test_header_and_binding_declare_the_same_functions_with_the_same_arity():
    header = _header_functions()
    binding = {p.name: len(p.argtypes) for p in prototypes.all_prototypes()}
    assert set(header) == set(binding), (
        f"only in header: {sorted(set(header) - set(binding))}; only in binding: {sorted(set(binding) - set(header))}")
    wrong = {n: (header[n], binding[n]) for n in header if header[n] != binding[n]}
    assert not wrong, f"arity differs (header, binding): {wrong}"


@pytest.mark.parametrize("name,restype,nargs", [
    ("aclopExecWithHandle", "c_int", 6), ("aclopCreateHandle", "c_int", 7),
    ("aclrtSynchronizeStreamWithTimeout", "c_int", 2), ("aclGetRecentErrMsg", "c_char_p", 0),
    ("aclFloatToFloat16", "c_ushort", 1), ("aclGetDataBufferSize", "c_uint", 1),
    ("aclGetTensorDescDim", "c_long", 2), ("aclCreateDataBuffer", "c_void_p", 2),
])
def test_key_signatures(name, restype, nargs):
    p = {p.name: p for p in prototypes.all_prototypes()}[name]
    assert p.restype.__name__ == restype
    assert len(p.argtypes) == nargs


def test_abi_reference_names_every_required_function():
    """Every function the binding requires is named in shared/reference/acl-abi.md (if present)."""
    ref = os.path.join(ROOT, "..", "shared", "reference", "acl-abi.md")
    if not os.path.exists(ref):
        pytest.skip("shared/reference/acl-abi.md is not beside this checkout")
    text = open(ref).read()
    missing = [n for n in prototypes.names(*prototypes.REQUIRED_SECTIONS) if n not in text]
    assert not missing, f"binding declares functions acl-abi.md does not name: {missing}"
