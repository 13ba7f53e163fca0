"""Fixtures of the hardening tests: the live tables' fixtures, and limits reset per test."""

import pytest

from tables import runtime
from tests.tables.conftest import (  # noqa: F401 - fixtures, found by name
    alice,
    bob,
    close_pool_connections,
    east_only,
    table_settings,
)


@pytest.fixture(autouse=True)
def fresh_account_buckets():
    """Account buckets are per process: one test's sockets must not spend the next one's."""
    runtime.reset()
    yield
    runtime.reset()
