"""aclDataBuffer and aclTensorDesc objects of the simulator, valid and invalid."""
import ctypes
import math

import numpy as np
import pytest

from harness.abi import ACL_UNKNOWN_RANK, DT, DTYPE_SIZE, ERR, FMT, MemType
from tests.sim_support import BOGUS_HANDLE, INVALID, OK, live

U64 = 2 ** 64 - 1


def _dims(*d):
    return (ctypes.c_int64 * max(len(d), 1))(*d)


def _ranges(pairs):
    flat = [v for p in pairs for v in p]
    return (ctypes.c_int64 * max(len(flat), 2))(*flat)


@pytest.fixture
def desc(acl):
    """A float16 [2, 3, 4] NCHW desc, destroyed after the test."""
    d = acl.raw.aclCreateTensorDesc(int(DT.FLOAT16), 3, _dims(2, 3, 4), int(FMT.NCHW))
    assert d
    yield d
    acl.raw.aclDestroyTensorDesc(d)


# ---------------------------------------------------------------- data buffers
def test_data_buffer_lifecycle(acl):
    before = live(acl, "data_buffer")
    b = acl.raw.aclCreateDataBuffer(0x1000, 96)
    assert b and live(acl, "data_buffer") == before + 1
    assert acl.raw.aclGetDataBufferAddr(b) == 0x1000
    assert acl.raw.aclGetDataBufferSizeV2(b) == 96
    assert acl.raw.aclGetDataBufferSize(b) == 96
    assert acl.raw.aclUpdateDataBuffer(b, 0x2000, 2 ** 32 + 5) == OK
    assert acl.raw.aclGetDataBufferAddr(b) == 0x2000
    assert acl.raw.aclGetDataBufferSizeV2(b) == 2 ** 32 + 5
    assert acl.raw.aclGetDataBufferSize(b) == 5                 # deprecated uint32_t result
    assert acl.raw.aclUpdateDataBuffer(b, None, 0) == OK
    assert acl.raw.aclGetDataBufferAddr(b) is None and acl.raw.aclGetDataBufferSizeV2(b) == 0
    assert acl.raw.aclDestroyDataBuffer(b) == OK
    assert live(acl, "data_buffer") == before
    # a destroyed buffer, NULL, never issued, wrong kind
    for bad in (b, None, BOGUS_HANDLE):
        assert acl.raw.aclDestroyDataBuffer(bad) == INVALID
        assert acl.raw.aclUpdateDataBuffer(bad, 0x1000, 8) == INVALID
        assert acl.raw.aclGetDataBufferAddr(bad) is None
        assert acl.raw.aclGetDataBufferSizeV2(bad) == 0
        assert acl.raw.aclGetDataBufferSize(bad) == 0
    assert live(acl, "data_buffer") == before


def test_data_buffer_takes_any_pointer_and_size(acl):
    # RT data_buffer.cpp: no validation, (NULL, 0) is the buffer of an absent optional input.
    for data, size in ((None, 0), (None, 64), (0x10, 0), (0xDAF0_0000_0000_1000, U64)):
        b = acl.raw.aclCreateDataBuffer(data, size)
        assert b, (data, size)
        assert acl.raw.aclGetDataBufferAddr(b) == data
        assert acl.raw.aclGetDataBufferSizeV2(b) == size
        assert acl.raw.aclDestroyDataBuffer(b) == OK


def test_a_desc_handle_is_not_a_data_buffer(acl, desc):
    assert acl.raw.aclDestroyDataBuffer(desc) == INVALID
    assert acl.raw.aclGetDataBufferSizeV2(desc) == 0
    assert acl.raw.aclGetTensorDescNumDims(desc) == 3          # the desc is untouched


def test_data_type_size_table(acl):
    for dt in DT:
        assert acl.raw.aclDataTypeSize(int(dt)) == DTYPE_SIZE.get(dt, 8), dt.name
    for other in (5, 14, 28, 42, 1000, -7):                     # not ACL names: the default branch
        assert acl.raw.aclDataTypeSize(other) == 8


def test_float16_conversions_match_ieee(acl):
    values = np.array([0.0, -0.0, 1.0, -2.5, 65504.0, 65520.0, 1e-8, 5.96e-8, 6.1e-5, 0.1, 1 / 3,
                       3.14159, -1e6, np.inf, -np.inf, 2049.0, 2051.0], dtype=np.float32)
    for v in values:
        bits = acl.raw.aclFloatToFloat16(float(v))
        with np.errstate(over="ignore"):
            expected = int(np.float32(v).astype(np.float16).view(np.uint16))
        assert bits == expected, (v, hex(bits), hex(expected))
    nan_bits = acl.raw.aclFloatToFloat16(float("nan"))
    assert (nan_bits & 0x7C00) == 0x7C00 and (nan_bits & 0x03FF) != 0
    for bits in (0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x3555):
        got = acl.raw.aclFloat16ToFloat(bits)
        assert got == float(np.uint16(bits).view(np.float16)), hex(bits)
    assert math.isnan(acl.raw.aclFloat16ToFloat(0x7E00))
    assert math.isnan(acl.raw.aclFloat16ToFloat(0xFC01))


# ---------------------------------------------------------------- tensor descs
def test_desc_create_query_destroy(acl, desc):
    r = acl.raw
    assert r.aclGetTensorDescType(desc) == DT.FLOAT16
    assert r.aclGetTensorDescFormat(desc) == FMT.NCHW
    assert r.aclGetTensorDescNumDims(desc) == 3
    assert r.aclGetTensorDescElementCount(desc) == 24
    assert r.aclGetTensorDescSize(desc) == 48
    assert [r.aclGetTensorDescDim(desc, i) for i in range(3)] == [2, 3, 4]
    v = ctypes.c_int64(-9)
    assert r.aclGetTensorDescDimV2(desc, 2, ctypes.byref(v)) == OK and v.value == 4
    assert r.aclGetTensorDescByIndex(desc, 0) == desc
    assert r.aclGetTensorDescByIndex(desc, 1) is None
    assert r.aclGetTensorDescAddress(desc) is None               # descs carry no address here
    # out of range / NULL
    assert r.aclGetTensorDescDim(desc, 3) == -1
    assert r.aclGetTensorDescDim(None, 0) == -1
    assert r.aclGetTensorDescDimV2(desc, 3, ctypes.byref(v)) == INVALID
    assert r.aclGetTensorDescDimV2(desc, U64, ctypes.byref(v)) == INVALID
    assert r.aclGetTensorDescDimV2(desc, 0, None) == INVALID
    assert r.aclGetTensorDescDimV2(None, 0, ctypes.byref(v)) == INVALID
    assert r.aclGetTensorDescByIndex(None, 0) is None
    assert r.aclGetTensorDescAddress(None) is None


def test_desc_accessors_on_null_and_destroyed(acl):
    before = live(acl, "tensor_desc")
    d = acl.raw.aclCreateTensorDesc(int(DT.INT32), 1, _dims(7), int(FMT.ND))
    assert d and live(acl, "tensor_desc") == before + 1
    acl.raw.aclDestroyTensorDesc(d)
    assert live(acl, "tensor_desc") == before
    acl.raw.aclDestroyTensorDesc(d)                              # twice: ignored, no crash
    acl.raw.aclDestroyTensorDesc(None)
    acl.raw.aclDestroyTensorDesc(BOGUS_HANDLE)
    assert live(acl, "tensor_desc") == before
    v, r = ctypes.c_int64(), acl.raw
    for bad in (None, d, BOGUS_HANDLE):
        assert r.aclGetTensorDescType(bad) == DT.UNDEFINED
        assert r.aclGetTensorDescFormat(bad) == FMT.UNDEFINED
        assert r.aclGetTensorDescSize(bad) == 0
        assert r.aclGetTensorDescElementCount(bad) == 0
        assert r.aclGetTensorDescNumDims(bad) == 0
        assert r.aclGetTensorDescDim(bad, 0) == -1
        assert r.aclGetTensorDescDimV2(bad, 0, ctypes.byref(v)) == INVALID
        assert r.aclGetTensorDescName(bad) == b""                 # GE: NULL desc -> ""
        assert r.aclGetTensorDescByIndex(bad, 0) is None
        r.aclSetTensorDescName(bad, b"x")                        # void: no crash
        for setter in (r.aclSetTensorFormat, r.aclSetTensorStorageFormat, r.aclSetTensorOriginFormat,
                       r.aclSetTensorPlaceMent):
            assert setter(bad, 0) == INVALID, setter.__name__
        for setter in (r.aclSetTensorShape, r.aclSetTensorStorageShape, r.aclSetTensorOriginShape):
            assert setter(bad, 1, _dims(3)) == INVALID, setter.__name__
        assert r.aclSetTensorShapeRange(bad, 1, _ranges([(1, 2)])) == INVALID
        assert r.aclSetTensorValueRange(bad, 1, _ranges([(1, 2)])) == INVALID
        assert r.aclGetTensorDescDimRange(bad, 0, 2, _ranges([(0, 0)])) == INVALID
        assert r.aclSetTensorDynamicInput(bad, b"x") == INVALID
        assert r.aclSetTensorConst(bad, ctypes.create_string_buffer(4), 4) == INVALID
        out = ctypes.c_void_p()
        assert r.aclTransTensorDescFormat(bad, int(FMT.ND), ctypes.byref(out)) == INVALID


def test_desc_create_rejects_bad_dims(acl):
    r = acl.raw
    assert r.aclCreateTensorDesc(int(DT.FLOAT), -1, _dims(2), int(FMT.ND)) is None
    assert r.aclCreateTensorDesc(int(DT.FLOAT), 2, None, int(FMT.ND)) is None
    before = live(acl, "tensor_desc")
    # numDims 0 ignores dims (a scalar); the absent optional input; unknown rank
    scalar = r.aclCreateTensorDesc(int(DT.FLOAT), 0, None, int(FMT.ND))
    absent = r.aclCreateTensorDesc(int(DT.UNDEFINED), 0, None, int(FMT.UNDEFINED))
    unknown = r.aclCreateTensorDesc(int(DT.FLOAT), 1, _dims(-2), int(FMT.ND))
    dynamic = r.aclCreateTensorDesc(int(DT.INT8), 2, _dims(-1, 4), int(FMT.ND))
    empty = r.aclCreateTensorDesc(int(DT.FLOAT), 2, _dims(0, 4), int(FMT.ND))
    try:
        assert scalar and absent and unknown and dynamic and empty
        assert r.aclGetTensorDescNumDims(scalar) == 0 and r.aclGetTensorDescElementCount(scalar) == 1
        assert r.aclGetTensorDescSize(scalar) == 4
        assert r.aclGetTensorDescType(absent) == DT.UNDEFINED and r.aclGetTensorDescSize(absent) == 0
        assert r.aclGetTensorDescNumDims(unknown) == ACL_UNKNOWN_RANK
        assert r.aclGetTensorDescElementCount(dynamic) == 0      # any negative dim -> 0
        assert r.aclGetTensorDescDim(dynamic, 0) == -1
        assert r.aclGetTensorDescElementCount(empty) == 0 and r.aclGetTensorDescSize(empty) == 0
        assert live(acl, "tensor_desc") == before + 5
    finally:
        for d in (scalar, absent, unknown, dynamic, empty):
            r.aclDestroyTensorDesc(d)
    assert live(acl, "tensor_desc") == before


@pytest.mark.parametrize("dims,count,size", [
    ((0x7FFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF), 0, 0),   # GE UT NullsTest: the product overflows -> 0
    ((2 ** 62, 8), 0, 0),                               # 2**65 elements
    ((2 ** 61,), 2 ** 61, 0),                           # the count fits, count * 8 bytes does not
    ((2 ** 30, 2 ** 30), 2 ** 60, 2 ** 63),
])
def test_desc_element_count_and_size_overflow_give_zero(acl, dims, count, size):
    """GE tensor_desc_internal_om2.cpp: CheckSizeTMultiOverflow in the element count and the size."""
    d = acl.raw.aclCreateTensorDesc(int(DT.INT64), len(dims), _dims(*dims), int(FMT.ND))
    try:
        assert acl.raw.aclGetTensorDescElementCount(d) == count
        assert acl.raw.aclGetTensorDescSize(d) == size
    finally:
        acl.raw.aclDestroyTensorDesc(d)


def test_desc_dims_are_copied(acl):
    dims = _dims(5, 6)
    d = acl.raw.aclCreateTensorDesc(int(DT.FLOAT), 2, dims, int(FMT.ND))
    dims[0] = 99
    try:
        assert acl.raw.aclGetTensorDescDim(d, 0) == 5
    finally:
        acl.raw.aclDestroyTensorDesc(d)


def test_desc_name(acl, desc):
    r = acl.raw
    assert r.aclGetTensorDescName(desc) == b""                   # unnamed
    r.aclSetTensorDescName(desc, b"x1")
    assert r.aclGetTensorDescName(desc) == b"x1"
    r.aclSetTensorDescName(desc, None)                           # GE: clears the name
    assert r.aclGetTensorDescName(desc) == b""
    r.aclSetTensorDescName(desc, b"y0")
    assert r.aclGetTensorDescName(desc) == b"y0"


def test_shape_range(acl, desc):
    r = acl.raw
    got = (ctypes.c_int64 * 2)()
    assert r.aclGetTensorDescDimRange(desc, 0, 2, got) == INVALID  # no ranges set yet
    assert r.aclSetTensorShapeRange(desc, 3, _ranges([(1, 2), (3, 3), (4, -1)])) == OK
    assert r.aclGetTensorDescDimRange(desc, 2, 2, got) == OK and list(got) == [4, -1]
    assert r.aclGetTensorDescDimRange(desc, 0, 2, got) == OK and list(got) == [1, 2]
    assert r.aclGetTensorDescDimRange(desc, 3, 2, got) == INVALID  # index >= number of ranges
    assert r.aclGetTensorDescDimRange(desc, 0, 1, got) == INVALID  # dimRangeNum < 2
    assert r.aclGetTensorDescDimRange(desc, 0, 2, None) == INVALID
    assert r.aclSetTensorShapeRange(desc, 1, _ranges([(7, 8)])) == OK   # replaces
    assert r.aclGetTensorDescDimRange(desc, 1, 2, got) == INVALID
    assert r.aclSetTensorShapeRange(desc, 1, None) == INVALID
    assert r.aclSetTensorShapeRange(desc, 129, _ranges([(0, 0)] * 129)) == INVALID   # simulator cap
    assert r.aclSetTensorShapeRange(desc, 0, None) == OK                # clears
    assert r.aclGetTensorDescDimRange(desc, 0, 2, got) == INVALID


def test_value_range(acl, desc):
    r = acl.raw
    assert r.aclSetTensorValueRange(desc, 2, _ranges([(0, 10), (-5, 5)])) == OK
    assert r.aclSetTensorValueRange(desc, 0, None) == OK
    assert r.aclSetTensorValueRange(desc, 1, None) == INVALID
    assert r.aclSetTensorValueRange(desc, U64, _ranges([(0, 1)])) == INVALID   # absurd count


def test_formats_and_shapes(acl, desc):
    r = acl.raw
    for setter in (r.aclSetTensorFormat, r.aclSetTensorStorageFormat, r.aclSetTensorOriginFormat):
        assert setter(desc, int(FMT.NC1HWC0)) == OK, setter.__name__
    for setter in (r.aclSetTensorShape, r.aclSetTensorStorageShape, r.aclSetTensorOriginShape):
        assert setter(desc, 2, _dims(6, 4)) == OK, setter.__name__
        assert setter(desc, 0, None) == OK, setter.__name__
        assert setter(desc, -1, _dims(1)) == INVALID, setter.__name__
        assert setter(desc, 2, None) == INVALID, setter.__name__
    # the creation format and dims are what the getters report
    assert r.aclGetTensorDescFormat(desc) == FMT.NCHW
    assert r.aclGetTensorDescNumDims(desc) == 3


def test_trans_format(acl, desc):
    r = acl.raw
    before = live(acl, "tensor_desc")
    out = ctypes.c_void_p()
    assert r.aclTransTensorDescFormat(desc, int(FMT.NCHW), ctypes.byref(out)) == OK
    try:
        assert out.value and out.value != desc
        assert live(acl, "tensor_desc") == before + 1
        assert r.aclGetTensorDescFormat(out.value) == FMT.NCHW
        assert r.aclGetTensorDescElementCount(out.value) == 24
    finally:
        r.aclDestroyTensorDesc(out.value)
    assert live(acl, "tensor_desc") == before
    # only the identity transform is simulated: anything else is "not supported"
    assert r.aclTransTensorDescFormat(desc, int(FMT.NC1HWC0), ctypes.byref(out)) == ERR.ACL_ERROR_API_NOT_SUPPORT
    assert r.aclTransTensorDescFormat(None, int(FMT.ND), ctypes.byref(out)) == INVALID
    assert r.aclTransTensorDescFormat(desc, int(FMT.NCHW), None) == INVALID
    assert live(acl, "tensor_desc") == before


def test_dynamic_input_const_and_placement(acl, desc, device):
    r = acl.raw
    assert r.aclSetTensorDynamicInput(desc, b"x") == OK
    assert r.aclSetTensorDynamicInput(desc, None) == INVALID
    data = ctypes.create_string_buffer(48)
    assert r.aclSetTensorConst(desc, data, 48) == OK
    assert r.aclSetTensorConst(desc, None, 48) == INVALID
    assert r.aclSetTensorConst(desc, data, 0) == INVALID
    p = ctypes.c_void_p()
    assert r.aclrtMalloc(ctypes.byref(p), 64, 0) == OK
    try:
        assert r.aclSetTensorConst(desc, p.value, 48) == INVALID   # const data must be host memory
    finally:
        assert r.aclrtFree(p.value) == OK
    for mem in MemType:
        assert r.aclSetTensorPlaceMent(desc, int(mem)) == OK
