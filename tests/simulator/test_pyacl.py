"""The install's pyACL (pyACL/python/site-packages/acl) and its conventions, from hicann/runtime
python/pyACL (py_init_acl.cpp, rt/*.cpp, op/op.cpp, util/*.cpp) and shared/reference/acl-abi.md
section 5: handles are Python ints, out-parameters come back as (value..., ret), None for a
pointer raises TypeError, dims are a list of Python ints. Each case runs `python3 -S` after
`source set_env.sh`, so only the install's PYTHONPATH is seen."""
from __future__ import annotations

import os

import pytest

from harness.abi import ERR
from tests.install_support import LAYOUTS, build, run_json_script, shared_base

PRELUDE = "import json, sys, acl\nout = {}\n"


@pytest.fixture(scope="module", params=LAYOUTS)
def install(request, tmp_path_factory):
    return build(shared_base(tmp_path_factory), request.param)


def run(install: dict, body: str, tmp_path) -> dict:
    return run_json_script(install, PRELUDE + body + "\nprint(json.dumps(out))\n", tmp_path)


def raises(call: str) -> str:
    return (f"try:\n    {call}\n    r = None\nexcept Exception as e:\n    r = type(e).__name__\n")


def test_acl_comes_from_the_install_alone(install, tmp_path):
    out = run(install, "out['file'] = acl.__file__\n"
                       "out['mods'] = sorted(m for m in sys.modules if m.split('.')[0] in ('harness', 'simulator'))\n",
              tmp_path)
    assert out["file"] == os.path.join(install["home"], "pyACL", "python", "site-packages", "acl", "__init__.py")
    assert out["mods"] == []


def test_out_parameters_come_back_as_tuples_with_ret_last(install, tmp_path):
    out = run(install, """
out['init'] = acl.init()
out['set'] = acl.rt.set_device(0)
out['count'] = acl.rt.get_device_count()
out['device'] = acl.rt.get_device()
ctx, ret = acl.rt.create_context(0); out['ctx'] = [isinstance(ctx, int) and ctx != 0, ret]
stream, ret = acl.rt.create_stream(); out['stream'] = [isinstance(stream, int) and stream != 0, ret]
dev, ret = acl.rt.malloc(64, 0); out['malloc'] = [isinstance(dev, int) and dev != 0, ret]
out['free'] = acl.rt.free(dev)
out['version'] = acl.get_version()
out['soc'] = acl.get_soc_name()
out['destroy'] = [acl.rt.destroy_stream(stream), acl.rt.destroy_context(ctx), acl.rt.reset_device(0)]
out['fin'] = acl.finalize()
""", tmp_path)
    assert out["init"] == 0 and out["set"] == 0 and out["fin"] == 0
    assert out["count"][1] == 0 and out["count"][0] >= 1
    assert out["device"] == [0, 0]
    assert out["ctx"] == [True, 0] and out["stream"] == [True, 0] and out["malloc"] == [True, 0]
    assert out["free"] == 0 and out["destroy"] == [0, 0, 0]
    assert len(out["version"]) == 4 and out["version"][3] == 0
    assert isinstance(out["soc"], str) and out["soc"].startswith("Ascend")


def test_none_for_a_pointer_raises_type_error(install, tmp_path):
    body = ""
    calls = {"free": "acl.rt.free(None)", "buffer": "acl.create_data_buffer(None, 0)",
             "stream": "acl.rt.synchronize_stream(None)", "init": "acl.init(None)",
             "exec": "acl.op.execute_with_handle(None, [], [], 0)",
             "list_item": "acl.op.execute_v2('Add', [None], [0], [0], [0], 0, 0)"}
    for key, call in calls.items():
        body += raises(call) + f"out[{key!r}] = r\n"
    assert run(install, body, tmp_path) == {key: "TypeError" for key in calls}


def test_tensor_desc_dims_must_be_a_list_of_ints(install, tmp_path):
    body = (raises("acl.create_tensor_desc(0, (2, 3), 2)") + "out['tuple'] = r\n"
            + raises("acl.create_tensor_desc(0, [2, 3.0], 2)") + "out['float'] = r\n"
            + "d = acl.create_tensor_desc(1, [2, 3], 2)\n"
            "out['desc'] = [acl.get_tensor_desc_type(d), acl.get_tensor_desc_format(d), "
            "acl.get_tensor_desc_num_dims(d), acl.get_tensor_desc_size(d), acl.get_tensor_desc_element_count(d), "
            "list(acl.get_tensor_desc_dim_v2(d, 1))]\n"
            "acl.destroy_tensor_desc(d)\n"
            "s = acl.create_tensor_desc(0, [], 2)\nout['scalar'] = [acl.get_tensor_desc_num_dims(s), "
            "acl.get_tensor_desc_element_count(s)]\n")
    out = run(install, body, tmp_path)
    assert out["tuple"] == "TypeError" and out["float"] == "TypeError"
    assert out["desc"] == [1, 2, 2, 12, 6, [3, 0]]
    assert out["scalar"] == [0, 1]


def test_data_buffer_and_util_round_trip(install, tmp_path):
    out = run(install, """
data = bytes(range(16))
p = acl.util.bytes_to_ptr(data)
out['copy'] = list(acl.util.ptr_to_bytes(p, 16))
b = acl.create_data_buffer(p, 16)
out['buf'] = [acl.get_data_buffer_addr(b) == p, acl.get_data_buffer_size_v2(b), acl.destroy_data_buffer(b)]
try:
    acl.util.bytes_to_ptr('text')
    out['str'] = None
except ValueError:
    out['str'] = 'ValueError'
out['fp16'] = [acl.float_to_float16(1.5), acl.float16_to_float(0x3C00), acl.data_type_size(1)]
""", tmp_path)
    assert out["copy"] == list(range(16))
    assert out["buf"] == [True, 16, 0]
    assert out["str"] == "ValueError"
    assert out["fp16"] == [0x3E00, 1.0, 2]   # IEEE half: 1.5 = 0x3E00, 0x3C00 = 1.0


def test_op_calls_without_a_model_give_canns_code(install, tmp_path):
    out = run(install, """
acl.init(); acl.rt.set_device(0)
d = acl.create_tensor_desc(0, [4], 2)
attr = acl.op.create_attr()
out['attr'] = [acl.op.set_attr_bool(attr, 'b', True), acl.op.set_attr_int(attr, 'i', 3),
               acl.op.set_attr_float(attr, 'f', 0.5), acl.op.set_attr_string(attr, 's', 'x'),
               acl.op.set_attr_list_int(attr, 'li', [1, 2]), acl.op.set_attr_list_float(attr, 'lf', [1.0]),
               acl.op.set_attr_list_bool(attr, 'lb', [True]), acl.op.set_attr_list_string(attr, 'ls', ['a'])]
handle, ret = acl.op.create_handle('NoSuchOpAnywhere', [d], [d], attr)
out['handle'] = [handle, ret]
acl.op.destroy_attr(attr)
acl.rt.reset_device(0); acl.finalize()
""", tmp_path)
    assert out["attr"] == [0] * 8
    assert out["handle"] == [0, int(ERR.ACL_ERROR_OP_NOT_FOUND)]


def test_numpy_helpers_view_and_warn(install, tmp_path):
    """acl.util.numpy_to_ptr / ptr_to_numpy (deprecated, with pyACL's warnings): ptr_to_numpy views
    the memory (no copy). Runs with site-packages, where numpy is."""
    out = run_json_script(install, PRELUDE + """
import warnings
import numpy as np
a = np.arange(6, dtype=np.float16).reshape(2, 3)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    p = acl.util.numpy_to_ptr(a)
    v = acl.util.ptr_to_numpy(p, (3, 2), 23)
out['warned'] = [str(x.message) for x in w]
a[0, 0] = 7
out['view'] = [v.shape == (3, 2), float(v[0, 0]), v.dtype.name]
try:
    acl.util.ptr_to_numpy(p, [3, 2], 23)
    out['list_shape'] = None
except TypeError:
    out['list_shape'] = 'TypeError'
print(json.dumps(out))
""", tmp_path, site=True)
    assert out["warned"] == ["acl.util.numpy_to_ptr will be deprecated. Please use acl.util.bytes_to_ptr instead.",
                             "acl.util.ptr_to_numpy will be deprecated. Please use acl.util.ptr_to_bytes instead."]
    assert out["view"] == [True, 7.0, "float16"]
    assert out["list_shape"] == "TypeError"


def test_event_calls_of_the_new_runtime(install, tmp_path):
    """create_event_with_flag / create_event_ex_with_flag / query_event[_status] /
    synchronize_event_with_timeout / event_elapsed_time / reset_event (rt_synchronize.cpp)."""
    out = run(install, """
acl.init(); acl.rt.set_device(0)
stream, _ = acl.rt.create_stream()
start, r1 = acl.rt.create_event_with_flag(0x8)
end, r2 = acl.rt.create_event_with_flag(0x8 | 0x1)
out['created'] = [start != 0, end != 0, r1, r2]
out['flag0'] = list(acl.rt.create_event_with_flag(0))
ex, ret = acl.rt.create_event_ex_with_flag(0x1); out['ex'] = [ex != 0, ret]
out['fresh'] = list(acl.rt.query_event_status(end))
acl.rt.record_event(start, stream); acl.rt.record_event(end, stream)
out['sync'] = acl.rt.synchronize_event_with_timeout(end, 1000)
out['status'] = list(acl.rt.query_event_status(end))
out['query'] = list(acl.rt.query_event(end))
ms, ret = acl.rt.event_elapsed_time(start, end); out['elapsed'] = [isinstance(ms, float) and ms >= 0, ret]
out['reset'] = acl.rt.reset_event(end, stream)
acl.rt.synchronize_stream(stream)
out['after_reset'] = list(acl.rt.query_event_status(end))
out['destroy'] = [acl.rt.destroy_event(e) for e in (start, end, ex)]
acl.rt.destroy_stream(stream); acl.rt.reset_device(0); acl.finalize()
""", tmp_path)
    assert out["created"] == [True, True, 0, 0] and out["ex"] == [True, 0]
    assert out["flag0"] == [0, int(ERR.ACL_ERROR_RT_PARAM_INVALID)]     # flag 0 -> 107000 (EventCreate)
    assert out["fresh"] == [0, 0]                   # aclrtEventRecordedStatus NOT_READY (0) before a record
    assert out["sync"] == 0
    assert out["status"] == [1, 0]                  # COMPLETE is 1 in aclrtEventRecordedStatus
    assert out["query"] == [0, 0]                   # ... and 0 in aclrtEventStatus
    assert out["elapsed"] == [True, 0]
    assert out["reset"] == 0 and out["after_reset"] == [0, 0]
    assert out["destroy"] == [0, 0, 0]


def test_stream_device_memory_and_error_calls(install, tmp_path):
    out = run(install, """
acl.init(); acl.rt.set_device(0)
stream, ret = acl.rt.create_stream_with_config(0, 0); out['stream'] = [stream != 0, ret]
out['query'] = list(acl.rt.stream_query(stream))
sid, ret = acl.rt.stream_get_id(stream); out['id'] = [isinstance(sid, int), ret]
n, ret = acl.rt.get_stream_available_num(); out['avail'] = [n > 0, ret]
dflt, ret = acl.rt.ctx_get_current_default_stream(); out['default'] = [dflt != 0, ret]
out['range'] = list(acl.rt.device_get_stream_priority_range())
out['force'] = acl.rt.destroy_stream_force(stream)
cores, ret = acl.rt.get_device_info(0, 101); out['cores'] = [cores > 0, ret]
out['bad_device'] = list(acl.rt.get_device_info(99, 101))
out['bad_level'] = acl.rt.get_last_error(1)
out['cleared'] = acl.rt.get_last_error(0)
out['flag0'] = acl.rt.create_event_with_flag(0)[1]
out['errors'] = [acl.rt.peek_at_last_error(0), acl.rt.get_last_error(0), acl.rt.get_last_error(0)]
out['timeout'] = [acl.rt.set_op_execute_time_out(3), list(acl.rt.get_op_execute_timeout()),
                  acl.rt.set_op_execute_time_out(0)]
mems = []
for alloc in (acl.rt.malloc_cached, acl.rt.malloc_align32):
    dev, ret = alloc(64, 0)
    mems.append([dev != 0, ret, acl.rt.free(dev)])
out['mem'] = mems
acl.rt.reset_device(0); acl.finalize()
""", tmp_path)
    assert out["stream"] == [True, 0] and out["query"] == [0, 0] and out["id"] == [True, 0]
    assert out["avail"] == [True, 0] and out["default"] == [True, 0] and out["force"] == 0
    assert out["range"] == [7, 0, 0]                 # ApiImpl::DeviceGetStreamPriorityRange
    assert out["cores"] == [True, 0] and out["bad_device"] == [0, int(ERR.ACL_ERROR_RT_PARAM_INVALID)]
    assert out["bad_level"] == int(ERR.ACL_ERROR_INVALID_PARAM)
    assert out["errors"] == [int(ERR.ACL_ERROR_RT_PARAM_INVALID)] * 2 + [0]   # peek keeps, get clears
    assert out["timeout"] == [0, [3000, 0], 0]
    assert out["mem"] == [[True, 0, 0]] * 2


def test_new_calls_refuse_none_like_pyacl(install, tmp_path):
    calls = {"status": "acl.rt.query_event_status(None)", "elapsed": "acl.rt.event_elapsed_time(None, 0)",
             "flag": "acl.rt.create_event_with_flag(None)", "timeout": "acl.rt.set_op_execute_time_out(None)",
             "info": "acl.rt.get_device_info(None, 101)", "cached": "acl.rt.malloc_cached(None, 0)",
             "query": "acl.rt.stream_query(None)", "level": "acl.rt.get_last_error(None)"}
    body = "".join(raises(call) + f"out[{key!r}] = r\n" for key, call in calls.items())
    assert run(install, body, tmp_path) == {key: "TypeError" for key in calls}
