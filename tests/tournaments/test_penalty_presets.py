"""Penalty presets of an event (offered on the penalty form) and the event's list of
every penalty, given or withdrawn, with who gave it and when."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import penalties
from tournaments.models import Penalty, PenaltyPreset, WithdrawnPenalty

from .conftest import PASSWORD


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


@pytest.fixture
def table(make_event, seated_round):
    return seated_round(make_event(players=4)).tables.get()


def test_an_organizer_adds_presets_and_the_penalty_form_offers_them(client, table, organizer):
    event = table.tournament
    signed_in(client, organizer)
    url = reverse("tournaments:preset_add", args=[event.pk])
    assert client.post(url, {"name": " Late ", "points": "2000"}).status_code == 302
    client.post(url, {"name": "Wrong call", "points": "8000", "chombo": "on"})
    assert list(PenaltyPreset.objects.values_list("name", "points", "chombo")) == [
        ("Late", 2000, False),
        ("Wrong call", 8000, True),
    ]
    page = client.get(reverse("tournaments:score", args=[event.pk, table.pk])).content.decode()
    assert "Late (-2.0)" in page and "Wrong call (chombo, -8.0)" in page


def test_a_preset_gives_its_points_kind_and_name_as_the_reason(client, table, organizer):
    preset = PenaltyPreset.objects.create(
        tournament=table.tournament, name="Phone", points=3000, chombo=False
    )
    signed_in(client, organizer)
    response = client.post(
        reverse("tournaments:penalty_add", args=[table.tournament_id, table.pk]),
        {"preset": str(preset.pk), "wind": "1", "kind": "chombo", "points": "", "reason": ""},
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.wind, penalty.kind, penalty.points, penalty.reason) == (
        1,
        Penalty.CONDUCT,
        3000,
        "Phone",
    )


def test_a_preset_of_another_event_is_refused_and_nothing_is_recorded(
    client, table, organizer, make_event
):
    other = make_event(players=0, name="Other Cup")
    PenaltyPreset.objects.create(tournament=table.tournament, name="Late", points=1000)
    foreign = PenaltyPreset.objects.create(tournament=other, name="Noise", points=9000)
    signed_in(client, organizer)
    response = client.post(
        reverse("tournaments:penalty_add", args=[table.tournament_id, table.pk]),
        {"preset": str(foreign.pk), "wind": "1", "kind": "penalty", "points": "", "reason": ""},
    )
    assert response.status_code == 200
    assert "Choose one of the event" in response.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    "data, words",
    [
        ({"name": "late", "points": "1000"}, "has a preset called late already"),
        ({"name": "Noise", "points": "0"}, "Enter between 1 and 200,000 points"),
        ({"name": "  ", "points": "1000"}, "Name the preset"),
    ],
)
def test_a_bad_preset_is_refused_at_its_field(client, table, organizer, data, words):
    PenaltyPreset.objects.create(tournament=table.tournament, name="Late", points=1000)
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:preset_add", args=[table.tournament_id]), data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert PenaltyPreset.objects.count() == 1


def test_the_event_list_shows_every_penalty_with_who_when_and_whether_withdrawn(
    client, table, organizer, make_members
):
    referee = make_members(1, prefix="ref")[0]
    table.tournament.referees.add(referee)
    penalties.add(table, 0, Penalty.CONDUCT, 1000, "slow play", referee)
    wrong = penalties.add(table, 2, Penalty.CHOMBO, 20000, "wrong win", referee)
    penalties.remove(wrong, organizer, "it was a good win")
    assert WithdrawnPenalty.objects.get().withdrawn_by == organizer
    signed_in(client, referee)
    page = client.get(reverse("tournaments:penalties", args=[table.tournament_id]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "slow play" in html and "wrong win" in html
    assert html.count("REF01") >= 2  # who gave each
    assert "withdrawn</strong>" in html and "it was a good win" in html
    assert html.count(">counts<") == 1


def test_players_cannot_see_the_penalty_list_or_change_presets(client, table, member):
    preset = PenaltyPreset.objects.create(tournament=table.tournament, name="Late", points=1000)
    signed_in(client, member)
    event = table.tournament_id
    assert client.get(reverse("tournaments:penalties", args=[event])).status_code == 403
    add = reverse("tournaments:preset_add", args=[event])
    assert client.post(add, {"name": "X", "points": "1"}).status_code == 403
    remove = reverse("tournaments:preset_remove", args=[event, preset.pk])
    assert client.post(remove).status_code == 403
    assert list(PenaltyPreset.objects.values_list("name", flat=True)) == ["Late"]
