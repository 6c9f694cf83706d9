"""``python -m harness <command>``: the program entry of the command-line tools.

Not part of the binding library: nothing in ``harness`` imports this module, and it is the only
one of the package that reaches outside it. It hands the command line to ``tools`` (the top-level
package in the checkout, beside ``harness/``; tools/commands.py lists the commands), which
``python -m tools <command>`` runs the same way.
"""
import os
import sys

CHECKOUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv: list[str] | None = None) -> int:
    # tools/ is not installed: make the checkout importable when run from elsewhere.
    if os.path.isdir(os.path.join(CHECKOUT, "tools")) and CHECKOUT not in sys.path:
        sys.path.insert(0, CHECKOUT)
    try:
        from tools.commands import main as tools_main
    except ImportError as exc:
        print(f"harness: error: the command-line tools are not importable ({exc}): "
              "run python -m harness from the project's checkout", file=sys.stderr)
        return 2
    return tools_main(argv, prog="python -m harness")


if __name__ == "__main__":
    sys.exit(main())
