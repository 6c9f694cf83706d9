"""Guarded device tensors (fixtures/tensors.py): the guard bands detect a write past either end,
and the sentinel an output the runtime never wrote."""
import numpy as np
import pytest

from fixtures.tensors import CANARY, GUARD_BYTES, SENTINEL, DeviceTensor, changed_bytes
from reference.compare import compare


def test_a_fresh_tensor_has_intact_guards_and_holds_its_data(acl, scope):
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    t = DeviceTensor.from_array(acl, scope, x)
    assert t.damage() == [] and t.unchanged()
    np.testing.assert_array_equal(t.array(), x)
    assert t.mem.read(GUARD_BYTES) == (CANARY * GUARD_BYTES)[:GUARD_BYTES]


@pytest.mark.parametrize("offset,want", [
    (GUARD_BYTES - 1, "leading guard band overwritten at byte 63"),     # one byte before the data
    (GUARD_BYTES + 24, "trailing guard band overwritten at byte 0"),    # one byte past the data
    (GUARD_BYTES + 24 + 40, "trailing guard band overwritten at byte 40"),
])
def test_guard_bands_detect_an_overrun(acl, scope, offset, want):
    t = DeviceTensor.empty(acl, scope, np.float32, (6,))
    assert acl.raw.aclrtMemset(t.mem.ptr + offset, 1, 0x00, 1) == 0        # the runtime writes one byte
    problems, data = t.inspect()
    assert problems == [want]
    assert data == t.initial, "the data between the guards is untouched"


def test_a_write_inside_the_data_is_no_guard_problem(acl, scope):
    t = DeviceTensor.empty(acl, scope, np.float32, (6,))
    assert acl.raw.aclrtMemset(t.ptr, t.nbytes, 0x00, t.nbytes) == 0
    assert t.damage() == [] and not t.unchanged()
    np.testing.assert_array_equal(t.array(), np.zeros(6, np.float32))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_the_sentinel_of_a_float_output_is_nan(acl, scope, dtype):
    import ml_dtypes
    dt = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    t = DeviceTensor.empty(acl, scope, dt, (5,))
    assert t.unchanged()
    assert np.isnan(t.array().astype(np.float32)).all()


def test_the_sentinel_detects_an_output_left_half_unwritten(acl, scope):
    want = np.arange(8, dtype=np.float16)
    t = DeviceTensor.empty(acl, scope, np.float16, (8,))
    t.mem.write(want[:4].tobytes(), t.guard)                     # a kernel that stopped half-way
    got = t.array()
    assert got.view(np.uint16)[4:].tolist() == [int.from_bytes(SENTINEL, "little")] * 4
    m = compare(got, want)
    assert not m.passed and m.nan_mismatch == 4


def test_an_int_output_left_unwritten_is_no_plausible_value(acl, scope):
    t = DeviceTensor.empty(acl, scope, np.int32, (3,))
    assert t.array().tolist() == [0x7FEE7FEE] * 3
    assert not compare(t.array(), np.zeros(3, np.int32)).passed


def test_changed_bytes_names_the_count_and_the_first_offset():
    assert changed_bytes(b"abcd", b"abcd") == "no byte changed"
    assert changed_bytes(b"abcd", b"aXcY") == "2 bytes changed, first at offset 1"
