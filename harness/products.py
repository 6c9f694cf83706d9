"""The six Atlas product lines the suite qualifies, and how to recognise them.

Facts from shared/reference/products.md: SoC names (1.1), bf16 support (2.2), Inf/NaN versus
saturation mode (2.2), stream limits (5), default JIT setting (6). The suites read product
capabilities from here, never from the backend, so the simulator cannot grade its own homework.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    id: str
    name: str                   # the product row of the CANN docs, in English (products.md 1.1)
    soc_patterns: tuple[str, ...]   # regexes over aclrtGetSocName()
    stream_limit: int           # per device, default stream included (products.md 5)
    bf16: bool                  # products.md 2.2
    saturation_mode: bool       # True: Inf -> largest finite, NaN -> 0 (products.md 2.2)
    jit_compile_default: bool   # ACL_OP_JIT_COMPILE default (products.md 6)
    handle_api_documented: str  # "supported" / "conflicting" (products.md 0.1 vs the seed page)


PRODUCTS: tuple[Product, ...] = (
    Product("atlas-350", "Atlas 350 accelerator card (Ascend 950PR/950DT)", (r"^Ascend950",),
            1984, True, False, False, "conflicting"),
    Product("atlas-a3", "Atlas A3 training / inference series (Ascend 910_93)", (r"^Ascend910_93\d\d$",),
            1984, True, False, False, "supported"),
    Product("atlas-a2", "Atlas A2 training / inference series (Ascend 910B)",
            (r"^Ascend910B(1|2|2C|3|4|4-1)$",), 1984, True, False, False, "supported"),
    Product("atlas-200i-500-a2", "Atlas 200I/500 A2 inference products (Ascend 310B)", (r"^Ascend310B[1-4]$",),
            512, False, True, True, "supported"),
    Product("atlas-inference", "Atlas inference series (Ascend 310P)", (r"^Ascend310P[1-57]$",),
            1024, False, True, True, "supported"),
    # The bare "Ascend910B" (no digit) is the OLD training family, not A2 (products.md 1.1).
    Product("atlas-training", "Atlas training series (Ascend 910)",
            (r"^Ascend910(PremiumA|ProA|A|ProB|B)$",), 2048, False, True, True, "supported"),
)

PRODUCT_IDS = tuple(p.id for p in PRODUCTS)
BY_ID = {p.id: p for p in PRODUCTS}

# One SoC name per product, for simulator profiles (``--soc``) and the per-product run.
DEFAULT_SOC = {
    "atlas-350": "Ascend950PR_9579",
    "atlas-a3": "Ascend910_9392",
    "atlas-a2": "Ascend910B1",
    "atlas-200i-500-a2": "Ascend310B1",
    "atlas-inference": "Ascend310P3",
    "atlas-training": "Ascend910A",
}


class UnknownProduct(ValueError):
    pass


def detect(soc_name: str | None) -> Product:
    """Product line of a SoC name as aclrtGetSocName() reports it."""
    if not soc_name:
        raise UnknownProduct("aclrtGetSocName() returned NULL: pass --product to name the product")
    for product in PRODUCTS:
        if any(re.match(p, soc_name) for p in product.soc_patterns):
            return product
    raise UnknownProduct(f"SoC {soc_name!r} matches no known product line "
                         f"({', '.join(PRODUCT_IDS)}): pass --product to name it")


def by_id(product_id: str) -> Product:
    try:
        return BY_ID[product_id]
    except KeyError:
        raise UnknownProduct(f"unknown product id {product_id!r}: expected one of "
                             f"{', '.join(PRODUCT_IDS)}") from None
