"""The recording API: what a test says about itself, and what the report knows of it before it runs.

Tests (or the helpers they call) attach data to the running test with this small API. Data goes
into ``item.user_properties``, which pytest copies into every report, so it reaches the xdist
controller, JUnit XML (as <property>), results.json and the merged report.

    import reports
    reports.record(request, "launches", 12)                 # a named metric
    reports.record_property(None, "observed_code", 100000)  # a plain property (no fixture needed)
    reports.record_case(request, op="Add", dtype="float16")  # tags (also allure tags)
    reports.record_metrics(request, m, case="Add-float16-[7]", actual=got)   # compare.Metrics

``node`` may be a ``request``, an ``Item``, or None for the test running in this process (so
library code such as reference/compare.py needs no request). Outside a test, calls are no-ops.

What a test declares (its clause, op and dtype markers, its parameters: a catalog case knows its
op, dtype and id) is worked out once per item by ``item_meta`` and kept in the item's stash; the
plugin (records, JUnit, Allure, the xdist ledger) and ``record_metrics`` all read it from there.

This module imports nothing of reports/ but the results schema (reports.results).
"""
from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import re

from .results import (
    METRIC_PREFIX,
    PROP_CASE,
    PROP_DTYPE,
    PROP_NUMERIC,
    PROP_OP,
    PROP_OUTCOME,
    PROP_SIGNAL,
    plain,
)

_current = None          # set by reports.plugin around each test (threads of the test see it too)
OUTPUT_LIMIT = 1024      # outputs up to this many elements are stored for cross-product diffs
_OP_PREFIX = re.compile(r"^([A-Z][A-Za-z0-9]*)(?:[-\s]|$)")


def current_item():
    return _current


def set_current(item) -> None:
    """The test running in this process (reports.plugin, around each test)."""
    global _current
    _current = item


# -- what a test declares ----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _meta_key():
    import pytest  # here: ``python -m reports build`` imports no pytest
    return pytest.StashKey[dict]()


def item_meta(item) -> dict:
    """Clauses (clause markers), op and dtype (markers, parameters, a catalog case), numeric case
    id and time limit of an item: worked out once and kept in its stash (every phase report, a
    rerun, the labels, each comparison it records)."""
    stash = getattr(item, "stash", None)
    if stash is not None:
        meta = stash.get(_meta_key(), None)
        if meta is not None:
            return meta
    clauses = [str(a) for mark in _markers(item, "clause") for a in mark.args]
    op = _closest(item, "op")
    dt = _closest(item, "dtype")
    params = getattr(getattr(item, "callspec", None), "params", {})
    op = op.args[0] if op and op.args else params.get("op") if isinstance(params.get("op"), str) else None
    dtype = dt.args[0] if dt and dt.args else params.get("dtype") if isinstance(params.get("dtype"), str) else None
    case = None
    for value in params.values():     # a case object (fixtures' catalog): .op.name, .dtype, .id
        name = getattr(getattr(value, "op", None), "name", None)
        if isinstance(name, str):
            op = op or name
            dtype = dtype or (value.dtype if isinstance(getattr(value, "dtype", None), str) else None)
            case = getattr(value, "id", None) if isinstance(getattr(value, "id", None), str) else None
            break
    meta = {"clauses": sorted(set(clauses)), "op": op, "dtype": dtype, "case": case,
            "time_limit": _time_limit(item)}
    if stash is not None:
        stash[_meta_key()] = meta
    return meta


def _markers(item, name):
    return item.iter_markers(name) if hasattr(item, "iter_markers") else ()


def _closest(item, name):
    return item.get_closest_marker(name) if hasattr(item, "get_closest_marker") else None


def _time_limit(item) -> float | None:
    """The limit the time-limit plugin gave this item (pytest-timeout's marker, seconds), if any."""
    mark = _closest(item, "timeout")
    if mark is None:
        return None
    value = mark.args[0] if mark.args else mark.kwargs.get("timeout")
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


# -- what a test records -------------------------------------------------------------------------

def _item(node):
    if node is None:
        return _current
    return getattr(node, "node", node) if not hasattr(node, "user_properties") else node


def record(node, key: str, value) -> None:
    """A named metric of the test: ``metric:<key>`` in the report (numbers are plotted)."""
    item = _item(node)
    if item is not None:
        item.user_properties.append((METRIC_PREFIX + str(key), plain(value)))


def record_property(node, name: str, value) -> None:
    """What pytest's ``record_property`` fixture does, for tests that do not request it (one
    fixture fewer per test: each costs pytest and allure-pytest about half a millisecond)."""
    item = _item(node)
    if item is not None:
        item.user_properties.append((str(name), value))


def record_case(node=None, *, op: str | None = None, dtype: str | None = None,
                case: str | None = None) -> None:
    """Which operator / dtype / numeric case the test exercises (report columns, allure tags)."""
    item = _item(node)
    if item is None:
        return
    for name, value in ((PROP_OP, op), (PROP_DTYPE, dtype), (PROP_CASE, case)):
        if value is not None and (name, str(value)) not in item.user_properties:
            item.user_properties.append((name, str(value)))


def record_outcome(node, outcome: str, signal: str | None = None) -> None:
    """For the crash-isolation runner: mark the test Crash or Timeout (and the signal)."""
    item = _item(node)
    if item is None:
        return
    item.user_properties.append((PROP_OUTCOME, outcome))
    if signal:
        item.user_properties.append((PROP_SIGNAL, signal))


def _metrics_dict(metrics) -> dict:
    """The fields of a Metrics (or a dict), with nested dataclasses (the Standard) as dicts.

    Shallow on purpose: dataclasses.asdict deep-copies every list and re-walks the Standard for
    each comparison, which was a tenth of a contract test's time."""
    if not dataclasses.is_dataclass(metrics):
        return dict(metrics)
    out = {}
    for f in dataclasses.fields(metrics):
        value = getattr(metrics, f.name)
        if dataclasses.is_dataclass(value):
            value = _dataclass_plain_safe(value)
        out[f.name] = value
    return out


@functools.lru_cache(maxsize=256)
def _dataclass_plain(value) -> dict:
    """A frozen dataclass (a Standard) as a JSON-safe dict, once per distinct value."""
    return plain(dataclasses.asdict(value))


def _dataclass_plain_safe(value) -> dict:
    try:
        return _dataclass_plain(value)
    except TypeError:                     # unhashable (not frozen): no cache
        return plain(dataclasses.asdict(value))


def record_metrics(node, metrics, *, case: str | None = None, op: str | None = None,
                   dtype: str | None = None, actual=None, clause: str | None = None) -> None:
    """One numeric comparison: reference.compare.Metrics (or a dict of the same fields).

    Stores the scalar metrics, the worst elements and failures; with ``actual`` (a numpy array)
    also its sha256 and, up to OUTPUT_LIMIT elements, its values, so the report can show how far
    products differ from each other for the same case, not only from numpy.
    """
    item = _item(node)
    if item is None:
        return
    d = _metrics_dict(metrics)
    worst = d.pop("worst", []) or []
    failures = d.pop("failures", []) or []
    dtype = dtype or d.get("dtype")
    if op is None:
        op = _op_of(item, case)
    scalars = {k: v for k, v in d.items() if k != "dtype" and (v is None or isinstance(v, (bool, int, float, str))
                                                              or hasattr(v, "item"))}
    entry = {"case": case, "op": op, "dtype": dtype, "clause": clause,
             "metrics": plain(scalars),
             "details": plain({k: v for k, v in d.items() if k != "dtype" and k not in scalars}),
             "worst": plain([[list(idx), a, e, r] for idx, a, e, r in worst][:10]),
             "failures": [str(f) for f in failures]}
    if actual is not None:
        entry["output"] = _output(actual)
    item.user_properties.append((PROP_NUMERIC, entry))
    record_case(item, op=op, dtype=dtype)


def _op_of(item, case):
    """The op of one comparison: the op the test declares (item_meta); else the case's own name
    (case ids such as "Add-float16-[7]" or "Rsqrt float32 ..." start with it: a property test
    compares many ops); else the op the launcher prepared last."""
    op = item_meta(item)["op"]
    if op is not None:
        return op
    m = _OP_PREFIX.match(case or "")
    if m:
        return m.group(1)
    ops = [value for name, value in item.user_properties if name == PROP_OP]
    return ops[-1] if ops else None


def _output(actual) -> dict:
    import numpy as np
    arr = np.asarray(actual)
    out = {"dtype": str(arr.dtype), "shape": list(arr.shape),
           # the array's own bytes, hashed in place (tobytes() copied them: 4 MB for a large case)
           "sha256": hashlib.sha256(np.ascontiguousarray(arr).view(np.uint8)).hexdigest()}
    if arr.size <= OUTPUT_LIMIT:
        with np.errstate(invalid="ignore"):     # a signalling NaN raises the flag as it widens
            wide = arr.astype(np.float64) if arr.dtype.kind != "c" else np.abs(arr).astype(np.float64)
        out["f64"] = base64.b64encode(np.ascontiguousarray(wide).astype("<f8").tobytes()).decode()
    return out
