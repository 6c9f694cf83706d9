"""Allure, in the process that ran the test: this harness's identity and labels on allure-pytest's
result (reports.identity), op and dtype tags, the metrics in the description (markdown, no file
of its own), and the attachments: the metrics as JSON, the worst elements and the reproduction
command for failed tests, aclGetRecentErrMsg text, the first attempt of a rerun. Results for
tests no process reported to Allure are the controller's (aggregate.py, outputs.py)."""
from __future__ import annotations

import json

import pytest

from .. import identity, records
from ..recording import item_meta
from ..results import METRIC_PREFIX, PROP_NUMERIC, PROP_RERUN


class AllureHooks:
    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_runtest_teardown(self, item):
        yield                         # allure-pytest's teardown hook set its identity and labels
        result = self._allure_result()
        if result is not None:
            identity.apply(result, item.nodeid, self.product, item_meta(item),
                           getattr(getattr(item, "callspec", None), "params", {}))

    def _allure_finish(self, rep, recent_errors, failed: bool):
        try:
            import allure
        except ImportError:
            return
        props = records.props_of(rep.user_properties)
        info = getattr(rep, "aclop", {})
        for tag in records.op_and_dtype(info.get("meta", {}), props):
            if tag:
                allure.dynamic.tag(str(tag))
        metrics = {k[len(METRIC_PREFIX):]: v for k, v in props if isinstance(k, str) and k.startswith(METRIC_PREFIX)}
        numeric, _ = records.numeric_entries([(k, records.decoded(v) if k == PROP_NUMERIC else v) for k, v in props])
        if metrics or numeric:
            self._describe_metrics(metrics, numeric)
        rerun = records.first_prop(props, PROP_RERUN)
        if (metrics or numeric) and (failed or isinstance(rerun, dict)):
            body = {"metrics": metrics, "numeric": [{k: v for k, v in n.items() if k not in ("output", "details")}
                                                    for n in numeric]}
            # no indent: json.dumps takes the C encoder only without one (1 ms per test otherwise)
            allure.attach(json.dumps(body), name="metrics", attachment_type=allure.attachment_type.JSON)
        worst_lines = []
        for n in numeric:
            for idx, a, e, r in n.get("worst") or []:
                worst_lines.append(f"{n.get('case') or ''} {tuple(idx)}: actual {a} vs expected {e} (rel. error {r})")
        if worst_lines and failed:
            allure.attach("\n".join(worst_lines), name="worst elements", attachment_type=allure.attachment_type.TEXT)
        recent = list(recent_errors)
        if recent:
            allure.attach("\n".join(dict.fromkeys(recent)), name="aclGetRecentErrMsg",
                          attachment_type=allure.attachment_type.TEXT)
        if isinstance(rerun, dict):
            allure.attach(f"first attempt: {rerun.get('class')} in {rerun.get('phase')}\n\n"
                          f"{rerun.get('longrepr') or rerun.get('message', '')}",
                          name="first attempt (failed)", attachment_type=allure.attachment_type.TEXT)
            self._mark_flaky(rerun, failed)
        if failed or rerun:
            allure.attach(self.repro(rep.nodeid), name="reproduce", attachment_type=allure.attachment_type.TEXT)

    def _allure_result(self):
        """allure-pytest's result of the test running now, or None (no listener, no test)."""
        listener = self.config.pluginmanager.get_plugin("allure_listener")
        if listener is None:
            return None
        try:
            return listener.allure_logger.get_test(None)
        except Exception:             # noqa: BLE001 - allure internals: never fail a test over them
            return None

    def _describe_metrics(self, metrics: dict, numeric: list[dict]) -> None:
        """The metrics on the test's Allure page, appended to its description (the docstring)."""
        result = self._allure_result()
        if result is not None:
            text = metrics_markdown(metrics, numeric)
            result.description = f"{result.description}\n\n{text}" if result.description else text

    def _mark_flaky(self, rerun: dict, failed_again: bool) -> None:
        result = self._allure_result()
        if result is None:
            return
        from allure_commons.model2 import StatusDetails
        details = result.statusDetails or StatusDetails()
        details.flaky = True
        if not failed_again:
            details.message = f"Flake: failed in {rerun.get('phase')} on the first attempt: {rerun.get('message', '')}"
            details.trace = rerun.get("longrepr") or details.trace
            if not self.allow_flakes:       # a Flake is not a pass: the first attempt's status shows
                from allure_commons.model2 import Status
                result.status = Status.FAILED
        result.statusDetails = details


# (key in a numeric entry's metrics, label), in the order a reader looks for them
_SHOWN = (("count", "elements"), ("max_ulp", "max ulp"), ("mere", "MERE"), ("mare", "MARE"),
          ("error_ratio", "error ratio"), ("max_abs_error", "max abs error"),
          ("max_bound_ratio", "max bound ratio"), ("mismatched", "mismatched"))


def _figure(value) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:.4g}" if isinstance(value, float) else str(value)


_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|"})


def _md(text) -> str:
    """``text`` shown as it is: markdown's emphasis, links and HTML characters escaped (case ids
    hold ``*`` and ``_``; messages may hold ``<``). One translate, not a generator per character."""
    return str(text).translate(_MARKDOWN)


def metrics_markdown(metrics: dict, numeric: list[dict]) -> str:
    """Markdown (allure-pytest's description format) for a test's metrics: per numeric output its
    case, the figures a reader looks for and each failed rule; then the test's other metrics.
    Every figure is in results.json too; the description needs no file of its own, where the
    "metrics" JSON attachment (kept for failed and rerun tests) is one more file per test."""
    lines = ["**Metrics** (all of them in results.json)", ""]
    for n in numeric:
        m = n.get("metrics") or {}
        figures = ", ".join(f"{label} {_figure(m[key])}" for key, label in _SHOWN if key in m)
        lines.append(f"- **{_md(n.get('case') or n.get('op') or 'output')}**: {figures or 'no metrics'}")
        for failure in n.get("failures") or []:
            lines.append(f"  - failed: {_md(failure)}")
    for key, value in metrics.items():
        shown = value if isinstance(value, (str, int, float, bool)) or value is None else json.dumps(value)
        lines.append(f"- {_md(key)}: {_md(shown)}")
    return "\n".join(lines)
