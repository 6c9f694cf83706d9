"""The C library pyACL calls, and pyACL's argument conventions (hicann/runtime python/pyACL:
utils_methods.h, PyArg_ParseTuple formats of each wrapper).

The library is the install's own libascendcl.so: ``<home>/lib64`` found from this package's place
(``<home>/pyACL/python/site-packages/acl``), else ``$ASCEND_HOME_PATH/lib64``.
"""
from __future__ import annotations

import ctypes
import os

LIBRARY = "libascendcl.so"
P = ctypes.c_void_p
SZ = ctypes.c_size_t
I32 = ctypes.c_int32
U32 = ctypes.c_uint32
I64 = ctypes.c_int64
CHAR_P = ctypes.c_char_p


def _candidates() -> list[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    home = os.path.normpath(os.path.join(here, "..", "..", "..", ".."))
    out = [os.path.join(home, "lib64", LIBRARY)]
    env = os.environ.get("ASCEND_HOME_PATH")
    if env:
        out.append(os.path.join(env, "lib64", LIBRARY))
    return out


def _load() -> ctypes.CDLL:
    for path in _candidates():
        if os.path.exists(path):
            return ctypes.CDLL(path)
    raise ImportError(f"acl: {LIBRARY} not found (looked in {', '.join(_candidates())})")


LIB = _load()


def fn(name: str, restype, *argtypes):
    f = getattr(LIB, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


def fail(api: str, what: str = "args parse failed"):
    return TypeError(f"{api} {what}")


def ptr(value, api: str) -> int:
    """A pointer or handle argument (format "k"): a Python int; None and other types raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(api)
    return value & ((1 << (8 * ctypes.sizeof(P))) - 1)


def integer(value, api: str) -> int:
    if not isinstance(value, int):
        raise fail(api)
    return int(value)


def text(value, api: str) -> bytes:
    if not isinstance(value, str):
        raise fail(api)
    return value.encode()


def int_list(values, api: str, what: str = "argument is not list") -> list[int]:
    """A list of Python ints (PyList_Check, then PyLong_Type for each item)."""
    if not isinstance(values, list):
        raise fail(api, what)
    for v in values:
        if not isinstance(v, int):
            raise fail(api, "invalid data type")
    return values


def ptr_list(values, api: str) -> tuple[int, ctypes.Array]:
    """A list of pointers as (count, C array)."""
    if not isinstance(values, list):
        raise fail(api, "argument is not list")
    return len(values), (P * max(1, len(values)))(*[ptr(v, api) for v in values])


def out(ctype):
    return ctype()
