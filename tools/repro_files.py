"""What every reproducer of ``python -m harness repro`` writes (tools/repro.py): the op's atc JSON
(``op.json``), its inputs and expected outputs as raw ``.bin`` files (and, for the classes judged
against them, the exact values and scales as float64 ``.bin`` files), ``case.txt`` (the tensors,
the standard each output is judged with, by the numbers of the suite's own Standard object, the
attributes; the format is in ``tools/repro_templates/repro_case.h``, which reads it), the program
(a template of ``tools/repro_templates/`` as ``src/main.c``, with ``repro_case.h``,
``repro_judge.h`` (the judgement) and the C clients' ``client_common.h``), the ``CMakeLists.txt``
and the README.
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


# The Standard fields (reference/standards.py) each class judges with, written by name into the
# standard line of case.txt (repro_templates/repro_case.h STD_KEYS reads them).
STANDARD_FIELDS = {
    "bitwise": (), "exact": (),
    "ulp": ("ulp_bound", "ulp_cap", "ulp_allow", "ulp_allow_min", "ulp_mean"),
    "accumulate": ("acc_unit", "acc_lambda", "acc_c", "small_value_max_errors"),
    "float": ("mere", "mare", "ratio_rel", "ratio_max", "small_value_max_errors", "relative_to"),
}


def standard_fields(std, *, terms: int = 1, nan_bits: bool = False) -> dict[str, object]:
    """The numbers output ``std`` is judged with, by name, as reference/compare.py uses them: the
    Standard's own fields (STANDARD_FIELDS), and where compare reads a table of
    reference/standards.py by the standard's dtype instead (the documented ULP rule, T, the
    small-value region of the accumulate class, REL_EPS), that table's entry; ``policy``: what a
    failure of the project's rule alone does on a device (reports/policy.toml [numeric]).
    None: unset."""
    from reference import standards as st
    from reports import numeric_policy
    if std.kind not in STANDARD_FIELDS:
        raise NotReproducible(f"standard {std.name}: class {std.kind!r} has no C judgement")
    out: dict[str, object] = {"policy": numeric_policy.action(std.kind, "device"), "nan_bits": int(nan_bits)}
    if std.kind in ("ulp", "accumulate", "float"):
        out["rel_eps"] = st.REL_EPS
    out.update((name, getattr(std, name)) for name in STANDARD_FIELDS[std.kind])
    if std.kind == "ulp":
        out["doc_ulp"], out["doc_ulp_frac"], out["doc_ulp_mean"] = st.DOCUMENTED_ULP[std.dtype]
    elif std.kind == "accumulate":
        out["terms"] = terms
        out["small_thr"], out["small_err"] = st.SMALL_VALUE.get(std.dtype, (None, None))
        out["doc_t"] = st.ECOSYSTEM_T.get(std.dtype)
    elif std.kind == "float":
        out["small_thr"], out["small_err"] = std.small_value or (None, None)
    return out


def word(v) -> str:
    """A value of case.txt: "none" for unset, words as they are, numbers exactly (repr round-trips)."""
    if v is None:
        return "none"
    if isinstance(v, str):
        return v
    if isinstance(v, (bool, int, np.integer)):
        return str(int(v))
    return repr(float(v))


def standard_line(std, *, terms: int = 1, nan_bits: bool = False) -> str:
    """``standard KIND KEY VALUE...`` of case.txt for one output."""
    fields = standard_fields(std, terms=terms, nan_bits=nan_bits)
    return " ".join(["standard", std.kind] + [f"{k} {word(v)}" for k, v in fields.items()])


def uses_exact(std) -> bool:
    """compare.compare judges this class against the exact values (when given)."""
    return std.kind in ("ulp", "accumulate")


def uses_scale(std) -> bool:
    """compare.compare reads the scale (Σ|terms|) for this standard (when given)."""
    return std.kind == "accumulate" or (std.kind == "float" and std.relative_to == "magnitude")


def attr_line(name: str, av, prefix: str = "attr") -> str:
    """``attr KIND NAME N VALUE...`` of one attribute (an AttrValue)."""
    kind = ATTR_KINDS.get(av.type)
    if kind is None:
        raise NotReproducible(f"attribute {name} of type {av.type} is not reproduced yet")
    vals = list(av.value) if kind == "listint" else [av.value]
    text = " ".join(repr(float(x)) if kind == "float" else str(int(x)) for x in vals)
    return f"{prefix} {kind} {name} {len(vals)} {text}".rstrip()


def _write_f64(out: str, name: str, x, size: int) -> str:
    """``x`` as float64, one value per output element in C order, into data/NAME; returns its path
    in out. compare.compare ravels exact values and scales and lets numpy broadcast them against the
    raveled output (a catalog scale may be one value for every element): the same here."""
    path = f"data/{name}"
    arr = np.broadcast_to(np.asarray(x, dtype=np.float64).ravel(), (size,))
    np.ascontiguousarray(arr).tofile(os.path.join(out, path))
    return path


def output_lines(out: str, i: int, t, expected, std, *, exact=None, scale=None, terms: int = 1,
                 nan_bits: bool = False) -> list[str]:
    """The lines of output ``i`` in case.txt (tensor, standard, exact, scale) and its data files."""
    name = f"data/expected_{i}.bin"
    np.ascontiguousarray(expected).tofile(os.path.join(out, name))
    lines = [tensor_line(t, name), standard_line(std, terms=terms, nan_bits=nan_bits)]
    if exact is not None and uses_exact(std):
        lines.append("exact " + _write_f64(out, f"exact_{i}.bin", exact, np.size(expected)))
    if scale is not None and uses_scale(std):
        lines.append("scale " + _write_f64(out, f"scale_{i}.bin", scale, np.size(expected)))
    return lines


def write_case(out: str, spec, inputs, expected, standards, *, exacts=None, scales=None, terms: int = 1,
               nan_bits: bool = False) -> list[str]:
    """op.json, data/input_N.bin, data/expected_N.bin (and exact_N.bin, scale_N.bin where the
    standard judges with them) and case.txt of a valid call of ``spec``; returns the lines of
    case.txt. ``exacts``, ``scales``: per output or None (catalog.exact_values, catalog.scales);
    ``terms``: accumulated per output element; ``nan_bits``: NaNs must keep their bits."""
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
    n = len(spec.outputs)
    exacts = exacts if exacts is not None else [None] * n
    scales = scales if scales is not None else [None] * n
    for i, (t, e, std, x, sc) in enumerate(zip(spec.outputs, expected, standards, exacts, scales)):
        lines += output_lines(out, i, t, e, std, exact=x, scale=sc, terms=terms, nan_bits=nan_bits)
    lines += [attr_line(k, v) for k, v in spec.attrs]
    with open(os.path.join(out, "case.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return lines


def write_program(out: str, source: str) -> None:
    """The program (template ``source`` as src/main.c), its headers and CMakeLists.txt."""
    os.makedirs(os.path.join(out, "src"), exist_ok=True)
    shutil.copy(os.path.join(TEMPLATES, source), os.path.join(out, "src", "main.c"))
    for header in ("repro_case.h", "repro_judge.h", "repro_guard.h"):
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
