"""Removing a run's own outputs, and nothing else (``--report-overwrite``, ``run-products --force``)."""
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
