"""The verdict policy (reports/policy.toml) as data, and its evaluation for one product.

Verdicts: "go" (every rule holds, on a real device), "simulator" (every rule holds, but the run
was on the simulator: evidence for the harness, not for a release), "no-go" (a rule failed).
The release as a whole can also be "incomplete": a required product has no run.
"""
from __future__ import annotations

import hashlib
import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

from .. import numeric_policy
from ..results import NAMES

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "policy.toml")
EXTRA_LIMITS = ("expired_waivers", "stale_waivers", "unexpected_passes")
# Not a policy choice: a run that lost a test's record, or did not run every test, is never go.
FIXED = ("NotRun", "missing_records")
MIN_KEYS = ("tests", "tests_per_clause")
NOT_RAN = ("Skip", "NotRun")            # results that do not show a clause was exercised


class PolicyError(ValueError):
    pass


def load(path: str = DEFAULT_PATH) -> dict:
    try:
        with open(path, "rb") as f:
            raw = f.read()
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read the policy: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(f"{path}: TOML syntax error: {exc}") from None
    for key, value in data.get("max", {}).items():
        if key in FIXED:
            raise PolicyError(f"{path}: [max] {key}: not a policy choice (any {key} is no-go)")
        if key not in NAMES + EXTRA_LIMITS:
            raise PolicyError(f"{path}: [max] {key!r}: not a result class or one of {', '.join(EXTRA_LIMITS)}")
        if not isinstance(value, int):
            raise PolicyError(f"{path}: [max] {key}: expected an integer, got {value!r}")
    for key, value in data.get("min", {}).items():
        if key not in MIN_KEYS:
            raise PolicyError(f"{path}: [min] {key!r}: expected one of {', '.join(MIN_KEYS)}")
        if not isinstance(value, int) or value < 0:
            raise PolicyError(f"{path}: [min] {key}: expected a non-negative integer, got {value!r}")
    for product, over in data.get("product", {}).items():
        for section in over:
            if section not in ("max", "min"):
                raise PolicyError(f"{path}: [product.{product}.{section}]: expected max or min")
    data["numeric"] = numeric_policy.validate(data, path, PolicyError)
    data["_path"] = os.path.abspath(path)
    data["_sha256"] = hashlib.sha256(raw).hexdigest()
    data["_text"] = text
    return data


def limits(policy: dict, product: str) -> tuple[dict, dict]:
    over = policy.get("product", {}).get(product, {})
    return ({**policy.get("max", {}), **over.get("max", {})},
            {**policy.get("min", {}), **over.get("min", {})})


def on_simulator(environment: dict | None) -> bool:
    env = environment or {}
    return bool(env.get("simulator")) or env.get("backend") == "sim"


def evaluate(policy: dict, product: str, counts: dict, baseline: dict, records: list[dict],
             environment: dict | None = None, missing_records: int = 0) -> dict:
    """{"verdict": "go"|"simulator"|"no-go", "violations": [...], "checked": [...]} for one product."""
    mx, mn = limits(policy, product)
    actual = dict(counts)
    actual["expired_waivers"] = len(baseline.get("expired", []))
    actual["stale_waivers"] = len(baseline.get("stale", []))
    actual["unexpected_passes"] = len(baseline.get("unexpected_passes", []))
    actual["missing_records"] = missing_records
    checked = [{"rule": f"{key} <= {limit}", "actual": actual.get(key, 0), "ok": actual.get(key, 0) <= limit}
               for key, limit in mx.items() if limit >= 0]
    checked += [{"rule": "NotRun <= 0 (every collected test ran)", "actual": actual.get("NotRun", 0),
                 "ok": not actual.get("NotRun", 0)},
                {"rule": "missing_records <= 0 (every collected test has a record)", "actual": missing_records,
                 "ok": not missing_records}]
    if "tests" in mn:
        total = sum(counts.values())
        checked.append({"rule": f"tests >= {mn['tests']}", "actual": total, "ok": total >= mn["tests"]})
    ran: dict[str, int] = {}
    for r in records:
        if r["class"] not in NOT_RAN:
            for c in r.get("clauses", []):
                ran[c] = ran.get(c, 0) + 1
    need = mn.get("tests_per_clause", 1)
    short = [f"{c} ({ran.get(c, 0)})" for c in policy.get("required_clauses", []) if ran.get(c, 0) < need]
    checked.append({"rule": f"every required clause has >= {need} test(s) that ran",
                    "actual": ("short: " + ", ".join(short)) if short else "all covered", "ok": not short})
    no_flake = policy.get("no_flake_clauses", [])
    if no_flake:
        flaky = [r["id"] for r in records if r["class"] == "Flake" and set(r.get("clauses", [])) & set(no_flake)]
        checked.append({"rule": f"no Flake in {', '.join(no_flake)}",
                        "actual": ("flaky: " + ", ".join(flaky[:5]) + (" ..." if len(flaky) > 5 else ""))
                        if flaky else "none", "ok": not flaky})
    violations = [rule for rule in checked if not rule["ok"]]
    verdict = "no-go" if violations else "simulator" if on_simulator(environment) else "go"
    return {"verdict": verdict, "violations": violations, "checked": checked,
            "simulator": on_simulator(environment)}


def overall(verdicts: list[str], missing_products: list[str]) -> str:
    """The release's verdict from its products' verdicts and the required products without a run."""
    if not verdicts or "no-go" in verdicts:
        return "no-go"
    if missing_products:
        return "incomplete"
    if "simulator" in verdicts:
        return "simulator"
    return "go"
