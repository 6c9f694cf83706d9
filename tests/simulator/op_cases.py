"""One small valid signature, with input data, per row of simulator/cann/op_support.csv: what the
per-SoC operator-support tests (test_op_support*.py) compile with atc, load, create a handle for
and launch once.

``case(row)`` gives an ``OpSpec`` (harness/models.py) and one numpy array per present input:
small shapes, the attrs the op needs, index data that fits (ArgMaxV2's dimension, GatherV2's
indices and axis, Slice's offsets and size), values every dtype holds. A '-' slot of the row is an
absent optional input (or output). The formats are ND except Conv2D and BatchNorm (NCHW).
"""
from __future__ import annotations

import numpy as np

from harness.abi import DT, FMT
from harness.dtypes import DT_BY_NAME, to_numpy
from harness.models import OpSpec, TensorSpec

ABSENT = TensorSpec.absent()


def _spec(dtype: str | None, shape, fmt: FMT = FMT.ND) -> TensorSpec:
    if dtype is None:
        return ABSENT
    return TensorSpec(DT_BY_NAME[dtype], tuple(shape), fmt)


def values(dtype: str, shape, start: int = 1) -> np.ndarray:
    """Small values every dtype holds exactly: 1, 2, 3, ... wrapping at 5 (bool: alternating)."""
    n = int(np.prod(shape)) if shape else 1
    raw = (np.arange(n) + start - 1) % 5 + 1
    if dtype == "bool":
        raw = raw % 2
    return raw.astype(to_numpy(DT_BY_NAME[dtype])).reshape(shape)


def _index(dtype: str, data) -> np.ndarray:
    return np.asarray(data, dtype=to_numpy(DT_BY_NAME[dtype]))


def case(row) -> tuple[OpSpec, list[np.ndarray]]:
    """(spec, data of the present inputs in order) for one row (simulator.cann.op_support.Row)."""
    op, ins, outs = row.op, list(row.inputs), list(row.outputs)
    attrs: dict = {}
    data: dict[int, np.ndarray] = {}
    if op in ("Add", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "Pow"):
        shapes_in, shapes_out = [(2, 3), (2, 3)], [(2, 3)]
    elif op in ("Abs", "Neg", "Relu", "Exp", "Log", "Sqrt", "Rsqrt", "Sigmoid", "Tanh"):
        shapes_in, shapes_out = [(2, 3)], [(2, 3)]
    elif op == "Cast":
        shapes_in, shapes_out = [(2, 3)], [(2, 3)]
        attrs["dst_type"] = int(DT_BY_NAME[outs[0]])
    elif op == "SoftmaxV2":
        shapes_in, shapes_out = [(2, 3)], [(2, 3)]
        if ins[0] != outs[0]:
            attrs["half_to_float"] = True
    elif op in ("ReduceSumD", "ReduceMaxD", "ReduceMeanD"):
        shapes_in, shapes_out = [(2, 3)], [(2,)]
        attrs["axes"] = [1]
    elif op == "AddN":
        ins = ins * 2
        shapes_in, shapes_out = [(2, 3)] * 2, [(2, 3)]
        attrs["N"] = 2
    elif op == "ConcatD":
        ins = ins * 2
        shapes_in, shapes_out = [(2, 3)] * 2, [(4, 3)]
        attrs.update(concat_dim=0, N=2)
    elif op == "TransposeD":
        shapes_in, shapes_out = [(2, 3)], [(3, 2)]
        attrs["perm"] = [1, 0]
    elif op == "MatMulV2":
        shapes_in, shapes_out = [(2, 3), (3, 4), (4,), (4,)], [(2, 4)]
    elif op == "BatchMatMulV2":
        shapes_in, shapes_out = [(2, 2, 3), (2, 3, 4), (4,), (4,)], [(2, 2, 4)]
    elif op == "BatchMatMul":
        shapes_in, shapes_out = [(2, 2, 3), (2, 3, 4)], [(2, 2, 4)]
    elif op == "GEMM":
        shapes_in, shapes_out = [(2, 3), (3, 4), (2, 4), (1,), (1,)], [(2, 4)]
    elif op == "LayerNorm":
        shapes_in, shapes_out = [(2, 3), (3,), (3,)], [(2, 3), (2, 1), (2, 1)]
        attrs.update(begin_norm_axis=1, begin_params_axis=1)
    elif op == "Conv2D":
        shapes_in, shapes_out = [(1, 2, 4, 4), (3, 2, 3, 3), (3,), (3,)], [(1, 3, 2, 2)]
        attrs.update(strides=[1, 1, 1, 1], pads=[0, 0, 0, 0], data_format="NCHW")
    elif op == "BatchNorm":
        shapes_in, shapes_out = [(2, 3, 2, 2)] + [(3,)] * 4, [(2, 3, 2, 2)] + [(3,)] * 4 + [(1,)]
        attrs.update(data_format="NCHW", is_training=False)
    elif op == "ArgMaxV2":
        shapes_in, shapes_out = [(2, 3), ()], [(2,)]
        data[1] = _index(ins[1], 1)
    elif op == "GatherV2":
        shapes_in, shapes_out = [(4, 3), (2,), (1,)], [(2, 3)]
        data[1] = _index(ins[1], [3, 0])
        data[2] = _index(ins[2], [0])
    elif op == "Slice":
        shapes_in, shapes_out = [(4, 3), (2,), (2,)], [(2, 3)]
        data[1] = _index(ins[1], [1, 0])
        data[2] = _index(ins[2], [2, 3])
    else:
        raise KeyError(f"no test signature for op {op}")
    fmt = FMT.NCHW if op in ("Conv2D", "BatchNorm") else FMT.ND
    in_fmt = [fmt if i in (0, 1) and op == "Conv2D" or (i == 0 and op == "BatchNorm") else FMT.ND
              for i in range(len(ins))]
    out_fmt = [fmt if i == 0 else FMT.ND for i in range(len(outs))]
    inputs = [_spec(d, s, f) for d, s, f in zip(ins, shapes_in, in_fmt)]
    outputs = [_spec(d, s, f) for d, s, f in zip(outs, shapes_out, out_fmt)]
    arrays = []
    for i, (spec, d, s) in enumerate(zip(inputs, ins, shapes_in)):
        if spec.is_absent:
            continue
        if i in data:
            arrays.append(data[i])
        elif op == "BatchNorm" and i == 4:
            arrays.append(values(d, s).astype(np.float32) * 0 + 1)      # a variance > 0
        else:
            arrays.append(values(d, s, start=i + 1))
    # trailing absent optional outputs are left out, as clients pass 5 outputs to BatchNorm
    while outputs and outputs[-1].is_absent:
        outputs.pop()
    return OpSpec.make(op, inputs, outputs, attrs), arrays


def dtype_of(name: str) -> DT:
    return DT_BY_NAME[name]


# One SoC of each config dir: what ACLSIM_SOC / --soc_version name in the per-SoC tests.
SOC_OF_DIR = {
    "ascend950": "Ascend950PR_9579", "ascend910_93": "Ascend910_9391", "ascend910b": "Ascend910B1",
    "ascend310b": "Ascend310B1", "ascend310p": "Ascend310P3", "ascend910": "Ascend910A",
}


class Combination:
    """A combination shaped like a CSV row (op, soc, inputs, outputs, line) for ``case``."""

    def __init__(self, op, soc, inputs, outputs, line="-"):
        self.op, self.soc, self.inputs, self.outputs, self.line = op, soc, tuple(inputs), tuple(outputs), line

    def key(self):
        return (self.op, self.soc, self.inputs, self.outputs)


def undeclared(table, soc: str, per_op: int = 2) -> list[Combination]:
    """Combinations the table neither declares nor lists as refused for soc: each declared row with
    one tensor's dtype changed to another of the eight (an absent optional slot stays absent), at
    most per_op per op, chosen deterministically."""
    from simulator.cann.op_support import DTYPES
    listed = {(r.op, r.inputs, r.outputs) for r in table.rows if r.soc == soc}
    out = []
    for op in sorted(table.ir):
        found: dict[tuple, Combination] = {}
        for row in table.declared(soc, op):
            tensors = list(row.inputs) + list(row.outputs)
            for i, d in enumerate(tensors):
                if d is None:
                    continue
                for other in DTYPES:
                    if other == d:
                        continue
                    t = tensors[:i] + [other] + tensors[i + 1:]
                    ins, outs = tuple(t[:len(row.inputs)]), tuple(t[len(row.inputs):])
                    if (op, ins, outs) in listed or table.declares(soc, op, ins, outs):
                        continue
                    found.setdefault((ins, outs), Combination(op, soc, ins, outs))
        keys = sorted(found)
        step = max(1, len(keys) // per_op) if keys else 1
        out += [found[k] for k in keys[::step][:per_op]]
    return out
