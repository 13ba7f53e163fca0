"""Claimed wins at a live table: the socket path, the screens, bots, timers and the
wire (rules.engine.claims.procedure, tables.drawing.claim_screens, tables.play.autoplay)."""

import datetime as dt
import html
import json
import re

import pytest
from channels.db import database_sync_to_async

from players.models import Player
from rules.engine import Action, bots, parse_action, pending_seats, seat_view
from rules.engine.claims import procedure as claims
from rules.engine.testing import build_wall
from rules.models import Ruleset
from tables import lobby
from tables.drawing import claim_screens
from tables.models import Game, HandRecord, Seat, Table
from tables.play import autoplay, claim_forms, hidden_claims, states
from tables.play import timers as timing
from tables.play.runner import Driver

from .conftest import make_table, start
from .sockets import (
    error_of,
    error_reply,
    frame_at,
    next_frame,
    open_socket,
    send_move,
    version_of,
)
from .wire import Watched, replay_all

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async

QUIET = "147m369p147s1234z"
TANYAO = "234m456p678s2255s"  # waits 2s/5s: a ron on 5s is 1 han 40 fu


@pytest.fixture
def claimed(db):
    return Ruleset.objects.create(
        name="Club claims",
        preset="ronin",
        settings={
            "game_type": "tonpuusen",
            "west_round": False,
            "win_settlement": "claimed",
            "renhou": "off",
        },
    )


@pytest.fixture
def four(db):
    return [
        Player.objects.create_user(username=n, password=f"pw-{n}-123", display_name=n.title())
        for n in ("alice", "bob", "carol", "dave")
    ]


def with_wall(game, *walls):
    game.walls = [list(w) for w in walls]
    game.save(update_fields=["walls"])
    states.clear()
    return game


def test_win_claim_form_fields_become_action_text():
    assert claim_forms.form_action({"claim_form": "claim", "han": "3", "fu": "30"}, 1) == (
        "1:claim:3han30fu"
    )
    assert claim_forms.form_action({"claim_form": "correct", "limit": "mangan"}, 0) == (
        "0:correct:mangan"
    )
    assert claim_forms.form_action({"claim_form": "ng", "reason": "furiten"}, 2) == "2:ng:furiten"
    assert claim_forms.form_action({"claim_form": "ng", "reason": ""}, 2) == "2:ng"


async def test_win_claim_through_sockets_with_bad_input_refused_and_socket_open(
    claimed, four, clock
):
    table = await db(make_table)(claimed, people=four)
    game = await db(start)(table, seed=3, clock=clock)
    await db(with_wall)(game, build_wall({1: TANYAO}, draws="5s", dora="9p", ura="9m"))
    sockets = [await open_socket(table.pk, p) for p in four]
    watcher = await open_socket(table.pk, None)
    for s in [*sockets, watcher]:
        await next_frame(s)
    tile = (await db(states.state_of)(await db(Game.objects.get)(pk=game.pk))).drawn

    async def move(seat, text, version):
        await send_move(sockets[seat], text, version)
        return await frame_at(sockets[seat], version + 1)

    from rules.engine.actions import format_tile

    await move(0, f"0:discard:{format_tile(tile)}", 0)
    await move(2, "2:pass", 1)
    await move(3, "3:pass", 2)
    frame = await move(1, f"1:ron:{format_tile(tile)}", 3)
    assert 'class="claim-form"' in frame and "You call a win" in frame

    async def refused(seat, payload, code):
        await sockets[seat].send_to(text_data=json.dumps(payload))
        found = await error_reply(sockets[seat])
        assert found[0] == code, found
        return found[1]

    form = {"claim_form": "claim", "version": 4}
    assert "at least 1 han" in await refused(1, {**form, "han": "0", "fu": "30"}, "malformed")
    assert "15 fu is not" in await refused(1, {**form, "han": "2", "fu": "15"}, "malformed")
    assert "35 fu is not" in await refused(1, {**form, "han": "1", "fu": "35"}, "malformed")
    assert "not a limit" in await refused(1, {**form, "limit": "-2xyakuman"}, "malformed")
    assert "8x yakuman" in await refused(1, {**form, "limit": "12xyakuman"}, "malformed")
    await sockets[1].send_to(text_data=json.dumps({**form, "han": "1", "fu": "40"}))
    claim_frame = await frame_at(sockets[1], 5)
    assert "Claimed: <strong>1 han 40 fu</strong>" in claim_frame
    await watcher.send_to(text_data=json.dumps({"action": "0:ok", "version": 5}))
    assert (await error_reply(watcher))[0] == "not_seated"
    assert "You made the claim" in await refused(1, {"action": "1:ok", "version": 5}, "illegal")
    assert "every seat has answered" in await refused(
        0, {"action": "0:accept", "version": 5}, "illegal"
    )
    await move(2, "2:ok", 5)
    assert "already answered" in await refused(2, {"action": "2:ng", "version": 6}, "illegal")
    await sockets[3].send_to(
        text_data=json.dumps({"claim_form": "ng", "reason": "wrong_value", "version": 6})
    )
    await frame_at(sockets[3], 7)
    review = await move(0, "0:ok", 7)
    assert 'class="claim-review"' in review and "a valid win, 1 han 40 fu" in review
    assert "Seat 0 reviews this win" in await refused(
        2, {"action": "2:accept", "version": 8}, "illegal"
    )
    await move(0, "0:accept", 8)
    stored = await db(Game.objects.get)(pk=game.pk)
    assert stored.log[4:9] == ["1:claim:1han40fu", "2:ok", "3:ng:wrong_value", "0:ok", "0:accept"]
    record = await db(HandRecord.objects.get)(game=stored, index=0)
    assert record.result_type == "ron" and record.deltas == [-1300, 1300, 0, 0]
    # every socket is still open: a move after all the refusals goes through
    await send_move(sockets[1], "1:nonsense", 9)
    assert (await error_reply(sockets[1]))[0] == "malformed"
    for s in [*sockets, watcher]:
        await s.disconnect()


def _claim_state(claimed, four, clock):
    table = make_table(claimed, people=four)
    game = start(table, seed=3, clock=clock)
    with_wall(game, build_wall({1: TANYAO}, draws="5s", dora="9p", ura="9m"))
    return table, game


def test_win_claim_timers_count_silence_as_ok_and_the_absent_answer_by_judgment(
    claimed, four, clock
):
    from tables.play.submit import submit

    _table, game = _claim_state(claimed, four, clock)
    state = states.state_of(Game.objects.get(pk=game.pk))
    submit(game.pk, 0, Action(0, "discard", state.drawn), 0, clock=clock)
    submit(game.pk, 2, parse_action("2:win_anyway:" + _fmt(state.drawn)), 1, clock=clock)
    submit(game.pk, 3, Action(3, "pass"), 2, clock=clock)
    submit(game.pk, 1, Action(1, "pass"), 3, clock=clock)
    submit(game.pk, 2, parse_action("2:claim:mangan"), 4, clock=clock)
    version = 5
    row = Game.objects.get(pk=game.pk)
    state = states.state_of(row)
    assert state.phase == "answers"
    policies = [autoplay.SeatPolicy(connected=True, last_seen=clock.now()) for _ in range(4)]
    policies[3] = autoplay.SeatPolicy(
        connected=False, last_seen=clock.now() - dt.timedelta(hours=1)
    )
    t = timing.Timers(row.turn_started, row.deadline, list(row.bank_ms))
    moves = {
        m.seat: m for m in autoplay.pending_moves(state, policies, t, row.started, clock.now())
    }
    assert moves[0].reason == "timeout" and moves[3].reason == "away"
    ok = autoplay.choose(moves[0], state, policies[0], row.seed, version)
    assert str(ok) == "0:ok"  # no answer in time counts as OK
    judged = autoplay.choose(moves[3], state, policies[3], row.seed, version)
    assert str(judged) == "3:ng:noten"  # the engine's judgment: seat 2's hand is not complete


def test_win_claim_answers_decided_on_the_same_frame_both_count(claimed, four, clock):
    """Two people answer the claim they both saw at version 5: the second answer, a step
    late, still counts (answers to one claim commute); once every answer is in, an
    answer on that old frame is refused as out of date and changes nothing."""
    from tables.play.submit import StaleVersion, submit

    _table, game = _claim_state(claimed, four, clock)
    state = states.state_of(Game.objects.get(pk=game.pk))
    submit(game.pk, 0, Action(0, "discard", state.drawn), 0, clock=clock, shown=True)
    for version, line in enumerate(["2:pass", "3:pass", "1:ron:" + _fmt(state.drawn)], start=1):
        submit(game.pk, int(line[0]), parse_action(line), version, clock=clock, shown=True)
    submit(game.pk, 1, parse_action("1:claim:1han40fu"), 4, clock=clock, shown=True)
    submit(game.pk, 0, parse_action("0:ok"), 5, clock=clock, shown=True)
    late = submit(game.pk, 2, parse_action("2:ng:wrong_value"), 5, clock=clock, shown=True)
    assert late.version == 7 and late.state.win_claim.answers[2] == parse_action("2:ng:wrong_value")
    submit(game.pk, 3, parse_action("3:ok"), 7, clock=clock, shown=True)
    row = Game.objects.get(pk=game.pk)
    assert states.state_of(row).phase == "review"
    with pytest.raises(StaleVersion):
        submit(game.pk, 3, parse_action("3:ng"), 5, clock=clock, shown=True)
    assert Game.objects.get(pk=game.pk).log == row.log


def _fmt(tile):
    from rules.engine.actions import format_tile

    return format_tile(tile)


async def test_win_claim_bots_and_the_driver_settle_a_claim_against_a_bot_dealer(
    claimed, four, clock
):
    """A robot dealer: the review opens at the next person; bots answer by judgment."""

    people = four[1:]

    def robot_dealer_table():
        table = Table.objects.create(name="Robot deals", ruleset=claimed, created_by=people[0])
        Seat.objects.create(
            table=table, index=0, player=lobby.bot_player("careful"), bot_level="careful"
        )
        for index, person in enumerate(people, start=1):
            Seat.objects.create(table=table, index=index, player=person)
        return table

    table = await db(robot_dealer_table)()
    game = await db(start)(table, seed=3, clock=clock)
    assert game.robots == [0]
    await db(with_wall)(
        game, build_wall({3: TANYAO}, draws="9m 9p 9s 1z 8m 8p 8s 5s", dora="9p", ura="9m")
    )
    driver = Driver(owner="claims", clock=clock)
    sockets = {
        seat: await open_socket(table.pk, p) for seat, p in zip((1, 2, 3), people, strict=True)
    }
    for s in sockets.values():
        await next_frame(s)

    def current():
        row = Game.objects.get(pk=game.pk)
        return row.version, states.state_of(row)

    for _ in range(40):  # people throw what they draw and pass, the robot plays itself
        version, state = await db(current)()
        if state.legal[3] and any(a.type == "tsumo" for a in state.legal[3]):
            break
        humans = [p for p in pending_seats(state) if p != 0]
        if not humans:
            clock.advance(2.0)
            await driver.tick()
            continue
        seat = humans[0]
        move = state.legal[seat][0] if state.phase == "turn" else parse_action(f"{seat}:pass")
        await send_move(sockets[seat], str(move), version)
        await frame_at(sockets[seat], version + 1)
    version, state = await db(current)()
    await send_move(sockets[3], f"3:tsumo:{_fmt(state.drawn)}", version)
    await frame_at(sockets[3], version + 1)
    await send_move(sockets[3], "3:claim:2han30fu", version + 1)
    await frame_at(sockets[3], version + 2)
    clock.advance(2.0)
    await driver.tick()  # the robot answers by the engine's judgment
    version, state = await db(current)()
    assert state.win_claim.answers[0] == parse_action("0:ok"), state.win_claim.reading
    assert state.win_claim.reviewer == 1  # the dealer is a robot: the next person reviews
    await send_move(sockets[1], "1:ok", version)
    await frame_at(sockets[1], version + 1)
    await send_move(sockets[2], "2:ok", version + 1)
    review = await frame_at(sockets[1], version + 2)
    assert 'class="claim-review"' in review
    await send_move(sockets[1], "1:accept", version + 2)
    await frame_at(sockets[1], version + 3)
    record = await db(HandRecord.objects.get)(game_id=game.pk, index=0)
    assert record.result_type == "tsumo" and record.deltas == [-1000, -500, -500, 2000]
    for s in sockets.values():
        await s.disconnect()


@pytest.mark.slow(13)
async def test_win_claim_frames_never_show_hidden_tiles(claimed, four, clock):
    """Four people play through sockets, calling false wins now and then; the claim,
    answers and review frames show the claimant's hand and nothing else hidden."""
    table = await db(make_table)(claimed, people=four)
    game = await db(start)(table, seed=17, clock=clock)
    wire = await Watched.open(table.pk, four)
    sockets, recorded = wire.sockets, wire.recorded
    counter = {"calls": 0, "reviews": 0}

    def decide():
        row = Game.objects.get(pk=game.pk)
        if row.finished:
            return None
        state = states.state_of(row)
        seat = pending_seats(state)[0]
        if state.phase in claims.CLAIM_PHASES:
            action = claims.judged_action(state, seat)
            if state.phase == "review":
                counter["reviews"] += 1
                if not state.win_claim.reading.valid:
                    action = parse_action(
                        f"{seat}:chombo:continue" if counter["reviews"] % 2 else f"{seat}:invalid"
                    )
            return seat, str(action), row.version
        anyway = [a for a in state.legal[seat] if a.type == "win_anyway"]
        if anyway and state.phase == "turn":
            counter["calls"] += 1
            if counter["calls"] % 9 == 0:
                return seat, str(anyway[0]), row.version
        view = seat_view(state, seat)
        action = bots.choose("careful", view, autoplay.bot_rng(row.seed, row.version, seat))
        return seat, str(action), row.version

    for _ in range(900):
        decision = await db(decide)()
        if decision is None:
            break
        seat, action, version = decision
        await send_move(sockets[seat], action, version)
        await wire.reach(seat, version + 1)
        await wire.drain()
    stored = await db(Game.objects.get)(pk=game.pk)
    await wire.catch_up(await db(hidden_claims.shown_of)(stored))  # every frame sent
    all_states = await db(replay_all)(stored)
    reds = tuple(all_states[0].ruleset.red_fives)
    wire.check_privacy(all_states, reds, versioned_only=True)
    reviews_seen = sum(
        1
        for frames in recorded.values()
        for frame in frames
        if not error_of(frame)
        and version_of(frame) is not None
        and ('class="claim-review"' in frame or "reviews the win" in frame)
    )
    assert counter["reviews"] >= 2 and reviews_seen >= 2
    assert any("dead hand</span>" in f for f in recorded[None])
    await wire.close()


KANCHAN_5S = "234p456p678s22m46s"  # waits on 5s only: a ron on it is 1 han 40 fu


async def test_win_claim_two_seats_win_on_one_discard_with_the_review_confirmed(
    claimed, four, clock
):
    """Bob and Carol both call a win on the dealer's 5s: with double ron they claim in
    turn, each review is confirmed by the others (``confirm_review``; silence is OK),
    both wins are paid, and no frame shows a tile it should not."""
    claimed.settings = {**claimed.settings, "confirm_review": True}
    await db(claimed.save)()
    table = await db(make_table)(claimed, people=four)
    game = await db(start)(table, seed=3, clock=clock)
    wall = build_wall({1: TANYAO, 2: KANCHAN_5S}, draws="5s", dora="9p", ura="9m")
    await db(with_wall)(game, wall)
    wire = await Watched.open(table.pk, four)
    sockets = wire.sockets

    async def move(seat, text, version):
        await send_move(sockets[seat], text, version)
        frame = await wire.reach(seat, version + 1)
        await wire.drain()
        return html.unescape(frame)

    await wire.drain()
    tile = _fmt((await db(states.state_of)(await db(Game.objects.get)(pk=game.pk))).drawn)
    await move(0, f"0:discard:{tile}", 0)
    await move(3, "3:pass", 1)
    await move(2, f"2:ron:{tile}", 2)
    frame = await move(1, f"1:ron:{tile}", 3)
    assert "You call a win" in frame and "to claim next: Carol" in frame
    await move(1, "1:claim:1han40fu", 4)
    for version, seat in enumerate((0, 2, 3), start=5):
        await move(seat, f"{seat}:ok", version)
    await move(0, "0:accept", 8)
    frame = await move(1, "1:ok", 9)
    assert "Alice's review:</strong> fixed as claimed" in frame
    assert 'class="claim-confirms"' in frame and 'class="confirm-ok"' not in frame
    asked = await wire.reach(3, 10)  # the frame Dave got of the move to version 10
    assert 'class="confirm-ok"' in asked  # Dave is asked to confirm
    await move(2, "2:ok", 10)

    def silent_dave():
        row = Game.objects.get(pk=game.pk)
        state = states.state_of(row)
        assert state.phase == "confirm" and tuple(pending_seats(state)) == (3,)
        policies = [autoplay.SeatPolicy(connected=True, last_seen=clock.now()) for _ in range(4)]
        clock.advance(60)
        t = timing.Timers(row.turn_started, row.deadline, list(row.bank_ms))
        (due,) = autoplay.pending_moves(state, policies, t, row.started, clock.now())
        return str(autoplay.choose(due, state, policies[3], row.seed, row.version))

    assert await db(silent_dave)() == "3:ok"  # no confirmation in time counts as OK
    frame = await move(3, "3:ok", 11)
    assert "Carol calls a win" in frame
    assert "Already fixed on this tile: Bob's win fixed as claimed, 1 han 40 fu" in frame
    await move(2, "2:claim:1han40fu", 12)
    for version, seat in enumerate((0, 1, 3), start=13):
        await move(seat, f"{seat}:ok", version)
    await move(0, "0:accept", 16)
    for version, seat in enumerate((1, 2, 3), start=17):
        await move(seat, f"{seat}:ok", version)
    stored = await db(Game.objects.get)(pk=game.pk)
    record = await db(HandRecord.objects.get)(game=stored, index=0)
    assert record.result_type == "ron" and record.deltas == [-2600, 1300, 1300, 0]
    await wire.catch_up(await db(hidden_claims.shown_of)(stored))  # every frame sent
    all_states = await db(replay_all)(stored)
    reds = tuple(all_states[0].ruleset.red_fives)
    wire.check_privacy(all_states, reds, versioned_only=True)
    await wire.close()


async def test_win_claim_a_dead_hand_calling_a_win_is_refused_and_changes_nothing(
    claimed, four, clock
):
    table = await db(make_table)(claimed, people=four)
    game = await db(start)(table, seed=3, clock=clock)
    await db(with_wall)(game, build_wall({1: TANYAO}, draws="5s", dora="9p", ura="9m"))
    wire = await Watched.open(table.pk, four)
    sockets = wire.sockets
    await wire.drain()
    tile = _fmt((await db(states.state_of)(await db(Game.objects.get)(pk=game.pk))).drawn)
    lines = [f"0:discard:{tile}", "1:pass", "3:pass", f"2:win_anyway:{tile}", "2:claim:mangan"]
    lines += ["0:ng:noten", "1:ng:noten", "3:ng", "0:chombo:continue"]
    for version, line in enumerate(lines):
        seat = int(line[0])
        await send_move(sockets[seat], line, version)
        await frame_at(sockets[seat], version + 1)
        await wire.drain()
    before = await db(Game.objects.get)(pk=game.pk)
    assert states.state_of(before).dead[2] and before.version == len(lines)
    await send_move(sockets[2], f"2:win_anyway:{tile}", before.version)
    code, message = await error_reply(sockets[2])
    assert code == "illegal" and "A dead hand cannot win" in message
    after = await db(Game.objects.get)(pk=game.pk)
    assert after.version == before.version and after.log == before.log
    await send_move(sockets[2], "2:nonsense", after.version)  # the socket is still open
    assert (await error_reply(sockets[2]))[0] == "malformed"
    await wire.close()


def test_win_claim_final_standings_show_the_chombo_count_beside_the_penalty():
    from rules.engine import final_standings
    from rules.engine.presets import RONIN
    from tables.drawing.result_presenters import final_context

    names = [{"name": n} for n in ("Alice", "Bob", "Carol", "Dave")]
    mangan = final_standings([35000, 13000, 25000, 27000], RONIN, 0, [0, 1, 0, 0])
    rows = {r["name"]: r for r in final_context(mangan, names)}
    assert rows["Bob"]["penalty"] == "1 chombo"  # paid at the table: a count only
    penalty = RONIN.replace(chombo="penalty", chombo_penalty=20000)
    rows = final_context(
        final_standings([35000, 13000, 25000, 27000], penalty, 0, [0, 2, 0, 0]), names
    )
    bob = next(r for r in rows if r["name"] == "Bob")
    assert bob["penalty"] == "-40.0 (2 chombos)"


def test_win_claim_form_is_prefilled_with_the_engines_value_only_when_the_app_evaluates():
    from tests.engine.test_win_claims import CLAIMED, ron_on_5s, step

    names = [{"name": n} for n in ("Alice", "Bob", "Carol", "Dave")]
    # off: nothing chosen but the form's usual 30 fu (the han list starts at 1)
    for evaluate, expected in ((True, {"han": "1", "fu": "40"}), (False, {"fu": "30"})):
        ruleset = CLAIMED.replace(evaluate_by_app=evaluate)
        state = step(ron_on_5s(ruleset), "0:discard:5s", "2:pass", "3:pass", "1:win_anyway")
        panel = claim_screens.render(seat_view(state, 1), 0, 4, names)
        selected = dict(
            re.findall(r'<select name="(han|fu)">.*?<option value="(\d+)" selected', panel)
        )
        assert selected == expected, evaluate
        if not evaluate:  # 1 han 30 fu is only the form's starting point, not the app's value
            assert "1 han 40 fu" not in panel


def test_win_claim_in_riichi_the_automatic_discard_waits_the_claim_window_for_win_anyway(
    table_settings,
):
    """At a claimed table a riichi seat's draw offers Win anyway beside the tile: with the
    automatic discard on, the tile goes once the claim window ends (not at the end of the
    seat's whole thinking time); with it off the person decides as usual."""
    from rules.engine.testing import pass_all, play, scenario, tsumogiri
    from tests.engine.test_win_claims import CLAIMED

    table_settings.TABLE_CLAIM_WINDOW = 2.0
    hands = {0: "234m345p678p22s34s", 1: "147m369p1s1234z55s"}
    state = scenario(hands, draws="9m 8m 7s 8m 9p 6z 6z 6z 7z", ruleset=CLAIMED)
    state = pass_all(play(tsumogiri(state, 4), "0:riichi:9p"))
    state = tsumogiri(state, 3)
    assert state.turn == 0 and state.riichi[0]
    assert {a.type for a in state.legal[0]} == {"discard", "win_anyway"}
    start = dt.datetime(2026, 1, 1, 12, 0, tzinfo=dt.UTC)
    t = timing.Timers(start, start + dt.timedelta(seconds=60), [20000] * 4)
    present = autoplay.SeatPolicy(connected=True, last_seen=start)
    (move,) = autoplay.pending_moves(state, [present] * 4, t, start, start)
    assert move.reason == "window" and move.due == start + dt.timedelta(seconds=2)
    action = autoplay.choose(move, state, present, 1, 0)
    assert action.type == "discard" and action.tile == state.drawn
    by_hand = present._replace(auto_riichi_discard=False)
    (move,) = autoplay.pending_moves(state, [by_hand] * 4, t, start, start)
    assert move.reason == "timeout"
