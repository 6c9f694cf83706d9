"""Leaks inside the runtime, seen from outside it (EWH-01: a destroyed object is released).

Each kind of object is created and destroyed CYCLES times (fixtures/leaks.py); the process's
resident memory and, where the device is this process's alone, free device memory
(aclrtGetMemInfo) must not grow with the number of cycles. Needs no simulator hook: a runtime
that keeps destroyed handles (internally, invisible to the binding's ledger and to any live
count) fails here on a device too.
"""
from __future__ import annotations

import ctypes

import pytest

import reports
from fixtures.contract.cases import add_case
from fixtures.leaks import CYCLES, RSS_LIMIT, probe
from harness.abi import DT, ERR, FMT, MallocPolicy
from harness.acl import AclError, DeviceMemory
from harness.raw import pointer_array

CLAUSE = "EWH-01"
# kind -> cycles: the cheap objects get the full count, the ones that cost a runtime call into
# the scheduler (streams, events) fewer (still far above the warm-up)
KINDS = {"op_handle": CYCLES, "tensor_desc": CYCLES, "data_buffer": CYCLES, "op_attr": CYCLES,
         "device_mem": CYCLES, "stream": CYCLES // 10, "event": CYCLES // 10}


def _created(acl, name: str, ptr, code: int):
    """``ptr`` from a create call that returns NULL on failure (the call's documented code then)."""
    if not ptr:
        raise AclError(code, f"{name} in a leak-probe cycle", acl.recent_error_message() or "returned NULL")
    return ptr


def _cycle(kind, acl, ops, product):
    """One create + destroy of ``kind`` through the raw binding (fixtures/leaks.py runs it
    CYCLES times). Raw calls, not the typed layer: the probe measures the runtime's memory,
    and the typed wrappers' ledger and argument parsing cost several times the C calls (every
    create is still checked, through ``acl.call`` or ``_created``, so a refusal fails the test
    instead of looping on nothing)."""
    raw = acl.raw
    out = ctypes.c_void_p()
    if kind == "op_handle":
        # fresh handles over descs made once: a runtime that keeps its deep copies of them
        # (handle_leak_internal) or the handles (handle_leak) grows by CYCLES of them
        spec = add_case("float32", (8, 8), saturation=product.saturation_mode).spec
        ops.models.ensure(spec)
        descs_in = [ops.scope.add(t.make_desc(acl)) for t in spec.inputs]
        descs_out = [ops.scope.add(t.make_desc(acl)) for t in spec.outputs]
        op, ins, outs = spec.op.encode(), pointer_array([d.ptr for d in descs_in]), pointer_array(
            [d.ptr for d in descs_out])

        def op_handle():
            acl.call("aclopCreateHandle", op, len(descs_in), ins, len(descs_out), outs, None, ctypes.byref(out))
            raw.aclopDestroyHandle(out.value)
        return op_handle
    if kind == "tensor_desc":
        dims = (ctypes.c_int64 * 3)(4, 8, 16)

        def tensor_desc():
            raw.aclDestroyTensorDesc(_created(acl, "aclCreateTensorDesc", raw.aclCreateTensorDesc(
                int(DT.FLOAT), 3, dims, int(FMT.ND)), ERR.ACL_ERROR_INVALID_PARAM))
        return tensor_desc
    if kind == "data_buffer":
        mem = ops.scope.add(DeviceMemory(acl, 256))

        def data_buffer():
            ptr = _created(acl, "aclCreateDataBuffer", raw.aclCreateDataBuffer(mem.ptr, 256), ERR.ACL_ERROR_BAD_ALLOC)
            acl.call("aclDestroyDataBuffer", ptr)
        return data_buffer
    if kind == "op_attr":
        def op_attr():
            ptr = _created(acl, "aclopCreateAttr", raw.aclopCreateAttr(), ERR.ACL_ERROR_BAD_ALLOC)
            acl.call("aclopSetAttrBool", ptr, b"transpose_x1", 1)
            acl.call("aclopSetAttrFloat", ptr, b"alpha", 0.5)
            raw.aclopDestroyAttr(ptr)
        return op_attr
    if kind == "device_mem":
        def device_mem():
            acl.call("aclrtMalloc", ctypes.byref(out), 4096, int(MallocPolicy.HUGE_FIRST))
            acl.call("aclrtFree", out.value)
        return device_mem
    if kind == "stream":
        def stream():
            acl.call("aclrtCreateStream", ctypes.byref(out))
            acl.call("aclrtDestroyStream", out.value)
        return stream

    def event():
        acl.call("aclrtCreateEvent", ctypes.byref(out))
        acl.call("aclrtDestroyEvent", out.value)
    return event


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("kind", list(KINDS))
def test_create_destroy_cycles_do_not_grow_memory(acl, ops, product, device, memory_check_off, kind):
    result = probe(acl, kind, _cycle(kind, acl, ops, product), cycles=KINDS[kind], memory_off=memory_check_off)
    reports.record(None, "rss_growth_bytes", result.rss_growth)
    reports.record(None, "rss_limit_bytes", RSS_LIMIT)
    if result.device_loss is not None:
        reports.record(None, "device_memory_loss_bytes", result.device_loss)
    else:
        reports.record_property(None, "leak_probe_device_memory_off", result.off_reason)
    problems = result.problems()
    assert not problems, f"[{CLAUSE}] " + "; ".join(problems)
