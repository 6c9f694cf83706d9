"""The ABI the suites use, read from the binding's data: harness/prototypes.py and harness/abi.py.

- Calls: every prototype of harness/prototypes.py (the C text, parsed by pycparser like the
  headers; the type names it uses are declared for the parse from its own tokens), except the
  simulator's own entry points (section ``aclsim``), which no CANN install has. A call of a
  ``REQUIRED_SECTIONS`` section must be there; an ``OPTIONAL_SECTIONS`` one may be absent (the
  binding records it as missing), but where it is declared its prototype must agree.
- Values: every error code of ``harness.abi.ERR`` and every member of its enum classes, under
  its C name (``ENUM_NAMES``: harness/abi.py spells ``DT.FLOAT16``, CANN ``ACL_FLOAT16``), and
  the module constants of ``CONSTANTS``.
"""
from __future__ import annotations

import enum
import inspect
import os
from dataclasses import dataclass

from pycparser import c_ast, c_lexer

from harness import abi as harness_abi
from harness import prototypes as harness_prototypes

from . import AbiGateError
from .headers import parse
from .spelling import declare, parameters, return_type

SIMULATOR_ONLY_SECTIONS = ("aclsim",)
PROTOTYPES_FILE = "harness/prototypes.py"
ABI_FILE = "harness/abi.py"

# harness/abi.py enum class -> (C prefix of its members, members whose C name is not prefix+NAME).
# Sources: acl-abi.md section 2 and the RT / GE headers it cites (acl_base.h, acl_rt.h, acl_op.h,
# acl_op_compiler.h).
ENUM_NAMES: dict[str, tuple[str, dict[str, str]]] = {
    "DT": ("ACL_", {"UNDEFINED": "ACL_DT_UNDEFINED"}),                  # aclDataType
    "FMT": ("ACL_FORMAT_", {"FRACTAL_Z_3D": "ACL_FRACTAL_Z_3D"}),       # aclFormat
    "MemcpyKind": ("ACL_MEMCPY_", {}),                                   # aclrtMemcpyKind
    "MallocPolicy": ("ACL_MEM_MALLOC_", {}),                             # aclrtMemMallocPolicy
    "MemType": ("ACL_MEMTYPE_", {}),                                     # aclMemType
    "RunMode": ("ACL_", {}),                                             # aclrtRunMode
    "CompileOpt": ("ACL_", {}),                                          # aclCompileOpt
    "CompileFlag": ("ACL_OP_COMPILE_", {}),                              # aclOpCompileFlag
    "StreamStatus": ("ACL_STREAM_STATUS_", {}),                          # aclrtStreamStatus
    "StreamFlag": ("ACL_STREAM_", {}),                                   # #define ACL_STREAM_*
    "EngineType": ("ACL_ENGINE_", {}),                                   # aclopEngineType
    "CompileType": ("ACL_COMPILE_", {}),                                 # aclopCompileType
    "PackageName": ("ACL_PKG_NAME_", {}),                                # aclCANNPackageName
    "StreamAttr": ("ACL_STREAM_ATTR_", {}),                              # aclrtStreamAttr
    "FailureMode": ("ACL_", {"CONTINUE": "ACL_CONTINUE_ON_FAILURE", "STOP": "ACL_STOP_ON_FAILURE"}),
    "CallbackBlock": ("ACL_CALLBACK_", {}),                              # aclrtCallbackBlockType
    "EventFlag": ("ACL_EVENT_", {}),                                     # #define ACL_EVENT_*
    "EventStatus": ("ACL_EVENT_STATUS_", {}),                            # aclrtEventStatus
    "EventRecordedStatus": ("ACL_EVENT_RECORDED_STATUS_", {}),          # aclrtEventRecordedStatus
    "MemLocation": ("ACL_MEM_LOCATION_TYPE_", {}),                       # aclrtMemLocationType
    "TsId": ("ACL_TS_ID_", {}),                                          # aclrtTsId
    "DevAttr": ("ACL_DEV_ATTR_", {}),                                    # aclrtDevAttr
}
ERROR_ENUM = "ERR"
CONSTANTS = ("ACL_RT_MEM_ATTACH_GLOBAL", "ACL_UNKNOWN_RANK", "ACL_PKG_VERSION_MAX_SIZE",
             "ACL_PKG_VERSION_PARTS_MAX_SIZE")


@dataclass(frozen=True)
class Call:
    name: str
    section: str
    required: bool
    text: str                 # the line of harness/prototypes.py
    binding: dict             # {"return", "params"} as spelling's binding form


@dataclass(frozen=True)
class Expected:
    name: str                 # the C name
    value: int
    source: str               # "ERR.ACL_ERROR_INVALID_PARAM", "DT.FLOAT16", "ACL_UNKNOWN_RANK"
    kind: str                 # "error_code", "enumerator", "constant"


def type_names(text: str) -> list[str]:
    """The identifiers of ``text`` used as type names: an identifier followed by an identifier,
    ``*`` or ``const`` (``aclError aclInit``, ``aclTensorDesc *``, ``int64_t const``)."""
    lexer = c_lexer.CLexer(lambda msg, line, column: None)
    lexer.input(text)
    tokens = []
    while (token := lexer.token()) is not None:
        tokens.append(token)
    return list(dict.fromkeys(t.value for t, nxt in zip(tokens, tokens[1:])
                              if t.type == "ID" and nxt.type in ("ID", "TIMES", "CONST")))


def prototype_lines() -> list[tuple[str, str]]:
    """(section, line) for every prototype the binding declares, the simulator's own left out."""
    return [(section, line.strip()) for section, text in harness_prototypes.SECTIONS.items()
            if section not in SIMULATOR_ONLY_SECTIONS for line in text.strip().splitlines() if line.strip()]


def calls() -> list[Call]:
    lines = prototype_lines()
    body = "\n".join(line for _, line in lines)
    preamble = "".join(f"typedef int {name};\n" for name in type_names(body))
    tree = parse(preamble + body + "\n", PROTOTYPES_FILE)
    decls = [d for d in tree.ext if isinstance(d, c_ast.Decl) and isinstance(d.type, c_ast.FuncDecl)]
    if len(decls) != len(lines):
        raise AbiGateError(f"{PROTOTYPES_FILE}: {len(lines)} prototype lines but {len(decls)} function declarations")
    required = harness_prototypes.REQUIRED_SECTIONS
    return [Call(d.name, section, section in required, declare(d.type, d.name, False),
                 {"return": return_type(d.type, True), "params": parameters(d.type, True)})
            for d, (section, _) in zip(decls, lines)]


def _enum_classes() -> dict[str, type[enum.Enum]]:
    return {name: obj for name, obj in vars(harness_abi).items()
            if inspect.isclass(obj) and issubclass(obj, enum.Enum) and obj.__module__ == harness_abi.__name__}


def values() -> list[Expected]:
    out = [Expected(m.name, int(m), f"{ERROR_ENUM}.{m.name}", "error_code") for m in harness_abi.ERR]
    for cls_name, cls in _enum_classes().items():
        if cls_name == ERROR_ENUM:
            continue
        if cls_name not in ENUM_NAMES:
            raise AbiGateError(f"{ABI_FILE}: enum class {cls_name} has no C names in "
                               f"{os.path.relpath(__file__)} ENUM_NAMES: add its prefix there")
        prefix, special = ENUM_NAMES[cls_name]
        out += [Expected(special.get(m.name, prefix + m.name), int(m), f"{cls_name}.{m.name}", "enumerator")
                for m in cls.__members__.values()]
    out += [Expected(name, int(getattr(harness_abi, name)), name, "constant") for name in CONSTANTS]
    return out
