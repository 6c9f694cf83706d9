"""The command-line tools (``python -m harness <command>``, also ``python -m tools <command>``).

The top layer: each tool may use the binding (``harness``), ``fixtures``, ``reference`` and
``reports``; nothing below imports a tool. Like ``fixtures/`` this package is not installed: it
is loaded from the checkout.

One module per command (tools/commands.py lists them and parses the command line);
``plugins/`` holds the pytest plugins the tools pass to the pytest runs they start
(``-p tools.plugins.faultlog``, ``-p tools.plugins.shuffle``).
"""
import os

# The checkout the tools live in (suites/, simulator/, reports/ are siblings of tools/).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
