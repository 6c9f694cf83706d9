"""The simulator's atc: the compile step, op by op, through the simulator library's model check
(``aclsimValidateModel``: IR, dtypes for the SoC, shape inference).
"""
from __future__ import annotations

import ctypes
import os
import sys

import simulator

from ..recipe import VALIDATOR_ENV, core_name
from .model import AtcError, Op

# VALIDATOR_ENV is set by the CANN-shaped install's bin/atc: its private core library, whose model
# check is exported under an internal name (simulator/install/libs.py); no CANN-named library has it.


def load_validator():
    """(function or None, warning or None). Raises AtcError when the library is unusable."""
    private = os.environ.get(VALIDATOR_ENV)
    path = private or simulator.library_path()
    symbol = core_name("aclsimValidateModel") if private else "aclsimValidateModel"
    if path is None:
        raise AtcError("atc: the simulator library is not built (run `pip install -e .` or "
                       "`make -C simulator`); it is needed to check the ops")
    try:
        lib = ctypes.CDLL(path)
    except OSError as err:
        raise AtcError(f"atc: cannot load the simulator library {path}: {err}") from None
    try:
        fn = getattr(lib, symbol)
    except AttributeError:
        return None, f"atc: warning: {path} has no {symbol}; op checks (IR, dtypes, shapes) skipped"
    fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    fn.restype = ctypes.c_int
    return fn, None


def validate_with_simulator(fn, data: bytes, soc: str) -> tuple[int, str]:
    msg = ctypes.create_string_buffer(1024)
    buf = ctypes.create_string_buffer(data, len(data))
    rc = fn(buf, len(data), soc.encode("utf-8"), msg, len(msg))
    return rc, msg.value.decode("utf-8", "replace")


# GE api/atc/main_impl.cc BuildSingleOpModels (cann-install.md section 4): one DOMI_LOGE line per op that
# fails to compile; the loop goes on with the next op.
COMPILE_FAILED = "Compile op failed. ge ret = {ret}, op index = {index}"


def compile_ops(validate, names: list[str], ops: list[Op], files: dict[str, bytes], args) -> set[int]:
    """The compile step, op by op: aclsimValidateModel for the SoC. Returns the indices of the ops
    that failed (``ge ret`` is the simulator's error code, not a GE Status); each failure is printed (CANN's log line, then the simulator's detail)
    and the remaining ops are still compiled, as CANN's BuildSingleOpModels does."""
    failed: set[int] = set()
    if validate is None:
        return failed
    for name, op in zip(names, ops):
        rc, msg = validate_with_simulator(validate, files[name], args.soc_version)
        if rc == 0:
            continue
        print(COMPILE_FAILED.format(ret=rc, index=op.index), file=sys.stderr)
        print(f"atc: {args.singleop}: op[{op.index}] ({op.op}) -> {name}: rejected by the simulator "
              f"for soc_version {args.soc_version} (error {rc}): {msg}", file=sys.stderr)
        failed.add(op.index)
    return failed
