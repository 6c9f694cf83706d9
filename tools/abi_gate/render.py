"""The check's outputs: a human summary (one line per finding, grouped) and the JSON for reports."""
from __future__ import annotations

from .compare import ADDITION, NO_GO, NOTE, Finding, verdict
from .locate import Install
from .model import Abi

SCHEMA = "aclop-abi-check/1"
NOTES_SHOWN = 8          # notes of one kind listed by name without --verbose


def _text(value: object) -> str:
    return "nothing" if value is None else f"`{value}`" if isinstance(value, str) else str(value)


def describe(f: Finding) -> str:
    """One line for one finding."""
    where = f" ({f.file})" if f.file else ""
    if f.basis == "suites":
        said = f"the suites expect {_text(f.old)}, the install has {_text(f.new)}"
        if f.kind == "call-unexported":
            said = f"no library of the install exports it; the suites bind {_text(f.old)}"
        elif f.kind in ("call-undeclared", "optional-call-absent", "value-undeclared"):
            said = f"the install's headers do not declare it; the suites expect {_text(f.old)}"
        return f"  {f.kind} {f.name}{where}: {said}" + (f" [{f.detail}]" if f.detail else "")
    if f.kind.endswith("-removed"):
        return f"  {f.kind} {f.name}{where}: was {_text(f.old)}, gone"
    if f.kind.endswith("-added"):
        return f"  {f.kind} {f.name}{where}: {_text(f.new)}"
    return f"  {f.kind} {f.name}{where}: was {_text(f.old)}, now {_text(f.new)}" + (f" [{f.detail}]" if f.detail else "")


def _note_lines(notes: list[Finding], verbose: bool) -> list[str]:
    if verbose:
        return [describe(f) for f in notes]
    lines = []
    for kind in dict.fromkeys(f.kind for f in notes):
        names = [f.name for f in notes if f.kind == kind]
        shown = ", ".join(names[:NOTES_SHOWN]) + (f", ... ({len(names) - NOTES_SHOWN} more; --verbose lists "
                                                   "each)" if len(names) > NOTES_SHOWN else "")
        lines.append(f"  {kind} ({len(names)}): {shown}")
    return lines


def summary(install: Install, abi: Abi, findings: list[Finding], against: str | None,
            counts: dict[str, int], verbose: bool = False) -> str:
    out = [f"ABI check of {install.home} (from {install.given_by}): {len(abi.headers)} headers, "
           f"{len(abi.functions)} functions, {len(abi.values)} values, {len(abi.typedefs)} typedefs, "
           f"{len(abi.exports)} libraries ({', '.join(abi.exports)})",
           f"  against the suites: {counts['calls']} calls of harness/prototypes.py, "
           f"{counts['values']} values of harness/abi.py"]
    if against:
        out.append(f"  against the snapshot {against}")
    groups = {s: [f for f in findings if f.severity == s] for s in (NO_GO, ADDITION, NOTE)}
    out.append(f"no-go ({len(groups[NO_GO])}):")
    out += [describe(f) for f in groups[NO_GO]]
    out.append(f"additions ({len(groups[ADDITION])}):")
    out += [describe(f) for f in groups[ADDITION]]
    if groups[NOTE]:
        out.append(f"notes ({len(groups[NOTE])}, informational):")
        out += _note_lines(groups[NOTE], verbose)
    out.append(f"verdict: {verdict(findings).upper()}")
    return "\n".join(out)


def check_json(install: Install, findings: list[Finding], against: str | None) -> dict:
    return {"schema": SCHEMA, "verdict": verdict(findings),
            "install": {"home": install.home, "given_by": install.given_by, "headers": list(install.headers),
                        "libraries": list(install.libraries)},
            "against": {"suites": ["harness/prototypes.py", "harness/abi.py"], "snapshot": against},
            "counts": {s: sum(f.severity == s for f in findings) for s in (NO_GO, ADDITION, NOTE)},
            "findings": [f.to_json() for f in findings]}
