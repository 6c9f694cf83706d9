"""The simulator keeps ACL_OP_JIT_COMPILE as GE's executor does: enabled until aclSetCompileopt sets
it or the first compile call sets the product's default (A2: disabled). So a -1/-2 create in a
pure handle-mode process returns 100000, and after an aclopCompileAndExecute 100024 (docs/FIDELITY.md §11)."""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _codes(tmp_path, name, *selection):
    out = tmp_path / name
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACLSIM_")}
    proc = subprocess.run([sys.executable, "-m", "pytest", *selection, "-p", "no:cacheprovider", "-q",
                           "--report-dir", str(out), "--product", "atlas-a2"], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:]
    return {p.get("value") for case in ET.parse(out / "junit.xml").iter("testcase")
            if "product-default" in case.get("name", "")
            for p in case.iter("property") if p.get("name") == "observed_code"}


@pytest.mark.slow
def test_the_flag_takes_the_product_default_at_the_first_compile(tmp_path):
    only = ("suites/test_dynamic_shape.py", "-k", "rejected and product-default and Add")
    assert _codes(tmp_path, "pure", *only) == {"100000"}
    after = ("suites/test_compile_and_execute.py", "suites/test_dynamic_shape.py", "-k",
             "(compile_and_execute_matches and Add-float16 and V2) or (rejected and product-default and Add)")
    assert _codes(tmp_path, "after", *after) == {"100024"}
