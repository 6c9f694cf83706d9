"""The command line of ``python -m harness`` / ``python -m tools``: one subcommand per tool.

Each command is a module of tools/ with ``add_parser(subparsers)`` and ``run(args) -> int``; list
it in COMMANDS to make it available.
"""
from __future__ import annotations

import argparse
import importlib

COMMANDS = ("info", "run-products", "bench-threads", "bench", "faults", "models", "mutate", "repro", "abi", "plan")


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
