"""What was collected, so that no test goes without a record.

Under xdist the controller collects nothing itself: each worker writes the metadata of the
tests it collected (clauses, op, dtype, case, time limit) into ``<report dir>/.aclop-collected/``
as soon as it has collected, so the controller can still give the record of a test whose worker
died its clause and product, and tell a worker that pytest-timeout ended (the test ran past its
time limit: Timeout) from one that crashed. The controller removes the folder at the end.
Collected tests that got no report at all (the run was cut short) become NotRun.
"""
from __future__ import annotations

import json
import os
import time

FOLDER = ".aclop-collected"
# A worker that died this close to the test's limit was ended by pytest-timeout (its timer runs
# from the start of the test's protocol; the controller hears of the start a little later).
TIMEOUT_SLACK = 0.9


class Ledger:
    def __init__(self, report_dir: str):
        self.folder = os.path.join(report_dir, FOLDER)
        self.collected: list[str] | None = None
        self._meta: dict[str, dict] = {}
        self._started: dict[str, float] = {}

    # workers ----------------------------------------------------------------------------------
    def write(self, who: str, metas: dict[str, dict]) -> None:
        os.makedirs(self.folder, exist_ok=True)
        path = os.path.join(self.folder, f"{who}.json")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(json.dumps(metas))
        os.replace(path + ".tmp", path)

    # controller -------------------------------------------------------------------------------
    def add(self, metas: dict[str, dict]) -> None:
        self._meta.update(metas)

    def meta(self, nodeid: str) -> dict:
        if nodeid not in self._meta and os.path.isdir(self.folder):
            for name in sorted(os.listdir(self.folder)):
                if name.endswith(".json"):
                    try:
                        with open(os.path.join(self.folder, name), encoding="utf-8") as f:
                            self._meta.update(json.load(f))
                    except (OSError, ValueError):
                        continue
        return self._meta.get(nodeid, {})

    def started(self, nodeid: str) -> None:
        self._started[nodeid] = time.monotonic()

    def ran_past_limit(self, nodeid: str) -> tuple[float, float] | None:
        """(seconds it ran, its limit) if the test ran past its time limit, else None."""
        limit = self.meta(nodeid).get("time_limit")
        start = self._started.get(nodeid)
        if not limit or start is None:
            return None
        ran = time.monotonic() - start
        return (ran, float(limit)) if ran >= TIMEOUT_SLACK * float(limit) else None

    def missing(self, recorded) -> list[str]:
        """Collected tests without a record, in collection order."""
        seen = set(recorded)
        return [n for n in (self.collected or []) if n not in seen]

    def cleanup(self) -> None:
        if not os.path.isdir(self.folder):
            return
        for name in os.listdir(self.folder):
            try:
                os.remove(os.path.join(self.folder, name))
            except OSError:
                pass
        try:
            os.rmdir(self.folder)
        except OSError:
            pass
