"""Device mode (``--backend device``) on a runtime that is not the simulator: the stand-in of
simulator/install/standin.py (the simulator with every aclsim* symbol hidden) is what the harness
sees on an Atlas host, so these tests cover the fixtures' device paths."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from simulator.install.standin import build
from tests.conftest import ROOT, run_python

# Capabilities a skip on a non-simulator runtime must name (fixtures/runtime.py, threads.py, suites).
CAPABILITY = re.compile(r"lacks|--run-hazards|--run-slow-on-hardware|this host is")


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    return build(str(tmp_path_factory.mktemp("standin")))


def _pytest(standin, tmp_path, *args, env=None, timeout=600):
    cmd = [sys.executable, "-m", "pytest", *standin.pytest_args(), "-p", "no:randomly", "-p", "no:cacheprovider",
           "-rs", "--model-dir", str(tmp_path / "models"), "--report-dir", str(tmp_path / "run"), *args]
    return subprocess.run(cmd, cwd=ROOT, env={**os.environ, **standin.env(), "ACLSIM_SOC": "", **(env or {})},
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_the_standin_exports_the_abi_and_no_aclsim_symbol(standin):
    proc = run_python(f"""
import ctypes
lib = ctypes.CDLL({standin.library!r})
print(all(hasattr(lib, n) for n in ("aclInit", "aclopExecWithHandle", "aclrtGetMemInfo")),
      [n for n in ("aclsimVersion", "aclsimLiveObjectCount", "aclsimStreamPause", "aclsimValidationLogCount")
       if hasattr(lib, n)])
""")
    assert proc.stdout.split() == ["True", "[]"], proc.stdout + proc.stderr


@pytest.mark.slow
def test_device_mode_runs_isolation_leak_checks_and_capability_skips(standin, tmp_path):
    """A slice of every device path: crash-prone tests in child processes, the misuse tests'
    outcome part, timing-free async tests; no INTERNALERROR, every skip names what is missing."""
    proc = _pytest(standin, tmp_path, "suites/test_async.py", "suites/test_events.py", "suites/test_stream_rules.py",
                   "-k", "not stream_rules or is_reported or is_not_reported")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "INTERNALERROR" not in out, out[-4000:]
    assert "backend: device" in out and "leak check: ledger of typed objects; device memory (aclrtGetMemInfo)" in out
    skips = [line for line in out.splitlines() if line.startswith("SKIPPED")]
    assert skips and all(CAPABILITY.search(line) for line in skips), "\n".join(skips)
    tests = json.load(open(tmp_path / "run" / "results.json"))["tests"]
    isolated = [t for t in tests if "device_error" in t["id"]]
    # the device page-fault tests are hazards there: skipped by default, naming the opt-in
    assert isolated and all(t["class"] == "Pass" or (t["class"] == "Skip" and "--run-hazards" in t["message"])
                            for t in isolated), isolated
    (tmp_path / "hazards").mkdir()
    opted_in = _pytest(standin, tmp_path / "hazards", "suites/test_async.py", "-k", "device_error", "--run-hazards")
    tests = json.load(open(tmp_path / "hazards" / "run" / "results.json"))["tests"]
    assert opted_in.returncode == 0 and len(tests) == len(isolated) and all(
        t["class"] == "Pass" for t in tests), opted_in.stdout[-3000:]


@pytest.mark.slow
def test_leak_check_on_device_finds_objects_and_memory_not_given_back(standin):
    """Without the simulator's counters: the ledger names a typed stream left open, and
    aclrtGetMemInfo the bytes of a raw aclrtMalloc never freed; a clean test passes."""
    proc = run_python("""
import ctypes, json
from harness.session import HarnessSession, Options
from harness.acl import Device, Stream
from fixtures.runtime import LeakCheck
s = HarnessSession(Options(backend="device"))
dev = Device(s.acl, 0)
out = {"simulator": s.acl.is_simulator, "live_counts": s.acl.has_live_counts}
clean = LeakCheck(s, None)
Stream(s.acl).close()
out["clean"] = clean.problems()
leaky = LeakCheck(s, None)
kept = Stream(s.acl)
ptr = ctypes.c_void_p()
assert s.acl.raw.aclrtMalloc(ctypes.byref(ptr), 1 << 20, 0) == 0
out["leaky"] = leaky.problems()
print(json.dumps(out))
""", env={**standin.env(), "ACLSIM_SOC": ""})
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    assert out["simulator"] is False and out["live_counts"] is False, out
    assert out["clean"] == [], out
    typed, memory = out["leaky"]
    assert "{'Stream': 1}" in typed, typed
    assert "aclrtGetMemInfo" in memory and "bytes not given back" in memory, memory
    given_back = int(re.search(r"(\d+) bytes not given back", memory).group(1))
    assert given_back >= 1 << 20, memory


@pytest.mark.slow
def test_product_that_disagrees_with_the_device_is_warned_about_and_recorded(standin, tmp_path):
    proc = _pytest(standin, tmp_path, "suites/test_async.py", "-k", "below_minus_one", "--product", "atlas-inference")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    assert ("WARNING: --product atlas-inference disagrees with the SoC the runtime reports, Ascend910B1 "
            "(atlas-a2)") in out, out[:3000]
    env = json.load(open(tmp_path / "run" / "results.json"))["environment"]
    assert env["product"] == "atlas-inference" and "Ascend910B1, which is atlas-a2" in env["product_source"], env


# ------------------------------------------------------------------ strict-only findings, end to end
# float16 accumulation in ReduceSumD (fault reduce_sum_fp16_accumulate) fails only this project's
# accumulate rule, inside the documented standard (tools/faults_device.py ADVISORY_ON_DEVICE); the
# default [numeric] policy (reports/policy.toml) fails it on the simulator, not on a device.
STRICT_FAULT = {"ACLSIM_FAULTS": "reduce_sum_fp16_accumulate"}
STRICT_CASES = ("suites/test_numerics.py", "-k", "ReduceSumD and float16 and 3x5")


def _numeric(tests):
    """{test id: [standards of each record with failures]}."""
    return {t["id"]: [n["details"]["standards"] for n in t.get("numeric", []) if n.get("failures")] for t in tests}


@pytest.mark.slow
def test_strict_only_findings_are_advisory_on_a_device_and_fail_on_the_simulator(standin, tmp_path):
    dev = _pytest(standin, tmp_path / "device", *STRICT_CASES, env=STRICT_FAULT, timeout=300)
    out = dev.stdout + dev.stderr
    assert dev.returncode == 0 and "backend: device" in out, out[-3000:]
    tests = json.load(open(tmp_path / "device" / "run" / "results.json"))["tests"]
    found = {tid: st for tid, st in _numeric(tests).items() if st}
    assert len(found) >= 3, "the fault left no numeric finding: the check tests nothing"
    for tid, sts in found.items():      # every finding strict-only and advisory; the test passed
        assert all(s["strict_only"] and s["documented"]["passed"] and not s["project"]["passed"]
                   and s["class"] == "accumulate" and s["action"] == "advisory" for s in sts), (tid, sts)
    assert {t["class"] for t in tests if t["id"] in found} == {"Pass"}

    sim_dir = tmp_path / "sim"
    sim = subprocess.run([sys.executable, "-m", "pytest", *STRICT_CASES, "--backend", "sim", "-p", "no:randomly",
                          "-p", "no:cacheprovider", "--model-dir", str(sim_dir / "models"),
                          "--report-dir", str(sim_dir / "run")],
                         cwd=ROOT, env={**os.environ, **STRICT_FAULT, "ACLSIM_SOC": ""}, capture_output=True,
                         text=True, timeout=300)
    assert sim.returncode == 1, sim.stdout[-3000:] + sim.stderr[-3000:]
    sim_tests = json.load(open(sim_dir / "run" / "results.json"))["tests"]
    failed = {t["id"] for t in sim_tests if t["class"] == "Fail"}
    assert failed == set(found), (sorted(failed ^ set(found)))
    assert all(s["strict_only"] and s["action"] == "fail" for t in sim_tests if t["id"] in failed
               for s in _numeric([t])[t["id"]])

    report = tmp_path / "report"
    subprocess.run([sys.executable, "-m", "reports", "build", str(tmp_path / "device" / "run"), "--out", str(report)],
                   cwd=ROOT, capture_output=True, text=True, timeout=120)      # no-go: a 24-test run; read the views
    summary = (report / "summary.md").read_text()
    group = summary.split("## Strict-only numeric findings", 1)[1].split("\n## ", 1)[0]
    for tid in found:
        assert f"`{tid}`" in group and group.split(f"`{tid}`", 1)[1].splitlines()[0].count("**advisory**") == 1, tid
    assert 'id="strict-only-table"' in (report / "index.html").read_text()


@pytest.mark.slow
def test_a_failure_on_the_standin_carries_the_recent_message_and_the_plog_lines(standin, tmp_path):
    """On a runtime that is not the simulator (CANN's ABI only), a failing test's record holds the
    runtime's aclGetRecentErrMsg text and the ERROR lines it wrote to its process log during the
    test, with the code's meaning."""
    log = tmp_path / "log"
    proc = _pytest(standin, tmp_path, "suites/test_optional_inputs.py", "--no-rerun", "-x",
                   env={"ACLSIM_FAULTS": "optional_null_rejected", "ASCEND_PROCESS_LOG_PATH": str(log)})
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1 and "backend: device" in out, out[-3000:]
    failed = [t for t in json.load(open(tmp_path / "run" / "results.json"))["tests"] if t["class"] == "Fail"]
    assert failed, out[-3000:]
    rec = failed[0]
    lines = rec["metrics"]["device_log"]
    assert lines and all(ln.startswith(("[ERROR]", "[WARNING]", "[EVENT]")) for ln in lines), rec
    assert any("145000" in ln for ln in lines), lines                  # the code CANN's log names
    assert list(log.rglob("plog-*.log")), list(log.rglob("*"))        # CANN's place, under the given root
    msg = rec["message"]
    assert "got 145000 ACL_ERROR_GE_PARAM_INVALID (GE parameter invalid" in msg, msg[:2000]   # the code's meaning
    assert "runtime message: 'EH9999: [Check][Param]Input[2]" in msg, msg[:2000]           # aclGetRecentErrMsg
