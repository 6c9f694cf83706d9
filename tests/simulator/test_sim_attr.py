"""aclopAttr objects and every attr setter of the simulator, valid and invalid (acl-abi.md 3
"Attr setters": attr NULL, attrName NULL, string value NULL, list values NULL with n > 0 -> 100000)."""
import ctypes

import pytest

from harness.abi import DT
from tests.sim_support import BOGUS_HANDLE, INVALID, OK, live


@pytest.fixture
def attr(acl):
    a = acl.raw.aclopCreateAttr()
    assert a
    yield a
    acl.raw.aclopDestroyAttr(a)


def _i64(*v):
    return (ctypes.c_int64 * max(len(v), 1))(*v)


def _valid_calls(r, a):
    """One valid call of every setter on attr a; returns {setter name: code}."""
    rows = [_i64(1, 2), _i64(), _i64(3)]
    ptrs = (ctypes.c_void_p * 3)(*[ctypes.addressof(x) for x in rows])
    return {
        "aclopSetAttrBool": r.aclopSetAttrBool(a, b"b", 1),
        "aclopSetAttrInt": r.aclopSetAttrInt(a, b"i", -(2 ** 63)),
        "aclopSetAttrFloat": r.aclopSetAttrFloat(a, b"f", 1.5),
        "aclopSetAttrString": r.aclopSetAttrString(a, b"s", b"hello"),
        "aclopSetAttrDataType": r.aclopSetAttrDataType(a, b"dt", int(DT.UNDEFINED)),
        "aclopSetAttrListDataType": r.aclopSetAttrListDataType(a, b"ldt", 2, (ctypes.c_int * 2)(0, 27)),
        "aclopSetAttrListBool": r.aclopSetAttrListBool(a, b"lb", 3, (ctypes.c_uint8 * 3)(1, 0, 2)),
        "aclopSetAttrListInt": r.aclopSetAttrListInt(a, b"li", 2, _i64(7, 8)),
        "aclopSetAttrListFloat": r.aclopSetAttrListFloat(a, b"lf", 2, (ctypes.c_float * 2)(0.5, -1.0)),
        "aclopSetAttrListString": r.aclopSetAttrListString(a, b"ls", 2, (ctypes.c_char_p * 2)(b"a", b"")),
        "aclopSetAttrListListInt": r.aclopSetAttrListListInt(a, b"lli", 3, (ctypes.c_int * 3)(2, 0, 1), ptrs),
    }


def test_create_and_destroy(acl):
    before = live(acl, "op_attr")
    a = acl.raw.aclopCreateAttr()
    b = acl.raw.aclopCreateAttr()
    assert a and b and a != b
    assert live(acl, "op_attr") == before + 2
    acl.raw.aclopDestroyAttr(a)
    acl.raw.aclopDestroyAttr(a)                 # twice: ignored
    acl.raw.aclopDestroyAttr(None)              # NULL is safe (acl-abi 3)
    acl.raw.aclopDestroyAttr(BOGUS_HANDLE)
    assert live(acl, "op_attr") == before + 1
    acl.raw.aclopDestroyAttr(b)
    assert live(acl, "op_attr") == before


def test_every_setter_accepts_valid_values(acl, attr):
    codes = _valid_calls(acl.raw, attr)
    assert codes == {k: OK for k in codes}
    # setting a name again overwrites, also with another type
    assert acl.raw.aclopSetAttrInt(attr, b"b", 5) == OK
    assert acl.raw.aclopSetAttrListInt(attr, b"li", 0, None) == OK       # empty list, NULL values
    assert acl.raw.aclopSetAttrListListInt(attr, b"lli", 0, None, None) == OK


def test_every_setter_rejects_a_null_or_dead_attr(acl):
    dead = acl.raw.aclopCreateAttr()
    acl.raw.aclopDestroyAttr(dead)
    for bad in (None, dead, BOGUS_HANDLE):
        codes = _valid_calls(acl.raw, bad)
        assert codes == {k: INVALID for k in codes}, bad


def test_every_setter_rejects_a_null_name(acl, attr):
    r = acl.raw
    one = _i64(1)
    ptrs = (ctypes.c_void_p * 1)(ctypes.addressof(one))
    codes = [
        r.aclopSetAttrBool(attr, None, 1),
        r.aclopSetAttrInt(attr, None, 1),
        r.aclopSetAttrFloat(attr, None, 1.0),
        r.aclopSetAttrString(attr, None, b"v"),
        r.aclopSetAttrDataType(attr, None, 0),
        r.aclopSetAttrListDataType(attr, None, 1, (ctypes.c_int * 1)(0)),
        r.aclopSetAttrListBool(attr, None, 1, (ctypes.c_uint8 * 1)(1)),
        r.aclopSetAttrListInt(attr, None, 1, one),
        r.aclopSetAttrListFloat(attr, None, 1, (ctypes.c_float * 1)(1.0)),
        r.aclopSetAttrListString(attr, None, 1, (ctypes.c_char_p * 1)(b"v")),
        r.aclopSetAttrListListInt(attr, None, 1, (ctypes.c_int * 1)(1), ptrs),
    ]
    assert codes == [INVALID] * len(codes)
    assert "attrName" in acl.recent_error_message()


def test_value_checks(acl, attr):
    r = acl.raw
    assert r.aclopSetAttrString(attr, b"s", None) == INVALID
    for setter in (r.aclopSetAttrListDataType, r.aclopSetAttrListBool, r.aclopSetAttrListInt,
                   r.aclopSetAttrListFloat, r.aclopSetAttrListString):
        assert setter(attr, b"l", 2, None) == INVALID, setter.__name__          # n > 0, values NULL
        assert setter(attr, b"l", -1, None) == INVALID, setter.__name__         # negative count
        assert setter(attr, b"l", 0, None) == OK, setter.__name__               # empty list
    assert r.aclopSetAttrListString(attr, b"ls", 2, (ctypes.c_char_p * 2)(b"a", None)) == INVALID
    one = _i64(1)
    ptrs = (ctypes.c_void_p * 2)(ctypes.addressof(one), None)
    assert r.aclopSetAttrListListInt(attr, b"l", -1, None, None) == INVALID
    assert r.aclopSetAttrListListInt(attr, b"l", 1, None, ptrs) == INVALID      # numValues NULL
    assert r.aclopSetAttrListListInt(attr, b"l", 1, (ctypes.c_int * 1)(1), None) == INVALID
    assert r.aclopSetAttrListListInt(attr, b"l", 1, (ctypes.c_int * 1)(-1), ptrs) == INVALID
    assert r.aclopSetAttrListListInt(attr, b"l", 2, (ctypes.c_int * 2)(1, 3), ptrs) == INVALID  # row NULL
    assert r.aclopSetAttrListListInt(attr, b"l", 2, (ctypes.c_int * 2)(1, 0), ptrs) == OK     # empty row
