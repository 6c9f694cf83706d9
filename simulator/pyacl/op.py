"""acl.op: single-op attrs, models, handles and execution (hicann/runtime python/pyACL
op/pyop_methods.cpp, op/op.cpp). Input and output lists are Python lists; their lengths are the
counts passed to C, so a mismatched count cannot be given (op.cpp takes PyList_Size)."""
from __future__ import annotations

import ctypes

from ._lib import CHAR_P, I32, I64, SZ, P, fail, fn, integer, out, ptr, ptr_list, text

_create_attr = fn("aclopCreateAttr", P)
_destroy_attr = fn("aclopDestroyAttr", None, P)
_set_bool = fn("aclopSetAttrBool", I32, P, CHAR_P, ctypes.c_uint8)
_set_int = fn("aclopSetAttrInt", I32, P, CHAR_P, I64)
_set_float = fn("aclopSetAttrFloat", I32, P, CHAR_P, ctypes.c_float)
_set_string = fn("aclopSetAttrString", I32, P, CHAR_P, CHAR_P)
_set_list_bool = fn("aclopSetAttrListBool", I32, P, CHAR_P, I32, ctypes.POINTER(ctypes.c_uint8))
_set_list_int = fn("aclopSetAttrListInt", I32, P, CHAR_P, I32, ctypes.POINTER(I64))
_set_list_float = fn("aclopSetAttrListFloat", I32, P, CHAR_P, I32, ctypes.POINTER(ctypes.c_float))
_set_list_string = fn("aclopSetAttrListString", I32, P, CHAR_P, I32, ctypes.POINTER(CHAR_P))
_set_model_dir = fn("aclopSetModelDir", I32, CHAR_P)
_load = fn("aclopLoad", I32, P, SZ)
_create_handle = fn("aclopCreateHandle", I32, CHAR_P, I32, P, I32, P, P, ctypes.POINTER(P))
_destroy_handle = fn("aclopDestroyHandle", None, P)
_exec_handle = fn("aclopExecWithHandle", I32, P, I32, P, I32, P, P)
_execute_v2 = fn("aclopExecuteV2", I32, CHAR_P, I32, P, P, I32, P, P, P, P)
_cast = fn("aclopCast", I32, P, P, P, P, ctypes.c_uint8, P)
_handle_for_cast = fn("aclopCreateHandleForCast", I32, P, P, ctypes.c_uint8, ctypes.POINTER(P))
_infer_shape = fn("aclopInferShape", I32, CHAR_P, I32, P, P, I32, P, P)


def create_attr() -> int:
    return _create_attr() or 0


def destroy_attr(attr) -> None:
    _destroy_attr(ptr(attr, "acl.op.destroy_attr"))


def set_attr_bool(attr, attr_name, attr_value) -> int:
    api = "acl.op.set_attr_bool"
    return _set_bool(ptr(attr, api), text(attr_name, api), integer(attr_value, api) & 0xFF)


def set_attr_int(attr, attr_name, attr_value) -> int:
    api = "acl.op.set_attr_int"
    return _set_int(ptr(attr, api), text(attr_name, api), integer(attr_value, api))


def set_attr_float(attr, attr_name, attr_value) -> int:
    api = "acl.op.set_attr_float"
    if not isinstance(attr_value, (int, float)):
        raise fail(api)
    return _set_float(ptr(attr, api), text(attr_name, api), float(attr_value))


def set_attr_string(attr, attr_name, attr_value) -> int:
    api = "acl.op.set_attr_string"
    return _set_string(ptr(attr, api), text(attr_name, api), text(attr_value, api))


def _values(values, api: str) -> list:
    if hasattr(values, "tolist"):   # pyACL still takes a numpy array here (deprecated)
        values = values.tolist()
    if not isinstance(values, list):
        raise fail(api, "argument is not list")
    return values


def set_attr_list_bool(attr, attr_name, values) -> int:
    api = "acl.op.set_attr_list_bool"
    v = [int(bool(x)) for x in _values(values, api)]
    return _set_list_bool(ptr(attr, api), text(attr_name, api), len(v), (ctypes.c_uint8 * max(1, len(v)))(*v))


def set_attr_list_int(attr, attr_name, values) -> int:
    api = "acl.op.set_attr_list_int"
    v = [integer(x, api) for x in _values(values, api)]
    return _set_list_int(ptr(attr, api), text(attr_name, api), len(v), (I64 * max(1, len(v)))(*v))


def set_attr_list_float(attr, attr_name, values) -> int:
    api = "acl.op.set_attr_list_float"
    v = [float(x) for x in _values(values, api)]
    return _set_list_float(ptr(attr, api), text(attr_name, api), len(v), (ctypes.c_float * max(1, len(v)))(*v))


def set_attr_list_string(attr, attr_name, values) -> int:
    api = "acl.op.set_attr_list_string"
    v = [text(x, api) for x in _values(values, api)]
    return _set_list_string(ptr(attr, api), text(attr_name, api), len(v), (CHAR_P * max(1, len(v)))(*v))


def set_model_dir(model_dir) -> int:
    return _set_model_dir(text(model_dir, "acl.op.set_model_dir"))


def load(model, model_size) -> int:
    """acl.op.load(ptr, size): "kk" (the model's host address, e.g. acl.util.bytes_to_ptr(data))."""
    return _load(ptr(model, "acl.op.load"), ptr(model_size, "acl.op.load"))


def create_handle(op_type, input_desc, output_desc, op_attr):
    """"sOOk" -> (handle, ret)."""
    api = "acl.op.create_handle"
    op = text(op_type, api)
    n_in, ins = ptr_list(input_desc, api)
    n_out, outs = ptr_list(output_desc, api)
    handle = out(P)
    ret = _create_handle(op, n_in, ins, n_out, outs, ptr(op_attr, api), ctypes.byref(handle))
    return handle.value or 0, ret


def destroy_handle(handle) -> None:
    _destroy_handle(ptr(handle, "acl.op.destroy_handle"))


def execute_with_handle(handle, inputs, outputs, stream) -> int:
    """"kOOk" -> ret."""
    api = "acl.op.execute_with_handle"
    h = ptr(handle, api)
    n_in, ins = ptr_list(inputs, api)
    n_out, outs = ptr_list(outputs, api)
    return _exec_handle(h, n_in, ins, n_out, outs, ptr(stream, api))


def execute_v2(op_type, input_desc, inputs, output_desc, outputs, attr, stream) -> int:
    """"sOOOOkk" -> ret."""
    api = "acl.op.execute_v2"
    op = text(op_type, api)
    n_in, in_desc = ptr_list(input_desc, api)
    _, in_bufs = ptr_list(inputs, api)
    n_out, out_desc = ptr_list(output_desc, api)
    _, out_bufs = ptr_list(outputs, api)
    return _execute_v2(op, n_in, in_desc, in_bufs, n_out, out_desc, out_bufs, ptr(attr, api), ptr(stream, api))


def cast(src_desc, src_buffer, dst_desc, dst_buffer, truncate, stream) -> int:
    api = "acl.op.cast"
    return _cast(ptr(src_desc, api), ptr(src_buffer, api), ptr(dst_desc, api), ptr(dst_buffer, api),
                 integer(truncate, api) & 0xFF, ptr(stream, api))


def create_handle_for_cast(src_desc, dst_desc, truncate):
    api = "acl.op.create_handle_for_cast"
    handle = out(P)
    ret = _handle_for_cast(ptr(src_desc, api), ptr(dst_desc, api), integer(truncate, api) & 0xFF,
                           ctypes.byref(handle))
    return handle.value or 0, ret


def infer_shape(op_type, input_desc, inputs, num_outputs, output_desc, attr) -> int:
    """"sOOiOk" -> ret."""
    api = "acl.op.infer_shape"
    op = text(op_type, api)
    n_in, in_desc = ptr_list(input_desc, api)
    _, in_bufs = ptr_list(inputs, api)
    _, out_desc = ptr_list(output_desc, api)
    return _infer_shape(op, n_in, in_desc, in_bufs, integer(num_outputs, api), out_desc, ptr(attr, api))
