"""python -m harness repro, the numbers: the standard line of case.txt carries the suite's own
standard for every precision class, the C judgement agrees with the suites' (reference/compare.py)
on the same outputs and refuses malformed inputs, and a reproducer built against the install
PASSes on the clean runtime and FAILs under a fault that breaks its case (test_repro.py: writing
and building reproducers, contract rows)."""
import argparse
import json
import re
import subprocess

import numpy as np
import pytest

from tests.install_support import build, shared_base, sourced
from tests.repro_support import CONTRACT, _build

# ---- the numeric judgement: the suite's Standard, the suite's rules (fast) ----------------------

PRODUCT = "atlas-a2"


def _numeric_case(case_id):
    from tools.repro_numeric import find_case
    case = find_case(case_id)
    assert case is not None, case_id
    return case


def _write_numeric(case_id, out, product=PRODUCT):
    """Writes the reproducer of catalog case case_id as `harness repro` does (in this process)."""
    from tools import repro
    code = repro.run(argparse.Namespace(test_id=f"suites/test_numerics.py::test_op[{case_id}]", out=str(out),
                                        product=product, results=None))
    assert code == 0
    return _numeric_case(case_id)


def _case_words(out) -> list[list[str]]:
    return [ln.split() for ln in (out / "case.txt").read_text().splitlines() if ln.strip() and ln[0] != "#"]


def _standard_lines(out) -> list[dict]:
    """Each output's standard line: {"kind": KIND, KEY: VALUE word, ...}."""
    return [{"kind": w[1], **dict(zip(w[2::2], w[3::2]))} for w in _case_words(out) if w[0] == "standard"]


def _compare_reads(std, terms: int, nan_bits: bool) -> dict:
    """What reference/compare.py judges ``std`` with, by the name case.txt gives it: the Standard's
    own fields, and the entries of the reference/standards.py tables compare reads by the
    standard's dtype; the policy of reports/policy.toml for a device."""
    from reference import standards as st
    from reports import numeric_policy
    want = {"policy": numeric_policy.action(std.kind, "device"), "nan_bits": int(nan_bits)}
    if std.kind == "ulp":
        want.update(rel_eps=st.REL_EPS, ulp_bound=std.ulp_bound, ulp_cap=std.ulp_cap, ulp_allow=std.ulp_allow,
                    ulp_allow_min=std.ulp_allow_min, ulp_mean=std.ulp_mean)
        want["doc_ulp"], want["doc_ulp_frac"], want["doc_ulp_mean"] = st.DOCUMENTED_ULP[std.dtype]
    elif std.kind == "accumulate":
        want.update(rel_eps=st.REL_EPS, acc_unit=std.acc_unit, acc_lambda=std.acc_lambda, acc_c=std.acc_c,
                    terms=terms, small_value_max_errors=std.small_value_max_errors, doc_t=st.ECOSYSTEM_T[std.dtype])
        want["small_thr"], want["small_err"] = st.SMALL_VALUE[std.dtype]
    elif std.kind == "float":
        want.update(rel_eps=st.REL_EPS, mere=std.mere, mare=std.mare, ratio_rel=std.ratio_rel,
                    ratio_max=std.ratio_max, small_value_max_errors=std.small_value_max_errors,
                    relative_to=std.relative_to)
        want["small_thr"], want["small_err"] = std.small_value
    return want


def _assert_line_is(line: dict, std, terms: int, nan_bits: bool) -> None:
    want = _compare_reads(std, terms, nan_bits)
    assert line["kind"] == std.kind
    got = {k: v for k, v in line.items() if k != "kind"}
    assert set(got) == set(want), (std.name, got)
    for key, value in want.items():
        assert (got[key] if isinstance(value, str) else None if got[key] == "none" else float(got[key])) == value, \
            (std.name, key, got[key], value)


# one case of each op family the ulp and accumulate classes judge, in each float dtype
STANDARD_CASES = ("Exp-float16-13x17-uniform", "Sqrt-float32-15-specials", "Exp-bfloat16-13x17-tiny",
                  "ReduceSumD-float16-3x5-axes0-keep_false-uniform", "LayerNorm-bfloat16-specials_8x15-axis1-eps_default-specials",
                  "SoftmaxV2-float32-2x3x17-axes_1-normal_big_mean", "MatMulV2-float16-5x17x6-t10-uniform",
                  "BatchMatMulV2-float32-2x3x4@2x4x5-adj00-uniform")


@pytest.mark.parametrize("case_id", STANDARD_CASES)
def test_the_standard_line_carries_the_numbers_of_the_suites_standard(case_id, tmp_path):
    case = _write_numeric(case_id, tmp_path / "r")
    lines, stds = _standard_lines(tmp_path / "r"), case.standard(PRODUCT)
    assert len(lines) == len(stds) == len(case.spec.outputs)
    for line, std in zip(lines, stds):
        assert std.kind in ("ulp", "accumulate")
        _assert_line_is(line, std, case.terms, case.op.keeps_nan_bits)


@pytest.mark.parametrize("dtype,relative_to", [("float16", "golden"), ("bfloat16", "magnitude"), ("float32", "golden")])
def test_a_float_standard_line_carries_the_numbers_of_the_suites_standard(dtype, relative_to):
    from reference.standards import standard_for
    from tools.repro_files import standard_line
    std = standard_for("float", dtype, relative_to=relative_to)
    words = standard_line(std, terms=3).split()
    _assert_line_is({"kind": words[1], **dict(zip(words[2::2], words[3::2]))}, std, 3, False)


def test_the_contract_reproducer_judges_its_valid_call_under_the_float_standard(tmp_path):
    """A contract row's valid call is judged with reference.compare.default_standard (float class
    for float16): its standard line carries that standard's numbers."""
    from reference.compare import default_standard
    from tools import repro
    code = repro.run(argparse.Namespace(test_id=CONTRACT["exec"][0], out=str(tmp_path / "r"), product=PRODUCT,
                                        results=None))
    assert code == 0
    (line,) = _standard_lines(tmp_path / "r")
    _assert_line_is(line, default_standard("float16"), 1, False)


def test_tolerance_txt_states_each_outputs_class_and_every_number(tmp_path):
    case = _write_numeric("LayerNorm-float16-specials_8x15-axis1-eps_default-specials", tmp_path / "r")
    text = (tmp_path / "r" / "tolerance.txt").read_text()
    blocks = text.split("\noutput ")[1:]
    assert len(blocks) == len(case.spec.outputs) == len(_standard_lines(tmp_path / "r"))
    for block, line, std in zip(blocks, _standard_lines(tmp_path / "r"), case.standard(PRODUCT)):
        assert f"class {std.kind}: {std.name}" in block and std.source in block
        for key, value in line.items():
            if key not in ("kind", "nan_bits") and value != "none":
                assert value in block, (key, value, block)       # the same digits as case.txt
    assert "not judged by this reproducer: the structured-error patterns" in text


def test_absent_optional_inputs_are_written_as_the_suite_passes_them(tmp_path):
    case = _write_numeric("MatMulV2-float16-5x17x6-t10-uniform", tmp_path / "r")
    absent = [i for i, t in enumerate(case.spec.inputs) if t.is_absent]
    assert absent == [2, 3]                                       # bias, offset_w
    tensors = [w for w in _case_words(tmp_path / "r") if w[0] == "tensor"][:len(case.spec.inputs)]
    for i in absent:
        assert tensors[i] == ["tensor", "-1", "-1", "0", "-"]     # ACL_DT_UNDEFINED, ACL_FORMAT_UNDEFINED, no data
        assert not (tmp_path / "r" / "data" / f"input_{i}.bin").exists()
    (op,) = json.loads((tmp_path / "r" / "op.json").read_text())
    assert [op["input_desc"][i] for i in absent] == [{"format": "RESERVED", "type": "UNDEFINED", "shape": []}] * 2


def test_a_case_with_dynamic_dims_is_refused_naming_the_tensor():
    from harness.models import OpSpec, tensor
    from tools.repro_files import NotReproducible
    from tools.repro_numeric import refuse_dynamic
    spec = OpSpec.make("Add", [tensor("float16", (-1, 16)), tensor("float16", (8, 16))], [tensor("float16", (8, 16))], {})
    fake = argparse.Namespace(id="Add-float16-dyn", spec=spec)
    with pytest.raises(NotReproducible, match=r"Add-float16-dyn: input 0 has dynamic dims \[-1, 16\]: .*not reproduced"):
        refuse_dynamic(fake)


# ---- the C judgement against the suite's, on correct and corrupted outputs (fast, needs cc) -----

# A program of the reproducer's judgement alone: case.txt and data/actual_N.bin in, the
# reproducer's printout and exit code out, no ACL call (built with the install's headers only).
JUDGE_ONLY = r"""
#include "repro_judge.h"

static repro_case c;

int main(int argc, char **argv)
{
    if (argc != 2 || read_case(argv[1], &c))
        return 2;
    int failed = 0;
    for (int i = 0; i < c.n_out; i++) {
        char name[64];
        tensor got = c.outs[i];
        snprintf(name, sizeof name, "data/actual_%d.bin", i);
        if (read_exactly(argv[1], name, got.size, &got.host, got.file)) {
            fprintf(stderr, "%s\n", case_error);
            return 2;
        }
        failed |= judge(i, &c.outs[i], &c.stds[i], &got);
    }
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed;
}
"""


@pytest.fixture(scope="module")
def judge_only(tmp_path_factory):
    """The JUDGE_ONLY program, compiled (C11, -Wall -Wextra -Werror) against CANN-shaped headers
    rendered as the install renders them."""
    from simulator.install.abi import read_items
    from simulator.install.headers import header_texts, write_headers
    from simulator.install.main import simulator_versions
    from simulator.install.table import Table
    from tests.install_support import needs_cc
    from tools.repro_files import write_program
    cc = needs_cc()
    d = tmp_path_factory.mktemp("judge_only")
    write_headers(str(d / "include"), header_texts(read_items(), Table.load(), "cann", simulator_versions()[2]))
    write_program(str(d), "main.c")
    (d / "judge.c").write_text(JUDGE_ONLY)
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(d / "include"), "-I", str(d / "src"),
           str(d / "judge.c"), "-o", str(d / "judge"), "-lm"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return str(d / "judge")


def _judged(text: str) -> dict:
    """Per output index: the printed metrics, and "documented" / "project": the verdicts printed."""
    out = {}
    for m in re.finditer(r"^output (\d+): (count=.*)$", text, re.M):
        out[int(m.group(1))] = {k: v if k == "standard" else float(v) for k, v in re.findall(r"(\w+)=(\S+)", m.group(2))}
    for m in re.finditer(r"^output (\d+): documented standard (PASS|FAIL), project rule (PASS|FAIL)", text, re.M):
        out[int(m.group(1))].update(documented=m.group(2) == "PASS", project=m.group(3) == "PASS")
    return out


COUNTS = ("count", "mismatched", "nan_mismatch", "inf_mismatch", "small_value_errors", "small_value_gross",
          "zero_sign_mismatch", "beyond_bound")
VALUES = ("max_abs_error", "max_rel_error", "mere", "mare", "error_ratio", "max_ulp", "max_bound_ratio")


def _project_passed(m) -> bool:
    """The project's verdict without the structured-error patterns (the reproducer does not judge them)."""
    return not [f for f in m.failures if not f.startswith("structured error:")]


def _assert_agrees(text: str, rc: int, metrics, what: str) -> None:
    """The reproducer's printout and exit code say what the suite's judgement (``metrics``: its
    reference.compare Metrics per output) says: the same metrics (sums to 1e-6: the C sums in
    order, numpy pairwise), both verdicts, and the exit code reports/policy.toml gives a device."""
    from reports import numeric_policy
    got, fails = _judged(text), False
    assert sorted(got) == list(range(len(metrics))), what + "\n" + text
    for k, m in enumerate(metrics):
        g = got[k]
        for name in COUNTS:
            assert g[name] == getattr(m, name), (what, k, name, text)
        for name in VALUES:
            assert g[name] == pytest.approx(getattr(m, name), rel=1e-6, abs=1e-300), (what, k, name, text)
        project = _project_passed(m)
        assert (g["documented"], g["project"]) == (m.documented_passed, project), (what, k, m.failures, text)
        fails |= not m.documented_passed or (not project and numeric_policy.action(m.standard.kind, "device") == "fail")
    assert rc == int(fails) and text.strip().splitlines()[-1] == ("FAIL" if fails else "PASS"), (what, rc, text)


def _variants(case, product):
    """The correct outputs and every corruption of the mutation matrix that applies to them."""
    from fixtures import catalog
    from reference import corruptions as cor
    correct = catalog.expected(case, product.saturation_mode)
    ctx = cor.Context(case, correct, product, None, catalog.exact_values(case), catalog.scales(case))
    yield "correct", correct
    for kind in cor.KINDS:
        got = kind.apply(ctx)
        if got is not None:
            yield kind.name, got


def _judge_variants(judge_exe: str, out, case, judge_py, product=PRODUCT) -> dict:
    """Every variant judged by the C program and by ``judge_py(outputs)``; asserts they agree.
    Returns the C program's exit code per variant."""
    from harness.products import BY_ID
    codes = {}
    for name, outs in _variants(case, BY_ID[product]):
        for i, y in enumerate(outs):
            np.ascontiguousarray(y).tofile(out / "data" / f"actual_{i}.bin")
        proc = subprocess.run([judge_exe, str(out)], capture_output=True, text=True, timeout=60)
        assert proc.returncode in (0, 1), proc.stderr
        _assert_agrees(proc.stdout, proc.returncode, judge_py(outs), f"{case.id} / {name}")
        codes[name] = proc.returncode
    return codes


# the catalog's standard of each class on cases with specials, zeros, tiny values, integers,
# broadcast scales and absent inputs; on a saturation-mode product too (Inf stored as the largest
# value: there an exact value that overflows is judged by the golden)
SATURATION = "atlas-inference"
DIFF_CASES = (
    "Add-float16-bcast_1x1x11+3x2x1-uniform", "TransposeD-float16-specials_8x18-perm1_0-specials",
    "Cast-float16-to_int32_13x17-uniform", "Maximum-float16-pairs_15x1+1x15-specials",
    "ArgMaxV2-float32-specials_8x15-dim1_int32-y_int32-specials",
    "Exp-float16-15-specials", "Exp-bfloat16-13x17-uniform", "Sqrt-float32-15-specials",
    "RealDiv-float32-pairs_15x1+1x15-specials", "Tanh-float16-13x17-tiny",
    "ReduceSumD-float16-specials_8x15-axes1-keep_false-specials", "ReduceSumD-float32-3x5-axes0-keep_false-tiny",
    "LayerNorm-bfloat16-specials_8x15-axis1-eps_default-specials", "SoftmaxV2-float16-2x3x4x5-axes_-2-normal_big_mean",
    "MatMulV2-float16-7x64x3-t11-bias-normal_big_mean", "BatchMatMulV2-float32-2x3x4@2x4x5-adj00-uniform",
)


@pytest.mark.parametrize("case_id,product", [(c, PRODUCT) for c in DIFF_CASES] + [
    (c, SATURATION) for c in ("Exp-float16-15-specials", "ReduceSumD-float16-specials_8x15-axes1-keep_false-specials",
                              "SoftmaxV2-float16-specials_8x15-axes_-1-specials")])
def test_the_c_judgement_agrees_with_the_suites(case_id, product, judge_only, tmp_path):
    from fixtures import catalog
    from harness.products import BY_ID
    case = _write_numeric(case_id, tmp_path / "r", product)
    codes = _judge_variants(judge_only, tmp_path / "r", case,
                            lambda outs: catalog.measure(case, outs, BY_ID[product]), product)
    assert codes["correct"] == 0 and 1 in codes.values(), codes      # some corruption fails it


# no catalog op is judged by the float class: the same cases under it, golden- and magnitude-relative
FLOAT_CASES = (("Exp-float16-13x17-uniform", "golden"), ("Tanh-float16-13x17-tiny", "golden"),
               ("Sqrt-bfloat16-15-specials", "golden"), ("ReduceSumD-float32-3x5-axes0-keep_false-normal_big_mean",
                                                          "magnitude"),
               ("SoftmaxV2-bfloat16-specials_8x15-axes_-1-specials", "magnitude"))


@pytest.mark.parametrize("case_id,relative_to", FLOAT_CASES)
def test_the_c_judgement_of_the_float_class_agrees_with_the_suites(case_id, relative_to, judge_only, tmp_path):
    from fixtures import catalog
    from fixtures.catalog.judge import measure_outputs
    from reference.standards import standard_for
    from tools.repro_files import write_case
    case, out = _numeric_case(case_id), tmp_path / "r"
    stds = [standard_for("float", dt, relative_to=relative_to) for dt in case.out_dtypes()]
    expected, scales = catalog.expected(case, False), catalog.scales(case)
    write_case(str(out), case.spec, case.flat_inputs(), expected, stds, scales=scales, terms=case.terms)
    assert all(s.startswith("standard float ") for s in (out / "case.txt").read_text().splitlines()
               if s.startswith("standard"))
    codes = _judge_variants(judge_only, out, case, lambda outs: measure_outputs(
        outs, expected, stds, scales_=scales, terms=case.terms))
    assert codes["correct"] == 0 and 1 in codes.values(), codes


def _edit_case(out, old: str, new: str) -> None:
    text = (out / "case.txt").read_text()
    assert old in text, old
    (out / "case.txt").write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("old,new,message", [
    (" ulp_bound 0.5009765625", "", r"case.txt line 6: standard ulp: the key 'ulp_bound' is missing"),
    (" ulp_cap 1.0", " ulp_cap one", r"case.txt line 6: standard: ulp_cap is not a number: 'one'"),
    (" policy advisory", " policy maybe", r"case.txt line 6: standard: policy takes two values, not 'maybe'"),
    ("standard ulp ", "standard ulp bogus 1 ", r"case.txt line 6: standard: unknown key 'bogus'"),
    ("standard ulp ", "standard near ", r"case.txt line 6: standard: unknown class 'near'"),
    ("exact data/exact_0.bin", "exact data/nothing.bin", r"case.txt line 7: cannot open .*/data/nothing.bin"),
    ("exact data/exact_0.bin\n", "", None),
])
def test_a_malformed_case_file_is_refused_naming_the_line_and_what_is_wrong(old, new, message, judge_only, tmp_path):
    out = tmp_path / "r"
    case = _write_numeric("Exp-float16-13x17-uniform", out)
    from fixtures import catalog
    np.ascontiguousarray(catalog.expected(case, False)[0]).tofile(out / "data" / "actual_0.bin")
    _edit_case(out, old, new)
    proc = subprocess.run([judge_only, str(out)], capture_output=True, text=True, timeout=60)
    if message is None:     # no exact line: judged against the golden, as compare.compare without exact values
        assert proc.returncode == 0 and proc.stdout.strip().endswith("PASS"), proc.stdout + proc.stderr
        return
    assert proc.returncode == 2 and re.search(message, proc.stderr), proc.stderr
    assert proc.stdout == ""


def test_a_data_file_of_the_wrong_size_is_refused(judge_only, tmp_path):
    out = tmp_path / "r"
    _write_numeric("ReduceSumD-float16-3x5-axes0-keep_false-uniform", out)
    np.zeros(5, np.float16).tofile(out / "data" / "actual_0.bin")
    scale = out / "data" / "scale_0.bin"
    scale.write_bytes(scale.read_bytes()[:-8])
    proc = subprocess.run([judge_only, str(out)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stdout
    assert re.search(r"case.txt line \d+: .*/data/scale_0.bin is shorter than the 40 bytes its line describes",
                     proc.stderr), proc.stderr
    scale.write_bytes(scale.read_bytes() + bytes(16))
    proc = subprocess.run([judge_only, str(out)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "scale_0.bin is longer than the 40 bytes" in proc.stderr, proc.stderr


# ---- built against the install: PASS on the clean runtime, FAIL under a fault (slow) ------------

# One passing case of each class and op family, with a fault switch that changes its outputs so that
# the product's documented standard fails too (a device's policy fails it, not only advises), or
# that refuses the (NULL, 0) buffer of an absent optional input (EWH-11).
FAULTED = {
    "Add-float16-bcast_1x1x11+3x2x1-uniform": "fp16_round_toward_zero",                 # bitwise, elementwise
    "Cast-float16-to_int32_13x17-uniform": "cast_float_to_int_rounds",                  # bitwise, Cast
    "Maximum-float16-bcast_3x1x5+4x5-uniform": "broadcast_rank_mismatch",               # exact
    "Exp-float16-15-specials": "nan_flushed_on_infnan",                                  # ulp
    "Sqrt-float32-15-specials": "nan_flushed_on_infnan",                                 # ulp
    "ReduceSumD-float16-specials_8x15-axes1-keep_false-specials": "fp16_round_toward_zero",   # accumulate
    "LayerNorm-bfloat16-specials_8x15-axis1-eps_default-specials": "nan_flushed_on_infnan",   # accumulate, 3 outputs
    "SoftmaxV2-float16-2x3x4x5-axes_-2-normal_big_mean": "softmax_no_max_subtraction",       # accumulate
    "MatMulV2-float16-7x64x3-t11-bias-normal_big_mean": "matmul_fp16_accumulate",       # offset_w absent
    "MatMulV2-float16-5x17x6-t10-uniform": "optional_null_rejected",                    # bias and offset_w absent
    "BatchMatMulV2-float16-specials_2x4x15@2x15x5-adj00-bias-specials": "nan_flushed_on_infnan",  # offset_w absent
    "BatchMatMulV2-float32-2x3x4@2x4x5-adj00-uniform": "optional_null_rejected",        # bias and offset_w absent
}
# Faults whose outputs fail only this project's rule: "strict-only", advisory on a device
# (reports/policy.toml [numeric]): the reproducer prints both verdicts and exits 0.
STRICT_ONLY = {
    "Exp-float16-13x17-uniform": "fp16_round_toward_zero",
    "ReduceSumD-float16-3x5-axes0-keep_false-uniform": "reduce_sum_fp16_accumulate",
    "MatMulV2-float16-16x16x16-t00-bias-normal_big_mean": "matmul_fp16_accumulate",
}


@pytest.fixture(scope="module")
def cann_install(tmp_path_factory):
    return build(shared_base(tmp_path_factory), "cann")


def _run_repro(install, out, fault: str | None = None) -> subprocess.CompletedProcess:
    """./build/repro . after `source set_env.sh` (ACLSIM_FAULTS=fault), its data/actual_N.bin fresh."""
    for old in (out / "data").glob("actual_*.bin"):
        old.unlink()
    return sourced(install, "./build/repro .", env={"ACLSIM_FAULTS": fault} if fault else None, cwd=str(out))


def _built_reproducer(case_id: str, install, tmp_path):
    """(case, its reproducer's directory) with the reproducer written and built against the install."""
    out = tmp_path / "r"
    case = _write_numeric(case_id, out)
    _build(install, out)
    return case, out


def _suite_judges(case, out) -> list:
    """The suite's judgement (catalog.judge, as suites/test_numerics.py calls it) of the outputs
    the reproducer got (data/actual_N.bin)."""
    from fixtures import catalog
    from harness.products import BY_ID
    exp = catalog.expected(case, False)
    got = [np.fromfile(out / "data" / f"actual_{i}.bin", dtype=e.dtype).reshape(e.shape) for i, e in enumerate(exp)]
    return catalog.measure(case, got, BY_ID[PRODUCT])


@pytest.mark.slow
@pytest.mark.parametrize("case_id", sorted(FAULTED))
def test_the_reproducer_passes_on_the_clean_runtime_and_fails_under_a_fault(case_id, cann_install, tmp_path):
    case, out = _built_reproducer(case_id, cann_install, tmp_path)
    clean = _run_repro(cann_install, out)
    assert clean.returncode == 0 and clean.stdout.strip().endswith("\nPASS"), clean.stdout + clean.stderr
    _assert_agrees(clean.stdout, clean.returncode, _suite_judges(case, out), f"{case_id} clean")
    fault = FAULTED[case_id]
    faulty = _run_repro(cann_install, out, fault)
    assert faulty.returncode == 1, faulty.stdout + faulty.stderr
    if fault == "optional_null_rejected":       # the (NULL, 0) buffer of the absent inputs refused
        assert re.search(r"^FAIL aclopExecWithHandle returned 145000 \(EH9999: .*buffer address is null", faulty.stderr,
                         re.M), faulty.stderr
        assert not list((out / "data").glob("actual_*.bin"))
        return
    assert faulty.stdout.strip().endswith("\nFAIL"), faulty.stdout + faulty.stderr
    metrics = _suite_judges(case, out)
    _assert_agrees(faulty.stdout, faulty.returncode, metrics, f"{case_id} under {fault}")
    assert not all(m.documented_passed for m in metrics)


@pytest.mark.slow
@pytest.mark.parametrize("case_id", sorted(STRICT_ONLY))
def test_a_strict_only_failure_is_advisory_on_a_device(case_id, cann_install, tmp_path):
    case, out = _built_reproducer(case_id, cann_install, tmp_path)
    faulty = _run_repro(cann_install, out, STRICT_ONLY[case_id])
    metrics = _suite_judges(case, out)
    assert any(m.strict_only for m in metrics) and all(m.documented_passed for m in metrics)
    _assert_agrees(faulty.stdout, faulty.returncode, metrics, f"{case_id} under {STRICT_ONLY[case_id]}")
    kind = case.standard(PRODUCT)[0].kind
    assert re.search(rf"documented standard PASS, project rule FAIL \(strict-only: advisory on a device, "
                     rf"reports/policy.toml \[numeric\] {kind}\)", faulty.stdout), faulty.stdout
    assert faulty.returncode == 0 and faulty.stdout.strip().endswith("\nPASS")
