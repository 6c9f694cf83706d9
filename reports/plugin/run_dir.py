"""Where a run's outputs go, the rule that nothing earlier is ever overwritten silently, and how
many default runs are kept.

- ``--report-dir DIR``: DIR must be missing or empty; a non-empty DIR is a usage error naming it,
  unless ``--report-overwrite`` (which removes only this plugin's outputs from it). Never pruned.
- default: ``reports/out/<product id>/<UTC timestamp>/``, a new directory per run, and the symlink
  ``reports/out/<product id>/latest`` moved to it once its results.json is complete.
- runs that execute no test (``--help``, ``--version``, ``--markers``, ``--fixtures``,
  ``--collect-only``) create nothing.

Retention (``--keep-runs N``, options.py): at the end of a default run, once its own results are
written, the product directory keeps its newest N default runs (by name: the timestamp, then the
``-N`` suffix) and older ones are removed. A default run is a directory named as utc_stamp()
names it that holds LOCK_NAME, which only prepare_report_dir creates; the process that created it
holds an flock on that file until it ends (the kernel drops it when the process dies, also on a
crash), so a run still being written, here or in another pytest process, is never removed. Never
removed either: the run ``latest`` points to, the current run, anything else in the product
directory (other names, files, symlinks, a ``--report-dir`` that happens to lie there).
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import errno
import fcntl
import json
import os
import re
import socket

import pytest

OUTPUTS = ("results.json", "junit.xml", "allure-results")     # what --report-overwrite removes
# options after which pytest runs no test: such a run must create no report directory
NO_RUN_OPTIONS = ("help", "version", "markers", "showfixtures", "show_fixtures_per_test", "collectonly")
# In every default run directory, from its first moment: marks it as one (so retention may count
# and remove it) and carries the flock that says its writer is still alive.
LOCK_NAME = ".aclop-run.lock"
# utc_stamp(), and the "-N" prepare_report_dir adds when that name is taken
RUN_NAME = re.compile(r"(\d{8}T\d{6}Z)(?:-([1-9]\d*))?")
# A run from before run directories had LOCK_NAME is recognised by its results.json, whose
# "environment" (with the options the run was started with) comes first: read this much of it.
RECORDED_OPTIONS_BYTES = 1 << 20
# Set on the config when this run made its directory under reports/out/<product>/ (not --report-dir).
DEFAULT_REPORT_DIR = pytest.StashKey[bool]()


def utc_stamp() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def prepare_report_dir(config, explicit: str | None, product: str | None) -> str:
    if explicit:
        path = os.path.abspath(os.path.join(str(config.invocation_params.dir), explicit))
        if os.path.exists(path) and not os.path.isdir(path):
            raise pytest.UsageError(f"--report-dir {path}: exists and is not a directory")
        if os.path.isdir(path) and os.listdir(path):
            if not config.getoption("--report-overwrite"):
                raise pytest.UsageError(
                    f"--report-dir {path}: directory is not empty (results of an earlier run?); "
                    f"refusing to overwrite it. Choose a new directory, or pass --report-overwrite "
                    f"to replace its results ({', '.join(OUTPUTS)})")
            from ..cleanup import remove_entries
            remove_entries(path, OUTPUTS)
        os.makedirs(path, exist_ok=True)
        return path
    base = os.path.join(str(config.rootpath), "reports", "out", product or "unknown-product")
    os.makedirs(base, exist_ok=True)
    path = new_run_dir(base, utc_stamp())
    hold_run_lock(config, path)
    config.stash[DEFAULT_REPORT_DIR] = True
    return path


def new_run_dir(base: str, stamp: str) -> str:
    """A new directory in ``base`` named ``stamp``, or ``stamp-N`` when runs of that second are
    there already: N above every suffix of that second in use, not the lowest one free. A name
    retention freed would sort before the runs still there, and be the first to go although it
    is the newest run. os.mkdir claims the name: a process that loses a race takes the next."""
    taken = [key[1] for key in map(run_key, os.listdir(base)) if key is not None and key[0] == stamp]
    n = max(taken) + 1 if taken else 0
    while True:
        path = os.path.join(base, stamp if n == 0 else f"{stamp}-{n}")
        try:
            os.mkdir(path)
            return path
        except FileExistsError:
            n += 1


# -- the run lock ------------------------------------------------------------------------------

def create_lock(directory: str) -> int | None:
    """LOCK_NAME in ``directory``, already locked when it appears: it is made and flocked under a
    temporary name, then linked to its name (a link fails if the name exists: only one process
    ever creates it). The open, locked descriptor, or None where this filesystem has no flock or
    no hard links: then no lock file is made and the run goes on; retention cannot lock such a
    directory either, so it never removes it.
    Raises FileExistsError if the directory already has its lock file."""
    tmp = os.path.join(directory, f"{LOCK_NAME}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return None
        os.write(fd, (f"pid {os.getpid()} on {socket.gethostname()}: while this process holds an "
                      f"flock on this file, retention (--keep-runs) leaves the run alone\n").encode())
        try:
            os.link(tmp, os.path.join(directory, LOCK_NAME))
        except FileExistsError:
            os.close(fd)
            raise
        except OSError:               # no hard links here (some network or FUSE filesystems)
            os.close(fd)
            return None
        return fd
    finally:
        os.remove(tmp)


def hold_run_lock(config, path: str) -> None:
    """This run's directory is a default run, held by this process until its config is cleaned
    up (the end of pytest), or until it dies."""
    fd = create_lock(path)
    if fd is not None:
        config.add_cleanup(lambda: os.close(fd))


def try_lock(directory: str) -> int | None:
    """The locked descriptor of ``directory``'s lock file if no live process holds it, else None
    (held, gone meanwhile, or not lockable here: each means "leave it alone")."""
    lock = os.path.join(directory, LOCK_NAME)
    try:
        fd = os.open(lock, os.O_RDWR)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        # the file may have been removed (by another pruner) between our open and our lock
        if os.fstat(fd).st_ino == os.stat(lock).st_ino:
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


# -- which directories are default runs --------------------------------------------------------

def run_key(name: str) -> tuple[str, int] | None:
    """Sort key of a run directory's name (newest is largest): the timestamp, then the "-N"
    suffix as a number (``-10`` is newer than ``-9``). None for any other name."""
    m = RUN_NAME.fullmatch(name)
    return (m.group(1), int(m.group(2) or 0)) if m else None


def recorded_as_default(path: str) -> bool:
    """Whether a run directory without LOCK_NAME (made before there was one) was a default run:
    its results.json records the options it was started with, the directory it wrote into (this
    one) and no --report-dir. Anything unreadable or unexpected answers no: the directory stays."""
    try:
        with open(os.path.join(path, "results.json"), encoding="utf-8", errors="replace") as f:
            head = f.read(RECORDED_OPTIONS_BYTES)
        at = head.index('"options": ') + len('"options": ')
        options, _ = json.JSONDecoder().raw_decode(head, at)
        args, report_dir = options["args"], options["report_dir"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return (isinstance(args, list) and isinstance(report_dir, str)
            and os.path.basename(report_dir) == os.path.basename(path)
            and not any(str(a).startswith("--report-dir") for a in args))


def default_runs(base: str) -> list[str]:
    """The names of the default run directories directly in ``base``, newest first. Symlinks,
    files and other names are not runs; nor is a directory without LOCK_NAME unless its
    results.json says it was a default run (runs from before the lock file existed)."""
    runs = []
    for entry in os.scandir(base):
        if run_key(entry.name) is None or not entry.is_dir(follow_symlinks=False):
            continue
        if os.path.lexists(os.path.join(entry.path, LOCK_NAME)) or recorded_as_default(entry.path):
            runs.append(entry.name)
    return sorted(runs, key=run_key, reverse=True)


def latest_target(base: str) -> str | None:
    """The real path ``base/latest`` points to, if it is a link."""
    link = os.path.join(base, "latest")
    return os.path.realpath(link) if os.path.islink(link) else None


# -- retention ---------------------------------------------------------------------------------

@dataclasses.dataclass
class Pruned:
    """What one run's retention did in its product directory."""
    base: str
    keep: int
    removed: list[str] = dataclasses.field(default_factory=list)
    failed: list[tuple[str, str]] = dataclasses.field(default_factory=list)   # (name, why)

    def lines(self, cwd: str) -> list[tuple[str, bool]]:
        """The terminal summary's lines, (text, is a problem): nothing when nothing happened."""
        where = os.path.relpath(self.base, cwd)
        if where.startswith(os.pardir):
            where = self.base
        out = []
        if self.removed:
            runs = "run" if len(self.removed) == 1 else "runs"
            out.append((f"reports: removed {len(self.removed)} old {runs} from {where} "
                        f"(keeping the newest {self.keep}: --keep-runs)", False))
        out += [(f"reports: could not remove old run {os.path.join(where, name)}: {why}", True)
                for name, why in self.failed]
        return out


def prune_old_runs(config, report_dir: str) -> Pruned | None:
    """After this default run's results are written: remove its product directory's default runs
    beyond the newest --keep-runs. None when this run was not a default run or keeps everything."""
    keep = config.getoption("--keep-runs")
    if not config.stash.get(DEFAULT_REPORT_DIR, False) or not keep:
        return None
    base = os.path.dirname(report_dir)
    pruned = Pruned(base, keep)
    protected = {os.path.realpath(report_dir), latest_target(base)}
    for name in default_runs(base)[keep:]:
        path = os.path.join(base, name)
        if os.path.realpath(path) in protected:
            continue
        why = remove_run(path)
        if why is None:
            pruned.removed.append(name)
        elif why:
            pruned.failed.append((name, why))
    return pruned


def remove_run(path: str) -> str | None:
    """Remove one old default run unless a live process holds it. None when removed; "" when left
    alone (live, or another process is removing it); otherwise why it could not be removed."""
    try:
        fd = try_lock(path) if os.path.lexists(os.path.join(path, LOCK_NAME)) else create_lock(path)
    except FileExistsError:           # another pruner adopted it this instant
        return ""
    except OSError as exc:
        return "" if exc.errno == errno.ENOENT else str(exc)
    if fd is None:
        return ""
    from ..cleanup import remove_run_directory
    try:
        remove_run_directory(path, LOCK_NAME)
    except OSError as exc:
        return str(exc)
    finally:
        os.close(fd)
    return None


# -- the latest link ---------------------------------------------------------------------------

def point_latest(path: str) -> None:
    """<product dir>/latest -> this run (after its results.json is complete)."""
    link = os.path.join(os.path.dirname(path), "latest")
    tmp = f"{link}.{os.getpid()}.tmp"
    try:
        if os.path.lexists(tmp):
            os.remove(tmp)
        os.symlink(os.path.basename(path), tmp)
        os.replace(tmp, link)
    except OSError:
        pass                          # no symlinks here: build takes the newest complete run


def runs_no_test(config) -> bool:
    return any(getattr(config.option, name, False) for name in NO_RUN_OPTIONS)
