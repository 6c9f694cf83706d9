"""allure-pytest's result files, with fewer files per test.

allure-pytest reports one *container* per fixture per test: a file holding that fixture's
setup and teardown (``befores``/``afters``) and the test it served (``children``). A contract
test has about six function-scoped fixtures, so it left eight or nine files (result, containers,
attachment), and creating files was the largest single cost of a contract test (about 0.1-0.5 ms
each here, depending on the disk; docs/PERFORMANCE.md).

The allure report attaches a container's befores and afters to each of its children, so the
containers that serve exactly one test can be merged into one container for that test without
changing what the report shows: the same fixtures, in the same order, with the same timings and
statuses. Containers with no child at all (allure-pytest makes one for each parametrize argument)
are shown nowhere and are not written. That is all this module changes. Containers that serve several tests (session- and
module-scoped fixtures) are written as they come, unchanged, and so is every result and
attachment. Files are encoded with the C JSON encoder (``json.dumps`` without indent; allure's
``json.dump`` on a file always takes the pure-Python one) and created by a child process
(file_writer.py: the kernel's cost of creating two files per test leaves the tests' path), still
atomically (temporary name, then rename), as allure does; the session's end waits for them.

The logger allure-pytest registered is kept (its own cleanup unregisters it by identity at the
end of the run); only its class is narrowed to the subclass below, at session start. Containers
still buffered when the session ends (a test interrupted before its result) are written then,
unmerged. With ``ALLURE_INDENT_OUTPUT`` set when the session starts, allure's own writer is used
unchanged.

The container of a session-scoped fixture serves every test of the run, and allure-pytest asks
``uuid not in group.children`` for every fixture at every test's setup and call: a scan of a list
as long as the run so far, quadratic over a run (about 3 ms per test at the end of 3600 numeric
tests). ``Children`` keeps a set beside that list: allure_listener.LeanAllureListener makes its
containers with it, and where allure-pytest's own listener runs (allure_listener.install declined)
its reporter is narrowed at session start to one whose containers do too; the list, its order and
every file stay the same.
"""
from __future__ import annotations

import json
import os
import uuid

from .file_writer import FileWriter

try:
    import allure_commons
    from allure_commons.logger import AllureFileLogger
    from allure_commons.model2 import TestResult, TestResultContainer
    from allure_commons.reporter import AllureReporter
except ImportError:                      # allure-pytest is a dependency; tolerate its absence
    allure_commons = None
    AllureFileLogger = AllureReporter = object


_SCALARS = frozenset((str, int, float, bool, type(None)))
_FIELDS: dict[type, tuple[str, ...] | None] = {}     # attrs class -> its field names; None: not attrs


def _field_names(cls) -> tuple[str, ...] | None:
    try:
        return _FIELDS[cls]
    except KeyError:
        import attr
        names = _FIELDS[cls] = tuple(a.name for a in attr.fields(cls)) if attr.has(cls) else None
        return names


def as_plain(item) -> dict:
    """``attr.asdict(item, filter=lambda _, v: v or v is False)`` (allure's own call: empty fields
    dropped) for allure's model: the same dict, without attrs' generic walk (a filter call and a
    type dispatch per field; 2.3% of a numeric run)."""
    out = {}
    for name in _field_names(type(item)):
        value = getattr(item, name)
        if value or value is False:             # allure's filter
            out[name] = _plain_value(value)
    return out


def _plain_value(value):
    cls = type(value)
    if cls in _SCALARS:
        return value
    if _field_names(cls) is not None:
        return as_plain(value)
    if isinstance(value, (tuple, list, set, frozenset)):
        return [_plain_value(v) for v in value]
    if isinstance(value, dict):
        return {_plain_value(k): _plain_value(v) for k, v in value.items()}
    return value


class MergingAllureFileLogger(AllureFileLogger):
    """AllureFileLogger that writes one container per test for the fixtures serving only it."""

    def _start(self) -> None:
        """State a plain AllureFileLogger lacks (allure-pytest created the instance)."""
        self._by_test: dict[str, list] = {}      # test uuid -> containers serving only it
        self._reported: set[str] = set()          # tests whose result is written already
        # read once: os.environ is looked up (and its key encoded) at every file otherwise
        self._indent = bool(os.environ.get("ALLURE_INDENT_OUTPUT"))
        self._dir = str(self._report_dir)
        self._writer = FileWriter()               # a child process creates the files

    def _write(self, filename: str, data: dict) -> None:
        # atomically (a temporary name, then a rename): readers never see a half-written file
        self._writer.write(f"{self._dir}/{filename}", json.dumps(data, ensure_ascii=False).encode("utf-8"))

    # Only _report_item is overridden: pluggy bound allure's report_result / report_container
    # when allure-pytest registered the instance, and both call self._report_item.
    def _report_item(self, item):
        if self._indent:
            return super()._report_item(item)
        if isinstance(item, TestResultContainer):
            children = list(item.children or ())
            if not children:
                return      # serves no test (a parametrize argument): the report never shows it
            if len(children) == 1 and children[0] not in self._reported:
                self._by_test.setdefault(children[0], []).append(item)
                return
        self._write_item(item)
        if isinstance(item, TestResult):
            self._reported.add(item.uuid)
            self._write_merged(item.uuid, self._by_test.pop(item.uuid, []))

    def _write_item(self, item) -> None:
        self._write(item.file_pattern.format(prefix=uuid.uuid4()), as_plain(item))

    def _write_merged(self, test_uuid: str, containers: list) -> None:
        if len(containers) <= 1:
            for c in containers:
                self._write_item(c)
            return
        starts = [c.start for c in containers if c.start is not None]
        stops = [c.stop for c in containers if c.stop is not None]
        merged = TestResultContainer(
            uuid=str(uuid.uuid4()), children=[test_uuid],
            # containers arrive in teardown order, the reverse of setup order
            befores=sorted((b for c in reversed(containers) for b in c.befores), key=lambda b: b.start or 0),
            afters=sorted((a for c in containers for a in c.afters), key=lambda a: a.start or 0),
            start=min(starts) if starts else None, stop=max(stops) if stops else None)
        self._write_item(merged)

    def flush(self) -> str | None:
        """Write what is still buffered (tests that never reported a result), unmerged, and wait
        until every file is written; None, or what could not be written."""
        while self._by_test:
            _, containers = self._by_test.popitem()
            for c in containers:
                self._write_item(c)
        return self._writer.close()


class Children(list):
    """A container's ``children``: the same list, with a set beside it for ``in``. allure only
    appends to it (AllureReporter._update_item); every other change rebuilds the set."""

    def __init__(self, items=()):
        super().__init__(items)
        self._members = set(self)

    def __contains__(self, value) -> bool:
        return value in self._members

    def append(self, value) -> None:
        super().append(value)
        self._members.add(value)


def _rebuilding(name: str):
    """list's mutator ``name``, then the set made anew (allure never calls these; they keep
    ``in`` true to the list should anything else)."""
    def method(self, *args):
        out = getattr(list, name)(self, *args)
        self._members = set(self)
        return self if name == "__iadd__" else out
    method.__name__ = name
    return method


for _name in ("extend", "insert", "remove", "pop", "clear", "__setitem__", "__delitem__", "__iadd__"):
    setattr(Children, _name, _rebuilding(_name))
del _name


class SetChildrenReporter(AllureReporter):
    """AllureReporter whose containers keep their children in a ``Children``."""

    def start_group(self, uuid, group):
        if not isinstance(group.children, Children):
            group.children = Children(group.children)
        super().start_group(uuid, group)


def adopt_registered_reporters() -> int:
    """Narrow the AllureReporter of every registered allure-pytest listener to
    SetChildrenReporter (containers started before keep their plain list); how many."""
    if allure_commons is None:
        return 0
    changed = 0
    for plugin in allure_commons.plugin_manager.get_plugins():
        reporter = getattr(plugin, "allure_logger", None)
        if type(reporter) is AllureReporter:
            reporter.__class__ = SetChildrenReporter
            changed += 1
    return changed


def _file_loggers():
    if allure_commons is None:
        return []
    return [p for p in allure_commons.plugin_manager.get_plugins() if isinstance(p, AllureFileLogger)]


def adopt_registered_loggers() -> int:
    """Narrow every registered plain AllureFileLogger to MergingAllureFileLogger; how many."""
    changed = 0
    for plugin in _file_loggers():
        if type(plugin) is AllureFileLogger:
            plugin.__class__ = MergingAllureFileLogger
            plugin._start()
            changed += 1
    return changed


def flush_registered_loggers() -> list[str]:
    """Every MergingAllureFileLogger's flush: what could not be written, per results directory."""
    problems = []
    for plugin in _file_loggers():
        if isinstance(plugin, MergingAllureFileLogger):
            problem = plugin.flush()
            if problem:
                problems.append(f"{plugin._report_dir}: {problem}")
    return problems
