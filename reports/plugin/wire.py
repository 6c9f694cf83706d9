"""What an xdist worker sends the controller about a test: its structured parts as JSON text.

Every phase report crosses from a worker to the controller through execnet, whose serializer
walks Python objects one at a time, in pure Python, on both sides. A numeric test's record (the
``aclop_numeric`` user property: metrics, an output digest, details; about 190 objects) travels
in its call and its teardown report, and every report carries its classification (``aclop``,
about 22 objects): some 440 objects per numeric test, most of what the two processes spend on
serializing (docs/PERFORMANCE.md, issue 21). Sent as JSON text, each is one string to execnet,
encoded and decoded by the C JSON codec.

Exact or not at all: a value is sent as text only if decoding the text gives an equal value back
(checked on the worker; a tuple, a NaN or a non-string key fails the check), otherwise it travels
as before. The controller decodes before pytest makes the report, so every hook there sees the
report it would have seen without this module. Only an xdist worker encodes (another user of
``pytest_report_to_serializable``, such as a report log, gets pytest's own dict); decoding is
keyed on the marker the worker adds, so it never touches a report this module did not encode.
"""
from __future__ import annotations

import json

import pytest

MARK = "aclop_wire"          # key of the serialized report: which of its parts are JSON text
INFO = "aclop"               # the classification a report carries (classify.py)


def exact_json(value) -> str | None:
    """``value`` as JSON text if the text decodes to an equal value, else None."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return text if json.loads(text) == value else None


def encode(data: dict) -> None:
    """A serialized TestReport (pytest's dict) with its structured parts as JSON text, in place.
    ``user_properties`` becomes a new list: the report's own list is the item's."""
    encoded_props = []
    props = data.get("user_properties")
    if props:
        out = list(props)
        for i, prop in enumerate(out):
            if isinstance(prop, tuple) and len(prop) == 2 and isinstance(prop[1], (dict, list)):
                text = exact_json(prop[1])
                if text is not None:
                    out[i] = (prop[0], text)
                    encoded_props.append(i)
        data["user_properties"] = out
    info = data.get(INFO)
    info_text = exact_json(info) if isinstance(info, dict) else None
    if info_text is not None:
        data[INFO] = info_text
    if encoded_props or info_text is not None:
        data[MARK] = {"props": encoded_props, "info": info_text is not None}


def decode(data: dict) -> None:
    """The inverse of ``encode``, in place; a dict without the marker is left as it is."""
    mark = data.pop(MARK, None)
    if not isinstance(mark, dict):
        return
    props = data.get("user_properties")
    for i in mark.get("props", ()):
        name, text = props[i]
        props[i] = (name, json.loads(text))
    if mark.get("info"):
        data[INFO] = json.loads(data[INFO])


class WireHooks:
    @pytest.hookimpl(hookwrapper=True)
    def pytest_report_to_serializable(self, config, report):
        outcome = yield
        data = outcome.get_result()
        if self.worker and isinstance(data, dict) and data.get("$report_type") == "TestReport":
            encode(data)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_report_from_serializable(self, config, data):
        if isinstance(data, dict) and MARK in data:
            decode(data)
        yield
