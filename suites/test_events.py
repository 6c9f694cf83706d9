"""Ordering across streams (EWH-10: one stream per thread, so cross-stream order needs events).

Two streams of one thread are independent; a consumer stream that waits on an event recorded
on the producer's stream sees the producer's results. The producer is held back by
fixtures/busy.py: paused where the runtime has aclsimStreamPause, else behind a calibrated
queue of filler launches (scratch tensors of their own, never the tensors the test checks)
whose hold is proven through aclrtStreamQuery on a watch stream, so what can only be seen while
a queue is held (an output still unwritten) is asserted on every runtime, or the test skips
"could not hold the queue".
"""
from __future__ import annotations

import threading

import numpy as np
import pytest

from fixtures.busy import Filler, Hold, can_pause
from fixtures.checks import assert_close, expect_code, expect_undamaged
from fixtures.contract.cases import add_case, random_array
from fixtures.tensors import DeviceTensor
from fixtures.threads import run_threads
from harness.abi import error_name
from harness.acl import Stream
from harness.events import Event
from reference import ops as ref

CLAUSE = "EWH-10"
SHAPE = (16, 16)
SYNC_TIMEOUT = 507046     # ACL_ERROR_RT_STREAM_SYNC_TIMEOUT


def SlowProducer(acl, scope, stream, filler=None, *, require=True):
    """Holds a stream's queue back (fixtures/busy.py Hold): paused, or a proven filler queue."""
    return Hold(acl, scope, stream, None if can_pause(acl) else filler, require=require)


class Chain:
    """y = x1 + x2 (producer), z = y + x3 (consumer): z's reference needs the producer's y."""

    def __init__(self, acl, ops, scope, product, *, seed=0, consumers=1):
        self.acl = acl
        case = add_case("float32", SHAPE, seed=seed, saturation=product.saturation_mode)
        self.spec = case.spec
        self.x1, self.x2 = case.inputs
        rng = np.random.default_rng(seed + 1000)
        self.x3 = [random_array(rng, "float32", SHAPE) for _ in range(consumers)]
        self.sat = product.saturation_mode
        self.y_ref = ref.add(self.x1, self.x2, np.float32, self.sat)     # the producer's result
        self.producer_handle = ops.handle(self.spec)
        self.consumer_handle = ops.handle(self.spec)
        self.t1 = DeviceTensor.from_array(acl, scope, self.x1)
        self.t2 = DeviceTensor.from_array(acl, scope, self.x2)
        self.y = DeviceTensor.empty(acl, scope, np.float32, SHAPE)
        self.t3 = [DeviceTensor.from_array(acl, scope, x) for x in self.x3]
        self.z = [DeviceTensor.empty(acl, scope, np.float32, SHAPE) for _ in range(consumers)]
        self.filler = None if can_pause(acl) else Filler(acl, ops, scope)

    def z_ref(self, k=0):
        return ref.add(self.y_ref, self.x3[k], np.float32, self.sat)

    def produce(self, stream_ptr):
        self.producer_handle.launch([self.t1.buffer, self.t2.buffer], [self.y.buffer], stream_ptr)

    def consume(self, stream_ptr, k=0):
        self.consumer_handle.launch([self.y.buffer, self.t3[k].buffer], [self.z[k].buffer], stream_ptr)

    def damage(self):
        return [p for t in [self.t1, self.t2, self.y, *self.t3, *self.z] for p in t.damage()]


def _sync_with_timeout(acl, stream_ptr, ms):
    code = acl.raw.aclrtSynchronizeStreamWithTimeout(stream_ptr, ms)
    acl.recent_error_message()
    return code


@pytest.fixture
def two_streams(acl, device, scope):
    return scope.add(Stream(acl)), scope.add(Stream(acl))


@pytest.mark.clause(CLAUSE)
def test_two_streams_of_one_thread_are_independent(acl, ops, scope, product, two_streams, numeric_policy):
    """Work queued on stream A (held back) does not hold up stream B, and B does not run A's."""
    a, b = two_streams
    ca = Chain(acl, ops, scope, product, seed=1)
    cb = Chain(acl, ops, scope, product, seed=2)
    with SlowProducer(acl, scope, a, ca.filler) as slow:
        ca.produce(a.ptr)
        cb.produce(b.ptr)
        b.synchronize()
        yb = cb.y.array()
        a_unwritten = ca.y.unchanged()
        code = _sync_with_timeout(acl, a.ptr, 50)
        slow.confirm("before stream A's output and its timed sync were observed")
        assert_close(yb, cb.y_ref, clause=CLAUSE, case="stream B while stream A is held back", policy=numeric_policy)
        assert a_unwritten, f"[{CLAUSE}] stream A's queued launch ran while A was held back"
        expect_code(code, SYNC_TIMEOUT, clause=CLAUSE,
                    what="a 50 ms sync of stream A while it is held back (it must time out)", acl=acl)
        slow.release()
        a.synchronize()
    assert_close(ca.y.array(), ca.y_ref, clause=CLAUSE, case="stream A after it was resumed", policy=numeric_policy)
    expect_undamaged(ca.damage() + cb.damage(), clause=CLAUSE, what="two independent streams of one thread")


@pytest.mark.clause(CLAUSE)
def test_event_orders_consumer_after_producer(acl, ops, scope, product, two_streams, numeric_policy):
    """producer: y = x1 + x2, record E; consumer: wait E, z = y + x3. z uses the producer's y."""
    p, c = two_streams
    ch = Chain(acl, ops, scope, product, seed=3)
    ev = scope.add(Event(acl))
    with SlowProducer(acl, scope, p, ch.filler, require=False) as slow:
        ch.produce(p.ptr)
        ev.record(p)
        ev.wait_on(c)
        ch.consume(c.ptr)
        code = _sync_with_timeout(acl, c.ptr, 50)
        z_unwritten = ch.z[0].unchanged()
        if slow.held():         # proven: the producer had not run when the consumer was observed
            assert code == SYNC_TIMEOUT, (f"[{CLAUSE}] the consumer finished while the producer it waits "
                                          f"for was held back: sync returned {code} {error_name(code)}")
            assert z_unwritten, f"[{CLAUSE}] the consumer ran before the event completed"
    c.synchronize()
    assert_close(ch.z[0].array(), ch.z_ref(), clause=CLAUSE, case="consumer after aclrtStreamWaitEvent", policy=numeric_policy)
    p.synchronize()
    expect_undamaged(ch.damage(), clause=CLAUSE, what="producer and consumer ordered by an event")


@pytest.mark.clause(CLAUSE)
def test_without_an_event_the_consumer_does_not_wait(acl, ops, scope, product, two_streams, numeric_policy):
    """Control: no event, so the consumer reads y before the (held back) producer writes it;
    its z is computed from the sentinel (NaN), not the reference. Shows the streams are
    independent and that the event test above can fail."""
    p, c = two_streams
    ch = Chain(acl, ops, scope, product, seed=4)
    with SlowProducer(acl, scope, p, ch.filler) as slow:
        ch.produce(p.ptr)
        ch.consume(c.ptr)
        expect_code(_sync_with_timeout(acl, c.ptr, 5000), 0, clause=CLAUSE,
                    what="a sync of the consumer with no event (it must not wait for the producer)", acl=acl)
        z = ch.z[0].array()
        slow.confirm("before the consumer's output was read")
    p.synchronize()
    unwritten_y = np.frombuffer(ch.y.initial, dtype=np.float32).reshape(SHAPE)
    from_sentinel = ref.add(unwritten_y, ch.x3[0], np.float32, ch.sat)
    assert np.array_equal(z, from_sentinel, equal_nan=True), (
        f"[{CLAUSE}] without an event the consumer should have read the unwritten y (sentinel); "
        f"got {z.ravel()[:4]}, expected {from_sentinel.ravel()[:4]}")
    assert not np.allclose(z, ch.z_ref()), "the consumer saw the producer's y without an event"
    assert_close(ch.y.array(), ch.y_ref, clause=CLAUSE, case="producer after it was resumed", policy=numeric_policy)


@pytest.mark.clause(CLAUSE)
def test_synchronize_event_makes_results_visible(acl, ops, scope, product, stream, main_context, numeric_policy):
    """aclrtSynchronizeEvent blocks the host until the recorded work is done (no stream sync).

    The wait runs on a helper thread with a bounded join, and the main thread (which holds the
    stream's context) releases the held queue, so a broken runtime fails the test, never hangs it."""
    ch = Chain(acl, ops, scope, product, seed=5)
    ev = scope.add(Event(acl))
    done, errors = threading.Event(), []

    def wait_on_host():
        try:
            ev.synchronize()
            done.set()
        except BaseException as exc:           # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    with SlowProducer(acl, scope, stream, ch.filler, require=False) as slow:
        ch.produce(stream.ptr)
        ev.record(stream)
        waiter = threading.Thread(target=wait_on_host, daemon=True)
        y_unwritten = ch.y.unchanged()
        waiter.start()
        waiter.join(timeout=0.05)
        returned = done.is_set()
        if slow.held():         # proven: the recorded work had not run when these were observed
            assert y_unwritten, "[EWH-10] the producer's output was written while its stream was held"
            assert not returned, "[EWH-10] aclrtSynchronizeEvent returned while the recorded work was held"
        slow.release()
        waiter.join(timeout=60)
    assert not errors, errors
    assert done.is_set(), "[EWH-10] aclrtSynchronizeEvent did not return within 60 s of the work being released"
    assert_close(ch.y.array(), ch.y_ref, clause=CLAUSE, case="host read after aclrtSynchronizeEvent", policy=numeric_policy)


@pytest.mark.clause(CLAUSE)
@pytest.mark.parametrize("consumers", [1, 4])
def test_event_across_threads(acl, ops, scope, product, main_context, consumers, numeric_policy):
    """The supported multithread pattern with ordering: a producer thread and consumer threads,
    each with its own stream; consumers wait on the producer's event and see its y."""
    ch = Chain(acl, ops, scope, product, seed=6, consumers=consumers)
    ev = scope.add(Event(acl))
    recorded = threading.Event()
    queued = threading.Barrier(consumers + 1)

    def work(i):
        acl.call("aclrtSetCurrentContext", main_context)
        with Stream(acl) as s:
            if i == 0:                         # producer
                with SlowProducer(acl, scope, s, ch.filler, require=False) as slow:
                    ch.produce(s.ptr)
                    ev.record(s)
                    recorded.set()
                    queued.wait(timeout=60)    # every consumer has queued its wait and launch
                    slow.release()
            else:                              # consumer k
                assert recorded.wait(timeout=60), "the producer never recorded"
                try:
                    ev.wait_on(s)
                    ch.consume(s.ptr, i - 1)
                finally:
                    queued.wait(timeout=60)
            s.synchronize()

    errors = run_threads(consumers + 1, work)
    assert not errors, "; ".join(errors)
    for k in range(consumers):
        assert_close(ch.z[k].array(), ch.z_ref(k), clause=CLAUSE, case=f"consumer thread {k} after the event", policy=numeric_policy)
    expect_undamaged(ch.damage(), clause=CLAUSE, what=f"{consumers} consumer threads waiting on one event")


@pytest.mark.clause(CLAUSE)
def test_chain_of_three_streams(acl, ops, scope, product, device, numeric_policy):
    """A -> B -> C through two events, everything queued before A may run: w = ((x1+x2)+x3)+x4."""
    a, b, c = (scope.add(Stream(acl)) for _ in range(3))
    ch = Chain(acl, ops, scope, product, seed=7, consumers=2)
    e1, e2 = scope.add(Event(acl)), scope.add(Event(acl))
    with SlowProducer(acl, scope, a, ch.filler, require=False):
        ch.produce(a.ptr)
        e1.record(a)
        e1.wait_on(b)
        ch.consume(b.ptr, 0)                 # z0 = y + x3
        e2.record(b)
        e2.wait_on(c)
        ch.consumer_handle.launch([ch.z[0].buffer, ch.t3[1].buffer], [ch.z[1].buffer], c.ptr)
    c.synchronize()
    want = ref.add(ch.z_ref(0), ch.x3[1], np.float32, ch.sat)
    assert_close(ch.z[1].array(), want, clause=CLAUSE, case="third stream of an event chain", policy=numeric_policy)
    a.synchronize()
    b.synchronize()
