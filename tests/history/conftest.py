"""Fixtures for the history tests: members, bots and finished seeded bot games.

Games are played by the engine's bots with fixed seeds and stored the way the live
tables store them (:func:`history.logs.store.store_bot_game` writes each hand with
``tables.records.hand_record``), so every test sees the same games.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from history.logs.store import store_bot_game
from players.models import Player
from rules.engine import presets
from tables import runtime

DATA = Path(__file__).resolve().parent.parent / "data" / "logs"
EAST_ONLY = presets.preset("ronin").replace(game_type="tonpuusen", west_round=False)
BOTS = ("efficient", "careful", "efficient", "careful")
START = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def history_settings(settings):
    # Password hashing is slow on purpose; these tests create many players.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TABLE_DRIVER_AUTOSTART = False
    runtime.reset()  # the process's caches, history's replays and ratings among them
    yield settings
    runtime.reset()


@pytest.fixture
def members(db):
    names = [("aoi", "Aoi"), ("botan", "Botan"), ("chidori", "Chidori"), ("daiki", "Daiki")]
    return [
        Player.objects.create_user(username=u, password=f"pw-{u}-123", display_name=d)
        for u, d in names
    ]


def seating(members, game: int) -> list:
    """The members rotated one seat per game, so each sits everywhere."""
    return [members[(seat + game) % 4] for seat in range(4)]


def play_and_store(members, seeds, ruleset=EAST_ONLY, bots=BOTS):
    """Store one finished bot game per seed; returns the stored games in order."""
    games = []
    for n, seed in enumerate(seeds):
        games.append(
            store_bot_game(
                ruleset,
                seed,
                seating(members, n),
                bots,
                title=f"Club night game {n + 1}",
                finished=START + timedelta(hours=n),
            )
        )
    return games


@pytest.fixture
def finished_games(members):
    return play_and_store(members, [11, 12, 13, 14, 15, 16])


@pytest.fixture
def one_game(members):
    return play_and_store(members, [21])[0]
