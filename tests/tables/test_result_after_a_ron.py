"""The result of a hand that a bot's ron ended while the player was in riichi reaches
the player (issue 27): over a live socket, and over a socket opened again after the
next hand began (a phone that slept while its riichi hand played itself)."""

import re

import pytest
from channels.db import database_sync_to_async

from rules.engine import format_action
from rules.engine.testing import build_wall, find
from tables.models import Game, Seat
from tables.play import states
from tables.play.runner import Driver

from .conftest import make_table, start
from .sockets import next_frame, open_socket, read_until, send_move, version_of

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

# Alice deals and declares riichi on her first turn (throwing 9p, waiting on 1p and 2z);
# the three bots throw honours nobody wants; Alice draws 9s, which her riichi throws at
# once, and South's bot wins on it.
ALICE = "123456789m119p2z"
SOUTH = "123m456p789s11z78s"
DRAWS = "2z5z6z7z9s"
PANEL = re.compile(r'<section id="table-panel"[^>]*>(.*?)</section>', re.S)


def table_before_the_riichi(ruleset, alice):
    table = make_table(ruleset, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table, seed=11)
    wall = build_wall({0: ALICE, 1: SOUTH}, DRAWS, red_fives=game.engine_ruleset().red_fives)
    Game.objects.filter(pk=game.pk).update(walls=[list(wall)])
    Seat.objects.filter(table=table, index=0).update(auto_riichi_discard=True)
    states.clear()
    game.refresh_from_db()
    return table, game, format_action(find(states.state_of(game), "0:riichi:9p"))


def where(game) -> tuple[int, bool, str]:
    """The stored game's hand, whether that hand has a discard yet, and its log's end."""
    row = Game.objects.get(pk=game.pk)
    state = states.state_of(row)
    return state.hand_index, any(state.discards), row.log[-1] if row.log else ""


async def play_until_the_next_hand_has_a_discard(driver, game, clock) -> list[str]:
    """Tick the driver in small steps of the manual clock; the log entries of the ron."""
    rons = []
    for _ in range(200):
        clock.advance(0.25)
        await driver.tick()
        hand, discarded, last = await db(where)(game)
        rons += [last] if ":ron" in last and last not in rons else []
        if hand == 1 and discarded:
            return rons
    raise AssertionError("the next hand never began")


def panel_of(frame: str) -> str | None:
    found = PANEL.search(frame)
    return found.group(1) if found else None


async def test_a_socket_opened_after_the_next_hand_began_still_shows_how_the_last_ended(
    east_only, alice, clock
):
    table, game, riichi = await db(table_before_the_riichi)(east_only, alice)
    socket = await open_socket(table.pk, alice)
    await next_frame(socket)
    await send_move(socket, riichi, 0)
    await read_until(socket, lambda f: (version_of(f) or -1) >= 1)
    await socket.disconnect()  # the phone sleeps: the riichi hand plays itself
    driver = Driver(owner="asleep", clock=clock)
    rons = await play_until_the_next_hand_has_a_discard(driver, game, clock)
    assert [r.split(":")[:2] for r in rons] == [["1", "ron"]]  # South's bot won on 9s
    again = await open_socket(table.pk, alice)  # the phone wakes: the whole screen again
    frame = await next_frame(again)
    assert "result-modal" in frame and "Ron" in frame
    await again.disconnect()
    watcher = await open_socket(table.pk, None)  # a spectator's screen follows the table
    assert "result-modal" not in await next_frame(watcher)
    await watcher.disconnect()


async def test_a_live_socket_keeps_the_result_until_the_player_moves_in_the_next_hand(
    east_only, alice, clock
):
    """Frames that arrive together (a phone catching up) must not take the result away
    before the player could see it: the next hand's discards by others leave it up."""
    table, game, riichi = await db(table_before_the_riichi)(east_only, alice)
    socket = await open_socket(table.pk, alice)
    await next_frame(socket)
    await send_move(socket, riichi, 0)
    driver = Driver(owner="awake", clock=clock)
    await play_until_the_next_hand_has_a_discard(driver, game, clock)
    frames = []
    while not await socket.receive_nothing(timeout=0.05):
        frames.append(await next_frame(socket))
    panels = [panel_of(f) for f in frames if panel_of(f) is not None]
    assert panels and "result-modal" in panels[-1]  # the last panel sent is the result
    await socket.disconnect()
