"""harness/opp.py: CANN's operator information library read as CANN's compiler reads it, on
entries in CANN's own form (Sub, TransposeD and MatMulV2 as CANN 8.1.RC1's ascend910b file has
them), the file order of a 9.x directory, custom packages, and malformed files."""
import json

import pytest

from harness import opp

SUB = {"dynamicShapeSupport": {"flag": "true"}, "op": {"pattern": "broadcast"},
       "input0": {"dtype": "bfloat16,float16,float,int32", "name": "x1", "paramType": "required"},
       "input1": {"dtype": "bfloat16,float16,float,int32", "name": "x2", "paramType": "required"},
       "output0": {"dtype": "bfloat16,float16,float,int32", "name": "y", "paramType": "required", "shape": "all"}}
TRANSPOSE_D = {"attr": {"list": "perm"}, "attr_perm": {"paramType": "required", "type": "listInt", "value": "all"},
               "dynamicShapeSupport": {"flag": "true"},
               "input0": {"dtype": "float16,float,int8", "format": "ND,ND,ND", "name": "x", "paramType": "required"},
               "output0": {"dtype": "float16,float,int8", "format": "ND,ND,ND", "name": "y", "paramType": "required"}}
MATMUL_V2 = {"attr": {"list": "transpose_x1,transpose_x2,offset_x"},
             "attr_offset_x": {"defaultValue": "0", "paramType": "optional", "type": "int", "value": "all"},
             "attr_transpose_x1": {"defaultValue": "false", "paramType": "optional", "type": "bool"},
             "attr_transpose_x2": {"defaultValue": "false", "paramType": "optional", "type": "bool"},
             "dynamicFormat": {"flag": "true"}, "dynamicShapeSupport": {"flag": "true"},
             "input0": {"name": "x1", "paramType": "required"}, "input1": {"name": "x2", "paramType": "required"},
             "input2": {"name": "bias", "paramType": "optional"}, "input3": {"name": "offset_w", "paramType": "optional"},
             "output0": {"name": "y", "paramType": "required"}}


def _install(root, files: dict[str, dict], soc="ascend910b"):
    d = root / "built-in" / "op_impl" / "ai_core" / "tbe" / "config" / soc
    d.mkdir(parents=True)
    for name, data in files.items():
        (d / name).write_text(json.dumps(data))
    return str(root)


def test_combinations_are_the_aligned_entries_of_every_list(tmp_path):
    lib = opp.load(_install(tmp_path, {"aic-ascend910b-ops-info.json": {"Sub": SUB, "TransposeD": TRANSPOSE_D}}),
                   "ascend910b")
    sub = lib.get("Sub")
    assert [c.inputs + c.outputs for c in sub.combinations] == [
        ("bfloat16",) * 3, ("float16",) * 3, ("float32",) * 3, ("int32",) * 3]   # "float" is float32
    assert sub.dynamic_shape and sub.declares(("float16", "float16"), ("float16",))
    assert not sub.declares(("float16", "float32"), ("float32",))
    t = lib.get("TransposeD")
    assert t.required_attrs == ("perm",) and t.combinations[2].formats == ("ND", "ND")
    assert t.combinations[2].describe(t) == "x=int8 -> y=int8"


def test_a_dynamic_format_op_declares_no_dtypes_and_optional_inputs_may_be_absent(tmp_path):
    lib = opp.load(_install(tmp_path, {"aic-ascend910b-ops-info.json": {"MatMulV2": MATMUL_V2}}), "ascend910b")
    mm = lib.get("MatMulV2")
    assert mm.combinations is None and mm.declares(("float16",) * 4, ("float16",)) is None
    assert mm.required_attrs == () and [t.param_type for t in mm.inputs][2:] == ["optional", "optional"]
    with_bias = dict(MATMUL_V2, dynamicFormat={"flag": "false"},
                     **{f"input{i}": dict(MATMUL_V2[f"input{i}"], dtype="float16,float16") for i in range(4)},
                     output0=dict(MATMUL_V2["output0"], dtype="float16,float"))
    mm = opp.declaration("MatMulV2", "ascend910b", with_bias, "f.json")
    assert mm.declares(("float16", "float16", None, None), ("float32",))       # bias, offset_w absent
    assert not mm.declares((None, "float16", None, None), ("float32",))        # x1 is required


def test_a_later_package_file_replaces_an_op_of_the_legacy_file(tmp_path):
    """9.x: legacy first, then by name length: -nn / -math entries win over -legacy ones."""
    narrow = dict(SUB, **{k: dict(SUB[k], dtype="float16") for k in ("input0", "input1", "output0")})
    root = _install(tmp_path, {"aic-ascend910b-ops-info-legacy.json": {"Sub": SUB, "TransposeD": TRANSPOSE_D},
                               "aic-ascend910b-ops-info-math.json": {"Sub": narrow}})
    lib = opp.load(root, "ascend910b")
    assert [c.inputs for c in lib.get("Sub").combinations] == [("float16", "float16")]
    assert lib.get("TransposeD") is not None and lib.get("Sub").source.endswith("-math.json")


def test_a_custom_package_of_config_ini_wins(tmp_path):
    root = _install(tmp_path, {"aic-ascend910b-ops-info.json": {"Sub": SUB}})
    custom = tmp_path / "vendors" / "customize" / "op_impl" / "ai_core" / "tbe" / "config" / "ascend910b"
    custom.mkdir(parents=True)
    (custom / "aic-ascend910b-ops-info.json").write_text(json.dumps({"Sub": TRANSPOSE_D}))
    (tmp_path / "vendors" / "config.ini").write_text("load_priority=customize\n")
    assert opp.load(root, "ascend910b").get("Sub").inputs[0].name == "x"


def test_bad_files_name_the_file_the_op_and_the_field(tmp_path):
    bad = dict(SUB, input1=dict(SUB["input1"], dtype="float16"))
    root = _install(tmp_path, {"aic-ascend910b-ops-info.json": {"Sub": bad}})
    with pytest.raises(opp.OppError, match=r"aic-ascend910b-ops-info.json: op Sub: the dtype lists .* differ"):
        opp.load(root, "ascend910b")
    with pytest.raises(opp.OppError, match="no operator information library for ascend310p"):
        opp.load(root, "ascend310p")
    (tmp_path / "x").mkdir()
    root2 = _install(tmp_path / "x", {"aic-ascend910b-ops-info.json": {"Sub": {"input0": "float16"}}})
    with pytest.raises(opp.OppError, match="op Sub, section input0"):
        opp.load(root2, "ascend910b")


def test_soc_directories_and_the_opp_root(tmp_path):
    env = {}
    assert [opp.soc_dir(s, env) for s in ("Ascend910B1", "Ascend910_9392", "Ascend310P3", "Ascend310B1",
                                          "Ascend950PR_9579", "Ascend910A")] == [
        "ascend910b", "ascend910_93", "ascend310p", "ascend310b", "ascend950", "ascend910"]
    ini = tmp_path / "compiler" / "data" / "platform_config"
    ini.mkdir(parents=True)
    (ini / "Ascend910B1.ini").write_text("[version]\nShort_SoC_version=Ascend910B\n")
    assert opp.soc_dir("Ascend910B1", {"ASCEND_HOME_PATH": str(tmp_path)}) == "ascend910b"
    with pytest.raises(opp.OppError, match="Ascend310"):
        opp.soc_dir("Ascend310", env)
    assert opp.opp_root(None, {"ASCEND_HOME_PATH": "/h"}) == "/h/opp"
    assert opp.opp_root(None, {"ASCEND_OPP_PATH": "/o", "ASCEND_HOME_PATH": "/h"}) == "/o"
    assert opp.opp_root("/x", {"ASCEND_OPP_PATH": "/o"}) == "/x"
