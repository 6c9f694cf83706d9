"""The functions an install's ACL libraries export, from each library's dynamic symbol table.

pyelftools reads ``.dynsym``: a symbol counts when it is defined (not ``SHN_UNDEF``), bound
GLOBAL or WEAK, a function (``STT_FUNC`` or ``STT_GNU_IFUNC``) and not hidden. Only the ACL C API
is kept (names starting with ``acl``): C++ and internal symbols of a real CANN library are no
part of the ABI the suites bind.
"""
from __future__ import annotations

import os

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

from . import AbiGateError

API_PREFIX = "acl"
BINDINGS = ("STB_GLOBAL", "STB_WEAK")
FUNCTION_TYPES = ("STT_FUNC", "STT_GNU_IFUNC")
HIDDEN = ("STV_HIDDEN", "STV_INTERNAL")


def _dynsym(elf: ELFFile, path: str) -> SymbolTableSection:
    for section in elf.iter_sections():
        if section["sh_type"] == "SHT_DYNSYM" and isinstance(section, SymbolTableSection):
            return section
    raise AbiGateError(f"{path}: has no dynamic symbol table (.dynsym): not a shared library")


def exported(symbol) -> bool:
    return (symbol["st_shndx"] != "SHN_UNDEF" and symbol["st_info"]["bind"] in BINDINGS
            and symbol["st_info"]["type"] in FUNCTION_TYPES
            and symbol["st_other"]["visibility"] not in HIDDEN)


def library_exports(path: str) -> list[str]:
    """The sorted ``acl*`` functions the shared library at ``path`` exports."""
    try:
        with open(path, "rb") as f:
            table = _dynsym(ELFFile(f), path)
            names = {s.name for s in table.iter_symbols() if s.name.startswith(API_PREFIX) and exported(s)}
    except ELFError as exc:
        raise AbiGateError(f"{path}: not an ELF shared library ({exc})") from None
    except OSError as exc:
        raise AbiGateError(f"{path}: cannot read it: {exc.strerror}") from None
    return sorted(names)


def install_exports(lib_dir: str, libraries: tuple[str, ...]) -> dict[str, list[str]]:
    return {lib: library_exports(os.path.join(lib_dir, lib)) for lib in libraries}
