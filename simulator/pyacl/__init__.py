"""pyACL, the ``acl`` module of CANN, for the simulator's CANN-shaped install: a client of the
install's C ABI (libascendcl.so) through ctypes, with pyACL's API and conventions (hicann/runtime
python/pyACL: py_init_acl.cpp, rt/, op/, util/): pointers and handles are Python ints, calls with
out-parameters return ``(value..., ret)``, ``None`` for a pointer raises TypeError, list
arguments are Python lists. Sub-modules: ``acl.rt``, ``acl.op``, ``acl.util``.
"""
from __future__ import annotations

import ctypes

from . import op, rt, util
from ._lib import CHAR_P, I32, I64, SZ, U32, P, fn, int_list, integer, out, ptr, text

__all__ = ["op", "rt", "util"]

_init = fn("aclInit", I32, CHAR_P)
_finalize = fn("aclFinalize", I32)
_get_version = fn("aclrtGetVersion", I32, ctypes.POINTER(I32), ctypes.POINTER(I32), ctypes.POINTER(I32))
_soc = fn("aclrtGetSocName", CHAR_P)
_err = fn("aclGetRecentErrMsg", CHAR_P)
_version_str = fn("aclsysGetVersionStr", I32, CHAR_P, CHAR_P)


def init(*config_path) -> int:
    """acl.init([config_path]): "|s" (omitted -> NULL)."""
    if len(config_path) > 1:
        raise TypeError("acl.init args parse failed")
    return _init(text(config_path[0], "acl.init") if config_path else None)


def finalize() -> int:
    return _finalize()


def get_version():
    v = [I32() for _ in range(3)]
    ret = _get_version(*[ctypes.byref(x) for x in v])
    return v[0].value, v[1].value, v[2].value, ret


def get_soc_name():
    name = _soc()
    return None if name is None else name.decode()


def get_recent_err_msg():
    msg = _err()
    return None if msg is None else msg.decode()


def get_version_str(pkg_name):
    buf = ctypes.create_string_buffer(128)
    ret = _version_str(text(pkg_name, "acl.get_version_str"), buf)
    return buf.value.decode(), ret


# ---------------------------------------------------------------- data buffers
_create_db = fn("aclCreateDataBuffer", P, P, SZ)
_destroy_db = fn("aclDestroyDataBuffer", I32, P)
_update_db = fn("aclUpdateDataBuffer", I32, P, P, SZ)
_dt_size = fn("aclDataTypeSize", SZ, I32)
_f16_to_f = fn("aclFloat16ToFloat", ctypes.c_float, ctypes.c_uint16)
_f_to_f16 = fn("aclFloatToFloat16", ctypes.c_uint16, ctypes.c_float)


def create_data_buffer(data, size) -> int:
    return _create_db(ptr(data, "acl.create_data_buffer"), ptr(size, "acl.create_data_buffer")) or 0


def destroy_data_buffer(data_buffer) -> int:
    return _destroy_db(ptr(data_buffer, "acl.destroy_data_buffer"))


def update_data_buffer(data_buffer, data, size) -> int:
    api = "acl.update_data_buffer"
    return _update_db(ptr(data_buffer, api), ptr(data, api), ptr(size, api))


def _getter(c_name: str, restype, api: str):
    """A pyACL getter of one handle argument ("k"), returning the C call's value."""
    call = fn(c_name, restype, P)

    def get(handle):
        return call(ptr(handle, api)) or 0
    get.__name__ = api.rsplit(".", 1)[1]
    return get


get_data_buffer_addr = _getter("aclGetDataBufferAddr", P, "acl.get_data_buffer_addr")
get_data_buffer_size = _getter("aclGetDataBufferSize", U32, "acl.get_data_buffer_size")
get_data_buffer_size_v2 = _getter("aclGetDataBufferSizeV2", SZ, "acl.get_data_buffer_size_v2")


def data_type_size(data_type) -> int:
    return _dt_size(integer(data_type, "acl.data_type_size"))


def float16_to_float(value) -> float:
    return _f16_to_f(integer(value, "acl.float16_to_float"))


def float_to_float16(value) -> int:
    return _f_to_f16(float(value))


# ---------------------------------------------------------------- tensor descs
_create_td = fn("aclCreateTensorDesc", P, I32, I32, ctypes.POINTER(I64), I32)
_destroy_td = fn("aclDestroyTensorDesc", None, P)
_td_dim_v2 = fn("aclGetTensorDescDimV2", I32, P, SZ, ctypes.POINTER(I64))


def create_tensor_desc(data_type, dims, format) -> int:
    """acl.create_tensor_desc(dtype, dims, format): dims must be a list of Python ints ([] = scalar)."""
    api = "acl.create_tensor_desc"
    dims = int_list(dims, api, "argument 2 is not list")
    arr = (I64 * max(1, len(dims)))(*dims)
    return _create_td(integer(data_type, api), len(dims), arr, integer(format, api)) or 0


def destroy_tensor_desc(desc) -> None:
    _destroy_td(ptr(desc, "acl.destroy_tensor_desc"))


get_tensor_desc_type = _getter("aclGetTensorDescType", I32, "acl.get_tensor_desc_type")
get_tensor_desc_format = _getter("aclGetTensorDescFormat", I32, "acl.get_tensor_desc_format")
get_tensor_desc_size = _getter("aclGetTensorDescSize", SZ, "acl.get_tensor_desc_size")
get_tensor_desc_element_count = _getter("aclGetTensorDescElementCount", SZ, "acl.get_tensor_desc_element_count")
get_tensor_desc_num_dims = _getter("aclGetTensorDescNumDims", SZ, "acl.get_tensor_desc_num_dims")


def get_tensor_desc_dim_v2(desc, index):
    api = "acl.get_tensor_desc_dim_v2"
    dim = out(I64)
    ret = _td_dim_v2(ptr(desc, api), ptr(index, api), ctypes.byref(dim))
    return dim.value, ret
