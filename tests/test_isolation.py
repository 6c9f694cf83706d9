"""Crash isolation: a crash becomes a failure naming the signal, a hang a timeout, and the run goes on."""
import os
import subprocess
import sys
import textwrap

from .conftest import ROOT

CASES = textwrap.dedent('''
    import ctypes, time
    import pytest

    @pytest.mark.crash_prone
    def test_segfaults():
        ctypes.string_at(0)

    @pytest.mark.crash_prone
    def test_aborts():
        import os
        os.abort()

    @pytest.mark.crash_prone
    def test_hangs():
        time.sleep(600)

    @pytest.mark.crash_prone
    def test_fails_normally():
        assert 1 + 1 == 3, "plain failure inside the child"

    @pytest.mark.crash_prone
    def test_passes_isolated():
        assert sum(range(4)) == 6

    @pytest.mark.crash_prone
    def test_skips_isolated():
        pytest.skip("not supported: reason from the child")

    def test_runs_in_process():
        assert True is not False
''')


def _run(tmp_path, *args):
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["fixtures.isolation"]\n')
    (tmp_path / "test_cases.py").write_text(CASES)
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly", "-rA",
                           "--isolate", "always", "--isolate-timeout", "20", "--junitxml", str(tmp_path / "j.xml"),
                           *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)


def test_crash_hang_and_normal_outcomes_are_contained(tmp_path):
    proc = _run(tmp_path)
    out = proc.stdout
    assert "FAILED test_cases.py::test_segfaults" in out and "SIGSEGV" in out, out
    assert "FAILED test_cases.py::test_aborts" in out and "SIGABRT" in out, out
    assert "FAILED test_cases.py::test_hangs" in out and "Timeout" in out, out
    assert "FAILED test_cases.py::test_fails_normally" in out and "plain failure inside the child" in out, out
    assert "PASSED test_cases.py::test_passes_isolated" in out, out
    assert "SKIPPED" in out and "not supported: reason from the child" in out, out
    assert "PASSED test_cases.py::test_runs_in_process" in out, out
    assert "4 failed, 2 passed, 1 skipped" in out, out
    junit = (tmp_path / "j.xml").read_text()
    assert 'name="aclop_outcome" value="Crash"' in junit and 'name="aclop_signal" value="SIGSEGV"' in junit
    assert 'name="aclop_outcome" value="Timeout"' in junit


def test_never_runs_in_process(tmp_path):
    proc = _run(tmp_path, "--isolate", "never", "-k", "passes or in_process")
    assert "2 passed" in proc.stdout, proc.stdout


def test_what_an_isolated_child_records_reaches_the_parent(tmp_path):
    """reports.record_property / reports.record in a crash-isolation child (where the reports
    plugin itself stays out of the way) end up in the parent's JUnit and results.json."""
    (tmp_path / "conftest.py").write_text(textwrap.dedent('''
        pytest_plugins = ["fixtures.isolation", "reports.plugin"]

        def pytest_addoption(parser):
            parser.addoption("--product", default=None)
            parser.addoption("--soc", default=None)
    '''))
    (tmp_path / "test_rec.py").write_text(textwrap.dedent('''
        import pytest
        import reports

        @pytest.mark.crash_prone
        def test_records_in_child():
            reports.record_property(None, "observed_code", 100021)
            reports.record(None, "launches", 2)
            reports.record_metrics(None, {"max_abs": 0.25, "max_ulp": 3, "passed": True},
                                   case="Add-float32-[4]", op="Add", dtype="float32")
    '''))
    env = {**os.environ, "PYTHONPATH": ROOT}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "--isolate", "always", "--report-dir", str(tmp_path / "run")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stdout[-3000:]
    import json
    import xml.etree.ElementTree as ET
    props = {p.get("name"): p.get("value") for p in ET.parse(tmp_path / "run" / "junit.xml").iter("property")}
    assert props.get("observed_code") == "100021" and props.get("isolated") == "child process", props
    assert "INTERNALERROR" not in proc.stdout + proc.stderr
    rec = json.load(open(tmp_path / "run" / "results.json"))["tests"][0]
    assert rec["metrics"] == {"launches": 2}, rec          # typed, not JUnit's text
    (numeric,) = rec["numeric"]
    assert numeric["metrics"] == {"max_abs": 0.25, "max_ulp": 3, "passed": True}, numeric
    assert numeric["op"] == "Add" and numeric["case"] == "Add-float32-[4]", numeric


def test_undecodable_child_records_are_a_harness_error_not_an_abort(tmp_path, monkeypatch):
    """A child whose records file is not a list of pairs: that test is a HarnessError."""
    from fixtures import isolation
    path = tmp_path / "props.json"
    path.write_text('{"not": "pairs"}')
    try:
        isolation._child_props(str(path))
    except ValueError as exc:
        assert "props.json" in str(exc)
    else:
        raise AssertionError("a malformed records file was accepted")
    assert isolation._child_props(str(tmp_path / "missing.json")) is None


def test_an_isolated_test_between_modules_leaves_no_fixture_behind(tmp_path):
    """The in-process test before an isolated one keeps the module fixture they share; the
    parent tears it down before the next module's test (pytest's own protocol does that)."""
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["fixtures.isolation"]\n')
    (tmp_path / "test_a.py").write_text(textwrap.dedent('''
        import pytest

        @pytest.fixture(scope="module")
        def shared():
            return 1

        def test_in_process(shared):
            assert shared == 1

        @pytest.mark.crash_prone
        def test_isolated_last(shared):
            assert shared == 1
    '''))
    (tmp_path / "test_b.py").write_text("def test_next_module():\n    assert [] == list()\n")
    env = {**os.environ, "PYTHONPATH": ROOT}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-p", "no:xdist", "-rA", "--isolate", "always"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert "3 passed" in proc.stdout and "not torn down" not in proc.stdout, proc.stdout[-3000:]
