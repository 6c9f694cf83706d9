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
