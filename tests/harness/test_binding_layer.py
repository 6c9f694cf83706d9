"""harness/ is the binding only: it imports nothing of the layers above it, and its
``python -m harness`` entry still runs every command the README names (the tools in tools/)."""
import ast
import os
import re

import pytest

from tests.conftest import ROOT, run_module
from tools.commands import COMMANDS, main

ABOVE = ("fixtures", "reference", "reports", "tools", "suites", "conftest", "tests")
HARNESS = os.path.join(ROOT, "harness")


def _imported(path: str) -> set[str]:
    """Top-level names of every absolute import in the file, at any depth (lazy ones too)."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) ==
              "import_module" and node.args and isinstance(node.args[0], ast.Constant)):
            names.add(str(node.args[0].value).split(".")[0])
    return names


def test_the_binding_imports_nothing_above_it():
    """harness/__main__.py is the program entry (it hands over to tools/), not the library."""
    modules = sorted(f for f in os.listdir(HARNESS) if f.endswith(".py") and f != "__main__.py")
    assert "acl.py" in modules and "runtime.py" in modules
    wrong = {f: sorted(_imported(os.path.join(HARNESS, f)) & set(ABOVE)) for f in modules}
    wrong = {f: names for f, names in wrong.items() if names}
    assert not wrong, f"binding modules importing the layers above: {wrong}"
    assert not [d for d in os.listdir(HARNESS) if os.path.isdir(os.path.join(HARNESS, d))
                and d != "__pycache__"], "harness/ has no subpackages (the tools are in tools/)"


def _readme_commands() -> list[str]:
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    found = re.findall(r"python -m harness ([a-z][a-z-]*(?: build)?)", text)
    return sorted(set(found))


def test_the_readme_names_the_tools_commands():
    commands = _readme_commands()
    assert {"info", "faults", "mutate", "run-products", "bench-threads"} <= set(commands), commands
    unknown = [c for c in commands if c.split()[0] not in COMMANDS]
    assert not unknown, f"README names commands python -m harness does not have: {unknown}"


@pytest.mark.slow
@pytest.mark.parametrize("entry", ["harness", "tools"])
def test_both_entries_run_the_tools_command_line(entry):
    proc = run_module([entry, "--help"], timeout=60)
    assert proc.returncode == 0, f"python -m {entry} --help:\n{proc.stdout}{proc.stderr}"
    assert f"usage: python -m {entry}" in proc.stdout and "run-products" in proc.stdout, proc.stdout


@pytest.mark.parametrize("command", [c if c != "models" else "models build" for c in COMMANDS])
def test_every_command_answers_help(command, capsys):
    with pytest.raises(SystemExit) as info:
        main([*command.split(), "--help"], prog="python -m harness")
    assert info.value.code == 0
    assert f"usage: python -m harness {command}" in capsys.readouterr().out
