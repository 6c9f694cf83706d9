"""Nothing outside tests/ reaches into another package's private names or tunes the process.

Every .py file of the project outside ``tests/`` (and any virtual environment, worktree or hidden
directory) is parsed with ``ast``; a finding names file:line. Flagged:

- an import of ``_pytest`` (pytest exports what a plugin may use: ``pytest.TestReport``,
  ``pytest.CallInfo``, ``pytest.StashKey``, ``pytest.fail.Exception``, ...);
- an import of another package's module path with a component starting with ``_``, or of a
  name starting with ``_`` from another package (``__future__`` is the language's own);
- an import of ``allure_pytest`` or any of its modules (its listener, compat and utils are
  internals; a test uses the ``allure`` module and allure-pytest's plugin writes the results);
- a private attribute (``_name``, not a dunder) read or set on one of pytest's objects, by the
  names its hooks give them (``item.session._setupstate``, ``config._x = ...``): pytest's
  ``stash`` is the public place for a plugin's own data;
- a call to ``mallopt``, ``gc.disable``, ``gc.freeze``, ``gc.set_threshold`` or
  ``sys.setswitchinterval``: the process under test runs as it would for any user.
"""
from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIPPED_DIRS = {"tests", "build", "dist", "node_modules", "__pycache__"}
# the project's own top-level packages: their underscore names are theirs to use
OWN = {"harness", "simulator", "fixtures", "reports", "reference", "suites", "tools", "fleet", "conftest", "setup"}
# the names pytest's hooks and fixtures give its objects
PYTEST_OBJECTS = {"config", "session", "item", "pyfuncitem", "request", "node", "report", "rep", "metafunc",
                  "terminalreporter", "parser", "pluginmanager", "excinfo", "callinfo", "call"}
TUNING_CALLS = {("gc", "disable"), ("gc", "freeze"), ("gc", "set_threshold"), ("sys", "setswitchinterval")}


def _private_module(module: str) -> str | None:
    """Why importing ``module`` reaches into another package's internals, or None."""
    parts = module.split(".")
    top = parts[0]
    if top == "__future__" or top in OWN:
        return None
    if top == "_pytest":
        return f"imports {module} (pytest's private package; use the names pytest exports)"
    if top == "allure_pytest":
        return f"imports {module} (allure-pytest's internals; use the allure module)"
    if any(p.startswith("_") for p in parts):
        return f"imports {module} (a private module of another package)"
    return None


def _call_name(func) -> tuple[str, ...]:
    if isinstance(func, ast.Name):
        return (func.id,)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return (func.value.id, func.attr)
    if isinstance(func, ast.Attribute):
        return ("", func.attr)
    return ()


def _holder(value) -> str:
    if isinstance(value, ast.Name):
        return value.id
    if isinstance(value, ast.Attribute):
        return value.attr
    return ""


def _private_attribute_of_pytest(node: ast.Attribute) -> bool:
    private = node.attr.startswith("_") and not (node.attr.startswith("__") and node.attr.endswith("__"))
    return private and _holder(node.value) in PYTEST_OBJECTS


def findings(source: str, filename: str = "<source>") -> list[str]:
    """``file:line: what`` for each private import or process tuning call in ``source``."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        problems = []
        if isinstance(node, ast.Import):
            problems = [_private_module(a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            problems.append(_private_module(node.module))
            top = node.module.split(".")[0]
            if top not in OWN and top != "__future__":
                problems += [f"imports the private name {a.name} from {node.module}"
                             for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and _private_attribute_of_pytest(node):
            problems.append(f"uses the private attribute {node.attr} of pytest's "
                            f"{_holder(node.value)} (use its stash or a public name)")
        elif isinstance(node, ast.Call):
            name = _call_name(node.func)
            if name and name[-1] == "mallopt":
                problems.append("calls mallopt (tunes the process under test)")
            elif name in TUNING_CALLS:
                problems.append(f"calls {'.'.join(name)} (tunes the process under test)")
        out += [(node.lineno, f"{filename}:{node.lineno}: {p}") for p in problems if p]
    return [finding for _, finding in sorted(out)]


def project_files(root: str = ROOT) -> list[str]:
    """The project's .py files outside tests/, virtual environments, worktrees, hidden dirs."""
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        if dirpath != root and (os.path.exists(os.path.join(dirpath, "pyvenv.cfg"))
                                or os.path.isfile(os.path.join(dirpath, ".git"))):
            dirnames[:] = []          # a virtual environment, or another worktree
            continue
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in SKIPPED_DIRS
                             and not d.endswith(".egg-info"))
        files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    return files


def test_no_source_outside_tests_imports_private_names_or_tunes_the_process():
    problems = []
    for path in project_files():
        with open(path, encoding="utf-8") as f:
            problems += findings(f.read(), os.path.relpath(path, ROOT))
    assert problems == [], "\n".join(problems)


def test_the_walk_sees_the_plugin_and_not_the_tests():
    rel = {os.path.relpath(p, ROOT) for p in project_files()}
    assert os.path.join("reports", "plugin", "core.py") in rel and "conftest.py" in rel
    assert not any(p.startswith(("tests" + os.sep, ".venv")) for p in rel)


def test_the_check_flags_each_kind():
    source = "\n".join([
        "from __future__ import annotations",
        "import os, _pytest.runner",
        "from _pytest.reports import TestReport",
        "from allure_pytest import listener",
        "import allure_commons._allure",
        "from pluggy import _hooks",
        "from harness import _private_helper",
        "import gc, sys",
        "gc.freeze()",
        "sys.setswitchinterval(0.1)",
        "libc.mallopt(1, 2)",
        "gc.collect()",
        "item.session._setupstate.teardown_exact(None)",
        "config._aclop_flag = True",
        "self.config.__class__",
    ])
    found = findings(source, "x.py")
    assert [f.split(":")[1] for f in found] == ["2", "3", "4", "5", "6", "9", "10", "11", "13", "14"], found
    assert "private attribute _setupstate of pytest's session" in found[8], found
    assert "x.py:3: imports _pytest.reports" in found[1]
    assert findings("import pytest\nfrom allure_commons.model2 import TestResult\nimport allure\n") == []
