"""python -m harness repro: a standalone C reproducer of a numeric case or a contract-table row
(issue 21, item 2): built with CMake against both install layouts, it PASSes on the clean runtime
and FAILs under a fault switch, with the suite's own figures (metrics, observed code)."""
import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.install_support import LAYOUTS, build, shared_base, sourced
from tests.report_support import ROOT
from tests.repro_support import CONTRACT, _build

NUMERIC_ID = "suites/test_numerics.py::test_op[Add-float16-bcast_1x1x11+3x2x1-uniform]"
NUMERIC_FAULT = "fp16_round_toward_zero"
def _suite_run(tmp_path_factory, test_id: str, fault: str):
    """The suite's own run of one test on the faulty runtime: (results.json path, its record, the
    test's junit user properties)."""
    out = tmp_path_factory.mktemp("run") / "run"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    env["ACLSIM_FAULTS"] = fault
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test_id, "--product", "atlas-a2",
                    "--report-dir", str(out), "--no-rerun"], cwd=ROOT, env=env, capture_output=True, timeout=300)
    data = json.load(open(out / "results.json"))
    (rec,) = data["tests"]
    assert rec["class"] == "Fail", rec
    (case,) = ET.parse(out / "junit.xml").iter("testcase")
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    return str(out / "results.json"), rec, props


def _write(test_id: str, out, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "harness", "repro", test_id, "--out", str(out), *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


# ---- numeric cases ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def suite_record(tmp_path_factory):
    results, rec, _ = _suite_run(tmp_path_factory, NUMERIC_ID, NUMERIC_FAULT)
    return results, rec


def _metrics(text: str) -> dict:
    line = next(ln for ln in text.splitlines() if ln.startswith("output 0: count="))
    return {k: float(v) for k, v in re.findall(r"(\w+)=([-+0-9.eE]+|inf|nan)", line)}


# what every reproducer directory holds, whatever its kind
COMMON_FILES = ("op.json", "case.txt", "README.md", "CMakeLists.txt", "src/main.c", "src/repro_case.h",
                "src/client_common.h", "data/input_0.bin", "data/expected_0.bin")


def _write_with(test_id, out, results, *more):
    """Writes the reproducer of test_id from its results.json record; checks its files."""
    proc = _write(test_id, out, "--from", results)
    assert proc.returncode == 0, proc.stderr
    for name in COMMON_FILES + more:
        assert (out / name).is_file(), name


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_reproducer_builds_fails_on_the_faulty_runtime_passes_on_the_clean_one(layout, suite_record, tmp_path,
                                                                               tmp_path_factory):
    results, rec = suite_record
    out = tmp_path / "repro"
    _write_with(NUMERIC_ID, out, results, "tolerance.txt", "data/input_1.bin")
    install = build(shared_base(tmp_path_factory), layout)
    _build(install, out)
    clean = sourced(install, "./build/repro .", cwd=str(out))
    assert clean.returncode == 0 and clean.stdout.strip().endswith("PASS"), clean.stdout + clean.stderr
    assert _metrics(clean.stdout)["mismatched"] == 0
    faulty = sourced(install, "./build/repro .", env={"ACLSIM_FAULTS": NUMERIC_FAULT}, cwd=str(out))
    assert faulty.returncode == 1 and faulty.stdout.strip().endswith("FAIL"), faulty.stdout + faulty.stderr
    got, suite = _metrics(faulty.stdout), rec["numeric"][0]["metrics"]
    assert got["count"] == suite["count"] and got["mismatched"] == suite["mismatched"] > 0


# ---- contract rows ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def contract_records(tmp_path_factory):
    """The suite's runs of the CONTRACT rows under their faults, made once per module."""
    cache = {}

    def get(kind):
        if kind not in cache:
            cache[kind] = _suite_run(tmp_path_factory, *CONTRACT[kind])
        return cache[kind]
    return get


def _observed(text: str) -> int:
    return int(re.search(r"^observed (-?\d+) ", text, re.M).group(1))


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", sorted(CONTRACT))
def test_contract_reproducer_fails_on_the_faulty_runtime_with_the_suites_code(kind, layout, contract_records,
                                                                            tmp_path, tmp_path_factory):
    test_id, fault = CONTRACT[kind]
    results, rec, props = contract_records(kind)
    out = tmp_path / "repro"
    _write_with(test_id, out, results, "call.txt", "src/repro_guard.h")
    assert test_id in (out / "README.md").read_text()
    install = build(shared_base(tmp_path_factory), layout)
    _build(install, out)
    clean = sourced(install, "./build/repro .", cwd=str(out))
    last = clean.stdout.strip().splitlines()[-1]
    assert clean.returncode == 0 and last.startswith("PASS "), clean.stdout + clean.stderr
    expected = [int(c) for c in re.search(r"^expected (.*)$", clean.stdout, re.M).group(1).split()
                if c.isdigit()]
    assert _observed(clean.stdout) in expected
    faulty = sourced(install, "./build/repro .", env={"ACLSIM_FAULTS": fault}, cwd=str(out))
    last = faulty.stdout.strip().splitlines()[-1]
    assert faulty.returncode == 1 and last.startswith("FAIL "), faulty.stdout + faulty.stderr
    assert "not a documented code" in last
    assert _observed(faulty.stdout) == int(props["observed_code"]) not in expected     # the suite's code


# ---- the serialiser and the command line (fast) ---------------------------------------------

def _tools():
    sys.path.insert(0, ROOT) if ROOT not in sys.path else None
    from tools import repro_contract
    from tools.repro_files import NotReproducible
    return repro_contract, NotReproducible


# Rows the serialiser refuses, with the reason it gives: none today. A new row it cannot express
# fails test_every_contract_row_serialises until it is listed here (or the serialiser learns it).
REFUSED: dict[str, str] = {}


@pytest.mark.parametrize("family", ["contract-exec", "contract-create"])
def test_every_contract_row_serialises(family):
    from fixtures.contract import CREATE_INVALID, EXEC_INVALID
    from fixtures.contract.cases import CONTRACT_CASES
    rc, NotReproducible = _tools()
    rows = rc.rows(family)
    table = EXEC_INVALID if family == "contract-exec" else CREATE_INVALID
    assert {inv.id for _, inv, _ in rows} == {inv.id for inv in table}       # every row has tests
    refused = {}
    for pid, inv, cid in rows:
        test_id = f"{rc.SUITES[family]}::{'test_rejects' if family == 'contract-exec' else 'test_create_rejects'}[{pid}]"
        try:
            lines = rc.call_lines(family, test_id, inv, CONTRACT_CASES[cid](False))
        except NotReproducible as exc:
            refused[pid] = str(exc)
            continue
        args = [ln.split()[1] for ln in lines if ln.startswith("arg ")]
        assert args == (["handle", "numInputs", "inputs", "numOutputs", "outputs", "stream"]
                        if family == "contract-exec" else
                        ["opType", "numInputs", "inputDesc", "numOutputs", "outputDesc", "opAttr", "handle"]), pid
        assert [ln for ln in lines if ln.startswith("expect ")] == [
            f"expect {int(c)} {c.name}" for c in inv.expected], pid
        defined = {ln.split()[1] for ln in lines if ln.split()[0] in ("buffer", "desc", "attrs")}
        for ln in lines:
            if ln.startswith("arg "):
                for word in ln.split()[2:]:
                    assert (word in defined or word in ("NULL", "array", "string", "out", "handle", "stream",
                            "destroyed-handle", "destroyed-buffer", "destroyed-stream", "null-buffer")
                            or re.fullmatch(r"-?\d+|(in|out)\.\d+", word) or ln.startswith("arg opType")), (pid, ln)
    ids = {pid for pid, _, _ in rows}
    assert refused == {k: v for k, v in REFUSED.items() if k in ids}


def _call(family, row_and_case):
    from fixtures.contract.cases import CONTRACT_CASES
    rc, _ = _tools()
    inv, cid = rc.find_row(family, f"x::y[{row_and_case}]")
    lines = rc.call_lines(family, "t", inv, CONTRACT_CASES[cid](False))
    return [ln for ln in lines if not ln.startswith(("codename", "#"))]


def test_exec_rows_are_written_as_the_suite_calls():
    args = [ln for ln in _call("contract-exec", "handle=NULL-Add-float16") if ln.startswith("arg")]
    assert args == ["arg handle NULL", "arg numInputs 2", "arg inputs array 2 in.0 in.1", "arg numOutputs 1",
                    "arg outputs array 1 out.0", "arg stream stream"]
    # an empty list reaches the runtime as pointer_array's one-element array, count 0
    assert "arg inputs array 1 NULL" in _call("contract-exec", "numInputs=0-Add-float16")
    assert "arg inputs NULL" in _call("contract-exec", "numInputs=0-inputs=NULL-Add-float16")
    big = _call("contract-exec", "numInputs=INT32_MAX-AddN-float32")
    assert "arg numInputs 2147483647" in big and "arg inputs array 4 in.0 in.1 in.2 NULL" in big
    # MatMulV2's absent optional slots are (NULL, 0) buffers of the valid call: in.2, in.3
    assert "arg inputs array 4 in.0 in.1 in.2 in.3" in _call("contract-exec", "handle=NULL-MatMulV2-float32")
    short = _call("contract-exec", "outputs[0]-64-bytes-short-Add-float16")
    assert "buffer b0 out 0 192" in short and "arg outputs array 1 b0" in short      # 8x16 float16 = 256 bytes
    assert "arg handle in.0" in _call("contract-exec", "handle=not-a-handle-Add-float16")
    assert "arg stream destroyed-stream" in _call("contract-exec", "stream=destroyed-Add-float16")


def test_create_rows_are_written_as_the_suite_calls():
    base = _call("contract-create", "opType=unknown-MatMulV2-float32")
    assert "arg opType string NoSuchOp" in base and "arg handle out" in base and "arg numInputs 4" in base
    assert "desc d2 -1 -1 0" in base and "desc d3 -1 -1 0" in base          # absent optional inputs
    assert "attrs a0" in base and "attr a0 bool transpose_x1 1 0" in base and "attr a0 bool transpose_x2 1 0" in base
    assert "arg opAttr a0" in base
    assert "arg opAttr NULL" in _call("contract-create", "opType=unknown-Add-float16")        # Add has no attrs
    retyped = _call("contract-create", "attr-wrong-type-AddN-float32")
    assert "attr a0 float N 1 3.0" in retyped
    assert "desc d0 0 2 2 8 16 name x0" in retyped                         # AddN's inputs are named
    dyn = _call("contract-create", "inputDesc-dynamic-1-Add-float16")
    assert "desc d0 1 2 2 -1 16 range 1 16 16 16" in dyn
    assert "desc d0 1 2 2 8 16 host" in _call("contract-create", "inputDesc[0].placement=host-Add-float16")
    assert "arg handle NULL" in _call("contract-create", "handle=NULL-Add-float16")


def test_a_row_it_cannot_express_is_refused_naming_the_row():
    from fixtures.contract import Invalid
    from fixtures.contract.cases import CONTRACT_CASES
    rc, NotReproducible = _tools()
    case = CONTRACT_CASES["Add-float16"](False)
    raw = Invalid("handle=0x1234", "handle", "EWH-01", (100000,), lambda p, env: {"handle": 0x1234}, "test row", "test")
    with pytest.raises(NotReproducible, match=r"row handle=0x1234 on Add-float16.*handle is 4660"):
        rc.call_lines("contract-exec", "t", raw, case)
    new = Invalid("handle=from-elsewhere", "handle", "EWH-01", (100000,),
                  lambda p, env: {"handle": env.some_new_resource()}, "test row", "test")
    with pytest.raises(NotReproducible, match=r"row handle=from-elsewhere on Add-float16-\[8, 16\]: .*some_new_resource"):
        rc.call_lines("contract-exec", "t", new, case)
    ptr = Invalid("opAttr=raw", "opAttr", "EWH-01", (100000,), lambda spec, env: {"attr": ctypes.c_void_p(5)}, "test row", "test")
    with pytest.raises(NotReproducible, match=r"row opAttr=raw on Add-float16-\[8, 16\]: opAttr is"):
        rc.call_lines("contract-create", "t", ptr, case)


@pytest.mark.parametrize("test_id,message", [
    ("suites/x.py::test_y[nope]", "no reproducer for this test; reproducible are suites/test_numerics.py::test_op[...], "
                                  "suites/test_contract_exec.py::test_rejects[...], "
                                  "suites/test_contract_create.py::test_create_rejects[...]"),
    ("suites/test_async.py::test_launches", "no reproducer for this test"),
    ("suites/test_numerics.py::test_op[NoSuchCase]", "not a numeric case of the catalog"),
    ("suites/test_contract_exec.py::test_rejects[nope-Add-float16]",
     "suites/test_contract_exec.py has no test [nope-Add-float16] (its ids are ROW-CASE, e.g. [handle=NULL-Add-float16])"),
    ("suites/test_contract_create.py::test_create_rejects[opType=NULL-Add-int32]", "has no test [opType=NULL-Add-int32]"),
])
def test_unknown_test_is_an_error(test_id, message, tmp_path, capsys):
    from tools import repro
    code = repro.run(argparse.Namespace(test_id=test_id, out=str(tmp_path / "r"), product="atlas-a2", results=None))
    err = capsys.readouterr().err
    assert code == 2 and message in err, err
    assert len(err.strip().splitlines()) == 1 and not (tmp_path / "r").exists()


def test_the_command_line_refuses_an_unknown_test(tmp_path):
    proc = _write("suites/test_async.py::test_launches", tmp_path / "r")
    assert proc.returncode == 2 and proc.stderr.startswith("harness repro: error: suites/test_async.py::test_launches: "
                                                           "no reproducer for this test; reproducible are "), proc.stderr


def test_contract_record_from_results_sets_the_product(tmp_path):
    test_id = CONTRACT["exec"][0]
    (tmp_path / "results.json").write_text(json.dumps({"tests": [{"id": test_id, "product": "atlas-inference"}]}))
    proc = _write(test_id, tmp_path / "r", "--from", str(tmp_path / "results.json"))
    assert proc.returncode == 0, proc.stderr
    assert "(atlas-inference)" in proc.stdout and "--soc_version=Ascend310P3" in (tmp_path / "r" / "README.md").read_text()
    assert "handle=NULL" in (tmp_path / "r" / "call.txt").read_text()
