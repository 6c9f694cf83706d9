"""Cross-product differences: cases matched by identity, not position; non-finite differences
reported as such; saturation-vs-IEEE differences set apart; each numeric record names its op."""
import base64
import hashlib

import numpy as np

import reports
from reports import build
from reports.results import PROP_NUMERIC, PROP_OP


def _out(values):
    a = np.asarray(values, dtype=np.float64)
    return {"shape": list(a.shape), "sha256": hashlib.sha256(a.tobytes()).hexdigest(),
            "f64": base64.b64encode(a.astype("<f8").tobytes()).decode()}


def _product(pid, saturation, cases):
    numeric = [{"case": f"{op} float32 {shape} on {pid}, inputs {inputs}", "op": op, "dtype": "float32",
                "metrics": {"max_rel_error": 0.0}, "output": _out(values)} for op, shape, inputs, values in cases]
    return {"id": pid, "saturation": saturation,
            "records": [{"id": "suites/p.py::test_unary_property", "op": None, "dtype": None, "class": "Pass",
                         "product": pid, "numeric": numeric}]}


def test_cases_match_by_identity_and_differences_say_what_they_are():
    a2 = _product("atlas-a2", False, [("Rsqrt", "(2,)", "[0, 1]", [np.inf, 1.0]),
                                      ("Abs", "(2,)", "[1, -2]", [1.0, 2.0]),
                                      ("Exp", "(1,)", "[1000]", [np.inf])])
    # the other product drew the same examples in another order, and one example only it drew
    training = _product("atlas-training", True, [("Abs", "(2,)", "[1, -2]", [1.0, 2.0]),
                                                 ("Exp", "(1,)", "[1000]", [3.4e38]),
                                                 ("Rsqrt", "(2,)", "[0, 1]", [3.4e38, 1.0]),
                                                 ("Sqrt", "(1,)", "[4]", [2.0])])
    inference = _product("atlas-inference", False, [("Exp", "(1,)", "[1000]", [np.nan])])
    cross = build.cross_product(build.numeric_entries({"atlas-a2": a2, "atlas-training": training,
                                                       "atlas-inference": inference}))
    rows = {r["op"]: r for r in cross["rows"]}
    saturated = {r["op"]: r for r in cross["saturation_rows"]}
    assert cross["total"] == 3 and "Sqrt" not in rows              # Sqrt ran on one product only
    assert rows["Abs"]["kind"] == "identical" and rows["Abs"]["identical"]
    assert saturated["Rsqrt"]["kind"] == "saturation vs IEEE" and saturated["Rsqrt"]["nonfinite"] == 1
    # Exp: a2 Inf vs inference NaN (both IEEE products): a non-finite difference, not "rel diff inf"
    exp = rows["Exp"]
    assert exp["kind"] == "non-finite" and exp["nonfinite"] == 1 and exp["pair"] == "atlas-a2 vs atlas-inference"


class _Item:
    def __init__(self, props=()):
        self.user_properties = list(props)

    def get_closest_marker(self, name):
        return None


def test_each_numeric_record_names_its_own_op():
    item = _Item([(PROP_OP, "Abs")])                  # the first example's op, recorded by the launcher
    reports.record_metrics(item, {"dtype": "float32", "max_rel_error": 0.0}, case="Rsqrt float32 (3,) on x")
    reports.record_metrics(item, {"dtype": "float32"}, case="8 launches, one sync")   # test_async style
    ops = [v["op"] for k, v in item.user_properties if k == PROP_NUMERIC]
    assert ops == ["Rsqrt", "Rsqrt"]                  # the second: the op recorded last
