"""Argument handling of aclopExecWithHandle beyond the contract table (EWH-05, EWH-07).

The linear list of invalid calls is data in fixtures/contract/table.py (suites/test_contract_exec.py);
this file holds the cases that are not "one invalid argument": where results may land, the
all-empty-outputs short cut, and the recent error message.
"""
import pytest

from fixtures.checks import expect_code, expect_undamaged
from fixtures.contract.cases import add_case
from harness.abi import ERR

INVALID = ERR.ACL_ERROR_INVALID_PARAM


@pytest.fixture
def prepared(launcher, product):
    case = add_case("float16", (2, 3), saturation=product.saturation_mode)
    return launcher.prepare(case.spec, case.inputs, case.reference, case.id)


@pytest.mark.clause("EWH-05")
def test_results_land_only_inside_the_outputs(prepared, stream, numeric_policy):
    from fixtures.checks import assert_close
    (got,) = prepared.run(stream.ptr, clause="EWH-05")
    assert_close(got, prepared.reference()[0], clause="EWH-05", case=prepared.case, policy=numeric_policy)


@pytest.mark.clause("EWH-07")
def test_all_outputs_of_length_zero_return_success_and_launch_nothing(prepared, stream, scope, acl):
    from harness.acl import DataBuffer
    empty = scope.add(DataBuffer(acl, prepared.outputs[0].ptr, 0))
    code = prepared.launch_raw(outputs=[empty.ptr], stream=stream.ptr)
    expect_code(code, 0, clause="EWH-07", what="all outputs of length 0 (runtime source: success, nothing launched)",
                acl=acl)
    stream.synchronize()
    assert prepared.outputs[0].unchanged(), "[EWH-07] nothing may be launched when all outputs are empty"
    expect_undamaged(prepared.damage(), clause="EWH-07", what=f"{prepared.case} with all outputs of length 0")


@pytest.mark.clause("EWH-07")
def test_failure_leaves_a_recent_error_message(prepared, stream, acl):
    code = prepared.launch_raw(handle=None, stream=stream.ptr)
    expect_code(code, INVALID, clause="EWH-01", what=f"aclopExecWithHandle(handle=NULL) on {prepared.case}")
    msg = acl.recent_error_message()
    assert msg, "[EWH-07] a rejected call must leave an aclGetRecentErrMsg() text"
    assert acl.recent_error_message() == "", "aclGetRecentErrMsg() clears the message once read"
