"""python -m harness repro: a standalone C reproducer of a numeric case (issue 21, item 2)."""
import json
import os
import re
import subprocess
import sys

import pytest

from tests.install_support import LAYOUTS, build, shared_base, sourced
from tests.report_support import ROOT

TEST_ID = "suites/test_numerics.py::test_op[Add-float16-bcast_1x1x11+3x2x1-uniform]"
FAULT = "fp16_round_toward_zero"


@pytest.fixture(scope="module")
def suite_record(tmp_path_factory):
    """The suite's own record of the case on the faulty runtime."""
    out = tmp_path_factory.mktemp("run") / "run"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["ACLSIM_FAULTS"] = FAULT
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST_ID, "--product", "atlas-a2",
                    "--report-dir", str(out), "--no-rerun"], cwd=ROOT, env=env, capture_output=True, timeout=300)
    data = json.load(open(out / "results.json"))
    (rec,) = data["tests"]
    assert rec["class"] == "Fail"
    return str(out / "results.json"), rec


def _metrics(text: str) -> dict:
    line = next(ln for ln in text.splitlines() if ln.startswith("output 0: count="))
    return {k: float(v) for k, v in re.findall(r"(\w+)=([-+0-9.eE]+|inf|nan)", line)}


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_reproducer_builds_fails_on_the_faulty_runtime_passes_on_the_clean_one(layout, suite_record, tmp_path,
                                                                               tmp_path_factory):
    results, rec = suite_record
    out = tmp_path / "repro"
    proc = subprocess.run([sys.executable, "-m", "harness", "repro", TEST_ID, "--from", results, "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    for name in ("op.json", "case.txt", "tolerance.txt", "README.md", "CMakeLists.txt", "src/main.c",
                 "data/input_0.bin", "data/input_1.bin", "data/expected_0.bin"):
        assert (out / name).is_file(), name
    install = build(shared_base(tmp_path_factory), layout)
    built = sourced(install, "atc --singleop=op.json --output=model --soc_version=Ascend910B1 && "
                             "cmake -S . -B build >/dev/null && cmake --build build", cwd=str(out))
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    clean = sourced(install, "./build/repro .", cwd=str(out))
    assert clean.returncode == 0 and clean.stdout.strip().endswith("PASS"), clean.stdout + clean.stderr
    assert _metrics(clean.stdout)["mismatched"] == 0
    faulty = sourced(install, "./build/repro .", env={"ACLSIM_FAULTS": FAULT}, cwd=str(out))
    assert faulty.returncode == 1 and faulty.stdout.strip().endswith("FAIL"), faulty.stdout + faulty.stderr
    got, suite = _metrics(faulty.stdout), rec["numeric"][0]["metrics"]
    assert got["count"] == suite["count"] and got["mismatched"] == suite["mismatched"] > 0


def test_unknown_test_is_an_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "harness", "repro", "suites/x.py::test_y[nope]", "--out",
                           str(tmp_path / "r")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "not a numeric case" in proc.stderr
