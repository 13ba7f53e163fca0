"""Claims are never judged by their claimant, at a live table (rules.engine.claims.procedure,
tables.drawing.claim_screens): the issue's attack through the sockets, the engine's reading
deciding for a person alone with bots, an NG to the review sending the hand back, and
a hand fixed against the reading marked on the record, the game page and the exports."""

import json

import pytest
from channels.db import database_sync_to_async

from players.models import Player
from rules.engine.actions import format_tile
from rules.engine.testing import build_wall
from rules.models import Ruleset
from tables import lobby
from tables.models import Game, HandRecord, Seat, Table
from tables.play import states
from tables.play.runner import Driver

from .conftest import make_table, start
from .sockets import error_reply, frame_at, next_frame, open_socket, read_until, send_move

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

TANYAO = "234m456p678s2255s"


def claimed_ruleset(**more):
    return Ruleset.objects.create(
        name="Club claims",
        preset="ronin",
        settings={
            "game_type": "tonpuusen",
            "west_round": False,
            "win_settlement": "claimed",
            "renhou": "off",
            **more,
        },
    )


def person(name):
    return Player.objects.create_user(
        username=name, password=f"pw-{name}-123", display_name=name.title()
    )


def with_wall(game):
    game.walls = [list(build_wall({1: TANYAO}, draws="5s", dora="9p", ura="9m"))]
    game.save(update_fields=["walls"])
    states.clear()
    return game


def current(game_pk):
    row = Game.objects.get(pk=game_pk)
    return row.version, states.state_of(row)


def alone_with_bots():
    """Alice deals; the other three seats are bots."""
    alice = person("alice")
    table = Table.objects.create(name="Alone", ruleset=claimed_ruleset(), created_by=alice)
    Seat.objects.create(table=table, index=0, player=alice)
    for index in (1, 2, 3):
        bot = lobby.bot_player("careful")
        Seat.objects.create(table=table, index=index, player=bot, bot_level="careful")
    return table, alice


async def test_a_lone_persons_false_six_yakuman_is_settled_by_the_reading_not_fixed(clock):
    """The issue's attack by a person alone with bots: Win anyway on a noten hand,
    claimed as six yakuman, three NGs. Fixing it is refused whoever the socket sends it
    as; the driver settles it by the engine's reading: a chombo."""
    table, alice = await db(alone_with_bots)()
    game = await db(start)(table, seed=3, clock=clock)
    await db(with_wall)(game)
    socket = await open_socket(table.pk, alice)
    await next_frame(socket)
    driver = Driver(owner="claims", clock=clock)
    version, state = await db(current)(game.pk)
    await send_move(socket, f"0:win_anyway:{format_tile(state.drawn)}", version)
    await frame_at(socket, version + 1)
    await send_move(socket, "0:claim:6xyakuman", version + 1)
    await frame_at(socket, version + 2)
    for _ in range(10):  # the bots answer NG by the engine's judgment
        version, state = await db(current)(game.pk)
        if state.phase == "review":
            break
        clock.advance(2.0)
        await driver.tick()
    assert state.phase == "review" and state.win_claim.by_reading
    assert [str(a) for a in state.win_claim.answers[1:]] == [f"{o}:ng:noten" for o in (1, 2, 3)]
    panel = (await read_until(socket, lambda f: "claim-box phase-review" in f))[-1]
    assert "The app's reading decides" in panel and "review-accept" not in panel
    for text in ("0:accept", "1:accept", "1:correct:6xyakuman"):
        await socket.send_to(text_data=json.dumps({"action": text, "version": version}))
        code, message = await error_reply(socket)
        assert code != "", (code, message)
    assert (await db(current)(game.pk))[0] == version  # nothing changed
    for _ in range(10):
        clock.advance(2.0)
        await driver.tick()
        if await db(HandRecord.objects.filter(game_id=game.pk).exists)():
            break
    record = await db(HandRecord.objects.get)(game_id=game.pk, index=0)
    assert record.result_type == "chombo" and record.deltas == [-12000, 4000, 4000, 4000]
    assert record.against_reading == []
    await socket.disconnect()


def four_people(confirm):
    people = [person(n) for n in ("alice", "bob", "carol", "dave")]
    table = make_table(claimed_ruleset(confirm_review=confirm), people=people)
    return table, people


async def test_an_ng_sends_the_dealers_false_claim_back_and_a_fix_against_the_reading_is_marked(
    client, clock
):
    table, people = await db(four_people)(True)
    game = await db(start)(table, seed=3, clock=clock)
    await db(with_wall)(game)
    sockets = [await open_socket(table.pk, p) for p in people]
    for s in sockets:
        await next_frame(s)

    async def move(seat, text):
        version, _ = await db(current)(game.pk)
        await send_move(sockets[seat], text, version)
        return await frame_at(sockets[seat], version + 1)

    _, state = await db(current)(game.pk)
    await move(0, f"0:win_anyway:{format_tile(state.drawn)}")
    await move(0, "0:claim:6xyakuman")
    for seat in (1, 2, 3):
        await move(seat, f"{seat}:ng:noten")
    version, state = await db(current)(game.pk)
    assert state.win_claim.reviewer == 1  # the dealer's own claim: Bob reviews it
    await sockets[0].send_to(text_data=json.dumps({"action": "0:accept", "version": version}))
    assert "you made the claim" in (await error_reply(sockets[0]))[1].lower()
    review = await move(1, "1:accept")  # Bob sides with the dealer
    assert "Alice's win" not in review and "Bob's review:</strong> fixed as claimed" in review
    version, _ = await db(current)(game.pk)
    confirm = await frame_at(sockets[2], version)
    assert 'class="confirm-ng"' in confirm and "NG: back to Bob" in confirm
    await sockets[2].send_to(
        text_data=json.dumps({"claim_form": "ng", "reason": "noten", "version": version})
    )
    await frame_at(sockets[2], version + 1)
    await move(0, "0:ok")
    back = await move(3, "3:ok")
    version, state = await db(current)(game.pk)
    assert state.phase == "review" and state.scores == (25000,) * 4
    assert "Sent back to Bob" in back and "Carol NG: the hand is not complete" in back
    await move(1, "1:accept")  # Bob fixes it again: it counts, marked
    record = await db(HandRecord.objects.get)(game_id=game.pk, index=0)
    assert record.result_type == "tsumo" and record.deltas == [288000, -96000, -96000, -96000]
    assert record.against_reading == [0]
    for s in sockets:
        await s.disconnect()

    def finish_and_read():
        from django.utils import timezone

        Game.objects.filter(pk=game.pk).update(finished=timezone.now())
        client.force_login(people[2])
        page = client.get(f"/players/games/{game.pk}/").content.decode()
        own = json.loads(client.get(f"/players/games/{game.pk}/game.json").content)
        tenhou = json.loads(client.get(f"/players/games/{game.pk}/tenhou6.json").content)
        return page, own, tenhou

    page, own, tenhou = await db(finish_and_read)()
    assert "Settled against the app's reading:</strong> Alice" in page
    assert own["hands"][0]["against_reading"] == [0] and own["claim_rules"] == 2
    assert tenhou["against_reading"] == [
        {
            "hand": 0,
            "seat": 0,
            "decision": "1:accept",
            "reading": "the hand is not complete (noten)",
        }
    ]


def test_the_http_fallback_refuses_a_lone_person_fixing_their_own_false_claim(client, clock):
    """The same attack through the table's HTTP form (``tables:act``): refused, and
    nothing is stored; only the reading's chombo is legal."""
    from rules.engine import parse_action
    from tables.play.submit import submit

    table, alice = alone_with_bots()
    game = with_wall(start(table, seed=3, clock=clock))
    state = states.state_of(Game.objects.get(pk=game.pk))
    lines = [f"0:win_anyway:{format_tile(state.drawn)}", "0:claim:6xyakuman"]
    lines += ["1:ng:noten", "2:ng:noten", "3:ng:noten"]
    for version, line in enumerate(lines):
        submit(game.pk, int(line[0]), parse_action(line), version, clock=clock)
    client.force_login(alice)
    for text in ("0:accept", "1:accept", "0:correct:6xyakuman"):
        response = client.post(f"/tables/{table.pk}/act/", {"action": text, "version": "5"})
        assert response.status_code == 400, (text, response.status_code)
    row = Game.objects.get(pk=game.pk)
    assert row.version == 5 and not HandRecord.objects.filter(game=row).exists()
    assert [str(a) for a in states.state_of(row).legal[1]] == ["1:chombo:game_over"]
