"""An install's ABI as data, and the snapshot file ``abi snapshot`` writes and ``--against`` reads.

- ``functions``: name -> {"signature", "return", "params", "binding": {"return", "params"}, "file"}
  (types spelled by ``spelling``; a variadic function's params end with "...");
- ``values``: name -> {"value", "kind", "enum", "file"}; kind is "enumerator", "error_code"
  (``ACL_ERROR_*``, ``ACL_SUCCESS``, ``ACL_RT_SUCCESS``, as ``#define`` or ``static const``),
  "version" (``ACL_{MAJOR,MINOR,PATCH}_VERSION``) or "constant" (any other integer macro or
  ``static const``); value is an int, or the expression's text when it is no integer constant;
- ``typedefs``: name -> {"type", "file"} (a struct's members spelled out);
- ``exports``: library file name -> sorted exported function names (``acl*`` only).

``file`` is the header's path under the install's include directory (``acl/acl_op.h``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from . import AbiGateError

SCHEMA = "aclop-abi-snapshot/1"
SECTIONS = ("functions", "values", "typedefs", "exports")


@dataclass
class Abi:
    home: str = ""
    headers: list[str] = field(default_factory=list)
    functions: dict[str, dict] = field(default_factory=dict)
    values: dict[str, dict] = field(default_factory=dict)
    typedefs: dict[str, dict] = field(default_factory=dict)
    exports: dict[str, list[str]] = field(default_factory=dict)

    def exporters(self, name: str) -> list[str]:
        """The libraries that export ``name``."""
        return [lib for lib, names in self.exports.items() if name in names]

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "home": self.home, "headers": self.headers,
                **{s: getattr(self, s) for s in SECTIONS}}


def from_json(data: object, path: str) -> Abi:
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else type(data).__name__
        raise AbiGateError(f"--against {path}: not an ABI snapshot (schema {found!r}, expected {SCHEMA!r}; "
                           "write one with `python -m harness abi snapshot`)")
    for section in SECTIONS:
        if not isinstance(data.get(section), dict):
            raise AbiGateError(f"--against {path}: '{section}' is missing or not an object")
    return Abi(home=str(data.get("home", "")), headers=list(data.get("headers", [])),
               **{s: data[s] for s in SECTIONS})


def load_snapshot(path: str) -> Abi:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise AbiGateError(f"--against {path}: cannot read it: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise AbiGateError(f"--against {path}: not JSON: {exc}") from None
    return from_json(data, path)


def write_json(path: str, data: dict, option: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.write("\n")
    except OSError as exc:
        raise AbiGateError(f"{option} {path}: cannot write it: {exc.strerror}") from None
