"""Allure, in the process that ran the test, on the result allure-pytest's own plugin writes.

Through the public ``allure`` API while the test is allure-pytest's current one: this harness's
labels (reports.identity: parent suite, suite, epic, story, severity, clause features and tags)
at set-up, the op and dtype tags, the metrics appended to the description (markdown, no file of
its own), and the attachments: the metrics as JSON, the worst elements and the reproduction
command for failed tests, aclGetRecentErrMsg text, the first attempt of a rerun.

What the ``allure`` module cannot set (the historyId and testCaseId per product and case, short
parameter values, a Flake's failed status and flaky details) is set by ``AllureResultHook``, an
``allure_commons.hookimpl`` for ``report_result``, the public hook allure's own file logger
implements, registered with ``allure_commons.plugin_manager``: it sees the test's result just
before the file logger writes it. Results for tests no process reported to Allure are the
controller's (aggregate.py, outputs.py).
"""
from __future__ import annotations

import json

import pytest

from .. import identity, records
from ..recording import item_meta
from ..results import METRIC_PREFIX, PROP_NUMERIC, PROP_RERUN
from .outputs import allure_dir

try:
    import allure
    import allure_commons
    from allure_commons.model2 import Status, StatusDetails
except ImportError:                      # allure-pytest is a dependency; tolerate its absence
    allure = allure_commons = None


class AllureResultHook:
    """allure's ``report_result`` hook, first: the harness's identity and a Flake's status on
    the result of the test this process just finished (``pending``), before it is written."""

    def __init__(self, product: str | None, allow_flakes: bool):
        self.product, self.allow_flakes = product, allow_flakes
        self.pending = None             # (nodeid, meta, params, rerun, failed) of the test ending

    if allure_commons is not None:
        @allure_commons.hookimpl(tryfirst=True)
        def report_result(self, result):
            pending, self.pending = self.pending, None
            if pending is None:
                return
            nodeid, meta, params, rerun, failed = pending
            identity.apply(result, nodeid, self.product, params)
            if isinstance(rerun, dict):
                self._mark_flaky(result, rerun, failed)

    def _mark_flaky(self, result, rerun: dict, failed_again: bool) -> None:
        details = result.statusDetails or StatusDetails()
        details.flaky = True
        if not failed_again:
            details.message = f"Flake: failed in {rerun.get('phase')} on the first attempt: {rerun.get('message', '')}"
            details.trace = rerun.get("longrepr") or details.trace
            if not self.allow_flakes:       # a Flake is not a pass: the first attempt's status shows
                result.status = Status.FAILED
        result.statusDetails = details


class AllureHooks:
    def _allure_on(self) -> bool:
        return allure is not None and allure_dir(self.config) is not None

    def _allure_result_hook(self) -> AllureResultHook | None:
        """The process's AllureResultHook, registered with allure on first use (None: no Allure)."""
        hook = self._result_hook
        if hook is None and self._allure_on():
            hook = self._result_hook = AllureResultHook(self.product, self.allow_flakes)
            allure_commons.plugin_manager.register(hook)
            self.config.add_cleanup(lambda: allure_commons.plugin_manager.unregister(hook))
        return hook

    @pytest.hookimpl(trylast=True, specname="pytest_runtest_setup")
    def pytest_runtest_setup_allure(self, item):
        # inside allure-pytest's set-up wrapper: its result for the test is the current one, and
        # its default suite labels, added at tear-down, keep the parent suite and suite set here
        if self._allure_result_hook() is None:
            return
        by_name: dict[str, list[str]] = {}        # one call per label name: each goes through two hooks
        for name, value in identity.labels(item.nodeid, self.product, item_meta(item)):
            by_name.setdefault(name, []).append(value)
        for name, values in by_name.items():
            allure.dynamic.label(name, *values)

    def _allure_finish(self, rep, recent_errors, failed: bool):
        hook = self._allure_result_hook()
        if hook is None:
            return
        props = records.props_of(rep.user_properties)
        info = getattr(rep, "aclop", {})
        meta = info.get("meta", {})
        item = self._items.get(rep.nodeid)
        rerun = records.first_prop(props, PROP_RERUN)
        hook.pending = (rep.nodeid, meta, getattr(getattr(item, "callspec", None), "params", {}), rerun, failed)
        declared = {meta.get("op"), meta.get("dtype")}
        for tag in records.op_and_dtype(meta, props):
            if tag and tag not in declared:            # declared ones are labels already (set-up)
                allure.dynamic.tag(str(tag))
        metrics = {k[len(METRIC_PREFIX):]: v for k, v in props if isinstance(k, str) and k.startswith(METRIC_PREFIX)}
        numeric, _ = records.numeric_entries([(k, records.decoded(v) if k == PROP_NUMERIC else v) for k, v in props])
        if metrics or numeric:
            doc = getattr(getattr(item, "function", None), "__doc__", None)
            text = metrics_markdown(metrics, numeric)
            allure.dynamic.description(f"{doc}\n\n{text}" if doc else text)
        self._allure_attach(rep.nodeid, metrics, numeric, recent_errors, rerun, failed)

    def _allure_attach(self, nodeid: str, metrics: dict, numeric: list, recent_errors, rerun, failed: bool):
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
        if failed or rerun:
            allure.attach(self.repro(nodeid), name="reproduce", attachment_type=allure.attachment_type.TEXT)


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
