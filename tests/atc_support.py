"""What tests/simulator/test_atc.py (JSON validation, naming, .om contents) and test_atc_cli.py
(CANN's command line) share: the messages atc prints, the probe of the library atc needs, the op
documents and how to run atc on them."""
from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_python

SOC = "Ascend910B1"
SUCCESS = "ATC run success, welcome to the next use."
START = "ATC start working now, please wait for a moment."
FAILED = "ATC run failed, Please check the detail log, Try 'atc --help' for more information"
FAILED_EXIT = 255   # CANN's main_impl returns -1 (cann-install.md section 4)


# ---------------------------------------------------------------- library state (probed once, out of process)
_PROBE = """
import ctypes, simulator
path = simulator.library_path()
if path is None:
    print("missing")
else:
    try:
        lib = ctypes.CDLL(path)
    except OSError:
        print("unloadable")
    else:
        print("ok" if hasattr(lib, "aclsimValidateModel") else "no_symbol")
"""


def _library_state() -> str:
    if not hasattr(_library_state, "value"):
        _library_state.value = run_python(_PROBE).stdout.strip()
    return _library_state.value


def needs_library():
    if _library_state() in ("missing", "unloadable"):
        pytest.skip("the simulator library is not built or cannot be loaded (atc needs it to succeed)")


def needs_validator():
    if _library_state() != "ok":
        pytest.skip("the simulator library has no aclsimValidateModel")


# ---------------------------------------------------------------- helpers
def tensor(shape, dtype="int32", fmt="ND", **extra):
    return {"format": fmt, "shape": shape, "type": dtype, **extra}


ABSENT = {"format": "RESERVED", "shape": [], "type": "UNDEFINED"}


def add_op(shape=(3, 3), dtype="int32", **extra):
    shape = list(shape)
    return {"op": "Add", "input_desc": [tensor(shape, dtype), tensor(shape, dtype)],
            "output_desc": [tensor(shape, dtype)], **extra}


def matmul_op():
    return {"op": "MatMulV2",
            "input_desc": [tensor([2, 3], "float16"), tensor([3, 4], "float16"), ABSENT, ABSENT],
            "output_desc": [tensor([2, 4], "float16")],
            "attr": [{"name": "transpose_x1", "type": "bool", "value": False},
                     {"name": "transpose_x2", "type": "bool", "value": False}]}


def dynamic_add_op():
    t = tensor([-1, 16], "float16", shape_range=[[1, 32]])
    return {"op": "Add", "name": "dyn_add", "input_desc": [t, copy.deepcopy(t)], "output_desc": [copy.deepcopy(t)]}


EVERY_ATTR = [
    {"name": "dst_type", "type": "int", "value": 1},
    {"name": "a_bool", "type": "bool", "value": True},
    {"name": "a_float", "type": "float", "value": 0.1},
    {"name": "a_string", "type": "string", "value": "h\u00e9llo world"},
    {"name": "a_empty", "type": "string", "value": ""},
    {"name": "a_list_bool", "type": "list_bool", "value": [True, False]},
    {"name": "a_list_int", "type": "list_int", "value": [1, -2, 2**62]},
    {"name": "a_list_float", "type": "list_float", "value": [1.5, -0.25]},
    {"name": "a_list_string", "type": "list_string", "value": ["a", ""]},
    {"name": "a_list_list_int", "type": "list_list_int", "value": [[1, 2], [], [3]]},
    {"name": "a_dt_name", "type": "data_type", "value": "DT_FLOAT16"},
    {"name": "a_dt_number", "type": "data_type", "value": 27},
]


def cast_every_attr_op():
    return {"op": "Cast", "name": "cast.every-attr_1",
            "input_desc": [tensor([4], "float32")], "output_desc": [tensor([4], "float16")],
            "attr": EVERY_ATTR}


def write_json(tmp_path, doc, name="ops.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return str(path)


def run_atc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "simulator.atc", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def atc_json(tmp_path, doc, out_dir=None, soc=SOC):
    json_path = write_json(tmp_path, doc)
    out_dir = out_dir or str(tmp_path / "out")
    return run_atc(f"--singleop={json_path}", f"--output={out_dir}", f"--soc_version={soc}"), json_path


def snapshot(directory) -> dict[str, bytes]:
    if not os.path.isdir(directory):
        return {}
    return {name: open(os.path.join(directory, name), "rb").read() for name in sorted(os.listdir(directory))}


def parse_om(text: str) -> dict:
    """Minimal reader of OM_FORMAT.md, for checking what atc wrote."""
    lines = text.split("\n")
    assert lines[0] == "ACLSIM-OM 1" and lines[-1] == "" and lines[-2] == "end"
    unhex = lambda h: "" if h == "-" else bytes.fromhex(h).decode("utf-8")  # noqa: E731
    model = {"inputs": [], "outputs": [], "attrs": {}}
    for line in lines[1:-2]:
        kw, *tok = line.split(" ")
        if kw in ("soc", "op", "name"):
            assert len(tok) == 1
            model[kw] = unhex(tok[0])
        elif kw in ("input", "output"):
            dtype, fmt, ndims = int(tok[0]), int(tok[1]), int(tok[2])
            dims = [int(x) for x in tok[3:3 + ndims]]
            rest = tok[3 + ndims:]
            nranges = int(rest[0])
            ranges = [[int(rest[1 + 2 * i]), int(rest[2 + 2 * i])] for i in range(nranges)]
            clen, chex, name = int(rest[1 + 2 * nranges]), rest[2 + 2 * nranges], rest[3 + 2 * nranges]
            assert len(rest) == 4 + 2 * nranges
            const = b"" if chex == "-" else bytes.fromhex(chex)
            assert len(const) == clen
            model[kw + "s"].append({"dtype": dtype, "format": fmt, "dims": dims, "ranges": ranges,
                                    "const": const, "name": unhex(name)})
        elif kw == "attr":
            model["attrs"][unhex(tok[0])] = (tok[1], tok[2:])
        else:
            raise AssertionError(f"unknown record {line!r}")
    assert list(model["attrs"]) == sorted(model["attrs"]), "attrs must be sorted by name"
    return model


