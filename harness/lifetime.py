"""Ownership of the typed objects: the ledger of live objects, the Resource base and Scope.

Every resource class owns exactly one ACL object, releases it in ``close()`` (idempotent) and is a
context manager. ``Scope`` collects resources and closes them in reverse order, so a test that
fails half-way still releases everything it created.
"""
from __future__ import annotations

import threading
from collections import Counter

from .errors import AclError


class Ledger:
    """The typed objects created through this binding and not yet released, per class.

    The leak check of any runtime: it needs nothing from the library. Objects a test creates
    through the raw layer are not in it (device memory among them shows in aclrtGetMemInfo).
    """

    def __init__(self):
        self._live: Counter[str] = Counter()
        self._lock = threading.Lock()     # worker threads create and release streams too

    def count(self, kind: str, delta: int) -> None:
        with self._lock:
            self._live[kind] += delta

    def snapshot(self) -> dict[str, int]:
        with self._lock:
            return {k: v for k, v in self._live.items() if v}


def grown(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """Kinds whose live count is higher after than before, with the difference."""
    return {k: after[k] - before.get(k, 0) for k in sorted(after) if after[k] > before.get(k, 0)}


class Resource:
    """Base of every owned ACL object: ``ptr`` is the raw handle value (int or None).

    Setting ``ptr`` to a value counts the object in its Acl's ledger, setting it back to None
    (``close()``, or a test saying the runtime released it with its owner) uncounts it.
    """

    _ptr: int | None = None

    @property
    def ptr(self) -> int | None:
        return self._ptr

    @ptr.setter
    def ptr(self, value: int | None) -> None:
        was, self._ptr = self._ptr, value
        if (was is None) != (value is None):
            ledger = getattr(getattr(self, "acl", None), "ledger", None)
            if ledger is not None:
                ledger.count(type(self).__name__, 1 if was is None else -1)

    def close(self) -> None:
        if self.ptr is not None:
            ptr, self.ptr = self.ptr, None
            self._release(ptr)

    def _release(self, ptr: int) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        return self.ptr is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Scope:
    """Closes every resource added to it, newest first, even when a test fails half-way."""

    def __init__(self):
        self._items: list[Resource] = []

    def add(self, resource):
        self._items.append(resource)
        return resource

    def close(self) -> None:
        errors = []
        while self._items:
            try:
                self._items.pop().close()
            except AclError as exc:       # keep releasing; report the first failure
                errors.append(exc)
        if errors:
            raise errors[0]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
