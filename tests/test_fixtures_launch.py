"""The launcher's own checks (fixtures/launch.py): a launch that writes outside its output is
caught, a rejected call that writes anything is caught, and a negative row's failure quotes the
rule it enforces (clause, rule text, the row's note, codes with their names, the runtime's
message)."""
import dataclasses

import numpy as np
import pytest

from fixtures.cases import add_case
from fixtures.contract import EXEC_INVALID, IN_MISMATCH, OUT_MISMATCH, RULES, MutationEnv
from harness.acl import DataBuffer


@pytest.fixture
def prepared(launcher):
    case = add_case("float32", (4, 8))
    return launcher.prepare(case.spec, case.inputs, case.reference, case.id)


def _row(row_id):
    return next(inv for inv in EXEC_INVALID if inv.id == row_id)


def test_a_valid_launch_passes_every_side_effect_check(prepared, stream):
    (got,) = prepared.run(stream.ptr, clause="EWH-05")
    np.testing.assert_array_equal(got, prepared.reference()[0])
    assert prepared.damage() == []


def test_a_launch_writing_before_its_output_is_caught(prepared, acl, scope, stream):
    out = prepared.outputs[0]
    shifted = scope.add(DataBuffer(acl, out.ptr - 8, out.nbytes))     # the runtime writes 8 bytes early
    assert prepared.launch_raw(outputs=[shifted.ptr], stream=stream.ptr) == 0
    stream.synchronize()
    assert prepared.damage() == ["output 0: leading guard band overwritten at byte 56"]
    with pytest.raises(AssertionError, match=r"\[EWH-05\] .*output 0: leading guard band overwritten"):
        prepared.run(stream.ptr, clause="EWH-05")


def test_a_launch_writing_past_its_output_is_caught(prepared, acl, scope, stream):
    out = prepared.outputs[0]
    shifted = scope.add(DataBuffer(acl, out.ptr + 4, out.nbytes))
    assert prepared.launch_raw(outputs=[shifted.ptr], stream=stream.ptr) == 0
    stream.synchronize()
    assert prepared.damage() == ["output 0: trailing guard band overwritten at byte 0"]


def test_a_modified_input_is_caught(prepared, stream):
    prepared.inputs[1].mem.write(b"\x00\x00\x80\x7f", prepared.inputs[1].guard)     # +inf over x2[0]
    with pytest.raises(AssertionError, match=r"\[EWH-05\] Add-float32-\[4, 8\]: input 1 modified \(\d bytes changed, first at offset \d\)"):
        prepared.run(stream.ptr, clause="EWH-05")


def test_the_negative_runner_quotes_the_rule_codes_and_message(prepared, acl, scope, stream):
    row = _row("numInputs=n+1")
    code = prepared.launch_raw(**{"stream": stream.ptr, **row.build(prepared, MutationEnv(acl, scope))})
    assert code == IN_MISMATCH
    wrong = dataclasses.replace(row, expected=(OUT_MISMATCH,))     # as if the table expected another code
    with pytest.raises(AssertionError) as info:
        prepared.assert_rejected(code, wrong.expected, clause=wrong.clause, stream=stream.ptr, what=wrong.id,
                                 rule=wrong.rule())
    text = str(info.value)
    assert text.startswith("[EWH-02] numInputs=n+1 on Add-float32-[4, 8]: expected 100022 "
                           "ACL_ERROR_OP_OUTPUT_NOT_MATCH, got 100021 ACL_ERROR_OP_INPUT_NOT_MATCH"), text
    assert f"rule EWH-02: {RULES['EWH-02']}" in text
    assert "row numInputs=n+1 (parameter numInputs): array consistent with the count, not with the handle" in text
    assert "; runtime message: '" in text, f"the simulator leaves a message after a rejection: {text}"


def test_a_rejected_call_that_wrote_its_output_is_caught_with_ewh_07(prepared, acl, scope, stream):
    row = _row("handle=NULL")
    code = prepared.launch_raw(**{"stream": stream.ptr, **row.build(prepared, MutationEnv(acl, scope))})
    out = prepared.outputs[0]
    out.mem.write(b"\x01\x02", out.guard + 6)           # as if the rejected launch had run
    with pytest.raises(AssertionError) as info:
        prepared.assert_rejected(code, row.expected, clause=row.clause, stream=stream.ptr, what=row.id,
                                 rule=row.rule())
    text = str(info.value)
    assert "[EWH-07] handle=NULL on Add-float32-[4, 8] was rejected with 100000 ACL_ERROR_INVALID_PARAM" in text
    assert "output 0 written by a rejected call (2 bytes changed, first at offset 6)" in text
    assert f"rule EWH-07: {RULES['EWH-07']}" in text and f"rule EWH-01: {RULES['EWH-01']}" in text


def test_every_contract_row_quotes_its_clause_rule_and_note():
    from fixtures.contract import CREATE_INVALID
    for row in EXEC_INVALID + CREATE_INVALID:
        text = row.rule()
        assert text.startswith(f"rule {row.clause}: {RULES[row.clause]}"), text
        assert f"row {row.id} (parameter {row.param})" in text
        assert not row.note or text.endswith(row.note)
