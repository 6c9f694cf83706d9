"""fixtures/selection.py: which -m expressions let a numeric module be skipped, and the guard."""
import os
import subprocess
import sys
import textwrap

import pytest

from fixtures.selection import can_select

from .conftest import ROOT


@pytest.mark.parametrize("expr,selectable", [
    ("", True),
    ("numeric", True),
    ("not numeric", False),
    ("not (numeric or slow)", False),
    ("not numeric and not slow", False),
    ("numeric and not numeric", False),
    ("slow", True),                       # a numeric test could also be marked slow
    ("slow or numeric", True),
    ("not numeric or slow", True),
    ("not slow", True),
    ('clause("EWH-01")', True),           # marker arguments: not decided, collected
    ("not numeric and clause(id=1)", True),
])
def test_can_select(expr, selectable):
    assert can_select(expr, ("numeric",)) is selectable


def test_too_many_names_are_not_decided():
    expr = "not numeric and " + " and ".join(f"m{i}" for i in range(12))
    assert can_select(expr, ("numeric",)) is True


def _run(tmp_path, body, *args):
    suites = tmp_path / "suites"
    suites.mkdir()
    (suites / "test_numerics_demo.py").write_text(textwrap.dedent(body))
    (tmp_path / "conftest.py").write_text(
        "pytest_plugins = ['fixtures.selection']\n"
        "def pytest_configure(config):\n"
        "    config.addinivalue_line('markers', 'numeric: demo')\n")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "-q", "suites", *args], cwd=tmp_path, env=env, capture_output=True, text=True)


def test_a_test_without_the_module_marker_is_a_usage_error(tmp_path):
    proc = _run(tmp_path, """
        def test_unmarked():
            pass
    """)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0 and "must carry the marker(s) numeric" in out, out[-2000:]


def test_a_deselected_module_is_not_imported(tmp_path):
    body = """
        import pytest
        raise RuntimeError("imported although -m cannot select it")

        @pytest.mark.numeric
        def test_marked():
            pass
    """
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    skipped = _run(tmp_path / "a", body, "-m", "not numeric")
    assert "imported although" not in skipped.stdout + skipped.stderr, skipped.stdout[-2000:]
    assert skipped.returncode == 5                       # no tests: the module was never collected
    imported = _run(tmp_path / "b", body, "-m", "numeric")
    assert "imported although" in imported.stdout + imported.stderr
