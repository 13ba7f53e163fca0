"""Agreement before a result counts: no member alone writes another member's record.

The rules are in ``tournaments.agreement`` (and the README's "Agreement before a result
counts"). The first two tests are the attacks the issue reported, tried again through
the pages: they must now change nobody's rating, statistics or standings.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from history import in_person, rating
from rules.models import Ruleset
from tournaments import agreement, open_tables, presenters, scored_tables
from tournaments.in_person_games import confirmed_games
from tournaments.models import Answer, Correction, Result, Tournament
from tournaments.models import TournamentTable as Table
from tournaments.permissions import ORGANIZERS

from .conftest import PASSWORD, hand_key


def signed_in(client, player):
    client.logout()
    assert client.login(username=player.username, password=PASSWORD)
    return client


def score_url(table, what="score"):
    return reverse(f"tournaments:{what}", args=[table.tournament_id or 0, table.pk])


def play_by_pages(client, table):
    """Eight cheap rons through the entry page (the player after the dealer wins off
    the one opposite): a whole east-south game, always the hand the page shows."""
    while not scored_tables.sheet_of(table).finished:
        dealer = scored_tables.sheet_of(table).round_number
        winner, discarder = (dealer + 1) % 4, (dealer + 2) % 4
        data = {
            "token": f"h{table.hands.count()}",
            "outcome": "ron",
            "winners": [str(winner)],
            "discarder": str(discarder),
            f"han_{winner}": "3",
            f"fu_{winner}": "30",
            **hand_key(table),
        }
        response = client.post(score_url(table, "score_save"), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    return scored_tables.sheet_of(table)


def casual(opener, players, guests=()):
    seats = [(w, p, "") for w, p in enumerate(players)]
    seats += [(len(players) + i, None, name) for i, name in enumerate(guests)]
    return open_tables.open_table(None, seats, opener, Ruleset.club_default())


def ratings_of(players):
    now = rating.club_ratings()
    return [(now.of(p.pk), now.games.get(p.pk, 0)) for p in players]


@pytest.fixture
def scored_table(make_event, seated_round):
    return seated_round(make_event(players=4)).tables.get()


@pytest.fixture
def club_organizer(make_members):
    (person,) = make_members(1, prefix="org")
    group, _ = Group.objects.get_or_create(name=ORGANIZERS)
    group.user_set.add(person)
    return person


# --- the attacks of the issue, through the pages


def test_a_member_alone_cannot_move_four_other_members_ratings(client, make_members):
    mallory, *victims = make_members(5)
    before = ratings_of(victims)
    signed_in(client, mallory)
    data = {"ruleset": Ruleset.club_default().pk}
    for w, victim in enumerate(victims):
        data[f"player_{w}"] = victim.username
    client.post(reverse("tournaments:casual_table"), data)
    table = Table.objects.get()
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    assert Result.objects.get(table=table).status == Result.WAITING
    # nothing counts: ratings, in-person statistics
    assert ratings_of(victims) == before
    assert confirmed_games() == []
    assert all(in_person.stats_of(v.pk).games == 0 for v in victims)
    # the opener cannot make it count, nor undo or correct it
    assert client.post(score_url(table, "score_agree")).status_code == 403
    hands = table.hands.count()
    undo = {"sure": "yes", "number": str(hands), "reason": "mine"}
    client.post(score_url(table, "score_undo"), undo)
    assert table.hands.count() == hands and Result.objects.get(table=table).status == Result.WAITING
    # every member it names sees it waiting on their profile
    for victim in victims:
        page = client.get(reverse("history:profile", args=[victim.username])).content.decode()
        assert 'id="waiting-results"' in page and "waiting for agreement" in page


def test_one_league_player_alone_cannot_make_a_table_count(client, make_event):
    league = make_event(players=4, format=Tournament.LEAGUE)
    players = [e.player for e in league.entries.order_by("pk")]
    signed_in(client, players[0])
    data = {f"player_{w}": p.username for w, p in enumerate(players)}
    client.post(reverse("tournaments:league_table", args=[league.pk]), data)
    table = Table.objects.get(tournament=league)
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    rows = presenters.standings(league)["rows"]
    assert all(r["cells"]["games"] == "0" for r in rows)
    detail = client.get(reverse("tournaments:detail", args=[league.pk])).content.decode()
    assert 'id="waiting-results"' in detail and "waiting for agreement" in detail
    # the others are not locked out: one of them disputes, and it still counts nowhere
    signed_in(client, players[2])
    client.post(score_url(table, "score_dispute"), {"reason": "hand 3 was a tsumo"})
    assert Result.objects.get(table=table).status == Result.DISPUTED
    assert all(r["cells"]["games"] == "0" for r in presenters.standings(league)["rows"])


def test_one_tournament_player_alone_cannot_make_a_round_table_count(client, scored_table):
    east, south = (s.player for s in scored_table.seat_list()[:2])
    event = scored_table.tournament
    signed_in(client, east)
    play_by_pages(client, scored_table)
    client.post(score_url(scored_table, "score_confirm"))
    rows = presenters.standings(event)["rows"]
    assert all(r["cells"]["games"] == "0" for r in rows)
    round_page = client.get(scored_table.round.get_absolute_url()).content.decode()
    assert "waiting for agreement" in round_page
    # the undo the issue saw refused to the other three is not needed: they answer
    signed_in(client, south)
    page = client.get(score_url(scored_table)).content.decode()
    assert 'id="agree-button"' in page and 'id="dispute-button"' in page


# --- who agrees


def test_a_casual_result_counts_only_once_every_named_member_agrees(client, make_members):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)  # a's confirmation is a's agreement
    before = ratings_of([a, b, c, d])
    agreement.agree(table, b)
    agreement.agree(table, c)
    assert Result.objects.get(table=table).status == Result.WAITING
    assert ratings_of([a, b, c, d]) == before
    agreement.agree(table, d)
    assert Result.objects.get(table=table).status == Result.AGREED
    assert [games for _, games in ratings_of([a, b, c, d])] == [1, 1, 1, 1]
    assert len(confirmed_games()) == 1


def test_guests_need_no_agreement_at_a_casual_table(client, make_members):
    (a,) = make_members(1)
    table = casual(a, [a], guests=("Kim", "Lee", "Max"))
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)
    assert Result.objects.get(table=table).status == Result.AGREED
    assert in_person.stats_of(a.pk).games == 1


def test_a_league_table_counts_once_a_second_seated_member_agrees(client, make_event):
    league = make_event(players=4, format=Tournament.LEAGUE)
    players = [e.player for e in league.entries.order_by("pk")]
    table = open_tables.open_table(league, [(w, p, "") for w, p in enumerate(players)], players[0])
    signed_in(client, players[0])
    play_by_pages(client, table)
    scored_tables.confirm(table, players[0])
    with pytest.raises(agreement.Refused, match="already answered"):
        agreement.agree(table, players[0])  # the one who confirmed is no second voice
    assert Result.objects.get(table=table).status == Result.WAITING
    signed_in(client, players[1])
    client.post(score_url(table, "score_agree"))
    assert Result.objects.get(table=table).status == Result.AGREED
    rows = presenters.standings(league)["rows"]
    assert all(r["cells"]["games"] == "1" for r in rows)


def test_an_event_whose_results_need_a_referee_counts_only_a_referees_agreement(
    client, make_event, member
):
    league = make_event(players=4, format=Tournament.LEAGUE)
    league.result_agreement = Tournament.REFEREE_AGREES
    league.save()
    league.referees.add(member)
    players = [e.player for e in league.entries.order_by("pk")]
    table = open_tables.open_table(league, [(w, p, "") for w, p in enumerate(players)], players[0])
    signed_in(client, players[0])
    play_by_pages(client, table)
    scored_tables.confirm(table, players[0])
    for player in players[1:]:
        agreement.agree(table, player)
    assert Result.objects.get(table=table).status == Result.WAITING
    signed_in(client, member)
    page = client.get(score_url(table)).content.decode()
    assert "results need a referee" in page and 'id="settle-form"' in page
    client.post(score_url(table, "score_agree"))
    result = Result.objects.get(table=table)
    assert result.status == Result.AGREED and result.decided_by == member


def test_an_organizer_who_confirms_makes_the_result_count_at_once(client, scored_table, organizer):
    signed_in(client, organizer)
    play_by_pages(client, scored_table)
    scored_tables.confirm(scored_table, organizer)
    result = Result.objects.get(table=scored_table)
    assert (result.status, result.decided_by) == (Result.AGREED, organizer)


def test_the_event_setting_is_on_the_events_form(client, make_event, organizer):
    event = make_event(players=4)
    signed_in(client, organizer)
    page = client.get(reverse("tournaments:edit", args=[event.pk])).content.decode()
    assert "Results need a referee" in page and "The players&#x27; agreement is enough" in page


# --- disputes and settlements


def test_a_disputed_result_is_settled_by_the_organizers_with_the_correction_log(
    client, make_members, club_organizer
):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)
    agreement.agree(table, b)
    signed_in(client, c)
    client.post(score_url(table, "score_dispute"), {"reason": "hand 2 was 2 han"})
    result = Result.objects.get(table=table)
    assert result.status == Result.DISPUTED
    with pytest.raises(agreement.Refused, match="disputed"):
        agreement.agree(table, d)
    # the opener and the players cannot settle; the club's organizer can
    signed_in(client, a)
    data = {"decision": "stands", "reason": "checked the hands"}
    assert client.post(score_url(table, "score_settle"), data).status_code == 403
    before = ratings_of([a, b, c, d])
    signed_in(client, club_organizer)
    page = client.get(score_url(table)).content.decode()
    assert "Disputed by" in page and "hand 2 was 2 han" in page
    client.post(score_url(table, "score_settle"), data)
    result.refresh_from_db()
    assert (result.status, result.decided_by) == (Result.AGREED, club_organizer)
    assert ratings_of([a, b, c, d]) != before
    log = [(c.changed_by, c.new_value, c.reason) for c in Correction.objects.filter(table=table)]
    assert (club_organizer, "agreed: the result stands", "checked the hands") in log
    assert any(line[1] == f"disputed by {c.name}" for line in log)


def test_a_dispute_without_a_reason_is_refused(client, make_members):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)
    with pytest.raises(agreement.Refused, match="reason"):
        agreement.dispute(table, b, "  ")
    assert Result.objects.get(table=table).status == Result.WAITING
    assert not Answer.objects.filter(player=b).exists()


def test_a_settlement_that_reopens_withdraws_the_result_so_the_hands_can_be_corrected(
    client, scored_table, organizer
):
    east = scored_table.seat_list()[0].player
    signed_in(client, east)
    play_by_pages(client, scored_table)
    scored_tables.confirm(scored_table, east)
    agreement.dispute(scored_table, scored_table.seat_list()[1].player, "wrong dealer")
    with pytest.raises(agreement.Refused, match="reason"):
        agreement.settle(scored_table, organizer, agreement.REOPEN, "")
    hands = scored_table.hands.count()
    agreement.settle(scored_table, organizer, agreement.REOPEN, "hand 4 misentered")
    assert not Result.objects.filter(table=scored_table).exists()
    assert scored_table.hands.count() == hands  # the hands stay, for the correction
    line = Correction.objects.filter(table=scored_table).first()
    assert line.reason == "hand 4 misentered" and "withdrawn" in line.new_value


# --- declining a seat


def test_a_member_declines_a_casual_seat_they_never_joined(client, make_members):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, d)
    page = client.get(score_url(table)).content.decode()
    assert 'id="decline-button"' in page
    client.post(score_url(table, "score_decline"))
    seat = table.seats.get(wind=3)
    assert seat.player is None and seat.guest_name
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)
    agreement.agree(table, b)
    agreement.agree(table, c)
    assert Result.objects.get(table=table).status == Result.AGREED
    assert in_person.stats_of(d.pk).games == 0


def test_a_member_who_entered_a_hand_cannot_decline_the_seat(client, make_members):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, b)
    data = {"token": "x", "outcome": "exhaustive", "tenpai": ["1"], **hand_key(table)}
    client.post(score_url(table, "score_save"), data, HTTP_HX_REQUEST="true")
    with pytest.raises(agreement.Refused, match="decline"):
        agreement.decline(table, b)
    assert table.seats.get(wind=1).player == b


def test_an_event_table_seat_cannot_be_declined(client, scored_table):
    south = scored_table.seat_list()[1].player
    signed_in(client, south)
    client.post(score_url(scored_table, "score_decline"))
    assert scored_table.seats.get(wind=1).player == south


# --- what the pages show


def test_the_table_page_shows_who_agreed_and_who_has_not_answered(client, make_members):
    a, b, c, d = make_members(4)
    table = casual(a, [a, b, c, d])
    signed_in(client, a)
    play_by_pages(client, table)
    scored_tables.confirm(table, a)
    agreement.agree(table, b)
    signed_in(client, c)
    page = client.get(score_url(table)).content.decode()
    assert "Waiting for agreement" in page
    agreed = page.split('id="agreed-names"', 1)[1].split("</li>", 1)[0]
    assert a.name in agreed and b.name in agreed
    waiting = page.split('id="waiting-names"', 1)[1].split("</li>", 1)[0]
    assert c.name in waiting and d.name in waiting
    assert 'id="agree-button"' in page and 'id="dispute-button"' in page


def test_an_organizers_correction_on_the_results_form_settles_a_disputed_result(
    client, scored_table, organizer
):
    east, south = (s.player for s in scored_table.seat_list()[:2])
    signed_in(client, east)
    play_by_pages(client, scored_table)
    scored_tables.confirm(scored_table, east)
    agreement.dispute(scored_table, south, "the last hand was a draw")
    scores = Result.objects.get(table=scored_table).scores
    corrected = [scores[0] - 1000, scores[1] + 1000, scores[2], scores[3]]
    signed_in(client, organizer)
    data = {f"score_{w}": str(s) for w, s in enumerate(corrected)}
    data.update(leftover_sticks="0", reason="the last hand was a draw", confirm="on")
    for w in range(4):
        data.update({f"chombo_{w}": "0", f"chombo_reason_{w}": ""})
    client.post(
        reverse("tournaments:result", args=[scored_table.tournament_id, scored_table.pk]), data
    )
    result = Result.objects.get(table=scored_table)
    assert (result.scores, result.status, result.decided_by) == (
        corrected,
        Result.AGREED,
        organizer,
    )
    fields = set(Correction.objects.filter(table=scored_table).values_list("field", flat=True))
    assert "Agreement" in fields
    rows = presenters.standings(scored_table.tournament)["rows"]
    assert all(r["cells"]["games"] == "1" for r in rows)
