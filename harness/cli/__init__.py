"""Subcommands of ``python -m harness`` (one module each)."""
import os

# The checkout this harness lives in (suites/, simulator/, reports/ are its siblings).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
