"""The suites' own wiring: every suite test runs under the leak check (fixtures/runtime.py).

An autouse fixture here, not in the fixtures plugin, so that it applies to the suites alone and
names what it needs as arguments: it asks pytest for no ``request`` (a fixture definition and a
signature inspection made anew per test) and looks nothing up by name.
"""
import pytest

from fixtures.runtime import leak_checked


@pytest.fixture(autouse=True)
def no_leaks(harness, _memory_check_off):
    """After each suite test, every object it created is released (see fixtures.runtime.LeakCheck)."""
    yield from leak_checked(harness, _memory_check_off)
