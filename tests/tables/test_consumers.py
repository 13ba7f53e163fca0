"""The table socket: views on connect, moves, refusals, reconnects, spectators, bots."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from rules.engine import pending_seats, seat_view
from tables import lobby
from tables.models import Game, HandRecord, Table
from tables.play import autoplay, hidden_claims, states
from tables.play.runner import Driver
from tables.socket import broadcast

from .conftest import make_table, start
from .sockets import (
    actions_of,
    away_seats,
    error_reply,
    frame_at,
    next_frame,
    open_socket,
    send_move,
    version_of,
)
from .wire import Watched, check_frame_privacy, shown_states

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


def game_of(table) -> Game:
    return Game.objects.get(table=table)


def seat_choice(game_id: int, seat: int) -> str | None:
    """What a tsumogiri player at ``seat`` would do now, as action text (None: not asked)."""
    game = Game.objects.get(pk=game_id)
    state = states.state_of(game)
    if seat not in pending_seats(state):
        return None
    view = seat_view(state, seat)
    for win in ("tsumo", "ron"):
        for action in view.legal:
            if action.type == win:
                return str(action)
    return str(autoplay.timeout_choice(view))


@pytest.fixture
def human_and_bots(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    game = start(table, clock=clock)
    return table, game


async def test_it_sends_a_seated_player_their_own_view_on_connect(human_and_bots, alice):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    assert version_of(frame) == 0
    assert 'id="table-hand"' in frame and 'hx-swap-oob="true"' in frame
    # seat 0 deals: fourteen tiles, each a discard button carrying the version
    discards = [a for a in actions_of(frame) if ":discard:" in a]
    assert len(discards) >= 13 and all(a.startswith("0:") for a in discards)
    assert '"version": 0' in frame.replace("&quot;", '"')
    await socket.disconnect()


async def test_it_applies_a_move_and_answers_with_the_new_view(human_and_bots, alice):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, 0)
    frame = await frame_at(socket, 1)
    assert version_of(frame) == 1
    stored = await db(game_of)(table)
    assert stored.log == [move]
    await socket.disconnect()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json at all", "malformed"),
        ('["a", "list"]', "malformed"),
        ('{"version": 0}', "malformed"),
        ('{"action": "0:discard:1m.0"}', "malformed"),
        ('{"action": "0:discard", "version": 0}', "malformed"),
        ('{"action": "0:discard:1m.0", "version": "zero"}', "malformed"),
        ('{"action": "1:discard:1m.0", "version": 0}', "illegal"),
        ('{"action": "0:pass", "version": 0}', "illegal"),
        ('{"action": "0:discard:1m.0", "version": 99}', "stale"),
    ],
)
async def test_it_refuses_bad_messages_and_keeps_the_socket_open(
    human_and_bots, alice, message, code
):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    await socket.send_to(text_data=message)
    found_code, text = await error_reply(socket)
    assert found_code == code and text
    stored = await db(game_of)(table)
    assert stored.version == 0 and stored.log == []
    # still open: a good move goes through afterwards
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, 0)
    assert version_of(await frame_at(socket, 1)) == 1
    await socket.disconnect()


async def test_it_refuses_a_move_out_of_turn(east_only, alice, bob, clock):
    table = await db(make_table)(east_only, people=[alice, bob], bots=["careful"] * 2)
    await db(start)(table, clock=clock)
    socket = await open_socket(table.pk, bob)
    frame = await next_frame(socket)
    assert not actions_of(frame)  # not bob's turn: no buttons at all
    hand_tile = await db(lambda: states.state_of(Game.objects.get(table=table)).hands[1][0])()
    from rules.engine.actions import format_tile

    await send_move(socket, f"1:discard:{format_tile(hand_tile)}", 0)
    code, message = await error_reply(socket)
    assert code == "illegal" and "not your turn" in message.lower()
    await socket.disconnect()


async def test_it_refuses_moves_from_a_spectator(human_and_bots, bob):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, bob)
    await next_frame(socket)
    await send_move(socket, "0:discard:1m.0", 0)
    code, _ = await error_reply(socket)
    assert code == "not_seated"
    await socket.disconnect()


async def test_it_gives_a_reconnecting_player_the_full_current_view(human_and_bots, alice):
    table, _game = human_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await send_move(socket, move, 0)
    before = await frame_at(socket, 1)
    await socket.disconnect()
    states.clear()  # as if the socket came back to a freshly started process
    again = await open_socket(table.pk, alice)
    frame = await next_frame(again)
    assert version_of(frame) == 1
    for part in ("table-board", "table-hand", "table-panel"):
        assert f'id="{part}"' in frame
    hand = lambda html: html[html.index('id="table-hand"') :]  # noqa: E731
    assert sorted(actions_of(hand(frame))) == sorted(actions_of(hand(before)))
    await again.disconnect()


async def test_it_marks_a_seat_connected_while_its_socket_is_open(human_and_bots, alice):
    table, _ = human_and_bots
    seat = lambda: table.seats.get(index=0)  # noqa: E731
    assert not (await db(seat)()).connected
    socket = await open_socket(table.pk, alice)
    await next_frame(socket)
    assert (await db(seat)()).connected
    await socket.disconnect()
    assert not (await db(seat)()).connected


async def test_it_shows_a_seat_here_that_came_while_a_socket_was_joining_its_table(
    east_only, alice, bob, monkeypatch
):
    """Bob connects after a spectator's socket read the seats and says so before that
    socket joined the table's group: the news never reaches it, yet it shows Bob here."""
    from channels.layers import get_channel_layer

    from tables.models import Seat

    table = await db(make_table)(east_only, people=[alice, bob], bots=["careful"] * 2)
    game = await db(start)(table)
    layer = get_channel_layer()
    join = layer.group_add

    async def bob_comes_first(group, channel):
        if group == broadcast.table_group(table.pk):
            bob_here = Seat.objects.filter(table=table, index=1).update
            await db(bob_here)(connected=True, connections=1)
            await broadcast.send_presence(table.pk, game.pk, 1, True)  # heard by nobody
        await join(group, channel)

    monkeypatch.setattr(layer, "group_add", bob_comes_first)
    watcher = await open_socket(table.pk, None)
    assert away_seats(await next_frame(watcher)) == {0}  # Alice has no socket open
    await watcher.disconnect()


async def test_it_keeps_private_tables_from_strangers(east_only, alice, bob):
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    table.is_private = True
    await db(table.save)()
    from channels.testing import WebsocketCommunicator

    from .sockets import application

    stranger = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/")
    stranger.scope["user"] = bob
    await stranger.connect()
    closed = await stranger.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}
    assert await stranger.receive_nothing()  # and not a single frame was sent
    invited = await open_socket(table.pk, bob, query=f"invite={table.invite_token}")
    await invited.disconnect()


async def test_it_reloads_an_open_table_page_when_the_game_starts(east_only, alice):
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    watcher = await open_socket(table.pk, None)
    await db(lobby.start)(table, alice)
    await db(broadcast.send_started)(table.pk, (await db(game_of)(table)).pk)
    frame = await next_frame(watcher)
    # Either the page is told to load itself again, or (when the socket was still
    # being set up as the game began) it gets the running game straight away.
    reloads = 'id="table-live"' in frame and "hx-get" in frame
    assert reloads or version_of(frame) == 0
    await watcher.disconnect()


async def test_it_plays_a_whole_hand_between_a_person_and_three_bots(human_and_bots, alice, clock):
    """The person plays through the socket, the bots through the driver's injected clock."""
    table, game = human_and_bots
    driver = Driver(owner="test-driver", clock=clock)
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    moves = 0
    for _ in range(2000):
        if await db(HandRecord.objects.filter(game=game).exists)():
            break
        stored = await db(game_of)(table)
        choice = await db(seat_choice)(game.pk, 0)
        if choice is not None:
            while not await socket.receive_nothing(timeout=0.01):
                frame = await next_frame(socket)
            # (the frame that offers it may come a little after the stored move: read on)
            while choice not in actions_of(frame) and not choice.startswith("0:pass"):
                frame = await next_frame(socket)
            await send_move(socket, choice, await db(hidden_claims.shown_of)(stored))
            while (await db(game_of)(table)).version == stored.version:
                await socket.receive_nothing(timeout=0.01)
            moves += 1
            continue
        clock.advance(1.0)
        await driver.tick()
        while not await socket.receive_nothing(timeout=0.01):
            frame = await next_frame(socket)
    else:
        raise AssertionError("the hand did not end")
    record = await db(HandRecord.objects.get)(game=game, index=0)
    assert moves > 3 and record.log_end > record.log_start
    await socket.disconnect()


def check_aids_from_own_view(frame: str, seat: int, all_states) -> None:
    import re

    from rules.engine import learning_aids

    section = re.search(r'<section id="table-aids".*?</section>', frame, re.S)
    if section is None or version_of(frame) is None:
        return
    sent = re.findall(r'data-kind="(\d+)"[^\n]*?<span class="unseen">(\d+) left', section[0])
    # a frame at a shown version shows one of the states behind it
    expected = []
    for state in all_states[version_of(frame)]:
        aids = learning_aids(seat_view(state, seat))
        expected.append([(w.kind, w.unseen) for w in aids.waits] if aids else [])
    assert [(int(k), int(n)) for k, n in sent] in expected


@pytest.mark.slow(35)
async def test_it_never_sends_a_hidden_tile_in_a_whole_game(east_only, alice, bob, clock):
    """Four people play a whole game through sockets (their moves chosen by the careful
    bot from their own seat view) while a spectator watches; every frame is checked."""
    from players.models import Player
    from rules.engine import bots

    carol = await db(Player.objects.create_user)(username="carol", password="pw-carol-123")
    dave = await db(Player.objects.create_user)(username="dave", password="pw-dave-123")
    # Two of them play with the learning aids on: their frames must keep every secret too.
    for learner in (alice, carol):
        learner.learning_aids = True
        await db(learner.save)()
    people = [alice, bob, carol, dave]
    table = await db(make_table)(east_only, people=people)
    game = await db(start)(table, seed=11, clock=clock)
    wire = await Watched.open(table.pk, people)
    sockets, recorded = wire.sockets, wire.recorded

    def decide():
        row = Game.objects.get(pk=game.pk)
        if row.finished:
            return None
        state = states.state_of(row)
        seat = pending_seats(state)[0]
        view = seat_view(state, seat)
        rng = autoplay.bot_rng(row.seed, row.version, seat)
        choice = str(bots.choose("careful", view, rng))
        return seat, choice, row.version, hidden_claims.shown_of(row)

    stored_version = lambda: Game.objects.get(pk=game.pk).version  # noqa: E731
    for _ in range(3000):
        decision = await db(decide)()
        if decision is None:
            break
        seat, action, version, shown = decision
        # Frames carry the shown version; a discard that opens a claim answers its
        # player only once the claim is settled, so wait for the store, not a frame.
        await send_move(sockets[seat], action, shown)
        while await db(stored_version)() == version:
            await wire.drain()
        await wire.drain()
    else:
        raise AssertionError("the game did not end")
    stored = await db(Game.objects.get)(pk=game.pk)
    await wire.catch_up(await db(hidden_claims.shown_of)(stored))  # up to the final frames
    assert stored.final and (await db(Table.objects.get)(pk=table.pk)).status == "finished"
    all_states = await db(shown_states)(stored)
    reds = tuple(all_states[0][0].ruleset.red_fives)
    wire.check_privacy(all_states, reds)
    assert any("Final standings" in f for f in recorded[None])
    # the aids were really sent to the learners (waits included), and only to them;
    # each "left" count is what that seat's own view allows, never the full state's
    for seat in (0, 2):
        assert any('class="aids-waits"' in f for f in recorded[seat]), seat
        for frame in recorded[seat]:
            check_aids_from_own_view(frame, seat, all_states)
    for seat in (1, 3, None):
        assert not any("Learning aids" in f for f in recorded[seat]), seat
    await wire.close()


@pytest.mark.slow(13)
async def test_it_finishes_an_east_only_game_of_four_bots_on_the_driver_alone(
    east_only, clock, settings
):
    table = await db(make_table)(east_only, bots=["careful", "efficient", "tsumogiri", "careful"])
    game = await db(start)(table, seed=5, clock=clock)
    watcher = await open_socket(table.pk, None)
    driver = Driver(owner="only-driver", clock=clock)
    frames = []
    for _ in range(5000):
        if (await db(Game.objects.get)(pk=game.pk)).finished:
            break
        clock.advance(1.0)
        await driver.tick()
        while not await watcher.receive_nothing(timeout=0.001):
            frames.append(await next_frame(watcher))
    else:
        raise AssertionError("the bots did not finish the game")
    while not await watcher.receive_nothing(timeout=0.01):
        frames.append(await next_frame(watcher))
    while "Final standings" not in frames[-1]:  # it may come a little after the stored end
        frames.append(await next_frame(watcher))
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.final and len(stored.final) == 4
    # The finals add up to zero before penalties (rules.engine.standings).
    assert sum(s["final"] + s["penalty"] for s in stored.final) == 0
    records = await db(lambda: list(HandRecord.objects.filter(game=stored)))()
    assert len(records) >= 4
    all_states = await db(shown_states)(stored)
    assert len(frames) > len(records), "the spectator saw fewer frames than hands"
    for frame in frames:
        check_frame_privacy(frame, None, all_states, ())
    json.dumps(stored.final)
    await watcher.disconnect()


async def test_it_tells_every_lobby_page_when_a_table_opens(east_only, alice):
    from channels.testing import WebsocketCommunicator
    from django.test import Client
    from django.urls import reverse

    from tables.routing import websocket_urlpatterns

    from .sockets import URLRouter

    lobby_app = URLRouter(websocket_urlpatterns)
    pages = [WebsocketCommunicator(lobby_app, "/ws/lobby/") for _ in range(2)]
    for page in pages:
        assert (await page.connect())[0]

    def open_table():
        client = Client()
        client.force_login(alice)
        return client.post(
            reverse("tables:create"), {"name": "Fresh", "ruleset": east_only.pk, "bots": "careful"}
        )

    response = await db(open_table)()
    assert response.status_code == 302
    for page in pages:
        fragment = await page.receive_from(timeout=5)
        assert 'id="lobby-refresh"' in fragment and reverse("tables:lobby_tables") in fragment
        await page.disconnect()


async def test_it_reloads_a_seating_page_whose_game_has_since_started(human_and_bots, alice):
    # The page was rendered before the start ("page=" names no game); its socket must
    # not get frames whose sections the page does not have, but the page itself again.
    table, game = human_and_bots
    socket = await open_socket(table.pk, alice, query="page=")
    frame = await next_frame(socket)
    assert 'id="table-live"' in frame and f"/tables/{table.pk}/" in frame
    assert 'id="table-board"' not in frame and 'id="table-hand"' not in frame
    event = {"type": "table.update", "game": game.pk, "version": 1, "action": "", "timers": None}
    await get_channel_layer().group_send(broadcast.table_group(table.pk), event)
    assert await socket.receive_nothing(timeout=0.2)
    await socket.disconnect()


async def test_it_sends_frames_to_a_page_showing_the_current_game(human_and_bots, alice):
    table, game = human_and_bots
    socket = await open_socket(table.pk, alice, query=f"page={game.pk}")
    frame = await next_frame(socket)
    assert version_of(frame) == 0 and 'id="table-board"' in frame
    await socket.disconnect()
