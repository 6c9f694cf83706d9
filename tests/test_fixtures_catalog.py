"""The catalog package (fixtures/catalog/): the assembly, the entries' samples and refusals, the
keyword style of the entries, and that each submodule imports on its own."""
import ast
import os
import pkgutil

import pytest

from fixtures import catalog
from fixtures.catalog import Reject

from .conftest import ROOT, run_python

PACKAGE_DIR = os.path.join(ROOT, "fixtures", "catalog")
SUBMODULES = sorted(m.name for m in pkgutil.iter_modules([PACKAGE_DIR]))
FAMILY_MODULES = ("elementwise", "cast", "matmul", "reductions", "movement", "normalisation", "clients",
                  "clients_nn")
ENTRY_FACTORIES = {"OpInfo", "binary", "unary", "matmul"}


def test_the_assembly_has_the_34_ops_with_unique_names():
    names = [op.name for op in catalog.CATALOG]
    assert len(names) == 34, names
    assert len(set(names)) == 34, sorted(n for n in names if names.count(n) > 1)
    assert list(catalog.BY_NAME) == names and all(catalog.BY_NAME[op.name] is op for op in catalog.CATALOG)


def test_every_family_module_entry_is_in_the_assembly_once():
    import importlib
    entries = [op for m in FAMILY_MODULES for op in importlib.import_module(f"fixtures.catalog.{m}").OPS]
    assert sorted(op.name for op in entries) == sorted(op.name for op in catalog.CATALOG)


@pytest.mark.parametrize("op", catalog.CATALOG, ids=lambda op: op.name)
def test_every_entry_has_samples_for_every_dtype(op):
    for dt in op.dtypes:
        samples = op.samples(dt)
        assert samples, f"{op.name} {dt}: no samples"
        names = [s.name for s in samples]
        assert len(names) == len(set(names)), f"{op.name} {dt}: repeated sample names"
        for s in samples:
            assert len(s.shapes) == len(op.inputs), f"{op.name} {s.name}: {len(s.shapes)} shapes, {len(op.inputs)} slots"
            assert len(op.out_shapes(s)) == len(op.outputs), f"{op.name} {s.name}: out_shapes per output"
    assert catalog.cases_for(op), op.name


@pytest.mark.parametrize("op", catalog.CATALOG, ids=lambda op: op.name)
def test_every_rejected_dtype_says_why(op):
    assert isinstance(op.rejects, tuple)
    for r in op.rejects:
        assert isinstance(r, Reject), f"{op.name}: {r!r} is not a Reject(dtype, why)"
        assert r.dtype not in op.dtypes, f"{op.name} both has and rejects {r.dtype}"
        assert len(r.why) > 20 and r.why.strip() == r.why, f"{op.name} rejects {r.dtype} without a reason"
    dts = [r.dtype for r in op.rejects]
    assert len(dts) == len(set(dts)), f"{op.name}: a dtype rejected twice"
    assert op.rejected() == {r.dtype: r.why for r in op.rejects}


def test_every_op_but_the_data_movement_and_cast_rejects_a_dtype():
    """The EWH-12 suite needs one refused dtype per op to test; Cast has every dtype, and data
    movement copies bytes of any dtype."""
    without = sorted(op.name for op in catalog.CATALOG if not op.rejects)
    assert without == ["Cast", "ConcatD", "GatherV2", "Slice", "TransposeD"], without


@pytest.mark.parametrize("module", FAMILY_MODULES)
def test_entries_are_written_with_keywords(module):
    with open(os.path.join(PACKAGE_DIR, f"{module}.py")) as f:
        tree = ast.parse(f.read())
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in ENTRY_FACTORIES]
    assert calls, f"{module}: no entries found"
    positional = [f"{module}.py:{c.lineno} {c.func.id}(...)" for c in calls if c.args]
    assert not positional, f"entries with positional arguments: {positional}"


FIRST_IMPORTS = [f"fixtures.catalog.{m}" for m in SUBMODULES] + [
    "fixtures.contract.order", "fixtures.contract.clauses", "fixtures.contract.resources", "fixtures.contract.table"]
IMPORT_EACH_FIRST = """
import importlib, sys
failed = {}
for name in %r:
    for loaded in [m for m in sys.modules if m == "fixtures" or m.startswith("fixtures.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
        assert len(importlib.import_module("fixtures.catalog").CATALOG) == 34
    except Exception as exc:
        failed[name] = repr(exc)
print(failed)
"""


def test_each_submodule_imports_first():
    """One fresh process; before each import every fixtures module is dropped, so each submodule
    is the first of the package to load (a module that reads the package while it is still being initialised fails here)."""
    proc = run_python(IMPORT_EACH_FIRST % (FIRST_IMPORTS,))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "{}", f"submodules that fail when imported first: {proc.stdout}"


def test_the_public_names_other_folders_use_stay_importable():
    """suites/, tests/ and the mutation tool use these through ``from fixtures import catalog``."""
    for name in ("CATALOG", "BY_NAME", "NumericCase", "Sample", "all_cases", "expected", "exact_values", "judge",
                 "draw", "scales", "table"):
        assert hasattr(catalog, name), name
