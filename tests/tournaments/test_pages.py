"""The organizer's flow through the pages, over plain HTTP with CSRF checks on."""

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Player
from rules.models import Ruleset
from tournaments.models import Registration, Result, Round, Tournament

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client(enforce_csrf_checks=True)
    client.login(username=user.username, password=PASSWORD)
    client.get(reverse("tournaments:index"))  # sets the CSRF cookie
    return client


def post(client, url, data=None):
    token = client.cookies["csrftoken"].value
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": token})


def test_it_runs_an_offline_event_from_creation_to_standings(organizer, make_members):
    client = signed_in(organizer)
    ruleset = Ruleset.club_default()
    response = post(
        client,
        reverse("tournaments:create"),
        {
            "name": "Club Cup",
            "format": "offline",
            "start_date": "2026-04-01",
            "ruleset": ruleset.pk,
            "rounds": 2,
            "registration_open": "on",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Club Cup")
    assert tournament.created_by == organizer
    for player in make_members(8):
        response = post(
            client,
            reverse("tournaments:entry_add", args=[tournament.pk]),
            {"player": player.username, "team": "Owls" if player.pk % 2 else ""},
        )
        assert response.status_code == 302
    assert tournament.entries.count() == 8
    response = post(
        client,
        reverse("tournaments:round_new", args=[tournament.pk]),
        {"method": "random", "seating_seed": 42, "use_substitutes": "on"},
    )
    assert response.status_code == 302
    round_ = Round.objects.get(tournament=tournament, number=1)
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert "Seating quality" in page and 'id="repeat-count">0' in page and "draft" in page
    assert (
        post(client, reverse("tournaments:round_publish", args=[tournament.pk, 1])).status_code
        == 302
    )
    sheets = client.get(
        reverse("tournaments:round_sheets", args=[tournament.pk, 1])
    ).content.decode()
    assert sheets.count('class="print-page sheet score-sheet"') == 2
    assert "100,000" in sheets
    for table, scores in zip(
        round_.tables.order_by("number"),
        ([40000, 30000, 20000, 10000], [35000, 25000, 25000, 15000]),
        strict=True,
    ):
        data = {f"score_{w}": s for w, s in enumerate(scores)} | {
            "leftover_sticks": 0,
            "confirm": "on",
        }
        for w in range(4):
            data[f"chombo_{w}"] = 0
            data[f"chombo_reason_{w}"] = ""
        response = post(client, reverse("tournaments:result", args=[tournament.pk, table.pk]), data)
        assert response.status_code == 302, response.content.decode()
    assert Result.objects.filter(table__tournament=tournament).count() == 2
    standings = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert 'id="standings-table"' in standings and "<svg" in standings and "Teams" in standings
    assert 'ws-connect="/ws/tournaments/' in standings
    assert client.get(reverse("tournaments:projector", args=[tournament.pk])).status_code == 200
    assert (
        client.get(reverse("tournaments:standings_partial", args=[tournament.pk])).status_code
        == 200
    )
    assert client.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 200
    assert client.get(reverse("tournaments:index")).status_code == 200


def test_it_lets_a_member_sign_up_and_withdraw(make_event, member):
    tournament = make_event(players=4)
    client = signed_in(member)
    assert (
        post(
            client, reverse("tournaments:sign_up", args=[tournament.pk]), {"team": "Cranes"}
        ).status_code
        == 302
    )
    entry = Registration.objects.get(tournament=tournament, player=member)
    assert entry.team == "Cranes" and entry.active
    assert post(client, reverse("tournaments:withdraw", args=[tournament.pk])).status_code == 302
    entry.refresh_from_db()
    assert not entry.active


def test_it_refuses_sign_up_when_registration_is_closed(make_event, member):
    tournament = make_event(players=4, registration_open=False)
    client = signed_in(member)
    response = post(client, reverse("tournaments:sign_up", args=[tournament.pk]))
    assert response.status_code == 302
    assert not Registration.objects.filter(player=member).exists()


def test_it_explains_bad_event_settings_and_saves_nothing(organizer):
    client = signed_in(organizer)
    response = post(
        client,
        reverse("tournaments:create"),
        {
            "name": "Broken",
            "format": "offline",
            "start_date": "2026-04-02",
            "end_date": "2026-04-01",
            "ruleset": Ruleset.club_default().pk,
            "rounds": 0,
            "set_uma": "10000, 0, 0, 0",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "must add up to zero" in page
    assert "cannot come before the first day" in page
    assert "between 1 and 50 rounds" in page
    assert not Tournament.objects.filter(name="Broken").exists()
    response = post(
        client,
        reverse("tournaments:create"),
        {
            "name": "Broken",
            "format": "offline",
            "start_date": "2026-04-02",
            "ruleset": Ruleset.club_default().pk,
            "rounds": 2,
            "set_uma": "ten, 0",
        },
    )
    assert "whole numbers separated by commas" in response.content.decode()
    response = post(
        client,
        reverse("tournaments:create"),
        {
            "name": "Broken",
            "format": "offline",
            "start_date": "2026-04-02",
            "ruleset": Ruleset.club_default().pk,
            "rounds": 2,
            "set_chombo": "umma",
        },
    )
    assert "Select a valid choice" in response.content.decode()
    assert not Tournament.objects.filter(name="Broken").exists()


def test_it_uploads_a_seating_and_names_bad_lines(make_event, organizer):
    tournament = make_event(players=8, rounds_=1)
    client = signed_in(organizer)
    bad = "P01, P02, P03\nP04, P05, P06, Nobody\nP07, P08, P04, P05"
    response = post(
        client,
        reverse("tournaments:round_new", args=[tournament.pk]),
        {"method": "manual", "seating": bad},
    )
    assert response.status_code == 200  # the event's page again
    assert not Round.objects.filter(tournament=tournament).exists()
    page = response.content.decode()
    assert "Line 1: a table needs four names" in page
    assert "“Nobody” is not a registered player" in page
    assert "Line 3: P04 is already seated on line 2." in page
    good = "P01, P02, P03, P04\np05,p06,p07,p08"
    response = post(
        client,
        reverse("tournaments:round_new", args=[tournament.pk]),
        {"method": "manual", "seating": good},
    )
    round_ = Round.objects.get(tournament=tournament)
    first = round_.tables.get(number=1).seat_list()
    assert [s.player.username for s in first] == ["p01", "p02", "p03", "p04"]


def test_it_keeps_a_refused_uploaded_seating_in_the_form_to_correct(make_event, organizer):
    tournament = make_event(players=8, rounds_=1)
    client = signed_in(organizer)
    bad = "P01, P02, P03, P04\nP05, P06, P07, Nobody"
    response = post(
        client,
        reverse("tournaments:round_new", args=[tournament.pk]),
        {"method": "manual", "seating": bad, "seating_seed": "7"},
    )
    page = response.content.decode()
    assert "“Nobody” is not a registered player" in page
    draw = page.split('action="' + reverse("tournaments:round_new", args=[tournament.pk]))[1]
    draw = draw.split("</form>")[0]
    assert bad.replace("\n", "\r\n") in draw or bad in draw  # the lines as typed
    assert '<option value="manual" selected>' in draw and 'value="7"' in draw


def test_it_swaps_in_a_substitute_for_a_round(make_event, make_members, organizer, seated_round):
    tournament = make_event(players=4, rounds_=1)
    sub = make_members(1, prefix="sub")[0]
    Registration.objects.create(tournament=tournament, player=sub, substitute=True)
    round_ = seated_round(tournament, use_substitutes=False)
    seat = round_.tables.get().seat_list()[2]
    replaced = seat.player
    client = signed_in(organizer)
    post(
        client,
        reverse("tournaments:seat_substitute", args=[tournament.pk, seat.pk]),
        {"substitute": sub.pk},
    )
    seat.refresh_from_db()
    assert seat.player == sub and seat.substitute_for == replaced
    page = client.get(reverse("tournaments:round", args=[tournament.pk, 1])).content.decode()
    assert f"for {replaced.name}" in page


def test_it_records_a_league_game_played_at_the_club(make_event, organizer):
    league = make_event(players=4, format=Tournament.LEAGUE, name="Winter League")
    members = [e.player for e in league.entries.all()]
    client = signed_in(organizer)
    data = {f"player_{w}": p.pk for w, p in enumerate(members)} | {"played_on": "2026-03-05"}
    data |= {
        "score_0": 40000,
        "score_1": 30000,
        "score_2": 20000,
        "score_3": 10000,
        "leftover_sticks": 0,
        "confirm": "on",
    }
    response = post(client, reverse("tournaments:league_game", args=[league.pk]), data)
    assert response.status_code == 302
    assert Result.objects.filter(table__tournament=league).count() == 1
    page = client.get(reverse("tournaments:standings", args=[league.pk])).content.decode()
    assert "+50.0" in page  # 10 over the return points, +20 uma, +20 oka


def test_it_shows_pages_to_visitors_without_staff_controls(make_event, seated_round):
    tournament = make_event(players=4, rounds_=1)
    seated_round(tournament)
    client = Client()
    for url in (
        reverse("tournaments:index"),
        reverse("tournaments:detail", args=[tournament.pk]),
        reverse("tournaments:round", args=[tournament.pk, 1]),
        reverse("tournaments:round_sheets", args=[tournament.pk, 1]),
        reverse("tournaments:standings", args=[tournament.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "Enter result" not in response.content.decode()
    assert Player.objects.count() >= 4


def test_it_answers_impossible_round_requests_with_a_message(make_event, organizer):
    small = make_event(players=3, rounds_=1, name="Too small")
    client = signed_in(organizer)
    response = post(client, reverse("tournaments:round_new", args=[small.pk]), {"method": "random"})
    assert "At least four active players" in response.content.decode()
    response = post(
        client,
        reverse("tournaments:round_new", args=[small.pk]),
        {"method": "random", "seating_seed": -4},
    )
    assert "greater than or equal to 0" in response.content.decode()
    response = post(
        client, reverse("tournaments:round_new", args=[small.pk]), {"method": "sideways"}
    )
    assert "Select a valid choice" in response.content.decode()
    assert not Round.objects.exists()
    assert client.get(reverse("tournaments:round_new", args=[small.pk])).status_code == 405


def test_it_draws_no_more_rounds_than_the_event_has(make_event, organizer, seated_round):
    tournament = make_event(players=4, rounds_=1)
    seated_round(tournament)
    client = signed_in(organizer)
    response = post(
        client, reverse("tournaments:round_new", args=[tournament.pk]), {"method": "random"}
    )
    assert "All 1 rounds of this event are already drawn" in response.content.decode()
    assert Round.objects.count() == 1


def test_it_asks_for_a_published_round_before_results(make_event, organizer):
    from tournaments import rounds

    tournament = make_event(players=4, rounds_=1)
    draft = rounds.draw(tournament, "random", seating_seed=1)
    client = signed_in(organizer)
    response = client.get(
        reverse("tournaments:result", args=[tournament.pk, draft.tables.get().pk])
    )
    assert response.status_code == 302
    assert (
        "Publish the round before entering its results" in client.get(response.url).content.decode()
    )


def test_it_names_unknown_members_when_staff_add_them(make_event, organizer):
    tournament = make_event(players=0)
    client = signed_in(organizer)
    response = post(
        client,
        reverse("tournaments:entry_add", args=[tournament.pk]),
        {"player": "ghost", "team": "Kaze", "substitute": "on"},
    )
    page = response.content.decode()
    assert "No single member is called “ghost”" in page
    # the form is shown again as it was filled, to correct the name
    add = page.split('action="' + reverse("tournaments:entry_add", args=[tournament.pk]))[1]
    add = add.split("</form>")[0]
    assert 'value="ghost"' in add and 'value="Kaze"' in add and "checked" in add
    response = post(
        client, reverse("tournaments:organizer_add", args=[tournament.pk]), {"player": "ghost"}
    )
    assert "No single member is called “ghost”" in client.get(response.url).content.decode()
    assert not tournament.entries.exists() and not tournament.organizers.exists()
