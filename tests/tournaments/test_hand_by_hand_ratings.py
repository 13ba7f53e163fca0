"""Club nights: confirmed in-person games feed the club rating and in-person statistics."""

from __future__ import annotations

import pytest
from django.urls import reverse

from history import in_person, rating
from rules.engine import DeclaredHand, WinValue, final_standings
from tournaments import agreement, penalties, scored_tables
from tournaments.in_person_games import confirmed_games
from tournaments.models import Penalty

# East wins a mangan off South with riichi; then seven cheap rons (see test_hand_by_hand)
GAME = [DeclaredHand("ron", (WinValue(1, 5, 0),), 0, riichi=(1, 3))] + [
    DeclaredHand("ron", (WinValue((d + 1) % 4, 1, 30),), (d + 2) % 4) for d in range(1, 8)
]


@pytest.fixture
def confirmed(make_event, seated_round):
    tournament = make_event(players=4)
    table = seated_round(tournament).tables.get()
    east = table.seat_list()[0].player
    for i, hand in enumerate(GAME):
        scored_tables.save_hand(table, hand, f"h{i}", east)
    scored_tables.confirm(table, east)
    agreement.agree(table, table.seat_list()[1].player)  # a second member agrees: it counts
    return table


def test_hand_by_hand_an_unconfirmed_game_counts_nowhere(make_event, seated_round):
    table = seated_round(make_event(players=4)).tables.get()
    scored_tables.save_hand(table, GAME[0], "a", table.seat_list()[0].player)
    assert confirmed_games() == []
    assert rating.club_ratings().games.get(table.seat_list()[0].player_id) is None


def test_hand_by_hand_a_confirmed_game_moves_the_players_ratings_by_the_formula(confirmed):
    sheet = scored_tables.sheet_of(confirmed)
    players = [s.player_id for s in confirmed.seat_list()]
    ratings = rating.club_ratings()
    for standing in sheet.final:
        player = players[standing.seat]
        # everyone starts at 1500, so the change is the place points alone
        expected = 1500 + rating.PLACE_POINTS[standing.place]
        assert ratings.of(player) == pytest.approx(expected)
        assert ratings.games[player] == 1
        assert ratings.history[player][-1].in_person
    # undone after confirmation (a referee's correction): the rating forgets it
    organizer = confirmed.tournament.created_by
    scored_tables.undo_last(confirmed, organizer, "wrong fu")
    assert rating.club_ratings().games.get(players[0]) is None


def test_hand_by_hand_in_person_statistics_count_wins_deal_ins_riichi_and_places(confirmed):
    game = confirmed_games()[0]
    sheet = scored_tables.sheet_of(confirmed)
    assert game.hands == len(GAME)
    south = confirmed.seat_list()[1].player_id
    stats = in_person.stats_of(south)
    wins = sum(1 for h in GAME for w in h.wins if w.seat == 1)
    deal_ins = sum(1 for h in GAME if h.discarder == 1)
    assert (stats.games, stats.hands, stats.wins, stats.deal_ins, stats.riichi) == (
        1,
        len(GAME),
        wins,
        deal_ins,
        1,
    )
    place = next(s.place for s in sheet.final if s.seat == 1)
    assert stats.average_place == place
    assert stats.win_rate == pytest.approx(wins / len(GAME))


def test_hand_by_hand_a_referees_penalty_comes_off_the_in_person_result(confirmed):
    organizer = confirmed.tournament.created_by
    penalties.add(confirmed, 2, Penalty.CONDUCT, 5000, "slow play", organizer)
    result = confirmed.result
    expected = final_standings(result.scores, confirmed.tournament.engine_ruleset())
    west = next(s for s in expected if s.seat == 2)
    assert confirmed_games()[0].seats[2].final == west.final - 5000


def test_hand_by_hand_the_profile_shows_in_person_statistics_apart_from_online(client, confirmed):
    south = confirmed.seat_list()[1].player
    page = client.get(reverse("history:profile", args=[south.username])).content.decode()
    online = page.index('id="online"')
    offline = page.index('id="in-person"')
    assert online < offline
    assert "No finished games yet." in page[online:offline]  # no online game
    section = page[offline:]
    stats = in_person.stats_of(south.pk)
    assert f"{100 * stats.win_rate:.1f}%" in section
    assert f"{stats.deal_ins} of {len(GAME)} hands" in section
    assert f"riichi in 1 of {len(GAME)} hands" in section
    assert f"{stats.average_place:.2f}" in section
    assert 'class="rating-now"' in page


def test_hand_by_hand_a_member_with_only_in_person_games_is_in_the_club_ranking(client, confirmed):
    south = confirmed.seat_list()[1].player
    page = client.get(reverse("history:ranking")).content.decode()
    assert south.name in page
    assert f"{rating.club_ratings().of(south.pk):.0f}" in page
