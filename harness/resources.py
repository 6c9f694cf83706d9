"""Memory, data buffers, tensor descriptions and op attributes through the typed layer.

Each class owns one ACL object and releases it in ``close()`` (see lifetime.Resource).
"""
from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import dtypes
from .abi import DT, ERR, FMT, MallocPolicy, MemcpyKind
from .errors import AclError, show_arg
from .lifetime import Resource
from .runtime import Acl


class DeviceMemory(Resource):
    """aclrtMalloc'd memory. Only the runtime may touch it: use write()/read() (aclrtMemcpy)."""

    def __init__(self, acl: Acl, nbytes: int, policy: int = MallocPolicy.HUGE_FIRST):
        self.acl, self.nbytes = acl, int(nbytes)
        out = ctypes.c_void_p()
        acl.call("aclrtMalloc", ctypes.byref(out), self.nbytes, int(policy))
        self.ptr = out.value

    def write(self, data: bytes | np.ndarray, offset: int = 0) -> None:
        # The runtime copies from the array's (or the bytes object's) own memory: aclrtMemcpy is
        # synchronous, so the source only has to live through the call. No host-side copy.
        if isinstance(data, np.ndarray):
            arr = np.ascontiguousarray(data)
            n, src = arr.nbytes, arr.ctypes.data
        else:
            src = bytes(data)
            n = len(src)
        if not n:
            return
        self.acl.call("aclrtMemcpy", self.ptr + offset, self.nbytes - offset, src, n,
                      int(MemcpyKind.HOST_TO_DEVICE))

    def read(self, nbytes: int | None = None, offset: int = 0) -> bytes:
        n = self.nbytes - offset if nbytes is None else int(nbytes)
        if n == 0:
            return b""
        dst = np.empty(n, dtype=np.uint8)         # not zeroed first, as a ctypes buffer is
        self.acl.call("aclrtMemcpy", dst.ctypes.data, n, self.ptr + offset, n, int(MemcpyKind.DEVICE_TO_HOST))
        return dst.tobytes()

    def read_array(self, dtype, shape: Sequence[int], offset: int = 0) -> np.ndarray:
        """A new array of ``shape`` copied from the device straight into its own memory."""
        out = np.empty(tuple(shape), dtype=np.dtype(dtype))
        if out.nbytes:
            self.acl.call("aclrtMemcpy", out.ctypes.data, out.nbytes, self.ptr + offset, out.nbytes,
                          int(MemcpyKind.DEVICE_TO_HOST))
        return out

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
            raise AclError(ERR.ACL_ERROR_BAD_ALLOC, f"aclCreateDataBuffer({show_arg(data)}, {size})",
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
