"""``python -m tools <command>``: the same commands as ``python -m harness <command>``."""
import sys

from tools.commands import main

if __name__ == "__main__":
    sys.exit(main())
