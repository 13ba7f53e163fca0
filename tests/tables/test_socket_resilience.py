"""Sockets that end badly or are sent odd things: nothing leaks, nothing dies."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from tables.socket import presence

from .conftest import make_table, start
from .sockets import actions_of, error_reply, frame_at, next_frame, open_socket, send_move

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


@pytest.fixture
def human_and_bots(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    game = start(table, clock=clock)
    return table, game


def failing_layer(monkeypatch):
    """Make the channel layer's reads fail once ``crash`` is set (as Redis's timeout did)."""
    layer = get_channel_layer()
    crash = asyncio.Event()

    async def receive(channel):
        await crash.wait()
        raise TimeoutError("Timeout reading from the channel layer")

    monkeypatch.setattr(layer, "receive", receive)
    return crash


async def test_a_crashed_table_consumer_leaves_its_seat_disconnected(
    human_and_bots, alice, monkeypatch
):
    table, _game = human_and_bots
    crash = failing_layer(monkeypatch)
    socket = await open_socket(table.pk, alice)
    await next_frame(socket)
    seat = await db(lambda: table.seats.get(index=0))()
    assert seat.connected and presence.sockets_of(seat.pk) == 1
    crash.set()
    with pytest.raises(TimeoutError):
        await socket.wait(timeout=5)
    seat = await db(lambda: table.seats.get(index=0))()
    assert not seat.connected and seat.connections == 0
    assert presence.sockets_of(seat.pk) == 0 and seat.pk not in presence.live_seats()


async def test_a_socket_that_closes_cleanly_is_counted_out_once(human_and_bots, alice):
    table, _game = human_and_bots
    first = await open_socket(table.pk, alice)
    await next_frame(first)
    second = await open_socket(table.pk, alice)
    frame = await next_frame(second)
    await first.disconnect()
    # The other socket of the same seat still counts: leaving ran once, not twice.
    seat = await db(lambda: table.seats.get(index=0))()
    assert seat.connected and seat.connections == 1
    await send_move(second, next(a for a in actions_of(frame) if ":discard:" in a), 0)
    await frame_at(second, 1)
    await second.disconnect()
    seat = await db(lambda: table.seats.get(index=0))()
    assert not seat.connected and seat.connections == 0


DEEP = 1500  # deeper than Python's recursion limit lets the JSON reader go


@pytest.mark.parametrize(
    "message",
    [
        '{"action": "0:discard:1m.0", "version": 1e999}',
        '{"action": "0:discard:1m.0", "version": -Infinity}',
        '{"action": "0:discard:1m.0", "version": NaN}',
        '{"action": "0:discard:1m.0", "version": 1e308}',
        '{"action": "0:discard:1m.0", "version": ' + "9" * 400 + "}",
        '{"action": "0:discard:\\ud800", "version": 0}',
        '{"action": "\\udfff", "version": 0}',
        '{"action": "0:discard:1m.0", "version": 0, "x": "\\ud83d"}',
        "[" * DEEP + "]" * DEEP,
        '{"action": ' + "[" * DEEP + "]" * DEEP + ', "version": 0}',
        '{"settings": 1, "auto_win": ' + "[" * DEEP + "]" * DEEP + "}",
    ],
    ids=[
        "huge-version",
        "minus-infinity",
        "nan",
        "1e308",
        "400-digit-version",
        "surrogate-tile",
        "surrogate-action",
        "surrogate-elsewhere",
        "deep-list",
        "deep-action",
        "deep-settings",
    ],
)
async def test_a_hostile_message_gets_an_error_frame_and_the_socket_stays_open(
    human_and_bots, alice, message
):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    await socket.send_to(text_data=message)
    code, text = await error_reply(socket)
    assert code in ("malformed", "stale") and text
    game = await db(lambda: table.games.get())()
    assert game.version == 0 and game.log == []
    # still open: a good move goes through afterwards
    await send_move(socket, next(a for a in actions_of(frame) if ":discard:" in a), 0)
    await frame_at(socket, 1)
    await socket.disconnect()
