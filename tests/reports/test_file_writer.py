"""reports/plugin/file_writer.py: result files created by a child process, every one of them, or
a clear account of those that were not; and in a suite run, the Allure results all there."""
import json
import os
import signal
import textwrap

import pytest

from reports.plugin.file_writer import FileWriter
from tests.report_support import run_suite


def _contents(directory) -> dict:
    return {name: (directory / name).read_bytes() for name in os.listdir(directory)}


def test_files_are_written_whole_by_a_child_process(tmp_path):
    writer = FileWriter()
    wanted = {f"{i:04d}-result.json": json.dumps({"i": i, "text": "x" * (i * 37)}).encode() for i in range(300)}
    wanted["ünïcode-π.json"] = "{\"name\": \"τ\"}".encode()
    wanted["empty.txt"] = b""
    wanted["big.bin"] = bytes(range(256)) * 4096            # 1 MiB: many pipe buffers
    for name, data in wanted.items():
        writer.write(str(tmp_path / name), data)
    child = writer._proc
    assert child is not None and child.pid != os.getpid(), "no child process took the files"
    assert writer.close() is None
    assert child.returncode == 0
    assert _contents(tmp_path) == wanted, "a file differs, is missing or a temporary name was left"
    assert writer.sent == len(wanted)


def test_a_file_the_child_cannot_create_is_reported_and_the_others_written(tmp_path):
    writer = FileWriter()
    writer.write(str(tmp_path / "before.json"), b"1")
    missing = tmp_path / "no-such-dir" / "lost-result.json"
    writer.write(str(missing), b"2")
    writer.write(str(tmp_path / "after.json"), b"3")
    problem = writer.close()
    assert problem is not None and "1 file(s) not written" in problem and str(missing) in problem, problem
    assert "No such file or directory" in problem, problem
    assert _contents(tmp_path) == {"before.json": b"1", "after.json": b"3"}


def test_a_child_that_dies_is_replaced_by_writing_here_and_the_loss_said(tmp_path):
    writer = FileWriter()
    writer.write(str(tmp_path / "first.json"), b"1")
    writer._proc.send_signal(signal.SIGKILL)
    writer._proc.wait()
    for i in range(3):              # the first write after the death meets the closed pipe
        writer.write(str(tmp_path / f"later-{i}.json"), str(i).encode())
    problem = writer.close()
    assert problem is not None and "the writer process stopped" in problem, problem
    assert "those it had not written yet are missing" in problem, problem
    assert all((tmp_path / f"later-{i}.json").read_bytes() == str(i).encode() for i in range(3))


def test_a_child_killed_after_the_last_file_is_still_reported(tmp_path):
    writer = FileWriter()
    writer.write(str(tmp_path / "only.json"), b"1")
    writer._proc.send_signal(signal.SIGKILL)
    writer._proc.wait()
    problem = writer.close()           # no write met the closed pipe: the exit status tells
    assert problem is not None and "killed by signal 9 after 1 files" in problem, problem


def test_after_close_files_are_written_in_this_process(tmp_path):
    writer = FileWriter()
    assert writer.close() is None                 # never started: nothing to wait for
    writer.write(str(tmp_path / "late.json"), b"late")
    assert writer._proc is None and (tmp_path / "late.json").read_bytes() == b"late"


SUITE = '''
import os
import signal

import pytest


@pytest.mark.parametrize("i", range(5))
def test_before(i):
    pass


def test_kills_the_writer():
    """The allure results writer of this process dies (as if the OOM killer took it)."""
    me = str(os.getpid())
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                ppid = f.read().rsplit(")", 1)[1].split()[1]
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if ppid == me and b"file_writer.py" in cmdline:
            os.kill(int(pid), signal.SIGKILL)
            return
    raise AssertionError("no writer process")


@pytest.mark.parametrize("i", range(3))
def test_after(i):
    pass
'''


def _suite(tmp_path, body: str):
    suite = tmp_path / "suite"
    suite.mkdir(exist_ok=True)
    (suite / "conftest.py").write_text('pytest_plugins = ["reports.plugin"]\n')
    (suite / "pytest.ini").write_text("[pytest]\n")
    (suite / "test_a.py").write_text(textwrap.dedent(body))
    return str(suite)


def _allure_results(out) -> list[str]:
    return [n for n in os.listdir(out / "allure-results") if n.endswith("-result.json")]


@pytest.mark.slow
def test_a_suite_run_waits_until_every_allure_file_is_written(tmp_path):
    out = tmp_path / "run"
    proc = run_suite(_suite(tmp_path, SUITE.replace("def test_kills", "def _not_a_test")), "--report-dir", str(out))
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert len(_allure_results(out)) == 8
    assert not [n for n in os.listdir(out / "allure-results") if n.endswith(".tmp")]


@pytest.mark.slow
@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_lost_writer_fails_the_run_and_says_so(tmp_path, xdist):
    out = tmp_path / "run"
    proc = run_suite(_suite(tmp_path, SUITE), "--report-dir", str(out), *xdist)
    assert proc.returncode == 3, proc.stdout[-2000:]          # INTERNAL_ERROR: an output may be missing
    assert "ERROR: output not written: allure results" in proc.stdout, proc.stdout[-2000:]
    # the process whose writer died says so whether or not it wrote another file afterwards
    # (under xdist the other worker may run every later test)
    said = ("the writer process stopped" in proc.stdout
            or "the writer process was killed by signal 9" in proc.stdout)
    assert said and "are missing" in proc.stdout, proc.stdout[-2000:]
    assert json.loads((out / "results.json").read_text())["exitstatus"] == 3
    # the tests after the loss still have their results: written in the process itself
    assert len(_allure_results(out)) >= 3
