"""Run rows of simulator/cann/op_support.csv through one simulated SoC, end to end, in a child process
(the product profile is per process: ACLSIM_SOC):

    python -m tests.simulator.op_support_run SOC LINES_JSON OUT_DIR

LINES_JSON lists CSV line numbers (rows) and, optionally, extra undeclared combinations
(``{"lines": [...], "extra": [[op, [input dtypes or null], [output dtypes or null]], ...]}``). Every
case (tests/simulator/op_cases.py) is compiled by one run of the simulator's atc (``--soc_version
SOC``; the environment's ASCEND_OPP_PATH is passed on), then, in this process: the case's .om (atc's,
or for a case atc refused one rendered from the same JSON) is loaded with aclopLoad, a handle is
created, the op is launched once with the case's data and the stream synchronised. Prints one JSON
object: per case the atc verdict (and atc's lines naming it) and each call's code and message.
"""
from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys

from harness.abi import ERR
from harness.acl import DataBuffer, DeviceMemory
from harness.dtypes import to_numpy
from harness.loader import load_simulator
from harness.runtime import Acl, Context, Device, Stream
from simulator.atc import om as atc_om
from simulator.atc import parse as atc_parse
from simulator.cann import op_support
from tests.simulator.op_cases import case


class Extra:
    """An undeclared combination shaped like a CSV row (for op_cases.case)."""

    def __init__(self, op, inputs, outputs, line):
        self.op, self.inputs, self.outputs, self.line = op, tuple(inputs), tuple(outputs), line


def build_cases(spec: dict):
    table = op_support.load()
    by_line = {r.line: r for r in table.rows}
    rows = [by_line[n] for n in spec.get("lines", [])]
    rows += [Extra(op, ins, outs, f"extra{i}") for i, (op, ins, outs) in enumerate(spec.get("extra", []))]
    return [(f"c{r.line}", r, *case(r)) for r in rows]


def run_atc(soc: str, cases, out_dir: str) -> dict[str, list[str]]:
    """One atc run over every case; returns, per case name, atc's lines naming its op index."""
    doc = [spec.to_atc(name) for name, _row, spec, _data in cases]
    path = os.path.join(out_dir, "ops.json")
    with open(path, "w") as f:
        json.dump(doc, f)
    proc = subprocess.run([sys.executable, "-m", "simulator.atc", f"--singleop={path}", f"--output={out_dir}",
                           f"--soc_version={soc}"], capture_output=True, text=True, timeout=600)
    lines = (proc.stdout + proc.stderr).splitlines()
    out = {}
    for i, (name, *_rest) in enumerate(cases):
        out[name] = [ln for ln in lines if f"op index = {i}" in ln or f"op[{i}]" in ln]
    return out


def om_image(soc: str, spec) -> bytes:
    op = atc_parse.parse_ops([spec.to_atc("x")], "case")[0]
    return atc_om.om_text(op, soc).encode()


def launch(acl, stream, spec, arrays) -> tuple[int, int, str]:
    """(create code, sync code, message): handle, buffers, one aclopExecWithHandle, sync."""
    made = []
    try:
        try:
            handle = spec.create_handle(acl)
        except Exception as err:   # noqa: BLE001 - the code is the result
            return getattr(err, "code", -1), -1, str(err)
        made.append(handle)
        ins, outs = [], []
        it = iter(arrays)
        for t in spec.inputs:
            if t.is_absent:
                ins.append(DataBuffer(acl, None, 0))
            else:
                a = next(it)
                mem = DeviceMemory(acl, max(a.nbytes, 1))
                mem.write(a.tobytes())
                made.append(mem)
                ins.append(DataBuffer.over(mem))
            made.append(ins[-1])
        for t in spec.outputs:
            size = 1
            for d in t.shape:
                size *= d
            nbytes = max(size * to_numpy(t.dtype).itemsize, 1)
            mem = DeviceMemory(acl, nbytes)
            made.append(mem)
            outs.append(DataBuffer.over(mem))
            made.append(outs[-1])
        code = handle.launch_code(ins, outs, stream.ptr)
        if code:
            return 0, code, acl.recent_error_message()
        sync = acl.raw.aclrtSynchronizeStream(stream.ptr)
        return 0, sync, acl.recent_error_message() if sync else ""
    finally:
        for r in reversed(made):
            r.close()


def main(argv: list[str]) -> int:
    soc, spec_path, out_dir = argv
    with open(spec_path) as f:
        spec = json.load(f)
    cases = build_cases(spec)
    atc_lines = run_atc(soc, cases, out_dir)
    acl = Acl(load_simulator())
    acl.init()
    device = Device(acl, 0)
    context = Context(acl, 0)
    stream = Stream(acl)
    results = {}
    for name, row, opspec, arrays in cases:
        path = os.path.join(out_dir, f"{name}.om")
        built = os.path.exists(path)
        image = open(path, "rb").read() if built else om_image(soc, opspec)
        buf = ctypes.create_string_buffer(image, len(image))
        load = acl.raw.aclopLoad(buf, len(image))
        load_msg = acl.recent_error_message() if load else ""
        r = {"line": row.line, "op": row.op, "atc": "built" if built else "refused", "atc_lines": atc_lines[name],
             "load": load, "load_msg": load_msg, "describe": opspec.describe()}
        if load == ERR.ACL_SUCCESS:
            r["create"], r["sync"], r["run_msg"] = launch(acl, stream, opspec, arrays)
        else:
            try:
                opspec.create_handle(acl).close()
                r["create"] = 0
            except Exception as err:   # noqa: BLE001
                r["create"] = getattr(err, "code", -1)
        results[name] = r
    for res in (stream, context, device):
        res.close()
    acl.raw.aclFinalize()
    print("@@RESULT@@" + json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
