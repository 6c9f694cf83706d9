"""The report links a failure to its standalone reproducer only where `python -m harness repro`
can write one (reports/reproducible.py, the families tools/repro.py dispatches on)."""
import json
from html import unescape

import pytest

from reports import reproducible
from reports.build.report import build

NUMERIC = "suites/test_numerics.py::test_op[Add-float16-bcast_1x1x11+3x2x1-uniform]"
EXEC = "suites/test_contract_exec.py::test_rejects[handle=NULL-Add-float16]"
CREATE = "suites/test_contract_create.py::test_create_rejects[opType=unknown-Add-float16]"
OTHER = "suites/test_async.py::test_many_launches_one_sync"


@pytest.mark.parametrize("test_id,family", [
    (NUMERIC, "numeric"), (EXEC, "contract-exec"), (CREATE, "contract-create"),
    (OTHER, None),
    ("suites/test_numerics.py::test_op", None),                   # no case
    ("suites/test_numerics.py::test_op[]", None),
    ("suites/test_numerics.py::test_opx[Add]", None),             # another test function
    ("suites/test_contract_exec.py::test_rejects_more[x]", None),
    ("tests/suites/test_numerics.py::test_op[Add]", None),        # not the suite's file
])
def test_family_of_an_id(test_id, family):
    assert reproducible.family(test_id) == family
    assert reproducible.reproducible(test_id) is (family is not None)


def test_refusal_names_every_family():
    text = reproducible.describe()
    for prefix in reproducible.FAMILIES.values():
        assert prefix + "[...]" in text


def _record(test_id):
    return {"id": test_id, "suite": test_id.split("::", 1)[0], "product": "atlas-a2", "class": "Fail",
            "phase": "call", "duration": 0.1, "op": None, "dtype": None, "case": None, "clauses": ["EWH-01"],
            "phases": {"call": "failed"},
            "message": "boom", "repro": f"python -m pytest '{test_id}'", "metrics": {}, "numeric": []}


def test_report_prints_a_reproducer_line_only_for_reproducible_failures(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    ids = (NUMERIC, EXEC, CREATE, OTHER)
    (run / "results.json").write_text(json.dumps({"schema": "aclop-results/1",
        "environment": {"product": "atlas-a2", "backend": "sim"}, "collected": len(ids),
        "tests": [_record(t) for t in ids]}))
    build([str(run)], str(tmp_path / "report"))
    html = unescape((tmp_path / "report" / "index.html").read_text())
    md = (tmp_path / "report" / "summary.md").read_text()
    for test_id in (NUMERIC, EXEC, CREATE):
        assert f"python -m harness repro '{test_id}' --product atlas-a2 --out repro" in html
        assert f"python -m harness repro '{test_id}' --product atlas-a2 --out repro" in md
    assert f"python -m pytest '{OTHER}'" in html and f"python -m pytest '{OTHER}'" in md   # the failure is there
    assert f"harness repro '{OTHER}'" not in html and f"harness repro '{OTHER}'" not in md
    assert html.count("Standalone reproducer") == 3
    # one list item per failure in the summary, each on its own lines
    failures = md.split("## Failures", 1)[1].split("\n## ", 1)[0]
    assert [ln[:9] for ln in failures.splitlines() if ln.startswith("- ")] == ["- **Fail*"] * 4
