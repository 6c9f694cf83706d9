"""``reports build ... --against PREVIOUS``: what changed since an earlier release.

PREVIOUS is an earlier report directory (its verdict.json names the results.json files it was
built from) or earlier run directories. Per product and test: new failure, fixed, still failing,
new test, removed test; per numeric case the drift of max ulp, MERE, MARE and error ratio beyond
a noise threshold (also when both runs pass); per test the duration drift.

"Failing" here means waived or not: a test that is Waived now and passed before is a new failure
(the policy's ``[against]`` rules decide what that does to the verdict).
"""
from __future__ import annotations

import json
import math
import os

from ..results import BY_NAME
from ..results import load as load_results
from .inputs import BuildError, merge, resolve_run

METRICS = ("max_ulp", "mere", "mare", "error_ratio")
# Noise thresholds: a metric drifts when |new - old| > max(abs, rel * |old|). The simulator and a
# device are deterministic for one build, so the floors are small: one ulp, and a mean error that
# moved by more than 5 %.
DEFAULT_DRIFT = {"max_ulp": {"abs": 0.5, "rel": 0.0}, "mere": {"abs": 1e-9, "rel": 0.05},
                 "mare": {"abs": 1e-9, "rel": 0.05}, "error_ratio": {"abs": 1e-9, "rel": 0.05}}
# A test got slower when it takes both factor x and abs seconds more than before.
DEFAULT_DURATION = {"factor": 2.0, "abs": 0.5}
STATES = ("new_failure", "fixed", "still_failing", "new_test", "removed_test")


def failing(cls: str | None) -> bool:
    return cls is not None and (cls == "Waived" or BY_NAME[cls].failure)


def previous_runs(paths: list[str]) -> list[str]:
    """The results.json files of PREVIOUS: a report directory's inputs, or run directories."""
    out = []
    for path in paths:
        vj = os.path.join(path, "verdict.json")
        if os.path.isdir(path) and os.path.isfile(vj):
            try:
                with open(vj, encoding="utf-8") as f:
                    verdict = json.load(f)
            except (OSError, ValueError) as exc:
                raise BuildError(f"--against {vj}: {exc}") from None
            for i in verdict.get("inputs", []):
                p = i["path"]
                if not os.path.isfile(p):       # the report was moved with its runs beside it
                    p = os.path.join(path, os.path.relpath(p, os.path.dirname(path)))
                if not os.path.isfile(p):
                    raise BuildError(f"--against {path}: its input {i['path']} no longer exists")
                out.append(p)
        else:
            out.append(resolve_run(path))
    return out


def load_previous(paths: list[str]) -> tuple[dict, list[dict]]:
    runs, inputs = [], []
    for rj in previous_runs(paths):
        try:
            data = load_results(rj)
        except (OSError, ValueError) as exc:
            raise BuildError(f"--against: {exc}") from None
        runs.append((os.path.abspath(rj), data))
        inputs.append({"path": os.path.abspath(rj), "product": data.get("environment", {}).get("product")})
    return merge(runs, None), inputs


def _settings(policy: dict) -> tuple[dict, dict]:
    section = policy.get("against", {})
    drift = {k: {**v, **section.get("drift", {}).get(k, {})} for k, v in DEFAULT_DRIFT.items()}
    return drift, {**DEFAULT_DURATION, **section.get("duration", {})}


def _num(v):
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def _cases(rec: dict) -> dict:
    out = {}
    for n in rec.get("numeric") or []:
        key = n.get("case") or f"{n.get('op')}-{n.get('dtype')}"
        out[key] = n.get("metrics") or {}
    return out


def metric_drift(old: dict, new: dict, drift: dict) -> list[dict]:
    out = []
    for case, m1 in _cases(new).items():
        m0 = _cases(old).get(case)
        if m0 is None:
            continue
        for k in METRICS:
            a, b = _num(m0.get(k)), _num(m1.get(k))
            if a is None or b is None:
                continue
            t = drift[k]
            if abs(b - a) > max(t["abs"], t["rel"] * abs(a)):
                out.append({"case": case, "metric": k, "previous": a, "current": b,
                            "direction": "worse" if b > a else "better"})
    return out


def compare(previous: dict, current: dict, policy: dict) -> dict:
    """product id -> the changes of that product since PREVIOUS (products only in PREVIOUS are
    listed as removed products)."""
    drift, dur = _settings(policy)
    out = {}
    for pid, p in current.items():
        cur = {r["id"]: r for r in p["records"]}
        prev_p = previous.get(pid)
        prev = {r["id"]: r for r in prev_p["records"]} if prev_p else {}
        ch = {s: [] for s in STATES}
        ch["metric_drift"], ch["duration_drift"] = [], []
        for tid in sorted(set(cur) | set(prev)):
            a, b = prev.get(tid), cur.get(tid)
            if a is None:
                ch["new_test"].append({"id": tid, "current": b["class"]})
                if failing(b["class"]):
                    ch["new_failure"].append({"id": tid, "previous": None, "current": b["class"],
                                              "message": b.get("message", ""), "repro": b.get("repro")})
                continue
            if b is None:
                ch["removed_test"].append({"id": tid, "previous": a["class"]})
                continue
            fa, fb = failing(a["class"]), failing(b["class"])
            row = {"id": tid, "previous": a["class"], "current": b["class"]}
            if fb and not fa:
                ch["new_failure"].append({**row, "message": b.get("message", ""), "repro": b.get("repro")})
            elif fa and not fb:
                ch["fixed"].append(row)
            elif fa and fb:
                ch["still_failing"].append(row)
            for d in metric_drift(a, b, drift):
                ch["metric_drift"].append({"id": tid, **d})
            da, db = _num(a.get("duration")) or 0.0, _num(b.get("duration")) or 0.0
            if db > da * dur["factor"] and db - da > dur["abs"]:
                ch["duration_drift"].append({"id": tid, "previous": da, "current": db})
        ch["has_previous"] = prev_p is not None
        ch["counts"] = {k: len(v) for k, v in ch.items() if isinstance(v, list)}
        ch["metric_drift_worse"] = sum(1 for d in ch["metric_drift"] if d["direction"] == "worse")
        out[pid] = ch
    return {"products": out, "removed_products": sorted(set(previous) - set(current))}


def apply_policy(policy: dict, pid: str, evaluation: dict, changes: dict) -> None:
    """Add the ``[against]`` rules to a product's evaluation (reports/build/policy.evaluate's
    result) and turn its verdict no-go when one fails. Limits: ``[against.max]`` new_failure,
    fixed, still_failing, new_test, removed_test, metric_drift_worse, duration_drift (-1: none)."""
    limits = policy.get("against", {}).get("max", {"new_failure": 0})
    ch = changes["products"].get(pid)
    if ch is None:
        return
    actual = {**ch["counts"], "metric_drift_worse": ch["metric_drift_worse"]}
    for key, limit in limits.items():
        if key not in actual:
            raise BuildError(f"policy [against.max] {key!r}: expected one of {', '.join(sorted(actual))}")
        if limit < 0:
            continue
        rule = {"rule": f"against previous: {key} <= {limit}" +
                (" (waived or not)" if key == "new_failure" else ""),
                "actual": actual[key], "ok": actual[key] <= limit}
        evaluation["checked"].append(rule)
        if not rule["ok"]:
            evaluation["violations"].append(rule)
    if evaluation["violations"]:
        evaluation["verdict"] = "no-go"


def summary(changes: dict, inputs: list[dict]) -> dict:
    """The JSON section of verdict.json (full lists: a release ticket links to them)."""
    return {"inputs": inputs, "removed_products": changes["removed_products"],
            "products": {pid: {k: v for k, v in ch.items()} for pid, ch in changes["products"].items()}}
