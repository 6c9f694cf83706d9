"""The verdict policy (reports/policy.toml) as data, and its evaluation for one product."""
from __future__ import annotations

import hashlib
import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

from .results import NAMES

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy.toml")
EXTRA_LIMITS = ("expired_waivers", "stale_waivers", "unexpected_passes")


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
        if key not in NAMES + EXTRA_LIMITS:
            raise PolicyError(f"{path}: [max] {key!r}: not a result class or one of {', '.join(EXTRA_LIMITS)}")
        if not isinstance(value, int):
            raise PolicyError(f"{path}: [max] {key}: expected an integer, got {value!r}")
    for product, over in data.get("product", {}).items():
        for section in over:
            if section not in ("max", "min"):
                raise PolicyError(f"{path}: [product.{product}.{section}]: expected max or min")
    data["_path"] = os.path.abspath(path)
    data["_sha256"] = hashlib.sha256(raw).hexdigest()
    data["_text"] = text
    return data


def limits(policy: dict, product: str) -> tuple[dict, dict]:
    over = policy.get("product", {}).get(product, {})
    return ({**policy.get("max", {}), **over.get("max", {})},
            {**policy.get("min", {}), **over.get("min", {})})


def evaluate(policy: dict, product: str, counts: dict, baseline: dict, records: list[dict]) -> dict:
    """{"verdict": "go"|"no-go", "violations": [...], "checked": [...]} for one product."""
    mx, mn = limits(policy, product)
    actual = dict(counts)
    actual["expired_waivers"] = len(baseline.get("expired", []))
    actual["stale_waivers"] = len(baseline.get("stale", []))
    actual["unexpected_passes"] = len(baseline.get("unexpected_passes", []))
    checked = [{"rule": f"{key} <= {limit}", "actual": actual.get(key, 0), "ok": actual.get(key, 0) <= limit}
               for key, limit in mx.items() if limit >= 0]
    if "tests" in mn:
        total = sum(counts.values())
        checked.append({"rule": f"tests >= {mn['tests']}", "actual": total, "ok": total >= mn["tests"]})
    covered = {c for r in records if r["class"] != "Skip" for c in r.get("clauses", [])}
    missing = [c for c in policy.get("required_clauses", []) if c not in covered]
    checked.append({"rule": "every required clause has a test that ran",
                    "actual": ", ".join(missing) or "all covered", "ok": not missing})
    violations = [rule for rule in checked if not rule["ok"]]
    return {"verdict": "no-go" if violations else "go", "violations": violations, "checked": checked}
