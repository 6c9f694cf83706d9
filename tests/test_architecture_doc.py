"""docs/ARCHITECTURE.md names every module of the project, and every file it names exists.

Covered: every ``.py`` module, C unit (``.c``, ``.h``, ``.def``) and TOML table under the folders
of ``COVERED``, plus the top-level ``conftest.py`` and ``setup.py``; less what ``EXCLUDED`` leaves
out (the baselines: data files, one per product).

How the doc names a file (the convention this test reads):

- by its path from the checkout's root in backticks, e.g. ```harness/opp.py```; or
- inside a section whose heading states a folder in backticks (``## The binding (`harness/`)``),
  by its path from that folder, e.g. ```opp.py```. A subsection inherits the folders of the
  headings above it; the folder of the nearest heading is tried first, then the outer ones, then
  the root.

Names in fenced code blocks count the same way (the layer diagrams). Every name that looks like a
path to a ``.py``, ``.c``, ``.h``, ``.def`` or ``.toml`` file must exist under one of those
folders (glob patterns such as ``simulator/src/*.c`` and placeholders such as ``<id>.toml`` are
not names); ``GENERATED`` lists the few files the doc names that only a build or an install
creates. A name under an ``EXCLUDED`` folder is not checked either way.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"

# The folders whose files the doc must name (each with its subfolders).
COVERED = ("harness/", "fixtures/", "reference/", "reports/", "tools/", "simulator/", "suites/")
# Top-level files the doc must name.
TOP_LEVEL = ("conftest.py", "setup.py")
# Left out of both checks. reports/baselines/: one waiver file per product, described as a folder.
EXCLUDED = ("reports/baselines/",)
SUFFIXES = (".py", ".c", ".h", ".def", ".toml")
# Files the doc names that exist only once built or installed (not in the checkout).
GENERATED = frozenset({"aclsim_core_names.h"})

_PATH = re.compile(r"(?<![\w./*<>{}-])([\w][\w./-]*\.(?:py|c|h|def|toml))(?![\w*/<>{}-])")
_HEADING = re.compile(r"^(#+)\s+(.*)$")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_FOLDER = re.compile(r"^[\w.-]+(?:/[\w.-]+)*/$")


def _excluded(rel: str) -> bool:
    return rel.startswith(EXCLUDED)


def project_files() -> list[str]:
    """The files of the checkout the doc must name (paths from the root, '/'-separated)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split("\n")
        candidates = [p for p in out if p and (ROOT / p).is_file()]
    except (OSError, subprocess.CalledProcessError):
        candidates = []
        for folder in COVERED:
            for dirpath, dirnames, filenames in os.walk(ROOT / folder):
                dirnames[:] = [d for d in dirnames if not d.startswith((".", "__pycache__"))
                               and not d.endswith(".egg-info")]
                candidates += [str(Path(dirpath, f).relative_to(ROOT)).replace(os.sep, "/")
                               for f in filenames]
        candidates += list(TOP_LEVEL)
    return sorted(p for p in set(candidates)
                  if (p in TOP_LEVEL or (p.startswith(COVERED) and p.endswith(SUFFIXES)))
                  and not _excluded(p))


def named_paths(text: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """Every path-like name of the doc: (line number, name, the folders its section states,
    nearest first)."""
    found = []
    stack: list[tuple[int, tuple[str, ...]]] = []       # (heading level, folders it states)
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = None if fenced else _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            while stack and stack[-1][0] >= level:
                stack.pop()
            folders = tuple(s for s in _CODE_SPAN.findall(heading.group(2)) if _FOLDER.match(s))
            stack.append((level, folders))
        bases = tuple(f for _, folders in reversed(stack) for f in folders)
        spans = [line] if fenced else _CODE_SPAN.findall(line)
        for span in spans:
            for name in _PATH.findall(span):
                found.append((number, name, bases))
    return found


def resolve(name: str, bases: tuple[str, ...]) -> str | None:
    """The file a name denotes: under the nearest stated folder first, the root last."""
    for base in (*bases, ""):
        rel = os.path.normpath(base + name).replace(os.sep, "/")
        if (ROOT / rel).is_file():
            return rel
    return None


def test_every_module_is_named_and_every_named_file_exists():
    text = DOC.read_text(encoding="utf-8")
    named: set[str] = set()
    missing: list[str] = []
    for number, name, bases in named_paths(text):
        rel = resolve(name, bases)
        if rel is not None:
            named.add(rel)
        elif Path(name).name not in GENERATED and not any(_excluded(b + name) for b in (*bases, "")):
            missing.append(f"  line {number}: `{name}`" + (f" (section folders: {', '.join(bases)})"
                                                             if bases else ""))
    unnamed = [f"  {p}" for p in project_files() if p not in named]
    problems = []
    if unnamed:
        problems.append(f"{len(unnamed)} file(s) not named in docs/ARCHITECTURE.md "
                        "(give each a line saying what it is for):\n" + "\n".join(unnamed))
    if missing:
        problems.append(f"{len(missing)} name(s) in docs/ARCHITECTURE.md that are no file of the "
                        "checkout:\n" + "\n".join(missing))
    assert not problems, "\n".join(problems)


def test_the_check_sees_what_it_should():
    """The collection and the parser themselves: a real module is collected, an excluded one is
    not, and a name resolves against its section's folder."""
    files = project_files()
    assert "harness/opp.py" in files and "simulator/src/sim_internal.h" in files
    assert "conftest.py" in files
    assert not any(_excluded(p) for p in files)
    doc = "## A (`harness/`)\n`opp.py` and `fixtures/levels.toml`\n### B\n```\nraw.py\n```\n## C\n`opp.py`\n"
    found = [(name, resolve(name, bases)) for _, name, bases in named_paths(doc)]
    assert found == [("opp.py", "harness/opp.py"), ("fixtures/levels.toml", "fixtures/levels.toml"),
                     ("raw.py", "harness/raw.py"), ("opp.py", None)]
