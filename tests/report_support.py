"""A tiny temporary suite that uses reports.plugin and produces controlled results.

``DEMO_FAIL=1`` makes test_numeric_case fail (an "unexpected failure" to inject);
``DEMO_BAD`` (comma-separated) turns on: crash, timeout, harness (fixture bug), acl (AclError in
setup), leak (assertion in teardown), flaky (fails once, passes on rerun), script (a test id with
<script> in it).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CONFTEST = '''
import pytest

pytest_plugins = ["reports.plugin"]


def pytest_addoption(parser):
    parser.addoption("--product", default=None)
    parser.addoption("--soc", default=None)


def pytest_configure(config):
    config.addinivalue_line("markers", "clause(id): contract clause")
'''

SUITE = '''
import os

import numpy as np
import pytest

import reports
from harness.errors import AclError

BAD = set(filter(None, os.environ.get("DEMO_BAD", "").split(",")))
PRODUCT_SHIFT = {"atlas-a2": 0.0, "atlas-inference": 1e-3}


@pytest.mark.clause("EWH-05")
@pytest.mark.parametrize("dtype", ["float16", "float32"])
@pytest.mark.parametrize("n", [3, 4])
def test_numeric_case(request, dtype, n):
    product = request.config.getoption("--product")
    expected = np.linspace(1, 2, n).astype(dtype)
    actual = (expected.astype(np.float64) * (1 + PRODUCT_SHIFT.get(product, 0.0) * n)).astype(dtype)
    err = float(np.max(np.abs(actual.astype(np.float64) - expected) / np.abs(expected)))
    reports.record_metrics(request, {"dtype": dtype, "count": n, "max_rel_error": err, "mere": err / 2,
                                     "max_abs_error": err, "worst": [((0,), float(actual[0]), float(expected[0]), err)],
                                     "failures": []},
                           case=f"Add-{dtype}-[{n}]", actual=actual)
    reports.record(request, "launches", 1)
    assert not (os.environ.get("DEMO_FAIL") and n == 4 and dtype == "float32"), "injected failure: 4 elements differ"


@pytest.mark.clause("EWH-12")
def test_not_supported():
    pytest.skip("not supported on this product: bf16")


@pytest.mark.clause("EWH-10")
def test_other_skip():
    pytest.skip("hazard test: opt in with --run-hazards")


@pytest.mark.clause("EWH-01")
def test_crash(record_property):
    if "crash" in BAD:
        record_property("aclop_outcome", "Crash")
        record_property("aclop_signal", "SIGSEGV")
        pytest.fail("Crash: the isolated child process died with SIGSEGV")


@pytest.mark.clause("EWH-09")
def test_timeout(record_property):
    if "timeout" in BAD:
        record_property("aclop_outcome", "Timeout")
        pytest.fail("Timeout: the test did not finish within 1 s")


@pytest.fixture
def broken():
    if "harness" in BAD:
        raise KeyError("fixture bug")


@pytest.fixture
def acl_setup():
    if "acl" in BAD:
        raise AclError(100000, "aclrtCreateStream(<p>)", "EE1001 invalid parameter")


@pytest.fixture
def leak_check():
    yield
    assert "leak" not in BAD, "objects leaked by the test (kind: count): {'stream': 1}"


@pytest.mark.clause("EWH-07")
def test_uses_fixtures(broken, acl_setup, leak_check):
    pass


@pytest.mark.clause("EWH-06")
def test_flaky(tmp_path_factory):
    if "flaky" in BAD:
        marker = os.path.join(os.environ["DEMO_STATE"], "flaky-ran-once")
        if not os.path.exists(marker):
            open(marker, "w").close()
            assert False, "first attempt fails"


@pytest.mark.clause("EWH-03")
@pytest.mark.parametrize("name", ["<script>alert(1)</script>"])
def test_escaping(name):
    assert "script" not in BAD, f"{name} must show as text"
'''


def write_suite(path) -> str:
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "conftest.py"), "w") as f:
        f.write(textwrap.dedent(CONFTEST))
    with open(os.path.join(path, "test_demo.py"), "w") as f:
        f.write(textwrap.dedent(SUITE))
    with open(os.path.join(path, "pytest.ini"), "w") as f:
        f.write("[pytest]\n")
    os.makedirs(os.path.join(path, "state"), exist_ok=True)
    return str(path)


def run_suite(suite: str, *args: str, env: dict | None = None, timeout: int = 180) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("DEMO_", "PYTEST_XDIST"))}
    full["PYTHONPATH"] = ROOT + os.pathsep + full.get("PYTHONPATH", "")
    full["DEMO_STATE"] = os.path.join(suite, "state")
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-o", "addopts=", suite, *args], cwd=suite, env=full, capture_output=True, text=True,
                          timeout=timeout)


def run_build(*args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reports", "build", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def results(report_dir) -> dict:
    with open(os.path.join(report_dir, "results.json"), encoding="utf-8") as f:
        return json.load(f)


def by_id(data: dict) -> dict:
    return {t["id"]: t for t in data["tests"]}


def waiver(pattern: str, category: str = "value", *, ticket: int = 1, expires: str = "99.0.0") -> str:
    """The body of one [[waiver]] entry for baseline()."""
    return f'''
        pattern = "{pattern}"
        category = "{category}"
        link = "https://tracker.example.com/CANN-{ticket}"
        owner = "qa@example.com"
        expires = "{expires}"'''


def baseline(path, *entries: str, product: str = "atlas-a2") -> str:
    with open(path, "w") as f:
        f.write(f'schema = 1\nproduct = "{product}"\n')
        for e in entries:
            f.write("\n[[waiver]]\n" + textwrap.dedent(e).strip() + "\n")
    return str(path)


def fake_atlas_host(root, devices=(0,), version: str = "25.3.rc1") -> str:
    """A driver install and device nodes as an Atlas host has them, under ``root``."""
    root = str(root)
    os.makedirs(os.path.join(root, "etc"), exist_ok=True)
    with open(os.path.join(root, "etc", "ascend_install.info"), "w") as f:
        f.write("UserName=HwHiAiUser\nDriver_Install_Type=full\nDriver_Install_Path_Param=/opt/drv\n")
    os.makedirs(os.path.join(root, "opt", "drv", "driver"), exist_ok=True)
    with open(os.path.join(root, "opt", "drv", "driver", "version.info"), "w") as f:
        f.write(f"Version={version}\nascendhal_version=7.35.23\npackage_version={version}\n")
    os.makedirs(os.path.join(root, "dev"), exist_ok=True)
    for node in [f"davinci{d}" for d in devices] + ["davinci_manager", "devmm_svm", "hisi_hdc"]:
        open(os.path.join(root, "dev", node), "w").close()
    return root


def as_device_run(report_dir, host_root) -> None:
    """Make a demo run's results.json read as a device run on the fake host (the demo suite has
    no runtime, so it records no backend and no evidence)."""
    from harness import evidence
    path = os.path.join(report_dir, "results.json")
    data = results(report_dir)
    env = data["environment"]
    env["backend"], env["simulator"], env["devices_used"] = "device", False, {"main": 0}
    env["device_evidence"] = evidence.gather(backend="device", devices=[0], root=str(host_root), environ={})
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f)
