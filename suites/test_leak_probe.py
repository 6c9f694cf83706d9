"""Leaks inside the runtime, seen from outside it (EWH-01: a destroyed object is released).

Each kind of object is created and destroyed CYCLES times (fixtures/leaks.py); the process's
resident memory and, where the device is this process's alone, free device memory
(aclrtGetMemInfo) must not grow with the number of cycles. Needs no simulator hook: a runtime
that keeps destroyed handles (internally, invisible to the binding's ledger and to any live
count) fails here on a device too.
"""
from __future__ import annotations

import pytest

import reports
from fixtures.cases import add_case
from fixtures.leaks import CYCLES, RSS_LIMIT, probe
from harness.acl import DataBuffer, DeviceMemory, OpAttr, Stream, TensorDesc
from harness.events import Event

CLAUSE = "EWH-01"
# kind -> cycles: the cheap objects get the full count, the ones that cost a runtime call into
# the scheduler (streams, events) fewer (still far above the warm-up)
KINDS = {"op_handle": CYCLES, "tensor_desc": CYCLES, "data_buffer": CYCLES, "op_attr": CYCLES,
         "device_mem": CYCLES, "stream": CYCLES // 10, "event": CYCLES // 10}


def _cycle(kind, acl, ops, product):
    if kind == "op_handle":
        spec = add_case("float32", (8, 8), saturation=product.saturation_mode).spec
        ops.models.ensure(spec)
        return lambda: spec.create_handle(acl).close()
    if kind == "tensor_desc":
        return lambda: TensorDesc(acl, "float32", (4, 8, 16)).close()
    if kind == "data_buffer":
        mem = ops.scope.add(DeviceMemory(acl, 256))
        return lambda: DataBuffer(acl, mem.ptr, 256).close()
    if kind == "op_attr":
        return lambda: OpAttr(acl, {"transpose_x1": True, "alpha": 0.5}).close()
    if kind == "device_mem":
        return lambda: DeviceMemory(acl, 4096).close()
    if kind == "stream":
        return lambda: Stream(acl).close()
    return lambda: Event(acl).close()


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("kind", list(KINDS))
def test_create_destroy_cycles_do_not_grow_memory(acl, ops, product, device, _memory_check_off, kind):
    result = probe(acl, kind, _cycle(kind, acl, ops, product), cycles=KINDS[kind], memory_off=_memory_check_off)
    reports.record(None, "rss_growth_bytes", result.rss_growth)
    reports.record(None, "rss_limit_bytes", RSS_LIMIT)
    if result.device_loss is not None:
        reports.record(None, "device_memory_loss_bytes", result.device_loss)
    else:
        reports.record_property(None, "leak_probe_device_memory_off", result.off_reason)
    problems = result.problems()
    assert not problems, f"[{CLAUSE}] " + "; ".join(problems)
