"""A hidden finish: the last rounds' standings are kept from players and the
projector until the organizers reveal them (or close the event)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import broadcast, hidden_finish

from .conftest import PASSWORD, enter

ROUND_ONE = [40000, 30000, 20000, 10000]
BIG = 94000  # round 1's last player wins round 2 by this much and takes the lead


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


@pytest.fixture
def event(make_event, seated_round):
    """Two rounds, the last one hidden and played: its leader must stay secret."""
    tournament = make_event(players=4, rounds_=2, hide_last_rounds=1)
    first = seated_round(tournament, seed=1).tables.get()
    enter(first, ROUND_ONE)
    winner = first.seat_list()[3].player
    table = seated_round(tournament, seed=2).tables.get()
    scores = [1000, 2000, 3000]
    ids = [s.player_id for s in table.seat_list()]
    scores.insert(ids.index(winner.pk), BIG)
    enter(table, scores)
    return tournament, winner


def leader(html: str) -> str:
    """The name in the standings' first row."""
    return re.search(r'<td class="col-name[^"]*" data-sort="[^"]*">([^<]*)<', html).group(1)


def test_players_and_the_projector_see_the_standings_before_the_hidden_rounds(
    client, event, member
):
    tournament, winner = event
    signed_in(client, member)
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Standings after round 1: the last 1 rounds are hidden" in page
    assert leader(page) != winner.name
    assert "94000" not in page and "94,000" not in page
    projector = client.get(reverse("tournaments:projector", args=[tournament.pk]))
    assert leader(projector.content.decode()) != winner.name
    csv = client.get(reverse("tournaments:standings_csv", args=[tournament.pk])).content.decode()
    assert csv.splitlines()[1].split(",")[1] != winner.name
    results = client.get(reverse("tournaments:results_csv", args=[tournament.pk]))
    assert "94000" not in results.content.decode()
    live = broadcast.render_live_standings(tournament)
    assert leader(live) != winner.name


def test_organizers_still_see_every_round_but_the_projector_keeps_it_hidden(
    client, event, organizer
):
    tournament, winner = event
    signed_in(client, organizer)
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert leader(page) == winner.name
    assert "Players and the projector see: Standings after round 1" in page
    projector = client.get(reverse("tournaments:projector", args=[tournament.pk]))
    assert leader(projector.content.decode()) != winner.name
    csv = client.get(reverse("tournaments:standings_csv", args=[tournament.pk])).content.decode()
    assert csv.splitlines()[1].split(",")[1] == winner.name


def test_the_reveal_shows_everyone_the_final_standings(client, event, organizer, member):
    tournament, winner = event
    signed_in(client, organizer)
    client.post(reverse("tournaments:reveal", args=[tournament.pk]))
    tournament.refresh_from_db()
    assert tournament.revealed is not None
    client.logout()
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert leader(page) == winner.name and "hidden" not in page.split("<main", 1)[1][:2000]


def test_closing_the_event_reveals_the_standings_for_good(client, event, organizer):
    tournament, winner = event
    signed_in(client, organizer)
    client.post(reverse("tournaments:close", args=[tournament.pk]))
    client.post(reverse("tournaments:close", args=[tournament.pk]))  # and opened again
    tournament.refresh_from_db()
    assert tournament.closed is None and tournament.revealed is not None
    client.logout()
    page = client.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode()
    assert leader(page) == winner.name


def test_a_player_cannot_reveal_the_standings(client, event, member):
    tournament, _ = event
    signed_in(client, member)
    assert client.post(reverse("tournaments:reveal", args=[tournament.pk])).status_code == 403
    tournament.refresh_from_db()
    assert tournament.revealed is None


def test_nothing_is_hidden_before_a_hidden_round_is_published(make_event, seated_round):
    tournament = make_event(players=4, rounds_=3, hide_last_rounds=1)
    enter(seated_round(tournament, seed=1).tables.get(), ROUND_ONE)
    seated_round(tournament, seed=2)
    assert hidden_finish.last_shown_round(tournament) is None
    seated_round(tournament, seed=3)
    assert hidden_finish.last_shown_round(tournament) == 2


def test_hiding_as_many_rounds_as_the_event_has_is_refused(client, make_event, organizer):
    tournament = make_event(players=4, rounds_=2)
    signed_in(client, organizer)
    response = client.post(
        reverse("tournaments:stages", args=[tournament.pk]),
        {"form": "hidden", "hide_last_rounds": "2"},
    )
    assert response.status_code == 400
    assert "hide fewer than that" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.hide_last_rounds == 0


def test_the_live_all_results_keep_the_hidden_rounds_back(event, organizer):
    """The broadcast after a confirmation carries "All results" too: it must stop at the
    last round everyone may see, like the page, or it would tell the hidden scores."""
    tournament, _ = event
    live = broadcast.render_all_results(tournament)
    assert "94000" not in live and "94,000" not in live
    assert "40000" in live or "40,000" in live  # round 1 is still there
    hidden_finish.reveal(tournament, organizer)
    tournament.refresh_from_db()
    revealed = broadcast.render_all_results(tournament)
    assert "94000" in revealed or "94,000" in revealed
