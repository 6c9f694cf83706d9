"""AclError: a failed ACL call, with everything needed to understand it without a debugger."""
from __future__ import annotations

from typing import Any

from .abi import error_meaning, error_name


def show_arg(arg: Any) -> str:
    """One argument of a failed call as AclError's message shows it (NULL, hex pointers, text)."""
    if arg is None:
        return "NULL"
    if isinstance(arg, int):
        return hex(arg) if arg > 0xFFFF else str(arg)
    if isinstance(arg, bytes):
        return repr(arg.decode(errors="replace"))
    return type(arg).__name__


class AclError(Exception):
    """Raised by the typed layer when an ACL call returns non-zero.

    Carries the code, its symbolic name (acl-abi.md section 2), the failing call with its
    arguments, and the runtime's own explanation from aclGetRecentErrMsg().
    """

    def __init__(self, code: int, call: str, recent_message: str | None = None):
        self.code = int(code)
        self.name = error_name(code)
        self.meaning = error_meaning(code)
        self.call = call
        self.recent_message = recent_message or ""
        text = f"{call} returned {self.code} ({self.name}" + (f": {self.meaning}" if self.meaning else "") + ")"
        if self.recent_message:
            text += f": {self.recent_message.strip()}"
        super().__init__(text)
