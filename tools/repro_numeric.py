"""The reproducer of one numeric case (``suites/test_numerics.py::test_op[CASE]``) for
``python -m harness repro`` (tools/repro.py): the case's op, inputs and expected outputs
(``catalog.expected``, the product's saturation mode), the tolerance the suite judged with
(``tolerance.txt``, and per output in case.txt), and ``repro_templates/main.c``: aclopSetModelDir,
aclopCreateHandle, aclopExecWithHandle, aclrtSynchronizeStream, then the comparison and the
metrics the suite records.
"""
from __future__ import annotations

import os

from .repro_files import NotReproducible, judged_as, write_case, write_program, write_readme

VERDICT = """It prints the metrics the suite records (`count`, `max_abs_error`, `max_rel_error`, `mere`,
`mare`, `error_ratio`, `max_ulp`, `mismatched`) per output and ends with `PASS` (exit 0) or
`FAIL` (exit 1); an ACL call that fails prints the call and its code (exit 1)."""


def find_case(case_id: str):
    """The catalog's numeric case of that id, or None."""
    from fixtures import catalog
    return next((c for c in catalog.all_cases() if c.id == case_id), None)


def write(case, product_id: str, out: str, test_id: str) -> None:
    from fixtures import catalog
    from harness.products import BY_ID, DEFAULT_SOC
    spec = case.spec
    if any(t.is_absent or t.is_dynamic for t in spec.inputs + spec.outputs):
        raise NotReproducible(f"{case.id}: absent or dynamic tensors are not reproduced yet")
    sat = bool(getattr(BY_ID.get(product_id), "saturation_mode", False))
    standards = case.standard(product_id)
    write_case(out, spec, case.flat_inputs(), catalog.expected(case, sat), standards)
    tol = []
    for i, (t, std) in enumerate(zip(spec.outputs, standards)):
        kind, mere, mare, ratio_rel, ratio_max = judged_as(std)
        tol.append(f"output {i} ({t.to_atc()['type']}): {std.kind} class; judged here as {kind}: "
                   f"MERE < {mere}, MARE < {mare}, error ratio (rel. error > {ratio_rel}) <= {ratio_max}\n"
                   f"  source: {getattr(std, 'source', '')}")
    with open(os.path.join(out, "tolerance.txt"), "w") as f:
        f.write(f"{case.id} on {product_id} (the suite's standard, reference/standards.py)\n" + "\n".join(tol) + "\n")
    write_program(out, "main.c")
    write_readme(out, title=f"{case.id} ({product_id})", test_id=test_id, product=product_id,
                 what=f"One launch of the numeric case `{case.id}`: its outputs compared with the expected "
                      f"ones under the standard the suite judged them with.",
                 files="| `tolerance.txt` | the precision standard the suite judged this case with, and its source |\n",
                 soc=DEFAULT_SOC.get(product_id, "<soc_version>"), reads="case.txt", verdict=VERDICT)
