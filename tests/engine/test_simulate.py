"""Bot-versus-bot simulation: complete games, checks after every action, statistics."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.engine import Action, SeatView, bots, invariants
from rules.engine.presets import RONIN
from rules.engine.study import simulate

EAST_ONLY = RONIN.replace(game_type="tonpuusen")


@pytest.mark.parametrize("level", list(bots.BOTS))
def test_a_game_of_each_level_ends_with_standings_and_no_violation(level):
    record = simulate.play_game(EAST_ONLY, 5, [level] * 4)
    assert record.state.finished
    assert sorted(s.place for s in record.final) == [1, 2, 3, 4]
    assert record.results and record.actions == len(record.state.actions)


def test_the_same_seed_and_bots_replay_the_same_game():
    first = simulate.play_game(EAST_ONLY, 11, ["careful", "efficient", "tsumogiri", "efficient"])
    again = simulate.play_game(EAST_ONLY, 11, ["careful", "efficient", "tsumogiri", "efficient"])
    assert first.state.actions == again.state.actions
    assert [s.final for s in first.final] == [s.final for s in again.final]


def test_bots_are_given_the_seat_view_and_their_own_generator_only():
    calls = []

    def spy(level):
        def bot(*args, **kwargs):
            assert not kwargs and len(args) == 2
            view, rng = args
            assert type(view) is SeatView and type(rng) is random.Random
            calls.append(view.seat)
            action = bots.choose(level, view, rng)
            assert action in view.legal
            return action

        return bot

    simulate.play_game(
        EAST_ONLY, 3, [spy("careful"), spy("efficient"), spy("tsumogiri"), spy("careful")]
    )
    assert set(calls) == {0, 1, 2, 3}


def test_an_illegal_bot_action_is_reported_with_seed_and_action_index():
    def cheat(view, rng):
        if len(view.discards[view.seat]) == 2:
            return Action(view.seat, "tsumo", 0)
        return bots.choose("tsumogiri", view, rng)

    with pytest.raises(simulate.InvariantViolation) as caught:
        simulate.play_game(EAST_ONLY, 8, [cheat, "tsumogiri", "tsumogiri", "tsumogiri"])
    assert caught.value.seed == 8
    assert caught.value.action_index > 0
    assert "seed 8" in str(caught.value)


def test_a_broken_invariant_stops_the_game_at_the_action_that_broke_it(monkeypatch):
    seen = []

    def problems(state):
        seen.append(len(state.actions))
        return ["planted problem"] if len(state.actions) == 30 else []

    monkeypatch.setattr(invariants, "problems", problems)
    with pytest.raises(simulate.InvariantViolation) as caught:
        simulate.play_game(EAST_ONLY, 2, ["efficient"] * 4)
    assert caught.value.action_index == 30
    assert "planted problem" in caught.value.message


def test_without_checks_the_invariants_are_not_consulted(monkeypatch):
    monkeypatch.setattr(invariants, "problems", lambda state: ["never asked"])
    record = simulate.play_game(EAST_ONLY, 2, ["tsumogiri"] * 4, check=False)
    assert record.state.finished


def test_bots_rotate_one_seat_per_game():
    names = ["a", "b", "c", "d"]
    assert simulate.seating(names, 0) == ("a", "b", "c", "d")
    assert simulate.seating(names, 1) == ("d", "a", "b", "c")
    seats_of_a = {simulate.seating(names, g).index("a") for g in range(4)}
    assert seats_of_a == {0, 1, 2, 3}


def test_the_report_counts_hands_endings_and_placements_per_bot():
    report = simulate.simulate(EAST_ONLY, 4, 100, ["careful", "careful", "efficient", "tsumogiri"])
    assert report.games == 4
    assert report.hands == sum(report.endings.values()) == sum(report.kinds.values())
    per = report.per_bot
    assert len(per["careful"].placements) == 8 and len(per["tsumogiri"].placements) == 4
    assert per["careful"].seat_hands == 2 * per["efficient"].seat_hands
    assert report.wins >= report.endings["win"]
    text = simulate.format_report(report)
    for needle in ("games/s", "hands/s", "win", "draw", "abort", "deal-in", "avg place"):
        assert needle in text


def test_simulate_rejects_a_table_without_four_known_bots():
    with pytest.raises(ValueError, match="four bots"):
        simulate.simulate(EAST_ONLY, 1, 0, ["careful"])
    with pytest.raises(ValueError, match="unknown bot"):
        simulate.simulate(EAST_ONLY, 1, 0, ["careful", "careful", "careful", "wizard"])


def test_the_command_prints_the_statistics():
    out, err = StringIO(), StringIO()
    call_command(
        "simulate",
        games=2,
        seed=4,
        ruleset="yakuza",
        bots="careful,efficient,tsumogiri,efficient",
        stdout=out,
        stderr=err,
    )
    assert "hands/s" in out.getvalue() and "avg place" in out.getvalue()
    assert "2/2 games" in err.getvalue()


def test_the_command_refuses_bad_arguments():
    with pytest.raises(CommandError, match="four levels"):
        call_command("simulate", games=1, bots="careful,efficient", stdout=StringIO())
    with pytest.raises(CommandError, match="unknown bot"):
        call_command("simulate", games=1, bots="a,b,c,d", stdout=StringIO())
    with pytest.raises(CommandError, match="unknown ruleset"):
        call_command("simulate", games=1, ruleset="nope", stdout=StringIO())


def test_the_command_exits_non_zero_with_seed_and_action_on_a_violation(monkeypatch):
    monkeypatch.setattr(invariants, "problems", lambda state: ["planted"])
    err = StringIO()
    with pytest.raises(SystemExit) as caught:
        call_command("simulate", games=1, seed=9, stdout=StringIO(), stderr=err)
    assert caught.value.code == 1
    assert "seed=9" in err.getvalue() and "action_index=0" in err.getvalue()


def test_run_bots_plays_the_robot_seats_until_a_person_has_to_act():
    from rules.engine import apply, new_game, pending_seats

    robots = {seat: bots.BOTS["efficient"] for seat in (1, 2, 3)}
    rngs = {seat: simulate.bot_rng(7, seat) for seat in robots}
    state = new_game(EAST_ONLY, seed=7)
    same, events = simulate.run_bots(state, robots, rngs)
    assert same is state and events == []  # the dealer (a person) is to act
    for _ in range(5):
        person = next(a for a in state.legal[0] if a.type == "discard")
        state, _ = apply(state, person)
        state, events = simulate.run_bots(state, robots, rngs)
        assert state.finished or 0 in pending_seats(state)
        assert all(not state.legal[seat] for seat in robots) or state.finished
        if state.phase != "turn":
            break


def test_the_benchmark_times_four_copies_of_each_level():
    reports = simulate.benchmark(EAST_ONLY, 1, 3)
    assert list(reports) == list(bots.BOTS)
    assert all(r.games == 1 and r.hands > 0 and r.hands_per_second > 0 for r in reports.values())
    text = simulate.format_benchmark(reports)
    assert "4x tsumogiri" in text and "4x careful" in text


def test_the_benchmark_lets_the_levels_take_turns_game_by_game(monkeypatch):
    # so that a change in the machine's load weighs on every level alike
    played = []
    real = simulate.play_game

    def recording(ruleset, seed, bots_, check=True):
        played.append((seed, bots_[0]))
        return real(ruleset, seed, bots_, check=check)

    monkeypatch.setattr(simulate, "play_game", recording)
    ticks = iter(range(1000))
    reports = simulate.benchmark(
        EAST_ONLY, 2, 3, ["tsumogiri", "careful"], clock=lambda: next(ticks)
    )
    assert played == [(3, "tsumogiri"), (3, "careful"), (4, "tsumogiri"), (4, "careful")]
    # each level is charged for its own games only: one tick per game here
    assert reports["tsumogiri"].seconds == 2 and reports["careful"].seconds == 2
    alone = simulate.simulate(EAST_ONLY, 2, 3, ["careful"] * 4, check=False)
    assert reports["careful"].hands == alone.hands and reports["careful"].games == 2


def test_the_command_can_print_the_benchmark():
    out = StringIO()
    call_command("simulate", games=1, ruleset="yakuza", bench=True, stdout=out, stderr=StringIO())
    assert "hands/s" in out.getvalue() and "4x efficient" in out.getvalue()
