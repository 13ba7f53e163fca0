"""Idle sockets on Redis: a player who only watches for a while keeps their socket.

channels-redis waits for a socket's next message with a blocking read of a few
seconds; if the Redis client gives up on a quiet connection before that read
returns, the consumer crashes and the browser's socket is dropped. Only the real
Redis shows this, and only the wall clock can make a socket idle, so these tests
wait for real (the one exception to "tests never sleep", and why they run in
``make test-services`` only).
"""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings

from mahjong_site.asgi import application
from tables.socket import broadcast
from tests.conftest import using_services

from .conftest import make_table, start
from .sockets import actions_of, frame_at, next_frame, open_socket, send_move, version_of

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not using_services(), reason="needs PostgreSQL and Redis (make test-services)"
    ),
]

db = database_sync_to_async
IDLE_SECONDS = 30  # six times channels-redis's blocking read, and redis-py's default timeout
# How long a reply may take once the socket is spoken to: the wait ends as soon as it
# comes; a loaded machine (CI beside other work) needed more than 5 s once.
REPLY_SECONDS = 30


def on_redis() -> bool:
    return settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("RedisChannelLayer")


async def idle_lobby_socket_survives():
    socket = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    assert (await socket.connect())[0]
    await asyncio.sleep(IDLE_SECONDS)
    # Still there: it hears the lobby group and answers what it is sent.
    await get_channel_layer().group_send(
        broadcast.LOBBY_GROUP, {"type": "lobby.update", "html": "<div id='x'>after</div>"}
    )
    assert await socket.receive_from(timeout=REPLY_SECONDS) == "<div id='x'>after</div>"
    await socket.send_to(text_data="hello?")
    assert 'data-error="listen_only"' in await socket.receive_from(timeout=REPLY_SECONDS)
    await socket.disconnect()


async def idle_table_socket_survives(table, alice):
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    await asyncio.sleep(IDLE_SECONDS)
    # The seat is still counted as connected, and the socket still moves.
    assert await db(lambda: table.seats.get(index=0).connected)()
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, version_of(frame))
    assert version_of(await frame_at(socket, 1)) == 1
    await socket.disconnect()
    assert not (await db(lambda: table.seats.get(index=0).connected)())


@pytest.mark.slow(30)
async def test_an_idle_lobby_socket_and_an_idle_table_socket_survive_on_redis(
    east_only, alice, clock
):
    """Both sockets stay quiet through the same 30 seconds (one wait, not two); each
    check fails on its own if its socket was dropped."""
    assert on_redis()
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table, clock=clock)
    await asyncio.gather(idle_lobby_socket_survives(), idle_table_socket_survives(table, alice))
