"""The ABI gate's parts on small hand-written inputs (quick): spelling, constant evaluation, the
preprocessor's output, a miniature install (headers + one stub library), the suites' ABI, the
comparisons, the command line's errors, and the report's reading of the check."""
from __future__ import annotations

import json
import os
import subprocess
import textwrap

import pytest

from harness import abi as harness_abi
from harness import prototypes as harness_prototypes
from reports.build import abi as report_abi
from reports.build.inputs import BuildError
from tests.install_support import needs_cc
from tools.abi_gate import AbiGateError, suites
from tools.abi_gate.compare import against_snapshot, against_suites, verdict
from tools.abi_gate.consteval import NotConstant, evaluate, integer_literal
from tools.abi_gate.exports import library_exports
from tools.abi_gate.extract import read_abi
from tools.abi_gate.headers import parse
from tools.abi_gate.locate import find_install
from tools.abi_gate.model import Abi, from_json
from tools.abi_gate.preprocess import split
from tools.abi_gate.spelling import declare, parameters, return_type, spell
from tools.commands import main as commands_main

PREAMBLE = "typedef int aclError; typedef int int64_t; typedef struct aclTensorDesc aclTensorDesc;\n"


def func(text: str):
    decl = parse(PREAMBLE + text, "t.h").ext[-1]
    return decl.name, decl.type


# ------------------------------------------------------------------ spelling
@pytest.mark.parametrize("a,b", [
    ("const char *f(void);", "char const *f();"),
    ("int f(const int n);", "int f(int n);"),                 # a parameter's own qualifier is no part of the type
    ("int f(int v[]);", "int f(int *v);"),
    ("int f(void (*cb)(void *));", "int f(void cb(void *));"),
])
def test_spellings_that_are_the_same_type(a, b):
    (_, fa), (_, fb) = func(a), func(b)
    assert (return_type(fa), parameters(fa, False)) == (return_type(fb), parameters(fb, False))


def test_full_and_binding_spelling():
    name, f = func("aclError g(const aclTensorDesc *const in[], int64_t r[][2], void (*cb)(void *), "
                   "const char *fmt, ...);")
    assert parameters(f, False) == ["const aclTensorDesc *const *", "int64_t (*)[2]", "void (*)(void *)",
                                    "const char *", "..."]
    assert parameters(f, True) == ["aclTensorDesc **", "int64_t *", "void (*)(void *)", "char *", "..."]
    assert declare(f, name, False) == ("aclError g(const aclTensorDesc *const *, int64_t (*)[2], "
                                       "void (*)(void *), const char *, ...)")


def test_int_and_long_differ():
    assert parameters(func("int f(int n);")[1], True) != parameters(func("int f(long n);")[1], True)


def test_struct_typedef_spells_its_members():
    tree = parse("typedef struct V { char v[4 * 32]; unsigned int bits : 3; const void *p; } V;", "t.h")
    assert spell(tree.ext[0].type) == "struct V { char v[128]; unsigned int bits : 3; const void *p; }"


# ------------------------------------------------------------------ constants
@pytest.mark.parametrize("text,value", [("100000", 100000), ("0x1U", 1), ("0xFFFFFFFFFFFFFFFEULL", 2**64 - 2),
                                        ("010", 8), ("0b101", 5), ("0", 0), ("7l", 7)])
def test_integer_literals(text, value):
    assert integer_literal(text) == value


@pytest.mark.parametrize("expr,value", [
    ("(uint32_t)-1", 2**32 - 1), ("(int32_t)0xFFFFFFFF", -1), ("1 << 4 | 1", 17), ("-7 / 2", -3),
    ("-7 % 2", -1), ("A + 1", 42), ("A > 40 ? 1 : 2", 1), ("~0", -1), ("!A", 0),
])
def test_constant_expressions(expr, value):
    tree = parse(f"typedef int uint32_t; typedef int int32_t; long long x = ({expr});", "t.c")
    assert evaluate(tree.ext[-1].init, {"A": 41}) == value


@pytest.mark.parametrize("expr", ['"text"', "f(1)", "sizeof(int)", "1.5", "B", "1 / 0"])
def test_not_constant(expr):
    tree = parse(f"long long x = ({expr});", "t.c")
    with pytest.raises(NotConstant):
        evaluate(tree.ext[-1].init, {})


# ------------------------------------------------------------------ the preprocessor's output
def test_split_keeps_object_like_macros_with_their_file():
    out = split(textwrap.dedent('''\
        # 1 "/i/acl/a.h" 1
        #define ACL_A 1
        #define ACL_F(x) (x)
        #define ACL_B ACL_A
        #define ACL_A 2
        int f(void);
        #undef ACL_B
        # 3 "/i/acl/b h.h" 2
        #define ACL_C (1U << 3)
        '''))
    assert {n: (m.body, m.file) for n, m in out.macros.items()} == {
        "ACL_A": ("1", "/i/acl/a.h"), "ACL_C": ("(1U << 3)", "/i/acl/b h.h")}
    assert "#define" not in out.text and "int f(void);" in out.text


# ------------------------------------------------------------------ a miniature install
MINI_ACL_H = '''\
#ifndef ACL_H
#define ACL_H
#include <stdint.h>
#include <stddef.h>
#include "error_codes/rt_error_codes.h"
#define ACL_FUNC_VISIBILITY
#define ACL_UNKNOWN_RANK 0xFFFFFFFFFFFFFFFEULL
#define ACL_TWICE (ACL_LATER * 2)
#define ACL_LATER 21
#define ACL_NAME "acl"
typedef int aclError;
typedef void *aclrtStream;
static const int ACL_SUCCESS = 0;
static const int ACL_ERROR_INVALID_PARAM = 100000;
static const uint32_t ACL_ERROR_GE_PARAM_INVALID = 145000U;
typedef enum { ACL_DT_UNDEFINED = -1, ACL_FLOAT = 0, ACL_FLOAT16, ACL_BF16 = ACL_FLOAT16 + 26 } aclDataType;
typedef struct aclDataBuffer aclDataBuffer;
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath);
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);
ACL_FUNC_VISIBILITY aclDataBuffer *aclCreateDataBuffer(void *data, size_t size);
static inline int aclInlineHelper(void) { return 1; }
#endif
'''
MINI_RT_CODES = "#define ACL_ERROR_RT_PARAM_INVALID 107000\n#define ACL_RT_SUCCESS 0\n"
MINI_LIB = '''\
int aclInit(const char *p) { return 0; }
int aclrtSynchronizeStream(void *s) { return 0; }
__attribute__((weak)) void *aclCreateDataBuffer(void *d, unsigned long n) { return d; }
__attribute__((visibility("hidden"))) int aclHidden(void) { return 0; }
static int aclLocal(void) { return 0; }
int aclData = 1;
extern int aclElsewhere(void);
int notAcl(void) { return aclLocal() + aclElsewhere(); }
'''


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    """DIR/cann/{include/acl, lib64/libascendcl.so}: a few declarations of each kind, one library."""
    cc = needs_cc()
    home = tmp_path_factory.mktemp("mini") / "cann"
    (home / "include" / "acl" / "error_codes").mkdir(parents=True)
    (home / "include" / "acl" / "acl.h").write_text(MINI_ACL_H)
    (home / "include" / "acl" / "error_codes" / "rt_error_codes.h").write_text(MINI_RT_CODES)
    (home / "lib64").mkdir()
    (home / "lib.c").write_text(MINI_LIB)
    subprocess.run([cc, "-shared", "-fPIC", "-Wl,--allow-shlib-undefined", "-o",
                    str(home / "lib64" / "libascendcl.so"), str(home / "lib.c")], check=True)
    (home / "lib64" / "libaclsim_core.so").write_text("not read: not an ACL library name")
    return home


def test_mini_install_headers(mini):
    abi = read_abi(find_install(str(mini.parent), environ={}), "cc")
    assert abi.headers == ["acl/acl.h", "acl/error_codes/rt_error_codes.h"]
    assert sorted(abi.functions) == ["aclCreateDataBuffer", "aclInit", "aclrtSynchronizeStream"]
    assert abi.functions["aclCreateDataBuffer"]["signature"] == "aclDataBuffer *aclCreateDataBuffer(void *, size_t)"
    values = {n: (v["value"], v["kind"], v["file"]) for n, v in abi.values.items()}
    assert values == {
        "ACL_SUCCESS": (0, "error_code", "acl/acl.h"), "ACL_ERROR_INVALID_PARAM": (100000, "error_code", "acl/acl.h"),
        "ACL_ERROR_GE_PARAM_INVALID": (145000, "error_code", "acl/acl.h"),
        "ACL_DT_UNDEFINED": (-1, "enumerator", "acl/acl.h"), "ACL_FLOAT": (0, "enumerator", "acl/acl.h"),
        "ACL_FLOAT16": (1, "enumerator", "acl/acl.h"), "ACL_BF16": (27, "enumerator", "acl/acl.h"),
        "ACL_ERROR_RT_PARAM_INVALID": (107000, "error_code", "acl/error_codes/rt_error_codes.h"),
        "ACL_RT_SUCCESS": (0, "error_code", "acl/error_codes/rt_error_codes.h"),
        "ACL_UNKNOWN_RANK": (2**64 - 2, "constant", "acl/acl.h"), "ACL_TWICE": (42, "constant", "acl/acl.h"),
        "ACL_LATER": (21, "constant", "acl/acl.h")}
    assert abi.values["ACL_BF16"]["enum"] == "aclDataType"
    assert abi.typedefs["aclrtStream"] == {"type": "void *", "file": "acl/acl.h"}
    assert "int32_t" not in abi.typedefs            # fake libc's typedefs are not the install's


def test_mini_install_exports(mini):
    assert library_exports(str(mini / "lib64" / "libascendcl.so")) == [
        "aclCreateDataBuffer", "aclInit", "aclrtSynchronizeStream"]


def test_not_a_library_is_named(mini):
    with pytest.raises(AbiGateError, match="libaclsim_core.so: not an ELF shared library"):
        library_exports(str(mini / "lib64" / "libaclsim_core.so"))


def test_unparsable_header_is_named(mini, tmp_path):
    home = tmp_path / "cann"
    (home / "include" / "acl").mkdir(parents=True)
    (home / "include" / "acl" / "acl.h").write_text("typedef int aclError;\naclError aclInit(oops x);\n")
    (home / "lib64").mkdir()
    os.symlink(mini / "lib64" / "libascendcl.so", home / "lib64" / "libascendcl.so")
    with pytest.raises(AbiGateError, match=r"acl/acl.h:2:\d+"):
        read_abi(find_install(str(home), environ={}), "cc")


# ------------------------------------------------------------------ finding the install
def test_install_forms(mini):
    assert find_install(str(mini), environ={}).home == str(mini)
    assert find_install(str(mini.parent), environ={}).home == str(mini)
    env = {"ASCEND_HOME_PATH": str(mini), "ASCEND_TOOLKIT_HOME": "/nonexistent"}
    assert find_install(None, environ=env).given_by == "ASCEND_HOME_PATH"
    assert find_install(None, environ={"ASCEND_TOOLKIT_HOME": str(mini)}).given_by == "ASCEND_TOOLKIT_HOME"
    assert find_install(str(mini), environ={}).libraries == ("libascendcl.so",)


@pytest.mark.parametrize("root,says", [
    (None, "no install given: pass --root DIR or set ASCEND_HOME_PATH"),
    ("missing", "--root {tmp}/missing: no such directory"),
    ("empty", "--root {tmp}/empty: not a CANN install: no include/acl/acl.h"),
    ("nolib", "has no ACL library (libascendcl.so, libacl_*.so) in lib64 or runtime/lib64"),
])
def test_install_errors(tmp_path, root, says):
    (tmp_path / "empty").mkdir()
    (tmp_path / "nolib" / "include" / "acl").mkdir(parents=True)
    (tmp_path / "nolib" / "include" / "acl" / "acl.h").write_text("")
    with pytest.raises(AbiGateError) as err:
        find_install(None if root is None else str(tmp_path / root), environ={})
    assert says.format(tmp=tmp_path) in str(err.value)


# ------------------------------------------------------------------ the suites' ABI
def test_every_prototype_is_read():
    lines = [ln for s, t in harness_prototypes.SECTIONS.items() if s not in suites.SIMULATOR_ONLY_SECTIONS
             for ln in t.strip().splitlines() if ln.strip()]
    calls = suites.calls()
    assert len(calls) == len(lines) and len({c.name for c in calls}) == len(calls)
    by_name = {c.name: c for c in calls}
    assert by_name["aclopExecWithHandle"].binding == {
        "return": "aclError", "params": ["aclopHandle *", "int", "aclDataBuffer **", "int", "aclDataBuffer **",
                                         "aclrtStream"]}
    assert by_name["aclopExecWithHandle"].required and not by_name["aclrtStreamAbort"].required
    assert "aclsimVersion" not in by_name


def test_every_enum_of_harness_abi_has_c_names():
    classes = set(suites._enum_classes()) - {suites.ERROR_ENUM}
    assert classes == set(suites.ENUM_NAMES), "harness/abi.py and suites.ENUM_NAMES disagree"
    expected = suites.values()
    names = [e.name for e in expected]
    assert len(names) == len(set(names))
    assert {"ACL_DT_UNDEFINED", "ACL_FORMAT_NCHW", "ACL_FRACTAL_Z_3D", "ACL_STOP_ON_FAILURE",
            "ACL_ERROR_RT_PARAM_INVALID", "ACL_UNKNOWN_RANK"} <= set(names)
    assert len(expected) == len(harness_abi.ERR) + sum(len(c) for c in suites._enum_classes().values()
                                                       if c is not harness_abi.ERR) + len(suites.CONSTANTS)


def test_type_names_are_the_identifiers_in_type_position():
    assert suites.type_names("aclError f(const aclTensorDesc **d, int64_t n, aclrtStream s);") == [
        "aclError", "aclTensorDesc", "int64_t", "aclrtStream"]


# ------------------------------------------------------------------ comparisons
def _function(params, file="acl/acl.h"):
    return {"signature": f"aclError f({', '.join(params)})", "return": "aclError", "params": params,
            "binding": {"return": "aclError", "params": params}, "file": file}


def _abi(**over) -> Abi:
    base = Abi(functions={"aclA": _function(["int"]), "aclB": _function([])},
               values={"ACL_X": {"value": 1, "kind": "enumerator", "enum": "e", "file": "acl/acl.h"},
                       "ACL_ERROR_Y": {"value": 100000, "kind": "error_code", "enum": None, "file": "acl/acl.h"},
                       "ACL_MAJOR_VERSION": {"value": 1, "kind": "version", "enum": None, "file": "acl/acl.h"}},
               typedefs={"aclError": {"type": "int", "file": "acl/acl.h"}},
               exports={"libascendcl.so": ["aclA", "aclB"], "libacl_rt.so": ["aclA"]})
    for key, value in over.items():
        setattr(base, key, value)
    return base


def _kinds(findings):
    return sorted((f.severity, f.kind, f.name) for f in findings)


def test_same_snapshot_has_no_findings():
    assert against_snapshot(_abi(), _abi()) == []


def test_snapshot_changes():
    new = _abi(functions={"aclA": _function(["long"]), "aclC": _function([])},
               values={"ACL_X": {"value": 2, "kind": "enumerator", "enum": "e", "file": "acl/acl.h"},
                       "ACL_MAJOR_VERSION": {"value": 2, "kind": "version", "enum": None, "file": "acl/acl.h"},
                       "ACL_Z": {"value": 3, "kind": "constant", "enum": None, "file": "acl/acl.h"}},
               typedefs={"aclError": {"type": "long", "file": "acl/acl.h"}},
               exports={"libascendcl.so": ["aclA", "aclC"], "libacl_mdl.so": ["aclC"]})
    findings = against_snapshot(_abi(), new)
    assert _kinds(findings) == sorted([
        ("no-go", "call-changed", "aclA"), ("no-go", "call-removed", "aclB"), ("addition", "call-added", "aclC"),
        ("no-go", "enum-changed", "ACL_X"), ("no-go", "error-code-removed", "ACL_ERROR_Y"),
        ("note", "version-changed", "ACL_MAJOR_VERSION"), ("addition", "constant-added", "ACL_Z"),
        ("no-go", "typedef-changed", "aclError"), ("no-go", "export-removed", "aclB"),
        ("addition", "export-added", "aclC"), ("no-go", "library-removed", "libacl_rt.so"),
        ("addition", "library-added", "libacl_mdl.so")])
    assert verdict(findings) == "no-go"
    changed = next(f for f in findings if f.kind == "call-changed")
    assert changed.detail == "parameter 1: int -> long"


def test_suites_findings():
    calls = [suites.Call("aclA", "aclop", True, "aclError aclA(int)", {"return": "aclError", "params": ["long"]}),
             suites.Call("aclB", "aclop", True, "aclError aclB(void)", {"return": "aclError", "params": []}),
             suites.Call("aclGone", "init", True, "aclError aclGone(void)", {"return": "aclError", "params": []}),
             suites.Call("aclMaybe", "stream_rt", False, "aclError aclMaybe(void)",
                         {"return": "aclError", "params": []})]
    values = [suites.Expected("ACL_X", 1, "DT.X", "enumerator"), suites.Expected("ACL_ERROR_Y", 100001, "ERR.Y",
                                                                                   "error_code"),
              suites.Expected("ACL_W", 5, "W", "constant")]
    abi = _abi(exports={"libascendcl.so": ["aclA"]})
    assert _kinds(against_suites(abi, calls, values)) == sorted([
        ("no-go", "prototype-mismatch", "aclA"), ("no-go", "call-unexported", "aclB"),
        ("no-go", "call-undeclared", "aclGone"), ("no-go", "call-unexported", "aclGone"),
        ("note", "optional-call-absent", "aclMaybe"), ("no-go", "value-mismatch", "ACL_ERROR_Y"),
        ("note", "value-undeclared", "ACL_W")])
    assert verdict(against_suites(_abi(), calls[1:2], values[:1])) == "go"


# ------------------------------------------------------------------ the command line
def _cli(capsys, *args):
    code = commands_main(["abi", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_on_the_mini_install(mini, tmp_path, capsys):
    snap, report = tmp_path / "s.json", tmp_path / "c.json"
    assert _cli(capsys, "snapshot", "--root", str(mini), "--out", str(snap))[0] == 0
    code, out, _ = _cli(capsys, "check", "--root", str(mini), "--against", str(snap), "--json", str(report))
    assert code == 1                    # the mini install lacks most of the suites' calls
    data = json.loads(report.read_text())
    assert data["verdict"] == "no-go" and data["against"]["snapshot"] == str(snap)
    assert not [f for f in data["findings"] if f["basis"] == "snapshot"]
    assert "call-undeclared aclopExecWithHandle (harness/prototypes.py)" in out
    assert from_json(json.loads(snap.read_text()), str(snap)).functions.keys() == {
        "aclInit", "aclrtSynchronizeStream", "aclCreateDataBuffer"}
    assert "value-undeclared (" in out and "--verbose lists each" in out
    verbose = _cli(capsys, "check", "--root", str(mini), "--verbose")[1]
    assert "  value-undeclared ACL_ERROR_INVALID_FILE (harness/abi.py): the install's headers do not declare" in verbose
    assert "  optional-call-absent aclrtStreamAbort (harness/prototypes.py)" in verbose


@pytest.mark.parametrize("args,says", [
    (["check", "--root", "/nonexistent"], "--root /nonexistent: no such directory"),
    (["check", "--root", "{mini}", "--against", "{tmp}/missing.json"], "--against {tmp}/missing.json: cannot read it"),
    (["check", "--root", "{mini}", "--against", "{tmp}/bad.json"], "--against {tmp}/bad.json: not JSON"),
    (["check", "--root", "{mini}", "--against", "{tmp}/other.json"], "not an ABI snapshot (schema 'x'"),
    (["check", "--root", "{mini}", "--cc", "no-such-cc"], "--cc no-such-cc: no such C compiler"),
    (["check", "--root", "{mini}", "--json", "{tmp}/no/dir/c.json"], "--json {tmp}/no/dir/c.json: cannot write it"),
    (["snapshot", "--root", "{mini}", "--out", "{tmp}"], "--out {tmp}: cannot write it"),
])
def test_cli_usage_errors(mini, tmp_path, capsys, args, says):
    (tmp_path / "bad.json").write_text("{")
    (tmp_path / "other.json").write_text('{"schema": "x"}')
    fmt = {"mini": str(mini), "tmp": str(tmp_path)}
    code, _, err = _cli(capsys, *[a.format(**fmt) for a in args])
    assert code == 2 and says.format(**fmt) in err, err


def test_cli_argument_errors(capsys):
    with pytest.raises(SystemExit) as exc:
        commands_main(["abi", "snapshot"])
    assert exc.value.code == 2 and "--out" in capsys.readouterr().err


# ------------------------------------------------------------------ the report's side
def _check_json(path, verdict_, findings=()):
    path.write_text(json.dumps({"schema": report_abi.SCHEMA, "verdict": verdict_, "install": {"home": "/h"},
                                "against": {"snapshot": None}, "findings": list(findings)}))
    return str(path)


def test_report_reads_the_check(tmp_path):
    finding = {"severity": "no-go", "kind": "export-removed", "name": "aclrtMalloc", "old": "exported by x",
               "new": None, "file": "libacl_rt.so", "basis": "snapshot", "detail": ""}
    note = {**finding, "severity": "note", "kind": "value-undeclared"}
    loaded = report_abi.load(_check_json(tmp_path / "a.json", "no-go", [finding, note]))
    assert loaded["findings"] == [finding] and loaded["counts"] == {"no-go": 1, "addition": 0, "note": 1}
    assert report_abi.apply("go", loaded) == "no-go" and report_abi.apply("simulator", loaded) == "no-go"
    clean = report_abi.load(_check_json(tmp_path / "b.json", "go"))
    assert report_abi.apply("go", clean) == "go" and report_abi.apply("incomplete", clean) == "incomplete"
    assert report_abi.apply("go", None) == "go"


@pytest.mark.parametrize("text,says", [("{", "not JSON"), ('{"schema": 1}', "not the JSON of"),
                                       (json.dumps({"schema": report_abi.SCHEMA, "verdict": "maybe",
                                                    "findings": []}), "'verdict' must be one of")])
def test_report_refuses_a_bad_check_file(tmp_path, text, says):
    (tmp_path / "a.json").write_text(text)
    with pytest.raises(BuildError, match=f"--abi {tmp_path}/a.json: {says}"):
        report_abi.load(str(tmp_path / "a.json"))
