"""Per-product baselines: expected failures with an owner, a tracking link and an expiry release.

File ``reports/baselines/<product id>.toml``::

    schema = 1
    product = "atlas-a2"

    [[waiver]]
    pattern = "suites/test_numerics_smoke.py::test_add_matches_numpy[bfloat16-*]"
    category = "dtype"            # dtype | value | not-supported | runtime-bug | harness-bug
    link = "https://tracker.example/ACL-1234"
    owner = "someone@example.com"
    expires = "9.1.0"             # the release by which it must be fixed
    expect = ["Fail"]             # optional: the classes it waives (default: any failure class)
    note = "why"                  # optional

Patterns match whole pytest node ids. ``*`` (any text) and ``?`` (one character) are the only
wildcards: brackets are literal, so a parametrised id can be pasted as it is.
An entry is *expired* when ``expires`` <= the release under test (``--release``, else the
runtime version the library reports): it waives nothing any more and fails the verdict.
"""
from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

from .results import NAMES, WAIVABLE

CATEGORIES = ("dtype", "value", "not-supported", "runtime-bug", "harness-bug")
REQUIRED = ("pattern", "category", "link", "owner", "expires")
OPTIONAL = ("expect", "note")


class BaselineError(ValueError):
    """A malformed baseline; the message names the file, the line and the field."""


@dataclass
class Waiver:
    pattern: str
    category: str
    link: str
    owner: str
    expires: str
    expect: tuple[str, ...] = WAIVABLE
    note: str = ""
    line: int = 0                       # line of the entry's [[waiver]] header
    index: int = 0
    _regex: re.Pattern = field(default=None, repr=False, compare=False)

    def __post_init__(self):
        self._regex = glob_regex(self.pattern)

    def matches(self, nodeid: str) -> bool:
        return self._regex.fullmatch(nodeid) is not None

    def where(self, path: str) -> str:
        return f"{path}:{self.line}"

    def as_dict(self) -> dict:
        return {"pattern": self.pattern, "category": self.category, "link": self.link,
                "owner": self.owner, "expires": self.expires, "expect": list(self.expect),
                "note": self.note, "line": self.line}


@dataclass
class Baseline:
    path: str | None
    product: str | None
    waivers: list[Waiver]
    sha256: str | None = None

    def match(self, nodeid: str, result_class: str, release: str | None) -> tuple[Waiver | None, Waiver | None]:
        """(active waiver, expired waiver) for a failing test; at most one of them is set."""
        expired = None
        for w in self.waivers:
            if w.matches(nodeid) and result_class in w.expect:
                if is_expired(w, release):
                    expired = expired or w
                else:
                    return w, None
        return None, expired

    def matching(self, nodeid: str) -> list[Waiver]:
        return [w for w in self.waivers if w.matches(nodeid)]


def glob_regex(pattern: str) -> re.Pattern:
    out = []
    for ch in pattern:
        out.append(".*" if ch == "*" else "." if ch == "?" else re.escape(ch))
    return re.compile("".join(out), re.DOTALL)


# -- releases -------------------------------------------------------------------------------

def release_key(version: str) -> tuple:
    """Order CANN release strings: 8.0.RC1 < 8.0.RC2 < 8.0.0 < 8.0.1 < 8.1.RC1 < 9.0.0.

    Numbers compare numerically, RCn is below a plain number in the same position, alpha/beta
    tags below RC; a missing component counts as 0 (9.0 == 9.0.0).
    """
    parts = []
    for tok in re.split(r"[.\-_ ]+", version.strip()):
        if not tok:
            continue
        m = re.fullmatch(r"(\d+)", tok)
        if m:
            parts.append((2, int(m.group(1)), ""))
            continue
        m = re.fullmatch(r"(?i)rc(\d*)", tok)
        if m:
            parts.append((1, int(m.group(1) or 0), ""))
            continue
        m = re.fullmatch(r"(?i)(alpha|beta|t)(\d*)", tok)
        if m:
            parts.append((0, int(m.group(2) or 0), m.group(1).lower()))
            continue
        parts.append((0, 0, tok.lower()))
    if not parts:
        return ()
    return tuple(parts) + ((2, 0, ""),) * max(0, _KEY_LEN - len(parts))


_KEY_LEN = 8


def release_le(a: str, b: str) -> bool:
    return release_key(a) <= release_key(b)


def is_expired(w: Waiver, release: str | None) -> bool:
    return bool(release) and release_le(w.expires, release)


# -- loading --------------------------------------------------------------------------------

def _entry_lines(text: str) -> list[tuple[int, dict[str, int]]]:
    """For each [[waiver]] header: its line and the line of each key inside it (1-based)."""
    entries: list[tuple[int, dict[str, int]]] = []
    current: dict[str, int] | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if re.match(r"^\[\[\s*waiver\s*\]\]", line):
            current = {}
            entries.append((no, current))
        elif line.startswith("["):
            current = None
        elif current is not None:
            m = re.match(r'^"?([A-Za-z0-9_\-]+)"?\s*=', line)
            if m:
                current.setdefault(m.group(1), no)
    return entries


def _top_key_line(text: str, key: str) -> int:
    for no, raw in enumerate(text.splitlines(), 1):
        if raw.strip().startswith("["):
            break
        if re.match(rf"^\s*{re.escape(key)}\s*=", raw):
            return no
    return 1


def loads(text: str, path: str = "<baseline>", product: str | None = None) -> Baseline:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BaselineError(f"{path}: TOML syntax error: {exc}") from None
    lines = _entry_lines(text)
    unknown_top = set(data) - {"schema", "product", "waiver"}
    if unknown_top:
        key = sorted(unknown_top)[0]
        raise BaselineError(f"{path}:{_top_key_line(text, key)}: unknown top-level field {key!r} "
                            f"(expected schema, product, [[waiver]])")
    if data.get("schema", 1) != 1:
        raise BaselineError(f"{path}:{_top_key_line(text, 'schema')}: field 'schema': "
                            f"unsupported version {data.get('schema')!r} (expected 1)")
    file_product = data.get("product")
    if file_product is not None and not isinstance(file_product, str):
        raise BaselineError(f"{path}:{_top_key_line(text, 'product')}: field 'product': expected a string")
    if product and file_product and file_product != product:
        raise BaselineError(f"{path}:{_top_key_line(text, 'product')}: field 'product': this baseline is "
                            f"for {file_product!r} but the run is on {product!r}")
    entries = data.get("waiver", [])
    if not isinstance(entries, list):
        raise BaselineError(f"{path}:{_top_key_line(text, 'waiver')}: field 'waiver': use [[waiver]] tables")
    waivers = []
    for i, entry in enumerate(entries):
        header, keys = lines[i] if i < len(lines) else (1, {})

        def err(fieldname, msg, _h=header, _k=keys, _i=i):
            line = _k.get(fieldname, _h)
            return BaselineError(f"{path}:{line}: waiver #{_i + 1}, field {fieldname!r}: {msg}")

        for key in entry:
            if key not in REQUIRED + OPTIONAL:
                raise err(key, f"unknown field (expected {', '.join(REQUIRED + OPTIONAL)})")
        for key in REQUIRED:
            if key not in entry:
                raise err(key, "missing (required: " + ", ".join(REQUIRED) + ")")
            if not isinstance(entry[key], str) or not entry[key].strip():
                raise err(key, f"expected a non-empty string, got {entry[key]!r}")
        if entry["category"] not in CATEGORIES:
            raise err("category", f"{entry['category']!r} is not one of {', '.join(CATEGORIES)}")
        if not re.match(r"^\w+://\S+$", entry["link"]):
            raise err("link", f"{entry['link']!r} is not a URL (tracking link)")
        if not release_key(entry["expires"]) or not re.match(r"^\d", entry["expires"].strip()):
            raise err("expires", f"{entry['expires']!r} is not a release such as 9.1.0 or 8.0.RC3")
        expect = entry.get("expect", list(WAIVABLE))
        if isinstance(expect, str):
            expect = [expect]
        if not isinstance(expect, list) or not expect or any(e not in WAIVABLE for e in expect):
            raise err("expect", f"{expect!r}: expected a list of {', '.join(WAIVABLE)} "
                                f"(classes are {', '.join(NAMES)})")
        note = entry.get("note", "")
        if not isinstance(note, str):
            raise err("note", "expected a string")
        waivers.append(Waiver(entry["pattern"], entry["category"], entry["link"], entry["owner"],
                              entry["expires"].strip(), tuple(expect), note, header, i))
    return Baseline(path, file_product, waivers, hashlib.sha256(text.encode()).hexdigest())


def load(path: str, product: str | None = None) -> Baseline:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc.strerror}") from None
    return loads(text, path, product)


def empty() -> Baseline:
    return Baseline(None, None, [], None)


def evaluate(baseline: Baseline, records: list[dict], release: str | None) -> dict:
    """What the baseline did in a run: used, stale, expired entries and unexpected passes.

    ``records``: the run's test records (id, class, waiver). Stale = matches no test that ran.
    """
    out = {"file": baseline.path, "sha256": baseline.sha256, "release": release,
           "entries": [], "stale": [], "expired": [], "unexpected_passes": []}
    for w in baseline.waivers:
        matched = [r for r in records if w.matches(r["id"])]
        waived = [r["id"] for r in matched if r.get("waiver", {}).get("line") == w.line
                  and r["class"] == "Waived"]
        passes = [r["id"] for r in matched if r["class"] in ("Pass", "Flake")]
        state = "expired" if is_expired(w, release) else "stale" if not matched else "active"
        entry = {**w.as_dict(), "state": state, "matched": len(matched), "waived": waived,
                 "unexpected_passes": passes}
        out["entries"].append(entry)
        if state == "stale":
            out["stale"].append(entry)
        if state == "expired":
            out["expired"].append(entry)
        for tid in passes:
            out["unexpected_passes"].append({"id": tid, "pattern": w.pattern, "line": w.line})
    return out
