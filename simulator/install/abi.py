"""The simulator's ABI as items read from simulator/include/acl_sim.h, for the CANN-shaped install.

Every top-level declaration of acl_sim.h becomes one ``Item``: a ``#define``, a ``typedef`` or an
exported function (``ACL_FUNC_VISIBILITY``). The install places each item in a CANN header and
each function in CANN's libraries by looking its name up in simulator/cann/api.toml, so a call
added to acl_sim.h later needs one table row (simulator.install.table fails naming it otherwise).
The core library's name and its symbol renaming are the build recipe's (simulator/recipe.py).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..recipe import INCLUDE_DIR

HEADER = os.path.join(INCLUDE_DIR, "acl_sim.h")


@dataclass(frozen=True)
class Param:
    text: str       # as declared, e.g. "const aclTensorDesc *const inputDesc[]"
    name: str       # "inputDesc"; "..." for the variadic tail


@dataclass(frozen=True)
class Item:
    kind: str       # "define", "typedef" or "function"
    name: str
    text: str       # the declaration as written in acl_sim.h (comments removed)
    value: str = ""                          # define: the replacement text
    restype: str = ""                        # function: return type, e.g. "const char *"
    params: tuple[Param, ...] = field(default=())

    @property
    def variadic(self) -> bool:
        return bool(self.params) and self.params[-1].name == "..."

    @property
    def returns_void(self) -> bool:
        return self.restype.strip() == "void"


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _strip_cplusplus_blocks(text: str) -> str:
    """Drop the ``#ifdef __cplusplus`` ... ``#endif`` wrappers (extern "C" is re-added per header)."""
    return re.sub(r"^#ifdef __cplusplus\n.*?^#endif\n", "", text, flags=re.S | re.M)


def split_params(inner: str) -> list[str]:
    """Split a parameter list at top-level commas."""
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def param_name(text: str) -> str:
    if text == "...":
        return "..."
    pointer_to_function = re.search(r"\(\s*\*\s*(\w+)\s*\)", text)
    if pointer_to_function:
        return pointer_to_function.group(1)
    bare = re.sub(r"(\[[^\]]*\])+\s*$", "", text).strip()
    match = re.search(r"(\w+)\s*$", bare)
    if not match or match.group(1) in ("void", "int", "char", "float", "double", "size_t"):
        raise ValueError(f"acl_sim.h: parameter {text!r} has no name (the install's wrappers need one)")
    return match.group(1)


def parse_function(statement: str) -> Item:
    match = re.match(r"ACL_FUNC_VISIBILITY\s+(.*?)\b(\w+)\s*\((.*)\)\s*;$", statement, flags=re.S)
    if not match:
        raise ValueError(f"acl_sim.h: cannot read the function declaration {statement!r}")
    restype, name, inner = match.group(1).strip(), match.group(2), match.group(3).strip()
    raw = [] if inner in ("", "void") else split_params(inner)
    params = tuple(Param(p, param_name(p)) for p in raw)
    return Item("function", name, statement, restype=restype, params=params)


def typedef_name(statement: str) -> str:
    pointer_to_function = re.match(r"typedef[^(]*\(\s*\*\s*(\w+)\s*\)", statement)
    if pointer_to_function:
        return pointer_to_function.group(1)
    match = re.search(r"(\w+)\s*(\[[^\]]*\])?\s*;$", statement)
    if not match:
        raise ValueError(f"acl_sim.h: cannot name the typedef {statement!r}")
    return match.group(1)


def parse_header(text: str) -> list[Item]:
    """Items of a header in the order they are declared."""
    text = _strip_cplusplus_blocks(_strip_comments(text))
    items: list[Item] = []
    pending = ""
    depth = 0
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and stripped.startswith("#"):
            define = re.match(r"#define\s+(\w+)(\([^)]*\))?\s*(.*)$", stripped)
            if define and not define.group(1).endswith("_H_"):
                items.append(Item("define", define.group(1), stripped, value=define.group(3).strip()))
            continue
        if not stripped:
            continue
        pending += line + "\n"
        depth += stripped.count("{") - stripped.count("}")
        if depth == 0 and stripped.endswith(";"):
            statement = pending.strip()
            pending = ""
            if statement.startswith("typedef"):
                items.append(Item("typedef", typedef_name(statement), statement))
            elif statement.startswith("ACL_FUNC_VISIBILITY"):
                items.append(parse_function(" ".join(statement.split())))
            else:
                raise ValueError(f"acl_sim.h: unexpected top-level statement {statement!r}")
    if pending.strip():
        raise ValueError(f"acl_sim.h: unterminated declaration {pending.strip()!r}")
    return items


def read_items(path: str = HEADER) -> list[Item]:
    with open(path, encoding="utf-8") as f:
        return parse_header(f.read())


def functions(items: list[Item]) -> list[Item]:
    return [i for i in items if i.kind == "function"]
