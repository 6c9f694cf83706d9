"""Subcommands of ``python -m harness`` (one module each)."""
