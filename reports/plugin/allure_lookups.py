"""allure-pytest's per-test lookups, made once per distinct question instead of at every call.

allure-pytest asks two questions again and again, and the answers never change during a run:

- ``allure_pytest.listener._test_fixtures(item)``: the fixture definitions behind the item's
  fixture names, once at the end of each test's setup and again at the end of its call, one
  ``FixtureManager.getfixturedefs`` per name (about 16 names per suite test). The answer depends
  only on the names and on where the item sits (fixture visibility follows the node's parents:
  pytest's ``FixtureManager._matchfactories``), so it is kept per (parent node id, names). A
  name a test adds with ``request.getfixturevalue`` changes the names, so it is a new question.
- ``allure_commons.utils.func_parameters(func, ...)``: at every fixture setup and teardown, to
  record its parameters, it runs ``inspect.getfullargspec(func)``, an ``inspect.signature`` each
  time. pytest hands it a new object every time (a ``lambda`` made in ``FixtureDef.execute``, a
  ``functools.partial`` of ``_teardown_yield_fixture``), so the spec is kept per *shape* of the
  callable, which is all ``getfullargspec`` reads: a function's code object, defaults and
  keyword defaults; a partial's function, how many positional arguments it binds and which
  keyword values. A ``FullArgSpec`` is an immutable named tuple; everything else
  ``func_parameters`` does runs as before.

Under py-spy, ``func_parameters`` went from 3.5% to 0.7% of a numeric run with them
(docs/PERFORMANCE.md). Every file allure writes stays the same. ``install`` is idempotent
and changes nothing when allure-pytest is absent or its internals differ from these.
"""
from __future__ import annotations

import functools
import inspect
import types

MAX_ENTRIES = 4096      # far above the distinct questions of a run; a bound, not a tuning knob


def _cached_test_fixtures(original):
    answers: dict[tuple, list] = {}

    def _test_fixtures(item):
        request = getattr(item, "_request", None)
        names = getattr(request, "fixturenames", None)
        parent = getattr(getattr(item, "parent", None), "nodeid", None)
        if names is None or parent is None:
            return original(item)
        key = (parent, tuple(names))
        found = answers.get(key)
        if found is None:
            if len(answers) >= MAX_ENTRIES:
                answers.clear()
            found = answers[key] = original(item)
        return list(found)           # allure's callers get their own list, as before

    _test_fixtures.__wrapped__ = original
    return _test_fixtures


class _InspectWithCachedArgspec(types.ModuleType):
    """``inspect`` as allure_commons.utils sees it: ``getfullargspec`` answered once per function."""

    def __init__(self, real):
        super().__init__(real.__name__, real.__doc__)
        self._real = real
        self._specs: dict = {}

    def __getattr__(self, name):
        return getattr(self._real, name)

    def getfullargspec(self, func):
        key = _shape(func)
        if key is None:                            # another kind of callable: ask every time
            return self._real.getfullargspec(func)
        spec = self._specs.get(key)
        if spec is None:
            if len(self._specs) >= MAX_ENTRIES:
                self._specs.clear()
            spec = self._specs[key] = self._real.getfullargspec(func)
        return spec


def _shape(func):
    """What ``inspect.getfullargspec`` reads of ``func``, as a key; None where that is not known.
    Defaults are keyed by identity (their values become the spec's defaults, and the kept spec
    keeps them alive, so an id is never reused while its key exists): a callable with other
    default objects is a new key, never a wrong answer. Annotations are not in the key; the one
    reader of these specs, ``func_parameters``, reads only names, defaults and varargs."""
    if isinstance(func, types.FunctionType) and not hasattr(func, "__wrapped__") and not hasattr(func, "__signature__"):
        return ("function", func.__code__, _ids(func.__defaults__), _ids(func.__kwdefaults__))
    if type(func) is functools.partial:
        inner = _shape(func.func)
        if inner is None:
            return None
        return ("partial", inner, len(func.args), tuple((k, id(v)) for k, v in func.keywords.items()))
    return None


def _ids(values) -> tuple | None:
    if values is None:
        return None
    if isinstance(values, dict):
        return tuple((k, id(v)) for k, v in values.items())
    return tuple(id(v) for v in values)


def install() -> list[str]:
    """Put both caches in place; the names of those installed now (none on a second call)."""
    done = []
    try:
        from allure_commons import utils
        from allure_pytest import listener
    except ImportError:
        return done
    original = getattr(listener, "_test_fixtures", None)
    if callable(original) and not hasattr(original, "__wrapped__"):
        listener._test_fixtures = _cached_test_fixtures(original)
        done.append("_test_fixtures")
    if getattr(utils, "inspect", None) is inspect:
        utils.inspect = _InspectWithCachedArgspec(inspect)
        done.append("getfullargspec")
    return done
