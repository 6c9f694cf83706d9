"""Clause classes (reports/clauses.toml): severity and per-test time limit of each clause."""
from __future__ import annotations

import functools
import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clauses.toml")
# Allure's severities, most severe first
SEVERITIES = ("blocker", "critical", "normal", "minor", "trivial")


class ClauseConfigError(ValueError):
    pass


@functools.lru_cache(maxsize=4)
def load(path: str = DEFAULT_PATH) -> dict:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as exc:
        raise ClauseConfigError(f"{path}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ClauseConfigError(f"{path}: TOML syntax error: {exc}") from None
    by_clause = {}
    for name, cls in data.get("class", {}).items():
        for key in ("severity", "time_limit"):
            if key not in cls:
                raise ClauseConfigError(f"{path}: [class.{name}]: missing {key}")
        if cls["severity"] not in SEVERITIES:
            raise ClauseConfigError(f"{path}: [class.{name}] severity {cls['severity']!r}: "
                                    f"expected one of {', '.join(SEVERITIES)}")
        if not isinstance(cls["time_limit"], (int, float)) or cls["time_limit"] <= 0:
            raise ClauseConfigError(f"{path}: [class.{name}] time_limit {cls['time_limit']!r}: "
                                    f"expected a positive number of seconds")
        for clause in cls.get("clauses", []):
            if clause in by_clause:
                raise ClauseConfigError(f"{path}: {clause} is in both [class.{by_clause[clause]}] and [class.{name}]")
            by_clause[clause] = name
    data["_by_clause"] = by_clause
    data.setdefault("default", {"severity": "normal", "time_limit": 120})
    data.setdefault("marker", {})
    return data


def classes_of(clauses, config: dict | None = None) -> list[dict]:
    cfg = config or load()
    names = sorted({cfg["_by_clause"][c] for c in clauses if c in cfg["_by_clause"]})
    return [dict(cfg["class"][n], name=n) for n in names] or [dict(cfg["default"], name="default")]


def severity(clauses, config: dict | None = None) -> str:
    """Allure severity of a test with these clauses: the most severe of their classes."""
    return min((c["severity"] for c in classes_of(clauses, config)), key=SEVERITIES.index)


def time_limit(clauses, markers=(), config: dict | None = None) -> float:
    """Seconds a test with these clauses (and marker names) may take."""
    cfg = config or load()
    for name in markers:
        if name in cfg["marker"]:
            return float(cfg["marker"][name])
    return float(max(c["time_limit"] for c in classes_of(clauses, cfg)))


def no_flake_clauses(config: dict | None = None) -> list[str]:
    """Clauses whose class says a Flake is never acceptable."""
    cfg = config or load()
    return sorted(c for c, n in cfg["_by_clause"].items() if cfg["class"][n].get("no_flake"))
