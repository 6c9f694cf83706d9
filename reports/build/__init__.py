"""``python -m reports build RUN_DIR... --out DIR``: merge product runs into one qualification report.

Inputs: run directories written by the pytest plugin (a directory holding results.json, or a
product directory whose ``latest`` / newest run is taken). Several runs of one product (shards)
are merged; a test present twice keeps its most severe result.

Outputs (written into a temporary directory beside DIR and moved in at the end, so a failed
build never leaves a half-written or clobbered report):
  index.html     verdicts, product x suite matrix, clause coverage, failures with reproduction
                 commands, error-distribution plots, cross-product differences, inputs + sha256
  summary.md     the same verdicts and failures for a release ticket
  verdict.json   machine-readable verdicts; the exit code is 0 only when every product is "go"
  plots/*.png    error distributions per op (one panel per dtype), matplotlib Agg
"""
from __future__ import annotations

from .inputs import BuildError, merge, resolve_run  # noqa: F401
from .numeric import case_identity, cross_product, numeric_entries  # noqa: F401
from .plots import plots  # noqa: F401
from .report import build  # noqa: F401
from .views import coverage, matrix  # noqa: F401
