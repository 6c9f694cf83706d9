"""The stream argument (EWH-06). The multithread rule (EWH-10) is in test_stream_rules.py and
test_events.py."""
import pytest

from fixtures.checks import assert_close
from fixtures.contract.cases import add_case


@pytest.fixture
def case(product):
    return add_case("float32", (8, 8), saturation=product.saturation_mode)


@pytest.mark.clause("EWH-06")
def test_explicit_stream(launcher, case, stream, numeric_policy):
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(stream.ptr, clause="EWH-06")
    assert_close(got, case.reference()[0], clause="EWH-06", case=f"{case.id} on an explicit stream", policy=numeric_policy)


@pytest.mark.clause("EWH-06")
def test_null_stream_is_the_default_stream(launcher, case, numeric_policy):
    p = launcher.prepare(case.spec, case.inputs, case.reference, case.id)
    (got,) = p.run(None, clause="EWH-06")
    assert_close(got, case.reference()[0], clause="EWH-06", case=f"{case.id} on the default stream (NULL)", policy=numeric_policy)
