"""``python -m reports build RUN_DIR... --out DIR``: merge product runs into one qualification report.

Inputs: run directories written by the pytest plugin (a directory holding results.json, or a
product directory whose ``latest`` / newest run is taken). Several runs of one product (shards)
are merged; a test present twice keeps its most severe result.

Outputs (written into a temporary directory beside DIR and moved in at the end, so a failed
build never leaves a half-written or clobbered report):
  index.html     verdicts, product x suite matrix, clause coverage, failures with reproduction
                 commands, error-distribution plots, cross-product differences, inputs + sha256
  summary.md     the same verdicts and failures for a release ticket
  verdict.json   machine-readable verdicts; the exit code is 0 only when every product is "go"
  plots/*.png    error distributions per op (one panel per dtype), matplotlib Agg
"""
from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import json
import math
import os
import shutil
import tempfile
from collections import defaultdict

from . import baselines
from . import policy as policy_mod
from .results import BY_NAME, CLASSES, NAMES, SEVERITY, counts, number
from .results import load as load_results

FAILURE_CLASSES = tuple(c.name for c in CLASSES if c.failure)
CROSS_ROWS = 200


class BuildError(Exception):
    pass


# -- inputs ---------------------------------------------------------------------------------

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


# -- numeric views ---------------------------------------------------------------------------

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


def _thresholds() -> dict:
    try:
        from reference.standards import ECOSYSTEM_T
    except Exception:                       # noqa: BLE001 - plots work without the reference
        return {}
    return dict(ECOSYSTEM_T)


def plots(entries: list[dict], product_ids: list[str], outdir: str) -> list[dict]:
    """One PNG per op: for each dtype, each product's max relative error per case (log scale)."""
    usable = [e for e in entries if e["max_rel_error"] is not None and math.isfinite(e["max_rel_error"])]
    if not usable:
        return []
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import LogLocator, NullLocator
    thresholds = _thresholds()
    os.makedirs(outdir, exist_ok=True)
    by_op: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for e in usable:
        by_op[e["op"]][e["dtype"]].append(e)
    made = []
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for n, op in enumerate(sorted(by_op)):
        dtypes = sorted(by_op[op])
        fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(dtypes) + 2.2), 3.2))
        width = 0.8 / max(len(product_ids), 1)
        top = 1e-11
        for k, pid in enumerate(product_ids):
            xs, ys = [], []
            for x, dtype in enumerate(dtypes):
                vals = [max(e["max_rel_error"], 1e-12) for e in by_op[op][dtype] if e["product"] == pid]
                jitter = (np.arange(len(vals)) % 11 - 5) / 11.0 * width * 0.8
                xs.extend(x - 0.4 + width * (k + 0.5) + jitter)
                ys.extend(vals)
            if ys:
                top = max(top, max(ys))
                ax.plot(xs, ys, ".", ms=3, alpha=0.6, color=colors[k % len(colors)], label=pid)
        for x, dtype in enumerate(dtypes):
            t = thresholds.get(dtype)
            if t:
                ax.hlines(10 * t, x - 0.45, x + 0.45, colors="red", linestyles="--", lw=0.9)
                top = max(top, 10 * t)
        ax.set_yscale("log")
        ax.set_ylim(3e-13, top * 5)
        ax.yaxis.set_major_locator(LogLocator(numticks=5))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_xticks(range(len(dtypes)))
        ax.set_xticklabels([f"{d}\n(n={len(by_op[op][d])})" for d in dtypes], fontsize=7)
        ax.set_xlim(-0.5, len(dtypes) - 0.5)
        ax.set_title(f"{op}: max relative error vs numpy per case (red: 10T limit)", fontsize=9)
        ax.tick_params(axis="y", labelsize=7)
        ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.0, 1.0), markerscale=2, frameon=False)
        fig.subplots_adjust(left=0.12, right=0.78, bottom=0.2, top=0.9)
        name = f"op-{n:02d}.png"
        fig.savefig(os.path.join(outdir, name), dpi=80)
        plt.close(fig)
        made.append({"op": op, "file": f"plots/{name}", "dtypes": dtypes,
                     "cases": sum(len(v) for v in by_op[op].values())})
    return made


# -- views for the templates ---------------------------------------------------------------

def matrix(products: dict) -> dict:
    suites = sorted({r["suite"] for p in products.values() for r in p["records"]})
    cells = {}
    for pid, p in products.items():
        per = defaultdict(list)
        for r in p["records"]:
            per[r["suite"]].append(r["class"])
        for s in suites:
            c = counts(per.get(s, []))
            cells[(s, pid)] = [(n, c[n]) for n in NAMES if c[n]]
    return {"suites": suites, "cells": cells}


def coverage(products: dict) -> list[dict]:
    tests: dict[str, dict] = defaultdict(dict)
    clauses_of: dict[str, set] = defaultdict(set)
    for pid, p in products.items():
        for r in p["records"]:
            for c in r.get("clauses") or ["(no clause)"]:
                clauses_of[c].add(r["id"])
            tests[r["id"]][pid] = r["class"]
    out = []
    for clause in sorted(clauses_of):
        ids = sorted(clauses_of[clause])
        per_product = {pid: counts(tests[t][pid] for t in ids if pid in tests[t]) for pid in products}
        out.append({"clause": clause, "tests": [{"id": t, "results": tests[t]} for t in ids],
                    "counts": {pid: [(n, c[n]) for n in NAMES if c[n]] for pid, c in per_product.items()}})
    return out


def build(run_paths: list[str], out: str, *, policy_path: str | None = None,
          release: str | None = None) -> dict:
    t0 = _dt.datetime.now(_dt.timezone.utc)
    pol = policy_mod.load(policy_path or policy_mod.DEFAULT_PATH)
    inputs, runs = [], []
    for path in run_paths:
        rj = resolve_run(path)
        try:
            data = load_results(rj)
        except (OSError, ValueError) as exc:
            raise BuildError(str(exc)) from None
        inputs.append({"path": os.path.abspath(rj), "sha256": _sha256(rj),
                       "product": data.get("environment", {}).get("product")})
        runs.append((os.path.abspath(rj), data))
    products = merge(runs, release)
    pids = sorted(products)
    for pid in pids:
        p = products[pid]
        p["verdict"] = policy_mod.evaluate(pol, pid, p["counts"], p["baseline"], p["records"],
                                           environment=p["environment"],
                                           missing_records=p.get("missing_records", 0))
    missing = [pid for pid in pol.get("required_products", []) if pid not in products]
    overall = policy_mod.overall([products[p]["verdict"]["verdict"] for p in pids], missing)

    out = os.path.abspath(out)
    if os.path.exists(out) and (not os.path.isdir(out) or
                                (os.listdir(out) and not os.path.isfile(os.path.join(out, "verdict.json")))):
        raise BuildError(f"--out {out}: exists and is not an earlier report (no verdict.json): not replacing it")
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.", dir=parent)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)
    try:
        entries = numeric_entries(products)
        plot_list = plots(entries, pids, os.path.join(tmp, "plots"))
        cross = cross_product(entries)
        verdict = {
            "schema": "aclop-verdict/1",
            "generated": t0.isoformat(),
            "overall": overall,
            "missing_products": missing,
            "release": release,
            "policy": {"path": pol["_path"], "sha256": pol["_sha256"]},
            "inputs": inputs,
            "products": {pid: {"verdict": products[pid]["verdict"]["verdict"],
                               "violations": products[pid]["verdict"]["violations"],
                               "counts": products[pid]["counts"],
                               "release": products[pid]["release"],
                               "baseline_files": products[pid]["baseline_files"],
                               "soc": products[pid]["environment"].get("soc"),
                               "backend": products[pid]["environment"].get("backend"),
                               "simulator": products[pid]["verdict"]["simulator"],
                               "runtime_version": products[pid]["environment"].get("runtime_version")}
                         for pid in pids},
        }
        ctx = {"verdict": verdict, "products": products, "pids": pids, "policy": pol,
               "matrix": matrix(products), "coverage": coverage(products), "plots": plot_list,
               "cross": cross, "classes": CLASSES, "by_name": BY_NAME, "failure_classes": FAILURE_CLASSES,
               "n_numeric": len(entries), "generated": t0.strftime("%Y-%m-%d %H:%M:%S UTC")}
        with open(os.path.join(tmp, "index.html"), "w", encoding="utf-8") as f:
            f.write(_jinja(html=True).get_template("index.html.j2").render(**ctx))
        with open(os.path.join(tmp, "summary.md"), "w", encoding="utf-8") as f:
            f.write(_jinja(html=False).get_template("summary.md.j2").render(**ctx))
        with open(os.path.join(tmp, "verdict.json"), "w", encoding="utf-8") as f:
            json.dump(verdict, f, indent=1, ensure_ascii=False)
        with open(os.path.join(tmp, "policy.toml"), "w", encoding="utf-8") as f:
            f.write(pol["_text"])
        _move_in(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return verdict


def _move_in(tmp: str, out: str) -> None:
    old = None
    if os.path.exists(out):
        old = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.old.", dir=os.path.dirname(out))
        os.rmdir(old)
        os.rename(out, old)
    os.rename(tmp, out)
    if old:
        shutil.rmtree(old, ignore_errors=True)


def _md_text(value) -> str:
    """Test text in Markdown prose: one line, no table breaks, no live HTML."""
    text = str(value if value is not None else "")
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|"), ("\n", " ")):
        text = text.replace(a, b)
    return text


def _md_code(value) -> str:
    """Test text inside a Markdown code span (shown verbatim: only backticks and newlines matter)."""
    return str(value if value is not None else "").replace("`", "'").replace("\n", " ").replace("|", "\\|")


def _is_url(text: str) -> bool:
    return text.startswith(("https://", "http://"))


def _html_link(value):
    """A tracker link as a clickable anchor (only http(s): a javascript: link is shown as text)."""
    import markupsafe
    text = str(value or "")
    if _is_url(text):
        return markupsafe.Markup('<a href="{0}" target="_blank" rel="noopener">{0}</a>').format(text)
    return markupsafe.Markup("<code>{0}</code>").format(text)


def _md_link(value) -> str:
    text = str(value or "")
    if _is_url(text) and not any(c in text for c in " <>()[]|"):
        return f"<{text}>"
    return _md_text(text)


def _jinja(html: bool = True):
    import jinja2

    def num(v, fmt="{:.3e}"):
        f = number(v)
        if f is None:
            return "" if v is None else str(v)
        if math.isfinite(f) and f == int(f) and abs(f) < 1e6:
            return str(int(f))
        return fmt.format(f) if math.isfinite(f) else str(v)

    # HTML: every value is escaped (a test id with <script> in it shows as text). Markdown: values
    # go through the md / code filters in the template instead.
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")),
        autoescape=html,
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.ChainableUndefined)
    env.filters["num"] = num
    env.filters["link"] = _html_link
    env.filters["mdlink"] = _md_link
    env.filters["md"] = _md_text
    env.filters["code"] = _md_code
    return env
