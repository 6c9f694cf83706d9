"""Op execute timeouts (EWH-09, asynchronous delivery of errors).

``aclrtSetOpExecuteTimeOutWithMs`` (or the seconds form ``aclrtSetOpExecuteTimeOut`` where the
ms form is missing) bounds each kernel's run. A handle launch that overruns the bound is still
delivered (the launch returns 0); the error surfaces at the stream's next synchronisation as
ACL_ERROR_RT_AICORE_TIMEOUT (507014), once: the sync after it returns 0. A launch within the bound
is unaffected. No pause hook is needed: the overrunning op is a MatMulV2 long by construction,
escalated in size until one overruns (the first size already does on the simulator), so the same
test runs in device mode on a CANN-shaped install.

The setting is process-wide (RT ``Runtime::timeoutConfig_``): a fixture restores it afterwards.
Sources: RT ``src/acl/aclrt_impl/event.cpp`` (the setters), ``device.cpp``
(aclrtGetOpExecuteTimeout), ``error_code.cc`` / ``errcode_manage.cc`` (TS_ERROR_AICORE_TIMEOUT ->
507014), ``stream.cc::Stream::GetError``.
"""
from __future__ import annotations

import ctypes
import time

import pytest

import reports
from fixtures.checks import assert_close, expect_code
from fixtures.contract.cases import add_case, matmul_case
from harness.abi import ERR, error_name

CLAUSE = "EWH-09"
AICORE_TIMEOUT = ERR.ACL_ERROR_RT_AICORE_TIMEOUT
UINT32_MAX = 2**32 - 1
# MatMulV2 float32 n x n x n, escalated until one kernel overruns the bound. 512^3 MACs take tens
# of ms on the simulator (FIDELITY §4b); 4096^3 is 137 GFLOP, above 1 ms on any Atlas device.
MS_SIZES = (512, 1024, 2048, 4096)
S_SIZES = (1024, 2048, 4096)       # the seconds form: at least 1 s
# A launch + sync that took this many times the bound on the host ran past it on any device: a 0
# from that sync is a swallowed timeout, not a fast device (so escalation stops there).
OVERRUN_FACTOR = 50


class OpTimeout:
    """The execute-timeout setter the runtime has (ms form first), and the value to restore."""

    def __init__(self, acl):
        self.acl = acl
        if acl.raw.has("aclrtSetOpExecuteTimeOutWithMs"):
            self.setter, self.unit_ms = "aclrtSetOpExecuteTimeOutWithMs", 1
        elif acl.raw.has("aclrtSetOpExecuteTimeOut"):
            self.setter, self.unit_ms = "aclrtSetOpExecuteTimeOut", 1000
        else:
            pytest.skip("runtime lacks aclrtSetOpExecuteTimeOutWithMs and aclrtSetOpExecuteTimeOut")
        self.saved_ms = None
        if acl.raw.has("aclrtGetOpExecuteTimeout"):
            ms = ctypes.c_uint32()
            if acl.raw.aclrtGetOpExecuteTimeout(ctypes.byref(ms)) == 0 and ms.value != UINT32_MAX:
                self.saved_ms = ms.value

    @property
    def sizes(self):
        return MS_SIZES if self.unit_ms == 1 else S_SIZES

    def set(self, units: int) -> None:
        """The bound in the setter's unit (1 = the smallest bound it can express)."""
        code = getattr(self.acl.raw, self.setter)(units)
        expect_code(code, 0, clause=CLAUSE, what=f"{self.setter}({units})", acl=self.acl)

    def restore(self) -> None:
        # the value read before the test, else 0 (both forms: the maximum timeout)
        if self.saved_ms is None:
            getattr(self.acl.raw, self.setter)(0)
        elif self.unit_ms == 1:
            self.acl.raw.aclrtSetOpExecuteTimeOutWithMs(min(self.saved_ms, 1_000_000))
        else:
            self.acl.raw.aclrtSetOpExecuteTimeOut(-(-self.saved_ms // 1000))
        self.acl.recent_error_message()


@pytest.fixture
def op_timeout(acl, device):
    t = OpTimeout(acl)
    yield t
    t.restore()


def _sync(acl, stream_ptr) -> tuple[int, str]:
    code = acl.raw.aclrtSynchronizeStream(stream_ptr)
    return code, acl.recent_error_message()


@pytest.mark.clause(CLAUSE)
def test_overrunning_launch_returns_0_and_the_sync_reports_aicore_timeout_once(acl, launcher, stream, op_timeout):
    for n in op_timeout.sizes:
        case = matmul_case("float32", n, n, n)
        p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
        op_timeout.set(60_000 // op_timeout.unit_ms)     # a warm-up launch: loading is not timed below
        p.run(stream.ptr, clause=CLAUSE)
        op_timeout.set(1)
        t0 = time.monotonic()
        launch = p.launch_raw(stream=stream.ptr)
        launch_msg = acl.recent_error_message()
        sync, msg = _sync(acl, stream.ptr)
        took_ms = (time.monotonic() - t0) * 1e3
        assert launch == 0, (f"[{CLAUSE}] an overrunning kernel is found on the device, not at the launch: "
                             f"aclopExecWithHandle({case.id}) must return 0, got {launch} {error_name(launch)} "
                             f"({launch_msg!r})")
        if sync == AICORE_TIMEOUT:
            break
        # 0: this kernel finished within the bound (a fast device): try a longer one
        assert sync == 0, (f"[{CLAUSE}] sync after {case.id} under a {op_timeout.setter}(1) bound: expected "
                           f"0 or {AICORE_TIMEOUT} {error_name(AICORE_TIMEOUT)}, got {sync} {error_name(sync)} "
                           f"({msg!r})")
        bound_ms = op_timeout.unit_ms
        assert took_ms < OVERRUN_FACTOR * bound_ms, (
            f"[{CLAUSE}] {case.id} took {took_ms:.0f} ms from launch to the end of the sync under a "
            f"{bound_ms} ms execute timeout ({op_timeout.setter}(1)), yet aclrtSynchronizeStream returned 0: "
            f"expected {AICORE_TIMEOUT} {error_name(AICORE_TIMEOUT)}")
    reports.record(None, "overrun_matmul_n", n)
    assert sync == AICORE_TIMEOUT, (
        f"[{CLAUSE}] {op_timeout.setter}(1) then {case.id} (the largest tried): aclrtSynchronizeStream must "
        f"return {AICORE_TIMEOUT} {error_name(AICORE_TIMEOUT)}, got {sync} {error_name(sync)} ({msg!r})")
    assert msg, f"[EWH-07] the sync that returned {AICORE_TIMEOUT} {error_name(AICORE_TIMEOUT)} leaves no error text"
    again, msg = _sync(acl, stream.ptr)
    assert again == 0, (f"[{CLAUSE}] the timeout is reported once: the next aclrtSynchronizeStream must "
                        f"return 0, got {again} {error_name(again)} ({msg!r})")


@pytest.mark.clause(CLAUSE)
def test_overrun_does_not_leak_to_a_later_launch_within_the_bound(acl, launcher, stream, op_timeout, product, numeric_policy):
    """After the reported timeout and a generous bound, the stream runs a small handle launch as usual."""
    op_timeout.set(1)
    long = matmul_case("float32", op_timeout.sizes[0], op_timeout.sizes[0], op_timeout.sizes[0])
    p = launcher.prepare(long.spec, long.inputs, long.reference, long.id)
    expect_code(p.launch_raw(stream=stream.ptr), 0, clause=CLAUSE, what=f"{long.id} under a 1-unit bound", acl=acl)
    first, _ = _sync(acl, stream.ptr)
    assert first in (0, AICORE_TIMEOUT), (f"[{CLAUSE}] sync after {long.id}: expected 0 or {AICORE_TIMEOUT} "
                                          f"{error_name(AICORE_TIMEOUT)}, got {first} {error_name(first)}")
    op_timeout.set(60_000 // op_timeout.unit_ms)
    case = add_case("float32", (16, 16), saturation=product.saturation_mode)
    small = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = small.run(stream.ptr, clause=CLAUSE)
    assert_close(got, case.reference()[0], clause=CLAUSE, case=f"{case.id} after an overrun was reported", policy=numeric_policy)


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("op", ["Add", "MatMulV2"])
def test_launch_within_the_timeout_is_unaffected(acl, launcher, stream, op_timeout, product, op, numeric_policy):
    """A 60 s bound: a small launch returns 0, its sync returns 0 and the results are the reference."""
    op_timeout.set(60_000 // op_timeout.unit_ms)
    case = (add_case("float32", (64, 64), saturation=product.saturation_mode) if op == "Add"
            else matmul_case("float32", 16, 32, 8, saturation=product.saturation_mode))
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    for i in range(3):
        expect_code(p.launch_raw(stream=stream.ptr), 0, clause=CLAUSE,
                    what=f"launch {i} of {case.id} under a 60 s execute timeout", acl=acl)
    sync, msg = _sync(acl, stream.ptr)
    assert sync == 0, (f"[{CLAUSE}] {case.id} well within a 60 s execute timeout: aclrtSynchronizeStream must "
                       f"return 0, got {sync} {error_name(sync)} ({msg!r})")
    assert_close(p.outputs[0].array(), case.reference()[0], clause=CLAUSE, case=f"{case.id} under a 60 s bound", policy=numeric_policy)
