"""Which test ids ``python -m harness repro`` can turn into a standalone C reproducer.

A pure function of the id, so the report (``reports/build``) prints a reproducer line only where
there is one, without importing ``tools/``; ``tools/repro.py`` dispatches on the same families.
Whether a given case inside a family can be written (e.g. a numeric case with a dynamic tensor)
is the tool's to say, with a clear error.
"""
from __future__ import annotations

# family -> the test function's node id prefix (everything before the parameter brackets)
FAMILIES = {
    "numeric": "suites/test_numerics.py::test_op",
    "contract-exec": "suites/test_contract_exec.py::test_rejects",
    "contract-create": "suites/test_contract_create.py::test_create_rejects",
}


def family(test_id: str) -> str | None:
    """The reproducer family of a parametrized suite test id, or None when there is none."""
    for name, prefix in FAMILIES.items():
        if test_id.startswith(prefix + "[") and test_id.endswith("]") and len(test_id) > len(prefix) + 2:
            return name
    return None


def reproducible(test_id: str) -> bool:
    return family(test_id) is not None


def describe() -> str:
    """The reproducible families, for a refusal: ``suites/test_numerics.py::test_op[...], ...``."""
    return ", ".join(f"{prefix}[...]" for prefix in FAMILIES.values())
