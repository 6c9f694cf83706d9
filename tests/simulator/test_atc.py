"""The simulator's atc (`python -m simulator.atc`): JSON validation, file naming, .om contents.

JSON validation runs before the simulator library is loaded, so those tests always run. Tests that
need the library (every successful run: atc refuses to work without it) skip when it is not built
or cannot be loaded; the test that needs the simulator's own op checks skips only when the
library lacks aclsimValidateModel.
"""
from __future__ import annotations

import os

import pytest

import simulator
from simulator import atc
from simulator.atc import om, parse
from tests.atc_support import (
    ABSENT,
    FAILED,
    FAILED_EXIT,
    SOC,
    START,
    SUCCESS,
    add_op,
    atc_json,
    cast_every_attr_op,
    dynamic_add_op,
    matmul_op,
    needs_library,
    needs_validator,
    parse_om,
    run_atc,
    snapshot,
    tensor,
    write_json,
)


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
