"""simulator/cann/op_support.csv, the simulator's per-SoC operator support: the table loads and a bad
row is refused naming file:line and field; the committed C tables (simulator/src/sim_op_support*.c)
are the generator's output; the product -> config dir mapping agrees with harness/opp.py and the SoC
table; the IR file agrees with the kernels' slots; and the compiled-in gate (sim_op_check.c)
decides every row of every SoC dir as the table says (aclsimValidateModel in process, the SoC as
its argument), refuses undeclared combinations the kernels could compute, and dynamic-shape
models where dynamicShapeSupport is false. End to end per product: test_op_support_products.py.
"""
from __future__ import annotations

import ctypes
import glob
import os
import re

import pytest

from harness import opp as harness_opp
from harness.abi import ERR, FMT
from harness.models import OpSpec, TensorSpec
from simulator.atc import compile as atc_compile
from simulator.atc import om as atc_om
from simulator.atc import parse as atc_parse
from simulator.cann import op_support, soc_versions
from tests.conftest import ROOT
from tests.simulator.op_cases import SOC_OF_DIR, Combination, case, undeclared

TABLE = op_support.load()
BAD_DTYPE = ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE
GATE_WORDS = "is not a dtype combination the simulator declares for"


@pytest.fixture(scope="module")
def validate():
    fn, warning = atc_compile.load_validator()
    if fn is None:
        pytest.skip(warning)
    return fn


def image(spec: OpSpec, soc: str) -> bytes:
    op = atc_parse.parse_ops([spec.to_atc("case")], "case")[0]
    return atc_om.om_text(op, soc).encode()


def check(validate, spec: OpSpec, soc_dir: str) -> tuple[int, str]:
    soc = SOC_OF_DIR[soc_dir]
    return atc_compile.validate_with_simulator(validate, image(spec, soc), soc)


# ---------------------------------------------------------------- the table and its C form
def test_generated_c_is_the_generators_output():
    """simulator/src/sim_op_support*.c are what `python -m simulator.cann.op_support --write-c` writes:
    the index and one table per config dir, holding every declared row once."""
    assert op_support.check_c() is None
    names = sorted(op_support.c_sources(TABLE))
    assert names == sorted(["sim_op_support.c"] + [f"sim_op_support_{d}.c" for d in op_support.SOC_DIRS])
    rows = 0
    for name in names:
        with open(os.path.join(op_support.C_DIR, name), encoding="utf-8") as f:
            text = f.read()
        assert "GENERATED from simulator/cann/op_support.csv" in text[:400] and "--write-c" in text[:400], name
        rows += text.count("   /* line ")
    assert rows == len(TABLE.declared())


def test_every_op_is_declared_on_every_soc_dir():
    ops = {(r.op, r.soc) for r in TABLE.declared()}
    assert {(op, soc) for op in TABLE.ir for soc in op_support.SOC_DIRS} == ops
    assert set(TABLE.ir) == {r.op for r in TABLE.rows}


GOOD = ("Abs,ascend910b,x=float16,y=float16,true,declared,src,\n")


@pytest.mark.parametrize("line,field,words", [
    ("Nope,ascend910b,x=float16,y=float16,true,declared,src,", "op", "'Nope' is not an op"),
    ("Abs,ascend999,x=float16,y=float16,true,declared,src,", "soc", "one of ascend950"),
    ("Abs,ascend910b,x=float8,y=float16,true,declared,src,", "inputs", "x=float8: unknown dtype"),
    ("Abs,ascend910b,z=float16,y=float16,true,declared,src,", "inputs", "the slots must be x"),
    ("Abs,ascend910b,x=float16,y=float16;z=int8,true,declared,src,", "outputs", "the slots must be y"),
    ("Abs,ascend910b,x=-,y=float16,true,declared,src,", "inputs", "only an optional slot may have no dtype"),
    ("Abs,ascend910b,x=float16,y=float16,yes,declared,src,", "dynamic_shape", "true or false"),
    ("Abs,ascend910b,x=float16,y=float16,true,maybe,src,", "status", "declared or refused"),
    ("Abs,ascend910b,x=float16,y=float16,true,declared,,", "source", "cites its source"),
    ("Abs,ascend910b,x=float16,y=float16,true,declared", "row", "6 fields"),
    (GOOD.strip(), "inputs", "the combination of line 2 again"),
])
def test_a_bad_row_is_refused_naming_file_line_and_field(tmp_path, line, field, words):
    path = tmp_path / "op_support.csv"
    path.write_text(",".join(op_support.COLUMNS) + "\n" + GOOD + line + "\n")
    with pytest.raises(op_support.OpSupportError) as err:
        op_support.load(str(path))
    assert str(err.value).startswith(f"{path}:3: field {field}: "), str(err.value)
    assert words in str(err.value), str(err.value)


def test_a_bad_header_is_refused(tmp_path):
    path = tmp_path / "op_support.csv"
    path.write_text("op,soc,inputs\n")
    with pytest.raises(op_support.OpSupportError, match=r":1: field header: "):
        op_support.load(str(path))


def test_the_command_line_checks_the_committed_c(tmp_path, monkeypatch, capsys):
    assert op_support.main(["--check"]) == 0
    monkeypatch.setattr(op_support, "C_DIR", str(tmp_path))
    op_support.write_c()
    assert op_support.main(["--check"]) == 0
    (tmp_path / "sim_op_support_ascend910b.c").write_text("/* old */\n")
    assert op_support.main(["--check"]) == 1
    assert "sim_op_support_ascend910b.c:1:" in capsys.readouterr().err
    op_support.write_c()
    (tmp_path / "sim_op_support_ascend999.c").write_text("/* a config dir the table no longer has */\n")
    assert op_support.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "sim_op_support_ascend999.c: not a file the generator writes" in err and "--write-c" in err


# ---------------------------------------------------------------- mappings and IR
def test_short_soc_patterns_are_harness_opps():
    assert op_support.SHORT_SOC_PATTERNS == harness_opp.SHORT_SOC_PATTERNS


def test_every_covered_soc_maps_to_its_products_config_dir():
    """SoC name -> Short_SoC_version (the patterns) gives the config dir of the product the SoC
    table and the C profiles give it (sim_op_support.c maps PRODUCT_SOC_DIRS to the tables)."""
    table = soc_versions.table()
    socs = dict(table["covered"]) | {"Ascend950PR_9579": "atlas-350", "Ascend950DT_9582": "atlas-350"}
    for soc, product in socs.items():
        assert op_support.soc_dir(soc) == op_support.product_soc_dir(product) == harness_opp.soc_dir(soc, {}), soc
    assert set(op_support.PRODUCT_SOC_DIRS.values()) == set(op_support.SOC_DIRS)
    with open(os.path.join(op_support.C_DIR, "sim_op_support.c"), encoding="utf-8") as f:
        text = f.read()
    for product, soc_dir in op_support.PRODUCT_SOC_DIRS.items():
        assert f'strcmp(product_id, "{product}") == 0) return &sim_op_support_{soc_dir};' in text


def _c_slot_arrays() -> set[tuple]:
    kinds = {"SIM_IO_REQUIRED": "", "SIM_IO_OPTIONAL": "?", "SIM_IO_DYNAMIC": "*"}
    out = set()
    for path in glob.glob(os.path.join(ROOT, "simulator", "src", "sim_k_*.c")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for body in re.findall(r"sim_io_def \w+\[\] = \{(.*?)\};", text, flags=re.S):
            out.add(tuple(name + kinds[kind] for name, kind in re.findall(r'\{"(\w+)", (SIM_IO_\w+)\}', body)))
    return out


def test_ir_slots_are_the_kernels_slots():
    """Every op's inputs and outputs in op_ir.toml (names, order, optional / dynamic) are a
    sim_io_def array of the kernels."""
    arrays = _c_slot_arrays()
    kind = {"required": "", "optional": "?", "dynamic": "*"}
    for ir in TABLE.ir.values():
        for slots in (ir.inputs, ir.outputs):
            assert tuple(s.name + kind[s.kind] for s in slots) in arrays, (ir.op, slots)


# ---------------------------------------------------------------- the compiled-in gate
@pytest.mark.parametrize("soc_dir", op_support.SOC_DIRS)
def test_the_gate_decides_every_row_as_the_table_says(validate, soc_dir):
    """Each declared row validates for its SoC; each refused row is refused with the unsupported-
    dtype code and the gate's message naming the combination and the config dir."""
    wrong = []
    for row in [r for r in TABLE.rows if r.soc == soc_dir]:
        spec, _ = case(row)
        rc, msg = check(validate, spec, soc_dir)
        if row.status == "declared" and rc != 0:
            wrong.append(f"line {row.line} declared, refused: {rc} {msg}")
        if row.status == "refused" and (rc != BAD_DTYPE or GATE_WORDS + f" {soc_dir}" not in msg):
            wrong.append(f"line {row.line} refused, got {rc} {msg!r}")
    assert not wrong, "\n".join(wrong[:20])


# undeclared combinations the kernels can compute (their own dtype checks accept them): only the
# table refuses them
KERNEL_ACCEPTS = [
    ("Cast", "ascend310p", ("float16",), ("int64",)),
    ("Cast", "ascend310b", ("int64",), ("int8",)),
    ("Cast", "ascend910", ("int64",), ("float32",)),
    ("TransposeD", "ascend950", ("bool",), ("bool",)),
    ("Slice", "ascend910b", ("float32", "int32", "int64"), ("float32",)),
    ("LayerNorm", "ascend310p", ("float16", "float32", "float32"), ("float16", "float32", "float32")),
    ("GEMM", "ascend910b", ("float32", "float32", "float16", "float16", "float16"), ("float16",)),
    ("BatchMatMulV2", "ascend310b", ("float16", "float16", "float32", None), ("float16",)),
    ("Abs", "ascend910b", ("int8",), ("int8",)),
]


@pytest.mark.parametrize("op,soc_dir,ins,outs", KERNEL_ACCEPTS, ids=[f"{c[0]}-{c[1]}" for c in KERNEL_ACCEPTS])
def test_the_gate_refuses_what_only_the_table_rules_out(validate, op, soc_dir, ins, outs):
    assert not TABLE.declares(soc_dir, op, ins, outs)
    spec, _ = case(Combination(op, soc_dir, ins, outs))
    rc, msg = check(validate, spec, soc_dir)
    assert rc == BAD_DTYPE and GATE_WORDS in msg and op in msg, msg


@pytest.mark.parametrize("soc_dir", op_support.SOC_DIRS)
def test_the_gate_refuses_a_sample_of_undeclared_combinations(validate, soc_dir):
    wrong = []
    for combo in undeclared(TABLE, soc_dir):
        spec, _ = case(combo)
        rc, msg = check(validate, spec, soc_dir)
        if rc != BAD_DTYPE or GATE_WORDS not in msg:
            wrong.append(f"{combo.key()}: {rc} {msg}")
    assert not wrong, "\n".join(wrong)


def _dynamic(spec: OpSpec, slot: int = 0) -> OpSpec:
    t = spec.inputs[slot]
    dyn = TensorSpec(t.dtype, (-1,) + t.shape[1:], t.format, ((1, 8),) + tuple((d, d) for d in t.shape[1:]))
    return OpSpec(spec.op, spec.inputs[:slot] + (dyn,) + spec.inputs[slot + 1:], spec.outputs, spec.attrs)


@pytest.mark.parametrize("op,soc_dir,allowed", [
    ("GEMM", "ascend910b", False), ("GEMM", "ascend310p", False), ("MatMulV2", "ascend950", False),
    ("MatMulV2", "ascend910b", True), ("Add", "ascend310b", True), ("ReduceSumD", "ascend950", False),
])
def test_a_dynamic_shape_model_needs_dynamic_shape_support(validate, op, soc_dir, allowed):
    row = TABLE.declared(soc_dir, op)[0]
    assert row.dynamic_shape == allowed
    spec, _ = case(row)
    rc, msg = check(validate, _dynamic(spec), soc_dir)
    if allowed:
        assert rc == 0, msg
    else:
        assert rc == BAD_DTYPE and "a dynamic-shape model is not supported" in msg and soc_dir in msg, msg
    assert check(validate, spec, soc_dir)[0] == 0


@pytest.mark.parametrize("op,soc_dir,ins,outs", [
    ("MatMulV2", "ascend910b", ("bfloat16", "bfloat16", None, None), ("float32",)),   # rows name a bias dtype
    ("Conv2D", "ascend910b", ("bfloat16", "bfloat16", None, None), ("bfloat16",)),
    ("Conv2D", "ascend310p", ("float16", "float16", "float16", None), ("float16",)),  # a '-' slot: any dtype
    ("BatchNorm", "ascend910", ("float32",) + ("float32",) * 4, ("float32",) * 5 + (None,)),
])
def test_an_absent_optional_tensor_matches_any_dtype_of_its_slot(validate, op, soc_dir, ins, outs):
    spec, _ = case(Combination(op, soc_dir, ins, outs))
    assert check(validate, spec, soc_dir) == (0, "")


def test_a_refused_row_fails_aclop_compile_and_finds_no_model(acl, product):
    """aclopCompile refuses a combination the table refuses for the running product with the
    unsupported-dtype code; no model is registered, so aclopCreateHandle finds none (100024)."""
    soc_dir = op_support.product_soc_dir(product.id)
    row = TABLE.refused(soc_dir, "Abs")[0]
    spec, _ = case(row)
    descs = [t.make_desc(acl) for t in spec.inputs + spec.outputs]
    try:
        ptrs = [d.ptr for d in descs]
        n_in = len(spec.inputs)
        arr_in = (ctypes.c_void_p * n_in)(*ptrs[:n_in])
        arr_out = (ctypes.c_void_p * len(spec.outputs))(*ptrs[n_in:])
        code = acl.raw.aclopCompile(b"Abs", n_in, arr_in, len(spec.outputs), arr_out, None, 0, 0, None)
        message = acl.recent_error_message()
        assert code == BAD_DTYPE and GATE_WORDS in message, message
        handle = ctypes.c_void_p()
        code = acl.raw.aclopCreateHandle(b"Abs", n_in, arr_in, len(spec.outputs), arr_out, None, ctypes.byref(handle))
        assert code == ERR.ACL_ERROR_OP_NOT_FOUND
    finally:
        for d in descs:
            d.close()


def test_formats_of_the_cases():
    """The cases use NCHW only where the library declares layouts (Conv2D, BatchNorm)."""
    for op in ("Conv2D", "BatchNorm"):
        spec, _ = case(TABLE.declared("ascend910b", op)[0])
        assert spec.inputs[0].format == FMT.NCHW and spec.outputs[0].format == FMT.NCHW


def test_fidelity_carries_the_table_row_by_row():
    """docs/FIDELITY.md §12 is the CSV rendered (python -m simulator.cann.op_support_doc --write)."""
    from simulator.cann import op_support_doc
    with open(op_support_doc.FIDELITY, encoding="utf-8") as f:
        text = f.read()
    assert op_support_doc._current(text) == op_support_doc.render(), (
        "docs/FIDELITY.md §12 is stale: run python -m simulator.cann.op_support_doc --write")
