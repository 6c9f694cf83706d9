"""Retention of default runs (--keep-runs, reports/plugin/run_dir.py): the newest N default runs of a
product directory stay, older ones go at the end of a default run; a run still being written, the
run `latest` names, the current run, a --report-dir and anything that is not a default run stay.

Most tests drive the plugin's own code in this process: a real pytest Config parsed from a command
line, prepare_report_dir (the run directory and its lock) and ReportPlugin's pytest_sessionfinish
and pytest_terminal_summary (results.json, `latest`, retention, the summary line); what a run's
tests would have written in between is a few files. The slow tests run `pytest suites/...` in a
copy of this checkout (its own reports/out/), as a user does."""
from __future__ import annotations

import datetime as _dt
import json
import os
import shutil
import subprocess
import sys
import types

import pytest
from _pytest.config import _prepareconfig

from reports.plugin import run_dir
from reports.plugin.core import ReportPlugin
from reports.plugin.options import DEFAULT_KEEP_RUNS
from tests.report_support import ROOT

PRODUCT = "atlas-a2"
LINE_START = "reports: removed "


# -- one default run, in this process --------------------------------------------------------------

class Terminal:
    """What pytest_terminal_summary writes, as lines."""
    def __init__(self):
        self.lines: list[str] = []

    def section(self, title, *args, **kwargs):
        self.lines.append(f"== {title} ==")

    def write_line(self, line, **markup):
        self.lines.append(line)


def parse_config(root, *args):
    """A real pytest Config for a run in ``root`` with the reports plugin's options, nothing else:
    no entry-point plugins, no capture or assertion rewriting of its own (it lives beside this
    test's session). Its cleanup (config._ensure_unconfigure) is the end of that run's pytest."""
    before = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    try:
        return _prepareconfig([str(root), "-s", "--assert=plain", "-p", "no:cacheprovider",
                               "-p", "reports.plugin.options", *args])
    finally:
        if before is None:
            del os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"]
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = before


def default_run(root, *args, worker_too: bool = False) -> tuple[str, list[str]]:
    """One default run's directory creation and finish path: prepare_report_dir as activation.py
    calls it, the files its tests would write, then ReportPlugin's session end as pytest calls
    it, then the end of the process's pytest (which releases the run's lock). With ``worker_too``
    an xdist worker's session end runs first, in the same directory. (path, summary lines)."""
    config = parse_config(root, *args)
    try:
        path = run_dir.prepare_report_dir(config, None, PRODUCT)
        write_test_outputs(path)
        if worker_too:
            worker = ReportPlugin(config, path, PRODUCT, worker=True)
            config.workeroutput = {}
            worker.pytest_sessionfinish(types.SimpleNamespace(exitstatus=0), 0)
        plugin = ReportPlugin(config, path, PRODUCT, worker=False)
        plugin.pytest_sessionfinish(types.SimpleNamespace(exitstatus=0), 0)
        terminal = Terminal()
        plugin.pytest_terminal_summary(terminal)
        return path, terminal.lines
    finally:
        config._ensure_unconfigure()


def write_test_outputs(path) -> None:
    with open(os.path.join(path, "junit.xml"), "w") as f:
        f.write("<testsuites/>\n")
    os.makedirs(os.path.join(path, "allure-results"))
    for n in range(3):
        with open(os.path.join(path, "allure-results", f"{n}-result.json"), "w") as f:
            f.write("{}")


def pruned_lines(lines) -> list[str]:
    return [line for line in lines if line.startswith("reports: ")]


# -- earlier runs, as they are left on disk -----------------------------------------------------------

def product_dir(root) -> str:
    return os.path.join(str(root), "reports", "out", PRODUCT)


def finished_run(root, name, *, results=True) -> str:
    """A default run that ended (or died) long ago: its lock file, nobody holding it."""
    path = os.path.join(product_dir(root), name)
    os.makedirs(path)
    os.close(run_dir.create_lock(path))
    if results:
        write_results(path, ["suites/"])
    write_test_outputs(path)
    return path


def write_results(path, args, report_dir=None) -> None:
    """A results.json as the plugin writes it: the environment (with the run's options) first."""
    options = {"args": args, "cwd": "/x", "report_dir": report_dir or path}
    data = {"schema": "aclop-results/1", "environment": {"product": PRODUCT, "options": options},
            "tests": []}
    with open(os.path.join(path, "results.json"), "w") as f:
        json.dump(data, f)


def runs_in(root) -> list[str]:
    """The directories in the product directory, oldest first by run name."""
    base = product_dir(root)
    return sorted((n for n in os.listdir(base) if os.path.isdir(os.path.join(base, n))
                   and not os.path.islink(os.path.join(base, n))), key=lambda n: run_dir.run_key(n) or (n, 0))


def stamp(second: int) -> str:
    return (_dt.datetime(2025, 1, 1) + _dt.timedelta(seconds=second)).strftime("%Y%m%dT%H%M%SZ")


@pytest.fixture
def root(tmp_path):
    """A checkout of its own: the rootdir (pytest.ini) whose reports/out/ the runs write."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    return tmp_path


@pytest.fixture
def clock(monkeypatch):
    """utc_stamp() as a clock under the test's control: it reads clock.second."""
    state = types.SimpleNamespace(second=0)
    monkeypatch.setattr(run_dir, "utc_stamp", lambda: stamp(state.second))
    return state


# -- the MUST SHOW ------------------------------------------------------------------------------------

def test_seventy_default_runs_leave_no_more_than_the_retention_rule_allows(root, clock):
    """70 default runs with the default rule, 25 per clock second (so names with -N suffixes up to
    -24 come up, and retention frees names while their second lasts): after each, the product
    directory holds the newest min(i, 20) runs exactly, `latest` names the one just made, and the
    summary says what went."""
    made = []
    for i in range(70):
        clock.second = i // 25
        path, lines = default_run(root)
        made.append(os.path.basename(path))
        kept = made[-DEFAULT_KEEP_RUNS:]
        assert runs_in(root) == kept, f"after run {i + 1}"
        assert os.readlink(os.path.join(product_dir(root), "latest")) == made[-1]
        expected = ([f"{LINE_START}1 old run from {product_dir(root)} (keeping the newest 20: --keep-runs)"]
                    if i >= DEFAULT_KEEP_RUNS else [])
        assert pruned_lines(lines) == expected, f"after run {i + 1}"
    assert len(made) == len(set(made)) == 70          # no name was used twice
    for name in kept:                                  # the kept runs are whole
        assert {"results.json", "junit.xml", "allure-results", run_dir.LOCK_NAME} <= set(
            os.listdir(os.path.join(product_dir(root), name)))


# -- the rule ------------------------------------------------------------------------------------------

def test_the_newest_n_by_name_are_kept_with_suffixes_as_numbers(root, clock):
    old = [stamp(0), f"{stamp(0)}-1", f"{stamp(0)}-2", f"{stamp(0)}-9", f"{stamp(0)}-10", stamp(1)]
    for name in old:
        finished_run(root, name)
    clock.second = 2
    path, lines = default_run(root, "--keep-runs", "3")
    assert runs_in(root) == [f"{stamp(0)}-10", stamp(1), os.path.basename(path)]
    assert pruned_lines(lines) == [f"{LINE_START}4 old runs from {product_dir(root)} "
                                   f"(keeping the newest 3: --keep-runs)"]


def test_a_name_freed_by_retention_is_not_taken_again(root, clock):
    """Within one second: a new run sorts after the runs of that second still there, even when a
    lower suffix is free (it would sort before them, and be the first to go)."""
    finished_run(root, f"{stamp(0)}-4")
    path, _ = default_run(root, "--keep-runs", "1")
    assert os.path.basename(path) == f"{stamp(0)}-5" and runs_in(root) == [f"{stamp(0)}-5"]


def test_keep_runs_zero_keeps_every_run(root, clock):
    for n in range(5):
        finished_run(root, f"{stamp(0)}-{n + 1}")
    clock.second = 1
    _, lines = default_run(root, "--keep-runs", "0")
    assert len(runs_in(root)) == 6 and pruned_lines(lines) == []


def test_nothing_removed_prints_nothing(root, clock):
    finished_run(root, stamp(0))
    clock.second = 1
    _, lines = default_run(root, "--keep-runs", "2")
    assert len(runs_in(root)) == 2 and pruned_lines(lines) == []
    assert any(line.startswith("results: ") for line in lines)        # the summary itself was written


def test_a_run_held_by_a_live_process_survives_and_goes_once_that_process_died(root, clock):
    """A sibling run another process is writing now (its lock held, no results.json yet) stays
    however old its name; killed, it is an old crashed run like any other and goes by the rule."""
    live = os.path.join(product_dir(root), stamp(0))
    os.makedirs(live)
    writer = subprocess.Popen(
        [sys.executable, "-c", "import sys; from reports.plugin.run_dir import create_lock; "
         "fd = create_lock(sys.argv[1]); print('locked', fd is not None, flush=True); sys.stdin.read()", live],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().split() == ["locked", "True"]
        finished_run(root, stamp(1))
        clock.second = 2
        _, lines = default_run(root, "--keep-runs", "1")
        assert stamp(0) in runs_in(root) and not os.path.exists(os.path.join(live, "results.json"))
        assert pruned_lines(lines) == [f"{LINE_START}1 old run from {product_dir(root)} "
                                       f"(keeping the newest 1: --keep-runs)"]     # stamp(1) went
    finally:
        writer.kill()                  # SIGKILL: the kernel drops its lock, as on a crash
        writer.wait()
    clock.second = 3
    _, lines = default_run(root, "--keep-runs", "1")
    assert stamp(0) not in runs_in(root) and len(runs_in(root)) == 1
    assert pruned_lines(lines) == [f"{LINE_START}2 old runs from {product_dir(root)} "
                                   f"(keeping the newest 1: --keep-runs)"]


def test_a_lock_held_in_this_process_protects_too(root, clock):
    """flock, not a POSIX record lock: a second descriptor of the same process cannot take it."""
    path = os.path.join(product_dir(root), stamp(0))
    os.makedirs(path)
    fd = run_dir.create_lock(path)
    try:
        assert run_dir.try_lock(path) is None
        clock.second = 1
        default_run(root, "--keep-runs", "1")
        assert stamp(0) in runs_in(root)
    finally:
        os.close(fd)
    fd = run_dir.try_lock(path)
    assert fd is not None
    os.close(fd)


def test_the_target_of_latest_stays(root, clock):
    for second in range(3):
        finished_run(root, stamp(second))
    os.symlink(stamp(0), os.path.join(product_dir(root), "latest"))
    # pytest_sessionfinish moves `latest` to the new run first: retention must read it as it is
    # then, so this checks the rule itself with a link to the oldest run
    config = parse_config(root, "--keep-runs", "1")
    try:
        config.stash[run_dir.DEFAULT_REPORT_DIR] = True
        pruned = run_dir.prune_old_runs(config, os.path.join(product_dir(root), stamp(2)))
    finally:
        config._ensure_unconfigure()
    assert runs_in(root) == [stamp(0), stamp(2)] and pruned.removed == [stamp(1)]


def test_a_report_dir_run_never_prunes_and_is_never_pruned(root, clock):
    """--report-dir: no retention after it, and a --report-dir that lies in reports/out/<product>/
    with a run's name is not a default run (no lock file, results.json says --report-dir)."""
    for second in range(3):
        finished_run(root, stamp(second))
    explicit = os.path.join(product_dir(root), stamp(3))
    config = parse_config(root, "--keep-runs", "1")
    try:
        assert run_dir.prepare_report_dir(config, explicit, PRODUCT) == explicit
        write_results(explicit, ["suites/", "--report-dir", explicit])
        assert run_dir.prune_old_runs(config, explicit) is None
        assert not os.path.exists(os.path.join(explicit, run_dir.LOCK_NAME))
    finally:
        config._ensure_unconfigure()
    assert len(runs_in(root)) == 4
    clock.second = 4
    default_run(root, "--keep-runs", "1")
    assert runs_in(root) == [stamp(3), stamp(4)]                  # the explicit one stays


def test_entries_that_are_not_default_runs_stay(root, clock, tmp_path_factory):
    """Other names, files, a symlink with a run's name to a finished run elsewhere, an empty
    directory with a run's name: all stay; and a removed run's symlinks are not followed."""
    base = product_dir(root)
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    old = finished_run(root, stamp(0))
    os.makedirs(os.path.join(elsewhere, "data"))
    (elsewhere / "data" / "keep.bin").write_text("mine")
    os.symlink(os.path.join(elsewhere, "data"), os.path.join(old, "data"))
    os.makedirs(os.path.join(base, "notes"))                        # another name
    os.makedirs(os.path.join(base, stamp(1)))                       # a run's name, nothing in it
    with open(os.path.join(base, f"{stamp(2)}"), "w") as f:         # a file with a run's name
        f.write("mine")
    target = finished_run(elsewhere, "target")                     # a run outside reports/out/<product>/
    os.symlink(target, os.path.join(base, stamp(3)))                # linked in with a run's name
    os.makedirs(os.path.join(base, f"{stamp(4)}-01"))                # not a name utc_stamp() makes
    with open(os.path.join(base, "README"), "w") as f:
        f.write("mine")
    clock.second = 5
    default_run(root, "--keep-runs", "1")
    assert sorted(os.listdir(base)) == sorted(["notes", stamp(1), stamp(2), stamp(3), f"{stamp(4)}-01",
                                               "README", stamp(5), "latest"])
    assert (elsewhere / "data" / "keep.bin").read_text() == "mine"
    assert {"results.json", "junit.xml", "allure-results", run_dir.LOCK_NAME} <= set(os.listdir(target))


def test_runs_from_before_the_lock_file_count_by_their_results(root, clock):
    """A directory with no lock file is a default run when its results.json says so (options:
    no --report-dir, this directory); a crashed one of those (no results.json) stays."""
    base = product_dir(root)
    for second, args in ((0, ["suites/"]), (1, ["suites/", "-n", "2"]), (2, ["suites/", "--report-dir=x"])):
        os.makedirs(os.path.join(base, stamp(second)))
        write_results(os.path.join(base, stamp(second)), args)
    os.makedirs(os.path.join(base, stamp(3)))                        # recorded another directory
    write_results(os.path.join(base, stamp(3)), ["suites/"], report_dir="/elsewhere/20990101T000000Z")
    clock.second = 4
    _, lines = default_run(root, "--keep-runs", "1")
    assert runs_in(root) == [stamp(2), stamp(3), stamp(4)]
    assert pruned_lines(lines)[0].startswith(f"{LINE_START}2 old runs ")


def test_an_xdist_worker_removes_nothing(root, clock):
    """Only the controller (or the only process) prunes: a worker's session end leaves the runs,
    and the controller's then prunes once."""
    for second in range(3):
        finished_run(root, stamp(second))
    clock.second = 3
    config = parse_config(root, "--keep-runs", "1")
    try:
        path = run_dir.prepare_report_dir(config, None, PRODUCT)
        config.workeroutput = {}
        worker = ReportPlugin(config, path, PRODUCT, worker=True)
        worker.pytest_sessionfinish(types.SimpleNamespace(exitstatus=0), 0)
        assert len(runs_in(root)) == 4 and getattr(worker, "pruned", None) is None
        terminal = Terminal()
        worker.pytest_terminal_summary(terminal)
        assert pruned_lines(terminal.lines) == []
    finally:
        config._ensure_unconfigure()
    clock.second = 4
    _, lines = default_run(root, "--keep-runs", "1", worker_too=True)
    assert len(runs_in(root)) == 1 and pruned_lines(lines)[0].startswith(f"{LINE_START}4 old runs ")


def test_a_run_that_cannot_be_removed_is_said_and_the_rest_goes_on(root, clock, monkeypatch):
    for second in range(3):
        finished_run(root, stamp(second))
    from reports import cleanup
    real = cleanup.remove_run_directory

    def refuse_the_oldest(path, lock_name):
        if os.path.basename(path) == stamp(0):
            raise PermissionError(13, "Permission denied", path)
        real(path, lock_name)
    monkeypatch.setattr(cleanup, "remove_run_directory", refuse_the_oldest)
    clock.second = 3
    _, lines = default_run(root, "--keep-runs", "1")
    assert runs_in(root) == [stamp(0), stamp(3)]
    where = product_dir(root)
    assert pruned_lines(lines) == [
        f"{LINE_START}2 old runs from {where} (keeping the newest 1: --keep-runs)",
        f"reports: could not remove old run {os.path.join(where, stamp(0))}: [Errno 13] Permission denied: "
        f"'{os.path.join(where, stamp(0))}'"]
    assert os.path.exists(os.path.join(where, stamp(0), run_dir.LOCK_NAME))   # tried again next time


def test_a_filesystem_without_hard_links_runs_and_removes_nothing(root, clock, monkeypatch):
    """No lock file can be made there: runs go on, and none is removed (a run without its lock
    file could be one still being written; to remove one, retention must lock it first)."""
    def no_links(src, dst):
        raise OSError(1, "Operation not permitted")
    monkeypatch.setattr(os, "link", no_links)
    made = []
    for second in range(3):
        clock.second = second
        path, lines = default_run(root, "--keep-runs", "1")
        made.append(os.path.basename(path))
        assert not os.path.exists(os.path.join(path, run_dir.LOCK_NAME)) and pruned_lines(lines) == []
    assert runs_in(root) == made


@pytest.mark.parametrize("value", ["abc", "-1", "2.5", ""])
def test_a_bad_keep_runs_is_a_usage_error_naming_the_option(root, value):
    with pytest.raises(pytest.UsageError, match=r"argument --keep-runs: expected a whole number >= 0"):
        parse_config(root, f"--keep-runs={value}")


# -- real runs of the suites ------------------------------------------------------------------------

def checkout_copy(dest) -> str:
    """This checkout's pytest side (conftest, suites, fixtures, reference, reports; the harness and
    simulator are the installed ones), so that real default runs write a reports/out/ of their own
    and never prune the developer's."""
    skip = shutil.ignore_patterns("__pycache__", "out", ".hypothesis")
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy2(os.path.join(ROOT, name), os.path.join(dest, name))
    for name in ("suites", "fixtures", "reference", "reports"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(dest, name), ignore=skip)
    return str(dest)


def run_pytest(checkout, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-o", "addopts=", "suites/test_async.py", "-n", "2", "-q", *args],
                          cwd=checkout, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_real_default_runs_of_the_suites_prune_and_say_so(tmp_path):
    """`pytest suites/test_async.py -n 2 --keep-runs 2`, then `--keep-runs 1`, in a checkout with
    four old runs (one still written by a live process), a --report-dir that lies there and a
    file: the line, then exactly the rule's runs left; --collect-only creates and removes nothing."""
    checkout = checkout_copy(tmp_path)
    for second in range(3):
        finished_run(checkout, stamp(second))
    live = os.path.join(product_dir(checkout), stamp(3))
    os.makedirs(live)
    held = run_dir.create_lock(live)
    explicit = os.path.join(product_dir(checkout), stamp(4))
    os.makedirs(explicit)
    write_results(explicit, ["suites/", "--report-dir", explicit])
    with open(os.path.join(product_dir(checkout), "notes.txt"), "w") as f:
        f.write("mine")
    try:
        first = run_pytest(checkout, "--keep-runs", "2")
        assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
        where = os.path.join("reports", "out", PRODUCT)
        assert f"{LINE_START}3 old runs from {where} (keeping the newest 2: --keep-runs)" in first.stdout
        new = os.readlink(os.path.join(product_dir(checkout), "latest"))
        # the newest two by name: the new run and the live stamp(3); stamp(4) is not a default run
        assert runs_in(checkout) == [stamp(3), stamp(4), new]
        with open(os.path.join(product_dir(checkout), new, "results.json")) as f:
            assert json.load(f)["counts"]["Pass"] > 0
        second = run_pytest(checkout, "--keep-runs", "1")
        assert second.returncode == 0, second.stdout[-3000:]
        # the newest one is the new run; stamp(3), past the rule, stays while its writer lives
        assert f"{LINE_START}1 old run from {where} (keeping the newest 1: --keep-runs)" in second.stdout
        newer = os.readlink(os.path.join(product_dir(checkout), "latest"))
        assert runs_in(checkout) == [stamp(3), stamp(4), newer]
    finally:
        os.close(held)
    listing = sorted(os.listdir(product_dir(checkout)))
    only = run_pytest(checkout, "--keep-runs", "1", "--collect-only")
    assert only.returncode == 0 and LINE_START not in only.stdout
    assert sorted(os.listdir(product_dir(checkout))) == listing       # nothing made, nothing removed
    assert "notes.txt" in listing
