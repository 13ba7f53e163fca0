"""Fixtures for the live tables: an East-only ruleset, tables with bots, a manual clock."""

import pytest

from players.models import Player
from rules.models import Ruleset
from tables import lobby, runtime
from tables.models import Seat, Table
from tables.play.submit import start_game
from tables.socket import dbwork


@pytest.fixture(autouse=True)
def table_settings(settings):
    """No background driver in tests (they tick one by hand) and a fresh process
    memory (tables.runtime: caches, presence, budgets) before and after each test."""
    settings.TABLE_DRIVER_AUTOSTART = False
    # Password hashing is deliberately slow; the tables' tests create many players.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TABLE_BOT_DELAY = 1.0
    settings.TABLE_AUTO_DELAY = 0.3
    settings.TABLE_AWAY_GRACE = 5.0
    settings.TABLE_RESULT_PAUSE = 2.0
    # The tests' manual clock stands still, so a message budget would never refill;
    # the limits have their own tests (tests/hardening/test_limits.py).
    settings.TABLE_MESSAGE_BURST = settings.TABLE_ACCOUNT_BURST = 1_000_000
    runtime.reset()
    yield settings
    runtime.reset()


@pytest.fixture(autouse=True, scope="session")
def close_pool_connections(django_db_setup):
    """The database pool's threads hold connections; end them before the test
    database is dropped (depending on its set-up makes this run first at the end)."""
    yield
    dbwork.shut_down()


@pytest.fixture
def east_only(db):
    return Ruleset.objects.create(
        name="East only", preset="ronin", settings={"game_type": "tonpuusen", "west_round": False}
    )


def make_table(ruleset, people=(), bots=(), name="Test table"):
    """A table whose seats are filled in order by ``people`` (Players) then ``bots`` (levels)."""
    creator = people[0] if people else None
    table = Table.objects.create(name=name, ruleset=ruleset, created_by=creator)
    occupants = [("", p) for p in people] + [(level, None) for level in bots]
    for index in range(4):
        level, person = occupants[index] if index < len(occupants) else ("", None)
        Seat.objects.create(
            table=table,
            index=index,
            player=person or (lobby.bot_player(level) if level else None),
            bot_level=level,
        )
    return table


def start(table, seed=7, clock=None):
    return start_game(table, seed=seed, clock=clock)


@pytest.fixture
def alice(db):
    return Player.objects.create_user(
        username="alice", password="pw-alice-123", display_name="Alice"
    )


@pytest.fixture
def bob(db):
    return Player.objects.create_user(username="bob", password="pw-bob-123", display_name="Bob")
