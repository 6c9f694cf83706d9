"""``python -m harness repro TEST_ID --out DIR [--product ID] [--from results.json]``: a standalone
reproducer of one numeric case, for a runtime or operator engineer who has CANN and nothing else.

DIR gets the op's atc JSON (``op.json``), its inputs and the expected outputs as raw ``.bin``
files, the tolerance the suite judged with (``tolerance.txt``, and in ``case.txt`` for the
program), a C program in the style of CANN's single-op samples (``src/main.c``: aclopSetModelDir,
aclopCreateHandle, aclopExecWithHandle, aclrtSynchronizeStream, then the comparison and the same
metrics the suite records), a ``CMakeLists.txt`` built the samples' way (``DDK_PATH`` /
``NPU_HOST_LIB``, defaults from ``ASCEND_HOME_PATH`` after ``source set_env.sh``) and a README.
Running it needs neither Python nor this harness.

TEST_ID is a ``suites/test_numerics.py::test_op[...]`` id (or just the case id inside the
brackets). ``--from`` takes the product from a results.json record of that test.
"""
from __future__ import annotations

import json
import os
import shutil
import sys

import numpy as np

from . import ROOT

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repro_templates")
CLIENT_COMMON = os.path.join(ROOT, "tests", "clients", "client_common.h")   # the C clients' shared header
# Attribute types the C program sets, by the ATC type name (acl-abi.md section 4).
ATTR_KINDS = {"int": "int", "float": "float", "bool": "bool", "list_int": "listint", "data_type": "int"}


def add_parser(sub) -> None:
    p = sub.add_parser("repro", help="write a standalone C reproducer (atc JSON, .bin data, CMake) of one case")
    p.add_argument("test_id", help="suites/test_numerics.py::test_op[CASE] or CASE")
    p.add_argument("--out", required=True, help="directory to write (created; must be empty if it exists)")
    p.add_argument("--product", default="atlas-a2", help="product whose standard and saturation mode apply")
    p.add_argument("--from", dest="results", default=None, help="results.json holding the test's record")


def case_id_of(test_id: str) -> str:
    if "[" in test_id and test_id.endswith("]"):
        return test_id[test_id.index("[") + 1:-1]
    return test_id


def find_case(case_id: str):
    sys.path.insert(0, ROOT) if ROOT not in sys.path else None
    from fixtures import catalog
    for c in catalog.all_cases():
        if c.id == case_id:
            return c
    return None


def _tensor_line(t, path: str) -> str:
    return f"tensor {int(t.dtype)} {int(t.format)} {len(t.shape)} {' '.join(str(d) for d in t.shape)} {path}".replace("  ", " ")


def write(case, product_id: str, out: str, test_id: str) -> None:
    from fixtures import catalog
    from harness.products import BY_ID, DEFAULT_SOC
    spec = case.spec
    if any(t.is_absent or t.is_dynamic for t in spec.inputs + spec.outputs):
        raise ValueError(f"{case.id}: absent or dynamic tensors are not reproduced yet")
    sat = bool(getattr(BY_ID.get(product_id), "saturation_mode", False))
    inputs = case.flat_inputs()
    expected = catalog.expected(case, sat)
    standards = case.standard(product_id)
    os.makedirs(os.path.join(out, "data"), exist_ok=True)
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    with open(os.path.join(out, "op.json"), "w") as f:
        json.dump([spec.to_atc()], f, indent=2)
    lines = [f"op {spec.op}", f"inputs {len(spec.inputs)}"]
    for i, (t, x) in enumerate(zip(spec.inputs, inputs)):
        name = f"data/input_{i}.bin"
        np.ascontiguousarray(x).tofile(os.path.join(out, name))
        lines.append(_tensor_line(t, name))
    lines.append(f"outputs {len(spec.outputs)}")
    tol = []
    for i, (t, e, std) in enumerate(zip(spec.outputs, expected, standards)):
        name = f"data/expected_{i}.bin"
        np.ascontiguousarray(e).tofile(os.path.join(out, name))
        lines.append(_tensor_line(t, name))
        kind = std.kind if std.kind in ("bitwise", "exact") else "float"
        mere = std.mere if std.mere is not None else 0.0
        mare = std.mare if std.mare is not None else 0.0
        ratio_rel = getattr(std, "ratio_rel", None) or 0.0
        ratio_max = getattr(std, "ratio_max", None)
        ratio_max = -1.0 if ratio_max is None else ratio_max
        lines.append(f"standard {kind} {mere!r} {mare!r} {ratio_rel!r} {ratio_max!r}")
        tol.append(f"output {i} ({t.to_atc()['type']}): {std.kind} class; judged here as {kind}: "
                   f"MERE < {mere}, MARE < {mare}, error ratio (rel. error > {ratio_rel}) <= {ratio_max}\n"
                   f"  source: {getattr(std, 'source', '')}")
    for k, v in spec.attrs:
        kind = ATTR_KINDS.get(v.type)
        if kind is None:
            raise ValueError(f"{case.id}: attribute {k} of type {v.type} is not reproduced yet")
        vals = list(v.value) if kind == "listint" else [v.value]
        lines.append(f"attr {kind} {k} {len(vals)} " + " ".join(str(int(x) if kind != "float" else x) for x in vals))
    with open(os.path.join(out, "case.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "tolerance.txt"), "w") as f:
        f.write(f"{case.id} on {product_id} (the suite's standard, reference/standards.py)\n" + "\n".join(tol) + "\n")
    shutil.copy(os.path.join(TEMPLATES, "main.c"), os.path.join(out, "src", "main.c"))
    shutil.copy(CLIENT_COMMON, os.path.join(out, "src", "client_common.h"))
    shutil.copy(os.path.join(TEMPLATES, "CMakeLists.txt"), os.path.join(out, "CMakeLists.txt"))
    with open(os.path.join(TEMPLATES, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(readme.replace("@TEST_ID@", test_id).replace("@CASE@", case.id).replace("@PRODUCT@", product_id)
                .replace("@SOC@", DEFAULT_SOC.get(product_id, "<soc_version>")))


def run(args) -> int:
    product = args.product
    if args.results:
        with open(args.results, encoding="utf-8") as f:
            data = json.load(f)
        rec = next((t for t in data.get("tests", []) if t["id"] == args.test_id), None)
        if rec is None:
            print(f"harness repro: error: {args.test_id} has no record in {args.results}", file=sys.stderr)
            return 2
        product = rec.get("product") or data.get("environment", {}).get("product") or product
    case = find_case(case_id_of(args.test_id))
    if case is None:
        print(f"harness repro: error: {args.test_id}: not a numeric case of the catalog (contract tests are "
              f"not reproduced yet)", file=sys.stderr)
        return 2
    if os.path.isdir(args.out) and os.listdir(args.out):
        print(f"harness repro: error: --out {args.out}: not empty", file=sys.stderr)
        return 2
    try:
        write(case, product, args.out, args.test_id)
    except ValueError as exc:
        print(f"harness repro: error: {exc}", file=sys.stderr)
        return 2
    print(f"reproducer of {case.id} ({product}) in {os.path.abspath(args.out)}: see its README.md")
    return 0
