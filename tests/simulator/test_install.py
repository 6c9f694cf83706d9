"""The CANN-shaped install (python -m simulator.install): tree, set_env.sh, libraries, headers, atc.

Facts checked against shared/reference/cann-install.md: the layouts (2a, 2b), set_env.sh
(1a, 1c), which library exports which call (2b, the GE/RT sources simulator/cann/api.toml cites),
the headers and their include graph (3), bin/atc (4).
"""
from __future__ import annotations

import ctypes
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from harness.abi import ERR
from simulator.install.abi import functions, parse_header, read_items
from simulator.install.main import default_layout
from simulator.install.table import Table, TableError
from simulator.recipe import BUILD_TAG_PACKAGE, CORE_LIBRARY, SIM_ONLY_PREFIX
from tests.conftest import ROOT
from tests.install_support import LAYOUTS, build, needs_cc, shared_base, sourced

LIBRARIES = {
    "cann": ["libacl_rt.so", "libacl_mdl.so", "libacl_op_executor.so", "libacl_op_compiler.so", "libascendcl.so"],
    "ascend-toolkit": ["libascendcl.so", "libacl_op_compiler.so"],
}
# Calls whose home library the sources confirm (cann-install.md 2b; RT acl_rt_wrapper.h; GE
# acl_op_executor.cpp, op_compiler.cpp, acl_model.cpp), independent of the table.
CONFIRMED_HOMES = {
    "cann": {"aclInit": "libacl_rt.so", "aclrtMalloc": "libacl_rt.so", "aclCreateDataBuffer": "libacl_rt.so",
             "aclAppLog": "libacl_rt.so", "aclrtGetSocName": "libacl_rt.so",
             "aclCreateTensorDesc": "libacl_mdl.so", "aclopLoad": "libacl_op_executor.so",
             "aclopExecWithHandle": "libacl_op_executor.so", "aclopCreateAttr": "libacl_op_executor.so",
             "aclopCompile": "libacl_op_compiler.so", "aclSetCompileopt": "libacl_op_compiler.so"},
    "ascend-toolkit": {"aclInit": "libascendcl.so", "aclopExecWithHandle": "libascendcl.so",
                       "aclCreateTensorDesc": "libascendcl.so", "aclopCompile": "libacl_op_compiler.so"},
}


@pytest.fixture(scope="module", params=LAYOUTS)
def install(request, tmp_path_factory):
    return build(shared_base(tmp_path_factory), request.param)


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not available")
    return path


def dynamic_functions(path: str) -> set[str]:
    out = subprocess.run([tool("nm"), "-D", "--defined-only", path], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in out.stdout.splitlines() if len(line.split()) >= 3 and line.split()[1] in "TWi"}


def dynamic_symbols(path: str) -> set[str]:
    out = subprocess.run([tool("nm"), "-D", path], capture_output=True, text=True, check=True)
    return {line.split()[-1] for line in out.stdout.splitlines() if line.split()}


def lib_dir(install) -> str:
    return os.path.join(install["home"], "lib64")


# ---------------------------------------------------------------- table (no build needed)
def test_table_places_every_declaration_of_acl_sim_h():
    Table.load().check(read_items())


def test_a_call_without_a_row_fails_naming_it():
    with open(os.path.join(ROOT, "simulator", "include", "acl_sim.h")) as f:
        text = f.read()
    text = text.replace("#ifdef __cplusplus\n}", "ACL_FUNC_VISIBILITY aclError aclrtBrandNewCall(int32_t x);\n"
                        "typedef enum { ACL_NEW_A = 0 } aclNewType;\n#ifdef __cplusplus\n}", 1)
    with pytest.raises(TableError, match=r"function aclrtBrandNewCall but \[names\] has no row.*aclNewType"):
        Table.load().check(parse_header(text))


def test_variadic_call_needs_a_va_list_function():
    table = Table.load()
    items = parse_header("ACL_FUNC_VISIBILITY void aclAppLog(int level, const char *fmt, ...);\n")
    table.varargs.pop("aclAppLog")
    with pytest.raises(TableError, match="aclAppLog, which is variadic"):
        table.check(items)


@pytest.mark.parametrize("version,layout", [((9, 0), "cann"), ((8, 5), "cann"), ((8, 3), "ascend-toolkit"),
                                            ((8, 1), "ascend-toolkit")])
def test_default_layout_follows_the_cann_version(version, layout):
    assert default_layout(version) == layout


def test_unknown_soc_is_refused_before_anything_is_built(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "simulator.install", "--prefix", str(tmp_path), "--soc", "Ascend310"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 2 and "--soc: SoC Ascend310 is not simulated" in proc.stderr, proc.stderr
    assert "atlas-inference (Ascend310P1" in proc.stderr
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------- tree and set_env.sh
def test_tree(install):
    home, root = install["home"], install["root"]
    assert os.path.isfile(install["set_env"])
    assert os.access(os.path.join(home, "bin", "atc"), os.X_OK)
    for lib in LIBRARIES[install["layout"]] + [CORE_LIBRARY]:
        assert os.path.isfile(os.path.join(home, "lib64", lib)), lib
    if install["layout"] == "ascend-toolkit":
        version = os.readlink(os.path.join(root, "latest"))
        assert os.path.isdir(os.path.join(root, version))
        arch = [d for d in os.listdir(os.path.join(root, version)) if d.endswith("-linux")]
        assert len(arch) == 1
        for sub in ("bin", "include", "lib64"):
            assert os.readlink(os.path.join(root, version, sub)) == os.path.join(arch[0], sub)
    assert not [p for p in os.listdir(install["prefix"]) if "staging" in p]


def env_after_source(install, script="true", env=None) -> dict:
    proc = sourced(install, f"{script} && env -0", env=env)
    assert proc.returncode == 0, proc.stderr
    return dict(item.split("=", 1) for item in proc.stdout.split("\0") if "=" in item)


def test_set_env_exports_what_canns_exports(install):
    env = env_after_source(install)
    home = install["home"]
    for var in ("ASCEND_TOOLKIT_HOME", "ASCEND_HOME_PATH", "ASCEND_AICPU_PATH"):
        assert env[var] == home, var
    assert env["ASCEND_OPP_PATH"] == os.path.join(home, "opp")
    assert env["TOOLCHAIN_HOME"] == os.path.join(home, "toolkit")
    for var, sub in (("LD_LIBRARY_PATH", "lib64"), ("PATH", "bin")):
        entries = env[var].split(":")
        outside = [i for i, e in enumerate(entries) if not e.startswith(home)]
        assert os.path.join(home, sub) in entries[:outside[0] if outside else None], (var, entries)
    assert os.path.join(home, "python", "site-packages") in env["PYTHONPATH"].split(":")
    assert "ACLSIM_SOC" not in env


def test_cann_set_env_replaces_an_earlier_install(tmp_path_factory):
    """RT set_env.sh drops <parent>/cann* entries before adding its own: sourcing twice adds none of
    them twice (the driver paths, outside <parent>/cann, are added again, as CANN's script does)."""
    install = build(shared_base(tmp_path_factory), "cann")
    once = env_after_source(install)
    twice = env_after_source(install, f"source {install['set_env']}")
    for var in ("PATH", "LD_LIBRARY_PATH", "PYTHONPATH"):
        own = [e for e in twice[var].split(":") if e.startswith(install["root"])]
        assert own == [e for e in once[var].split(":") if e.startswith(install["root"])], var
        assert len(own) == len(set(own)), (var, own)


@pytest.mark.slow
def test_default_layout_and_soc_chosen_at_install_time(tmp_path_factory):
    """No --layout: the layout of the version the simulator models (aclsimCANNVersion: 9.0.0,
    so cann); --soc Ascend310P3: set_env.sh exports ACLSIM_SOC and the runtime reports that SoC."""
    lib = ctypes.CDLL(__import__("simulator").library_path())
    lib.aclsimCANNVersion.restype = ctypes.c_char_p
    major, minor = (int(p) for p in lib.aclsimCANNVersion().decode().split(".")[:2])
    soc_install = build(shared_base(tmp_path_factory), None, soc="Ascend310P3")
    assert soc_install["layout"] == default_layout((major, minor)) == "cann"
    assert env_after_source(soc_install)["ACLSIM_SOC"] == "Ascend310P3"
    proc = sourced(soc_install, f"{sys.executable} -c {shlex.quote(LOADER_SNIPPET)}")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[-1] == "Ascend310P3"


def test_existing_install_is_never_overwritten(install):
    before = sorted(os.listdir(install["root"]))
    proc = subprocess.run([sys.executable, "-m", "simulator.install", "--prefix", install["prefix"],
                           "--layout", install["layout"]], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 1 and "already exists" in proc.stderr
    assert sorted(os.listdir(install["root"])) == before


# ---------------------------------------------------------------- libraries
def test_no_library_shows_a_simulator_symbol(install):
    for lib in LIBRARIES[install["layout"]] + [CORE_LIBRARY]:
        shown = sorted(s for s in dynamic_symbols(os.path.join(lib_dir(install), lib)) if "aclsim" in s.lower())
        assert shown == [], f"{lib} shows {shown}"


def test_core_library_exports_no_acl_name(install):
    exported = dynamic_functions(os.path.join(lib_dir(install), CORE_LIBRARY))
    assert sorted(s for s in exported if s.startswith("acl")) == []
    assert len(exported) >= len(functions(read_items()))


def test_each_library_exports_exactly_its_calls(install):
    layout = install["layout"]
    table, items = Table.load(), read_items()
    for lib in LIBRARIES[layout]:
        expected = {f.name for f in functions(items) if lib in table.libraries(f, layout)}
        got = dynamic_functions(os.path.join(lib_dir(install), lib))
        assert got == expected, f"{lib}: extra {sorted(got - expected)}, missing {sorted(expected - got)}"
    for call, lib in CONFIRMED_HOMES[layout].items():
        assert call in dynamic_functions(os.path.join(lib_dir(install), lib)), (call, lib)


def test_every_simulator_call_has_a_home(install):
    """Every ACL call the simulator library exports is exported by one of the install's CANN-named libraries."""
    simulator_calls = {f for f in dynamic_functions(__import__("simulator").library_path())
                       if not f.startswith(SIM_ONLY_PREFIX)}
    installed = set().union(*(dynamic_functions(os.path.join(lib_dir(install), lib))
                              for lib in LIBRARIES[install["layout"]]))
    assert sorted(simulator_calls - installed) == [], "simulator calls with no library home in the install"


def test_sonames(install):
    readelf = tool("readelf")
    for lib in LIBRARIES[install["layout"]] + [CORE_LIBRARY]:
        out = subprocess.run([readelf, "-d", os.path.join(lib_dir(install), lib)], capture_output=True, text=True).stdout
        assert f"Library soname: [{lib}]" in out, (lib, out)


LOADER_SNIPPET = """
import ctypes
from harness.loader import load_device
libs = load_device()
print(" ".join(libs.paths))
lib = libs.handles[0]
lib.aclrtGetSocName.restype = ctypes.c_char_p
assert lib.aclInit(None) == 0
print(lib.aclrtGetSocName().decode())
"""


def test_harness_device_loader_loads_the_install(install):
    proc = sourced(install, f"{sys.executable} -c {shlex.quote(LOADER_SNIPPET)}")
    assert proc.returncode == 0, proc.stderr
    paths, soc = proc.stdout.split("\n")[0].split(), proc.stdout.split()[-1]
    assert paths and all(p.startswith(lib_dir(install) + os.sep) for p in paths), paths
    assert soc == "Ascend910B1"


SHARED_STATE_SNIPPET = """
import ctypes, os, sys
libs = [ctypes.CDLL(os.path.join(sys.argv[1], name), mode=ctypes.RTLD_LOCAL) for name in sys.argv[2:]]
print(libs[0].aclInit(None), *[lib.aclInit(None) for lib in libs[1:]])
"""


def test_all_libraries_share_one_runtime(install):
    """aclInit through one library makes aclInit through every other a repeat (100002): one instance."""
    names = [lib for lib in LIBRARIES[install["layout"]] if lib != "libacl_op_compiler.so"]
    names = [n for n in names if n in ("libacl_rt.so", "libascendcl.so")]
    compile_lib = os.path.join(lib_dir(install), "libacl_op_compiler.so")
    proc = subprocess.run([sys.executable, "-c", SHARED_STATE_SNIPPET, lib_dir(install), *names],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    codes = proc.stdout.split()
    assert codes[0] == "0" and all(c == "100002" for c in codes[1:]), codes
    # and a compile option set through libacl_op_compiler is the one the rest of the runtime sees
    snippet = ("import ctypes, sys; c = ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_LOCAL); "
               "r = ctypes.CDLL(sys.argv[2], mode=ctypes.RTLD_LOCAL); "
               "print(c.aclSetCompileopt(3, b'high_precision'), c.aclGetCompileoptSize(3))")
    proc = subprocess.run([sys.executable, "-c", snippet, compile_lib, os.path.join(lib_dir(install), names[0])],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.split()[0] == "0", proc.stdout + proc.stderr


# ---------------------------------------------------------------- headers
HEADERS = {
    "cann": ["acl/acl.h", "acl/acl_base.h", "acl/acl_base_rt.h", "acl/acl_base_mdl.h", "acl/acl_rt.h",
             "acl/acl_rt_allocator.h", "acl/acl_op.h", "acl/acl_op_compiler.h", "acl/acl_mdl.h", "acl/acl_dump.h",
             "acl/acl_prof.h", "acl/ops/acl_cblas.h", "acl/error_codes/rt_error_codes.h",
             "acl/error_codes/ge_error_codes.h"],
    "ascend-toolkit": ["acl/acl.h", "acl/acl_base.h", "acl/acl_rt.h", "acl/acl_rt_allocator.h", "acl/acl_op.h",
                       "acl/acl_op_compiler.h", "acl/acl_mdl.h", "acl/acl_dump.h", "acl/acl_prof.h",
                       "acl/ops/acl_cblas.h", "acl/error_codes/rt_error_codes.h", "acl/error_codes/ge_error_codes.h"],
}
INCLUDES = {   # cann-install.md section 3: (header, what it includes)
    "cann": [("acl/acl.h", '"acl_rt.h"'), ("acl/acl.h", '"acl_op.h"'), ("acl/acl.h", '"acl_mdl.h"'),
             ("acl/acl_base.h", '"acl/acl_base_rt.h"'), ("acl/acl_base.h", '"acl/acl_base_mdl.h"'),
             ("acl/acl_rt.h", '"acl_rt_allocator.h"'), ("acl/acl_rt.h", "<stdbool.h>"),
             ("acl/acl_op.h", '"acl_dump.h"'), ("acl/ops/acl_cblas.h", '"acl/acl_mdl.h"')],
    "ascend-toolkit": [("acl/acl.h", '"acl_rt.h"'), ("acl/acl_base.h", '"error_codes/rt_error_codes.h"'),
                       ("acl/acl_base.h", '"error_codes/ge_error_codes.h"'), ("acl/acl_rt.h", '"acl_base.h"'),
                       ("acl/acl_op.h", '"acl_rt.h"'), ("acl/acl_op_compiler.h", '"acl_op.h"'),
                       ("acl/acl_mdl.h", '"acl_rt.h"'), ("acl/ops/acl_cblas.h", '"acl/acl.h"')],
}


def read_header(install, header) -> str:
    with open(os.path.join(install["home"], "include", header)) as f:
        return f.read()


def test_headers_and_include_graph(install):
    layout = install["layout"]
    present = sorted(os.path.relpath(os.path.join(d, f), os.path.join(install["home"], "include"))
                     for d, _, files in os.walk(os.path.join(install["home"], "include")) for f in files)
    assert present == sorted(HEADERS[layout])
    for header, included in INCLUDES[layout]:
        assert f"#include {included}" in read_header(install, header), (header, included)


def test_status_codes_and_log_macro_as_cann_declares_them(install):
    base = "acl/acl_base_rt.h" if install["layout"] == "cann" else "acl/acl_base.h"
    text = read_header(install, base)
    for decl in ("static const int ACL_ERROR_NONE = 0;", "static const int ACL_SUCCESS = 0;",
                 "static const int ACL_ERROR_INVALID_PARAM = 100000;", "} aclLogLevel;",
                 "#define ACL_APP_LOG(level, fmt, ...) aclAppLog(level, __FUNCTION__, __FILE__, __LINE__, fmt, ##__VA_ARGS__)",
                 '#ifdef FUNC_VISIBILITY\n#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))'):
        assert decl in text, decl
    assert "#define ACL_ERROR_RT_PARAM_INVALID 107000" in read_header(install, "acl/error_codes/rt_error_codes.h")
    assert ("static const uint32_t ACL_ERROR_GE_PARAM_INVALID = 145000U;"
            in read_header(install, "acl/error_codes/ge_error_codes.h"))


@pytest.mark.parametrize("compiler,suffix", [("cc", "c"), ("g++", "cpp")])
def test_each_header_compiles_alone(install, tmp_path, compiler, suffix):
    cc = shutil.which(compiler)
    if cc is None:
        pytest.skip(f"{compiler} is not available")
    failures = []
    for header in HEADERS[install["layout"]]:
        src = tmp_path / f"tu.{suffix}"
        src.write_text(f'#include "{header}"\nint main(void) {{ return 0; }}\n')
        proc = subprocess.run([cc, "-Wall", "-Wextra", "-Werror", "-I", os.path.join(install["home"], "include"),
                               "-c", str(src), "-o", str(tmp_path / "tu.o")], capture_output=True, text=True)
        if proc.returncode != 0:
            failures.append(f"{header}: {proc.stderr.strip()}")
    assert not failures, "\n".join(failures)


def test_every_exported_call_is_declared(install, tmp_path):
    """Each call any installed library exports is declared by the headers: a TU that includes acl.h
    and acl_op_compiler.h takes the address of every one (-Werror: an undeclared name fails)."""
    exported = sorted(set().union(*(dynamic_functions(os.path.join(lib_dir(install), lib))
                                    for lib in LIBRARIES[install["layout"]])))
    text = "\n".join(read_header(install, h) for h in HEADERS[install["layout"]])
    undeclared = [f for f in exported if not re.search(rf"\b{f}\s*\(", text)]
    assert undeclared == [], f"exported but declared in no header: {undeclared}"
    src = tmp_path / "all.c"
    src.write_text('#include "acl/acl.h"\n#include "acl/acl_op_compiler.h"\n'
                   "void *all_calls[] = {\n" + ",\n".join(f"    (void *)&{f}" for f in exported) + "\n};\n")
    proc = subprocess.run([needs_cc(), "-Wall", "-Werror", "-I", os.path.join(install["home"], "include"),
                           "-c", str(src), "-o", str(tmp_path / "all.o")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------- bin/atc
def test_atc_of_the_install(install, tmp_path):
    ops = os.path.join(ROOT, "tests", "clients", "add_handle_load.json")
    proc = sourced(install, f"command -v atc && atc --singleop={ops} --output={tmp_path} --soc_version=Ascend910B1 "
                            "--log=error")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == os.path.join(install["home"], "bin", "atc")
    assert lines[1:] == ["ATC start working now, please wait for a moment.", "ATC run success, welcome to the next use."]
    assert os.listdir(tmp_path) == ["0_Add_0_2_8_16_0_2_8_16_0_2_8_16.om"]


def test_atc_of_the_install_checks_ops_through_its_private_core(install, tmp_path):
    """Shapes that cannot broadcast pass the operator information library (it declares dtypes) and
    are refused only by the simulator's model check (aclsimValidateModel), which the install's atc
    reaches through the core library under its internal name."""
    doc = tmp_path / "shapes.json"
    doc.write_text('[{"op": "Add", "input_desc": [{"format": "ND", "shape": [4], "type": "float32"}, '
                   '{"format": "ND", "shape": [3], "type": "float32"}], '
                   '"output_desc": [{"format": "ND", "shape": [4], "type": "float32"}]}]')
    proc = sourced(install, f"atc --singleop={doc} --output={tmp_path / 'out'} --soc_version=Ascend310P3")
    assert proc.returncode == 255, proc.stdout + proc.stderr
    assert "rejected by the simulator" in proc.stderr and "has no" not in proc.stderr
    assert "cannot be broadcast" in proc.stderr
    assert not os.path.exists(tmp_path / "out")


def test_atc_of_the_install_consults_its_operator_information_library(install, tmp_path):
    """bfloat16 Add is not declared for ascend310p: the install's atc refuses it through the library
    set_env.sh names in ASCEND_OPP_PATH (GE's op-store text, the file), before the model check."""
    doc = tmp_path / "bf16.json"
    doc.write_text('[{"op": "Add", "input_desc": [{"format": "ND", "shape": [4], "type": "bfloat16"}, '
                   '{"format": "ND", "shape": [4], "type": "bfloat16"}], '
                   '"output_desc": [{"format": "ND", "shape": [4], "type": "bfloat16"}]}]')
    proc = sourced(install, f"atc --singleop={doc} --output={tmp_path / 'out'} --soc_version=Ascend310P3")
    assert proc.returncode == 255, proc.stdout + proc.stderr
    config = os.path.join(install["home"], "opp", "built-in", "op_impl", "ai_core", "tbe", "config", "ascend310p")
    assert "Compile op failed. ge ret = 100026, op index = 0" in proc.stderr
    assert "not supported in op store, check the dtype, format or shape: not declared in " + config in proc.stderr
    assert "rejected by the simulator" not in proc.stderr


def test_the_install_declares_its_operator_support(install):
    """<home>/opp (ASCEND_OPP_PATH after set_env.sh) holds the operator information library of the
    six SoC dirs in the layout's file names; CANN's reader (harness/opp.py) finds exactly the
    declared rows of simulator/cann/op_support.csv in each."""
    from harness import opp as harness_opp
    from simulator import opp
    from simulator.cann import op_support
    root = env_after_source(install)["ASCEND_OPP_PATH"]
    assert root == os.path.join(install["home"], "opp")
    want = "latest/opp/built-in" if install["layout"] == "ascend-toolkit" else "cann/opp/built-in"
    table = op_support.load()
    for soc in op_support.SOC_DIRS:
        config = os.path.join(root, opp.CONFIG_SUBDIR, soc)
        assert want in config
        names = sorted(os.listdir(config))
        assert names == ([f"aic-{soc}-ops-info-{p}.json" for p in opp.PACKAGES] if install["layout"] == "cann"
                         else [f"aic-{soc}-ops-info.json"])
        lib = harness_opp.load(root, soc)
        got = {(op, c.inputs, c.outputs) for op, d in lib.ops.items() for c in d.combinations}
        rows = {(r.op, *map(tuple, opp._filled(r, table.ir[r.op]))) for r in table.declared(soc)}
        assert got == rows, soc


# ---------------------------------------------------------------- CANN's per-package tree
# What CANN's samples and users' builds read (cann-install.md 2a, 7), in both layouts.
SAMPLE_PATHS = {
    "runtime/include/acl/acl.h": "include/acl/acl.h",
    "runtime/include/acl/ops/acl_cblas.h": "include/acl/ops/acl_cblas.h",
    "compiler/include/acl/acl_op_compiler.h": "include/acl/acl_op_compiler.h",
    "runtime/lib64/stub/libascendcl.so": "lib64/libascendcl.so",
    "runtime/lib64/stub/libacl_cblas.so": "lib64/libacl_cblas.so",
    "compiler/lib64/stub/libacl_op_compiler.so": "lib64/libacl_op_compiler.so",
    "compiler/bin/atc": "bin/atc",
    "fwkacllib/lib64/stub/libascendcl.so": "lib64/libascendcl.so",
    f"devlib/{platform.machine()}/libascendcl.so": "lib64/libascendcl.so",
}
VERSION_PACKAGES = ("runtime", "bisheng-compiler", "hccl", "oam-tools", "ops-legacy")


def test_sample_paths_reach_the_installs_files(install):
    home = install["home"]
    for path, target in SAMPLE_PATHS.items():
        assert os.path.isfile(os.path.join(home, path)), path
        assert os.path.samefile(os.path.join(home, path), os.path.join(home, target)), path


def test_cann_layout_has_runtime_include_acl_as_a_link(tmp_path_factory):
    """RT RuntimeInc.xml: runtime/include/acl is a softlink to the real include/acl."""
    home = build(shared_base(tmp_path_factory), "cann")["home"]
    assert os.path.islink(os.path.join(home, "runtime", "include", "acl"))
    assert not os.path.islink(os.path.join(home, "runtime", "include"))


def test_version_files_name_the_simulators_version(install):
    version = install["stdout"].split("CANN ")[1].split(" install")[0]
    home = os.path.realpath(install["home"])
    for pkg in VERSION_PACKAGES:
        with open(os.path.join(home, "share", "info", pkg, "version.info")) as f:
            assert f.readline() == f"Version={version}\n", pkg
    with open(os.path.join(home, "share", "info", BUILD_TAG_PACKAGE, "version.info")) as f:
        lines = f.read().splitlines()
    assert lines[0] == f"Version={version}" and "simulator" in lines[1] and "not CANN" in lines[1]
    if install["layout"] == "ascend-toolkit":   # 8.1.RC1: <pkg>/version.info with version_dir=
        for pkg in ("runtime", "compiler", "opp"):
            with open(os.path.join(home, pkg, "version.info")) as f:
                assert f.read().splitlines() == [f"Version={version}", f"version_dir={version}"], pkg


def test_set_env_puts_pyacl_on_pythonpath(install):
    env = env_after_source(install)
    entry = os.path.join(install["home"], "pyACL", "python", "site-packages")
    assert entry in env["PYTHONPATH"].split(":")
    assert os.path.isfile(os.path.join(entry, "acl", "__init__.py"))


VERSION_PROBE = ("import ctypes,sys; lib=ctypes.CDLL(sys.argv[1]); b=ctypes.create_string_buffer(128); "
                 "print(lib.aclsysGetVersionStr(sys.argv[2].encode(), b), b.value.decode())")


def version_str(install: dict, pkg: str, prefix: str = "") -> list[str]:
    lib = os.path.join(install["home"], "lib64", "libascendcl.so")
    proc = sourced(install, f"{prefix}{shlex.quote(sys.executable)} -c {shlex.quote(VERSION_PROBE)} {lib} {pkg}")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_build_tag_readable_through_canns_version_call(install):
    """aclsysGetVersionStr("simulator") reads share/info/simulator/version.info on the install
    and fails on a tree without it. Skipped while the runtime reports a built-in version (it then
    succeeds with ASCEND_HOME_PATH unset, where CANN gives 100003)."""
    if version_str(install, "runtime", prefix="env -u ASCEND_HOME_PATH ")[0] == "0":
        pytest.skip("the runtime does not read share/info/<pkg>/version.info yet")
    version = install["stdout"].split("CANN ")[1].split(" install")[0]
    assert version_str(install, BUILD_TAG_PACKAGE) == ["0", version]
    assert version_str(install, "no-such-package")[0] == str(int(ERR.ACL_ERROR_INVALID_FILE))


# ---------------------------------------------------------------- atc --model
# hicann/ge api/atc/main_impl.cc CheckFlags, omg.cc ParseGraph, parser_factory.cc CreateModelParser,
# base/common/error_registry/error_registry.cc (E10007, E10008, E10041).
MODEL_CASES = {
    "": ["E10007: --framework is required. The value must be 0(Caffe) or 1(MindSpore) or 3(TensorFlow) or 5(Onnx)."],
    "--framework=0": ["E10008: --weight must not be empty when --framework is set to 0 (Caffe)."],
    "--framework=0 --weight={model}": [
        "E19999: Internal Error!",
        "E19999  param type invalid, Not supported Type: 0[FUNC:CreateModelParser][FILE:parser_factory.cc][LINE:57]",
        "        TraceBack (most recent call last):",
        "        CreateModelParser failed, type:0[FUNC:ParseGraph][FILE:omg.cc][LINE:821]"],
    "--framework=1": ["E10041: Failed to load the model from {model}."],
}


@pytest.mark.parametrize("flags", list(MODEL_CASES), ids=["no-framework", "caffe-no-weight", "caffe", "mindspore"])
def test_atc_model_conversion_reports_canns_messages(tmp_path_factory, tmp_path, flags):
    install = build(shared_base(tmp_path_factory), "cann")
    model = tmp_path / "net.prototxt"
    model.write_text("name: 'net'\n")
    proc = sourced(install, f"atc --model={model} {flags.format(model=model)} --output={tmp_path / 'out'} "
                            "--soc_version=Ascend910B1")
    assert proc.returncode != 0
    lines = proc.stdout.splitlines()
    assert lines[1] == "ATC run failed, Please check the detail log, Try 'atc --help' for more information"
    assert lines[2:] == [m.format(model=model) for m in MODEL_CASES[flags]]
    assert "--singleop" not in proc.stdout
    if lines[2].startswith(("E19999", "E10041")):
        assert "converts single-op JSON files only (--singleop=<json>)" in proc.stderr
