"""Typed layer over the raw binding: the runtime, resources with deterministic release, and
AclError on failure.

Every resource class owns exactly one ACL object, releases it in ``close()`` (idempotent) and is a
context manager. ``Scope`` collects resources and closes them in reverse order, so a test that
fails half-way still releases everything it created. Use the raw layer (``acl.raw``) whenever a
test must pass a wrong argument on purpose.
"""
from __future__ import annotations

import ctypes
import enum
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import dtypes
from .abi import DT, ERR, FMT, MallocPolicy, MemcpyKind, PackageName
from .errors import AclError
from .loader import LoadedLibraries
from .raw import RawAcl, pointer_array


def _cstr(value: str | bytes | None) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    return value.encode()


class MemAttr(enum.IntEnum):
    """aclrtMemAttr, the two plain kinds (acl_rt.h, hicann/runtime include/external/acl)."""
    DDR = 0
    HBM = 1


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


class Acl:
    """One loaded ACL library (simulator or CANN) with typed helpers. One per process."""

    def __init__(self, libs: LoadedLibraries):
        self.libs = libs
        self.raw = RawAcl(libs)
        self.initialised = False
        self.ledger = Ledger()

    # ---- errors -------------------------------------------------------------------------
    def recent_error_message(self) -> str:
        """aclGetRecentErrMsg(): the calling thread's latest message (read-once), or ''."""
        msg = self.raw.aclGetRecentErrMsg()
        return msg.decode(errors="replace") if msg else ""

    def check(self, code: int, call: str) -> None:
        if code != ERR.ACL_SUCCESS:
            raise AclError(code, call, self.recent_error_message())

    def call(self, name: str, *args: Any) -> None:
        """Call ``name`` and raise AclError on a non-zero result."""
        code = getattr(self.raw, name)(*args)
        if code != ERR.ACL_SUCCESS:
            shown = ", ".join(_show(a) for a in args)
            raise AclError(code, f"{name}({shown})", self.recent_error_message())

    # ---- process-level ----------------------------------------------------------------
    def init(self, config_path: str | None = None) -> None:
        self.call("aclInit", _cstr(config_path))
        self.initialised = True

    def finalize(self) -> None:
        if self.initialised:
            self.initialised = False
            self.call("aclFinalize")

    def soc_name(self) -> str | None:
        name = self.raw.aclrtGetSocName()
        return name.decode() if name else None

    def device_count(self) -> int:
        count = ctypes.c_uint32()
        self.call("aclrtGetDeviceCount", ctypes.byref(count))
        return count.value

    def acl_version(self) -> str | None:
        """ACL API version from aclrtGetVersion (deprecated on RT 2026, still exported)."""
        if not self.raw.has("aclrtGetVersion"):
            return None
        parts = [ctypes.c_int32() for _ in range(3)]
        if self.raw.aclrtGetVersion(*(ctypes.byref(p) for p in parts)) != 0:
            self.recent_error_message()
            return None
        return ".".join(str(p.value) for p in parts)

    def runtime_version(self) -> str | None:
        """CANN runtime package version (aclsysGetVersionStr, CANN 8.x+), else None."""
        if not self.raw.has("aclsysGetVersionStr"):
            return None
        buf = ctypes.create_string_buffer(128)
        if self.raw.aclsysGetVersionStr(b"runtime", buf) != 0:
            self.recent_error_message()
            return None
        return buf.value.decode(errors="replace")

    # ---- device memory -------------------------------------------------------------------
    @property
    def has_mem_info(self) -> bool:
        return self.raw.has("aclrtGetMemInfo")

    def mem_info(self, attr: int = MemAttr.HBM) -> tuple[int, int] | None:
        """(free, total) bytes of the current device's memory (aclrtGetMemInfo; HBM falls back to
        DDR where there is none), or None when the library lacks it or the call fails."""
        if not self.has_mem_info:
            return None
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        if self.raw.aclrtGetMemInfo(int(attr), ctypes.byref(free), ctypes.byref(total)) != 0:
            self.recent_error_message()
            return None
        return free.value, total.value

    # ---- simulator capabilities (validation layer, leak counters) -----------------------
    @property
    def has_validation_layer(self) -> bool:
        return self.raw.has("aclsimValidationLogCount")

    @property
    def has_live_counts(self) -> bool:
        return self.raw.has("aclsimLiveObjectCount")

    @property
    def is_simulator(self) -> bool:
        return self.raw.has("aclsimVersion")

    def simulator_version(self) -> str | None:
        return self.raw.aclsimVersion().decode() if self.is_simulator else None

    LIVE_KINDS = ("device_mem", "host_mem", "data_buffer", "tensor_desc", "op_attr", "op_handle",
                  "stream", "context", "event", "model")

    def live_objects(self) -> dict[str, int]:
        return {k: int(self.raw.aclsimLiveObjectCount(k.encode())) for k in self.LIVE_KINDS}

    def validation_log(self) -> list[dict[str, str]]:
        records = []
        buf = ctypes.create_string_buffer(1024)
        for i in range(self.raw.aclsimValidationLogCount()):
            self.call("aclsimValidationLogGet", i, buf, len(buf))
            records.append(dict(kv.split("=", 1) for kv in buf.value.decode().split() if "=" in kv))
        return records

    def clear_validation_log(self) -> None:
        self.raw.aclsimValidationLogClear()


def _show(arg: Any) -> str:
    if arg is None:
        return "NULL"
    if isinstance(arg, int):
        return hex(arg) if arg > 0xFFFF else str(arg)
    if isinstance(arg, bytes):
        return repr(arg.decode(errors="replace"))
    return type(arg).__name__


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


class Device(Resource):
    def __init__(self, acl: Acl, device_id: int = 0):
        self.acl, self.device_id = acl, device_id
        acl.call("aclrtSetDevice", device_id)
        self.ptr = device_id

    def _release(self, ptr):
        self.acl.call("aclrtResetDevice", ptr)


class Context(Resource):
    def __init__(self, acl: Acl, device_id: int = 0):
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateContext", ctypes.byref(out), device_id)
        self.ptr = out.value

    def make_current(self) -> None:
        self.acl.call("aclrtSetCurrentContext", self.ptr)

    def _release(self, ptr):
        self.acl.call("aclrtDestroyContext", ptr)


def current_context(acl: Acl) -> int | None:
    out = ctypes.c_void_p()
    acl.call("aclrtGetCurrentContext", ctypes.byref(out))
    return out.value


class Stream(Resource):
    """An explicit stream. ``Stream.DEFAULT`` (None) names the current context's default stream."""

    DEFAULT = None

    def __init__(self, acl: Acl):
        self.acl = acl
        out = ctypes.c_void_p()
        acl.call("aclrtCreateStream", ctypes.byref(out))
        self.ptr = out.value

    def synchronize(self) -> None:
        self.acl.call("aclrtSynchronizeStream", self.ptr)

    def _release(self, ptr):
        self.acl.call("aclrtDestroyStream", ptr)


def synchronize(acl: Acl, stream: int | None) -> None:
    """aclrtSynchronizeStream on a raw stream value (None = default stream)."""
    acl.call("aclrtSynchronizeStream", stream)


class DeviceMemory(Resource):
    """aclrtMalloc'd memory. Only the runtime may touch it: use write()/read() (aclrtMemcpy)."""

    def __init__(self, acl: Acl, nbytes: int, policy: int = MallocPolicy.HUGE_FIRST):
        self.acl, self.nbytes = acl, int(nbytes)
        out = ctypes.c_void_p()
        acl.call("aclrtMalloc", ctypes.byref(out), self.nbytes, int(policy))
        self.ptr = out.value

    def write(self, data: bytes | np.ndarray, offset: int = 0) -> None:
        raw = data.tobytes() if isinstance(data, np.ndarray) else bytes(data)
        if not raw:
            return
        src = ctypes.create_string_buffer(raw, len(raw))
        self.acl.call("aclrtMemcpy", self.ptr + offset, self.nbytes - offset, src, len(raw),
                      int(MemcpyKind.HOST_TO_DEVICE))

    def read(self, nbytes: int | None = None, offset: int = 0) -> bytes:
        n = self.nbytes - offset if nbytes is None else int(nbytes)
        if n == 0:
            return b""
        dst = ctypes.create_string_buffer(n)
        self.acl.call("aclrtMemcpy", dst, n, self.ptr + offset, n, int(MemcpyKind.DEVICE_TO_HOST))
        return dst.raw

    def read_array(self, dtype, shape: Sequence[int], offset: int = 0) -> np.ndarray:
        dt = np.dtype(dtype)
        count = int(np.prod(shape, dtype=np.int64)) if len(shape) else 1
        return np.frombuffer(self.read(count * dt.itemsize, offset), dtype=dt).reshape(shape).copy()

    def fill(self, pattern: bytes) -> None:
        reps = -(-self.nbytes // len(pattern))
        self.write((pattern * reps)[: self.nbytes])

    def _release(self, ptr):
        self.acl.call("aclrtFree", ptr)


class HostMemory(Resource):
    def __init__(self, acl: Acl, nbytes: int):
        self.acl, self.nbytes = acl, int(nbytes)
        out = ctypes.c_void_p()
        acl.call("aclrtMallocHost", ctypes.byref(out), self.nbytes)
        self.ptr = out.value

    def _release(self, ptr):
        self.acl.call("aclrtFreeHost", ptr)


class DataBuffer(Resource):
    def __init__(self, acl: Acl, data: int | None, size: int):
        self.acl, self.size = acl, int(size)
        ptr = acl.raw.aclCreateDataBuffer(data, self.size)
        if not ptr:
            raise AclError(ERR.ACL_ERROR_BAD_ALLOC, f"aclCreateDataBuffer({_show(data)}, {size})",
                           acl.recent_error_message() or "returned NULL")
        self.ptr = ptr

    @classmethod
    def null(cls, acl: Acl) -> DataBuffer:
        """aclCreateDataBuffer(NULL, 0): the buffer of an unused optional input (EWH-11)."""
        return cls(acl, None, 0)

    @classmethod
    def over(cls, mem: DeviceMemory, size: int | None = None) -> DataBuffer:
        return cls(mem.acl, mem.ptr, mem.nbytes if size is None else size)

    def _release(self, ptr):
        self.acl.call("aclDestroyDataBuffer", ptr)


class TensorDesc(Resource):
    def __init__(self, acl: Acl, dtype, shape: Sequence[int], fmt: int = FMT.ND):
        self.acl = acl
        self.dtype = DT.UNDEFINED if dtype == DT.UNDEFINED else dtypes.parse(dtype)
        self.shape, self.format = tuple(int(d) for d in shape), int(fmt)
        dims = (ctypes.c_int64 * max(len(self.shape), 1))(*self.shape)
        ptr = acl.raw.aclCreateTensorDesc(int(self.dtype), len(self.shape),
                                          dims if self.shape else None, self.format)
        if not ptr:
            raise AclError(ERR.ACL_ERROR_INVALID_PARAM,
                           f"aclCreateTensorDesc({self.dtype.name}, {list(self.shape)}, {self.format})",
                           acl.recent_error_message() or "returned NULL")
        self.ptr = ptr

    @classmethod
    def absent(cls, acl: Acl) -> TensorDesc:
        """aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, NULL, ACL_FORMAT_UNDEFINED) (EWH-11)."""
        return cls(acl, DT.UNDEFINED, (), FMT.UNDEFINED)

    def set_shape_range(self, ranges: Sequence[tuple[int, int]]) -> None:
        flat = (ctypes.c_int64 * max(2 * len(ranges), 2))(*[v for r in ranges for v in r])
        self.acl.call("aclSetTensorShapeRange", self.ptr, len(ranges), flat)

    def set_name(self, name: str) -> None:
        self.acl.raw.aclSetTensorDescName(self.ptr, name.encode())

    def set_const(self, data: bytes) -> None:
        buf = ctypes.create_string_buffer(data, len(data))
        self.acl.call("aclSetTensorConst", self.ptr, buf, len(data))

    def dims(self) -> list[int]:
        n = self.acl.raw.aclGetTensorDescNumDims(self.ptr)
        out, v = [], ctypes.c_int64()
        for i in range(n):
            self.acl.call("aclGetTensorDescDimV2", self.ptr, i, ctypes.byref(v))
            out.append(v.value)
        return out

    def _release(self, ptr):
        self.acl.raw.aclDestroyTensorDesc(ptr)


@dataclass(frozen=True)
class AttrValue:
    """An op attribute with its ATC type name (acl-abi.md section 4 attr types)."""
    type: str
    value: Any


def attr_value(value: Any) -> AttrValue:
    """Infer the ATC attr type of a plain Python value (use AttrValue to be explicit)."""
    if isinstance(value, AttrValue):
        return value
    if isinstance(value, DT):
        return AttrValue("data_type", value)
    if isinstance(value, bool):
        return AttrValue("bool", value)
    if isinstance(value, int):
        return AttrValue("int", value)
    if isinstance(value, float):
        return AttrValue("float", value)
    if isinstance(value, str):
        return AttrValue("string", value)
    if isinstance(value, (list, tuple)):
        items = list(value)
        kinds = {attr_value(v).type for v in items} if items else {"int"}
        if kinds == {"int"} or not items:
            return AttrValue("list_int", items)
        if kinds <= {"bool"}:
            return AttrValue("list_bool", items)
        if kinds <= {"int", "float"}:
            return AttrValue("list_float", [float(v) for v in items])
        if kinds == {"string"}:
            return AttrValue("list_string", items)
        if kinds == {"data_type"}:
            return AttrValue("list_data_type", items)
        if kinds <= {"list_int"}:
            return AttrValue("list_list_int", [list(v) for v in items])
    raise TypeError(f"cannot infer an ATC attr type for {value!r}")


class OpAttr(Resource):
    def __init__(self, acl: Acl, attrs: dict[str, Any] | None = None):
        self.acl = acl
        ptr = acl.raw.aclopCreateAttr()
        if not ptr:
            raise AclError(ERR.ACL_ERROR_BAD_ALLOC, "aclopCreateAttr()", "returned NULL")
        self.ptr = ptr
        for name, value in (attrs or {}).items():
            self.set(name, value)

    def set(self, name: str, value: Any) -> None:
        av, n = attr_value(value), name.encode()
        v = av.value
        if av.type == "bool":
            self.acl.call("aclopSetAttrBool", self.ptr, n, int(bool(v)))
        elif av.type == "int":
            self.acl.call("aclopSetAttrInt", self.ptr, n, int(v))
        elif av.type == "float":
            self.acl.call("aclopSetAttrFloat", self.ptr, n, float(v))
        elif av.type == "string":
            self.acl.call("aclopSetAttrString", self.ptr, n, v.encode())
        elif av.type == "data_type":
            self.acl.call("aclopSetAttrDataType", self.ptr, n, int(v))
        elif av.type == "list_bool":
            self.acl.call("aclopSetAttrListBool", self.ptr, n, len(v), (ctypes.c_uint8 * max(len(v), 1))(*[int(bool(x)) for x in v]))
        elif av.type == "list_int":
            self.acl.call("aclopSetAttrListInt", self.ptr, n, len(v), (ctypes.c_int64 * max(len(v), 1))(*v))
        elif av.type == "list_float":
            self.acl.call("aclopSetAttrListFloat", self.ptr, n, len(v), (ctypes.c_float * max(len(v), 1))(*v))
        elif av.type == "list_string":
            self.acl.call("aclopSetAttrListString", self.ptr, n, len(v), (ctypes.c_char_p * max(len(v), 1))(*[s.encode() for s in v]))
        elif av.type == "list_data_type":
            self.acl.call("aclopSetAttrListDataType", self.ptr, n, len(v), (ctypes.c_int * max(len(v), 1))(*[int(x) for x in v]))
        elif av.type == "list_list_int":
            rows = [(ctypes.c_int64 * max(len(r), 1))(*r) for r in v]
            counts = (ctypes.c_int * max(len(v), 1))(*[len(r) for r in v])
            ptrs = (ctypes.c_void_p * max(len(v), 1))(*[ctypes.addressof(r) for r in rows])
            self.acl.call("aclopSetAttrListListInt", self.ptr, n, len(v), counts, ptrs)
        else:
            raise TypeError(f"unknown attr type {av.type!r}")

    def _release(self, ptr):
        self.acl.raw.aclopDestroyAttr(ptr)


def _ptrs(items: Iterable[Resource | int | None]) -> list[int | None]:
    return [i.ptr if isinstance(i, Resource) else i for i in items]


class OpHandle(Resource):
    """aclopCreateHandle / aclopExecWithHandle / aclopDestroyHandle."""

    def __init__(self, acl: Acl, op_type: str, inputs: Sequence[TensorDesc], outputs: Sequence[TensorDesc],
                 attr: OpAttr | None = None):
        self.acl, self.op_type = acl, op_type
        self.num_inputs, self.num_outputs = len(inputs), len(outputs)
        self._arrays: dict[tuple, tuple] = {}
        out = ctypes.c_void_p()
        acl.call("aclopCreateHandle", op_type.encode(), len(inputs), pointer_array(_ptrs(inputs)),
                 len(outputs), pointer_array(_ptrs(outputs)), attr.ptr if attr else None,
                 ctypes.byref(out))
        self.ptr = out.value

    def launch_code(self, inputs: Sequence, outputs: Sequence, stream: int | None) -> int:
        """aclopExecWithHandle with the counts of the given lists; returns the raw aclError."""
        key = (tuple(_ptrs(inputs)), tuple(_ptrs(outputs)))
        arrays = self._arrays.get(key)
        if arrays is None:        # launches repeat with the same buffers: build the C arrays once
            if len(self._arrays) > 64:
                self._arrays.clear()
            arrays = self._arrays[key] = (pointer_array(key[0]), pointer_array(key[1]))
        return self.acl.raw.aclopExecWithHandle(self.ptr, len(key[0]), arrays[0], len(key[1]), arrays[1], stream)

    def launch(self, inputs: Sequence, outputs: Sequence, stream: int | None) -> None:
        code = self.launch_code(inputs, outputs, stream)
        if code:
            raise AclError(code, f"aclopExecWithHandle({self.op_type}, {len(inputs)} inputs, "
                                 f"{len(outputs)} outputs, stream={_show(stream)})",
                           self.acl.recent_error_message())

    def _release(self, ptr):
        self.acl.raw.aclopDestroyHandle(ptr)


def cann_version(acl: Acl, package: PackageName = PackageName.CANN) -> str | None:
    """aclsysGetCANNVersion (deprecated) as a fallback version source."""
    if not acl.raw.has("aclsysGetCANNVersion"):
        return None
    buf = ctypes.create_string_buffer(128 + 64 * 4 + 128)
    if acl.raw.aclsysGetCANNVersion(int(package), buf) != 0:
        acl.recent_error_message()
        return None
    return buf.raw[:128].split(b"\0", 1)[0].decode(errors="replace") or None
