"""A channel layer that fails (Redis restarting) makes every socket of the process
open a new one (tables.layer_outage): none is left deaf, no stored move unheard."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from redis.exceptions import ConnectionError as RedisConnectionError

from tables import broadcast, layer_outage
from tables.models import Game

from .conftest import make_table, start
from .sockets import actions_of, application, next_frame, open_socket, send_move, version_of

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


@pytest.fixture
def two_tables(east_only, alice, bob, clock):
    mine = make_table(east_only, people=[alice], bots=["careful"] * 3, name="Mine")
    other = make_table(east_only, people=[bob], bots=["careful"] * 3, name="Other")
    return (mine, start(mine, clock=clock)), (other, start(other, clock=clock))


async def closed_with(socket) -> int | None:
    """Read what the server sends until it closes the socket: the close code."""
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return output.get("code")


async def read_all(socket) -> None:
    while not await socket.receive_nothing(timeout=0.05):
        await next_frame(socket)


async def test_a_move_stored_while_the_layer_is_down_sends_every_socket_to_reconnect(
    two_tables, alice, bob, monkeypatch
):
    (mine, game), (other, _other_game) = two_tables
    player = await open_socket(mine.pk, alice)
    watcher = await open_socket(mine.pk, None)
    elsewhere = await open_socket(other.pk, bob)
    lobby = WebsocketCommunicator(application, "/ws/lobby/")
    assert (await lobby.connect())[0]
    for socket in (player, watcher, elsewhere):
        await read_all(socket)

    async def layer_down(table_id, event):
        raise RedisConnectionError("Connection closed by server.")

    monkeypatch.setattr(broadcast, "send_update", layer_down)
    first = await open_socket(mine.pk, alice)
    frame = await next_frame(first)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(first, move, version_of(frame))
    # Nobody heard of the move, and no socket can be trusted to hear what comes next:
    # every socket of the process is closed with "service restart", none with an error.
    for socket in (first, player, watcher, elsewhere, lobby):
        assert await closed_with(socket) == layer_outage.CLOSE_CODE
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.log == [move]  # stored, and not refused

    monkeypatch.undo()
    again = await open_socket(mine.pk, alice)  # the new socket hears it from the database
    assert version_of(await next_frame(again)) == 1
    await again.disconnect()


async def test_a_socket_that_cannot_reach_the_layer_sends_the_others_to_reconnect(
    two_tables, alice, bob, monkeypatch
):
    (mine, _game), (other, _) = two_tables
    survivor = await open_socket(other.pk, bob)
    await read_all(survivor)
    layer = get_channel_layer()

    async def unreachable(group, channel):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(layer, "group_add", unreachable)
    failing = WebsocketCommunicator(application, f"/ws/tables/{mine.pk}/")
    failing.scope["user"] = alice
    with pytest.raises(RedisConnectionError):
        await failing.connect()
        await failing.receive_output(timeout=5)
    # The survivor's groups may be gone with the layer: it must not stay open, deaf.
    assert await closed_with(survivor) == layer_outage.CLOSE_CODE
