"""One record per test (results.json ``tests[]``) from its phase reports.

Pure functions of reports, metadata and a few settings, so the plugin (per run) and the harness
tests share them. A record always has: id, suite, product, clauses, phase (where its class was
decided), class, message. Whatever a record's data, building it never raises: a user property
that cannot be decoded (a numeric record that came back from an isolated child as text, say)
makes the test a HarnessError naming the property, never an INTERNALERROR of the whole run.
"""
from __future__ import annotations

import ast
import json

from .results import (
    METRIC_PREFIX,
    PROP_CASE,
    PROP_DTYPE,
    PROP_NUMERIC,
    PROP_OP,
    PROP_RERUN,
    PROP_SIGNAL,
    SEVERITY,
    classify_phase,
    skip_reason,
    worst,
)

MESSAGE_LIMIT = 2000
LONGREPR_LIMIT = 6000
STRUCTURED = (PROP_NUMERIC, PROP_RERUN)      # user properties holding dicts


def short(text, limit: int = MESSAGE_LIMIT) -> str:
    text = str(text or "")
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more characters]"


def props_of(user_properties) -> list[tuple[str, object]]:
    return [tuple(p) for p in (user_properties or ()) if isinstance(p, (tuple, list)) and len(p) == 2]


def first_prop(props, name):
    for k, v in props:
        if k == name:
            return v
    return None


def op_and_dtype(meta: dict, props) -> tuple:
    """A test's op and dtype: what it declares (reports.recording.item_meta), else the first it
    recorded while it ran (reports.record_case, the launcher)."""
    return (meta.get("op") or first_prop(props, PROP_OP), meta.get("dtype") or first_prop(props, PROP_DTYPE))


def decoded(value):
    """A structured user property that went through a text channel (JUnit of an isolated child)."""
    if isinstance(value, str):
        for parse in (json.loads, ast.literal_eval):
            try:
                return parse(value)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
    return value


def numeric_entries(props) -> tuple[list[dict], list[str]]:
    """(numeric dicts, problems): entries that are not dicts after decoding are problems."""
    good, bad = [], []
    for k, v in props:
        if k != PROP_NUMERIC:
            continue
        if isinstance(v, dict):
            good.append(v)
        else:
            bad.append(f"{PROP_NUMERIC} user property is not a decodable record "
                       f"({type(v).__name__}: {short(repr(v), 120)})")
    return good, bad


def compact_numeric(user_properties) -> None:
    """Numeric entries lose outputs and details (kept in results.json) and structured ones become
    JSON text, so JUnit XML carries metrics and readable JSON, not kilobytes of base64 or reprs."""
    for i, p in enumerate(user_properties):
        if not (isinstance(p, (tuple, list)) and len(p) == 2 and isinstance(p[1], dict)):
            continue
        if p[0] == PROP_NUMERIC:
            user_properties[i] = (PROP_NUMERIC, json.dumps({k: v for k, v in p[1].items()
                                                            if k not in ("output", "details", "worst")}))
        elif p[0] == PROP_RERUN:
            user_properties[i] = (PROP_RERUN, json.dumps(p[1]))


def unseen_info(rep) -> dict:
    """Class of a report this plugin's makereport never saw (an xdist crash, a synthesized one)."""
    return {"class": classify_phase(rep.when, rep.outcome,
                                    reason=skip_reason(rep.longrepr) if rep.skipped else rep.longreprtext,
                                    wasxfail=hasattr(rep, "wasxfail")),
            "message": short(rep.longreprtext), "meta": {}}


def build(nodeid: str, reps: list, *, product: str | None, meta: dict, repro: str) -> dict:
    """The record of one test from its phase reports (setup/call/teardown, or xdist's '???')."""
    phases, infos = {}, []
    for r in reps:
        info = getattr(r, "aclop", None)
        if not isinstance(info, dict):
            info = unseen_info(r)
        phases[r.when] = info["class"]
        infos.append((r, info))
    # Every phase report carries the item's user properties as they were then: the latest
    # report has them all (the longest list, should a crash report carry none).
    props = [(k, decoded(v) if k in STRUCTURED else v)
             for k, v in max((props_of(r.user_properties) for r in reps), key=len, default=[])]
    numeric, problems = numeric_entries(props)
    rerun = first_prop(props, PROP_RERUN)
    if rerun is not None and not isinstance(rerun, dict):
        problems.append(f"{PROP_RERUN} user property is not a decodable record ({short(repr(rerun), 120)})")
        rerun = {"class": "Fail", "phase": "?", "message": str(rerun)}
    cls = worst(phases.values())
    main_rep, main = max(infos, key=lambda x: SEVERITY[x[1]["class"]])
    phase = main_rep.when
    meta = meta or next((i["meta"] for _, i in infos if i.get("meta")), {}) or {}
    message = main.get("message", "")
    if rerun and cls == "Pass":
        cls = "Flake"
        message = (f"failed in {rerun.get('phase')} on the first attempt, passed on the rerun: "
                   f"{rerun.get('message', '')}")
        phase = rerun.get("phase") or phase
    elif rerun and SEVERITY[cls] >= SEVERITY["Fail"]:
        message = f"[failed again on rerun] {message}"
    if problems and SEVERITY[cls] < SEVERITY["HarnessError"]:
        cls, phase = "HarnessError", "report"
        message = "; ".join(problems) + (f" (test result: {message})" if message else "")
    op, dtype = op_and_dtype(meta, props)
    rec = {
        "id": nodeid, "suite": nodeid.split("::", 1)[0], "product": product,
        "clauses": list(meta.get("clauses") or []),
        "op": op or next((n.get("op") for n in numeric if n.get("op")), None),
        "dtype": dtype,
        "case": first_prop(props, PROP_CASE) or meta.get("case"),
        "class": cls, "phase": phase, "phases": phases,
        "duration": round(sum(float(getattr(r, "duration", 0.0) or 0.0) for r in reps), 6),
        "message": message,
        "metrics": {k[len(METRIC_PREFIX):]: v for k, v in props if isinstance(k, str) and k.startswith(METRIC_PREFIX)},
        "numeric": numeric, "repro": repro,
    }
    if meta.get("time_limit"):
        rec["time_limit"] = meta["time_limit"]
    if SEVERITY[cls] >= SEVERITY["Waived"] and main_rep.longreprtext:
        rec["longrepr"] = short(main_rep.longreprtext, LONGREPR_LIMIT)
    for _, info in infos:
        if info.get("waiver"):
            rec["waiver"] = info["waiver"]
            rec["waived_class"] = info.get("waived_class")
        if info.get("expired_waiver"):
            rec["expired_waiver"] = info["expired_waiver"]
        if info.get("recent_error"):
            rec.setdefault("recent_error", info["recent_error"])
    if signal := first_prop(props, PROP_SIGNAL):
        rec["signal"] = signal
    if rerun:
        rec["rerun"] = rerun
    return rec


def collection_error(report, *, product: str | None, repro: str) -> dict:
    return {
        "id": report.nodeid or "<collection>", "suite": (report.nodeid or "").split("::", 1)[0],
        "product": product, "clauses": [], "op": None, "dtype": None, "case": None,
        "class": "HarnessError", "phase": "collect", "phases": {"collect": "HarnessError"}, "duration": 0.0,
        "message": short("collection error: " + (report.longreprtext.strip().splitlines() or [""])[-1]),
        "longrepr": short(report.longreprtext, LONGREPR_LIMIT), "metrics": {}, "numeric": [], "repro": repro}
