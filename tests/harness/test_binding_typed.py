"""The typed layer (harness/runtime.py, resources.py, op.py, lifetime.py, events.py): each
resource's close() is idempotent, Scope releases newest first even when the body raises, the
ledger counts live objects and uncounts them on close, and AclError carries what a reader needs.

The tests run in the pytest process, whose runtime the session brought up (aclInit, the device);
each uses an ``Acl`` of its own over the same library, so its ledger holds only what the test
made.
"""
import threading

import pytest

from harness.abi import DT, ERR, error_name
from harness.acl import (
    Acl,
    AclError,
    Context,
    DataBuffer,
    Device,
    DeviceMemory,
    HostMemory,
    OpAttr,
    OpHandle,
    Resource,
    Scope,
    Stream,
    TensorDesc,
    current_context,
    grown,
)
from harness.events import Event
from tests.sim_support import load_model, om_bytes

SHAPE = (2, 3)


@pytest.fixture
def mine(acl, device):
    """A typed layer over the session's library with a ledger of its own."""
    return Acl(acl.libs)


@pytest.fixture(scope="module")
def add_model(acl, device):
    image = om_bytes("Add", [(DT.FLOAT, SHAPE)] * 2, [(DT.FLOAT, SHAPE)])
    assert load_model(acl, image) == ERR.ACL_SUCCESS, acl.recent_error_message()


def _handle(acl):
    descs = [TensorDesc(acl, DT.FLOAT, SHAPE) for _ in range(3)]
    try:
        return OpHandle(acl, "Add", descs[:2], descs[2:])
    finally:
        for d in descs:
            d.close()


# kind: (the simulator's live-object kind, how to make one from (acl, the session's device id))
MAKERS = {
    "Device": (None, lambda acl, device_id: Device(acl, device_id)),
    "Stream": ("stream", lambda acl, _: Stream(acl)),
    "Event": ("event", lambda acl, _: Event(acl)),
    "DeviceMemory": ("device_mem", lambda acl, _: DeviceMemory(acl, 256)),
    "HostMemory": ("host_mem", lambda acl, _: HostMemory(acl, 256)),
    "DataBuffer": ("data_buffer", lambda acl, _: DataBuffer.null(acl)),
    "TensorDesc": ("tensor_desc", lambda acl, _: TensorDesc(acl, DT.FLOAT16, SHAPE)),
    "OpAttr": ("op_attr", lambda acl, _: OpAttr(acl, {"axis": 1, "keep_dims": True})),
    "OpHandle": ("op_handle", lambda acl, _: _handle(acl)),
}


@pytest.fixture
def keeps_current_context(mine):
    """aclrtSetDevice / aclrtResetDevice / aclrtCreateContext change the thread's current
    context: put the session's back, for the tests after this one."""
    previous = current_context(mine)
    yield
    mine.call("aclrtSetCurrentContext", previous)


@pytest.mark.parametrize("kind", MAKERS)
def test_close_is_idempotent_and_the_ledger_follows(request, mine, device_id, keeps_current_context, kind):
    if kind == "OpHandle":
        request.getfixturevalue("add_model")
    live_kind, make_one = MAKERS[kind]

    def make(acl):
        return make_one(acl, device_id)

    def live():
        return int(mine.raw.aclsimLiveObjectCount(live_kind.encode())) if live_kind else 0

    before = live()
    resource = make(mine)
    assert mine.ledger.snapshot() == {kind: 1}
    assert not resource.closed and live() == before + (1 if live_kind else 0)
    resource.close()
    assert resource.closed and resource.ptr is None
    assert mine.ledger.snapshot() == {} and live() == before
    mine.recent_error_message()       # the message is per thread: drop what an earlier test left
    resource.close()                                  # again: nothing is called, nothing raised
    assert mine.recent_error_message() == "", "the second close() reached the runtime"
    assert mine.ledger.snapshot() == {} and live() == before
    with make(mine) as again:                         # the context-manager form closes too
        assert mine.ledger.snapshot() == {kind: 1}
    assert again.closed and mine.ledger.snapshot() == {} and live() == before


def test_a_context_closes_once_and_the_ledger_follows(mine, device_id, keeps_current_context):
    ctx = Context(mine, device_id)
    assert mine.ledger.snapshot() == {"Context": 1}
    ctx.close()
    mine.recent_error_message()       # the message is per thread: drop what an earlier test left
    ctx.close()
    assert mine.recent_error_message() == "" and mine.ledger.snapshot() == {}


class Recorded(Resource):
    """A resource with no ACL object behind it: its release is written into a shared list."""

    def __init__(self, acl, name, log, fail_with=None):
        self.acl, self.name, self.log, self.fail_with = acl, name, log, fail_with
        self.ptr = id(self)

    def _release(self, ptr):
        self.log.append(self.name)
        if self.fail_with is not None:
            raise AclError(self.fail_with, f"release({self.name})", "")


def test_scope_releases_newest_first_even_when_the_body_raises(mine):
    log = []
    with pytest.raises(KeyError), Scope() as scope:
        for name in ("first", "second", "third"):
            scope.add(Recorded(mine, name, log))
        raise KeyError("the test failed half-way")
    assert log == ["third", "second", "first"]
    assert mine.ledger.snapshot() == {}


def test_scope_keeps_releasing_after_a_failed_release_and_raises_the_first_failure(mine):
    log = []
    scope = Scope()
    scope.add(Recorded(mine, "a", log))
    scope.add(Recorded(mine, "b", log, fail_with=ERR.ACL_ERROR_INVALID_PARAM))
    scope.add(Recorded(mine, "c", log))
    scope.add(Recorded(mine, "d", log, fail_with=ERR.ACL_ERROR_RT_PARAM_INVALID))
    with pytest.raises(AclError) as info:
        scope.close()
    assert log == ["d", "c", "b", "a"]
    assert info.value.code == ERR.ACL_ERROR_RT_PARAM_INVALID and info.value.call == "release(d)"
    assert mine.ledger.snapshot() == {}
    scope.close()                                     # emptied: a second close does nothing
    assert log == ["d", "c", "b", "a"]


def test_scope_releases_real_objects_when_the_body_raises(mine):
    live_before = mine.live_objects()
    with pytest.raises(RuntimeError), Scope() as scope:
        mem = scope.add(DeviceMemory(mine, 64))
        scope.add(DataBuffer.over(mem))
        scope.add(TensorDesc(mine, DT.FLOAT, SHAPE))
        assert mine.ledger.snapshot() == {"DeviceMemory": 1, "DataBuffer": 1, "TensorDesc": 1}
        raise RuntimeError("boom")
    assert mine.ledger.snapshot() == {}
    assert mine.live_objects() == live_before


def test_the_ledger_counts_per_class_and_uncounts_an_object_released_by_its_owner(mine):
    with Scope() as scope:
        descs = [scope.add(TensorDesc(mine, DT.INT32, (4,))) for _ in range(3)]
        scope.add(OpAttr(mine))
        before = mine.ledger.snapshot()
        assert before == {"TensorDesc": 3, "OpAttr": 1}
        descs[0].close()
        after = mine.ledger.snapshot()
        assert after == {"TensorDesc": 2, "OpAttr": 1}
        assert grown(after, before) == {"TensorDesc": 1} and grown(before, after) == {}
        raw_ptr = descs[1].ptr
        descs[1].ptr = None                           # the runtime released it with its owner
        mine.raw.aclDestroyTensorDesc(raw_ptr)        # (here: the test does)
        assert mine.ledger.snapshot() == {"TensorDesc": 1, "OpAttr": 1}
    assert mine.ledger.snapshot() == {}


def test_the_ledger_is_exact_under_threads(mine):
    def churn():
        for _ in range(300):
            mine.ledger.count("Stream", 1)
            mine.ledger.count("Stream", -1)

    threads = [threading.Thread(target=churn) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert mine.ledger.snapshot() == {}


def test_acl_error_carries_code_name_call_and_the_runtimes_message(mine):
    with pytest.raises(AclError) as info:
        mine.call("aclrtSetDevice", -1)
    err = info.value
    assert err.code == ERR.ACL_ERROR_RT_INVALID_DEVICEID
    assert err.name == error_name(err.code) == ERR.ACL_ERROR_RT_INVALID_DEVICEID.name
    assert err.call == "aclrtSetDevice(-1)"
    assert err.recent_message and "deviceId" in err.recent_message
    text = str(err)
    for part in (err.call, str(err.code), err.name, err.recent_message.strip()):
        assert part in text, f"{part!r} not in {text!r}"
    assert mine.recent_error_message() == "", "the message is read once, by the error"


def test_a_failed_resource_creation_raises_and_counts_nothing(mine):
    with pytest.raises(AclError) as info:
        DeviceMemory(mine, 0)
    assert info.value.code == ERR.ACL_ERROR_INVALID_PARAM
    assert info.value.call.startswith("aclrtMalloc(") and "size" in info.value.recent_message
    assert mine.ledger.snapshot() == {}


def test_a_failed_launch_names_the_op_the_counts_and_the_stream(mine, add_model):
    with Scope() as scope:
        handle = scope.add(_handle(mine))
        mem = scope.add(DeviceMemory(mine, 4 * 6))
        buf = scope.add(DataBuffer.over(mem))
        with pytest.raises(AclError) as info:
            handle.launch([buf], [buf], None)              # Add takes two inputs
        err = info.value
        assert err.code == handle.launch_code([buf], [buf], None) != ERR.ACL_SUCCESS
        mine.recent_error_message()
        assert err.call == "aclopExecWithHandle(Add, 1 inputs, 1 outputs, stream=NULL)"
        assert err.name == error_name(err.code) and err.recent_message
