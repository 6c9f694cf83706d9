"""CANN's facts as the simulator uses them: TOML tables (api.toml, atc_flags.toml,
soc_versions.toml, op_ir.toml), the per-SoC operator support (op_support.csv), the module that
reads the SoC table (soc_versions.py) and the one that reads and checks the support table and
generates its C form (op_support.py).

``load(name)`` reads one table of this folder; ``read(path)`` any TOML file.
"""
from __future__ import annotations

import os

try:
    import tomllib
except ModuleNotFoundError:   # Python 3.10
    import tomli as tomllib

CANN_DIR = os.path.dirname(os.path.abspath(__file__))


def path(name: str) -> str:
    """simulator/cann/<name>."""
    return os.path.join(CANN_DIR, name)


def read(file: str) -> dict:
    with open(file, "rb") as f:
        return tomllib.load(f)


def load(name: str) -> dict:
    return read(path(name))
