"""The per-SoC operator support end to end, one child process per product profile (ACLSIM_SOC): every
combination simulator/cann/op_support.csv declares for the profile's config dir compiles through
the simulator's atc, loads, gets a handle and runs one small launch; every refused row and a sample
of undeclared combinations fail atc's compile step with CANN's line, are refused by aclopLoad with
the unsupported-dtype code, and find no model at aclopCreateHandle. With ASCEND_OPP_PATH naming the
simulator's own library (simulator.opp.default_root) the declared rows still build and the others
are refused by the library, as CANN's op store refuses them. Slow: about 1-3 s per product.
"""
from __future__ import annotations

import json
import os
import re

import pytest

from harness.abi import ERR
from simulator import opp
from simulator.cann import op_support
from tests.conftest import run_module
from tests.simulator.op_cases import SOC_OF_DIR, undeclared

TABLE = op_support.load()
pytestmark = pytest.mark.slow


def run_product(soc_dir: str, tmp_path, opp_root: str | None = None) -> dict:
    rows = [r for r in TABLE.rows if r.soc == soc_dir]
    extra = undeclared(TABLE, soc_dir)
    spec = {"lines": [r.line for r in rows], "extra": [[c.op, list(c.inputs), list(c.outputs)] for c in extra]}
    path = tmp_path / "spec.json"
    path.write_text(json.dumps(spec))
    out = tmp_path / "out"
    out.mkdir()
    soc = SOC_OF_DIR[soc_dir]
    env = {"ACLSIM_SOC": soc, "ACLSIM_FAULTS": "", "ASCEND_OPP_PATH": opp_root or ""}
    proc = run_module(["tests.simulator.op_support_run", soc, str(path), str(out)], env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    results = json.loads(proc.stdout.split("@@RESULT@@")[1])
    assert len(results) == len(rows) + len(extra)
    return results


def _failed_line(r: dict) -> bool:
    return any(re.fullmatch(r"Compile op failed\. ge ret = 100026, op index = \d+", ln) for ln in r["atc_lines"])


def check_results(results: dict, soc_dir: str, refusal_words: str) -> list[str]:
    status = {r.line: r.status for r in TABLE.rows if r.soc == soc_dir}
    wrong = []
    for r in results.values():
        declared = status.get(r["line"]) == "declared"
        what = f"{r['describe']} (line {r['line']})"
        if declared:
            if r["atc"] != "built" or r["load"] or r.get("create") or r.get("sync"):
                wrong.append(f"declared {what}: atc {r['atc']} {r['atc_lines']}, load {r['load']} {r['load_msg']}, "
                             f"create {r.get('create')}, sync {r.get('sync')} {r.get('run_msg')}")
        elif (r["atc"] != "refused" or not _failed_line(r) or not any(refusal_words in ln for ln in r["atc_lines"])
              or r["load"] != ERR.ACL_ERROR_UNSUPPORTED_DATA_TYPE or r.get("create") != ERR.ACL_ERROR_OP_NOT_FOUND):
            wrong.append(f"not declared {what}: atc {r['atc']} {r['atc_lines']}, load {r['load']}, "
                         f"create {r.get('create')}")
    return wrong


@pytest.mark.parametrize("soc_dir", op_support.SOC_DIRS)
def test_every_combination_of_the_product_runs_or_is_refused(soc_dir, tmp_path):
    results = run_product(soc_dir, tmp_path)
    wrong = check_results(results, soc_dir, "is not a dtype combination the simulator declares for " + soc_dir)
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:30])


@pytest.mark.parametrize("soc_dir", ["ascend950", "ascend310p"])
def test_atc_refuses_through_the_library_under_ascend_opp_path(soc_dir, tmp_path):
    root = opp.default_root("cann")
    results = run_product(soc_dir, tmp_path, opp_root=root)
    wrong = check_results(results, soc_dir, "refused by the operator information library")
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:30])
    refused = [r for r in results.values() if r["atc"] == "refused"]
    assert refused and all(any(f"not declared in {os.path.join(root, opp.CONFIG_SUBDIR, soc_dir)}" in ln
                                   for ln in r["atc_lines"]) for r in refused)
