"""simulator/cann/api.toml, read and checked: the home of each acl_sim.h declaration per layout.

``Table.check(items)`` raises ``TableError`` naming every declaration without a row (or with a
row naming an unknown group), so a call added to acl_sim.h cannot slip into an install with no
header declaration or no library home.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import cann
from .abi import Item

API_TABLE = cann.path("api.toml")
LAYOUTS = ("cann", "ascend-toolkit")
STYLES = ("define", "static_int", "static_uint32", "omit")


class TableError(ValueError):
    """The table does not place every declaration of acl_sim.h."""


@dataclass(frozen=True)
class Group:
    name: str
    component: str               # "rt", "mdl", "op", "compiler", "private" or "none" (not a call)
    style: str                   # how a #define of the group is written
    headers: dict[str, str]      # layout -> header path under include/


class Table:
    def __init__(self, data: dict, path: str = API_TABLE):
        self.path = path
        self.layouts = data["layouts"]
        self.fragments: dict[str, str] = data["fragments"]
        self.varargs: dict[str, str] = data.get("varargs", {})
        self.names: dict[str, str] = data["names"]
        self.groups = {name: Group(name, g["component"], g.get("style", "define"), dict(g.get("header", {})))
                       for name, g in data["groups"].items()}

    @classmethod
    def load(cls, path: str = API_TABLE) -> Table:
        return cls(cann.read(path), path)

    # ---------------------------------------------------------------- lookups
    def group(self, item: Item) -> Group:
        return self.groups[self.names[item.name]]

    def header(self, item: Item, layout: str) -> str | None:
        """Header (under include/) that declares the item in this layout; None if none does."""
        group = self.group(item)
        if group.style == "omit" or group.component == "private":
            return None
        return group.headers[layout]

    def libraries(self, item: Item, layout: str) -> list[str]:
        """Libraries of this layout that export the function (empty: the core library only)."""
        return list(self.layouts[layout]["libraries"][self.group(item).component])

    def library_names(self, layout: str) -> list[str]:
        names: list[str] = []
        for libs in self.layouts[layout]["libraries"].values():
            names += [lib for lib in libs if lib not in names]
        return names

    def headers(self, layout: str) -> dict[str, dict]:
        return self.layouts[layout]["headers"]

    # ---------------------------------------------------------------- checks
    def check(self, items: list[Item]) -> None:
        problems = []
        for item in items:
            where = f"acl_sim.h declares {item.kind} {item.name}"
            group_name = self.names.get(item.name)
            if group_name is None:
                problems.append(f"{where} but [names] has no row for it (add `{item.name} = \"<group>\"`)")
                continue
            group = self.groups.get(group_name)
            if group is None:
                problems.append(f"{where}: [names] gives it the unknown group {group_name!r}")
                continue
            problems += self._check_group(item, group, where)
        if problems:
            raise TableError(f"{self.path}: " + "; ".join(problems))

    def _check_group(self, item: Item, group: Group, where: str) -> list[str]:
        problems = []
        if group.style not in STYLES:
            problems.append(f"group {group.name}: unknown style {group.style!r}")
        if item.kind == "function" and group.component in ("none",):
            problems.append(f"{where} but its group {group.name} has no library (component)")
        if item.kind == "function" and item.variadic and item.name not in self.varargs:
            problems.append(f"{where}, which is variadic, but [varargs] names no va_list function for it")
        if group.style == "omit" or group.component == "private":
            return problems
        for layout in LAYOUTS:
            header = group.headers.get(layout)
            if header is None:
                problems.append(f"{where} but group {group.name} has no header for layout {layout}")
            elif header not in self.headers(layout):
                problems.append(f"{where}: header {header} is not a header of layout {layout}")
            if item.kind == "function" and group.component not in self.layouts[layout]["libraries"]:
                problems.append(f"{where}: layout {layout} has no libraries for component {group.component}")
        return problems
