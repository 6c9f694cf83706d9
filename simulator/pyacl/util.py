"""acl.util: host pointers from bytes and numpy arrays and back (hicann/runtime python/pyACL
util/bytes_convert.cpp, util/numpy_convert.cpp). The numpy helpers warn that they are deprecated,
as pyACL's do."""
from __future__ import annotations

import ctypes
import warnings

from ._lib import fail, ptr

# NumPy C type numbers pyACL's ptr_to_numpy takes (pyACL docs, acl.util.ptr_to_numpy).
_NPY_TYPES = {0: "bool", 1: "int8", 2: "uint8", 3: "int16", 4: "uint16", 5: "int32", 6: "uint32", 7: "int64",
              8: "uint64", 9: "longlong", 10: "ulonglong", 11: "float32", 12: "float64", 23: "float16"}


def bytes_to_ptr(data) -> int:
    """The address of the bytes object's own buffer (the caller keeps it alive)."""
    if not isinstance(data, bytes):
        raise ValueError("acl.util.bytes_to_ptr needs an byte as argument")
    return ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p).value or 0


def ptr_to_bytes(address, size) -> bytes:
    return ctypes.string_at(ptr(address, "acl.util.ptr_to_bytes"), ptr(size, "acl.util.ptr_to_bytes"))


def numpy_to_ptr(array) -> int:
    import numpy
    if not isinstance(array, numpy.ndarray):
        raise ValueError("acl.util.numpy_to_ptr needs a numpy array as argument")
    warnings.warn("acl.util.numpy_to_ptr will be deprecated. Please use acl.util.bytes_to_ptr instead.",
                  stacklevel=2)
    return array.ctypes.data


def ptr_to_numpy(address, shape, npy_type):
    """An ndarray viewing the memory at address (no copy)."""
    import numpy
    api = "acl.util.ptr_to_numpy"
    if not isinstance(shape, tuple) or not all(isinstance(d, int) for d in shape):
        raise fail(api)
    if npy_type not in _NPY_TYPES:
        raise ValueError(f"{api}: unsupported numpy type {npy_type}")
    warnings.warn("acl.util.ptr_to_numpy will be deprecated. Please use acl.util.ptr_to_bytes instead.",
                  stacklevel=2)
    dtype = numpy.dtype(_NPY_TYPES[npy_type])
    count = 1
    for d in shape:
        count *= d
    buf = (ctypes.c_char * (count * dtype.itemsize)).from_address(ptr(address, api))
    return numpy.frombuffer(buf, dtype=dtype, count=count).reshape(shape)
