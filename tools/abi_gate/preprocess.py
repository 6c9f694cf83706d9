"""The install's headers through the system C preprocessor.

One run of ``cc -E -dD -undef -nostdinc`` over a probe file that includes every ACL header:

- ``-nostdinc`` with pycparser's fake libc headers (``pycparser_fake_libc``): ``<stdint.h>`` and
  the like become plain typedefs pycparser can read, instead of the system's GNU C;
- ``-undef``: no compiler macros, so CANN's ``ACL_FUNC_VISIBILITY`` and ``ACL_DEPRECATED`` expand
  to nothing, as CANN's headers intend for a compiler that is not GCC;
- ``-dD``: the output keeps every ``#define`` where the preprocessor met it, between its line
  markers, so each macro is known with the header it is in.

The ``#define`` / ``#undef`` lines are blanked out of the text handed to pycparser.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from dataclasses import dataclass, field

import pycparser_fake_libc

from . import AbiGateError
from .locate import Install

FAKE_LIBC = pycparser_fake_libc.directory
PROBE_NAME = "abi_gate_probe.c"


@dataclass(frozen=True)
class Macro:
    name: str
    body: str
    file: str          # as the preprocessor names it (a line marker's file)


@dataclass
class Preprocessed:
    text: str
    macros: dict[str, Macro] = field(default_factory=dict)   # object-like, in definition order


def command(cc: str, install: Install, probe: str) -> list[str]:
    include = install.include_dir
    return [cc, "-E", "-dD", "-undef", "-nostdinc", "-I", FAKE_LIBC, "-I", include,
            "-I", os.path.join(include, "acl"), probe]


def run_preprocessor(cc: str, install: Install) -> str:
    with tempfile.TemporaryDirectory(prefix="abi-gate-") as tmp:
        probe = os.path.join(tmp, PROBE_NAME)
        with open(probe, "w", encoding="utf-8") as f:
            f.write("".join(f'#include "{h}"\n' for h in install.headers))
        cmd = command(cc, install, probe)
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        except FileNotFoundError:
            raise AbiGateError(f"--cc {cc}: no such C compiler (the headers are read through its "
                               "preprocessor)") from None
    if proc.returncode != 0:
        raise AbiGateError(f"the preprocessor failed on the headers of {install.include_dir} "
                           f"(`{shlex.join(cmd)}`, exit {proc.returncode}):\n{proc.stderr.strip()}")
    return proc.stdout


def marker_file(line: str) -> str | None:
    """The file of a line marker (``# 12 "path" 1 3``), None for any other line."""
    parts = line.split(maxsplit=2)
    if len(parts) < 3 or parts[0] != "#" or not parts[1].isdigit() or not parts[2].startswith('"'):
        return None
    return parts[2][1:parts[2].rfind('"')]


def macro_name(rest: str) -> tuple[str, str] | None:
    """(name, body) of the text after ``#define ``; None for a function-like macro."""
    end = 0
    while end < len(rest) and (rest[end].isalnum() or rest[end] == "_"):
        end += 1
    if rest[end:end + 1] == "(":
        return None
    return rest[:end], rest[end:].strip()


def split(output: str) -> Preprocessed:
    """The preprocessor's ``-dD`` output as C text for pycparser plus its object-like macros."""
    out = Preprocessed(text="")
    lines, current = [], ""
    for line in output.splitlines():
        file = marker_file(line)
        if file is not None:
            current = file
        elif line.startswith("#define "):
            named = macro_name(line[len("#define "):])
            if named is not None and named[0] not in out.macros:
                out.macros[named[0]] = Macro(named[0], named[1], current)
            line = ""
        elif line.startswith("#undef "):
            out.macros.pop(line.split()[1], None)
            line = ""
        lines.append(line)
    out.text = "\n".join(lines) + "\n"
    return out


def preprocess(install: Install, cc: str) -> Preprocessed:
    return split(run_preprocessor(cc, install))
