"""Shared CANN-shaped installs for tests/simulator/test_install.py and tests/simulator/test_clients.py.

An install takes tens of seconds (the simulator is compiled once more), so each layout is built
once per test run into the base temp dir that pytest-xdist workers share, under a file lock.
"""
from __future__ import annotations

import fcntl
import json
import os
import shlex
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

LAYOUTS = ("cann", "ascend-toolkit")
CC = os.environ.get("CC", "cc")


def needs_cc() -> str:
    cc = shutil.which(CC)
    if cc is None:
        pytest.skip(f"no C compiler ({CC!r} not found): the install and its clients are built from C")
    return cc


def build(base, layout: str | None, soc: str | None = None) -> dict:
    """The install of this layout (None: the default one) and SoC under base, built on first use;
    returns its summary."""
    needs_cc()
    name = f"aclsim-install-{layout or 'default'}-{soc or 'default'}"
    prefix = os.path.join(str(base), name)
    summary = prefix + ".json"
    with open(prefix + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(summary):
            cmd = [sys.executable, "-m", "simulator.install", "--prefix", prefix]
            cmd += ["--layout", layout] if layout else []
            cmd += ["--soc", soc] if soc else []
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
            assert proc.returncode == 0, f"{shlex.join(cmd)} failed:\n{proc.stdout}{proc.stderr}"
            seconds = float(proc.stdout.split("(")[1].split(" s)")[0])
            layout = layout or proc.stdout.split(", layout ")[1].split(",")[0]
            root = os.path.join(prefix, layout)
            home = root if layout == "cann" else os.path.join(root, "latest")
            with open(summary, "w") as f:
                json.dump({"layout": layout, "prefix": prefix, "root": root, "home": home,
                           "set_env": os.path.join(root, "set_env.sh"), "seconds": seconds,
                           "stdout": proc.stdout}, f)
    with open(summary) as f:
        return json.load(f)


def shared_base(tmp_path_factory):
    """A directory every xdist worker of this run sees."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def sourced(install: dict, script: str, env: dict | None = None, cwd: str | None = None,
            timeout: int = 300) -> subprocess.CompletedProcess:
    """Run a bash script after `source set_env.sh`, as a user on an Atlas host would."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("ASCEND_", "ACLSIM_"))}
    return subprocess.run(["bash", "-c", f"source {shlex.quote(install['set_env'])} && {script}"],
                          env={**clean, **(env or {})}, cwd=cwd or ROOT, capture_output=True, text=True,
                          timeout=timeout)


def run_json_script(install: dict, text: str, tmp_path, site: bool = False) -> dict:
    """Run a Python script after `source set_env.sh` (with ``-S`` unless ``site``: no site-packages,
    only the install's PYTHONPATH) in tmp_path; returns the JSON object its last line prints."""
    script = tmp_path / "case.py"
    script.write_text(text)
    flags = "" if site else " -S"
    proc = sourced(install, f"{shlex.quote(sys.executable)}{flags} {script}", cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])
