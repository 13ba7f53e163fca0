"""Members register themselves: the organizer's switch, a closing date, a cap with a
waiting list that moves up, refusals, and withdrawing until round 1 is drawn."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Registration, WaitingPlace

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(make_members):
    out = []
    for player in make_members(4, prefix="m"):
        client = Client()
        client.force_login(player)
        client.player = player
        out.append(client)
    return out


def sign_up(client, tournament):
    return client.post(
        reverse("tournaments:sign_up", args=[tournament.pk]), {"team": ""}, follow=True
    ).content.decode()


def withdraw(client, tournament):
    return client.post(
        reverse("tournaments:withdraw", args=[tournament.pk]), follow=True
    ).content.decode()


def test_a_member_registers_themself_and_the_organizer_sees_it(make_event, members, client):
    tournament = make_event(players=2)
    assert "You are registered" in sign_up(members[0], tournament)
    entry = tournament.entries.get(player=members[0].player)
    assert entry.self_registered
    client.force_login(tournament.created_by)
    assert "registered themselves" in client.get(tournament.get_absolute_url()).content.decode()


def test_a_signup_when_the_organizer_has_switched_it_off_is_refused(make_event, members):
    tournament = make_event(players=2, registration_open=False)
    assert "Registration for this event is closed" in sign_up(members[0], tournament)
    assert not tournament.entries.filter(player=members[0].player).exists()


def test_a_signup_after_the_closing_date_is_refused(make_event, members):
    closes = timezone.now() - datetime.timedelta(minutes=1)
    tournament = make_event(players=2, registration_closes=closes)
    assert "Registration closed on" in sign_up(members[0], tournament)
    assert not tournament.entries.filter(player=members[0].player).exists()


def test_a_full_event_puts_members_on_a_waiting_list_that_moves_up(make_event, members):
    tournament = make_event(players=2, registration_cap=3)
    sign_up(members[0], tournament)
    assert "number 1 on the waiting list" in sign_up(members[1], tournament)
    assert "number 2 on the waiting list" in sign_up(members[2], tournament)
    assert not tournament.entries.filter(player=members[1].player).exists()
    assert (
        "Leave the waiting list" in members[1].get(tournament.get_absolute_url()).content.decode()
    )
    withdraw(members[0], tournament)
    assert tournament.entries.get(player=members[1].player).active
    assert list(WaitingPlace.objects.values_list("player", flat=True)) == [members[2].player.pk]


def test_a_member_leaves_the_waiting_list(make_event, members):
    tournament = make_event(players=2, registration_cap=2)
    sign_up(members[0], tournament)
    assert "You left the waiting list" in withdraw(members[0], tournament)
    assert not WaitingPlace.objects.exists()


def test_the_organizer_refuses_a_self_registration_and_the_next_moves_up(
    make_event, members, client
):
    tournament = make_event(players=2, registration_cap=3)
    sign_up(members[0], tournament)
    sign_up(members[1], tournament)
    entry = tournament.entries.get(player=members[0].player)
    client.force_login(tournament.created_by)
    client.post(reverse("tournaments:entry_refuse", args=[tournament.pk, entry.pk]))
    entry.refresh_from_db()
    assert entry.refused and entry.withdrawn
    assert tournament.entries.get(player=members[1].player).active
    assert "refused your registration" in sign_up(members[0], tournament)
    entry.refresh_from_db()
    assert entry.withdrawn


def test_refusing_a_player_the_organizer_registered_is_refused(make_event, client):
    tournament = make_event(players=2)
    entry = tournament.entries.first()
    client.force_login(tournament.created_by)
    page = client.post(
        reverse("tournaments:entry_refuse", args=[tournament.pk, entry.pk]), follow=True
    ).content.decode()
    assert "did not register themselves" in page
    entry.refresh_from_db()
    assert entry.active and not entry.refused


def test_a_member_withdraws_themself_before_round_one(make_event, members):
    tournament = make_event(players=2)
    sign_up(members[0], tournament)
    assert "You have withdrawn" in withdraw(members[0], tournament)
    assert not tournament.entries.get(player=members[0].player).active


def test_withdrawing_after_round_one_is_drawn_is_refused(make_event, members, seated_round):
    tournament = make_event(players=3)
    sign_up(members[0], tournament)
    seated_round(tournament)
    assert "The first round is drawn" in withdraw(members[0], tournament)
    assert tournament.entries.get(player=members[0].player).active


def test_the_settings_form_sets_the_closing_date_and_the_cap(make_event, client):
    tournament = make_event(players=2)
    client.force_login(tournament.created_by)
    form = client.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    assert "Self-registration closes" in form and "Players at most" in form
    assert Registration.objects.count() == 2
