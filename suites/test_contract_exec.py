"""aclopExecWithHandle negative tests, generated from the contract table (fixtures/contract/table.py).

Each invalid-argument class runs on each contract case (two fixed inputs, optional slots, a
dynamic input list): the call must return one of the documented codes, change no output, guard
or input byte, and leave the stream usable (fixtures/launch.py Prepared.assert_rejected).
"""
import pytest

import reports
from fixtures.contract import EXEC_INVALID, MutationEnv
from fixtures.contract.cases import CONTRACT_CASES

_SHAPES = {cid: build(False) for cid, build in CONTRACT_CASES.items()}


def _params():
    for inv in EXEC_INVALID:
        for cid, case in _SHAPES.items():
            n_inputs = len(case.spec.inputs)
            if not inv.applies(type("P", (), {"in_buffers": [None] * n_inputs})):
                continue
            # every rejection is also checked for EWH-07: no output byte changed, stream usable
            marks = [pytest.mark.clause(inv.clause), pytest.mark.clause("EWH-07")]
            if inv.crash_prone:
                marks.append(pytest.mark.crash_prone)
            yield pytest.param(inv, cid, id=f"{inv.id}-{cid}", marks=marks)


@pytest.mark.parametrize("inv,case_id", list(_params()))
def test_rejects(launcher, product, stream, scope, acl, inv, case_id):
    case = CONTRACT_CASES[case_id](product.saturation_mode)
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    kwargs = inv.build(p, MutationEnv(acl, scope))
    code = p.launch_raw(**{"stream": stream.ptr, **kwargs})
    reports.record_property(None, "observed_code", code)
    p.assert_rejected(code, inv.expected, clause=inv.clause, stream=stream.ptr, what=inv.id,
                      rule=inv.rule())
