"""The command-line tools (``python -m harness <command>``, also ``python -m tools <command>``).

The top layer: each tool may use the binding (``harness``), ``fixtures``, ``reference`` and
``reports``; nothing below imports a tool. Like ``fixtures/`` this package is not installed: it
is loaded from the checkout.

Each command is a module here with ``add_parser(subparsers)`` and ``run(args) -> int``; list it in
COMMANDS to make it available. ``plugins/`` holds the pytest plugins the tools pass to the
pytest runs they start (``-p tools.plugins.faultlog``, ``-p tools.plugins.shuffle``).
"""
from __future__ import annotations

import argparse
import importlib
import os

# The checkout the tools live in (suites/, simulator/, reports/ are siblings of tools/).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMANDS = ("info", "run-products", "bench-threads", "bench", "faults", "models", "mutate")


def main(argv: list[str] | None = None, prog: str = "python -m tools") -> int:
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name in COMMANDS:
        module = importlib.import_module(f"tools.{name.replace('-', '_')}")
        module.add_parser(sub)
        modules[name] = module
    args = parser.parse_args(argv)
    return modules[args.command].run(args)
