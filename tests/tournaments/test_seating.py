"""Seating: random rounds without repeat opponents, swiss by standings, winds, byes."""

import random
from collections import Counter

import pytest

from tournaments import rounds, seating
from tournaments.models import Registration, RoundBye

from .conftest import enter, seat_ids


def play_random_rounds(players, count, seed):
    rng = random.Random(seed)
    history = []
    for number in range(1, count + 1):
        tables = seating.plan_round(players, "random", history, rng, rounds_after=count - number)
        history.extend(tables)
    return history


def test_it_seats_16_players_for_4_random_rounds_without_a_repeated_opponent():
    history = play_random_rounds(list(range(16)), 4, seed=2026)
    met = seating.meetings_from(history)
    assert len(history) == 16  # four tables a round
    assert max(met.values()) == 1  # nobody shares a table twice
    assert len(met) == 16 * 6  # every table adds six new pairs
    for r in range(4):
        assert sorted(p for t in history[r * 4 : r * 4 + 4] for p in t) == list(range(16))


def test_it_gives_the_same_seating_for_the_same_seed():
    assert play_random_rounds(list(range(12)), 2, seed=5) == play_random_rounds(
        list(range(12)), 2, seed=5
    )
    assert play_random_rounds(list(range(12)), 2, seed=5) != play_random_rounds(
        list(range(12)), 2, seed=6
    )


def test_it_keeps_wind_counts_balanced():
    history = play_random_rounds(list(range(16)), 4, seed=2026)
    winds = seating.wind_counts_from(history)
    assert all(sum(c) == 4 for c in winds.values())
    # Most players start once from each wind; nobody starts from one wind three times.
    assert max(max(c) for c in winds.values()) <= 2
    perfect = sum(1 for c in winds.values() if c == [1, 1, 1, 1])
    assert perfect >= 10


def test_it_orders_a_table_to_give_each_player_a_wind_they_lack():
    winds = {"a": [1, 0, 0, 0], "b": [0, 1, 0, 0], "c": [0, 0, 1, 0], "d": [0, 0, 0, 1]}
    table = seating.assign_winds([["a", "b", "c", "d"]], winds, random.Random(1))[0]
    for wind, player in enumerate(table):
        assert winds[player][wind] == 0


def test_it_seats_swiss_in_standings_order_when_nobody_has_met():
    ranked = list(range(1, 17))
    tables = seating.swiss_tables(ranked, {})
    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]


def test_it_swiss_skips_an_opponent_already_met_for_the_next_in_line():
    # 1 and 2 met before: 3 takes 2's seat at the top table, 2 drops to the next.
    met = seating.meetings_from([[1, 2, 90, 91]])
    tables = seating.swiss_tables(list(range(1, 9)), met)
    assert tables[0] == [1, 3, 4, 5]
    assert tables[1] == [2, 6, 7, 8]


def test_it_gives_byes_to_those_with_fewest_byes_so_far():
    byes = seating.choose_byes(
        list("abcdef"), 2, {"a": 1, "b": 1, "c": 1, "d": 1}, random.Random(3)
    )
    assert sorted(byes) == ["e", "f"]


def test_it_reports_repeats_and_wind_balance():
    before = [[1, 2, 3, 4]]
    quality = seating.quality(
        [[5, 1, 2, 6], [3, 7, 4, 8]],
        seating.meetings_from(before),
        seating.wind_counts_from(before),
    )
    assert quality.repeats == 2  # 1-2 and 3-4 meet again
    assert quality.unbalanced == []  # nobody has started in the same wind twice yet
    again = seating.quality([[1, 2, 3, 4]], {}, seating.wind_counts_from(before * 2))
    assert again.worst_wind_spread == 3 and 1 in again.unbalanced


@pytest.mark.django_db
def test_it_swiss_seats_round_two_by_the_standings(make_event):
    tournament = make_event(players=8, rounds_=2)
    first = rounds.draw(tournament, "random", seating_seed=11)
    rounds.publish(first)
    t1, t2 = first.tables.order_by("number")
    enter(t1, [45000, 30000, 15000, 10000])
    enter(t2, [40000, 25000, 20000, 15000])
    ranked = rounds.ranked_player_ids(tournament)
    second = rounds.draw(tournament, "swiss", seating_seed=12)
    top, rest = second.tables.order_by("number")
    # The two winners and the two runners-up have not all met: the top four sit together.
    assert set(seat_ids(top)) == set(ranked[:4])
    assert set(seat_ids(rest)) == set(ranked[4:])
    assert ranked[0] == seat_ids(t1)[0] and ranked[1] == seat_ids(t2)[0]


@pytest.mark.django_db
def test_it_gives_byes_when_the_field_is_not_a_multiple_of_four(make_event):
    tournament = make_event(players=10, rounds_=2)
    round_ = rounds.draw(tournament, "random", seating_seed=3)
    assert round_.tables.count() == 2
    assert RoundBye.objects.filter(round=round_).count() == 2
    rounds.publish(round_)
    second = rounds.draw(tournament, "random", seating_seed=4)
    # the two who sat out first play now
    first_byes = set(round_.byes.values_list("player_id", flat=True))
    assert not first_byes & set(second.byes.values_list("player_id", flat=True))


@pytest.mark.django_db
def test_it_fills_empty_seats_with_substitutes(make_event, make_members):
    tournament = make_event(players=7, rounds_=1)
    sub = make_members(1, prefix="sub")[0]
    Registration.objects.create(tournament=tournament, player=sub, substitute=True)
    round_ = rounds.draw(tournament, "random", seating_seed=3, use_substitutes=True)
    seated = Counter(p for t in round_.tables.all() for p in seat_ids(t))
    assert sub.pk in seated and len(seated) == 8
    assert not round_.byes.exists()
