"""A final stage's standings: carried, halved or reset scores, with known numbers
(tests/tournaments/data/stage_standings.json), and the order at the cut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.engine import Ruleset
from tournaments import leaderboard, stage_board
from tournaments.leaderboard import Entry, Game, Row

DATA = json.loads((Path(__file__).parent / "data" / "stage_standings.json").read_text())


def games():
    return [
        Game(key=n, players=tuple(g["players"]), scores=tuple(g["scores"]), round=g["round"])
        for n, g in enumerate(DATA["games"])
    ]


ENTRIES = {p: Entry(name=p) for p in "ABCDEFGH"}


def cut(rule: str) -> stage_board.Cut:
    order = DATA["at_the_cut"]["order"]
    return stage_board.Cut(
        after_round=DATA["after_round"],
        qualified=tuple(order[: DATA["advance"]]),
        places={p: n for n, p in enumerate(order, start=1)},
        scores=rule,
    )


def test_it_ranks_the_field_at_the_cut_from_the_rounds_before_it():
    board = stage_board.before_cut(games(), Ruleset(), ENTRIES, [], DATA["after_round"])
    order = stage_board.order_at_cut(board, stage_board.AVERAGE_PLACE, DATA["after_round"])
    assert [r.player for r in order] == DATA["at_the_cut"]["order"]
    assert {r.player: r.total for r in board.rows} == DATA["at_the_cut"]["totals"]


@pytest.mark.parametrize("rule", ["carry", "halve", "reset"])
def test_it_adds_the_final_rounds_to_the_carried_halved_or_reset_totals(rule):
    expected = DATA["final"][rule]
    board = stage_board.build(games(), Ruleset(), ENTRIES, [], cut(rule))
    assert [r.player for r in board.rows] == expected["order"]
    assert {r.player: r.total for r in board.rows} == expected["totals"]
    assert {r.player: r.carried for r in board.rows if r.carried is not None} == expected["carried"]
    finalists = [r for r in board.rows if r.stage == "Final"]
    assert [r.rank for r in finalists] == [1, 2, 3, 4]
    assert all(r.games == 3 for r in finalists)


def test_a_player_who_was_cut_keeps_the_place_and_total_of_the_cut():
    board = stage_board.build(games(), Ruleset(), ENTRIES, [], cut("halve"))
    out = {r.player: r for r in board.rows if r.stage}
    for player, rank in DATA["ranks_of_the_cut"].items():
        assert out[player].rank == rank
        assert out[player].stage == "Out after round 2"
        assert out[player].total == DATA["at_the_cut"]["totals"][player]
        assert out[player].carried is None


def test_it_halves_toward_zero():
    assert stage_board.carried(45500, "halve") == 22750
    assert stage_board.carried(-9100, "halve") == -4550
    assert stage_board.carried(-9001, "halve") == -4500
    assert stage_board.carried(9001, "halve") == 4500
    assert stage_board.carried(-9001, "reset") == 0
    with pytest.raises(ValueError):
        stage_board.carried(1, "double")


def test_the_chart_shows_the_points_dropped_at_the_cut():
    board = stage_board.build(games(), Ruleset(), ENTRIES, [], cut("reset"))
    c = next(r for r in board.rows if r.player == "C")
    assert leaderboard.cumulative(c, board.steps) == [-20000, 0, 50000]


def tied(name, total, places, last_round):
    return Row(
        player=name,
        name=name,
        total=total,
        games=sum(places),
        places=places,
        rank=1,
        by_step={2: last_round},
    )


@pytest.mark.parametrize(
    "ties, first",
    [
        (stage_board.AVERAGE_PLACE, "Y"),  # Y: average 2.0 against X's 2.5
        (stage_board.FIRSTS, "X"),  # X: one first place, Y none
        (stage_board.LAST_ROUND, "Z"),  # Z scored the most in round 2
    ],
)
def test_it_breaks_a_tie_at_the_cut_as_the_event_says(ties, first):
    x = tied("X", 1000, [1, 0, 0, 1], 0)
    y = tied("Y", 1000, [0, 2, 0, 0], 500)
    z = tied("Z", 1000, [0, 1, 0, 1], 900)
    board = leaderboard.Leaderboard(rows=[x, y, z], teams=[], steps=[1, 2])
    assert stage_board.order_at_cut(board, ties, 2)[0].player == first
