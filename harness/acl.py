"""Typed layer over the raw binding: the runtime, resources with deterministic release, and
AclError on failure.

This module is the typed layer's public face; the code lives in one module per job:

- ``harness.runtime``: ``Acl`` (one loaded library: errors, versions, memory info, the
  simulator's capabilities), ``Device``, ``Context``, ``Stream``, ``current_context``,
  ``synchronize``, ``cann_version``;
- ``harness.resources``: ``DeviceMemory``, ``HostMemory``, ``DataBuffer``, ``TensorDesc``,
  ``OpAttr`` and the attr types (``AttrValue``, ``attr_value``);
- ``harness.op``: ``OpHandle``, create, launch and destroy;
- ``harness.lifetime``: the ``Resource`` base, ``Scope`` and the ``Ledger`` of live objects.

Every resource class owns exactly one ACL object, releases it in ``close()`` (idempotent) and is a
context manager. ``Scope`` collects resources and closes them in reverse order, so a test that
fails half-way still releases everything it created. Use the raw layer (``acl.raw``) whenever a
test must pass a wrong argument on purpose.
"""
from __future__ import annotations

from .errors import AclError
from .lifetime import Ledger, Resource, Scope, grown
from .op import OpHandle, _ptrs
from .resources import AttrValue, DataBuffer, DeviceMemory, HostMemory, OpAttr, TensorDesc, attr_value
from .runtime import Acl, Context, Device, MemAttr, Stream, cann_version, current_context, synchronize

__all__ = [
    "Acl", "AclError", "AttrValue", "Context", "DataBuffer", "Device", "DeviceMemory", "HostMemory",
    "Ledger", "MemAttr", "OpAttr", "OpHandle", "Resource", "Scope", "Stream", "TensorDesc",
    "attr_value", "cann_version", "current_context", "grown", "synchronize", "_ptrs",
]
