"""The suites' own wiring: every suite test runs under the leak check (fixtures/runtime.py).

An autouse fixture here, not in the fixtures plugin, so that it applies to the suites alone. Its
session objects come from one session fixture (fixtures.runtime.leak_session), so that they are
not looked up again for every test; that fixture takes ``request``, for which pytest still makes
a fixture definition per test (fixtures/pytest_speed.py spares it the signature inspection).
"""
import pytest

from fixtures.runtime import leak_checked


@pytest.fixture(autouse=True)
def no_leaks(leak_session):
    """After each suite test, every object it created is released (see fixtures.runtime.LeakCheck)."""
    yield from leak_checked(*leak_session)
