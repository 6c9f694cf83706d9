"""The fault-injection matrix (issue 7): the simulator's fault switches and ``python -m harness faults``.

The matrix itself runs the suites dozens of times (tox env ``faults``, CI's reduced run); these
tests check its parts: the switches as the library reports them (the refusal of unknown names
is tests/simulator/test_sim_init.py's), the runner's reduced-subset table, selection merging and its
table/JSON output.
"""
from __future__ import annotations

import json
import os
import re
import types

import pytest

from tests.conftest import ROOT
from tools import faults as fm

DEF_FILE = os.path.join(ROOT, "simulator", "src", "sim_faults.def")


def def_names() -> list[str]:
    """Fault names as written in sim_faults.def (the X-macro list)."""
    with open(DEF_FILE) as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    return re.findall(r'^SIM_FAULT\(\s*\w+\s*,\s*"([a-z0-9_]+)"', text, flags=re.M)


@pytest.fixture(scope="module")
def library_names() -> list[str]:
    return fm.fault_names()         # what the runner iterates over: aclsimFaultNames()


def test_fault_names_lists_every_switch_of_the_def_file(library_names):
    assert library_names == def_names()
    harmful = [n for n in library_names if not n.startswith("benign_")]
    benign = [n for n in library_names if n.startswith("benign_")]
    assert len(harmful) >= 25 and len(benign) >= 3, (harmful, benign)


def test_every_harmful_fault_has_a_reduced_subset(library_names):
    assert set(fm.REDUCED) == set(library_names), (
        f"REDUCED must name exactly the library's faults; extra {set(fm.REDUCED) - set(library_names)}, "
        f"missing {set(library_names) - set(fm.REDUCED)}")
    for name, (selection, env) in fm.REDUCED.items():
        args = list(selection)
        if "-k" in args:
            k = args.index("-k")
            assert k == len(args) - 2 and args[k + 1], f"{name}: -k EXPR must close the selection"
            args = args[:k]
        assert args and all(a.startswith("suites/") for a in args), name
        for a in args:
            assert os.path.isfile(os.path.join(ROOT, a.split("::")[0])), f"{name}: {a} does not exist"
        assert isinstance(env, dict), name


def test_merge_selections_keeps_each_subset():
    merged = fm.merge_selections([
        ("suites/test_a.py::test_one",),
        ("suites/test_b.py", "-k", "x or y"),
        ("suites/test_c.py",),
        ("suites/test_a.py::test_one",),
    ])
    assert merged == ["suites/test_a.py", "suites/test_b.py", "suites/test_c.py", "-k",
                      "test_one or (test_b and (x or y)) or test_c"]


def _fake_matrix() -> list[fm.RunResult]:
    caught = fm.RunResult("exec_null_handle_ok", "harmful", ["suites/"], {}, returncode=1, seconds=3.2,
                          collected=10, failed=["suites/test_x.py::test_a", "suites/test_x.py::test_b[1]",
                                                "suites/test_y.py::test_c", "suites/test_y.py::test_d"],
                          clauses=["EWH-01"])
    hung = fm.RunResult("kernel_hang", "harmful", ["suites/"], {}, returncode=None, seconds=30,
                        failed=["suites/test_n.py::test_op[Cast]"], timed_out=True)
    survivor = fm.RunResult("sync_early", "harmful", ["suites/"], {}, returncode=0, seconds=1)
    benign = fm.RunResult("benign_error_text", "benign", ["suites/"], {}, returncode=0, seconds=1)
    alarm = fm.RunResult("benign_stream_jitter", "benign", ["suites/"], {}, returncode=1, seconds=1,
                         failed=["suites/test_s.py::test_e"])
    conformant = fm.RunResult(fm.CONFORMANT, "conformant", ["suites/"], {}, returncode=0, seconds=9)
    return [conformant, caught, hung, survivor, benign, alarm]


def test_table_and_json_of_a_fake_matrix():
    results = _fake_matrix()
    table = fm.format_table(results)
    lines = table.splitlines()
    assert lines[0].split()[:7] == ["fault", "backend", "kind", "result", "how", "clauses", "failing"]
    row = next(ln for ln in lines if ln.startswith("exec_null_handle_ok"))
    assert "detected" in row and "EWH-01" in row and " 4 " in row
    assert "test_a, test_b[1], test_c, ... (+1)" in row
    assert "timeout" in next(ln for ln in lines if ln.startswith("kernel_hang"))
    assert "survived !!" in next(ln for ln in lines if ln.startswith("sync_early"))
    assert "FALSE ALARM !!" in next(ln for ln in lines if ln.startswith("benign_stream_jitter"))
    assert "clean" in next(ln for ln in lines if ln.startswith("benign_error_text"))

    doc = json.loads(json.dumps(fm.to_json(results, "reduced", 12.3)))
    assert doc["mode"] == "reduced" and doc["schema"] == "aclop-faults/1"
    assert doc["summary"] == {"harmful": 3, "harmful_detected": 2, "benign": 2, "benign_detected": 1,
                              "conformant_runs": 1, "conformant_failed": 0, "survivors": ["sync_early (sim)"],
                              "expected_survivors": {}, "false_alarms": ["benign_stream_jitter (sim)"]}
    by = {r["fault"]: r for r in doc["runs"]}
    assert by["kernel_hang"]["how"] == "timeout" and by["kernel_hang"]["detected"]
    assert by["exec_null_handle_ok"]["failing"] == 4 and by["exec_null_handle_ok"]["ok"]
    assert not by["sync_early"]["ok"] and not by["benign_stream_jitter"]["ok"]


def test_json_output_is_never_overwritten_silently(tmp_path):
    path = tmp_path / "faults.json"
    assert fm.check_output_path(str(path), force=False) is None
    path.write_text("{}")
    assert "refusing to overwrite" in fm.check_output_path(str(path), force=False)
    assert fm.check_output_path(str(path), force=True) is None


def test_shuffle_plugin_is_deterministic_per_seed():
    from tools.plugins import shuffle

    def order(seed):
        items = list(range(50))
        config = types.SimpleNamespace(getoption=lambda name: seed)
        shuffle.pytest_collection_modifyitems(config, items)
        return items

    assert order(3) == order(3)
    assert order(3) != order(4)
    assert sorted(order(3)) == list(range(50))
    assert order(None) == list(range(50))


def test_device_mode_side_by_side_and_sim_only_faults():
    from tools import faults_device as dev
    sim = fm.RunResult("validation_off", "harmful", ["suites/"], {}, returncode=1, collected=4,
                       failed=["suites/test_r.py::test_a"])
    device = fm.RunResult("validation_off", "harmful", ["suites/"], {}, returncode=0, collected=4, backend="device")
    missed = fm.RunResult("query_early", "harmful", ["suites/"], {}, returncode=0, collected=2, backend="device")
    caught = fm.RunResult("query_early", "harmful", ["suites/"], {}, returncode=1, collected=2,
                          failed=["suites/test_q.py::test_c"])
    results = [sim, device, caught, missed]
    assert device.ok and not missed.ok          # a sim-only fault may survive on the device, no other
    summary = fm.summarize(results)
    assert summary["survivors"] == ["query_early (device)"]
    assert list(summary["expected_survivors"]) == ["validation_off (device)"]
    table = dev.side_by_side(results).splitlines()
    assert "sim: result" in table[0] and "device: result" in table[0]
    row = next(ln for ln in table if ln.startswith("query_early"))
    assert "detected (1/2, tests)" in row and "SURVIVED !!" in row
    assert "survived (expected)" in next(ln for ln in table if ln.startswith("validation_off"))
    assert any(ln.startswith("sim-only: validation_off:") for ln in table)
    assert "device: kill rate 0/2 harmful (1 expected: sim-only or advisory)" in table


def test_device_selection_falls_back_to_the_sim_subset():
    from tools import faults_device as dev
    assert dev.selection_for("exec_null_handle_ok", "device", fm.REDUCED) == fm.REDUCED["exec_null_handle_ok"]
    assert dev.selection_for("handle_leak", "device", fm.REDUCED) != fm.REDUCED["handle_leak"]
    assert set(dev.SIM_ONLY) <= set(fm.REDUCED)


def test_install_env_reads_set_env(tmp_path):
    (tmp_path / "cann").mkdir()
    (tmp_path / "cann" / "set_env.sh").write_text("export ASCEND_HOME_PATH=/opt/x\nexport ACLSIM_SOC=bad\n")
    from tools import faults_device as dev
    env = dev.install_env(str(tmp_path))
    assert env["ASCEND_HOME_PATH"] == "/opt/x" and "ACLSIM_SOC" not in env
