"""``python -m harness <command>``: the harness's command-line tools.

Each command is a module in harness/cli/ with ``add_parser(subparsers)`` and ``run(args) -> int``;
list it in COMMANDS to make it available.
"""
from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = ("info", "run-products", "bench-threads", "bench", "faults", "models", "mutate")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name in COMMANDS:
        module = importlib.import_module(f"harness.cli.{name.replace('-', '_')}")
        module.add_parser(sub)
        modules[name] = module
    args = parser.parse_args(argv)
    return modules[args.command].run(args)


if __name__ == "__main__":
    sys.exit(main())
