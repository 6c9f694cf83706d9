"""Raw layer: one ctypes function per ACL entry point, exact argtypes/restype, raw aclError.

Nothing here checks or converts: contract tests call ``raw.aclopExecWithHandle(None, -1, ...)``
on purpose. Symbols a library lacks are recorded in ``missing`` and raise ``SymbolMissing`` when
called, so a CANN release without, say, ``aclsysGetVersionStr`` still runs everything else.
"""
from __future__ import annotations

import ctypes

from .loader import LoadedLibraries
from .prototypes import OPTIONAL_SECTIONS, all_prototypes


class SymbolMissing(AttributeError):
    pass


class _Missing:
    def __init__(self, name: str, paths: list[str]):
        self.__name__ = name
        self._paths = paths

    def __call__(self, *args, **kwargs):
        raise SymbolMissing(f"{self.__name__} is not exported by {', '.join(self._paths)}")

    def __bool__(self):
        return False


class RawAcl:
    """Attribute access gives the bound C function: ``raw.aclInit(None)`` returns an int."""

    def __init__(self, libs: LoadedLibraries):
        self.libs = libs
        self.missing: dict[str, str] = {}
        self.prototypes = {p.name: p for p in all_prototypes()}
        for proto in self.prototypes.values():
            fn = self._resolve(proto.name)
            if fn is None:
                self.missing[proto.name] = proto.section
                setattr(self, proto.name, _Missing(proto.name, libs.paths))
                continue
            fn.restype = proto.restype
            fn.argtypes = list(proto.argtypes)
            setattr(self, proto.name, fn)

    def _resolve(self, name: str):
        for handle in self.libs.handles:
            try:
                return handle[name]          # a fresh function object per library
            except AttributeError:
                continue
        return None

    def has(self, name: str) -> bool:
        return name not in self.missing

    def missing_required(self) -> list[str]:
        return sorted(n for n, s in self.missing.items() if s not in OPTIONAL_SECTIONS)

    def has_section(self, section: str) -> bool:
        return not any(s == section for s in self.missing.values())


def pointer_array(values) -> ctypes.Array:
    """A C array of pointers (``const T *const arr[]``) from handles/ints/None."""
    arr_type = ctypes.c_void_p * max(len(values), 1)
    return arr_type(*values)
