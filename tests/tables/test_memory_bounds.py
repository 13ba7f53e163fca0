"""A process's memory of the tables stays bounded under a long load: each cache keeps at
most its named bound (sized by ``TABLE_CACHED_GAMES``, the games worth remembering), and
a finished game leaves the caches once no socket of the process shows it."""

import functools
import importlib
import inspect

import pytest
from channels.db import database_sync_to_async

from rules.engine import bot_move, bot_rng, new_game, pending_seats, preset
from rules.engine import bots as bot_registry
from tables.drawing import board_markup, frames
from tables.play import states
from tables.runtime import RUNTIME
from tables.socket import presence

from .conftest import make_table, start
from .sockets import open_socket

NAMES = [{"name": f"Player {i + 1}", "bot": "", "connected": True} for i in range(4)]


def played(seed: int, moves: int, to_the_end: bool = False) -> list:
    """The states of a bot game from the deal: ``moves`` of them, or all to its end."""
    bot = bot_registry.get("tsumogiri")
    rngs = [bot_rng(seed, s) for s in range(4)]
    state = new_game(preset("ronin"), seed=seed, robots=range(4))
    out = [state]
    while not state.finished and (to_the_end or len(out) < moves):
        seat = pending_seats(state)[0]
        _, state, _ = bot_move(state, seat, bot, rngs[seat])
        out.append(state)
    return out


@pytest.fixture
def few_games(settings):
    settings.TABLE_CACHED_GAMES = 3
    return 3


def test_the_state_cache_keeps_at_most_its_bound_of_games(few_games):
    state = played(1, 1)[0]
    for game_id in range(1, 6):
        states.remember(game_id, 0, 1, "", state)
    states.remember(3, 0, 1, "", state)  # game 3 was used again: it stays
    assert len(RUNTIME.states) == few_games
    assert set(RUNTIME.states) == {3, 4, 5}
    assert states.cached(1) is None and states.cached(3) is state


def test_the_frame_cache_keeps_two_states_per_game_it_may_keep(few_games):
    game = played(2, 12)
    for state in game:
        frames.shared_context(state, NAMES, "en")
    assert len(RUNTIME.frames) == frames.FRAMES_PER_GAME * few_games
    latest = frames.shared_context(game[-1], NAMES, "en")
    assert frames.shared_context(game[-1], NAMES, "en") is latest  # still drawn once


def test_the_seat_markup_keeps_eight_seats_per_game_it_may_keep(few_games):
    for seed in (3, 4, 5):
        for state in played(seed, 40):
            frames.shared_context(state, NAMES, "en")
    assert len(RUNTIME.seat_html) == board_markup.SEATS_PER_GAME * few_games


def test_a_finished_game_leaves_the_frame_cache():
    over, going_on = played(6, 0, to_the_end=True), played(7, 5)
    assert over[-1].finished
    for state in over[-3:] + going_on:
        frames.shared_context(state, NAMES, "en")
    states.remember(1, len(over) - 1, 6, "", over[-1])
    states.remember(2, len(going_on) - 1, 7, "", going_on[-1])
    frames.forget_game(1, over[-1])
    assert states.cached(1) is None and states.cached(2) is going_on[-1]
    kept = [state for state, _ in RUNTIME.frames.values()]
    assert kept and all(state.setup is going_on[0].setup for state in kept)


def markup_memos():
    for name in ("tile_markup", "hand_markup", "hand_presenters", "board_markup", "coaching"):
        module = importlib.import_module(f"tables.drawing.{name}")
        for attr, value in vars(module).items():
            if (
                isinstance(value, functools._lru_cache_wrapper)
                and inspect.getmodule(value) is module
            ):
                yield f"{name}.{attr}", value


def test_every_markup_memo_has_a_bound_of_at_most_a_few_megabytes():
    memos = dict(markup_memos())
    assert "tile_markup._tile" in memos and "hand_presenters._tile_entry" in memos
    for name, memo in memos.items():
        bound = memo.cache_info().maxsize
        # a few thousand entries of at most a few hundred bytes each
        assert bound is not None and bound <= 16_384, name


@pytest.mark.django_db(transaction=True)
async def test_the_last_socket_of_a_finished_game_takes_it_out_of_the_caches(
    east_only, alice, clock
):
    table = await database_sync_to_async(make_table)(
        east_only, people=[alice], bots=["careful"] * 3
    )
    game = await database_sync_to_async(start)(table, clock=clock)
    final = played(8, 0, to_the_end=True)[-1]
    # the process holds the game's finished state (as if its last move was just played)
    states.remember(game.pk, 0, game.seed, "", final)
    player, watcher = await open_socket(table.pk, alice), await open_socket(table.pk)
    await player.receive_from(timeout=5)
    await watcher.receive_from(timeout=5)
    assert presence.watch(game.pk, 0) == 2 and RUNTIME.frames
    await player.disconnect()
    assert states.cached(game.pk) is final  # someone here still shows it
    await watcher.disconnect()
    assert states.cached(game.pk) is None and not RUNTIME.frames
    assert presence.watch(game.pk, 0) == 0


def test_play_nows_budgets_keep_to_the_memo_bound(settings):
    from tables.socket.play_socket import in_memory_buckets, join_rate_bucket

    settings.TABLE_MEMO_ENTRIES = 3
    first = join_rate_bucket(1)
    for account in (2, 3, 1, 4, 5):  # 1 was used again: 2 and 3 are the oldest
        join_rate_bucket(account)
    assert list(in_memory_buckets()) == [1, 4, 5]
    assert join_rate_bucket(1) is first  # a kept member's budget is not refilled


def test_the_markup_memos_are_sized_by_their_setting_from_the_environment():
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import django, json; django.setup();"
        "from tables.drawing import board_markup, hand_markup, hand_presenters, tile_markup;"
        "print(json.dumps([f.cache_info().maxsize for f in (tile_markup._tile, "
        "tile_markup._meld, board_markup._pond_tiles, hand_markup.tile_button, "
        "hand_presenters._tile_entry)]))"
    )
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "TABLE_MARKUP_ENTRIES": "64",
        "DJANGO_SETTINGS_MODULE": "mahjong_site.settings",
    }
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    # shares of 64: tiles twice it, melds and ponds a quarter (at least 16), buttons and
    # the hand's tile entries all of it
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [128, 16, 16, 64, 64]
