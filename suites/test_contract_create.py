"""aclopCreateHandle negative tests, generated from the contract table (fixtures/contract/table.py).

A handle comes only from aclopCreateHandle with arguments that match a loaded model exactly
(EWH-01); dynamic-shape descs cannot get one (EWH-08). After every rejection the runtime still
creates and runs a valid handle for the same op correctly (EWH-07).
"""
import pytest

import reports
from fixtures.checks import expect_code
from fixtures.contract import CREATE_INVALID, MutationEnv, create_handle_raw
from fixtures.contract.cases import CONTRACT_CASES

CREATE_CASES = ("Add-float16", "MatMulV2-float32", "AddN-float32")
_SPECS = {cid: CONTRACT_CASES[cid](False).spec for cid in CREATE_CASES}


def _params():
    for inv in CREATE_INVALID:
        for cid in CREATE_CASES:
            if inv.applies(_SPECS[cid]):
                yield pytest.param(inv, cid, id=f"{inv.id}-{cid}", marks=[pytest.mark.clause(inv.clause)])


@pytest.mark.parametrize("inv,case_id", list(_params()))
def test_create_rejects(acl, models, launcher, product, stream, scope, inv, case_id):
    case = CONTRACT_CASES[case_id](product.saturation_mode)
    models.ensure(case.spec)
    env = MutationEnv(acl, scope)
    code, handle = create_handle_raw(acl, case.spec, env, **inv.build(case.spec, env))
    reports.record_property(None, "observed_code", code)
    msg = acl.recent_error_message()
    if code == 0 and handle:
        acl.raw.aclopDestroyHandle(handle)
    expect_code(code, inv.expected, clause=inv.clause, what=f"aclopCreateHandle with {inv.id} for {case.id}",
                message=msg, rule=inv.rule())
    # the runtime is unharmed: a valid handle for the same op still gives the reference result
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    p.assert_stream_usable(stream.ptr, after=f"a rejected create ({inv.id})", clause="EWH-07")
