"""The numeric cases of the merged runs: one entry per comparison a test recorded (its op and
dtype as the run recorded them), and the cross-product differences between products' outputs."""
from __future__ import annotations

import base64
import json
import math
from collections import defaultdict

from ..results import number

CROSS_ROWS = 200


def case_identity(rec: dict, n: dict, pid: str) -> tuple:
    """What makes two products' numeric records the same case: the test, op, dtype, output shape
    and the case id (op, dtypes, shapes, distribution and seed, as the suites name it) with the
    product's own name taken out. Never the position in the test (a property test draws different
    examples in different orders)."""
    case = str(n.get("case") or "")
    for name in filter(None, (pid, rec.get("product"))):
        case = case.replace(name, "<product>")
    out = n.get("output") or {}
    return (rec["id"], n.get("op") or rec.get("op"), n.get("dtype") or rec.get("dtype"),
            tuple(out.get("shape") or ()), case)


def numeric_entries(products: dict) -> list[dict]:
    out = []
    for pid, p in products.items():
        for rec in p["records"]:
            seen: dict[tuple, int] = {}
            for n in rec.get("numeric") or []:
                ident = case_identity(rec, n, pid)
                seen[ident] = seen.get(ident, 0) + 1      # the same case twice in one test: 1st, 2nd
                m = n.get("metrics") or {}
                out.append({"product": pid, "key": json.dumps([*ident, seen[ident]]), "id": rec["id"],
                            "case": n.get("case"),
                            "op": n.get("op") or rec.get("op") or "unknown op",
                            "dtype": n.get("dtype") or rec.get("dtype") or "unknown dtype",
                            "max_rel_error": number(m.get("max_rel_error")),
                            "max_abs_error": number(m.get("max_abs_error")),
                            "mere": number(m.get("mere")), "class": rec["class"], "output": n.get("output"),
                            "saturation": p.get("saturation")})
    return out


def _decode(output: dict | None):
    if not output or "f64" not in output:
        return None
    import numpy as np
    return np.frombuffer(base64.b64decode(output["f64"]), dtype="<f8")


def cross_product(entries: list[dict]) -> dict:
    """For each numeric case present on >= 2 products: error vs numpy per product, and how far the
    products' outputs are from each other (pairwise, when the outputs were recorded)."""
    import numpy as np
    by_key: dict[str, dict[str, dict]] = defaultdict(dict)
    for e in entries:
        by_key[e["key"]].setdefault(e["product"], e)
    rows, identical = [], 0
    for key, per in by_key.items():
        if len(per) < 2:
            continue
        first = next(iter(per.values()))
        errs = {pid: per[pid]["max_rel_error"] for pid in per}
        finite = [v for v in errs.values() if v is not None and math.isfinite(v)]
        spread = (max(finite) - min(finite)) if len(finite) >= 2 else None
        max_abs = max_rel = None
        pair, nonfinite_max = None, 0
        shas = {pid: (per[pid]["output"] or {}).get("sha256") for pid in per}
        same_bits = len(set(shas.values())) == 1 and None not in shas.values()
        arrays = {pid: _decode(per[pid]["output"]) for pid in per}
        arrays = {k: v for k, v in arrays.items() if v is not None}
        pids = sorted(arrays)
        for i in range(len(pids)):
            for j in range(i + 1, len(pids)):
                a, b = arrays[pids[i]], arrays[pids[j]]
                if a.shape != b.shape:
                    continue
                both = np.isfinite(a) & np.isfinite(b)
                with np.errstate(invalid="ignore", over="ignore"):
                    d = np.where(both, np.abs(a - b), 0.0)
                r = d / (np.maximum(np.abs(a), np.abs(b)) + 1e-7)
                # elements where one product has Inf/NaN and the other a finite value, or the two
                # have different non-finite values: counted as such, never folded into "inf" diffs
                same_nan = np.isnan(a) & np.isnan(b)
                differ = (~both) & ~same_nan & ~((a == b) & ~np.isnan(a))
                nonfinite = int(differ.sum())
                da, dr = float(d.max(initial=0.0)), float(r.max(initial=0.0))
                key = (nonfinite, dr)
                if pair is None or key > (nonfinite_max, max_rel):
                    max_abs, max_rel, nonfinite_max, pair = da, dr, nonfinite, (pids[i], pids[j])
        if same_bits:
            identical += 1
        # a saturation-mode product (Inf -> largest finite, NaN -> 0) beside an IEEE one: its
        # non-finite differences are expected (products.md 2.2), set apart and labelled
        sat = bool(pair) and per[pair[0]].get("saturation") is not None and \
            per[pair[0]].get("saturation") != per[pair[1]].get("saturation")
        kind = ("identical" if same_bits else "saturation vs IEEE" if sat and nonfinite_max
                else "non-finite" if nonfinite_max else "finite")
        rows.append({"key": key, "id": first["id"], "case": first["case"], "op": first["op"],
                     "dtype": first["dtype"], "errors": errs, "spread": spread, "identical": same_bits,
                     "max_abs_diff": max_abs, "max_rel_diff": max_rel, "nonfinite": nonfinite_max,
                     "kind": kind, "pair": f"{pair[0]} vs {pair[1]}" if pair else None})

    def order(r):
        return (r["nonfinite"] or 0, r["max_rel_diff"] if r["max_rel_diff"] is not None else -1,
                r["spread"] if r["spread"] is not None else -1)
    expected = sorted((r for r in rows if r["kind"] == "saturation vs IEEE"), key=order, reverse=True)
    rows = sorted((r for r in rows if r["kind"] != "saturation vs IEEE"), key=order, reverse=True)
    return {"rows": rows[:CROSS_ROWS], "total": len(rows) + len(expected), "identical": identical,
            "shown": min(len(rows), CROSS_ROWS), "saturation_rows": expected[:CROSS_ROWS],
            "saturation": len(expected)}
