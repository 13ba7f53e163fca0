"""A garbled message on the channel layer (another version of the site, a bug, a stray
sender) is dropped with a clear log line: the socket that got it stays open and goes on
hearing its groups, and the driver goes on driving."""

import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from tables.play.runner import Driver
from tables.socket import broadcast, messages

from .conftest import make_table, start
from .sockets import actions_of, application, frame_at, next_frame, open_socket, send_move

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

GARBLED = [
    {"type": "table.update", "game": 1, "version": 1, "action": "", "timers": None},
    {"type": "table.update", "game": 1, "version": "two", "action": "0:pass"},
    {"type": "table.presence", "game": 1, "seat": 9, "connected": True},
    {"type": "table.nonsense"},
]


@pytest.fixture
def human_and_bots(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    game = start(table, clock=clock)
    return table, game


@pytest.mark.parametrize("garbled", GARBLED, ids=lambda raw: raw["type"])
async def test_a_table_socket_drops_a_garbled_group_message_and_stays_open(
    human_and_bots, alice, garbled, caplog
):
    table, game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    caplog.set_level(logging.WARNING, logger="tables.socket.consumers")
    raw = {**garbled, "game": game.pk} if "game" in garbled else garbled
    await get_channel_layer().group_send(broadcast.table_group(table.pk), raw)
    # Still open and still playing: a move goes through and its news comes back.
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, 0)
    await frame_at(socket, 1)
    dropped = [r for r in caplog.records if "garbled channel-layer message" in r.getMessage()]
    assert len(dropped) == 1 and "TableConsumer" in dropped[0].getMessage()
    assert garbled["type"] in dropped[0].getMessage()
    await socket.disconnect()


async def test_a_table_socket_drops_a_message_meant_for_another_kind_of_socket(
    human_and_bots, alice, caplog
):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    caplog.set_level(logging.WARNING, logger="tables.socket.consumers")
    await broadcast.send(broadcast.table_group(table.pk), messages.LobbyUpdate("<div></div>"))
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, 0)
    await frame_at(socket, 1)  # the lobby's fragment was not sent on: the move's frame is next
    assert any("not meant for it" in r.getMessage() for r in caplog.records)
    await socket.disconnect()


async def test_the_lobby_socket_drops_a_garbled_message_and_hears_the_next(caplog):
    socket = WebsocketCommunicator(application, "/ws/lobby/")
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect())[0]
    caplog.set_level(logging.WARNING, logger="tables.socket.consumers")
    layer = get_channel_layer()
    await layer.group_send(broadcast.LOBBY_GROUP, {"type": "lobby.update", "html": None})
    await broadcast.send(broadcast.LOBBY_GROUP, messages.LobbyUpdate("<div id='x'>next</div>"))
    assert await socket.receive_from(timeout=5) == "<div id='x'>next</div>"
    assert any("LobbyConsumer" in r.getMessage() for r in caplog.records)
    await socket.disconnect()


async def test_the_driver_drops_a_garbled_message_and_keeps_what_it_knows(caplog):
    driver = Driver(owner="garbled")
    driver.next_claim = driver.next_play_now = driver.clock.now()
    caplog.set_level(logging.WARNING, logger="tables.play.runner")
    driver.hear_raw({"type": "driver.claim!"})
    driver.hear_raw("driver.claim")
    assert driver.next_claim is not None and driver.next_play_now is not None
    assert sum("garbled" in r.getMessage() for r in caplog.records) == 2
    driver.hear_raw(messages.encode(messages.DriverClaim()))
    assert driver.next_claim is None and driver.next_play_now is None
