"""Event standings add up each game per the event's ruleset.

The per-game worked examples (every preset, ties, leftover sticks, rounding, EMA
and WRC chombo penalties) are the engine's own, in ``tests/data/standings.json``;
they are reused here rather than written twice. Each case is run through the
tournament's path: a :class:`Game` with seats East first (a case whose first
dealer is another seat is turned so that seat sits East), then the leaderboard,
and for one case per preset the whole way from a recorded result to the page.
"""

import json
from pathlib import Path

import pytest

from rules.engine import format_final, presets, rulesets
from tournaments import presenters
from tournaments.leaderboard import Entry, Game, build
from tournaments.models import Tournament

from .conftest import enter

DATA = Path(__file__).resolve().parents[1] / "data" / "standings.json"
CASES = json.loads(DATA.read_text())["cases"]


def overrides_of(case):
    changes = dict(case.get("overrides", {}))
    if "uma_table" in case:
        changes["uma"] = list(presets.YAKUZA_UMA_TABLES[case["uma_table"]])
    return changes


def east_first(case):
    """The case's scores, sticks and chombos turned so its first dealer sits East."""
    k = case.get("starting_dealer", 0)
    turn = [(k + w) % 4 for w in range(4)]  # wind -> the case's seat
    chombos = case.get("chombo_counts", [0, 0, 0, 0])
    return turn, [case["scores"][s] for s in turn], [chombos[s] for s in turn]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_it_scores_the_engines_worked_games_in_the_standings(case):
    ruleset = rulesets.from_dict(overrides_of(case), base=presets.preset(case["ruleset"]))
    turn, scores, chombos = east_first(case)
    game = Game(
        key=1,
        players=tuple(f"seat{s}" for s in turn),
        scores=tuple(scores),
        leftover_sticks=case.get("leftover_sticks", 0),
        chombos=tuple(chombos),
    )
    board = build([game], ruleset, {f"seat{s}": Entry(f"seat{s}") for s in range(4)})
    rows = {r.player: r for r in board.rows}
    for want in case["expected"]:
        row = rows[f"seat{want['seat']}"]
        assert row.games == 1
        if "final" in want:
            assert row.total == want["final"], want
        if "place" in want:
            assert row.places[want["place"] - 1] == 1, want
    # the standings order follows the points
    totals = [r.total for r in board.rows]
    assert totals == sorted(totals, reverse=True)


def one_case_per_preset():
    seen, out = set(), []
    for case in CASES:
        if case["ruleset"] not in seen and all("final" in e for e in case["expected"]):
            seen.add(case["ruleset"])
            out.append(case)
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("case", one_case_per_preset(), ids=lambda c: c["id"])
def test_it_shows_each_presets_worked_game_on_the_standings_page(case, make_event, seated_round):
    tournament = make_event(players=4, preset=case["ruleset"], rounds_=1)
    tournament.overrides = overrides_of(case)
    tournament.save()
    table = seated_round(tournament).tables.get()
    turn, scores, chombos = east_first(case)
    # Put the case's seats in the drawn seating's order: wind w holds seat turn[w].
    seats = table.seat_list()
    reasons = ["late" if c else "" for c in chombos]
    enter(table, scores, case.get("leftover_sticks", 0), chombos, reasons)
    shown = {
        row["cells"]["name"]: row["cells"]["total"]
        for row in presenters.standings(tournament)["rows"]
    }
    for want in case["expected"]:
        wind = turn.index(want["seat"])
        assert shown[seats[wind].player.name] == format_final(want["final"])


@pytest.mark.django_db
def test_it_applies_an_events_overrides_on_top_of_its_ruleset(make_event, seated_round):
    # EMA with a bigger chombo for this event only: -15 after uma, then -30 penalty.
    tournament = make_event(players=4, preset="ema", rounds_=1)
    tournament.overrides = {"chombo_penalty": 30000}
    tournament.save()
    table = seated_round(tournament).tables.get()
    enter(
        table, [40000, 25000, 25000, 30000], chombos=(0, 1, 0, 0), reasons=("", "false ron", "", "")
    )
    rows = {r["cells"]["name"]: r["cells"] for r in presenters.standings(tournament)["rows"]}
    south = table.seat_list()[1].player.name
    assert rows[south]["total"] == "-45.0"
    assert rows[south]["penalties"] == "-30.0"


def test_it_adds_games_into_totals_placements_and_penalties():
    ema = presets.preset("ema")
    games = [
        # EMA: A +25; B and C tie for third on 25,000 and split -5/-15 into -10 each:
        # -5 - 10 = -15, and B's chombo costs 20 more (-35); D second, +5.
        Game(
            key=1,
            round=1,
            players=("A", "B", "C", "D"),
            scores=(40000, 25000, 25000, 30000),
            chombos=(0, 1, 0, 0),
        ),
        # D first: +15 + 15 = +30; A second: +5 + 5 = +10; B third: -5 - 5 = -10;
        # C fourth: -15 - 15 = -30.
        Game(key=2, round=2, players=("D", "A", "B", "C"), scores=(45000, 35000, 25000, 15000)),
    ]
    board = build(games, ema, {p: Entry(name=p) for p in "ABCD"})
    by_name = {r.name: r for r in board.rows}
    assert by_name["A"].total == 25000 + 10000
    assert by_name["D"].total == 5000 + 30000
    assert by_name["B"].total == -35000 - 10000
    assert by_name["C"].total == -15000 - 30000
    assert by_name["B"].penalties == 20000 and by_name["B"].chombos == 1
    assert by_name["A"].places == [1, 1, 0, 0] and by_name["A"].average_place == 1.5
    assert by_name["D"].places == [1, 1, 0, 0]
    # A and D: +35 each with the same average, so they share first. B and C: -45
    # each, but B's average place (3.0) beats C's (3.5).
    assert [(r.name, r.rank) for r in board.rows] == [("A", 1), ("D", 1), ("B", 3), ("C", 4)]
    assert sum(r.total for r in board.rows) == -20000  # only the penalty leaves the table
    assert board.points(by_name["B"].total) == "-45.0"


def test_it_lists_substitutes_unranked_and_leaves_bots_out():
    ronin = presets.preset("ronin")
    games = [Game(key=1, players=("A", "S", None, "B"), scores=(30000, 30000, 20000, 20000))]
    entries = {"A": Entry("A"), "B": Entry("B"), "S": Entry("S", substitute=True), "Z": Entry("Z")}
    board = build(games, ronin, entries)
    assert [(r.name, r.rank) for r in board.rows] == [("A", 1), ("Z", 2), ("B", 3), ("S", None)]
    assert board.rows[1].games == 0


def test_it_ranks_teams_by_their_members_totals():
    ronin = presets.preset("ronin")
    # Ronin: A +40 (tie on 30,000 goes to East), B +10, C -20, D -30.
    games = [Game(key=1, players=("A", "B", "C", "D"), scores=(30000, 30000, 20000, 20000))]
    entries = {
        "A": Entry("A", team="Red"),
        "B": Entry("B", team="Blue"),
        "C": Entry("C", team="Blue"),
        "D": Entry("D", team="Red"),
    }
    teams = build(games, ronin, entries).teams
    assert [(t.team, t.total, t.rank) for t in teams] == [("Red", 10000, 1), ("Blue", -10000, 2)]


def test_it_knows_an_online_event_from_an_offline_one():
    assert Tournament(format=Tournament.ONLINE).is_online
    assert Tournament(format=Tournament.LEAGUE).is_league
