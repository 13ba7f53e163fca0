"""Profile statistics against counts made here, straight from the engine's game records.

The games are replayed with the same seeds and bots, and every number is counted
from the engine's results and action logs (not from the stored rows and not with
:mod:`history.stats`), then compared with what the profile computes and shows.
"""

from collections import Counter

import pytest

from history import stats
from rules.engine import play_game

from .conftest import BOTS, EAST_ONLY, seating

SEEDS = [11, 12, 13, 14, 15, 16]


def count_by_hand(members, player):
    """Everything the profile reports for ``player``, counted from the engine's records."""
    out = {
        "games": 0,
        "places": [0, 0, 0, 0],
        "hands": 0,
        "wins": 0,
        "deal_ins": 0,
        "riichi": 0,
        "calls": 0,
        "values": [],
        "yaku": Counter(),
    }
    for n, seed in enumerate(SEEDS):
        record = play_game(EAST_ONLY, seed, list(BOTS), check=False)
        seat = seating(members, n).index(player)
        out["games"] += 1
        place = next(s.place for s in record.final if s.seat == seat)
        out["places"][place - 1] += 1
        for result in record.results:
            out["hands"] += 1
            for win in result.wins:
                if win.seat == seat:
                    out["wins"] += 1
                    # what the winner received, less the sticks and the honba (300 per counter)
                    out["values"].append(
                        win.payment.total - win.payment.sticks - 300 * result.honba
                    )
                    out["yaku"].update(name for name, _ in win.score.yaku)
            if result.kind == "ron" and any(w.from_seat == seat for w in result.wins):
                out["deal_ins"] += 1
        for log in record.state.past_logs:
            mine = {a.type for a in log if a.seat == seat}
            out["riichi"] += bool(mine & {"riichi", "open_riichi"})
            out["calls"] += bool(mine & {"chi", "pon", "daiminkan"})
    return out


def test_it_counts_profile_statistics_like_a_hand_count(finished_games, members):
    for player in members:
        check_player(members, player)


def check_player(members, player):
    expected = count_by_hand(members, player)
    got = stats.player_stats(player)
    assert got.games == expected["games"] == len(SEEDS)
    assert got.places == expected["places"]
    assert got.hands == expected["hands"]
    assert got.hands_with_actions == expected["hands"]
    assert got.wins == expected["wins"]
    assert got.deal_ins == expected["deal_ins"]
    assert got.riichi == expected["riichi"]
    assert got.calls == expected["calls"]
    assert sorted(got.win_values) == sorted(expected["values"])
    assert got.yaku == expected["yaku"]
    average = sum((i + 1) * n for i, n in enumerate(expected["places"])) / len(SEEDS)
    assert got.average_place == pytest.approx(average)
    assert got.win_rate == pytest.approx(expected["wins"] / expected["hands"])
    assert got.deal_in_rate == pytest.approx(expected["deal_ins"] / expected["hands"])
    assert got.riichi_rate == pytest.approx(expected["riichi"] / expected["hands"])
    assert got.call_rate == pytest.approx(expected["calls"] / expected["hands"])


def test_it_shows_the_counts_on_the_profile(client, finished_games, members):
    player = members[0]
    expected = count_by_hand(members, player)
    page = client.get(player.get_absolute_url()).content.decode()
    hands, wins = expected["hands"], expected["wins"]
    assert f"{wins} wins in {hands} hands" in page
    assert f"{100 * wins / hands:.1f}%" in page
    assert f"{expected['deal_ins']} of {hands} hands ended on their discard" in page
    assert f"riichi in {expected['riichi']} of {hands} hands" in page
    assert f"chi, pon or open kan in {expected['calls']} of {hands} hands" in page
    places = expected["places"]
    assert f"{sum((i + 1) * n for i, n in enumerate(places)) / len(SEEDS):.2f}" in page
    if expected["values"]:
        average = sum(expected["values"]) / len(expected["values"])
        assert f"{average:,.0f} points" in page
    # the placement chart states its counts in words for screen readers
    words = ", ".join(
        f"{label}: {n}" for label, n in zip(["1st", "2nd", "3rd", "4th"], places, strict=True)
    )
    assert words in page
    assert expected["yaku"], "the games had no yaku to count"
    for name, count in expected["yaku"].most_common(3):
        assert f'<td>{name}</td><td class="num">{count}</td>' in page


def test_it_leaves_out_games_still_being_played(finished_games, members):
    running = finished_games[-1]
    before = stats.player_stats(members[0]).games
    type(running).objects.filter(pk=running.pk).update(finished=None)
    assert stats.player_stats(members[0]).games == before - 1
