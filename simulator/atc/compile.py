"""The simulator's atc: the compile step, op by op. When ASCEND_OPP_PATH is set, each op is first
looked up in the operator information library there for the SoC's config dir, as CANN's FE reads
its op store (simulator/opp.py: GE's file order, vendors over built-in): a dtype combination the
library does not declare fails with CANN's compile-failure line and GE's "not supported in op
store" text naming the file. Then the simulator library's model check (``aclsimValidateModel``: IR,
the compiled-in per-SoC operator support, dtypes, shape inference). So a changed library changes
what atc compiles, while the runtime's kernels keep their compiled-in table (as a device's do).
"""
from __future__ import annotations

import ctypes
import os
import sys

import simulator

from .. import opp
from ..cann import op_support, soc_versions
from ..recipe import VALIDATOR_ENV, core_name
from .model import AtcError, Op

OPP_ENV = "ASCEND_OPP_PATH"
# ge ret of a combination the operator information library does not declare: the simulator's code
# for an unsupported dtype (what its model check gives for the same refusal), not a GE Status
LIBRARY_REFUSED = 100026

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


def _dtype_name(dtype: int) -> str | None:
    return None if dtype == -1 else opp.ACL_DTYPE_NAMES.get(dtype, f"dtype{dtype}")


def library_refusals(ops: list[Op], soc: str, environ=os.environ) -> dict[int, str]:
    """op index -> why the operator information library under ASCEND_OPP_PATH does not declare the
    op for the SoC's config dir; {} when ASCEND_OPP_PATH is unset. A missing config dir or an
    unreadable file fails the whole run (CANN's FE fails to initialise)."""
    root = environ.get(OPP_ENV)
    if not root:
        return {}
    soc_dir = op_support.product_soc_dir(soc_versions.resolve(soc))
    out = {}
    for op in ops:
        ins = [_dtype_name(t.dtype) for t in op.inputs]
        outs = [_dtype_name(t.dtype) for t in op.outputs]
        dynamic = any(d < 0 for t in op.inputs + op.outputs for d in t.dims)
        try:
            why = opp.check_combination(root, soc_dir, op.op, ins, outs, dynamic)
        except opp.OppError as err:
            raise AtcError(f"atc: {OPP_ENV}={root}: {err}") from None
        if why:
            out[op.index] = why
    return out


def compile_ops(validate, names: list[str], ops: list[Op], files: dict[str, bytes], args) -> set[int]:
    """The compile step, op by op: the operator information library (when ASCEND_OPP_PATH is set),
    then aclsimValidateModel for the SoC. Returns the indices of the ops that failed (``ge ret`` is
    the simulator's error code, not a GE Status); each failure is printed (CANN's log line, then
    the simulator's detail) and the remaining ops are still compiled, as CANN's BuildSingleOpModels
    does."""
    failed: set[int] = set()
    refused = library_refusals(ops, args.soc_version)
    for name, op in zip(names, ops):
        if op.index in refused:
            print(COMPILE_FAILED.format(ret=LIBRARY_REFUSED, index=op.index), file=sys.stderr)
            print(f"atc: {args.singleop}: op[{op.index}] ({op.op}) -> {name}: refused by the operator information "
                  f"library for soc_version {args.soc_version}: {refused[op.index]}", file=sys.stderr)
            failed.add(op.index)
            continue
        if validate is None:
            continue
        rc, msg = validate_with_simulator(validate, files[name], args.soc_version)
        if rc == 0:
            continue
        print(COMPILE_FAILED.format(ret=rc, index=op.index), file=sys.stderr)
        print(f"atc: {args.singleop}: op[{op.index}] ({op.op}) -> {name}: rejected by the simulator "
              f"for soc_version {args.soc_version} (error {rc}): {msg}", file=sys.stderr)
        failed.add(op.index)
    return failed
