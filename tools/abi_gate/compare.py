"""Findings: the install's ABI against the suites' (a) and against an earlier snapshot (b).

Severities: "no-go" (the release breaks what the suites bind, or what an earlier release
offered), "addition" (new in this release: listed, still go), "note" (informational: an optional
call the install lacks, a value of harness/abi.py its headers do not declare, a version macro
that moved on).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from .model import Abi
from .suites import ABI_FILE, PROTOTYPES_FILE, Call, Expected

NO_GO, ADDITION, NOTE = "no-go", "addition", "note"
SEVERITIES = (NO_GO, ADDITION, NOTE)


@dataclass(frozen=True)
class Finding:
    severity: str
    kind: str
    name: str
    old: object          # what the suites expect, or what the earlier release had
    new: object          # what the install has (None: nothing)
    file: str            # the header or library it is about
    basis: str           # "suites" or "snapshot"
    detail: str = ""

    def to_json(self) -> dict:
        return asdict(self)


def verdict(findings: list[Finding]) -> str:
    return NO_GO if any(f.severity == NO_GO for f in findings) else "go"


# ------------------------------------------------------------------ (a) the suites' ABI
def call_findings(abi: Abi, call: Call) -> list[Finding]:
    decl, libraries = abi.functions.get(call.name), abi.exporters(call.name)
    severity = NO_GO if call.required else NOTE
    detail = f"section {call.section} ({'required' if call.required else 'optional'})"
    if decl is None and not libraries and not call.required:
        return [Finding(NOTE, "optional-call-absent", call.name, call.text, None, PROTOTYPES_FILE, "suites", detail)]
    out = []
    if decl is None:
        out.append(Finding(severity, "call-undeclared", call.name, call.text, None, PROTOTYPES_FILE, "suites", detail))
    elif decl["binding"] != call.binding:
        out.append(Finding(NO_GO, "prototype-mismatch", call.name, binding_signature(call.name, call.binding),
                           binding_signature(call.name, decl["binding"]), decl["file"], "suites",
                           f"{difference(call.binding, decl['binding'])}; {PROTOTYPES_FILE} {detail}; "
                           "compared as the binding sees the types: no qualifiers"))
    if not libraries:
        out.append(Finding(severity, "call-unexported", call.name, call.text, None,
                           decl["file"] if decl else PROTOTYPES_FILE, "suites",
                           f"{detail}; exported by none of {', '.join(abi.exports)}"))
    return out


def binding_signature(name: str, binding: dict) -> str:
    ret = binding["return"]
    return f"{ret}{'' if ret.endswith('*') else ' '}{name}({', '.join(binding['params']) or 'void'})"


def difference(expected: dict, have: dict) -> str:
    """What differs first: the return type, the parameter count, or one parameter."""
    if expected["return"] != have["return"]:
        return f"return type {expected['return']} -> {have['return']}"
    old, new = expected["params"], have["params"]
    if len(old) != len(new):
        return f"{len(old)} parameters -> {len(new)}"
    i = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
    return f"parameter {i + 1}: {old[i]} -> {new[i]}"


def value_findings(abi: Abi, expected: Expected) -> list[Finding]:
    have = abi.values.get(expected.name)
    if have is None:
        return [Finding(NOTE, "value-undeclared", expected.name, expected.value, None, ABI_FILE, "suites",
                        f"{ABI_FILE} {expected.source}")]
    if have["value"] != expected.value:
        return [Finding(NO_GO, "value-mismatch", expected.name, expected.value, have["value"], have["file"],
                        "suites", f"{ABI_FILE} {expected.source}")]
    return []


def against_suites(abi: Abi, calls: list[Call], values: list[Expected]) -> list[Finding]:
    out = [f for call in calls for f in call_findings(abi, call)]
    return out + [f for e in values for f in value_findings(abi, e)]


# ------------------------------------------------------------------ (b) an earlier snapshot
INFORMATIONAL_KINDS = ("version",)     # ACL_{MAJOR,MINOR,PATCH}_VERSION move on with every release


def _changes(old: dict, new: dict, kind, text, same, explain=lambda a, b: "") -> list[Finding]:
    """Removed and changed entries of one section (no-go, a note for an informational kind) and
    added ones (additions); ``kind(entry)`` names the entry's kind for the finding."""
    out = []
    for name, before in old.items():
        after, k = new.get(name), kind(before)
        severity = NOTE if k in INFORMATIONAL_KINDS else NO_GO
        if after is None:
            out.append(Finding(severity, f"{k}-removed", name, text(before), None, before["file"], "snapshot"))
        elif not same(before, after):
            out.append(Finding(severity, f"{k}-changed", name, text(before), text(after), after["file"], "snapshot",
                               explain(before, after)))
    out += [Finding(ADDITION, f"{kind(after)}-added", name, None, text(after), after["file"], "snapshot")
            for name, after in new.items() if name not in old]
    return out


def _same_prototype(a: dict, b: dict) -> bool:
    return a["return"] == b["return"] and a["params"] == b["params"]


def _value_kind(entry: dict) -> str:
    return {"enumerator": "enum", "error_code": "error-code"}.get(entry["kind"], entry["kind"])


def export_changes(old: dict[str, list[str]], new: dict[str, list[str]]) -> list[Finding]:
    out = []
    for lib, names in old.items():
        if lib not in new:
            out.append(Finding(NO_GO, "library-removed", lib, f"{len(names)} exports", None, lib, "snapshot"))
            continue
        now = set(new[lib])
        out += [Finding(NO_GO, "export-removed", n, f"exported by {lib}", None, lib, "snapshot")
                for n in names if n not in now]
        out += [Finding(ADDITION, "export-added", n, None, f"exported by {lib}", lib, "snapshot")
                for n in new[lib] if n not in set(names)]
    out += [Finding(ADDITION, "library-added", lib, None, f"{len(names)} exports", lib, "snapshot")
            for lib, names in new.items() if lib not in old]
    return out


def against_snapshot(old: Abi, new: Abi) -> list[Finding]:
    return (_changes(old.functions, new.functions, lambda e: "call", lambda e: e["signature"], _same_prototype,
                     difference)
            + _changes(old.values, new.values, _value_kind, lambda e: e["value"],
                       lambda a, b: a["value"] == b["value"])
            + _changes(old.typedefs, new.typedefs, lambda e: "typedef", lambda e: e["type"],
                       lambda a, b: a["type"] == b["type"])
            + export_changes(old.exports, new.exports))
