"""What every reproducer of ``python -m harness repro`` writes (tools/repro.py): the op's atc JSON
(``op.json``), its inputs and expected outputs as raw ``.bin`` files, ``case.txt`` (the tensors,
the standard each output is judged with, the attributes; the format is in
``tools/repro_templates/repro_case.h``, which reads it), the program (a template of
``tools/repro_templates/`` as ``src/main.c``, with ``repro_case.h`` and the C clients'
``client_common.h``), the ``CMakeLists.txt`` and the README.
"""
from __future__ import annotations

import json
import os
import re
import shutil

import numpy as np

from . import ROOT

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "repro_templates")
CLIENT_COMMON = os.path.join(ROOT, "tests", "clients", "client_common.h")   # the C clients' shared header
# Attribute types the C programs set, by the ATC type name (acl-abi.md section 4).
ATTR_KINDS = {"int": "int", "float": "float", "bool": "bool", "list_int": "listint", "data_type": "int"}


class NotReproducible(ValueError):
    """The case or row cannot be written as a reproducer (the message says why)."""


def tensor_words(t) -> str:
    """``DTYPE FORMAT NDIM DIM...`` of a TensorSpec-like (dtype, format, shape) in ACL enum numbers."""
    return " ".join(str(int(x)) for x in (t.dtype, t.format, len(t.shape), *t.shape))


def tensor_line(t, path: str | None) -> str:
    """One ``tensor`` line of case.txt; ``path`` None: no data (an absent optional input)."""
    if getattr(t, "shape_range", ()):
        raise NotReproducible(f"tensor {t}: shape ranges are not reproduced yet")
    line = f"tensor {tensor_words(t)} {path or '-'}"
    return line + (f" name {t.name}" if getattr(t, "name", None) else "")


def judged_as(std) -> tuple[str, float, float, float, float]:
    """(kind, MERE bound, MARE bound, relative error of an element in error, error ratio bound;
    -1: none) the C programs judge a standard by: bitwise and exact as such, every other class
    by the float criteria."""
    kind = std.kind if std.kind in ("bitwise", "exact") else "float"
    mere = std.mere if std.mere is not None else 0.0
    mare = std.mare if std.mare is not None else 0.0
    ratio_rel = getattr(std, "ratio_rel", None) or 0.0
    ratio_max = getattr(std, "ratio_max", None)
    return kind, mere, mare, ratio_rel, -1.0 if ratio_max is None else ratio_max


def attr_line(name: str, av, prefix: str = "attr") -> str:
    """``attr KIND NAME N VALUE...`` of one attribute (an AttrValue)."""
    kind = ATTR_KINDS.get(av.type)
    if kind is None:
        raise NotReproducible(f"attribute {name} of type {av.type} is not reproduced yet")
    vals = list(av.value) if kind == "listint" else [av.value]
    text = " ".join(repr(float(x)) if kind == "float" else str(int(x)) for x in vals)
    return f"{prefix} {kind} {name} {len(vals)} {text}".rstrip()


def write_case(out: str, spec, inputs, expected, standards) -> list[str]:
    """op.json, data/input_N.bin, data/expected_N.bin and case.txt of a valid call of ``spec``;
    returns the lines of case.txt."""
    os.makedirs(os.path.join(out, "data"), exist_ok=True)
    with open(os.path.join(out, "op.json"), "w") as f:
        json.dump([spec.to_atc()], f, indent=2)
    lines = [f"op {spec.op}", f"inputs {len(spec.inputs)}"]
    for i, (t, x) in enumerate(zip(spec.inputs, inputs)):
        name = None
        if x is not None and not t.is_absent:
            name = f"data/input_{i}.bin"
            np.ascontiguousarray(x).tofile(os.path.join(out, name))
        lines.append(tensor_line(t, name))
    lines.append(f"outputs {len(spec.outputs)}")
    for i, (t, e, std) in enumerate(zip(spec.outputs, expected, standards)):
        name = f"data/expected_{i}.bin"
        np.ascontiguousarray(e).tofile(os.path.join(out, name))
        lines.append(tensor_line(t, name))
        lines.append("standard " + " ".join(x if isinstance(x, str) else repr(float(x)) for x in judged_as(std)))
    lines += [attr_line(k, v) for k, v in spec.attrs]
    with open(os.path.join(out, "case.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return lines


def write_program(out: str, source: str) -> None:
    """The program (template ``source`` as src/main.c), its headers and CMakeLists.txt."""
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    shutil.copy(os.path.join(TEMPLATES, source), os.path.join(out, "src", "main.c"))
    for header in ("repro_case.h", "repro_guard.h"):
        shutil.copy(os.path.join(TEMPLATES, header), os.path.join(out, "src", header))
    shutil.copy(CLIENT_COMMON, os.path.join(out, "src", "client_common.h"))
    shutil.copy(os.path.join(TEMPLATES, "CMakeLists.txt"), os.path.join(out, "CMakeLists.txt"))


def write_readme(out: str, **fields: str) -> None:
    """README.md from the template, each ``@NAME@`` replaced by ``fields[name.lower()]``."""
    with open(os.path.join(TEMPLATES, "README.md")) as f:
        text = f.read()
    for key, value in fields.items():
        text = text.replace(f"@{key.upper()}@", value)
    left = sorted(set(re.findall(r"@[A-Z_]+@", text)))
    if left:
        raise AssertionError(f"README template fields not filled: {left}")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(text)
