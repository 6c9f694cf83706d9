"""Removing a run's own outputs, and nothing else (``--report-overwrite``, ``run-products --force``),
and removing a whole old run directory (retention, ``reports/plugin/run_dir.py``)."""
from __future__ import annotations

import os
import shutil


def remove_entries(directory: str, names) -> None:
    """Remove the files or folders ``names`` directly inside ``directory`` (a symlink itself, never
    what it points to); anything else in ``directory`` stays."""
    for name in names:
        target = os.path.join(directory, name)
        if os.path.isdir(target) and not os.path.islink(target):
            shutil.rmtree(target)
        elif os.path.lexists(target):
            os.remove(target)


def remove_run_directory(directory: str, lock_name: str) -> None:
    """Remove ``directory`` and everything in it, its lock file ``lock_name`` last, then the
    directory itself. The caller holds that lock: until the file is gone, another process finds
    it held and leaves the directory alone; after, it finds no lock file and no results.json, so
    no run. Symlinks inside are removed, never followed. Raises OSError on the first failure
    (the lock file then stays, so the next retention tries again)."""
    remove_entries(directory, [name for name in os.listdir(directory) if name != lock_name])
    lock = os.path.join(directory, lock_name)
    if os.path.lexists(lock):
        os.remove(lock)
    os.rmdir(directory)
