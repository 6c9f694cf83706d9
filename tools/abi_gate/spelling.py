"""C types spelled one canonical way, from pycparser's declarator trees.

Typedef names are kept as written (``aclError``, ``aclrtStream``, ``int64_t``: the names CANN's
headers use), qualifiers go before the base type and after the ``*`` they qualify
(``const aclTensorDesc *const *``), array sizes are evaluated (a macro is already expanded by the
preprocessor), and one space separates words. Two forms:

- ``full``: the type as declared, for comparing one release's headers with another's. A parameter
  is spelled as the function's type sees it (C11 6.7.6.3): an array parameter is a pointer, a
  function parameter a pointer to function, and its own top-level qualifier is dropped; ``()`` is
  ``(void)``.
- ``binding``: what a binding through the C ABI relies on, for comparing the headers with
  harness/prototypes.py: no qualifier anywhere, and an array a pointer points to is spelled as
  its element (``int64_t dimsRange[][2]`` and ``int64_t *dimsRange`` pass the same address).
"""
from __future__ import annotations

from pycparser import c_ast, c_generator

from .consteval import NotConstant, evaluate

_GENERATOR = c_generator.CGenerator()


def _quals(quals: list[str], binding: bool) -> list[str]:
    return [] if binding else sorted(set(quals))


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _dim(node: c_ast.ArrayDecl) -> str:
    if node.dim is None:
        return ""
    try:
        return str(evaluate(node.dim, {}))
    except NotConstant:
        return _GENERATOR.visit(node.dim)


def _fields(decls: list[c_ast.Decl] | None, binding: bool) -> str:
    if decls is None:
        return ""
    members = []
    for d in decls:
        text = declare(d.type, d.name or "", binding)
        members.append(text + (f" : {_GENERATOR.visit(d.bitsize)}" if d.bitsize is not None else "") + ";")
    return " { " + " ".join(members) + " }"


def base(node: c_ast.Node, binding: bool) -> str:
    if isinstance(node, c_ast.IdentifierType):
        return " ".join(node.names)
    if isinstance(node, (c_ast.Struct, c_ast.Union)):
        kind = "struct" if isinstance(node, c_ast.Struct) else "union"
        return _join(kind, node.name or "") + _fields(node.decls, binding)
    if isinstance(node, c_ast.Enum):
        return _join("enum", node.name or "")
    raise TypeError(f"unexpected base type {type(node).__name__}")


def _pointer(node: c_ast.PtrDecl, inner: str, binding: bool) -> str:
    quals = " ".join(_quals(node.quals, binding))
    target = node.type
    if binding and isinstance(target, c_ast.ArrayDecl):
        target = target.type            # an array a pointer points to: the address of its element
    return declare(target, "*" + _join(quals, inner), binding)


def declare(node: c_ast.Node, inner: str, binding: bool) -> str:
    """The declaration of ``inner`` (a name, a partial declarator, or "") with type ``node``."""
    if isinstance(node, c_ast.TypeDecl):
        return _join(*_quals(node.quals, binding), base(node.type, binding), inner)
    if isinstance(node, c_ast.PtrDecl):
        return _pointer(node, inner, binding)
    if isinstance(node, c_ast.ArrayDecl):
        wrapped = f"({inner})" if inner.startswith("*") else inner
        return declare(node.type, f"{wrapped}[{_dim(node)}]", binding)
    if isinstance(node, c_ast.FuncDecl):
        wrapped = f"({inner})" if inner.startswith("*") else inner
        return declare(node.type, f"{wrapped}({', '.join(parameters(node, binding)) or 'void'})", binding)
    if isinstance(node, c_ast.Typename):
        return declare(node.type, inner, binding)
    raise TypeError(f"unexpected declarator {type(node).__name__}")


def adjusted(node: c_ast.Node) -> c_ast.Node:
    """A parameter's type as the function sees it: arrays and functions become pointers, and the
    parameter's own top-level qualifiers go."""
    if isinstance(node, c_ast.ArrayDecl):
        return c_ast.PtrDecl(quals=list(node.dim_quals or []), type=node.type)
    if isinstance(node, c_ast.FuncDecl):
        return c_ast.PtrDecl(quals=[], type=node)
    if isinstance(node, c_ast.TypeDecl) and node.quals:
        return c_ast.TypeDecl(node.declname, [], node.align, node.type)
    if isinstance(node, c_ast.PtrDecl) and node.quals:
        return c_ast.PtrDecl(quals=[], type=node.type)
    return node


def is_void(param: c_ast.Node) -> bool:
    t = param.type
    return (isinstance(t, c_ast.TypeDecl) and isinstance(t.type, c_ast.IdentifierType)
            and t.type.names == ["void"] and not t.quals)


def parameters(func: c_ast.FuncDecl, binding: bool) -> list[str]:
    """The parameter types; ``(void)`` and ``()`` give []; a variadic function ends with '...'."""
    params = func.args.params if func.args is not None else []
    if len(params) == 1 and not isinstance(params[0], c_ast.EllipsisParam) and is_void(params[0]):
        return []
    return ["..." if isinstance(p, c_ast.EllipsisParam) else declare(adjusted(p.type), "", binding)
            for p in params]


def spell(node: c_ast.Node, binding: bool = False) -> str:
    return declare(node, "", binding)


def return_type(func: c_ast.FuncDecl, binding: bool = False) -> str:
    return spell(adjusted(func.type), binding)
