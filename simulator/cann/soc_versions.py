"""Which `--soc_version` / `--soc` names the simulator covers, from simulator/cann/soc_versions.toml.

``resolve(name)`` returns the product profile a name selects, or raises ``SocRefused`` whose
message names the SoC, says why, and lists the covered products with their SoCs.
"""
from __future__ import annotations

from functools import lru_cache

from . import path, read

TABLE = path("soc_versions.toml")


class SocRefused(ValueError):
    """The simulator has no profile for this SoC name."""


@lru_cache(maxsize=1)
def table() -> dict:
    return read(TABLE)


def covered_listing() -> str:
    """'atlas-training (Ascend910A, ...); atlas-inference (...); ...' in table order."""
    products: dict[str, list[str]] = {}
    for soc, product in table()["covered"].items():
        products.setdefault(product, []).append(soc)
    for prefix, product in table()["prefixes"].items():
        products.setdefault(product, []).append(prefix + "*")
    return "; ".join(f"{product} ({', '.join(socs)})" for product, socs in products.items())


def resolve(name: str) -> str:
    data = table()
    if name in data["covered"]:
        return data["covered"][name]
    for prefix, product in data["prefixes"].items():
        if name.startswith(prefix) and len(name) > len(prefix):
            return product
    if name in data["refused"]["names"]:
        reason = "it is on CANN's platform lists but not a SoC of the product lines the simulator models"
    else:
        reason = "it is not a SoC name of CANN's platform lists"
    raise SocRefused(f"SoC {name} is not simulated: {reason}. Covered products and SoCs: {covered_listing()}")
