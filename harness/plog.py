"""The process log (plog) where CANN writes the cause behind a code: located and read the way
CANN writes it (docs/FIDELITY.md "Process log"; RT plog_file_mgr.c, log_overview.md):

- root: ``$ASCEND_PROCESS_LOG_PATH``, else ``$ASCEND_WORK_PATH/log``, else ``$HOME/ascend/log``;
- this process's host files: ``<root>/{debug,run}/plog/plog-<pid>_<timestamp>.log`` (CANN 5.x:
  ``<root>/plog/plog-<pid>_*.log``), and the device logs CANN copies back to the host:
  ``<root>/{debug,run}/device-<id>/device-<pid>_<timestamp>.log``;
- a line: ``[ERROR] ASCENDCL(<pid>,<pname>):<date-time> [<file>:<line>]<tid> <func>:<message>``.

``Watch`` notes where each of this process's log files ends, and after a test reads what the test
added. Reading never fails a test: a log that cannot be read gives no lines.
"""
from __future__ import annotations

import fnmatch
import os
import time

MAX_LINES = 40          # lines kept per failure (the last ones: the cause comes just before the code)
LEVELS = ("ERROR", "WARNING", "EVENT")


def root(environ=os.environ) -> str | None:
    if environ.get("ASCEND_PROCESS_LOG_PATH"):
        return environ["ASCEND_PROCESS_LOG_PATH"]
    if environ.get("ASCEND_WORK_PATH"):
        return os.path.join(environ["ASCEND_WORK_PATH"], "log")
    return os.path.join(environ["HOME"], "ascend", "log") if environ.get("HOME") else None


def files(pid: int | None = None, environ=os.environ) -> list[str]:
    """The log files of process ``pid`` (default: this one), host and device."""
    base = root(environ)
    if base is None:
        return []
    pid = os.getpid() if pid is None else pid
    found = []
    for cls in ("debug", "run"):
        found += _matching(os.path.join(base, cls, "plog"), f"plog-{pid}_*.log")
        for device in _matching(os.path.join(base, cls), "device-*"):
            found += _matching(device, f"device-{pid}_*.log")
    found += _matching(os.path.join(base, "plog"), f"plog-{pid}_*.log")
    return sorted(set(found))


# A log directory holds every process's files and grows run after run (thousands of files; a
# listing costs about 1 ms), and the watch looks before and after every suite test: a directory
# is listed again only when its modification time changed, and a listing taken within RACY_S of
# that time is not kept (a file created in the same clock tick would not change it: git's "racy
# timestamp" rule). Linux filesystems stamp with the kernel's coarse clock (a few ms); on one
# with coarser stamps a file created just after a listing could go unseen until the directory
# changes again: a failure would then miss its log lines, never show another process's.
RACY_S = 0.1
_listings: dict[tuple[str, str], tuple[int, list[str]]] = {}


def _matching(directory: str, pattern: str) -> list[str]:
    try:
        mtime = os.stat(directory).st_mtime_ns
    except OSError:
        return []
    hit = _listings.get((directory, pattern))
    if hit is not None and hit[0] == mtime:
        return hit[1]
    try:
        names = fnmatch.filter(os.listdir(directory), pattern)
    except OSError:
        return []
    paths = [os.path.join(directory, n) for n in sorted(names)]
    if time.time_ns() - mtime > RACY_S * 1e9:
        _listings[(directory, pattern)] = (mtime, paths)
    return paths


class Watch:
    """Where this process's logs end now; ``lines()`` is what was written since."""

    def __init__(self, environ=os.environ):
        self.environ = environ
        self.start = {f: _size(f) for f in files(environ=environ)}

    def lines(self, levels=LEVELS, limit: int = MAX_LINES) -> list[str]:
        out = []
        for f in files(environ=self.environ):
            out += _read_from(f, self.start.get(f, 0))
        wanted = [ln for ln in out if ln.startswith(tuple(f"[{lv}]" for lv in levels))]
        return wanted[-limit:]


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _read_from(path: str, offset: int) -> list[str]:
    try:
        with open(path, "rb") as f:
            f.seek(offset)
            return f.read().decode("utf-8", errors="replace").splitlines()
    except OSError:
        return []
