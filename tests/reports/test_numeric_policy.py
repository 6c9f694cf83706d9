"""reports.numeric_policy: what a strict-only numeric failure does per class and backend (the
default: fails on the simulator, advisory on a device for ulp/accumulate; bitwise/exact always
fail), through the suites' assertion, and the report's strict-only group."""
import numpy as np
import pytest

from fixtures.checks import assert_close
from reference.compare import compare, ulp_of
from reference.standards import standard_for
from reports import numeric_policy
from reports.build.views import _jinja


def _strict_only_ulp():
    """float32 ulp class: a tail of 41 of 1024 at 203 ulp (msprobe passes; the project's rule fails)."""
    x = np.random.default_rng(0).uniform(1, 2, 1024)
    a = x.astype(np.float32)
    a[-41:] = (x[-41:] + 203 * ulp_of(x[-41:], "float32")).astype(np.float32)
    return a, x.astype(np.float32), dict(standard=standard_for("ulp", "float32"), exact=x)


def _strict_only_accumulate():
    """accumulate class, float16: two results one ulp off (inside 3.1's MERE/MARE, outside the
    float32-accumulation bound of 0.5 ulp + the accumulation term)."""
    x = np.random.default_rng(1).uniform(1, 2, 256)
    e = x.astype(np.float16)
    a = e.copy()
    a[10] = np.nextafter(a[10], np.float16(np.inf))
    a[11] = np.nextafter(a[11], np.float16(np.inf))
    return a, e, dict(standard=standard_for("accumulate", "float16"), exact=e.astype(np.float64),
                      scale=np.abs(e.astype(np.float64)), terms=1)


@pytest.mark.parametrize("make", [_strict_only_ulp, _strict_only_accumulate], ids=["ulp", "accumulate"])
def test_strict_only_is_advisory_on_a_device_and_fails_on_the_simulator(make):
    a, e, kw = make()
    m = compare(a, e, **kw)
    assert m.strict_only, m.failures
    got = assert_close(a, e, clause="EWH-05", case="demo", policy=numeric_policy.DEVICE, **kw)
    assert got.standards["action"] == "advisory" and not got.passed
    with pytest.raises(AssertionError, match="beyond|structured"):
        assert_close(a, e, clause="EWH-05", case="demo", policy=numeric_policy.SIMULATOR, **kw)


def test_a_documented_failure_fails_on_a_device_too():
    x = np.random.default_rng(2).uniform(1, 2, 64)
    e = x.astype(np.float32)
    a = (x * 1.01).astype(np.float32)
    with pytest.raises(AssertionError):
        assert_close(a, e, clause="EWH-05", case="demo", policy=numeric_policy.DEVICE,
                     standard=standard_for("ulp", "float32"), exact=x)


def test_bitwise_and_exact_always_fail_and_the_policy_is_checked():
    assert numeric_policy.action("bitwise", "device") == "fail" == numeric_policy.action("exact", "device")
    assert numeric_policy.action("ulp", "sim") == "fail" and numeric_policy.action("accumulate", "device") == "advisory"
    with pytest.raises(ValueError, match="defined exactly"):
        numeric_policy.validate({"numeric": {"bitwise": {"device": "advisory"}}}, "p.toml")
    with pytest.raises(ValueError, match="expected one of"):
        numeric_policy.validate({"numeric": {"fuzzy": {"sim": "fail"}}}, "p.toml")
    rules = numeric_policy.validate({"numeric": {"ulp": {"device": "fail"}}}, "p.toml")
    assert rules["ulp"] == {"sim": "fail", "device": "fail"} and rules["accumulate"]["device"] == "advisory"


def _record(strict: bool, action: str) -> dict:
    st = {"documented": {"passed": strict, "rule": "msprobe ULP method"},
          "project": {"passed": False, "rule": "project ulp rule"}, "strict_only": strict, "class": "ulp",
          "action": action}
    return {"id": f"suites/test_numerics.py::test_case[{action}]", "class": "Pass" if action == "advisory" else "Fail",
            "numeric": [{"case": f"Exp-float32-{action}", "details": {"standards": st},
                         "failures": ["structured error: the last 41 of 1024 elements, max 203 ulp"]}]}


def test_the_report_lists_strict_only_findings_apart():
    products = {"atlas-a2": {"records": [_record(True, "advisory"), _record(False, "fail")]}}
    html = _jinja(html=True).get_template("strict_only.html.j2").render(pids=["atlas-a2"], products=products)
    assert "Exp-float32-advisory" in html and "Exp-float32-fail" not in html
    assert "advisory" in html and "the last 41 of 1024 elements" in html
    md = _jinja(html=False).get_template("strict_only.md.j2").render(pids=["atlas-a2"], products=products)
    assert "Exp-float32-advisory" in md and "**advisory**" in md
    empty = _jinja(html=True).get_template("strict_only.html.j2").render(pids=["atlas-a2"],
                                                                         products={"atlas-a2": {"records": []}})
    assert "No strict-only numeric findings" in empty
