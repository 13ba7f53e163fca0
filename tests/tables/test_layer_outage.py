"""A channel layer that fails (Redis restarting) makes every socket of the process
open a new one (tables.socket.layer_outage): none is left deaf, no stored move unheard. Any
other error (one client's socket, an unrelated timeout) ends no one else's socket."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from channels_redis.core import RedisChannelLayer
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import MaxConnectionsError
from redis.exceptions import TimeoutError as RedisTimeout

from tables.models import Game
from tables.play.runner import Driver
from tables.socket import broadcast, layer_outage

from .conftest import make_table, start
from .sockets import (
    DEADLINE,
    actions_of,
    application,
    error_of,
    frame_at,
    next_frame,
    open_socket,
    send_move,
    version_of,
)

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async

# A Redis nobody listens on (port 1 refuses at once), tried once, without backoff.
NO_REDIS = {"address": "redis://127.0.0.1:1/0", "retry": Retry(NoBackoff(), 0)}


@pytest.fixture
def on_redis(monkeypatch):
    """Run as on Redis: only a Redis layer's failures close sockets, and the socket
    tests also run on the in-memory layer (make test), where nothing is one."""
    if not layer_outage._on_redis(get_channel_layer()):
        monkeypatch.setattr(layer_outage, "_on_redis", lambda layer: True)


async def redis_refusal() -> Exception:
    """What channels-redis raises when its Redis refuses the connection (stopped)."""
    try:
        await RedisChannelLayer(hosts=[NO_REDIS]).group_add("group", "channel")
    except Exception as exc:
        return exc
    raise AssertionError("a Redis on port 1 answered")


async def still_open(socket) -> None:
    """Closed by nobody: it still answers a message (with an error frame)."""
    await socket.send_to(text_data="{}")
    while True:
        output = await socket.receive_output(timeout=5)
        assert output["type"] == "websocket.send", output
        found = error_of(output.get("text") or "")
        if found is not None:
            assert found[0] == "malformed"
            return


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


async def joined(socket) -> None:
    """A socket just opened: its first frame, its own view, sent once it has joined its
    groups. Other frames may follow (news of who is here): the readers after this skip
    whatever is not what they wait for (closed_with, still_open, frame_at), so nothing
    here waits for them, nor for a pause, which a late frame could come after."""
    await next_frame(socket)


@pytest.mark.usefixtures("on_redis")
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
        await joined(socket)

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


@pytest.mark.usefixtures("on_redis")
async def test_a_socket_that_cannot_reach_the_layer_sends_the_others_to_reconnect(
    two_tables, alice, bob, monkeypatch
):
    (mine, _game), (other, _) = two_tables
    survivor = await open_socket(other.pk, bob)
    await joined(survivor)
    layer = get_channel_layer()

    async def unreachable(group, channel):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(layer, "group_add", unreachable)
    failing = WebsocketCommunicator(application, f"/ws/tables/{mine.pk}/")
    failing.scope["user"] = alice
    with pytest.raises(RedisConnectionError):
        await failing.connect()
        await failing.wait(timeout=DEADLINE)  # its end: the error, as soon as raised
    # The survivor's groups may be gone with the layer: it must not stay open, deaf.
    assert await closed_with(survivor) == layer_outage.CLOSE_CODE


@pytest.fixture
def in_memory_layer(settings):
    """The in-memory layer even under ``make test-services``: a failing group_add planted
    in the real Redis layer leaves channels-redis a pending read that its cancellation at
    the end of the module never ends (the worker hung). The error itself is real."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.mark.usefixtures("in_memory_layer", "on_redis")
async def test_a_redis_connection_error_closes_every_socket_of_the_process(
    two_tables, alice, bob, monkeypatch
):
    assert isinstance(get_channel_layer(), InMemoryChannelLayer)
    (mine, _game), (other, _) = two_tables
    survivor = await open_socket(other.pk, bob)
    await joined(survivor)
    refusal = await redis_refusal()  # the real error, as Redis stopped makes it

    async def refused(group, channel):
        raise refusal

    monkeypatch.setattr(get_channel_layer(), "group_add", refused)
    failing = WebsocketCommunicator(application, f"/ws/tables/{mine.pk}/")
    failing.scope["user"] = alice
    with pytest.raises(RedisConnectionError):
        await failing.connect()
        await failing.wait(timeout=DEADLINE)  # its end: the error, as soon as raised
    assert await closed_with(survivor) == layer_outage.CLOSE_CODE


def client_socket_breaks(error: OSError):
    """The socket application, whose client's connection fails on the first frame."""

    async def app(scope, receive, send):
        async def broken(message):
            if message["type"] == "websocket.send":
                raise error
            await send(message)

        return await application(scope, receive, broken)

    return app


@pytest.mark.usefixtures("on_redis")
@pytest.mark.parametrize(
    "error", [ConnectionResetError(104, "Connection reset by peer"), BrokenPipeError(32, "pipe")]
)
async def test_a_broken_client_socket_does_not_close_the_other_sockets(
    two_tables, alice, bob, error
):
    (mine, _game), (other, _) = two_tables
    survivor = await open_socket(other.pk, bob)
    await joined(survivor)
    failing = WebsocketCommunicator(client_socket_breaks(error), f"/ws/tables/{mine.pk}/")
    failing.scope["user"] = alice
    with pytest.raises(type(error)):
        await failing.connect()
        await failing.wait(timeout=DEADLINE)  # its end: the error, as soon as raised
    await still_open(survivor)  # one client's connection is no outage of the layer
    await survivor.disconnect()


@pytest.mark.usefixtures("on_redis")
async def test_an_unrelated_timeout_while_announcing_a_move_closes_no_socket(
    two_tables, alice, bob, monkeypatch
):
    (mine, game), (other, _) = two_tables
    elsewhere = await open_socket(other.pk, bob)
    await joined(elsewhere)

    async def times_out(table_id, event):
        raise TimeoutError("some other wait gave up")

    monkeypatch.setattr(broadcast, "send_update", times_out)
    mover = await open_socket(mine.pk, alice)
    frame = await next_frame(mover)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(mover, move, version_of(frame))
    # The move is stored and the mover is shown it on the same socket; nobody reconnects.
    await frame_at(mover, 1)
    assert (await db(Game.objects.get)(pk=game.pk)).log == [move]
    await still_open(mover)
    await still_open(elsewhere)
    await mover.disconnect()
    await elsewhere.disconnect()


@pytest.mark.usefixtures("on_redis")
@pytest.mark.parametrize(
    ("error", "closes"),
    [(RedisConnectionError("Connection closed by server."), True), (TimeoutError(), False)],
)
async def test_the_driver_closes_every_socket_only_when_the_layer_fails_to_announce(
    east_only, bob, clock, monkeypatch, error, closes
):
    bots = await db(make_table)(east_only, bots=["tsumogiri"] * 4, name="Bots")
    game = await db(start)(bots, clock=clock)
    other = await db(make_table)(east_only, people=[bob], bots=["careful"] * 3, name="Other")
    await db(start)(other, clock=clock)
    watcher = await open_socket(other.pk, bob)
    await joined(watcher)

    async def fails(table_id, event):
        raise error

    monkeypatch.setattr(broadcast, "send_update", fails)
    driver = Driver(owner="driver", clock=clock)
    await driver.tick()  # claims the games
    clock.advance(2)  # past the robots' think time
    await driver.tick()
    assert (await db(Game.objects.get)(pk=game.pk)).version >= 1  # stored all the same
    if closes:
        assert await closed_with(watcher) == layer_outage.CLOSE_CODE
    else:
        await still_open(watcher)
        await watcher.disconnect()


def raised(error: BaseException) -> BaseException:
    """``error`` as caught, with the traceback of this module's frame."""
    try:
        raise error
    except BaseException as exc:
        return exc


async def test_it_counts_only_the_redis_servers_failures_as_layer_failures():
    redis_layer = RedisChannelLayer(hosts=[NO_REDIS])
    assert layer_outage.is_layer_failure(await redis_refusal(), redis_layer)
    assert layer_outage.is_layer_failure(raised(RedisTimeout("Timeout reading")), redis_layer)

    # An OSError that rose inside the Redis client is the server's too.
    async def reset():
        raise ConnectionResetError(104, "Connection reset by peer")

    with pytest.raises(ConnectionResetError) as inside:  # redis-py's retry lets it through
        await Retry(NoBackoff(), 0).call_with_retry(reset, lambda error: None)
    assert layer_outage.is_layer_failure(inside.value, redis_layer)
    for other in (
        ConnectionResetError(104, "Connection reset by peer"),
        BrokenPipeError(32, "Broken pipe"),
        TimeoutError(),
        FileNotFoundError(2, "No such file"),
        MaxConnectionsError("Too many connections"),  # this process's pool, not the server
        ValueError("a bug"),
    ):
        assert not layer_outage.is_layer_failure(raised(other), redis_layer), other


def test_with_the_in_memory_layer_nothing_is_a_layer_failure():
    for layer in (InMemoryChannelLayer(), broadcast.ThrottledInMemoryChannelLayer()):
        for error in (
            RedisConnectionError("Connection closed by server."),
            RedisTimeout("Timeout reading"),
            ConnectionRefusedError(111, "Connection refused"),
            TimeoutError(),
        ):
            assert not layer_outage.is_layer_failure(raised(error), layer), (layer, error)
