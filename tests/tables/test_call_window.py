"""The call window (tables.play.call_window): every discard that a person could call waits
the same short time, whether or not anybody can, and nobody sees what follows early."""

import pytest
from channels.db import database_sync_to_async

from tables.models import Game
from tables.play.runner import Driver

from .conftest import make_table, start
from .sockets import (
    actions_of,
    arrivals,
    first_frames,
    frame_at,
    next_frame,
    open_socket,
    send_move,
    version_of,
)
from .test_hidden_claims import (
    EAST_NORTH,
    SOUTH,
    WEST_CAN_PON,
    WEST_CANNOT,
    comparable,
    people_at,
    table_with_first_wall,
)

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async
WINDOW = 1.0


@pytest.fixture(autouse=True)
def window(settings):
    settings.TABLE_CALL_WINDOW = WINDOW


def stored(game) -> Game:
    return Game.objects.get(pk=game.pk)


async def first_discard(east_only, people, west: str):
    """A table of four people whose dealer is about to throw 9p; their sockets."""
    table, game = await db(table_with_first_wall)(east_only, people, west)
    sockets = [await open_socket(table.pk, person) for person in people]
    watcher = await open_socket(table.pk, None)
    views = await first_frames([*sockets, watcher])  # each one's whole view on connect
    discard = next(a for a in actions_of(views[0]) if ":discard:9p" in a)
    await arrivals([*sockets, watcher], views)  # the news of who is here
    return table, game, sockets, watcher, discard


async def test_a_discard_somebody_could_call_takes_as_long_as_one_nobody_could(
    east_only, alice, bob, clock
):
    """The frames of the spectator and of the seats the claim does not concern, and the
    moments they arrive, are the same whether or not another seat could call (west
    thinks for 0.3 s and passes): the discard at once, what follows after the window."""
    people = await people_at(alice, bob)
    seen = {}
    for west in (WEST_CAN_PON, WEST_CANNOT):
        table, game, sockets, watcher, discard = await first_discard(east_only, people, west)
        driver = Driver(owner=f"window-{west}", clock=clock)
        watching = {"spectator": watcher, "south": sockets[1], "north": sockets[3]}
        began = clock.now()
        timeline = {name: [] for name in watching}

        async def collect(expect, watching=watching, began=began, timeline=timeline, table=table):
            """Read the frames due now (waiting for each), then make sure no other came."""
            at = (clock.now() - began).total_seconds()
            for name, socket in watching.items():
                for _ in range(expect):
                    timeline[name].append((at, comparable(await next_frame(socket), table)))
                assert await socket.receive_nothing(timeout=0.25), f"{name}: a frame at {at} s"

        await send_move(sockets[0], discard, 0)
        await driver.tick()
        await collect(1)
        clock.advance(0.3)
        if west == WEST_CAN_PON:
            assert any(a.startswith("2:pon:") for a in actions_of(await next_frame(sockets[2])))
            await send_move(sockets[2], "2:pass", 0)
            answered = await next_frame(sockets[2])  # west's buttons go at once
            assert version_of(answered) == 0 and actions_of(answered) == []
            assert (await db(stored)(game)).version == 2
        await driver.tick()
        await collect(0)
        clock.advance(WINDOW - 0.3 - 0.01)  # just inside the window
        await driver.tick()
        await collect(0)
        clock.advance(0.01)  # the window ends
        await driver.tick()
        await collect(1)
        seen[west] = timeline
        for socket in [*sockets, watcher]:
            await socket.disconnect()
    called, uncalled = seen[WEST_CAN_PON], seen[WEST_CANNOT]
    for name in ("spectator", "south", "north"):
        assert [at for at, _ in called[name]] == [0.0, WINDOW], name
        assert called[name] == uncalled[name], f"the {name}'s frames or their moments differ"
    (_, shown_at_once), (_, after_window) = called["spectator"]
    assert version_of(shown_at_once) == 0 and version_of(after_window) == 1
    assert "Waiting for calls" not in shown_at_once + after_window
    assert 'data-version="0"' in shown_at_once and "9" in shown_at_once


async def test_an_asked_person_keeps_their_whole_move_time_past_the_window(
    east_only, alice, bob, clock
):
    """A ron or a pon deserves more than the window's second: West still decides after
    it, with the ordinary countdown, and the table goes on as soon as West answers."""
    people = await people_at(alice, bob)
    _, game, sockets, watcher, discard = await first_discard(east_only, people, WEST_CAN_PON)
    driver = Driver(owner="window", clock=clock)
    await send_move(sockets[0], discard, 0)
    await driver.tick()
    offered = await next_frame(sockets[2])
    assert "2:pass" in actions_of(offered)
    assert 'data-countdown data-base="1.0"' not in offered  # the move time, not the window
    clock.advance(WINDOW + 2.0)
    await driver.tick()
    assert (await db(stored)(game)).log == [discard]  # west still decides
    await send_move(sockets[2], "2:pass", 0)
    answered = await next_frame(sockets[2])  # west's buttons go: the pass is stored
    assert actions_of(answered) == []
    assert (await db(stored)(game)).log == [discard, "2:pass"]
    await driver.tick()
    assert version_of(await frame_at(watcher, 1)) == 1  # and the table goes on at once
    for socket in [*sockets, watcher]:
        await socket.disconnect()


async def test_nothing_that_follows_a_discard_moves_before_its_window_ends(east_only, alice, clock):
    """Alice is the person who could be asked; the bots' discards wait for the window,
    and the next bot's clock starts only when it ends."""
    table = await db(make_table)(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = await db(start)(table, clock=clock)
    driver = Driver(owner="window", clock=clock)
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)  # the whole view on connect
    await send_move(socket, actions_of(frame)[-1], 0)  # alice's own discard: nobody to ask
    await frame_at(socket, 1)  # shown at once
    assert (await db(stored)(game)).reveal_at is None  # only bots could have called it
    clock.advance(1.0)  # the bot's thinking time (TABLE_BOT_DELAY)
    await driver.tick()
    after_bot = await db(stored)(game)
    assert after_bot.version == 2 and after_bot.reveal_at is not None  # alice could call
    waiting = await next_frame(socket)  # the bot's discard, nothing after it yet
    assert version_of(waiting) == 1 and "<strong>Your move</strong>" not in waiting
    clock.advance(WINDOW - 0.01)
    await driver.tick()
    assert await socket.receive_nothing(timeout=0.25)  # still inside the window
    clock.advance(0.01)
    await driver.tick()
    assert version_of(await next_frame(socket)) == 2  # the window ended: the next draw
    clock.advance(1.0 - 0.01)  # without the window the next bot would have moved by now
    await driver.tick()
    assert (await db(stored)(game)).version == 2  # its thinking began with the draw shown
    clock.advance(0.01)
    await driver.tick()
    assert (await db(stored)(game)).version == 3
    await socket.disconnect()


async def test_a_socket_opened_during_a_window_shows_the_discard_and_then_what_followed(
    east_only, alice, bob, clock
):
    people = await people_at(alice, bob)
    table, _, sockets, watcher, discard = await first_discard(east_only, people, WEST_CANNOT)
    driver = Driver(owner="window", clock=clock)
    await send_move(sockets[0], discard, 0)
    await next_frame(sockets[0])  # the tile goes down
    await sockets[0].disconnect()  # the dealer reloads the page within the window
    clock.advance(0.5)
    again = await open_socket(table.pk, alice)
    during = await next_frame(again)
    assert version_of(during) == 0 and actions_of(during) == []  # the discard, no draw yet
    clock.advance(WINDOW - 0.5)
    await driver.tick()
    await driver.tick()
    assert version_of(await frame_at(again, 1)) == 1
    for socket in [again, *sockets[1:], watcher]:
        await socket.disconnect()


def test_the_step_that_ends_the_game_is_shown_at_once():
    """No driver drives a finished game, so nobody would end a window after it."""
    import datetime as dt

    from rules.engine.testing import find, scenario
    from tables.play import call_window

    state = scenario({2: "147m369p1s1234z56s"}, draws="5s")  # four people, nobody to ask
    discard = find(state, "0:discard:5s")
    now = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    after = state.evolve(phase="turn", turn=1)
    window = dt.timedelta(seconds=WINDOW)
    assert call_window.reveal_time(state, after, discard, now, now) == now + window
    ended = after.evolve(finished=True)
    assert call_window.reveal_time(state, ended, discard, now, now) is None


def page_during_window(client, table) -> str:
    """The table page as a browser loads it: its header and board, ids taken out."""
    html = client.get(f"/tables/{table.pk}/").content.decode()
    start, end = html.index('<div id="table-page"'), html.index('<p class="table-tools">')
    return (
        html[start:end]
        .replace(f"/tables/{table.pk}/", "/tables/N/")
        .replace(f"?page={table.current_game().pk}", "?page=G")
    )


async def test_a_table_page_loaded_during_a_window_looks_the_same_whether_or_not_anybody_could_call(
    east_only, alice, bob, clock
):
    """The page (not only the socket) shows the window's picture: the discard made and
    nobody's draw, for the spectator and the seats not asked, whether west could call
    (a claim still open) or not (the next draw already stored and held)."""
    from django.test import Client

    people = await people_at(alice, bob)
    seen = {}
    for west in (WEST_CAN_PON, WEST_CANNOT):
        table, _game, sockets, watcher, discard = await first_discard(east_only, people, west)
        await send_move(sockets[0], discard, 0)
        await next_frame(watcher)  # stored, the window open
        clock.advance(WINDOW / 2)
        south = Client()
        await db(south.force_login)(people[1])
        seen[west] = {
            "spectator": await db(page_during_window)(Client(), table),
            "south": await db(page_during_window)(south, table),
        }
        for socket in [*sockets, watcher]:
            await socket.disconnect()
    called, uncalled = seen[WEST_CAN_PON], seen[WEST_CANNOT]
    for name in ("spectator", "south"):
        assert called[name] == uncalled[name], f"the {name}'s page differs"
        assert 'data-version="0"' in called[name]


def test_the_http_fallback_answers_a_discard_alike_whether_or_not_anybody_could_call(
    east_only, alice, bob, clock
):
    """The version the HTTP way of moving answers is the one the discarder's socket
    shows: the same whether the discard opened a claim or went straight on."""
    from django.test import Client

    from players.models import Player
    from rules.engine import format_action
    from rules.engine.testing import find
    from tables.play import states

    people = [alice, bob] + [
        Player.objects.create_user(username=name, password=f"pw-{name}-123")
        for name in ("dave", "carol")
    ]
    answers = {}
    for west in (WEST_CAN_PON, WEST_CANNOT):
        table, game = table_with_first_wall(east_only, people, west)
        discard = format_action(find(states.state_of(game), "0:discard:9p"))
        dealer = Client()
        dealer.force_login(alice)
        response = dealer.post(f"/tables/{table.pk}/act/", {"action": discard, "version": 0})
        assert response.status_code == 200, response.content
        answers[west] = response.json()
        assert stored(game).log == [discard]
    assert answers[WEST_CAN_PON] == answers[WEST_CANNOT]
    assert answers[WEST_CANNOT]["version"] == 0


def test_a_move_made_within_a_window_is_refused_alike_whether_or_not_anybody_could_call(
    east_only, alice, bob, clock
):
    """South tries to discard from its hand before the window after the dealer's discard
    ends: whether that discard went straight on (South's turn stored, held) or waits on
    West's claim, the table refuses the same way and stores nothing, so trying tells
    South nothing."""
    from django.test import Client

    from players.models import Player
    from rules.engine import format_action
    from rules.engine.testing import find
    from tables.play import states

    people = [alice, bob] + [
        Player.objects.create_user(username=name, password=f"pw-{name}-123")
        for name in ("dave", "carol")
    ]
    answers, from_hand = {}, None
    for west in (WEST_CANNOT, WEST_CAN_PON):
        table, game = table_with_first_wall(east_only, people, west)
        dealer, south = Client(), Client()
        dealer.force_login(alice)
        south.force_login(bob)
        discard = format_action(find(states.state_of(game), "0:discard:9p"))
        dealer.post(f"/tables/{table.pk}/act/", {"action": discard, "version": 0})
        if from_hand is None:  # South's turn is stored (and held): a tile of its hand
            from_hand = format_action(find(states.state_of(stored(game)), "1:discard:1s"))
        clock.advance(WINDOW / 2)
        tries = []
        for version in (0, 1):
            response = south.post(
                f"/tables/{table.pk}/act/", {"action": from_hand, "version": version}
            )
            tries.append((response.status_code, response.json()))
        answers[west] = tries
        assert stored(game).log == [discard]
    assert answers[WEST_CAN_PON] == answers[WEST_CANNOT]
    assert {code for code, _ in answers[WEST_CANNOT]} == {409}


RIICHI_DEALER = "123456789m119p2z"  # draws 2z, then riichi throwing 9p: waits on 1p and 2z


def table_before_a_riichi(ruleset, people, west: str):
    from rules.engine.testing import build_wall
    from tables.play import states

    table = make_table(ruleset, people=people, name="Riichi")
    game = start(table, seed=3)
    hands = {0: RIICHI_DEALER, 1: SOUTH, 2: west, 3: EAST_NORTH}
    wall = build_wall(hands, "2z8p", dora="5p", red_fives=game.engine_ruleset().red_fives)
    Game.objects.filter(pk=game.pk).update(walls=[list(wall)])
    game.refresh_from_db()
    states.clear()
    return table, game


def test_the_lobby_shows_a_riichi_discard_alike_whether_or_not_anybody_could_call(
    east_only, alice, bob, clock
):
    """Within the window after a riichi discard, the lobby's scores are those of the
    window's picture: not the deposit already paid when nobody could call the tile."""
    from django.test import Client

    from players.models import Player
    from rules.engine import format_action
    from rules.engine.testing import find
    from tables.play import states

    people = [alice, bob] + [
        Player.objects.create_user(username=name, password=f"pw-{name}-123")
        for name in ("dave", "carol")
    ]
    lobbies = {}
    for west in (WEST_CAN_PON, WEST_CANNOT):
        table, game = table_before_a_riichi(east_only, people, west)
        riichi = format_action(find(states.state_of(game), "0:riichi:9p"))
        dealer = Client()
        dealer.force_login(alice)
        answer = dealer.post(f"/tables/{table.pk}/act/", {"action": riichi, "version": 0})
        assert answer.status_code == 200, answer.content
        clock.advance(WINDOW / 2)
        html = Client().get("/lobby/tables/").content.decode()
        lobbies[west] = html.replace(f"/tables/{table.pk}/", "/tables/N/").replace(
            f'data-table="{table.pk}"', 'data-table="N"'
        )
        table.delete()
    assert lobbies[WEST_CAN_PON] == lobbies[WEST_CANNOT]
    assert "25,000" in lobbies[WEST_CANNOT] or "25000" in lobbies[WEST_CANNOT]
