"""pytest plugin: run the collected tests in a seeded random order.

    python -m pytest suites/ -n 2 -p tools.plugins.shuffle --shuffle-seed 7

``python -m pytest`` (not the ``pytest`` script): ``-p`` imports the plugin before any conftest
or ini ``pythonpath`` puts the checkout on ``sys.path``; ``python -m`` puts the current
directory there first. (With ``pytest``, the import works only when ``PYTHONPATH`` happens to hold
an empty entry, as CANN 8.1's ``set_env.sh`` leaves it.)

The same seed gives the same order in every process (xdist workers must collect identical
lists), so a failing order can be replayed. Without ``--shuffle-seed`` the plugin does nothing.
Used by ``python -m harness faults --conformance-runs N`` to show that the suites do not depend
on test order.
"""
from __future__ import annotations

import random

import pytest


def pytest_addoption(parser):
    parser.getgroup("aclop").addoption("--shuffle-seed", type=int, default=None,
                                       help="run the tests in a random order drawn from this seed")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    seed = config.getoption("--shuffle-seed")
    if seed is None:
        return
    random.Random(seed).shuffle(items)


def pytest_report_header(config):
    seed = config.getoption("--shuffle-seed")
    return [f"shuffle: random test order, seed {seed}"] if seed is not None else []
