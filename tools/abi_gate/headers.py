"""The declarations of an install's ACL headers, read by pycparser from the preprocessor's output.

Only what comes from a header under the install's include directory is kept (not pycparser's
fake libc). Functions: every prototype (a ``static inline`` definition is no export and is left
out). Values: enumerators (implicit values counted on), ``static const`` integers (CANN's
``static const int ACL_ERROR_... = 100000;``) and object-like macros whose body is an integer
constant expression, each body parsed by pycparser and evaluated (``consteval``).
"""
from __future__ import annotations

import os

from pycparser import c_ast, c_generator, c_parser

from . import AbiGateError
from .consteval import NotConstant, evaluate
from .preprocess import Preprocessed
from .spelling import declare, parameters, return_type, spell

ERROR_CODE_NAMES = ("ACL_SUCCESS", "ACL_ERROR_NONE", "ACL_RT_SUCCESS")
VERSION_NAMES = ("ACL_MAJOR_VERSION", "ACL_MINOR_VERSION", "ACL_PATCH_VERSION")
_GENERATOR = c_generator.CGenerator()


def value_kind(name: str) -> str:
    """The kind of a macro or ``static const`` integer (enumerators are "enumerator")."""
    if name in VERSION_NAMES:
        return "version"
    if name.startswith("ACL_ERROR_") or name in ERROR_CODE_NAMES:
        return "error_code"
    return "constant"


def parse(text: str, source: str) -> c_ast.FileAST:
    try:
        return c_parser.CParser().parse(text, filename=source)
    except c_parser.ParseError as exc:
        raise AbiGateError(f"{source}: pycparser cannot parse it: {exc}") from None


class Headers:
    """Walks one parsed translation unit into functions, values and typedefs."""

    def __init__(self, include_dir: str):
        self.include_dir = os.path.realpath(include_dir)
        self.functions: dict[str, dict] = {}
        self.values: dict[str, dict] = {}
        self.typedefs: dict[str, dict] = {}
        self.names: dict[str, int] = {}        # integer values known so far, for later expressions
        self.type_names: list[str] = []        # every typedef name, fake libc's too

    def relative(self, path: str | None) -> str | None:
        """A header's path under the include directory, None for any other file."""
        if not path:
            return None
        real = os.path.realpath(path)
        if os.path.commonpath([real, self.include_dir]) != self.include_dir:
            return None
        return os.path.relpath(real, self.include_dir)

    def read(self, tree: c_ast.FileAST) -> None:
        for node in tree.ext:
            if isinstance(node, c_ast.Typedef):
                self.type_names.append(node.name)
            file = self.relative(node.coord.file if node.coord else None)
            if file is None:
                continue
            if isinstance(node, c_ast.Typedef):
                self.typedef(node, file)
            elif isinstance(node, c_ast.Decl):
                self.declaration(node, file)

    def typedef(self, node: c_ast.Typedef, file: str) -> None:
        self.typedefs.setdefault(node.name, {"type": spell(node.type), "file": file})
        self.enums(node, node.name, file)

    def declaration(self, node: c_ast.Decl, file: str) -> None:
        if isinstance(node.type, c_ast.FuncDecl):
            self.function(node, file)
            return
        self.enums(node, None, file)
        if "const" in node.quals and node.init is not None and node.name:
            try:
                value = evaluate(node.init, self.names)
            except NotConstant:
                return
            self.names[node.name] = value
            self.values.setdefault(node.name, {"value": value, "kind": value_kind(node.name),
                                               "enum": None, "file": file})

    def function(self, node: c_ast.Decl, file: str) -> None:
        func = node.type
        self.functions.setdefault(node.name, {
            "signature": declare(func, node.name, False),
            "return": return_type(func), "params": parameters(func, False),
            "binding": {"return": return_type(func, True), "params": parameters(func, True)},
            "file": file})

    def enums(self, node: c_ast.Node, typedef_name: str | None, file: str) -> None:
        for enum in _enum_definitions(node):
            self.enumerators(enum, typedef_name or f"enum {enum.name or ''}".strip(), file)

    def enumerators(self, enum: c_ast.Enum, enum_name: str, file: str) -> None:
        following: int | str = 0
        for e in enum.values.enumerators:
            value: int | str = following
            if e.value is not None:
                try:
                    value = evaluate(e.value, self.names)
                except NotConstant:
                    value = _GENERATOR.visit(e.value)
            if isinstance(value, int):
                self.names[e.name] = value
                following = value + 1
            else:
                following = f"({value}) + 1"
            self.values.setdefault(e.name, {"value": value, "kind": "enumerator", "enum": enum_name,
                                            "file": file})


def _enum_definitions(node: c_ast.Node):
    """The enum definitions (with enumerators) inside a declaration, outermost first."""
    if isinstance(node, c_ast.Enum) and node.values is not None:
        yield node
    for _, child in node.children():
        yield from _enum_definitions(child)


def macro_values(pre: Preprocessed, headers: Headers) -> None:
    """Add the integer macros of the install's headers to ``headers.values``."""
    pending = {}
    for macro in pre.macros.values():
        file = headers.relative(macro.file)
        if file is not None and macro.body and macro.name not in headers.values:
            expr = _macro_expression(macro.body, headers.type_names)
            if expr is not None:
                pending[macro.name] = (expr, file)
    progress = True
    while pending and progress:          # a macro may name another one defined after it
        progress = False
        for name, (expr, file) in list(pending.items()):
            try:
                value = evaluate(expr, headers.names)
            except NotConstant:
                continue
            headers.names[name] = value
            headers.values[name] = {"value": value, "kind": value_kind(name), "enum": None, "file": file}
            del pending[name]
            progress = True


def _macro_expression(body: str, type_names: list[str]) -> c_ast.Node | None:
    """A macro body parsed as an initialiser expression, None if it is not an expression."""
    preamble = "".join(f"typedef int {n};\n" for n in dict.fromkeys(type_names))
    try:
        tree = c_parser.CParser().parse(f"{preamble}long long abi_gate_value = ({body});\n")
    except c_parser.ParseError:
        return None
    return tree.ext[-1].init
