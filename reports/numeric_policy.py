"""What a "strict-only" numeric failure does: one that fails this project's rule and passes the
product's documented standard (reference.compare.Metrics.standards; issue 20).

The policy is ``reports/policy.toml`` ``[numeric]``: per precision class and backend, "fail" (the
test fails) or "advisory" (the test passes; the record keeps both verdicts and the report lists
it in its strict-only group). Defaults (``DEFAULT``): ``bitwise`` and ``exact`` always fail (their
results are defined exactly, so nothing there is strict-only in the first place); for ``ulp``,
``accumulate`` and ``float``, a strict-only failure fails on the simulator (its kernels are
correctly rounded by construction, the matrices keep their power) and is advisory on a device,
until a product's real behaviour is documented.

Used at run time through a ``NumericPolicy`` (the ``numeric_policy`` fixture hands one to every
``fixtures.checks.assert_close``), by the offline report (``strict_only``); ``validate`` is
called by reports.build.policy.load.
"""
from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.toml")
CLASSES = ("bitwise", "exact", "ulp", "accumulate", "float")
BACKENDS = ("sim", "device")
ACTIONS = ("fail", "advisory")
DEFAULT = {"bitwise": {"sim": "fail", "device": "fail"}, "exact": {"sim": "fail", "device": "fail"},
           "ulp": {"sim": "fail", "device": "advisory"}, "accumulate": {"sim": "fail", "device": "advisory"},
           "float": {"sim": "fail", "device": "advisory"}}
FIXED = ("bitwise", "exact")            # defined exactly: a strict-only failure there is not a choice
TAG = "strict-only"


def validate(data: dict, path: str, error=ValueError) -> dict:
    """The ``[numeric]`` section of a loaded policy merged over DEFAULT; ``error`` on a bad entry."""
    out = {k: dict(v) for k, v in DEFAULT.items()}
    for kind, rule in (data.get("numeric") or {}).items():
        if kind not in CLASSES:
            raise error(f"{path}: [numeric] {kind!r}: expected one of {', '.join(CLASSES)}")
        if not isinstance(rule, dict):
            raise error(f"{path}: [numeric] {kind}: expected a table {{ sim = ..., device = ... }}")
        for backend, action in rule.items():
            if backend not in BACKENDS or action not in ACTIONS:
                raise error(f"{path}: [numeric] {kind}.{backend} = {action!r}: expected "
                            f"{'/'.join(BACKENDS)} = {' or '.join(ACTIONS)}")
            if kind in FIXED and action != "fail":
                raise error(f"{path}: [numeric] {kind}.{backend}: {kind} results are defined exactly: always fail")
            out[kind][backend] = action
    return out


@functools.lru_cache(maxsize=4)
def rules(path: str = PATH) -> dict:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        data = {}
    return validate(data, path)


def action(kind: str, backend: str, path: str = PATH) -> str:
    """"fail" or "advisory" for a strict-only failure of class ``kind`` on ``backend``
    ("sim" or anything else: a device)."""
    return rules(path).get(kind, DEFAULT["float"])["sim" if backend == "sim" else "device"]


@dataclass(frozen=True)
class NumericPolicy:
    """What a strict-only numeric failure does on one backend ("sim" or "device"), by class,
    from the policy file ``path``."""
    backend: str
    path: str = PATH

    def action(self, kind: str) -> str:
        return action(kind, self.backend, self.path)


SIMULATOR = NumericPolicy("sim")     # the tools that judge simulator outputs (mutate, faults)
DEVICE = NumericPolicy("device")


def tag(standards: dict) -> None:
    """Allure tags of a strict-only record (a no-op without allure or outside a test)."""
    try:
        import allure
    except ImportError:
        return
    try:
        allure.dynamic.tag(TAG if standards.get("action") != "advisory" else f"{TAG} (advisory)")
    except Exception:                   # noqa: BLE001 - allure internals never fail a test
        pass


def strict_only(entries: list[dict]) -> list[dict]:
    """The numeric records (reports.build.numeric_entries) whose project verdict fails while the
    documented standard passes, each with the action taken."""
    out = []
    for n in entries:
        st = (n.get("details") or {}).get("standards") or n.get("standards") or {}
        if st.get("strict_only"):
            out.append({**n, "standards": st, "action": st.get("action", "fail")})
    return out
