"""Only organizers change an event; everyone else gets a 403 that says why."""

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Correction, Registration, Result, Round, Tournament

from .conftest import enter
from .test_pages import post, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, seated_round):
    tournament = make_event(players=4, rounds_=2)
    round_ = seated_round(tournament)
    table = round_.tables.get()
    enter(table, [40000, 30000, 20000, 10000])
    return tournament, round_, table


def change_requests(tournament, round_, table, member):
    t = tournament.pk
    seat = table.seat_list()[0]
    entry = tournament.entries.first()
    return [
        ("get", reverse("tournaments:edit", args=[t]), {}),
        ("post", reverse("tournaments:edit", args=[t]), {"name": "Hijacked"}),
        ("post", reverse("tournaments:organizer_add", args=[t]), {"player": member.username}),
        ("post", reverse("tournaments:organizer_remove", args=[t, tournament.created_by_id]), {}),
        ("post", reverse("tournaments:entry_add", args=[t]), {"player": member.username}),
        ("post", reverse("tournaments:entry_withdraw", args=[t, entry.pk]), {}),
        ("post", reverse("tournaments:round_new", args=[t]), {"method": "random"}),
        ("post", reverse("tournaments:round_redraw", args=[t, 1]), {"method": "random"}),
        ("post", reverse("tournaments:round_publish", args=[t, 1]), {}),
        (
            "post",
            reverse("tournaments:seat_substitute", args=[t, seat.pk]),
            {"substitute": member.pk},
        ),
        ("post", reverse("tournaments:table_link", args=[t, table.pk]), {"table_id": 5}),
        ("get", reverse("tournaments:result", args=[t, table.pk]), {}),
        ("post", reverse("tournaments:result", args=[t, table.pk]), {"score_0": 1}),
        ("post", reverse("tournaments:result_check", args=[t, table.pk]), {}),
        ("get", reverse("tournaments:league_game", args=[t]), {}),
    ]


def snapshot(tournament):
    tournament.refresh_from_db()
    return (
        tournament.name,
        list(tournament.organizers.values_list("pk", flat=True)),
        list(Registration.objects.values_list("pk", "withdrawn", "substitute")),
        Round.objects.count(),
        list(Result.objects.values_list("scores", flat=True)),
        Correction.objects.count(),
        list(tournament.tables.values_list("table_id", flat=True)),
    )


def test_it_refuses_every_change_from_a_member_who_is_not_an_organizer(event, member):
    tournament, round_, table = event
    before = snapshot(tournament)
    client = signed_in(member)
    for method, url, data in change_requests(tournament, round_, table, member):
        response = client.get(url) if method == "get" else post(client, url, data)
        assert response.status_code == 403, url
        assert "Only this event&#x27;s organizers can change it" in response.content.decode(), url
    assert snapshot(tournament) == before


def test_it_refuses_every_change_from_a_visitor_who_is_not_signed_in(event, member):
    tournament, round_, table = event
    before = snapshot(tournament)
    client = Client()
    for method, url, data in change_requests(tournament, round_, table, member):
        response = client.get(url) if method == "get" else client.post(url, data)
        assert response.status_code == 403, url
        assert "Sign in as an organizer" in response.content.decode(), url
    assert snapshot(tournament) == before


def test_it_lets_only_club_staff_create_events(member, organizer):
    response = signed_in(member).get(reverse("tournaments:create"))
    assert response.status_code == 403
    assert "Only organizers can create" in response.content.decode()
    assert Client().get(reverse("tournaments:create")).status_code == 403
    assert signed_in(organizer).get(reverse("tournaments:create")).status_code == 200
    assert not Tournament.objects.exists()


def test_it_lets_added_staff_run_the_event(event, member):
    tournament, _round, table = event
    creator = signed_in(tournament.created_by)
    post(
        creator,
        reverse("tournaments:organizer_add", args=[tournament.pk]),
        {"player": member.username},
    )
    assert tournament.is_organizer(member)
    helper = signed_in(member)
    response = helper.get(reverse("tournaments:result", args=[tournament.pk, table.pk]))
    assert response.status_code == 200
    response = post(
        helper,
        reverse("tournaments:round_new", args=[tournament.pk]),
        {"method": "random", "seating_seed": 1},
    )
    assert response.status_code == 302
    assert Round.objects.filter(tournament=tournament).count() == 2


def test_it_rejects_a_post_without_a_csrf_token(event, organizer):
    tournament = event[0]
    client = signed_in(organizer)
    response = client.post(
        reverse("tournaments:round_new", args=[tournament.pk]), {"method": "random"}
    )
    assert response.status_code == 403
    assert Round.objects.count() == 1


def test_every_organizer_page_checks_access_through_the_one_helper():
    from pathlib import Path

    import tournaments

    root = Path(tournaments.__file__).parent
    preambles = [
        path.name
        for path in root.glob("*.py")
        if path.name != "permissions.py" and "refuse_unless_organizer(" in path.read_text()
    ]
    guarded = sum(path.read_text().count("@organizer_view") for path in root.glob("*.py"))
    assert preambles == []
    assert guarded >= 14
