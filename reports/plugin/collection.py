"""Collection: which tests the run has, each test's meta worked out once, its JUnit labels.

A test's meta (clauses, op, dtype, numeric case, time limit) is ``reports.recording.item_meta``,
computed here for every collected item (after the time-limit plugin gave it its limit) and kept
in the item's stash; every later consumer reads it from there. Under xdist each worker writes the
metas of its tests into the ledger, so the controller knows them too (ledger.py).
"""
from __future__ import annotations

import os

import pytest

from ..recording import item_meta
from .outputs import junit_properties

# Set once the test's JUnit properties are added (a rerun calls the set-up hooks again).
LABELLED = pytest.StashKey[bool]()


class CollectionHooks:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        self._items = {i.nodeid: i for i in items}
        metas = {i.nodeid: item_meta(i) for i in items}
        if self.worker:
            self.ledger.write(config.workerinput.get("workerid", str(os.getpid())), metas)
        else:
            self.ledger.add(metas)
            self.ledger.collected = list(self._items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node, ids):
        if self.ledger.collected is None:
            self.ledger.collected = list(ids)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item):
        if item.stash.get(LABELLED, False):
            return                    # a rerun: its properties are there already
        item.stash[LABELLED] = True
        item.user_properties.extend(junit_properties(self.product, item_meta(item)["clauses"]))
