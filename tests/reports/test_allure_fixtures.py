"""reports/plugin/allure_fixtures.py: allure-pytest's tear-down records made directly, the same as
the ones its plugin-manager round trip makes, and its uuids from a counter."""
import re

import pytest

allure_commons = pytest.importorskip("allure_commons")
listener_module = pytest.importorskip("allure_pytest.listener")

from allure_commons.model2 import TestResultContainer as Container  # noqa: E402
from allure_commons.reporter import AllureReporter  # noqa: E402

from reports.plugin import allure_fixtures  # noqa: E402

UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def test_fast_uuids_are_version_4_strings_and_never_repeat():
    many = [allure_fixtures.fast_uuid4() for _ in range(20000)]
    assert len(set(many)) == len(many)
    bad = [u for u in many if not UUID4.match(u)]
    assert not bad, f"not a version-4 uuid string: {bad[:3]}"


def test_two_processes_start_from_different_random_points():
    one, two = allure_fixtures._uuid_source(), allure_fixtures._uuid_source()
    assert one()[:23] != two()[:23]


class _Receiver:
    """A plugin receiving allure's fixture hooks, as allure-pytest's listener does (``records``:
    with the listener's own code) or only noting them."""

    def __init__(self, records=True):
        self.allure_logger = AllureReporter()
        self.calls, self.records = [], records

    @allure_commons.hookimpl
    def start_fixture(self, parent_uuid, uuid, name):
        self.calls.append(("start", name))
        if self.records:
            listener_module.AllureListener.start_fixture(self, parent_uuid, uuid, name)

    @allure_commons.hookimpl
    def stop_fixture(self, parent_uuid, uuid, name, exc_type, exc_val, exc_tb):
        self.calls.append(("stop", name))
        if self.records:
            listener_module.AllureListener.stop_fixture(self, parent_uuid, uuid, name, exc_type, exc_val, exc_tb)


@pytest.fixture
def receivers():
    """Register receivers with allure's plugin manager for one test (nothing else is registered
    outside a pytest run with allure-pytest's listener: this test run's listener, if any, is)."""
    made = []

    def add(records=True):
        r = _Receiver(records)
        allure_commons.plugin_manager.register(r)
        made.append(r)
        return r
    yield add
    for r in made:
        allure_commons.plugin_manager.unregister(r)


def _container(reporter):
    c = Container(uuid="c-1")
    reporter.start_group("c-1", c)
    return c


def _run(finalizer_class, function, receiver):
    c = _container(receiver.allure_logger)
    wrapped = finalizer_class(function, parent_uuid="c-1", name="fx::fin")
    try:
        wrapped()
    except BaseException as exc:      # noqa: BLE001 - what the finalizer raised is compared
        raised = type(exc)
    else:
        raised = None
    return c.afters, raised, wrapped


def _fail():
    assert 1 == 2, "the tear-down's own assertion"


def _break():
    raise RuntimeError("the tear-down broke")


@pytest.mark.parametrize("function", [lambda: None, _fail, _break, lambda: pytest.skip("skipped")],
                         ids=["passes", "fails", "breaks", "skips"])
def test_recorded_after_equals_the_listeners_own(receivers, function):
    if len(allure_commons.plugin_manager.hook.start_fixture.get_hookimpls()):
        pytest.skip("this run's allure-pytest listener is registered: the sole-receiver case needs none")
    receiver = receivers()
    recorded = allure_fixtures._finalizer_class(allure_commons, listener_module)
    ours, raised_ours, wrapped = _run(recorded, function, receiver)
    assert isinstance(wrapped, recorded) and receiver.calls == [], "the plugin manager was used"
    theirs, raised_theirs, _ = _run(allure_commons.fixture, function, receiver)
    assert receiver.calls == [("start", "fx::fin"), ("stop", "fx::fin")]
    assert raised_ours is raised_theirs
    assert len(ours) == len(theirs) == 1
    a, b = ours[0], theirs[0]
    assert (a.name, a.status) == (b.name, b.status)
    assert (a.statusDetails is None) == (b.statusDetails is None)
    if a.statusDetails is not None:
        assert a.statusDetails.message == b.statusDetails.message
        assert a.statusDetails.trace.splitlines()[-1] == b.statusDetails.trace.splitlines()[-1]
    assert a.start <= a.stop and a.start is not None


def test_a_second_receiver_gets_the_hooks_as_allure_sends_them(receivers):
    first, second = receivers(), receivers(records=False)
    recorded = allure_fixtures._finalizer_class(allure_commons, listener_module)
    wrapped = recorded(lambda: None, parent_uuid="c-1", name="fx::fin")
    assert isinstance(wrapped, allure_commons.fixture) and not isinstance(wrapped, recorded)
    _container(first.allure_logger)
    wrapped()
    assert first.calls == second.calls == [("start", "fx::fin"), ("stop", "fx::fin")]


def _models():
    """Allure model objects as allure-pytest fills them: nested steps, details, empty and False
    fields, zeros, lists of labels, a container's befores and afters and its children list."""
    from allure_commons.model2 import (
        Attachment,
        Label,
        Link,
        Parameter,
        StatusDetails,
        TestAfterResult,
        TestBeforeResult,
        TestResult,
        TestStepResult,
    )

    from reports.plugin.allure_output import Children
    step = TestStepResult(name="inner", status="passed", start=0, stop=5,
                          parameters=[Parameter(name="x", value="1", excluded=False)],
                          steps=[TestStepResult(name="deeper", statusDetails=StatusDetails(message="m", flaky=False))])
    result = TestResult(name="t[1]", uuid="u", status="failed", fullName="a#t", historyId="h",
                        statusDetails=StatusDetails(message="boom", trace="tb", known=False, flaky=None),
                        labels=[Label(name="tag", value="EWH-05"), Label(name="suite", value="")],
                        links=[Link(type="issue", url="http://x", name=None)], steps=[step],
                        attachments=[Attachment(name="metrics", source="s-attachment.json", type="application/json")],
                        parameters=[Parameter(name="case", value="Add-float32")], titlePath=["suites", "x"],
                        description="doc\n\n**Metrics**", start=1, stop=0)
    container = Container(uuid="c", children=Children(["u", "v"]),
                          befores=[TestBeforeResult(name="stream", status="passed", start=3, stop=4)],
                          afters=[TestAfterResult(name="stream::1", status="broken",
                                                  statusDetails=StatusDetails(message="m", trace="t"))])
    return [result, container, Container(uuid="empty"), TestResult()]


@pytest.mark.parametrize("index", range(4))
def test_as_plain_equals_allures_own_asdict(index):
    import json

    import attr

    from reports.plugin.allure_output import as_plain
    item = _models()[index]
    theirs = attr.asdict(item, filter=lambda _, v: v or v is False)
    assert as_plain(item) == theirs
    assert json.dumps(as_plain(item)) == json.dumps(theirs)       # the same key order in the file
