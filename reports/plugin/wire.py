"""What an xdist worker sends the controller about a test: each phase report as one JSON text.

Every phase report crosses from a worker to the controller through execnet, whose serializer
walks Python objects one at a time, in pure Python, on both sides. A numeric test's record (the
``aclop_numeric`` user property: metrics, an output digest, details; about 190 objects) travels
in its call and its teardown report, and every report carries its classification (``aclop``,
about 22 objects) and pytest's keywords (about 23): some 500 objects per numeric test, most of
what the two processes spend on serializing (docs/PERFORMANCE.md, issue 21). Sent as one JSON
text, a report is one string to execnet, encoded and decoded by the C JSON codec.

Exact or not at all: JSON has no tuples, so the fields pytest fills with tuples (``location``,
each of ``user_properties`` and ``sections``) are made tuples again, and the worker sends the text
only if decoding it gives back a dict equal to pytest's (a NaN, a non-string key, a tuple
elsewhere fail the check); otherwise the report travels as before. The controller decodes before
pytest makes the report, so every hook there sees the report it would have seen without this
module. Only an xdist worker encodes (another user of ``pytest_report_to_serializable``, such as
a report log, gets pytest's own dict); decoding is keyed on the marker the worker sends, so it
never touches a report this module did not encode.
"""
from __future__ import annotations

import json

import pytest

MARK = "aclop_wire"          # key of the serialized report: the whole report as JSON text
TYPE = "$report_type"        # pytest's key naming the report class; kept outside the text


def _restored(data: dict) -> dict:
    """A decoded report dict with pytest's tuples made tuples again, in place."""
    if isinstance(data.get("location"), list):
        data["location"] = tuple(data["location"])
    for key in ("user_properties", "sections"):
        value = data.get(key)
        if isinstance(value, list):
            data[key] = [tuple(v) if isinstance(v, list) else v for v in value]
    return data


def encode(data: dict) -> dict:
    """A serialized TestReport (pytest's dict) as ``{TYPE, MARK: text}`` when its JSON round trip
    is exact; else the dict itself, unchanged."""
    body = {k: v for k, v in data.items() if k != TYPE}
    try:
        text = json.dumps(body, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return data
    if _restored(json.loads(text)) != body:
        return data
    return {TYPE: data.get(TYPE), MARK: text}


def decode(data: dict) -> None:
    """The inverse of ``encode``, in place; a dict without the marker is left as it is."""
    text = data.pop(MARK, None)
    if isinstance(text, str):
        data.update(_restored(json.loads(text)))


class WireHooks:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_report_to_serializable(self, config, report):
        outcome = yield
        data = outcome.get_result()
        if self.worker and isinstance(data, dict) and data.get(TYPE) == "TestReport":
            outcome.force_result(encode(data))

    @pytest.hookimpl(hookwrapper=True)
    def pytest_report_from_serializable(self, config, data):
        if isinstance(data, dict) and MARK in data:
            decode(data)
        yield
