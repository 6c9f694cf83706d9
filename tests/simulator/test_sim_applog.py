"""aclAppLog: CANN's application log call (RT src/acl/aclrt_impl/log.cpp), called through ctypes
with its fixed arguments and a few variadic ones (ints and strings only, so the call is portable).

The simulator prints the line to stdout only with ASCEND_SLOG_PRINT_TO_STDOUT=1, as dlog does;
the level threshold is ASCEND_GLOBAL_LOG_LEVEL (default 3, error)."""
from __future__ import annotations

import pytest

from tests.conftest import run_python

SNIPPET = """
import ctypes
from harness.loader import load_simulator
lib = load_simulator().handles[0]
lib.aclAppLog.restype = None
for level, body in LINES:
    lib.aclAppLog(ctypes.c_int(level), b"my_func", b"my_file.c", ctypes.c_uint32(42), b"value=%d name=%s",
                  ctypes.c_int(body), b"x")
lib.aclAppLog(ctypes.c_int(3), None, b"f.c", ctypes.c_uint32(1), b"no func")
lib.aclAppLog(ctypes.c_int(3), b"f", b"f.c", ctypes.c_uint32(1), None)
lib.aclAppLog(ctypes.c_int(3), b"long", b"f.c", ctypes.c_uint32(2), b"%s", b"y" * 3000)
"""


def log_lines(env: dict, lines) -> list[str]:
    proc = run_python(f"LINES = {lines!r}\n" + SNIPPET, env=env)
    assert proc.returncode == 0, proc.stderr
    return [line for line in proc.stdout.splitlines() if line.startswith("[")]


def test_aclAppLog_prints_levels_at_or_above_the_threshold():
    out = log_lines({"ASCEND_SLOG_PRINT_TO_STDOUT": "1", "ASCEND_GLOBAL_LOG_LEVEL": "2"},
                    [(0, 1), (1, 2), (2, 3), (3, 4)])
    assert len(out) == 3, out          # WARNING, ERROR and the long ERROR line
    assert out[0].startswith("[WARNING] APP: ") and out[0].endswith(' my_func:my_file.c:42: "value=3 name=x"')
    assert out[1].startswith("[ERROR] APP: ") and out[1].endswith('"value=4 name=x"')
    assert out[2].endswith("...[truncated]") and len(out[2].split("APP: ", 1)[1]) == 1023


@pytest.mark.parametrize("env", [{"ASCEND_SLOG_PRINT_TO_STDOUT": "0"},
                                 {"ASCEND_SLOG_PRINT_TO_STDOUT": "1", "ASCEND_GLOBAL_LOG_LEVEL": "4"}],
                         ids=["not_to_stdout", "level_null"])
def test_aclAppLog_is_silent_when_logging_is_off(env):
    assert log_lines(env, [(3, 1)]) == []


def test_aclAppLog_default_level_is_error():
    out = log_lines({"ASCEND_SLOG_PRINT_TO_STDOUT": "1", "ASCEND_GLOBAL_LOG_LEVEL": ""}, [(2, 1), (3, 2)])
    assert [line.split(" ", 1)[0] for line in out] == ["[ERROR]", "[ERROR]"]
    assert '"value=2 name=x"' in out[0]
