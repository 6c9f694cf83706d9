"""reports/plugin/allure_hooks.py metrics_markdown: a test's metrics as the markdown of its Allure
description (Allure 2 and 3 render it: tests/reports/test_report_allure_cli.py)."""
from reports.plugin.allure_hooks import _md, metrics_markdown

ENTRY = {"case": "Conv2D-float32-NCHW-1x1x5x5*1x1x3x3-s1x1x1x1-p0x0x0x0-uniform",
         "metrics": {"count": 9, "max_ulp": 3.25, "mere": 1.5e-07, "mare": 2.0e-06, "error_ratio": 0.0,
                     "max_abs_error": 9.5e-07, "max_bound_ratio": 0.25, "mismatched": 0, "exact": False},
         "failures": ["2 of 9 elements beyond 1 ulp, at most 0 allowed (<documented>)"]}


def test_every_shown_figure_and_each_failed_rule_is_in_the_text():
    text = metrics_markdown({"launches": 1}, [ENTRY])
    for label, figure in (("elements", "9"), ("max ulp", "3.25"), ("MERE", "1.5e-07"), ("MARE", "2e-06"),
                          ("error ratio", "0"), ("max abs error", "9.5e-07"), ("max bound ratio", "0.25"),
                          ("mismatched", "0")):
        assert f"{label} {figure}" in text, (label, text)
    assert "  - failed: 2 of 9 elements beyond 1 ulp, at most 0 allowed (\\<documented\\>)" in text
    assert text.splitlines()[-1] == "- launches: 1"


def test_case_ids_and_messages_are_escaped_not_formatted():
    text = metrics_markdown({}, [ENTRY])
    assert "1x1x5x5\\*1x1x3x3" in text and "1x1x5x5*1x1x3x3" not in text
    assert _md("a_b <i>[x](y) `c` #|\\") == "a\\_b \\<i\\>\\[x\\](y) \\`c\\` \\#\\|\\\\"


def test_a_test_with_no_numeric_output_lists_its_metrics():
    text = metrics_markdown({"leak_check_off": {"device_memory": "another worker"}}, [])
    assert '- leak\\_check\\_off: {"device\\_memory": "another worker"}' in text
