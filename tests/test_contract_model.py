"""The suites' own models of the contract: the count-matrix order model and the tables."""
from fixtures.contract import CREATE_INVALID, EXEC_INVALID, IN_MISMATCH, INVALID, OUT_MISMATCH, coverage_table
from fixtures.contract.order import IN_KINDS, OUT_KINDS, expected_codes


def test_order_model_negative_first_then_sentinel_then_inputs():
    assert expected_codes("-1", "INT32_MAX") == {INVALID}
    assert expected_codes("n+1", "0") == {IN_MISMATCH}
    assert expected_codes("n+1", "INT32_MAX") == {INVALID, IN_MISMATCH}
    assert OUT_MISMATCH not in set().union(*(expected_codes(i, o) for i in IN_KINDS for o in OUT_KINDS))


def test_tables_have_unique_ids_clauses_and_documented_codes():
    from harness.abi import is_documented_error
    for table in (EXEC_INVALID, CREATE_INVALID):
        ids = [inv.id for inv in table]
        assert len(ids) == len(set(ids))
        for inv in table:
            assert inv.clause.startswith("EWH-") and inv.expected
            assert all(is_documented_error(c) and c != 0 for c in inv.expected), inv.id
    assert len(coverage_table()) == len(EXEC_INVALID) + len(CREATE_INVALID)
