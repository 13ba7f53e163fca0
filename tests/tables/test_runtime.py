"""One runtime object holds a process's memory of the tables; reset() forgets it all."""

import pytest

from tables import runtime
from tables.clock import ManualClock
from tables.drawing import frames
from tables.play import states
from tables.runtime import RUNTIME
from tables.socket import dbwork, limits, presence

from .conftest import make_table, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def remembered(east_only, alice, clock):
    """A process that has seen a game: a cached state, a socket, a budget, memos."""
    game = start(make_table(east_only, people=[alice], bots=["tsumogiri"] * 3), clock=clock)
    state = states.state_of(game)
    frames.shared_context(state, [{"name": n} for n in "ESWN"])
    presence.change(41, +1)
    buckets = limits.accounts()
    buckets.join(alice.pk, ManualClock())
    RUNTIME.memo("tests.memo")["key"] = "steps"
    return game, buckets


def test_it_keeps_caches_presence_and_budgets_in_the_one_runtime(remembered):
    game, buckets = remembered
    assert states.cached(game.pk) is not None and RUNTIME.states
    assert RUNTIME.frames and RUNTIME.seat_html
    assert presence.live_seats() == [41] and presence.sockets_of(41) == 1
    assert buckets is RUNTIME.account_buckets() and len(buckets) == 1
    assert RUNTIME.memo("tests.memo") == {"key": "steps"}


def test_reset_forgets_every_cache_count_and_budget(remembered):
    game, buckets = remembered
    memo = RUNTIME.memo("tests.memo")
    runtime.reset()
    assert states.cached(game.pk) is None and not RUNTIME.states
    assert not RUNTIME.frames and not RUNTIME.seat_html
    assert presence.live_seats() == [] and presence.sockets_of(41) == 0
    assert len(buckets) == 0
    assert memo == {} and RUNTIME.memo("tests.memo") is memo  # emptied, still shared
    # the game plays on from the database, as after a restart
    assert states.state_of(game) is not None


def test_reset_keeps_the_pool_unless_the_process_was_forked():
    pool = dbwork._executor()
    try:
        runtime.reset()
        assert RUNTIME.pool is pool
        runtime.reset(forked=True)  # a forked child has none of the parent's threads
        assert RUNTIME.pool is None and RUNTIME.driver is None and RUNTIME.driver_task is None
    finally:
        pool.shutdown(wait=True)
