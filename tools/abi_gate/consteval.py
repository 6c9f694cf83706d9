"""Integer constant expressions as pycparser parses them, evaluated with C's integer rules.

``evaluate(node, names)``: a ``Constant``, an identifier (looked up in ``names``: enumerators and
``static const`` integers seen so far), casts, unary, binary and conditional operators. Anything
else (a string, a call, ``sizeof``, a float) raises ``NotConstant``.
"""
from __future__ import annotations

import operator

from pycparser import c_ast


class NotConstant(ValueError):
    pass


# Integer types a cast may name, with (bits, signed); any other type name is left as is.
WIDTHS = {
    "int8_t": (8, True), "uint8_t": (8, False), "int16_t": (16, True), "uint16_t": (16, False),
    "int32_t": (32, True), "uint32_t": (32, False), "int64_t": (64, True), "uint64_t": (64, False),
    "char": (8, True), "unsigned char": (8, False), "short": (16, True), "unsigned short": (16, False),
    "int": (32, True), "unsigned": (32, False), "unsigned int": (32, False), "long": (64, True),
    "unsigned long": (64, False), "long long": (64, True), "unsigned long long": (64, False),
    "size_t": (64, False),
}

BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "<<": operator.lshift, ">>": operator.rshift,
    "&": operator.and_, "|": operator.or_, "^": operator.xor,
    "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b), "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b), "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b),
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
}
UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert, "!": lambda a: int(not a)}


def integer_literal(text: str) -> int:
    """The value of a C integer constant: decimal, 0x hex, 0b binary or 0 octal, any u/l suffix."""
    digits = text.rstrip("uUlL")
    lower = digits.lower()
    if lower.startswith("0x"):
        return int(digits[2:], 16)
    if lower.startswith("0b"):
        return int(digits[2:], 2)
    if len(digits) > 1 and digits.startswith("0"):
        return int(digits[1:], 8)
    return int(digits, 10)


def _divide(a: int, b: int, remainder: bool) -> int:
    if b == 0:
        raise NotConstant("division by zero")
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)   # C truncates toward zero
    return a - q * b if remainder else q


def _cast(value: int, to_type: c_ast.Node) -> int:
    inner = getattr(to_type, "type", None)
    if not isinstance(inner, c_ast.TypeDecl) or not isinstance(inner.type, c_ast.IdentifierType):
        return value
    width = WIDTHS.get(" ".join(inner.type.names))
    if width is None:
        return value
    bits, signed = width
    value &= (1 << bits) - 1
    return value - (1 << bits) if signed and value >> (bits - 1) else value


def _binary(node: c_ast.BinaryOp, names: dict[str, int]) -> int:
    a, b = evaluate(node.left, names), evaluate(node.right, names)
    if node.op in ("/", "%"):
        return _divide(a, b, node.op == "%")
    if node.op not in BINARY:
        raise NotConstant(f"operator {node.op}")
    return BINARY[node.op](a, b)


def evaluate(node: c_ast.Node, names: dict[str, int]) -> int:
    if isinstance(node, c_ast.Constant):
        if not node.type.endswith("int"):          # int, unsigned long long int, ...; not char, double
            raise NotConstant(f"a {node.type} constant")
        return integer_literal(node.value)
    if isinstance(node, c_ast.ID):
        if node.name not in names:
            raise NotConstant(f"unknown name {node.name}")
        return names[node.name]
    if isinstance(node, c_ast.UnaryOp) and node.op in UNARY:
        return UNARY[node.op](evaluate(node.expr, names))
    if isinstance(node, c_ast.BinaryOp):
        return _binary(node, names)
    if isinstance(node, c_ast.Cast):
        return _cast(evaluate(node.expr, names), node.to_type)
    if isinstance(node, c_ast.TernaryOp):
        chosen = node.iftrue if evaluate(node.cond, names) else node.iffalse
        return evaluate(chosen, names)
    raise NotConstant(type(node).__name__)
