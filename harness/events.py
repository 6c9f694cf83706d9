"""Typed events (aclrtCreateEvent / aclrtRecordEvent / aclrtStreamWaitEvent /
aclrtSynchronizeEvent / aclrtDestroyEvent): ordering work across streams.

Kept apart from the typed layer's core (``runtime``, ``resources``, ``op``); it follows the same
rules: one ACL object per instance, ``close()`` idempotent, context manager, ``AclError`` on
failure. Stream arguments are raw values (an int, ``None`` for the default stream) or a
``Stream``.
"""
from __future__ import annotations

import ctypes
from typing import Any

from .lifetime import Resource
from .runtime import Acl


def _stream_ptr(stream: Any) -> int | None:
    return stream.ptr if isinstance(stream, Resource) else stream


class Event(Resource):
    """An event of the current context: record it on one stream, make another stream wait."""

    def __init__(self, acl: Acl):
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateEvent", ctypes.byref(out))
        self.ptr = out.value

    def record(self, stream) -> None:
        """aclrtRecordEvent: the event completes when the stream's work queued so far is done."""
        self.acl.call("aclrtRecordEvent", self.ptr, _stream_ptr(stream))

    def record_code(self, stream) -> int:
        return self.acl.raw.aclrtRecordEvent(self.ptr, _stream_ptr(stream))

    def wait_on(self, stream) -> None:
        """aclrtStreamWaitEvent: work queued on ``stream`` after this waits for the record."""
        self.acl.call("aclrtStreamWaitEvent", _stream_ptr(stream), self.ptr)

    def wait_on_code(self, stream) -> int:
        return self.acl.raw.aclrtStreamWaitEvent(_stream_ptr(stream), self.ptr)

    def synchronize(self) -> None:
        """aclrtSynchronizeEvent: the host blocks until the latest record has completed."""
        self.acl.call("aclrtSynchronizeEvent", self.ptr)

    def _release(self, ptr):
        self.acl.call("aclrtDestroyEvent", ptr)
