"""People registered by name (no account): registered one by one or pasted, seated,
scored, ranked and substituted like members; taken over by a member, confirmed by
e-mail or by an organizer, and never by someone else."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from players.models import Player
from tournaments import presenters
from tournaments.models import Registration, Seat, TakeoverRequest

from .conftest import PASSWORD, enter

pytestmark = pytest.mark.django_db


def state(tournament):
    """Everything a refused request must leave as it was."""
    return (
        sorted(Player.objects.values_list("pk", "username", "email")),
        sorted(Registration.objects.values_list("pk", "player_id", "withdrawn", "team")),
        sorted(TakeoverRequest.objects.values_list("pk", "person_id", "member_id")),
        sorted(Seat.objects.values_list("pk", "player_id")),
    )


@pytest.fixture
def staff(client, organizer):
    client.force_login(organizer)
    return client


def add(client, tournament, **data):
    return client.post(reverse("tournaments:person_add", args=[tournament.pk]), data, follow=True)


def test_it_registers_a_person_by_name_with_an_email(staff, make_event):
    tournament = make_event(players=3)
    page = add(staff, tournament, name="Kaiji", email="kaiji@example.org", team="Owls")
    assert "Kaiji is registered by name." in page.content.decode()
    entry = tournament.entries.get(player__display_name="Kaiji")
    assert entry.player.is_placeholder and not entry.player.has_usable_password()
    assert entry.player.email == "kaiji@example.org" and entry.team == "Owls"
    assert "by name" in staff.get(tournament.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "P01"}, "a member&#x27;s name"),
        ({"name": "Kaiji"}, "already registered at this event"),
        ({"name": "KAIJI"}, "already registered at this event"),
        ({"name": "Mei", "email": "p02@example.org"}, "belongs to the member p02"),
        ({"name": "Mei", "email": "not-an-address"}, "is not an e-mail address"),
        ({"name": "Mei\u202e"}, "direction control"),
        ({"name": "   "}, "Give the person"),
    ],
)
def test_a_bad_name_or_email_is_refused_and_nothing_changes(staff, make_event, data, message):
    tournament = make_event(players=3)
    Player.objects.filter(username="p02").update(email="p02@example.org")
    add(staff, tournament, name="Kaiji")
    before = state(tournament)
    page = add(staff, tournament, **data).content.decode()
    assert message in page
    assert state(tournament) == before


def test_add_many_players_registers_names_without_accounts(staff, make_event):
    tournament = make_event(players=2)
    page = staff.post(
        reverse("tournaments:entries_bulk", args=[tournament.pk]),
        {"names": "p01\nKaiji\nTetsuya, tetsuya@example.org\nMei"},
        follow=True,
    ).content.decode()
    assert "No member is called" not in page
    named = {e.player.display_name: e.player for e in tournament.entries.all()}
    assert {"Kaiji", "Tetsuya", "Mei"} <= set(named)
    assert named["Tetsuya"].email == "tetsuya@example.org"
    assert all(named[n].is_placeholder for n in ("Kaiji", "Tetsuya", "Mei"))


def test_add_many_players_keeps_a_refused_name_in_the_box(staff, make_event):
    tournament = make_event(players=2)
    page = staff.post(
        reverse("tournaments:entries_bulk", args=[tournament.pk]),
        {"names": "Kaiji\nP0l"},  # "P0l" looks like the member P01
        follow=True,
    ).content.decode()
    assert "looks like" in page and ">P0l</textarea>" in page
    assert not tournament.entries.filter(player__display_name="P0l").exists()
    assert tournament.entries.filter(player__display_name="Kaiji").exists()


def named_field(staff, make_event, seated_round):
    tournament = make_event(players=5, rounds_=1)
    for name in ("Kaiji", "Tetsuya", "Mei"):
        add(staff, tournament, name=name)
    return tournament


def test_people_registered_by_name_are_seated_scored_and_ranked(staff, make_event, seated_round):
    tournament = named_field(staff, make_event, seated_round)
    round_ = seated_round(tournament)
    seated = {s.player.display_name for t in round_.tables.all() for s in t.seats.all()}
    assert {"Kaiji", "Tetsuya", "Mei"} <= seated
    for table in round_.tables.all():
        enter(table, [40000, 30000, 20000, 10000])
    rows = presenters.standings(tournament)["rows"]
    ranked = {r["cells"]["name"]: r["cells"]["rank"] for r in rows}
    assert all(ranked[n] != "–" for n in ("Kaiji", "Tetsuya", "Mei"))


def test_a_substitute_takes_a_named_persons_seat_mid_event(staff, make_event, seated_round):
    tournament = make_event(players=3, rounds_=2)
    add(staff, tournament, name="Kaiji")
    add(staff, tournament, name="Sub Mei", substitute="on")
    round_ = seated_round(tournament)
    seat = Seat.objects.get(table__round=round_, player__display_name="Kaiji")
    sub = Player.objects.get(display_name="Sub Mei")
    staff.post(
        reverse("tournaments:seat_substitute", args=[tournament.pk, seat.pk]),
        {"substitute": sub.pk},
    )
    seat.refresh_from_db()
    assert seat.player_id == sub.pk and seat.substitute_for.display_name == "Kaiji"


def test_an_organizer_links_a_member_who_takes_over_the_history(
    staff, make_event, seated_round, member
):
    tournament = make_event(players=3, rounds_=1)
    add(staff, tournament, name="Kaiji", team="Owls")
    round_ = seated_round(tournament)
    enter(round_.tables.get(), [40000, 30000, 20000, 10000])
    person = Player.objects.get(display_name="Kaiji")
    staff.post(
        reverse("tournaments:person_link", args=[tournament.pk, person.pk]), {"member": "visitor"}
    )
    assert not Player.objects.filter(pk=person.pk).exists()
    entry = tournament.entries.get(player=member)
    assert entry.team == "Owls"
    assert Seat.objects.filter(table__round=round_, player=member).exists()
    names = {r["cells"]["name"] for r in presenters.standings(tournament)["rows"]}
    assert "Visitor" in names and "Kaiji" not in names


def test_a_member_confirms_a_takeover_by_the_mailed_link(client, staff, make_event, member):
    tournament = make_event(players=3)
    add(staff, tournament, name="Kaiji", email="kaiji@example.org")
    person = Player.objects.get(display_name="Kaiji")
    client.force_login(member)
    page = client.post(
        reverse("tournaments:takeover_ask", args=[tournament.pk, person.pk]), follow=True
    ).content.decode()
    assert "confirmation link" in page
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["kaiji@example.org"]
    assert tournament.entries.filter(player=person).exists()  # nothing yet
    url = re.search(r"https?://\S+", mail.outbox[0].body).group(0)
    assert "Yes, these results are mine" in client.get(url).content.decode()
    client.post(url)
    assert tournament.entries.filter(player=member).exists()
    assert not Player.objects.filter(pk=person.pk).exists()


def test_a_member_without_an_email_to_confirm_waits_for_an_organizer(
    client, staff, make_event, member
):
    tournament = make_event(players=3)
    add(staff, tournament, name="Kaiji")
    person = Player.objects.get(display_name="Kaiji")
    client.force_login(member)
    client.post(reverse("tournaments:takeover_ask", args=[tournament.pk, person.pk]))
    assert not mail.outbox and tournament.entries.filter(player=person).exists()
    desk = Client()
    desk.force_login(tournament.created_by)
    page = desk.get(tournament.get_absolute_url()).content.decode()
    assert "Visitor (visitor) says they are Kaiji" in page


def test_a_takeover_link_opened_by_someone_else_is_refused(client, staff, make_event, member):
    tournament = make_event(players=3)
    add(staff, tournament, name="Kaiji", email="kaiji@example.org")
    person = Player.objects.get(display_name="Kaiji")
    client.force_login(member)
    client.post(reverse("tournaments:takeover_ask", args=[tournament.pk, person.pk]))
    url = re.search(r"https?://\S+", mail.outbox[0].body).group(0)
    intruder = Player.objects.create_user(username="mallory", password=PASSWORD)
    client.force_login(intruder)
    before = state(tournament)
    response = client.post(url)
    assert response.status_code == 400
    assert "only be taken over by the member who asked" in response.content.decode()
    assert state(tournament) == before


def test_a_members_own_account_cannot_be_taken_over(client, make_event, member):
    tournament = make_event(players=3)
    someone = tournament.entries.first().player
    client.force_login(member)
    before = state(tournament)
    page = client.post(
        reverse("tournaments:takeover_ask", args=[tournament.pk, someone.pk]), follow=True
    ).content.decode()
    assert "nobody can take it over" in page
    assert state(tournament) == before


def test_an_organizer_linking_a_members_account_is_refused(staff, make_event, member):
    tournament = make_event(players=3)
    someone = tournament.entries.first().player
    before = state(tournament)
    page = staff.post(
        reverse("tournaments:person_link", args=[tournament.pk, someone.pk]),
        {"member": "visitor"},
        follow=True,
    ).content.decode()
    assert "nobody can take it over" in page
    assert state(tournament) == before


def test_a_takeover_by_a_member_already_in_the_same_event_is_refused(staff, make_event):
    tournament = make_event(players=3)
    add(staff, tournament, name="Kaiji")
    person = Player.objects.get(display_name="Kaiji")
    before = state(tournament)
    page = staff.post(
        reverse("tournaments:person_link", args=[tournament.pk, person.pk]),
        {"member": "p01"},
        follow=True,
    ).content.decode()
    assert "already registered at Spring Open" in page
    assert state(tournament) == before


def test_a_person_registered_by_name_cannot_sign_in(client, staff, make_event):
    tournament = make_event(players=3)
    add(staff, tournament, name="Kaiji")
    person = Player.objects.get(display_name="Kaiji")
    assert not client.login(username=person.username, password="")
