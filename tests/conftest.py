"""Helpers for the harness's own tests."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_python(code: str, env: dict | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run a Python snippet in a fresh process (the ACL runtime is per process)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


def run_module(args: list[str], env: dict | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture
def python():
    return run_python


def pytest_configure(config):
    # The quick loop is `pytest tests/ -m "not slow" -n 2`: `slow` marks the end-to-end tests (a whole
    # pytest run, an install, a client build, a crash-isolation child), each >= 1 s on this project's
    # 2-core CI machine. The full `pytest tests/` runs them all.
    config.addinivalue_line("markers", "slow: end-to-end test (child pytest runs, installs, builds); "
                                       "left out of the quick loop with -m 'not slow'")
