"""The simulator's atc (`python -m simulator.atc`): JSON validation, file naming, .om contents.

JSON validation runs before the simulator library is loaded, so those tests always run. Tests that
need the library (every successful run: atc refuses to work without it) skip when it is not built
or cannot be loaded; the test that needs the simulator's own op checks skips only when the
library lacks aclsimValidateModel.
"""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

import simulator
from simulator import atc
from simulator.atc import om, parse
from tests.conftest import ROOT, run_python

SOC = "Ascend910B1"
SUCCESS = "ATC run success, welcome to the next use."
START = "ATC start working now, please wait for a moment."
FAILED = "ATC run failed, Please check the detail log, Try 'atc --help' for more information"
FAILED_EXIT = 255   # CANN's main_impl returns -1 (cann-install.md section 4)


# ---------------------------------------------------------------- library state (probed once, out of process)
_PROBE = """
import ctypes, simulator
path = simulator.library_path()
if path is None:
    print("missing")
else:
    try:
        lib = ctypes.CDLL(path)
    except OSError:
        print("unloadable")
    else:
        print("ok" if hasattr(lib, "aclsimValidateModel") else "no_symbol")
"""


def _library_state() -> str:
    if not hasattr(_library_state, "value"):
        _library_state.value = run_python(_PROBE).stdout.strip()
    return _library_state.value


def needs_library():
    if _library_state() in ("missing", "unloadable"):
        pytest.skip("the simulator library is not built or cannot be loaded (atc needs it to succeed)")


def needs_validator():
    if _library_state() != "ok":
        pytest.skip("the simulator library has no aclsimValidateModel")


# ---------------------------------------------------------------- helpers
def tensor(shape, dtype="int32", fmt="ND", **extra):
    return {"format": fmt, "shape": shape, "type": dtype, **extra}


ABSENT = {"format": "RESERVED", "shape": [], "type": "UNDEFINED"}


def add_op(shape=(3, 3), dtype="int32", **extra):
    shape = list(shape)
    return {"op": "Add", "input_desc": [tensor(shape, dtype), tensor(shape, dtype)],
            "output_desc": [tensor(shape, dtype)], **extra}


def matmul_op():
    return {"op": "MatMulV2",
            "input_desc": [tensor([2, 3], "float16"), tensor([3, 4], "float16"), ABSENT, ABSENT],
            "output_desc": [tensor([2, 4], "float16")],
            "attr": [{"name": "transpose_x1", "type": "bool", "value": False},
                     {"name": "transpose_x2", "type": "bool", "value": False}]}


def dynamic_add_op():
    t = tensor([-1, 16], "float16", shape_range=[[1, 32]])
    return {"op": "Add", "name": "dyn_add", "input_desc": [t, copy.deepcopy(t)], "output_desc": [copy.deepcopy(t)]}


EVERY_ATTR = [
    {"name": "dst_type", "type": "int", "value": 1},
    {"name": "a_bool", "type": "bool", "value": True},
    {"name": "a_float", "type": "float", "value": 0.1},
    {"name": "a_string", "type": "string", "value": "h\u00e9llo world"},
    {"name": "a_empty", "type": "string", "value": ""},
    {"name": "a_list_bool", "type": "list_bool", "value": [True, False]},
    {"name": "a_list_int", "type": "list_int", "value": [1, -2, 2**62]},
    {"name": "a_list_float", "type": "list_float", "value": [1.5, -0.25]},
    {"name": "a_list_string", "type": "list_string", "value": ["a", ""]},
    {"name": "a_list_list_int", "type": "list_list_int", "value": [[1, 2], [], [3]]},
    {"name": "a_dt_name", "type": "data_type", "value": "DT_FLOAT16"},
    {"name": "a_dt_number", "type": "data_type", "value": 27},
]


def cast_every_attr_op():
    return {"op": "Cast", "name": "cast.every-attr_1",
            "input_desc": [tensor([4], "float32")], "output_desc": [tensor([4], "float16")],
            "attr": EVERY_ATTR}


def write_json(tmp_path, doc, name="ops.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return str(path)


def run_atc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "simulator.atc", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def atc_json(tmp_path, doc, out_dir=None, soc=SOC):
    json_path = write_json(tmp_path, doc)
    out_dir = out_dir or str(tmp_path / "out")
    return run_atc(f"--singleop={json_path}", f"--output={out_dir}", f"--soc_version={soc}"), json_path


def snapshot(directory) -> dict[str, bytes]:
    if not os.path.isdir(directory):
        return {}
    return {name: open(os.path.join(directory, name), "rb").read() for name in sorted(os.listdir(directory))}


def parse_om(text: str) -> dict:
    """Minimal reader of OM_FORMAT.md, for checking what atc wrote."""
    lines = text.split("\n")
    assert lines[0] == "ACLSIM-OM 1" and lines[-1] == "" and lines[-2] == "end"
    unhex = lambda h: "" if h == "-" else bytes.fromhex(h).decode("utf-8")  # noqa: E731
    model = {"inputs": [], "outputs": [], "attrs": {}}
    for line in lines[1:-2]:
        kw, *tok = line.split(" ")
        if kw in ("soc", "op", "name"):
            assert len(tok) == 1
            model[kw] = unhex(tok[0])
        elif kw in ("input", "output"):
            dtype, fmt, ndims = int(tok[0]), int(tok[1]), int(tok[2])
            dims = [int(x) for x in tok[3:3 + ndims]]
            rest = tok[3 + ndims:]
            nranges = int(rest[0])
            ranges = [[int(rest[1 + 2 * i]), int(rest[2 + 2 * i])] for i in range(nranges)]
            clen, chex, name = int(rest[1 + 2 * nranges]), rest[2 + 2 * nranges], rest[3 + 2 * nranges]
            assert len(rest) == 4 + 2 * nranges
            const = b"" if chex == "-" else bytes.fromhex(chex)
            assert len(const) == clen
            model[kw + "s"].append({"dtype": dtype, "format": fmt, "dims": dims, "ranges": ranges,
                                    "const": const, "name": unhex(name)})
        elif kw == "attr":
            model["attrs"][unhex(tok[0])] = (tok[1], tok[2:])
        else:
            raise AssertionError(f"unknown record {line!r}")
    assert list(model["attrs"]) == sorted(model["attrs"]), "attrs must be sorted by name"
    return model


# ---------------------------------------------------------------- file naming (pure functions)
def _op(doc, index=0):
    return parse.parse_op(doc, index)


def test_doc_example_name_is_generated_from_types_formats_and_dims():
    assert om.om_file_name(_op(add_op())) == "0_Add_3_2_3_3_3_2_3_3_3_2_3_3.om"


def test_pyacl_example_name():
    assert om.om_file_name(_op(add_op((8, 16)))) == "0_Add_3_2_8_16_3_2_8_16_3_2_8_16.om"


def test_absent_optional_inputs_use_ge_undefined_and_reserved():
    assert om.om_file_name(_op(matmul_op(), 1)) == "1_MatMulV2_1_2_2_3_1_2_3_4_28_40_28_40_1_2_2_4.om"


def test_dynamic_dims_appear_as_minus_one():
    doc = dynamic_add_op()
    del doc["name"]
    assert om.om_file_name(_op(doc)) == "0_Add_1_2_-1_16_1_2_-1_16_1_2_-1_16.om"


@pytest.mark.parametrize("name", ["add", "my.op-1_A", "x" * 128])
def test_safe_name_is_used(name):
    assert om.om_file_name(_op(add_op(name=name))) == name + ".om"


def test_long_name_is_trimmed_to_128():
    assert om.om_file_name(_op(add_op(name="n" * 300))) == "n" * 128 + ".om"


@pytest.mark.parametrize("name", ["", ".", "..", "a/b", "has space", "caf\u00e9", "semi;colon"])
def test_unsafe_name_falls_back_to_generated(name):
    assert om.om_file_name(_op(add_op(name=name), 4)) == "4_Add_3_2_3_3_3_2_3_3_3_2_3_3.om"


def test_generated_name_is_trimmed_to_128():
    shape = [1] * 40
    generated = om.om_file_name(_op(add_op(shape)))
    assert generated.endswith(".om") and len(generated) == 128 + 3
    assert generated.startswith("0_Add_3_2_1_1_1")


def test_dynamic_inputs_are_named_x0_x1_and_explicit_names_win():
    doc = {"op": "AddN", "input_desc": [tensor([2], dynamic_input="x"), tensor([2], dynamic_input="x"),
                                        tensor([2], dynamic_input="x", name="mine")],
           "output_desc": [tensor([2])], "attr": [{"name": "N", "type": "int", "value": 3}]}
    assert [t.name for t in _op(doc).inputs] == ["x0", "x1", "mine"]


# ---------------------------------------------------------------- successful runs
def test_valid_multi_op_file(tmp_path):
    needs_library()
    doc = [add_op(), {"compile_flag": 1}, matmul_op(), dynamic_add_op(), cast_every_attr_op()]
    proc, _ = atc_json(tmp_path, doc)
    assert proc.returncode == 0, proc.stderr
    assert SUCCESS in proc.stdout
    out = snapshot(tmp_path / "out")
    assert sorted(out) == sorted(["0_Add_3_2_3_3_3_2_3_3_3_2_3_3.om",
                                  "1_MatMulV2_1_2_2_3_1_2_3_4_28_40_28_40_1_2_2_4.om",
                                  "dyn_add.om", "cast.every-attr_1.om"])
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".atc-")], "staging dir left behind"

    add = parse_om(out["0_Add_3_2_3_3_3_2_3_3_3_2_3_3.om"].decode())
    assert add["soc"] == SOC and add["op"] == "Add" and add["name"] == ""
    assert [(t["dtype"], t["format"], t["dims"]) for t in add["inputs"] + add["outputs"]] == [(3, 2, [3, 3])] * 3

    mm = parse_om(out["1_MatMulV2_1_2_2_3_1_2_3_4_28_40_28_40_1_2_2_4.om"].decode())
    assert [(t["dtype"], t["format"], t["dims"]) for t in mm["inputs"]] == \
        [(1, 2, [2, 3]), (1, 2, [3, 4]), (-1, -1, []), (-1, -1, [])]
    assert mm["attrs"] == {"transpose_x1": ("bool", ["0"]), "transpose_x2": ("bool", ["0"])}

    dyn = parse_om(out["dyn_add.om"].decode())
    assert dyn["name"] == "dyn_add"
    assert all(t["dims"] == [-1, 16] and t["ranges"] == [[1, 32]] for t in dyn["inputs"] + dyn["outputs"])

    cast = parse_om(out["cast.every-attr_1.om"].decode())
    assert cast["attrs"] == {
        "a_bool": ("bool", ["1"]),
        "a_dt_name": ("data_type", ["1"]),
        "a_dt_number": ("data_type", ["27"]),
        "a_empty": ("string", ["-"]),
        "a_float": ("float", ["0.100000001"]),
        "a_list_bool": ("list_bool", ["2", "1", "0"]),
        "a_list_float": ("list_float", ["2", "1.5", "-0.25"]),
        "a_list_int": ("list_int", ["3", "1", "-2", str(2**62)]),
        "a_list_list_int": ("list_list_int", ["3", "2", "1", "2", "0", "1", "3"]),
        "a_list_string": ("list_string", ["2", "61", "-"]),
        "a_string": ("string", ["h\u00e9llo world".encode().hex()]),
        "dst_type": ("int", ["1"]),
    }


def test_space_separated_options_and_existing_file_is_replaced(tmp_path):
    needs_library()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "add.om").write_text("old contents")
    (out_dir / "other.txt").write_text("untouched")
    json_path = write_json(tmp_path, [add_op(name="add")])
    proc = run_atc("--singleop", json_path, "--output", str(out_dir), "--soc_version", SOC)
    assert proc.returncode == 0, proc.stderr
    assert parse_om((out_dir / "add.om").read_text())["op"] == "Add"
    assert (out_dir / "other.txt").read_text() == "untouched"


def test_const_input_is_stored_in_its_dtype(tmp_path):
    needs_library()
    doc = [{"op": "Add", "name": "const_add",
            "input_desc": [tensor([2], "int32", is_const=True, const_value=[1, -2]), tensor([2], "int32")],
            "output_desc": [tensor([2], "int32")]}]
    proc, _ = atc_json(tmp_path, doc)
    assert proc.returncode == 0, proc.stderr
    model = parse_om((tmp_path / "out" / "const_add.om").read_text())
    assert model["inputs"][0]["const"] == (1).to_bytes(4, "little", signed=True) + (-2).to_bytes(4, "little", signed=True)
    assert model["inputs"][1]["const"] == b""


def _matmul_k_mismatch(name=None):
    bad = matmul_op()
    bad["input_desc"][1] = tensor([5, 4], "float16")   # K mismatch: 3 vs 5
    if name:
        bad["name"] = name
    return bad


def test_op_that_fails_to_compile_is_reported_and_the_others_are_written(tmp_path):
    """CANN's BuildSingleOpModels logs each failed op and goes on; the status is the last op's."""
    needs_validator()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "keep.om").write_text("keep")
    proc, json_path = atc_json(tmp_path, [add_op(name="good"), _matmul_k_mismatch(), add_op(name="last")],
                               str(out_dir))
    assert "Compile op failed. ge ret = " in proc.stderr and "op index = 1\n" in proc.stderr, proc.stderr
    assert json_path in proc.stderr and "op[1] (MatMulV2)" in proc.stderr
    # the last op compiled: CANN's status is success although op 1 failed
    assert proc.returncode == 0 and SUCCESS in proc.stdout, proc.stdout + proc.stderr
    out = snapshot(out_dir)
    assert sorted(out) == ["good.om", "keep.om", "last.om"]
    assert parse_om(out["good.om"].decode())["op"] == "Add" and out["keep.om"] == b"keep"
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".atc-")], "staging dir left behind"


def test_failing_last_op_fails_the_run_but_the_others_are_written(tmp_path):
    needs_validator()
    out_dir = tmp_path / "out"
    proc, _ = atc_json(tmp_path, [add_op(name="good"), _matmul_k_mismatch(name="bad")], str(out_dir))
    assert proc.returncode == FAILED_EXIT and FAILED in proc.stdout, proc.stdout
    assert "op index = 1\n" in proc.stderr and "op[1] (MatMulV2) -> bad.om" in proc.stderr, proc.stderr
    assert "the last op, op[1] (MatMulV2), failed to compile; 1 of 2 models written" in proc.stderr
    assert sorted(snapshot(out_dir)) == ["good.om"]


def test_every_op_failing_writes_nothing(tmp_path):
    needs_validator()
    proc, _ = atc_json(tmp_path, [_matmul_k_mismatch(name="a"), _matmul_k_mismatch(name="b")])
    assert proc.returncode == FAILED_EXIT
    assert proc.stderr.count("Compile op failed. ge ret = ") == 2, proc.stderr
    assert not (tmp_path / "out").exists()


def test_bf16_rejected_for_a_product_without_bf16(tmp_path):
    needs_validator()
    proc, _ = atc_json(tmp_path, [add_op((4,), "bfloat16")], soc="Ascend310P3")
    assert proc.returncode == FAILED_EXIT and "op[0] (Add)" in proc.stderr
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- validation errors (exit 1, nothing written)
def _mutate(path_fn):
    doc = [add_op(), {"compile_flag": 1}, add_op()]
    path_fn(doc[2])
    return doc


def _set(key, value, where="input_desc", idx=0):
    def apply(op):
        op[where][idx][key] = value
    return apply


def _del(key, where="input_desc", idx=0):
    def apply(op):
        del op[where][idx][key]
    return apply


def _op_key(key, value):
    def apply(op):
        op[key] = value
    return apply


def _attr(entry):
    def apply(op):
        op.setdefault("attr", []).append(entry)
    return apply


def _absent(idx, **changes):
    def apply(op):
        op["input_desc"][idx] = {**ABSENT, **changes}
    return apply


INVALID_CASES = [
    ("unknown_type", _set("type", "flot16"), "op[1] (Add): input_desc[0].type: unknown type 'flot16'"),
    ("unknown_format", _set("format", "NDX"), "input_desc[0].format: unknown format 'NDX'"),
    ("format_enum_unknown", _set("format", "fractal_deconv"),
     "input_desc[0].format: format fractal_deconv is valid for atc but the simulator does not know its enum value"),
    ("type_enum_unknown", _set("type", "hifloat4"), "input_desc[0].type: type hifloat4 is valid for atc"),
    ("undefined_needs_reserved", _absent(1, format="ND"), "input_desc[1].format"),
    ("reserved_needs_undefined", _absent(1, type="float16"), "input_desc[1].type"),
    ("absent_with_shape", _absent(1, shape=[3]), "input_desc[1].shape"),
    ("output_undefined", _set("type", "UNDEFINED", "output_desc"), "output_desc[0].type"),
    ("output_reserved", _set("format", "RESERVED", "output_desc"), "output_desc[0].format"),
    ("missing_type", _del("type"), "input_desc[0].type: missing required key"),
    ("missing_shape", _del("shape"), "input_desc[0].shape: missing required key"),
    ("shape_not_ints", _set("shape", [3, "3"]), "input_desc[0].shape"),
    ("bad_dim", _set("shape", [3, -3]), "input_desc[0].shape"),
    ("minus_one_without_range", _set("shape", [-1, 3]), "input_desc[0].shape_range"),
    ("two_ranges_for_one_unknown_dim", lambda op: op["input_desc"][0].update(
        shape=[-1, 3], shape_range=[[1, 4], [1, 4]]), "input_desc[0].shape_range"),
    ("range_on_static_shape", _set("shape_range", [[1, 4]]), "input_desc[0].shape_range"),
    ("bad_range", lambda op: op["input_desc"][0].update(shape=[-1], shape_range=[[5, 2]]),
     "input_desc[0].shape_range[0]"),
    ("unknown_rank_with_range", lambda op: op["input_desc"][0].update(shape=[-2], shape_range=[[1, 2]]),
     "input_desc[0].shape_range"),
    ("unknown_rank_mixed", _set("shape", [-2, 3]), "input_desc[0].shape"),
    ("origin_format_unknown", _set("origin_format", "nope"), "input_desc[0].origin_format"),
    ("const_count", lambda op: op["input_desc"][0].update(is_const=True, const_value=[1, 2]),
     "input_desc[0].const_value"),
    ("const_without_flag", _set("const_value", [1] * 9), "input_desc[0].const_value"),
    ("const_output", lambda op: op["output_desc"][0].update(is_const=True, const_value=[0] * 9),
     "output_desc[0].is_const"),
    ("dynamic_input_not_string", _set("dynamic_input", 3), "input_desc[0].dynamic_input"),
    ("empty_op", _op_key("op", ""), "op[1]: op: must be a non-empty string"),
    ("name_not_string", _op_key("name", 5), "op[1] (Add): name"),
    ("input_desc_not_list", _op_key("input_desc", {}), "op[1] (Add): input_desc"),
    ("missing_output_desc", lambda op: op.pop("output_desc"), "output_desc: missing required key"),
    ("attr_not_list", _op_key("attr", {}), "op[1] (Add): attr"),
    ("attr_unknown_type", _attr({"name": "a", "type": "tensor", "value": 1}), "attr[0].type"),
    ("attr_bool_as_int", _attr({"name": "a", "type": "bool", "value": 1}), "attr[0].value"),
    ("attr_int_as_string", _attr({"name": "a", "type": "int", "value": "3"}), "attr[0].value"),
    ("attr_float_as_string", _attr({"name": "a", "type": "float", "value": "x"}), "attr[0].value"),
    ("attr_string_as_int", _attr({"name": "a", "type": "string", "value": 3}), "attr[0].value"),
    ("attr_list_int_mixed", _attr({"name": "a", "type": "list_int", "value": [1, 2.5]}), "attr[0].value"),
    ("attr_list_list_int_flat", _attr({"name": "a", "type": "list_list_int", "value": [1, 2]}), "attr[0].value"),
    ("attr_list_string_mixed", _attr({"name": "a", "type": "list_string", "value": ["a", 1]}), "attr[0].value"),
    ("attr_list_bool_ints", _attr({"name": "a", "type": "list_bool", "value": [1, 0]}), "attr[0].value"),
    ("attr_list_float_bad", _attr({"name": "a", "type": "list_float", "value": [1, None]}), "attr[0].value"),
    ("attr_data_type_unknown", _attr({"name": "a", "type": "data_type", "value": "DT_NOPE"}), "attr[0].value"),
    ("attr_data_type_number_unknown", _attr({"name": "a", "type": "data_type", "value": 5}), "attr[0].value"),
    ("attr_missing_value", _attr({"name": "a", "type": "int"}), "attr[0].value: missing required key"),
    ("attr_empty_name", _attr({"name": "", "type": "int", "value": 1}), "attr[0].name"),
    ("attr_duplicate", lambda op: op.update(attr=[{"name": "a", "type": "int", "value": 1},
                                                  {"name": "a", "type": "int", "value": 2}]), "attr[1].name"),
]


@pytest.mark.parametrize("case,mutate,expected", INVALID_CASES, ids=[c[0] for c in INVALID_CASES])
def test_invalid_op_is_refused_and_nothing_is_written(tmp_path, case, mutate, expected):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "keep.om").write_bytes(b"previous run")
    before = snapshot(out_dir)
    proc, json_path = atc_json(tmp_path, _mutate(mutate), str(out_dir))
    assert proc.returncode == FAILED_EXIT, (case, proc.stdout, proc.stderr)
    message = proc.stderr.strip()
    assert len(message.splitlines()) == 1, message
    assert message.startswith(f"atc: {json_path}: "), message
    assert "op[1]" in message and expected in message, message
    assert SUCCESS not in proc.stdout
    assert snapshot(out_dir) == before
    assert sorted(os.listdir(tmp_path)) == ["ops.json", "out"]


@pytest.mark.parametrize("doc,expected", [
    ("[{\"op\": \"Add\",", "invalid JSON"),
    ("{\"op\": \"Add\"}", "JSON array"),
    ("[]", "no ops"),
    ("[{\"compile_flag\": 1}]", "no ops"),
    ("[{\"compile_flag\": \"yes\"}]", "entry[0]: compile_flag"),
    ("[3]", "op[0]: must be a JSON object"),
], ids=["syntax", "not_array", "empty", "only_compile_flag", "compile_flag_type", "not_object"])
def test_malformed_file(tmp_path, doc, expected):
    proc, json_path = atc_json(tmp_path, doc)
    assert proc.returncode == FAILED_EXIT
    assert proc.stderr.startswith(f"atc: {json_path}: ") and expected in proc.stderr, proc.stderr
    assert not (tmp_path / "out").exists()


def test_two_ops_with_one_file_name_are_refused(tmp_path):
    proc, _ = atc_json(tmp_path, [add_op(name="same"), add_op(name="same")])
    assert proc.returncode == FAILED_EXIT and "op[1] (Add): name" in proc.stderr and "op[0]" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_missing_json_file(tmp_path):
    proc = run_atc(f"--singleop={tmp_path / 'nope.json'}", f"--output={tmp_path / 'out'}", f"--soc_version={SOC}")
    assert proc.returncode == FAILED_EXIT and "nope.json" in proc.stderr


@pytest.mark.parametrize("args,message", [
    ([], "E10001: Value  for parameter --singleop is invalid."),
    (["--singleop=x.json", "--output=out"], "E10004: Value for --soc_version is empty."),
    (["--singleop=x.json", "--soc_version=Ascend910B1"], "E10004: Value for --output is empty."),
], ids=["nothing", "no_soc", "no_output"])
def test_missing_required_flags_are_refused_with_canns_report(args, message):
    proc = run_atc(*args)
    assert proc.returncode == FAILED_EXIT
    assert proc.stdout.splitlines()[:2] == [START, FAILED] and message in proc.stdout, proc.stdout


# ---------------------------------------------------------------- library handling (in process)
def test_library_not_built_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(simulator, "library_path", lambda: None)
    json_path = write_json(tmp_path, [add_op()])
    rc = atc.main([f"--singleop={json_path}", f"--output={tmp_path / 'out'}", f"--soc_version={SOC}"])
    assert rc == FAILED_EXIT
    assert "simulator library is not built" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_library_without_validator_warns_and_writes(tmp_path, monkeypatch, capsys):
    import ctypes.util
    libm = ctypes.util.find_library("m")
    if libm is None:
        pytest.skip("no libm to stand in for a library without aclsimValidateModel")
    monkeypatch.setattr(simulator, "library_path", lambda: libm)
    json_path = write_json(tmp_path, [add_op(name="add")])
    rc = atc.main([f"--singleop={json_path}", f"--output={tmp_path / 'out'}", f"--soc_version={SOC}"])
    captured = capsys.readouterr()
    assert rc == 0, captured.err
    assert "has no aclsimValidateModel" in captured.err and SUCCESS in captured.out
    assert os.listdir(tmp_path / "out") == ["add.om"]


# ---------------------------------------------------------------- CANN's command line (simulator/atc/cli.py)
def cli_run(tmp_path, *flags, doc=None):
    """atc with a valid single-op file plus `flags`; returns the process and the output dir."""
    json_path = write_json(tmp_path, doc or [add_op(name="add")])
    out_dir = tmp_path / "out"
    proc = run_atc(f"--singleop={json_path}", f"--output={out_dir}", *flags)
    return proc, out_dir


def assert_refused(proc, out_dir, report=None, stderr=None):
    assert proc.returncode == FAILED_EXIT, (proc.stdout, proc.stderr)
    lines = proc.stdout.splitlines()
    assert lines[0] == START and lines[1] == FAILED and SUCCESS not in proc.stdout, proc.stdout
    if report is not None:
        assert lines[2:] == [report], lines
    if stderr is not None:
        assert proc.stderr.strip() == stderr, proc.stderr
    assert not os.path.exists(out_dir)


def test_success_prints_canns_start_and_success_lines(tmp_path):
    needs_library()
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--log=error")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [START, SUCCESS]
    assert os.listdir(out_dir) == ["add.om"]


@pytest.mark.parametrize("flag", [
    "--log=error", "--log=null", "-log=debug", "--op_debug_level=0", "--op-debug-level=1",
    "--core_type=VectorCore", "--jit_compile=2", "--deterministic=1", "--mode=0", "--display_model_info=0",
    "--op_compiler_cache_mode=disable", "--host_env_os=linux", "--host_env_cpu=aarch64", "--sparsity=0",
    "--precision_mode=must_keep_origin_dtype", "--precision_mode_v2=origin",
    "--op_select_implmode=high_precision", "--allow_hf32=false", "--atomic_clean_policy=1",
    "--soc=Ascend910B1",   # getopt_long: an unambiguous prefix of --soc_version
])
def test_flags_that_change_nothing_are_accepted(tmp_path, flag):
    needs_library()
    extra = [] if flag.startswith("--soc=") else [f"--soc_version={SOC}"]
    proc, out_dir = cli_run(tmp_path, flag, *extra)
    assert proc.returncode == 0, (flag, proc.stdout, proc.stderr)
    assert proc.stdout.splitlines() == [START, SUCCESS]
    assert os.listdir(out_dir) == ["add.om"]


def test_optypelist_is_accepted_with_op_select_implmode(tmp_path):
    needs_library()
    proc, _ = cli_run(tmp_path, f"--soc_version={SOC}", "--op_select_implmode=high_precision_for_all",
                      "--optypelist_for_implmode=Add")
    assert proc.returncode == 0, proc.stdout


@pytest.mark.parametrize("arg,name", [("--bogus=1", "bogus"), ("--soc-versionx=Ascend910B1", "soc_versionx"),
                                      ("-precision-modes=x", "precision_modes"), ("--op=1", "op")],
                         ids=["plain", "dash_rewritten", "single_dash_rewritten", "ambiguous_prefix"])
def test_unknown_flag_is_canns_error(tmp_path, arg, name):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir, stderr=f"ERROR: unknown command line flag '{name}'")
    assert proc.stdout.splitlines()[2:] == []


def test_flag_missing_its_argument(tmp_path):
    proc, out_dir = cli_run(tmp_path, "--soc_version")
    assert_refused(proc, out_dir, stderr="ERROR: flag '--soc_version' is missing its argument")


def test_non_option_parameters(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "stray", "two")
    assert_refused(proc, out_dir, stderr="ERROR: Non-option parameter: stray\nERROR: Non-option parameter: two")


def test_value_taken_from_the_next_argument(tmp_path):
    needs_library()
    proc, out_dir = cli_run(tmp_path, "--soc_version", SOC, "--log", "info")
    assert proc.returncode == 0, proc.stdout
    assert os.listdir(out_dir) == ["add.om"]


BAD_VALUES = [
    ("--log=loud", "E10010: Value loud for parameter --log is invalid."),
    ("--deterministic=2", "E10006: Value 2 for parameter --deterministic is invalid. The value must be either 1 or 0."),
    ("--sparsity=yes", "E10006: Value yes for parameter --sparsity is invalid. The value must be either 1 or 0."),
    ("--core_type=Cube", "E10001: Value Cube for parameter --core_type is invalid. Reason: The value is not "
     "within the range of values. The valid range is [AiCore] [VectorCore] ."),
    ("--op_debug_level=5", "E10001: Value 5 for parameter --op_debug_level is invalid. Reason: The value is not "
     "within the range of values. The valid range is [0] [1] [2] [3] [4] ."),
    ("--mode=2", "E10001: Value 2 for parameter --mode is invalid. Reason: The value is not within the range of "
     "values. The valid range is [0] [1] [3] [30] [5] [6] [7] ."),
    ("--precision_mode=fp64", "E10001: Value fp64 for parameter --precision_mode is invalid. Reason: The value is "
     "not within the range of values. The valid range is [allow_fp32_to_bf16] [allow_fp32_to_fp16] "
     "[allow_mix_precision] [allow_mix_precision_bf16] [allow_mix_precision_fp16] [cube_fp16in_fp32out] "
     "[force_fp16] [force_fp32] [must_keep_origin_dtype] ."),
]


@pytest.mark.parametrize("arg,report", BAD_VALUES, ids=[b[0].split("=")[0][2:] for b in BAD_VALUES])
def test_bad_value_gets_canns_report(tmp_path, arg, report):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir, report=report)


SINGLEOP_REFUSED = ("Reason: When --singleop is specified, --display_model_info=1, --framework, --insert_op_conf, "
                    "and --mode values other than 0 are not supported.")


@pytest.mark.parametrize("arg", ["--mode=1", "--framework=3", "--insert_op_conf=aipp.cfg", "--display_model_info=1"])
def test_canns_singleop_refusals(tmp_path, arg):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    assert report.startswith("E10001: Value ") and "for parameter --singleop is invalid" in report
    assert report.endswith(SINGLEOP_REFUSED)


def test_both_precision_flags_conflict(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--precision_mode=must_keep_origin_dtype",
                            "--precision_mode_v2=origin")
    assert_refused(proc, out_dir, report="E10056: Cannot configure both parameters --precision_mode and "
                                         "--precision_mode_v2 simultaneously.")


def test_optypelist_needs_op_select_implmode(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--optypelist_for_implmode=Add")
    assert_refused(proc, out_dir)
    assert "--optypelist_for_implmode must be used together with --op_select_implmode" in proc.stdout


def test_auto_tune_mode_is_discarded_as_in_cann(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--auto_tune_mode=RL,GA")
    assert_refused(proc, out_dir, report="E10001: Value RL,GA for parameter --auto_tune_mode is invalid. Reason: "
                                         "The Auto Tune function has been deprecated. Please use the AOE tool for tuning.")


@pytest.mark.parametrize("arg,name", [
    ("--precision_mode=force_fp32", "precision_mode"), ("--precision_mode_v2=fp16", "precision_mode_v2"),
    ("--op_select_implmode=high_performance", "op_select_implmode"), ("--allow_hf32=true", "allow_hf32"),
    ("--sparsity=1", "sparsity"), ("--op_precision_mode=op.ini", "op_precision_mode"),
    ("--modify_mixlist=mix.json", "modify_mixlist"), ("--customize_dtypes=dt.cfg", "customize_dtypes"),
    ("--keep_dtype=keep.cfg", "keep_dtype"), ("--input_shape=x:1,2", "input_shape"), ("--model=m.pb", "model"),
])
def test_flags_the_simulator_cannot_honour_are_refused_by_name(tmp_path, arg, name):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    value = arg.split("=", 1)[1]
    assert report.startswith(f"E10001: Value {value} for parameter --{name} is invalid. Reason: the simulator "
                             "cannot honour it: "), report


def test_help_prints_usage_and_exits_0():
    proc = run_atc("--help")
    assert proc.returncode == 0 and proc.stdout.splitlines()[0] == START and "usage: atc" in proc.stdout


# ---------------------------------------------------------------- --soc_version names (simulator/cann/soc_versions.toml)
def _soc_table():
    from simulator.cann import soc_versions
    return soc_versions.table()


COVERED = sorted(_soc_table()["covered"].items())
REFUSED = _soc_table()["refused"]["names"]


def test_every_platform_list_name_is_covered_or_refused():
    """cann-install.md section 5, 8.1.RC1 and RT HEAD lists, all present in the table."""
    listed = ["Ascend310", "Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4", "Ascend310P1", "Ascend310P3",
              "Ascend310P5", "Ascend310P7", "Ascend910A", "Ascend910B", "Ascend910ProA", "Ascend910ProB",
              "Ascend910PremiumA", "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
              "Ascend910B4-1", "Ascend910_9362", "Ascend910_9363", "Ascend910_9372", "Ascend910_9381",
              "Ascend910_9382", "Ascend910_9391", "Ascend910_9392", "Ascend910_95", "Ascend910_5591", "Ascend610",
              "Ascend610Lite", "Ascend031", "Ascend035", "Ascend035A", "Ascend035B", "AS31XM1X", "BS9SX1AA",
              "BS9SX1AB", "BS9SX1AC", "BS9SX2AA", "BS9SX2AB", "MC61AM21AA", "MC61AM21AB", "Hi3796CV300ES",
              "Hi3796CV300CS", "SD3403"]
    placed = set(dict(COVERED)) | set(REFUSED)
    assert sorted(set(listed) - placed) == []
    assert not set(dict(COVERED)) & set(REFUSED)


@pytest.mark.slow
def test_covered_socs_select_the_products_the_simulator_gives_them():
    """The table's product for each covered SoC is the one the simulator library reports for it."""
    needs_library()
    code = """
import ctypes, json, os, subprocess, sys
out = {}
for soc in SOCS:
    proc = subprocess.run([sys.executable, "-c", "import ctypes, simulator; lib = ctypes.CDLL(simulator.library_path()); "
                           "lib.aclsimProductId.restype = ctypes.c_char_p; lib.aclInit(None); print(lib.aclsimProductId().decode())"],
                          env={**os.environ, "ACLSIM_SOC": soc}, capture_output=True, text=True)
    out[soc] = proc.stdout.strip()
print(json.dumps(out))
"""
    socs = [s for s, _ in COVERED] + ["Ascend950PR_9579", "Ascend950DT_9571"]
    proc = subprocess.run([sys.executable, "-c", f"SOCS = {socs!r}\n" + code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    got = json.loads(proc.stdout)
    expected = {**dict(COVERED), "Ascend950PR_9579": "atlas-350", "Ascend950DT_9571": "atlas-350"}
    assert got == expected


@pytest.mark.parametrize("soc", REFUSED + ["Ascend910", "Ascend310P2x"])
def test_refused_soc_is_named_with_the_covered_products(tmp_path, soc):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={soc}")
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    assert report.startswith(f"E10001: Value {soc} for parameter --soc_version is invalid. Reason: SoC {soc} is "
                             "not simulated: ")
    for product in ("atlas-training (Ascend910A", "atlas-inference (Ascend310P1", "atlas-a2 (Ascend910B1",
                    "atlas-200i-500-a2 (Ascend310B1", "atlas-a3 (Ascend910_9362", "atlas-350 (Ascend950*)"):
        assert product in report, report


@pytest.mark.parametrize("soc", ["Ascend310P3", "Ascend910_9391", "Ascend950PR_9579", "Ascend910A"])
def test_covered_soc_is_accepted(tmp_path, soc):
    needs_library()
    proc, out_dir = cli_run(tmp_path, f"--soc_version={soc}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert parse_om((out_dir / "add.om").read_text())["soc"] == soc
