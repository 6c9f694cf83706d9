"""A verdict that needs an NPU: "go" only with device evidence in results.json; the simulator
(by its tag, symbols or backend) reads "simulator"; no evidence reads "no device evidence"."""
import json
import os

import pytest

from harness import evidence
from reports.build import policy
from tests.conftest import run_module
from tests.report_support import fake_atlas_host, results, run_build

PASSING = {"Pass": 2000}
RECORDS = [{"id": f"t{i}", "class": "Pass", "clauses": [c]} for i, c in
           enumerate(f"EWH-{n:02d}" for n in range(1, 13) for _ in range(3))]


def _verdict(env):
    return policy.evaluate(policy.load(), "atlas-a2", PASSING, {}, RECORDS, environment=env)


class TaggedRaw:
    def has(self, name):
        return name == "aclsysGetVersionStr"

    def aclsysGetVersionStr(self, pkg, buf):
        buf.value = b"9.1.0-simulator"
        return 0


def test_go_needs_a_driver_and_device_nodes(tmp_path):
    root = fake_atlas_host(tmp_path)
    env = {"backend": "device", "simulator": False,
           "device_evidence": evidence.gather(backend="device", devices=[0], root=root, environ={})}
    v = _verdict(env)
    assert v["verdict"] == "go" and v["device_evidence"] is True and "25.3.rc1" in v["evidence"]
    # the same run with the device node gone, or on the sim backend, is not go
    os.remove(tmp_path / "dev" / "davinci0")
    env["device_evidence"] = evidence.gather(backend="device", devices=[0], root=root, environ={})
    assert _verdict(env)["verdict"] == "no device evidence"
    assert "davinci0" in _verdict(env)["evidence"]


def test_the_simulator_tag_reads_simulator_even_on_a_host_with_a_driver(tmp_path):
    root = fake_atlas_host(tmp_path)

    class Acl:
        raw = TaggedRaw()
    env = {"backend": "device", "simulator": False,
           "device_evidence": evidence.gather(backend="device", devices=[0], acl=Acl(), root=root, environ={})}
    assert _verdict(env)["verdict"] == "simulator"
    assert _verdict({"backend": "sim", "simulator": True})["verdict"] == "simulator"


def test_an_old_results_file_without_evidence_is_no_device_evidence():
    v = _verdict({"backend": "device", "simulator": False})
    assert v["verdict"] == "no device evidence" and "records no device evidence" in v["evidence"]
    # a forged conclusion without the facts behind it is not enough
    forged = {"backend": "device", "device_evidence": {"conclusion": "device", "driver": {}, "device_nodes": {}}}
    assert _verdict(forged)["verdict"] == "no device evidence"


def test_the_release_is_never_go_with_a_product_short_of_evidence():
    assert policy.overall(["go", "no device evidence"], []) == "no device evidence"
    assert policy.overall(["go", "simulator", "no device evidence"], []) == "simulator"
    assert policy.overall(["no device evidence", "no-go"], []) == "no-go"
    assert policy.overall(["go", "go"], []) == "go"


@pytest.mark.slow
def test_a_simulator_run_records_its_evidence_and_builds_simulator(tmp_path):
    run = tmp_path / "run"
    proc = run_module(["pytest", "suites/test_async.py", "-k", "below_minus_one", "-p", "no:randomly",
                       "-p", "no:cacheprovider", "--report-dir", str(run), "--devices", "0-1"],
                      env={"ACLSIM_SOC": "", "ACLSIM_FAULTS": "", "PYTEST_XDIST_WORKER": ""})
    assert proc.returncode == 0, proc.stdout[-3000:]
    env = results(run)["environment"]
    ev = env["device_evidence"]
    assert ev["conclusion"] == "simulator" and ev["aclsim_symbols"] is True, ev
    assert env["devices_used"] == {"main": 0}
    out = tmp_path / "report"
    lenient = tmp_path / "policy.toml"
    lenient.write_text("schema = 1\nrequired_products = []\nrequired_clauses = []\n[max]\n[min]\ntests = 1\n")
    proc = run_build(str(run), "--out", str(out), "--policy", str(lenient))
    verdict = json.load(open(out / "verdict.json"))
    assert proc.returncode == 1 and verdict["overall"] == "simulator", proc.stdout + proc.stderr
    assert verdict["products"]["atlas-a2"]["verdict"] == "simulator"
    html = (out / "index.html").read_text()
    assert "device evidence" in html and "aclsysGetVersionStr" in html
