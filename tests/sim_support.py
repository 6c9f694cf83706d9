"""Shared helpers of the simulator ABI tests (tests/test_sim_*.py).

- ``run_acl``: run a snippet in a fresh process (the ACL runtime is per process) with the raw
  binding preloaded, and return the JSON dict it builds in ``out``;
- ``om_bytes``: a model image in the simulator's ``.om`` text format (simulator/OM_FORMAT.md), so
  tests can call aclopLoad / aclsimValidateModel without running atc;
- ``in_thread``: run a callable on a fresh thread (no current context) and return its result.
"""
from __future__ import annotations

import ctypes
import json
import os
import re
import threading
from collections.abc import Callable, Sequence

from harness.abi import DT, ERR, FMT

from .conftest import ROOT, run_python

HEADER = os.path.join(ROOT, "simulator", "include", "acl_sim.h")

# Environment of a fresh process: the default profile, no faults, no device-count override, so
# an ACLSIM_* variable of the caller (e.g. pytest --soc) cannot change what a test expects.
CLEAN_ENV = {"ACLSIM_SOC": "", "ACLSIM_FAULTS": "", "ACLSIM_DEVICE_COUNT": "", "ACLSIM_DEVICE_MEM_MB": ""}

PRELUDE = """
import ctypes, json, os, sys, threading
from harness.loader import load_simulator
from harness.raw import RawAcl, pointer_array
raw = RawAcl(load_simulator())
def msg():
    m = raw.aclGetRecentErrMsg()
    return m.decode() if m else None
out = {}
"""


def run_acl(body: str, env: dict | None = None, timeout: int = 60) -> dict:
    """Run ``body`` after PRELUDE in a fresh interpreter; return the ``out`` dict it fills.

    The process must exit 0 (a crash of the library fails the test with its stderr)."""
    code = PRELUDE + body + "\nprint('@@OUT@@' + json.dumps(out))\n"
    proc = run_python(code, env={**CLEAN_ENV, **(env or {})}, timeout=timeout)
    assert proc.returncode == 0, (f"snippet exited with {proc.returncode}\n--- stdout\n{proc.stdout}"
                                  f"\n--- stderr\n{proc.stderr}")
    lines = [line for line in proc.stdout.splitlines() if line.startswith("@@OUT@@")]
    assert lines, f"snippet printed no result\n{proc.stdout}\n{proc.stderr}"
    return json.loads(lines[-1][len("@@OUT@@"):])


# ---------------------------------------------------------------- header
def header_functions() -> list[str]:
    """Names of every ACL_FUNC_VISIBILITY function declared in acl_sim.h, in order."""
    with open(HEADER) as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    names = re.findall(r"^ACL_FUNC_VISIBILITY\s[^;(]*?\b(\w+)\s*\(", text, flags=re.M)
    assert len(names) == len(set(names)), "duplicate declarations in acl_sim.h"
    return names


# ---------------------------------------------------------------- models
def _hex(s: str) -> str:
    return s.encode().hex() if s else "-"


def _tensor(t) -> str:
    """t = (dtype, dims) or (dtype, dims, fmt) or (dtype, dims, fmt, ranges); dims () = scalar."""
    dtype, dims = int(t[0]), [int(d) for d in t[1]]
    fmt = int(t[2]) if len(t) > 2 else int(FMT.ND)
    ranges = list(t[3]) if len(t) > 3 else []
    parts = [dtype, fmt, len(dims), *dims, len(ranges)]
    for lo, hi in ranges:
        parts += [lo, hi]
    return " ".join(str(p) for p in parts) + " 0 - -"


def om_bytes(op: str | None, inputs: Sequence, outputs: Sequence, attrs: Sequence[str] = (),
             soc: str = "Ascend910B1") -> bytes:
    """A simulator .om image. attrs are raw records after the name, e.g. ``"bool 1"``:
    pass ``("transpose_x1", "bool 0")`` pairs."""
    lines = ["ACLSIM-OM 1", f"soc {_hex(soc)}"]
    if op is not None:
        lines.append(f"op {_hex(op)}")
    lines.append("name -")
    lines += [f"input {_tensor(t)}" for t in inputs]
    lines += [f"output {_tensor(t)}" for t in outputs]
    lines += [f"attr {_hex(name)} {value}" for name, value in attrs]
    lines.append("end")
    return ("\n".join(lines) + "\n").encode()


def add_om(dtype: int = DT.FLOAT, shape=(2, 3), soc: str = "Ascend910B1") -> bytes:
    return om_bytes("Add", [(dtype, shape), (dtype, shape)], [(dtype, shape)], soc=soc)


def load_model(acl, image: bytes) -> int:
    """aclopLoad(image); returns the raw code."""
    buf = ctypes.create_string_buffer(image, len(image))
    return acl.raw.aclopLoad(buf, len(image))


# ---------------------------------------------------------------- threads
def in_thread(fn: Callable[[], object]) -> object:
    """Run fn on a new thread (which has no current context) and return its result."""
    box: dict[str, object] = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:   # noqa: BLE001 - re-raised on the caller's thread
            box["error"] = exc

    t = threading.Thread(target=target)
    t.start()
    t.join(30)
    assert not t.is_alive(), "thread did not finish within 30 s"
    if "error" in box:
        raise box["error"]   # type: ignore[misc]
    return box.get("value")


def live(acl, kind: str) -> int:
    return int(acl.raw.aclsimLiveObjectCount(kind.encode()))


# Documented codes, by short name (the values live in harness.abi).
OK = ERR.ACL_SUCCESS
INVALID = ERR.ACL_ERROR_INVALID_PARAM
RT_PARAM = ERR.ACL_ERROR_RT_PARAM_INVALID
CTX_NULL = ERR.ACL_ERROR_RT_CONTEXT_NULL
STREAM_CTX = ERR.ACL_ERROR_RT_STREAM_CONTEXT
BOGUS_HANDLE = 0x5A00_0000_DEAD_BEEF   # tagged like a simulator handle, never issued
