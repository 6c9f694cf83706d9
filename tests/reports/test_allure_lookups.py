"""reports/plugin/allure_lookups.py: allure-pytest's repeated lookups, answered once, with the
same answers as allure-pytest's own."""
import functools
import inspect

import pytest

from reports.plugin import allure_lookups
from reports.plugin.allure_lookups import _cached_test_fixtures, _InspectWithCachedArgspec, _shape

utils = pytest.importorskip("allure_commons.utils")


def _plain(a, b=2, *rest, c=3, **kw):
    return a


def _teardown_like(fixturefunc, it):
    return fixturefunc, it


def _lambdas():
    """The callables pytest hands allure: a new lambda per call (the same code), and partials."""
    out = []
    for i in range(3):
        out.append(lambda: i)                       # noqa: B023 - a new function object per call
        out.append(lambda x, y=i: x)                # noqa: B023 - other default objects each time
        out.append(functools.partial(_teardown_like, _plain, iter(())))
        out.append(functools.partial(_plain, 1, c=object()))
    return out + [_plain, print, functools.partial(print, 1)]


@pytest.mark.parametrize("index", range(len(_lambdas())))
def test_cached_spec_equals_inspect_for_every_callable_pytest_hands_allure(index):
    cached = _InspectWithCachedArgspec(inspect)
    funcs = _lambdas()
    for func in funcs:                              # fill the cache with every shape first
        try:
            cached.getfullargspec(func)
        except TypeError:
            pass
    func = funcs[index]
    try:
        want = inspect.getfullargspec(func)
    except TypeError:
        with pytest.raises(TypeError):
            cached.getfullargspec(func)
        return
    assert cached.getfullargspec(func) == want


def test_defaults_are_keyed_by_identity_so_other_defaults_are_never_answered_from_the_cache():
    cached = _InspectWithCachedArgspec(inspect)

    def make(default):
        return lambda x, y=default: x

    f1, f2 = make([1]), make([2])
    assert f1.__code__ is f2.__code__ and _shape(f1) != _shape(f2)
    assert cached.getfullargspec(f1).defaults == ([1],)
    assert cached.getfullargspec(f2).defaults == ([2],)


def test_func_parameters_through_the_cache_gives_allures_own_answer(monkeypatch):
    calls = [(lambda: 1, (), {}), (_plain, (1,), {"c": 9}), (functools.partial(_teardown_like, _plain), (5,), {})]
    want = [utils.func_parameters(f, *a, **k) for f, a, k in calls]
    monkeypatch.setattr(utils, "inspect", _InspectWithCachedArgspec(inspect))
    assert [utils.func_parameters(f, *a, **k) for f, a, k in calls] == want
    assert [utils.func_parameters(f, *a, **k) for f, a, k in calls] == want     # answered from the cache


class _Parent:
    def __init__(self, nodeid):
        self.nodeid = nodeid


class _Request:
    def __init__(self, names):
        self.fixturenames = names


class _Item:
    def __init__(self, parent, names):
        self.parent, self._request = _Parent(parent), _Request(list(names))


def test_test_fixtures_is_asked_once_per_parent_and_names_and_new_names_are_a_new_question():
    asked = []

    def original(item):
        asked.append((item.parent.nodeid, tuple(item._request.fixturenames)))
        return [f"def-{n}" for n in item._request.fixturenames]

    cached = _cached_test_fixtures(original)
    a, b = _Item("suites/test_x.py", ["acl", "stream"]), _Item("suites/test_x.py", ["acl", "stream"])
    assert cached(a) == cached(b) == cached(a) == ["def-acl", "def-stream"]
    assert len(asked) == 1
    out = cached(a)
    out.append("changed by a caller")
    assert cached(b) == ["def-acl", "def-stream"], "a caller's list is its own"
    a._request.fixturenames.append("scope")          # request.getfixturevalue during the call
    assert cached(a) == ["def-acl", "def-stream", "def-scope"]
    assert cached(_Item("suites/test_y.py", ["acl", "stream"])) == ["def-acl", "def-stream"]
    assert len(asked) == 3


def test_install_is_idempotent_and_leaves_allures_files_to_allure():
    allure_lookups.install()
    assert allure_lookups.install() == []
    from allure_pytest import listener
    assert hasattr(listener._test_fixtures, "__wrapped__")
    assert isinstance(utils.inspect, _InspectWithCachedArgspec)
