"""allure-pytest's fixture tear-downs and uuids, recorded with less work and the same files.

At each fixture's setup allure-pytest wraps every finalizer in ``allure_commons.fixture``. When
pytest tears the fixture down, that wrapper runs ``func_parameters`` (a signature inspection
whose answer the listener never reads) and sends ``start_fixture`` and ``stop_fixture`` through
allure's plugin manager, whose one receiver, the listener, appends a ``TestAfterResult`` to the
fixture's container and later sets its stop, status and details. ``RecordedFinalizer`` does
exactly that append and those settings itself: the same names, statuses (allure-pytest's
``get_status``) and details (``get_status_details``) in the same container. When any other
allure plugin receives those hooks, it sends them as allure does.

allure-pytest makes a uuid for every test, fixture and attachment with ``uuid.uuid4()``: 16
bytes from the OS and a ``UUID`` object each time, 2.5% of a numeric run under py-spy.
``fast_uuid4`` gives version-4 uuid strings from one random per-process start, with a counter in
the last 48 bits: unique within the process by construction, across processes by the 74 random
bits of the start.

Both are put in place at session start (``install``), only where allure-pytest's internals are
the ones this module was written against, and changes nothing otherwise
(docs/PERFORMANCE.md, issue 21, fourth round).
"""
from __future__ import annotations

import itertools
import types
import uuid


def _uuid_source():
    """A ``uuid4()`` stand-in: version-4 uuid strings, a per-process random start and a counter."""
    h = uuid.uuid4().hex
    prefix = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-"      # version and variant as uuid4 set them
    counter = itertools.count(int(h[20:], 16))
    mask = (1 << 48) - 1

    def fast_uuid4() -> str:
        return f"{prefix}{next(counter) & mask:012x}"
    return fast_uuid4


fast_uuid4 = _uuid_source()


def _finalizer_class(commons, listener_module):
    TestAfterResult = listener_module.TestAfterResult
    now, passed = listener_module.now, listener_module.Status.PASSED
    from allure_commons.reporter import AllureReporter
    from allure_pytest.utils import get_status, get_status_details
    original = commons.fixture
    hooks = commons.plugin_manager.hook

    def sole_reporter():
        """The reporter of the one plugin receiving start_fixture and stop_fixture, or None."""
        starts, stops = hooks.start_fixture.get_hookimpls(), hooks.stop_fixture.get_hookimpls()
        if len(starts) != 1 or len(stops) != 1 or starts[0].plugin is not stops[0].plugin:
            return None
        reporter = getattr(starts[0].plugin, "allure_logger", None)
        return reporter if isinstance(reporter, AllureReporter) else None

    class RecordedFinalizer:
        """``allure_commons.fixture`` for the listener's finalizers: the listener's after-fixture
        record made here, not through the plugin manager, whenever one listener alone receives
        it (a pytest run inside a test's run, e.g. pytester's, registers a second one)."""
        __slots__ = ("_function", "_parent", "_name", "_reporter")

        def __new__(cls, function, parent_uuid=None, name=None):
            reporter = sole_reporter()
            if reporter is None:
                return original(function, parent_uuid=parent_uuid, name=name)
            self = super().__new__(cls)
            self._function, self._parent, self._reporter = function, parent_uuid, reporter
            self._name = name if name else function.__name__
            return self

        def __call__(self, *args, **kwargs):
            after = TestAfterResult(name=self._name, start=now())
            container = self._reporter.get_item(self._parent)
            if container is not None:
                container.afters.append(after)
            try:
                out = self._function(*args, **kwargs)
            except BaseException as exc:
                after.status = get_status(exc)
                after.statusDetails = get_status_details(type(exc), exc, exc.__traceback__)
                after.stop = now()
                raise
            after.status = passed
            after.stop = now()
            return out

    return RecordedFinalizer


class _CommonsWithRecordedFinalizers(types.ModuleType):
    """``allure_commons`` as allure_pytest.listener sees it: ``fixture`` is RecordedFinalizer."""

    def __init__(self, real, finalizer_class):
        super().__init__(real.__name__, real.__doc__)
        self._real = real
        self.fixture = finalizer_class

    def __getattr__(self, name):
        return getattr(self._real, name)


def install() -> list[str]:
    """Put both in place in allure_pytest.listener; the names installed now (none on a second
    call, and none where its internals are not the ones this module reads)."""
    done: list[str] = []
    try:
        import allure_commons
        from allure_pytest import listener as listener_module
    except ImportError:
        return done
    if listener_module.allure_commons is allure_commons and hasattr(listener_module, "TestAfterResult") \
            and callable(getattr(allure_commons, "fixture", None)) \
            and hasattr(getattr(allure_commons, "plugin_manager", None), "hook"):
        finalizer = _finalizer_class(allure_commons, listener_module)
        listener_module.allure_commons = _CommonsWithRecordedFinalizers(allure_commons, finalizer)
        done.append("finalizers")
    if getattr(listener_module, "uuid4", None) is getattr(allure_commons.utils, "uuid4", None):
        listener_module.uuid4 = fast_uuid4
        done.append("uuid4")
    return done
