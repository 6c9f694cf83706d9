"""The ABI gate in the release report (``python -m reports build ... --abi FILE``).

FILE is what ``python -m harness abi check --json FILE`` wrote. Its verdict joins the release's:
an ABI check that is no-go makes the release no-go, whatever the products' runs say; a go check
changes nothing. The report lists its no-go findings and additions (notes are counted).
"""
from __future__ import annotations

import json
import os

from .inputs import BuildError, _sha256

SCHEMA = "aclop-abi-check/1"
VERDICTS = ("go", "no-go")
LISTED = ("no-go", "addition")


def load(path: str) -> dict:
    """The ABI check's summary for verdict.json and the templates; BuildError names the file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise BuildError(f"--abi {path}: cannot read it: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise BuildError(f"--abi {path}: not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise BuildError(f"--abi {path}: not the JSON of `python -m harness abi check --json` "
                         f"(schema {data.get('schema') if isinstance(data, dict) else None!r}, expected {SCHEMA!r})")
    if data.get("verdict") not in VERDICTS or not isinstance(data.get("findings"), list):
        raise BuildError(f"--abi {path}: 'verdict' must be one of {', '.join(VERDICTS)} and 'findings' a list")
    findings = data["findings"]
    return {"path": os.path.abspath(path), "sha256": _sha256(path), "verdict": data["verdict"],
            "install": (data.get("install") or {}).get("home"),
            "snapshot": (data.get("against") or {}).get("snapshot"),
            "counts": {s: sum(f.get("severity") == s for f in findings) for s in ("no-go", "addition", "note")},
            "findings": [f for f in findings if f.get("severity") in LISTED]}


def apply(overall: str, abi: dict | None) -> str:
    """The release verdict with the ABI gate's: no-go when the gate is."""
    return "no-go" if abi is not None and abi["verdict"] == "no-go" else overall
