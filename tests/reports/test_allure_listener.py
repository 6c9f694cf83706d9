"""reports/plugin/allure_listener.py: the same Allure files as allure-pytest's own listener.

One suite covering what allure-pytest records (function, class, module and session fixtures,
finalizers, set-up and tear-down failures, skips, xfail and xpass, steps in tests and fixtures,
attachments, allure.dynamic, markers, captured output, a fixture asked for during the call,
parametrized and indirectly parametrized tests, a test reports.plugin runs again) runs once under
allure-pytest's listener and once under LeanAllureListener; every result, and every container's
set-ups, tear-downs and tests, must be the same but for uuids, times and process ids.
"""
import json
import os
import re
import textwrap

import pytest

pytest.importorskip("allure_pytest")

from tests.report_support import run_suite  # noqa: E402

SUITE = '''
import sys

import allure
import pytest


@pytest.fixture(scope="session")
def session_res():
    yield "s"


@pytest.fixture(scope="module")
def module_res(session_res):
    with allure.step("module set-up step"):
        pass
    yield "m"


@pytest.fixture
def plain():
    return 1


@pytest.fixture
def with_teardown(request, module_res):
    request.addfinalizer(lambda: None)
    yield 2
    with allure.step("tear-down step"):
        pass


@pytest.fixture
def broken_setup():
    raise RuntimeError("the set-up broke")


@pytest.fixture
def failing_teardown():
    yield
    assert 1 == 2, "the tear-down failed"


@pytest.fixture
def skipping():
    pytest.skip("skipped in a fixture")


@pytest.fixture(params=["p", "q"])
def indirect(request):
    return request.param


@allure.feature("feature-a")
@pytest.mark.smoke
def test_passes(plain, with_teardown, session_res):
    """The docstring is the description."""
    with allure.step("outer step"):
        with allure.step("inner step {0}", ):
            pass
    allure.attach("some text", name="note", attachment_type=allure.attachment_type.TEXT)
    print("captured stdout")
    sys.stderr.write("captured stderr\\n")


def test_fails(with_teardown):
    assert 1 == 3, "the test failed"


def test_breaks():
    raise KeyError("broken")


def test_setup_breaks(broken_setup):
    pass


def test_teardown_fails(failing_teardown):
    pass


def test_skips_in_body():
    pytest.skip("skipped in the body")


def test_skips_in_fixture(skipping):
    pass


@pytest.mark.xfail(reason="known")
def test_xfails():
    assert False


@pytest.mark.xfail(reason="known")
def test_xpasses():
    pass


def test_dynamic(request):
    allure.dynamic.title("a dynamic title")
    allure.dynamic.label("layer", "api")
    allure.dynamic.link("https://example.com/x", name="x")
    allure.dynamic.parameter("extra", 5)
    request.getfixturevalue("plain")


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.parametrize("name", ["a::b", "c"])
def test_parametrized(n, name, module_res):
    pass


def test_indirect(indirect, module_res):
    pass


ATTEMPTS = []


def test_flaky(with_teardown):
    ATTEMPTS.append(1)
    assert len(ATTEMPTS) > 1, "fails on the first attempt"


class TestGroup:
    @pytest.fixture
    def method_res(self):
        yield 3

    def test_method(self, method_res, session_res):
        pass
'''

CONFTEST = '''
pytest_plugins = ["reports.plugin"]
'''

STOCK = '''
import reports.plugin.allure_listener as lean

lean.install = lambda: False          # allure-pytest's own listener, for the comparison
'''


def _run(tmp_path, name: str, stock: bool) -> str:
    suite = tmp_path / name
    suite.mkdir()
    (suite / "conftest.py").write_text(textwrap.dedent(CONFTEST + (STOCK if stock else "")))
    (suite / "pytest.ini").write_text("[pytest]\n")
    (suite / "test_allure_demo.py").write_text(textwrap.dedent(SUITE))
    out = suite / "report"
    proc = run_suite(str(suite), "--report-dir", str(out), "-p", "no:randomly")     # with reruns
    assert "passed" in proc.stdout and "failed" in proc.stdout, proc.stdout[-3000:] + proc.stderr[-3000:]
    return str(out / "allure-results"), str(suite)


_VOLATILE = {"uuid", "start", "stop", "children", "historyId"}


def _normal(value, attachments: dict, suite: str):
    """A result or container without uuids, times, pids, the suite's own directory; attachments
    by name and content; a trace by its last line."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in _VOLATILE:
                continue
            if k == "source":
                v = attachments.get(v, "<missing attachment file>")
            elif k == "trace":
                v = [line for line in v.splitlines() if line.strip()][-1:] if v else v
            elif k == "value" and value.get("name") == "thread":
                v = re.sub(r"^\d+-", "<pid>-", v)
            out[k] = _normal(v, attachments, suite)
        return out
    if isinstance(value, list):
        return [_normal(v, attachments, suite) for v in value]
    return value.replace(suite, "<suite>") if isinstance(value, str) else value


def _files(directory: str):
    results, containers, attachments = {}, [], {}
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        if "-attachment" in name:
            with open(path, "rb") as f:
                attachments[name] = f.read().decode("utf-8", "replace")
    for name in os.listdir(directory):
        path = os.path.join(directory, name)
        if name.endswith("-result.json"):
            with open(path) as f:
                data = json.load(f)
            results[data["uuid"]] = data
        elif name.endswith("-container.json"):
            with open(path) as f:
                containers.append(json.load(f))
    return results, containers, attachments


def _view(directory: str, suite: str):
    """{test: normalised result}, and a sorted list of (tests served, befores, afters)."""
    results, containers, attachments = _files(directory)
    tests = {}
    for data in results.values():
        key = data.get("fullName", "") + "|" + data["name"]
        assert key not in tests, f"two results for {key}"
        tests[key] = _normal(data, attachments, suite)
    served = []
    for c in containers:
        names = sorted(results[u].get("fullName", "") + "|" + results[u]["name"] for u in c.get("children", [])
                       if u in results)
        served.append((names, _normal(c.get("befores", []), attachments, suite),
                       _normal(c.get("afters", []), attachments, suite)))
    served.sort(key=lambda s: json.dumps(s, sort_keys=True))
    return tests, served


@pytest.mark.slow
def test_lean_listener_writes_what_allure_pytests_listener_writes(tmp_path):
    stock_tests, stock_served = _view(*_run(tmp_path, "stock", stock=True))
    lean_tests, lean_served = _view(*_run(tmp_path, "lean", stock=False))
    assert len(stock_tests) == 18, sorted(stock_tests)
    assert sorted(lean_tests) == sorted(stock_tests)
    for key, expected in stock_tests.items():
        assert lean_tests[key] == expected, f"{key}:\nlean  {lean_tests[key]}\nstock {expected}"
    assert lean_served == stock_served
    # what the comparison stands on: the suite exercised each kind of record
    everything = json.dumps([stock_tests, stock_served])
    for needle in ("the set-up broke", "the tear-down failed", "skipped in a fixture", "XPASS", "XFAIL",
                   "inner step", "module set-up step", "tear-down step", "a dynamic title", "captured stdout",
                   "with_teardown::", "method_res", "session_res", "layer", "first attempt"):
        assert needle in everything, f"the suite no longer exercises {needle!r}"


def test_install_puts_the_subclass_in_place_once():
    from allure_pytest import listener, plugin

    from reports.plugin import allure_listener
    original = plugin.AllureListener
    try:
        plugin.AllureListener = listener.AllureListener
        assert allure_listener.install() is True
        assert plugin.AllureListener is allure_listener.LeanAllureListener
        assert issubclass(allure_listener.LeanAllureListener, listener.AllureListener)
        assert allure_listener.install() is True and plugin.AllureListener is allure_listener.LeanAllureListener
        plugin.AllureListener = type("SomeoneElsesListener", (listener.AllureListener,), {})
        assert allure_listener.install() is False, "another plugin's listener class must be left alone"
    finally:
        plugin.AllureListener = original


def test_fast_uuids_are_version_4_strings_and_never_repeat():
    from reports.plugin.allure_listener import _uuid_source, fast_uuid4
    uuid4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
    many = [fast_uuid4() for _ in range(20000)]
    assert len(set(many)) == len(many) and all(uuid4.match(u) for u in many)
    assert _uuid_source()()[:23] != _uuid_source()()[:23], "two processes would start from one point"
