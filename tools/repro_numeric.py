"""The reproducer of one numeric case (``suites/test_numerics.py::test_op[CASE]``) for
``python -m harness repro`` (tools/repro.py): the case's op, inputs and expected outputs
(``catalog.expected``, the product's saturation mode), and per output the standard the suite
judges it with (``case.standard(product)``: its numbers in case.txt, its bounds in words in
``tolerance.txt``), with the exact values and scales the ulp and accumulate classes judge against
(``catalog.exact_values``, ``catalog.scales``); and ``repro_templates/main.c``: aclopSetModelDir,
aclopCreateHandle, aclopExecWithHandle, aclrtSynchronizeStream, then the comparison of
``repro_templates/repro_judge.h`` (reference/compare.py's rules) with the metrics the suite records
and both of its verdicts. An absent optional input is passed as the suite passes it (an
UNDEFINED desc, a (NULL, 0) buffer: EWH-11); a case with dynamic dims is refused.
"""
from __future__ import annotations

import os

from .repro_files import (
    NotReproducible,
    standard_fields,
    uses_exact,
    uses_scale,
    word,
    write_case,
    write_program,
    write_readme,
)

VERDICT = """Per output it prints the metrics the suite records (`count`, `max_abs_error`, `max_rel_error`,
`mere`, `mare`, `error_ratio`, `max_ulp`, `mismatched`, `nan_mismatch`, `inf_mismatch`,
`small_value_errors`, `zero_sign_mismatch`, `beyond_bound`, `max_bound_ratio`), each rule that
failed, and the two verdicts the suite gives: the product's documented standard and this project's
stricter rule (`tolerance.txt` states both). It ends with `PASS` (exit 0) or `FAIL` (exit 1). An
output fails when its documented standard fails; when only the project's rule fails
("strict-only"), `reports/policy.toml` `[numeric]` decides for a device: `advisory` (printed, PASS)
or `fail`. The outputs it got are written to `data/actual_N.bin`. An ACL call that fails prints the
call and its code (exit 1).

Not judged here: the suite's structured-error patterns (reference/patterns.py: errors confined to
a tail, a block, a lane, a row or column, or one outlier), which the suite adds to the project's
rule; a case the suite fails for such a pattern alone can PASS here."""

NOT_JUDGED = ("not judged by this reproducer: the structured-error patterns of reference/patterns.py "
              "(tail, block, lane, row/column, outlier), which the suite adds to this project's rule")


def find_case(case_id: str):
    """The catalog's numeric case of that id, or None."""
    from fixtures import catalog
    return next((c for c in catalog.all_cases() if c.id == case_id), None)


def refuse_dynamic(case) -> None:
    """A reproducer makes one static launch: dims of -1 / -2 (and shape ranges) are refused."""
    spec = case.spec
    for where, tensors in (("input", spec.inputs), ("output", spec.outputs)):
        for i, t in enumerate(tensors):
            if t.is_dynamic or getattr(t, "shape_range", ()):
                raise NotReproducible(f"{case.id}: {where} {i} has dynamic dims {list(t.shape)}: a reproducer "
                                      f"makes one launch with static shapes; dynamic-shape cases are not reproduced")


def write(case, product_id: str, out: str, test_id: str) -> None:
    from fixtures import catalog
    from harness.products import BY_ID, DEFAULT_SOC
    refuse_dynamic(case)
    spec = case.spec
    sat = bool(getattr(BY_ID.get(product_id), "saturation_mode", False))
    standards = case.standard(product_id)
    exacts, scales = catalog.exact_values(case), catalog.scales(case)
    write_case(out, spec, case.flat_inputs(), catalog.expected(case, sat), standards, exacts=exacts,
               scales=scales, terms=case.terms, nan_bits=case.op.keeps_nan_bits)
    with open(os.path.join(out, "tolerance.txt"), "w") as f:
        f.write(tolerance_text(case, product_id, standards, exacts, scales))
    write_program(out, "main.c")
    write_readme(out, title=f"{case.id} ({product_id})", test_id=test_id, product=product_id,
                 what=f"One launch of the numeric case `{case.id}` ({spec.describe()}): its outputs compared "
                      f"with the expected ones under the standard the suite judged them with.",
                 files="| `tolerance.txt` | each output's precision class and its bounds in words, with their "
                       "sources (the suite's standard) |\n"
                       "| `data/exact_N.bin`, `data/scale_N.bin` | float64: the value before rounding and "
                       "Σ\\|terms\\| per element, for the classes judged against them |\n",
                 soc=DEFAULT_SOC.get(product_id, "<soc_version>"), reads="case.txt", verdict=VERDICT)


def tolerance_text(case, product_id: str, standards, exacts, scales) -> str:
    """tolerance.txt: per output its class and every bound in words, from the numbers of
    ``standards`` (standard_fields: the same ones case.txt carries)."""
    from reference.compare import PROJECT_SOURCE
    from reference.standards import DOCUMENTED_SOURCE
    head = [f"{case.id} on {product_id}: the standard the suite judges each output with "
            f"(reference/standards.py), judged by src/repro_judge.h as reference/compare.py judges", ""]
    body = []
    for i, (t, std) in enumerate(zip(case.spec.outputs, standards)):
        f = standard_fields(std, terms=case.terms, nan_bits=case.op.keeps_nan_bits)
        against = _against(i, std, exacts[i] is not None, scales[i] is not None)
        doc = DOCUMENTED_SOURCE.get(std.kind, std.source)
        body += [f"output {i} ({t.to_atc()['type']}): class {std.kind}: {std.name}", *against,
                 f"  documented standard ({doc}):", *(f"    - {r}" for r in _documented_rules(std, f)),
                 f"  this project's rule ({PROJECT_SOURCE.get(std.kind, doc)}): the documented rules and",
                 *(f"    - {r}" for r in _project_rules(std, f)),
                 f"  a failure of the project's rule alone (strict-only) on a device: {f['policy']} "
                 f"(reports/policy.toml [numeric] {std.kind})",
                 f"  source: {std.source}", *(f"  override: {o}" for o in std.overrides), ""]
    return "\n".join(head + body + [NOT_JUDGED, ""])


def _against(i: int, std, has_exact: bool, has_scale: bool) -> list[str]:
    out = []
    if uses_exact(std):
        what = f"the exact value before rounding (data/exact_{i}.bin)" if has_exact else "the golden"
        out.append(f"  judged against {what}; the golden where the exact value is not finite or overflows "
                   f"{std.dtype}, or the golden is not finite")
    if uses_scale(std) and has_scale:
        out.append(f"  S = Σ|terms| per element: data/scale_{i}.bin")
    return out


def _documented_rules(std, f: dict) -> list[str]:
    w = word
    if std.kind in ("bitwise", "exact"):
        rules = ["every element's bits equal the expected ones (any NaN stands for any NaN)" if std.kind == "bitwise"
                 else "every value equal to the expected one (NaN == NaN, -0 == +0)"]
    elif std.kind == "ulp":
        mean = f" or a mean ULP below {w(f['doc_ulp_mean'])}" if f["doc_ulp_mean"] is not None else ""
        rules = [f"fewer than a fraction {w(f['doc_ulp_frac'])} of the elements beyond {w(f['doc_ulp'])} ulp{mean}"]
        if std.dtype == "float32":
            rules.append(f"no element beyond {w(f['ulp_cap'])} ulp (10T, products.md 3.1)")
    elif std.kind == "accumulate":
        rules = _documented_acc(f) if f["doc_t"] is not None else ["none documented for this dtype"]
    else:
        rules = _float_rules(f)
    if std.kind in ("ulp", "accumulate"):
        rules.append("NaN and Inf positions (and Inf signs) equal the expected ones")
    if f["nan_bits"]:
        rules.append("every NaN keeps its bits (data movement copies bytes, IEEE 754-2019 6.2.3)")
    return rules


def _documented_acc(f: dict) -> list[str]:
    w, t = word, f["doc_t"]
    return [f"relative error |actual - x| / (max(|x|, S) + {w(f['rel_eps'])}): MERE < T = {w(t)} and "
            f"MARE < 10T = {w(10 * t)}, over the elements with max(|x|, S) >= {w(f['small_thr'])}",
            f"below that, |actual - x| <= {w(f['small_err'])} for all but at most "
            f"{w(f['small_value_max_errors'])} elements"]


def _float_rules(f: dict) -> list[str]:
    w = word
    basis = "max(|golden|, S)" if f["relative_to"] == "magnitude" else "|golden|"
    rules = [f"relative error |actual - golden| / ({basis} + {w(f['rel_eps'])}): MERE < {w(f['mere'])}, "
             f"MARE < {w(f['mare'])}",
             f"at most a fraction {w(f['ratio_max'])} of the elements with a relative error above {w(f['ratio_rel'])}"]
    if f["small_thr"] is not None:
        rules.append(f"elements with {basis} < {w(f['small_thr'])} judged by |actual - golden| instead: at most "
                     f"{w(f['small_value_max_errors'])} above {w(f['small_err'])}, none above {w(f['small_thr'])}")
    rules.append("NaN and Inf positions (and Inf signs) equal the expected ones")
    return rules


def _project_rules(std, f: dict) -> list[str]:
    w = word
    if std.kind == "ulp":
        mean = f", unless the mean ULP is below {w(f['ulp_mean'])}" if f["ulp_mean"] is not None else ""
        return [f"every element within {w(f['ulp_cap'])} ulp of x (hard cap)",
                f"at most max({w(f['ulp_allow_min'])}, floor({w(f['ulp_allow'])} x count)) elements beyond "
                f"{w(f['ulp_bound'])} ulp{mean}",
                "a zero output has the sign of the exact result",
                "(1 ulp = the spacing of the output dtype at |x|, floored at its subnormal spacing)"]
    if std.kind == "accumulate":
        floor = (f"; where x and S are both 0, the bound is at least {w(f['small_err'])}"
                 if f["small_err"] is not None else "")
        return [f"every element |actual - x| <= 0.5 ulp(|x| + g) + g, g = ({w(f['acc_lambda'])} sqrt(n) + "
                f"{w(f['acc_c'])}) x {w(f['acc_unit'])} x max(|x|, S), n = {w(f['terms'])} terms{floor}"]
    return ["nothing more"]

