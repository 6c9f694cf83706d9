"""What the templates show (the product x suite matrix, clause coverage) and how (the Jinja
environment: autoescaped HTML, Markdown through its own filters)."""
from __future__ import annotations

import math
import os
from collections import defaultdict

from ..reproducible import reproducible
from ..results import CLASSES, NAMES, counts, number

FAILURE_CLASSES = tuple(c.name for c in CLASSES if c.failure)


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


def support_findings(products: dict) -> list[dict]:
    """The support findings of fixtures/declared.py (``metrics.support_finding``), one row per
    product, kind and combination: every case of one combination has the same declaration, so
    a row counts its tests and their classes and shows the first test and the first detail."""
    rows: dict[tuple, dict] = {}
    for pid, p in products.items():
        for r in p["records"]:
            s = (r.get("metrics") or {}).get("support_finding")
            if not s:
                continue
            key = (pid, s.get("kind"), s.get("op"), s.get("declaration"))
            row = rows.setdefault(key, {"product": pid, "kind": s.get("kind"), "op": s.get("op"),
                                        "declaration": s.get("declaration"), "documented": s.get("documented"),
                                        "contested_by": s.get("contested_by"), "first": r["id"], "tests": 0,
                                        "classes": defaultdict(int)})
            row["tests"] += 1
            row["classes"][r["class"]] += 1
    return [{**row, "classes": dict(row["classes"])} for row in rows.values()]


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
    env.tests["reproducible"] = reproducible
    return env
