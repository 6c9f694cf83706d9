"""Allure, in the process that ran the test: this harness's identity and labels on allure-pytest's
result (reports.identity), op and dtype tags, and the attachments (metrics, worst elements,
aclGetRecentErrMsg text, the first attempt of a rerun, the reproduction command). Results for
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
        listener = self.config.pluginmanager.get_plugin("allure_listener")
        if listener is None:
            return
        try:
            result = listener.allure_logger.get_test(None)
        except Exception:             # noqa: BLE001 - allure internals: never fail a test over them
            result = None
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
        rerun = records.first_prop(props, PROP_RERUN)
        if isinstance(rerun, dict):
            allure.attach(f"first attempt: {rerun.get('class')} in {rerun.get('phase')}\n\n"
                          f"{rerun.get('longrepr') or rerun.get('message', '')}",
                          name="first attempt (failed)", attachment_type=allure.attachment_type.TEXT)
            self._mark_flaky(rerun, failed)
        if failed or rerun:
            allure.attach(self.repro(rep.nodeid), name="reproduce", attachment_type=allure.attachment_type.TEXT)

    def _mark_flaky(self, rerun: dict, failed_again: bool) -> None:
        listener = self.config.pluginmanager.get_plugin("allure_listener")
        result = listener.allure_logger.get_test(None) if listener is not None else None
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
