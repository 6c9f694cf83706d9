"""allure-pytest's listener with its bookkeeping done once per test: the same result and
container files, from allure-pytest's own functions.

allure-pytest's ``AllureListener`` spends most of what it costs a test on bookkeeping, not on
what it writes (docs/PERFORMANCE.md, issue 21, seventh round): every lookup of a test, fixture
or container goes through its reporter's per-thread ordered dict (``threading.current_thread``
and two dict lookups each); a test's fixtures are matched to their containers after its set-up
and again after its call, one ``getfixturedefs`` per fixture name; the pseudo-fixture pytest makes
for each parametrized argument gets a container, a set-up record and wrapped finalizers that no
file ever shows; every finalizer is wrapped in ``allure_commons.fixture``, which inspects the
finalizer's signature and goes through allure's plugin manager twice; its eight pytest hooks are
old-style hook wrappers.

``LeanAllureListener`` is a subclass. allure's own hooks (steps, attachments, ``allure.dynamic``,
titles, links, parameters) are inherited unchanged; its pytest hooks are replaced by ones that
keep allure-pytest's rules and call its functions (``allure_pytest.utils``: names, full names,
title paths, descriptions, labels, suite labels, links, history ids, statuses) but hold the test
and the containers directly:

- a test's result is scheduled in the reporter (``allure.dynamic`` and steps find it there) and
  found again by node id in a plain dict; containers are held by the listener; a fixture's
  set-up or tear-down record sits in the reporter only while it runs (a step taken inside a
  fixture lands in it, as with allure-pytest);
- a container's children keep a set beside the list (a session fixture serves every test);
- the fixture definitions behind an item's fixture names are looked up once per (parent node,
  names), and matched again after the call only when the call asked for another fixture;
- a direct-parametrization pseudo-fixture gets no records: allure-pytest's container for it has
  no child, and its file was never written (allure_output.MergingAllureFileLogger);
- a finalizer is wrapped in a small callable that records its tear-down into the fixture's
  container, with allure-pytest's name (``<fixture>::<finalizer name or index>``), status
  (``get_status``) and details (``get_status_details``);
- new-style hook wrappers; uuids from a per-process random start and a counter.

``tests/reports/test_allure_listener.py`` runs the same tests under both listeners and compares
every result and every test's set-ups and tear-downs. ``install`` puts the subclass in place of
``allure_pytest.plugin.AllureListener`` before allure-pytest's ``pytest_configure`` makes its
listener, only where allure-pytest has the class and functions this module calls; otherwise
allure-pytest runs as it is.
"""
from __future__ import annotations

import contextlib
import itertools
import uuid as _uuid

import pytest

from .allure_output import Children

try:
    import allure_commons
    from allure_commons.model2 import (
        Label,
        Link,
        Parameter,
        Status,
        StatusDetails,
        TestAfterResult,
        TestBeforeResult,
        TestResult,
        TestResultContainer,
    )
    from allure_commons.types import AttachmentType, LabelType
    from allure_commons.utils import md5, now, platform_label, represent
    from allure_pytest import listener as _listener_module
    from allure_pytest import utils as _utils
    from allure_pytest.compat import getfixturedefs
    from allure_pytest.listener import AllureListener
except ImportError:                      # allure-pytest is a dependency; tolerate its absence
    allure_commons = None
    AllureListener = object


def _uuid_source():
    """A ``uuid4()`` stand-in: version-4 uuid strings, a per-process random start and a counter
    (``uuid.uuid4()`` reads 16 bytes from the OS and makes a UUID object each time)."""
    h = _uuid.uuid4().hex
    prefix = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-"      # version and variant as uuid4 set them
    counter = itertools.count(int(h[20:], 16))
    mask = (1 << 48) - 1

    def fast_uuid4() -> str:
        return f"{prefix}{next(counter) & mask:012x}"
    return fast_uuid4


fast_uuid4 = _uuid_source()

MAX_LOOKUPS = 4096      # far above the distinct (parent, fixture names) of a run; a bound, not a knob


def _is_direct_param(fixturedef) -> bool:
    """pytest's pseudo-fixture for a directly parametrized argument (never a registered fixture,
    so allure-pytest's container for it gets no child)."""
    return getattr(fixturedef.func, "__name__", "") == "get_direct_param_fixture_func"


def _request_names(item):
    """The names allure-pytest matches a test's fixtures by: its request's ``fixturenames`` (those
    of its closure, then any asked for with ``request.getfixturevalue``), or None."""
    return getattr(getattr(item, "_request", None), "fixturenames", None)


class _RecordedFinalizer:
    """A fixture finalizer that records its tear-down into the fixture's container as
    allure-pytest's ``allure_commons.fixture`` wrapper and listener do. No ``__name__``, like
    allure's wrapper (a later set-up names an already wrapped finalizer by its index)."""
    __slots__ = ("_function", "_container", "_name", "_items")

    def __init__(self, function, container, name: str, items):
        self._function, self._container, self._name, self._items = function, container, name, items

    def __call__(self, *args, **kwargs):
        after = TestAfterResult(name=self._name, start=now())
        self._container.afters.append(after)
        with _running(after, self._items):
            return self._function(*args, **kwargs)


@contextlib.contextmanager
def _running(record, items):
    """A fixture's set-up or tear-down ``record`` in the reporter while its code runs (a step taken
    there lands in it), then the status, details and stop time allure-pytest gives it."""
    key = fast_uuid4()
    items[key] = record
    try:
        yield
    except BaseException as exc:
        record.status = _utils.get_status(exc)
        record.statusDetails = _utils.get_status_details(type(exc), exc, exc.__traceback__)
        raise
    else:
        record.status = Status.PASSED
    finally:
        record.stop = now()
        items.pop(key)


class LeanAllureListener(AllureListener):
    def __init__(self, config):
        super().__init__(config)
        self._tests: dict[str, TestResult] = {}          # node id -> its open result
        self._groups: dict[int, tuple] = {}              # id(fixturedef) -> (fixturedef, container)
        self._lookups: dict[tuple, list] = {}            # (parent node id, names) -> fixturedefs
        self._matched: dict[str, int] = {}               # node id -> fixture names when last matched
        self._names: dict[tuple, tuple] = {}             # (node id before '[', function) -> names
        self._language = platform_label()

    # ---- the test's result -------------------------------------------------------------
    def _open(self, item) -> TestResult:
        result = self._tests.get(item.nodeid)
        if result is None:
            uuid = fast_uuid4()
            result = self._tests[item.nodeid] = TestResult(name=item.name, uuid=uuid, start=now(), stop=now())
            self.allure_logger.schedule_test(uuid, result)
        return result

    def _close(self, nodeid: str) -> None:
        result = self._tests.pop(nodeid, None)
        self._matched.pop(nodeid, None)
        if result is not None:
            if result.status is None:
                result.status = Status.SKIPPED
            self.allure_logger.close_test(result.uuid)

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_protocol(self, item, nextitem):
        self._open(item)
        try:
            return (yield)
        finally:
            self._close(item.nodeid)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item):
        result = self._open(item)
        try:
            return (yield)
        finally:
            self._match_fixtures(item, result.uuid)
            params = item.callspec.params if hasattr(item, "callspec") else {}
            param_id = item.callspec.id if hasattr(item, "callspec") else None
            result.name = _utils.allure_name(item, params, param_id)
            full_name, title_path = self._full_name(item)
            result.fullName = full_name
            result.titlePath = list(title_path)
            result.testCaseId = md5(full_name)
            result.description = _utils.allure_description(item)
            result.descriptionHtml = _utils.allure_description_html(item)
            present = {p.name for p in result.parameters}
            result.parameters.extend(Parameter(name=name, value=represent(value))
                                     for name, value in params.items() if name not in present)

    def _full_name(self, item) -> tuple[str, tuple[str, ...]]:
        """allure's full name and title path: the same for every parameter set of a function."""
        base, bracket, rest = item.nodeid.partition("[")
        if bracket and "::" in rest:                         # a parameter id holding '::'
            return _utils.allure_full_name(item), tuple(_utils.allure_title_path(item))
        key = (base, getattr(item, "originalname", None))
        names = self._names.get(key)
        if names is None:
            names = self._names[key] = (_utils.allure_full_name(item), tuple(_utils.allure_title_path(item)))
        return names

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item):
        result = self._tests.get(item.nodeid)
        if result is not None:       # last in the reporter again: allure.dynamic finds it first
            self.allure_logger.drop_test(result.uuid)
            self.allure_logger.schedule_test(result.uuid, result)
            result.start = now()
        try:
            return (yield)
        finally:
            if result is not None:
                if len(_request_names(item) or ()) != self._matched.get(item.nodeid):
                    self._match_fixtures(item, result.uuid)      # the call asked for another fixture
                result.stop = now()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item):
        try:
            return (yield)
        finally:
            result = self._tests.get(item.nodeid)
            if result is not None:
                self._label(item, result)

    def _label(self, item, result: TestResult) -> None:
        """allure-pytest's teardown: the history id, then labels and links, in its order."""
        params = item.callspec.params if hasattr(item, "callspec") else {}
        result.historyId = _utils.get_history_id(result.fullName, result.parameters, original_values=params)
        labels = result.labels
        own = _utils.allure_labels(item)
        labels.extend(Label(name=name, value=value) for name, value in own)
        labels.extend(Label(name=LabelType.TAG, value=value) for value in _utils.pytest_markers(item))
        existing = {label.name for label in labels if label.name in AllureListener.SUITE_LABELS}
        nodeid = _utils.parse_nodeid(item)
        declared = dict(own)
        for name, value in ((LabelType.PARENT_SUITE, nodeid.parent_package), (LabelType.SUITE, nodeid.module),
                            (LabelType.SUB_SUITE, " > ".join(nodeid.class_names))):
            if name not in declared and value and name not in existing:
                labels.append(Label(name=name, value=value))
        labels += [Label(name=LabelType.HOST, value=self._host), Label(name=LabelType.THREAD, value=self._thread),
                   Label(name=LabelType.FRAMEWORK, value="pytest"),
                   Label(name=LabelType.LANGUAGE, value=self._language),
                   Label(name="package", value=nodeid.package)]
        result.links.extend(Link(link_type, url, name) for link_type, url, name in _utils.allure_links(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item, call):
        report = yield
        result = self._tests.get(item.nodeid)
        if result is None:
            return report
        status = _utils.get_pytest_report_status(report)
        details = None
        if call.excinfo:
            message = call.excinfo.exconly()
            if hasattr(report, "wasxfail"):
                reason = report.wasxfail
                message = (f"XFAIL {reason}" if reason else "XFAIL") + "\n\n" + message
            details = StatusDetails(message=message, trace=report.longreprtext)
            if status != Status.SKIPPED and _listener_module._exception_brokes_test(call.excinfo.value):
                status = Status.BROKEN
        if status == Status.PASSED and hasattr(report, "wasxfail"):
            reason = report.wasxfail
            details = StatusDetails(message=f"XPASS {reason}" if reason else "XPASS")
        if report.when == "setup":
            result.status, result.statusDetails = status, details
        elif report.when == "call":
            if result.status == Status.PASSED:
                result.status, result.statusDetails = status, details
        elif report.when == "teardown":
            if status in (Status.FAILED, Status.BROKEN) and result.status == Status.PASSED:
                result.status, result.statusDetails = status, details
            if self.config.option.attach_capture:
                for body, name in ((report.caplog, "log"), (report.capstdout, "stdout"),
                                   (report.capstderr, "stderr")):
                    if body:
                        self.attach_data(body, name, AttachmentType.TEXT, None)
        return report

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_logfinish(self, nodeid, location):
        try:
            return (yield)
        finally:
            self._close(nodeid)

    # ---- fixtures and their containers -----------------------------------------------
    def _container(self, fixturedef):
        entry = self._groups.get(id(fixturedef))
        if entry is not None and entry[0] is fixturedef:
            return entry[1]
        container = TestResultContainer(uuid=fast_uuid4(), children=Children())
        self._groups[id(fixturedef)] = (fixturedef, container)
        return container

    def _fixturedefs(self, item, names) -> list:
        """allure-pytest's ``_test_fixtures(item)`` for the item's fixture ``names``, looked up once
        per (parent node, names): the answer depends on nothing else (fixture visibility follows
        the node's parents)."""
        parent = getattr(getattr(item, "parent", None), "nodeid", None)
        if names is None or parent is None:
            return _listener_module._test_fixtures(item)
        key = (parent, tuple(names))
        found = self._lookups.get(key)
        if found is None:
            if len(self._lookups) >= MAX_LOOKUPS:
                self._lookups.clear()
            manager = item.session._fixturemanager
            found = self._lookups[key] = [d for name in names for d in (getfixturedefs(manager, name, item) or ())]
        return found

    def _match_fixtures(self, item, test_uuid: str) -> None:
        """Every fixture of the item has a container with the test among its children."""
        names = _request_names(item)          # a list pytest builds anew at every ask: once here
        self._matched[item.nodeid] = len(names or ())
        for fixturedef in self._fixturedefs(item, names):
            children = self._container(fixturedef).children
            if test_uuid not in children:
                children.append(test_uuid)

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        if _is_direct_param(fixturedef):
            return (yield)
        name = getattr(fixturedef.func, "__allure_display_name__", fixturedef.argname)
        container = self._container(fixturedef)
        container.start = now()
        before = TestBeforeResult(name=name, start=now())
        container.befores.append(before)
        items = self.allure_logger._items
        try:
            with _running(before, items):
                result = yield
        finally:
            finalizers = getattr(fixturedef, "_finalizers", [])
            for index, finalizer in enumerate(finalizers):
                finalizers[index] = _RecordedFinalizer(
                    finalizer, container, f"{name}::{getattr(finalizer, '__name__', index)}", items)
        return result

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_post_finalizer(self, fixturedef):
        try:
            return (yield)
        finally:
            entry = self._groups.get(id(fixturedef))
            if hasattr(fixturedef, "cached_result") and entry is not None and entry[0] is fixturedef:
                del self._groups[id(fixturedef)]
                container = entry[1]
                container.stop = now()
                allure_commons.plugin_manager.hook.report_container(container=container)


def install() -> bool:
    """Make allure-pytest's ``pytest_configure`` create a LeanAllureListener; True when done (or
    done already). Nothing changes where allure-pytest's plugin, or a function called above, is
    not the one this module was written against."""
    if allure_commons is None:
        return False
    try:
        from allure_pytest import plugin
    except ImportError:
        return False
    if plugin.AllureListener is LeanAllureListener:
        return True
    needed = ("allure_name", "allure_full_name", "allure_title_path", "allure_description",
              "allure_description_html", "allure_labels", "pytest_markers", "allure_links", "parse_nodeid",
              "get_history_id", "get_status", "get_status_details", "get_pytest_report_status")
    if plugin.AllureListener is not AllureListener or not all(hasattr(_utils, n) for n in needed) \
            or not hasattr(_listener_module, "_exception_brokes_test") \
            or not hasattr(_listener_module, "_test_fixtures"):
        return False
    plugin.AllureListener = LeanAllureListener
    return True
