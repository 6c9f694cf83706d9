"""harness/plog.py and the simulator's process log: CANN's place (ASCEND_PROCESS_LOG_PATH >
ASCEND_WORK_PATH/log > $HOME/ascend/log; debug/plog/plog-<pid>_<timestamp>.log) and line form, and
the lines a test adds read back after it."""
import os
import re
import subprocess
import sys

from harness import plog
from tests.conftest import ROOT

LINE = re.compile(r"^\[ERROR\] ASCENDCL\((\d+),[^)]*\):\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d\.\d{3}\.\d{3} "
                  r"\[[\w.]+:\d+\]\d+ \w+:EH0002: Argument handle must not be null\. \(error 100000\)$")


def test_the_root_follows_cann_s_order():
    assert plog.root({"ASCEND_PROCESS_LOG_PATH": "/p", "ASCEND_WORK_PATH": "/w", "HOME": "/h"}) == "/p"
    assert plog.root({"ASCEND_WORK_PATH": "/w", "HOME": "/h"}) == "/w/log"
    assert plog.root({"HOME": "/h"}) == "/h/ascend/log"
    assert plog.root({}) is None


def test_a_watch_reads_what_was_written_since(tmp_path):
    env = {"ASCEND_PROCESS_LOG_PATH": str(tmp_path)}
    d = tmp_path / "debug" / "plog"
    d.mkdir(parents=True)
    f = d / f"plog-{os.getpid()}_20261205120000000.log"
    f.write_text("[ERROR] ASCENDCL(1,x):old line\n")
    other = d / "plog-1_20261205120000000.log"           # another process's file: not ours
    other.write_text("[ERROR] ASCENDCL(1,x):another process\n")
    watch = plog.Watch(env)
    with open(f, "a") as out:
        out.write("[INFO] ASCENDCL(1,x):not an error\n[ERROR] ASCENDCL(1,x):new line\n")
    dev = tmp_path / "debug" / "device-0"
    dev.mkdir()
    (dev / f"device-{os.getpid()}_20261205120000000.log").write_text("[ERROR] CCECPU(5,aicpu):device line\n")
    assert sorted(watch.lines()) == ["[ERROR] ASCENDCL(1,x):new line", "[ERROR] CCECPU(5,aicpu):device line"]


def test_the_simulator_writes_its_failures_there_in_cann_s_form(tmp_path):
    code = ("import harness.loader as l, ctypes; from harness.runtime import Acl; a = Acl(l.load('sim', None)); "
            "a.init(); print(a.raw.aclopExecWithHandle(None, 0, None, 0, None, None))")
    env = dict(os.environ, ASCEND_PROCESS_LOG_PATH=str(tmp_path), PYTHONPATH=ROOT)
    env.pop("ASCEND_LOG_PRINT_TO_STDOUT", None)
    env.pop("ASCEND_SLOG_PRINT_TO_STDOUT", None)
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "100000"
    logs = list((tmp_path / "debug" / "plog").glob("plog-*_*.log"))
    assert len(logs) == 1 and re.fullmatch(r"plog-\d+_\d{17}\.log", logs[0].name), logs
    lines = logs[0].read_text().splitlines()
    assert any(LINE.match(ln) for ln in lines), lines
    env["ASCEND_GLOBAL_LOG_LEVEL"] = "4"                    # null: nothing written
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert len(list((tmp_path / "debug" / "plog").glob("plog-*_*.log"))) == 1


def test_a_listing_is_reused_until_the_directory_changes_and_never_when_racy(tmp_path, monkeypatch):
    """Thousands of other processes' files: the directory is listed again only when it changed,
    and a listing taken right after a change is not kept (a file created in that clock tick)."""
    env = {"ASCEND_PROCESS_LOG_PATH": str(tmp_path)}
    d = tmp_path / "run" / "plog"
    d.mkdir(parents=True)
    for i in range(50):
        (d / f"plog-{100000 + i}_1.log").write_text("x\n")
    old = 1_000_000_000 * 1_000_000_000                    # 2001: long before the listing
    os.utime(d, ns=(old, old))
    listed = []
    real = os.listdir
    monkeypatch.setattr(plog.os, "listdir", lambda p: listed.append(p) or real(p))
    assert plog.files(environ=env) == [] and plog.files(environ=env) == []
    assert listed.count(str(d)) == 1                       # the second look used the listing
    mine = d / f"plog-{os.getpid()}_2.log"
    mine.write_text("[ERROR] new\n")                       # the directory's time moves: listed again
    assert plog.files(environ=env) == [str(mine)] and plog.files(environ=env) == [str(mine)]
    assert listed.count(str(d)) == 3                       # a racy listing (just changed) is not kept
