"""The simulator's operator information library (simulator/opp.py): written in CANN's format for both
layouts, read back by harness/opp.py (CANN's reader) with exactly the declared rows of
simulator/cann/op_support.csv per SoC dir, split into -legacy / -math / -nn as CANN 9.x packages
the ops, cached for a plain run (default_root), and consulted by the simulator's atc under
ASCEND_OPP_PATH: a doctored library changes what atc compiles.
"""
from __future__ import annotations

import json
import os
import threading

import pytest

from harness import opp as harness_opp
from simulator import opp
from simulator.cann import op_support
from tests.conftest import run_module

TABLE = op_support.load()


@pytest.fixture(scope="module", params=opp.LAYOUTS)
def written(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"opp-{request.param}")
    return request.param, str(root), opp.write(str(root), request.param)


def filled_rows(soc: str) -> set[tuple]:
    out = set()
    for row in TABLE.declared(soc):
        ins, outs = opp._filled(row, TABLE.ir[row.op])
        out.add((row.op, tuple(ins), tuple(outs)))
    return out


def test_files_of_each_layout(written):
    layout, root, files = written
    for soc in op_support.SOC_DIRS:
        names = sorted(os.listdir(os.path.join(root, opp.CONFIG_SUBDIR, soc)))
        if layout == "cann":
            assert names == [f"aic-{soc}-ops-info-{p}.json" for p in ("legacy", "math", "nn")]
        else:
            assert names == [f"aic-{soc}-ops-info.json"]
    assert len(files) == len(op_support.SOC_DIRS) * (3 if layout == "cann" else 1)
    assert all(f.startswith(os.path.join(root, opp.CONFIG_SUBDIR)) for f in files)


def test_canns_reader_reads_back_exactly_the_declared_rows(written):
    """harness.opp.load (GE's file order, aligned lists zipped into combinations) gives, per SoC dir,
    exactly the CSV's declared rows (a '-' slot as its written dtype); every op of the table is
    there with its slots, attrs and dynamic-shape flag."""
    _layout, root, _files = written
    for soc in op_support.SOC_DIRS:
        lib = harness_opp.load(root, soc)
        got = {(op, c.inputs, c.outputs) for op, d in lib.ops.items() for c in d.combinations}
        assert got == filled_rows(soc), soc
        for op, d in lib.ops.items():
            ir = TABLE.ir[op]
            assert [t.name for t in d.inputs] == [s.name for s in ir.inputs]
            assert [t.param_type for t in d.inputs + d.outputs] == [s.kind for s in ir.inputs + ir.outputs]
            assert d.dynamic_shape == any(r.dynamic_shape for r in TABLE.declared(soc, op))
            assert d.required_attrs == tuple(a[0] for a in ir.attrs if a[2] == "required")
            for row in TABLE.declared(soc, op):     # an absent optional input matches, as in the C gate
                ins = [None if s.kind == "optional" else dt for s, dt in zip(ir.inputs, opp._filled(row, ir)[0])]
                assert d.declares(ins, opp._filled(row, ir)[1]), (soc, op, row.line)


def _strings(node, path="") -> list[str]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _strings(v, f"{path}/{k}")]
    return [] if isinstance(node, str) else [path]


def test_the_format_is_canns(written):
    """Op -> sections -> strings; aligned dtype / format lists; unknownshape_format exactly where
    dynamicShapeSupport is true; attr.list with an attr_<name> each (defaultValue when optional);
    opFile / opInterface; CANN's dtype spelling (float, not float32)."""
    _layout, _root, files = written
    for path in files:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        assert not _strings(data), (path, _strings(data)[:3])
        for op, e in data.items():
            tensors = [k for k in e if k.startswith(("input", "output"))]
            dyn = e["dynamicShapeSupport"]["flag"] == "true"
            n = {len(e[k]["dtype"].split(",")) for k in tensors} | {len(e[k]["format"].split(",")) for k in tensors}
            assert len(n) == 1, (path, op)
            for k in tensors:
                assert ("unknownshape_format" in e[k]) == dyn
                assert "float32" not in e[k]["dtype"].split(",")
                assert e[k]["paramType"] in ("required", "optional", "dynamic")
            names = e.get("attr", {}).get("list", "")
            for name in filter(None, names.split(",")):
                attr = e[f"attr_{name}"]
                assert ("defaultValue" in attr) == (attr["paramType"] == "optional")
            assert e["opFile"]["value"] and e["opInterface"]["value"]


def test_conv2d_and_batchnorm_declare_one_combination_per_layout(written):
    _layout, root, _files = written
    lib = harness_opp.load(root, "ascend910b")
    conv = lib.get("Conv2D")
    formats = {c.formats for c in conv.combinations}
    assert {f[0] for f in formats} == {"NCHW", "NHWC"} and {f[1] for f in formats} == {"NCHW", "HWCN"}
    assert len(conv.combinations) == 2 * len(TABLE.declared("ascend910b", "Conv2D"))
    assert {c.formats[0] for c in lib.get("BatchNorm").combinations} == {"NCHW", "NHWC"}
    assert {c.formats for c in lib.get("Add").combinations} == {("ND", "ND", "ND")}


def test_cann_layout_splits_by_op_package(tmp_path):
    """ascend950: ops whose rows come from a hicann/ops-math or ops-nn OpDef in -math / -nn with
    opFile <file>_apt; the rest (D variants, the MatMulV2 family, GEMM, Conv2D, BatchMatMul) in
    -legacy. The other SoC dirs: every op in -legacy (the 9.x OpDefs configure ascend950 only)."""
    opp.write(str(tmp_path), "cann")

    def ops(soc, package):
        with open(os.path.join(tmp_path, opp.CONFIG_SUBDIR, soc, f"aic-{soc}-ops-info-{package}.json")) as f:
            return json.load(f)

    legacy = set(ops("ascend950", "legacy"))
    assert legacy == {"BatchMatMul", "BatchMatMulV2", "Conv2D", "GEMM", "MatMulV2", "ReduceMaxD", "ReduceMeanD",
                      "ReduceSumD", "TransposeD"}
    assert set(ops("ascend950", "nn")) == {"BatchNorm", "GatherV2", "LayerNorm", "Relu", "Sigmoid", "SoftmaxV2"}
    assert set(ops("ascend950", "math")) == set(TABLE.ir) - legacy - set(ops("ascend950", "nn"))
    assert ops("ascend950", "math")["Add"]["opFile"] == {"value": "add_apt"}
    assert ops("ascend950", "legacy")["MatMulV2"]["opFile"] == {"value": "mat_mul"}
    for soc in op_support.SOC_DIRS[1:]:
        assert ops(soc, "math") == {} and ops(soc, "nn") == {} and set(ops(soc, "legacy")) == set(TABLE.ir)
        assert ops(soc, "legacy")["ReduceSumD"]["opFile"] == {"value": "reduce_sum_d"}


def test_default_root_is_written_once_per_table(tmp_path, monkeypatch):
    monkeypatch.setenv(opp.CACHE_ENV, str(tmp_path))
    got: list[str] = []
    threads = [threading.Thread(target=lambda: got.append(opp.default_root())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 1 and got[0] == os.path.join(str(tmp_path), f"{opp.cache_key()}-cann")
    assert sorted(os.listdir(tmp_path)) == [os.path.basename(got[0])]     # no temporary dir left
    assert {c for d in harness_opp.load(got[0], "ascend310p").ops.values() for c in d.combinations}
    assert opp.default_root("ascend-toolkit").endswith("-ascend-toolkit")
    before = os.stat(got[0]).st_mtime_ns
    assert opp.default_root() == got[0] and os.stat(got[0]).st_mtime_ns == before


def test_cache_key_follows_the_csv(tmp_path):
    other = tmp_path / "op_support.csv"
    with open(op_support.CSV_PATH, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    other.write_text("".join(lines[:1] + lines[2:]))
    assert opp.cache_key(op_support.load(str(other))) != opp.cache_key()


# ---------------------------------------------------------------- atc under ASCEND_OPP_PATH
ADD_F16 = {"op": "Add", "input_desc": [{"format": "ND", "shape": [2], "type": "float16"}] * 2,
           "output_desc": [{"format": "ND", "shape": [2], "type": "float16"}]}
ADD_F32 = {"op": "Add", "input_desc": [{"format": "ND", "shape": [2], "type": "float32"}] * 2,
           "output_desc": [{"format": "ND", "shape": [2], "type": "float32"}]}


def _drop(path: str, op: str, dtype: str) -> None:
    """Remove every combination of op whose first input is dtype from one library file."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    e = data[op]
    keys = [k for k in e if k.startswith(("input", "output"))]
    keep = [i for i, d in enumerate(e["input0"]["dtype"].split(",")) if d != dtype]
    for k in keys:
        for field in ("dtype", "format", "unknownshape_format"):
            if field in e[k]:
                v = e[k][field].split(",")
                e[k][field] = ",".join(v[i] for i in keep)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)


def atc(tmp_path, ops, opp_root, soc="Ascend910B1"):
    doc = tmp_path / "ops.json"
    doc.write_text(json.dumps(ops))
    return run_module(["simulator.atc", f"--singleop={doc}", f"--output={tmp_path / 'out'}", f"--soc_version={soc}"],
                      env={"ASCEND_OPP_PATH": opp_root, "ACLSIM_FAULTS": ""})


@pytest.mark.parametrize("layout", opp.LAYOUTS)
def test_a_doctored_library_changes_what_atc_compiles(tmp_path, layout):
    """float16 Add removed from ascend910b's library: atc refuses it (CANN's compile-failure line,
    GE's op-store text, the file) and still builds float32 Add; the runtime's compiled-in table
    would load it (aclsimValidateModel accepts the same op)."""
    root = str(tmp_path / "opp")
    files = opp.write(root, layout)
    target = next(f for f in files if "/ascend910b/" in f and ("legacy" in f or layout != "cann"))
    _drop(target, "Add", "float16")
    proc = atc(tmp_path, [ADD_F16, ADD_F32], root)
    assert proc.returncode == 0, proc.stdout + proc.stderr          # the last op's status
    assert "Compile op failed. ge ret = 100026, op index = 0" in proc.stderr
    assert (f"x1=float16, x2=float16 -> y=float16 is {opp.NOT_SUPPORTED}: not declared in {target}"
            in proc.stderr), proc.stderr
    assert os.listdir(tmp_path / "out") == ["1_Add_0_2_2_0_2_2_0_2_2.om"]
    (tmp_path / "u").mkdir()
    untouched = atc(tmp_path / "u", [ADD_F16], opp.default_root(layout))
    assert untouched.returncode == 0 and "Compile op failed" not in untouched.stderr, untouched.stderr


def test_atc_fails_when_ascend_opp_path_has_no_library_for_the_soc(tmp_path):
    (tmp_path / "opp").mkdir()
    proc = atc(tmp_path, [ADD_F32], str(tmp_path / "opp"))
    assert proc.returncode == 255
    assert "ASCEND_OPP_PATH does not exist or access permission is denied during FE initialization" in proc.stderr
    assert not os.path.exists(tmp_path / "out")


def test_library_check_semantics(tmp_path):
    """What the check makes of entries: an op missing from the library is refused; a dynamicFormat
    entry (dtypes chosen at compile time) is not checked; a dynamic-shape model needs
    dynamicShapeSupport; a custom vendor entry wins over the built-in one."""
    root = str(tmp_path)
    opp.write(root, "ascend-toolkit")
    soc = "ascend910b"
    assert opp.check_combination(root, soc, "Add", ["float16", "float16"], ["float16"]) is None
    assert "not found in op store" in opp.check_combination(root, soc, "Nope", ["float16"], ["float16"])
    assert opp.NOT_SUPPORTED in opp.check_combination(root, soc, "Add", ["int8", "float16"], ["float16"])
    assert opp.check_combination(root, soc, "MatMulV2", ["float16", "float16", None, None], ["float16"]) is None
    assert opp.check_combination(root, soc, "AddN", ["int32"] * 3, ["int32"]) is None
    assert opp.NOT_DYNAMIC in opp.check_combination(root, soc, "GEMM", ["float32"] * 5, ["float32"], dynamic=True)
    vendor = os.path.join(root, "vendors", "acme", "op_impl", "ai_core", "tbe", "config", soc)
    os.makedirs(vendor)
    with open(os.path.join(vendor, f"aic-{soc}-ops-info.json"), "w") as f:
        json.dump({"Add": {"dynamicFormat": {"flag": "true"}, "input0": {"name": "x1"}, "input1": {"name": "x2"},
                           "output0": {"name": "y"}}}, f)
    with open(os.path.join(root, "vendors", "config.ini"), "w") as f:
        f.write("load_priority=acme\n")
    assert opp.check_combination(root, soc, "Add", ["int8", "float16"], ["float16"]) is None
