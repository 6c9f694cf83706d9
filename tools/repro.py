"""``python -m harness repro TEST_ID --out DIR [--product ID] [--from results.json]``: a standalone
reproducer of one failing test, for a runtime or operator engineer who has CANN and nothing else.

Reproducible are the test families of ``reports/reproducible.py`` (the report prints this
command for exactly those):

- a numeric case, ``suites/test_numerics.py::test_op[CASE]`` (or just CASE): tools/repro_numeric.py;
- a contract-table row, ``suites/test_contract_exec.py::test_rejects[ROW-CASE]`` or
  ``suites/test_contract_create.py::test_create_rejects[ROW-CASE]``: tools/repro_contract.py (the
  invalid call with its arguments, the expected codes, and the suite's checks after it).

DIR gets the op's atc JSON (``op.json``), the valid call's inputs and expected outputs as raw
``.bin`` files, ``case.txt``, a C program in the style of CANN's single-op samples
(``src/main.c``), a ``CMakeLists.txt`` built the samples' way (``DDK_PATH`` / ``NPU_HOST_LIB``,
defaults from ``ASCEND_HOME_PATH`` after ``source set_env.sh``) and a README saying how to build
and run it and what PASS and FAIL mean (tools/repro_files.py writes what they share). Running it
needs neither Python nor this harness. ``--from`` takes the product from a results.json record of
that test. Any other test id is refused with one line naming the reproducible families.
"""
from __future__ import annotations

import json
import os
import sys

from . import ROOT

if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from reports import reproducible  # noqa: E402 - the checkout is on sys.path now

from . import repro_contract, repro_numeric  # noqa: E402
from .repro_files import NotReproducible  # noqa: E402


def add_parser(sub) -> None:
    p = sub.add_parser("repro", help="write a standalone C reproducer (atc JSON, .bin data, CMake) of one "
                                     "numeric case or contract-table row")
    p.add_argument("test_id", help=f"one of {reproducible.describe()}, or a numeric CASE id")
    p.add_argument("--out", required=True, help="directory to write (created; must be empty if it exists)")
    p.add_argument("--product", default="atlas-a2", help="product whose standard and saturation mode apply")
    p.add_argument("--from", dest="results", default=None, help="results.json holding the test's record")


def case_id_of(test_id: str) -> str:
    if "[" in test_id and test_id.endswith("]"):
        return test_id[test_id.index("[") + 1:-1]
    return test_id


def _error(text: str) -> int:
    print(f"harness repro: error: {text}", file=sys.stderr)
    return 2


def run(args) -> int:
    product = args.product
    if args.results:
        with open(args.results, encoding="utf-8") as f:
            data = json.load(f)
        rec = next((t for t in data.get("tests", []) if t["id"] == args.test_id), None)
        if rec is None:
            return _error(f"{args.test_id} has no record in {args.results}")
        product = rec.get("product") or data.get("environment", {}).get("product") or product
    family = reproducible.family(args.test_id)
    if family is None and "[" not in args.test_id and "::" not in args.test_id:
        family = "numeric"                                  # a bare numeric case id
    if family is None:
        return _error(f"{args.test_id}: no reproducer for this test; reproducible are "
                      f"{reproducible.describe()}")
    case = None
    if family == "numeric":
        case = repro_numeric.find_case(case_id_of(args.test_id))
        if case is None:
            return _error(f"{args.test_id}: not a numeric case of the catalog")
    if os.path.isdir(args.out) and os.listdir(args.out):
        return _error(f"--out {args.out}: not empty")
    try:
        if family == "numeric":
            repro_numeric.write(case, product, args.out, args.test_id)
            what = case.id
        else:
            what = repro_contract.write(family, args.test_id, product, args.out)
    except NotReproducible as exc:
        return _error(str(exc))
    print(f"reproducer of {what} ({product}) in {os.path.abspath(args.out)}: see its README.md")
    return 0
