"""The inputs of a build: run directories resolved to their results.json, merged per product
(shards of one product: a test present twice keeps its most severe result), each product's
baseline re-evaluated against the release under test."""
from __future__ import annotations

import hashlib
import os

from .. import baselines
from ..results import SEVERITY, counts


class BuildError(Exception):
    pass


def resolve_run(path: str) -> str:
    """The results.json of a run directory, a results.json path, or a product directory."""
    if os.path.isfile(path):
        return path
    if not os.path.isdir(path):
        raise BuildError(f"{path}: no such run directory")
    direct = os.path.join(path, "results.json")
    if os.path.isfile(direct):
        return direct
    latest = os.path.join(path, "latest", "results.json")
    if os.path.isfile(latest):
        return latest
    runs = sorted((d for d in os.listdir(path) if os.path.isfile(os.path.join(path, d, "results.json"))),
                  reverse=True)
    if runs:
        return os.path.join(path, runs[0], "results.json")
    raise BuildError(f"{path}: holds no results.json (not a run directory, and no run inside it)")


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def merge(runs: list[tuple[str, dict]], release: str | None) -> dict[str, dict]:
    """product id -> merged product data (environment, records, baseline evaluation)."""
    products: dict[str, dict] = {}
    for path, data in runs:
        env = data.get("environment", {})
        pid = env.get("product") or "unknown-product"
        p = products.setdefault(pid, {"id": pid, "environment": env, "runs": [], "records": {},
                                      "baseline_entries": [], "baseline_files": {}, "release": None})
        p["runs"].append({"path": path, "start": data.get("start"), "end": data.get("end"),
                          "duration": data.get("duration"), "args": env.get("options", {}).get("args"),
                          "collected": data.get("collected")})
        # a run that lost records (collected more tests than it recorded) says so
        if isinstance(data.get("collected"), int):
            ids = {r["id"] for r in data.get("tests", [])}
            p["missing_records"] = p.get("missing_records", 0) + max(0, data["collected"] - len(ids))
        for rec in data.get("tests", []):
            old = p["records"].get(rec["id"])
            if old is None or SEVERITY[rec["class"]] > SEVERITY[old["class"]]:
                p["records"][rec["id"]] = rec
        b = data.get("baseline", {})
        if b.get("file"):
            p["baseline_files"][b["file"]] = b.get("sha256")
            if not p["baseline_entries"]:
                p["baseline_entries"] = b.get("entries", [])
        p["release"] = release or b.get("release") or p["release"]
    for p in products.values():
        p["saturation"] = _saturation(p["id"])
        recs = sorted(p["records"].values(), key=lambda r: r["id"])
        p["records"] = recs
        p["counts"] = counts(r["class"] for r in recs)
        p["baseline"] = _baseline_eval(p["baseline_entries"], recs, p["release"])
    return products


def _saturation(pid: str) -> bool | None:
    """Whether a product line stores Inf/NaN saturated (harness.products), None if unknown."""
    try:
        from harness.products import BY_ID
    except Exception:                       # noqa: BLE001 - reports work without the harness
        return None
    return getattr(BY_ID.get(pid), "saturation_mode", None)


def _baseline_eval(entries: list[dict], records: list[dict], release: str | None) -> dict:
    waivers = [baselines.Waiver(e["pattern"], e["category"], e["link"], e["owner"], e["expires"],
                                tuple(e.get("expect") or ()), e.get("note", ""), e.get("line", 0))
               for e in entries]
    b = baselines.Baseline(None, None, waivers)
    return baselines.evaluate(b, records, release)
