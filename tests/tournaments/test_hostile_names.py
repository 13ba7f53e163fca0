"""Names typed into the organizers' forms: a NUL (which PostgreSQL cannot compare
with) is a name nobody has, answered with the form's message and not a 500; so is a
member's number in a URL too large for the database. Runs on PostgreSQL under
``make test-services``."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Seat, Tournament, TournamentTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organizer, ruleset_of):
    return Tournament.objects.create(
        name="Spring", start_date=timezone.now().date(), ruleset=ruleset_of(), created_by=organizer
    )


def test_a_referee_name_with_a_nul_is_nobody(client, organizer, member, event):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:referee_add", args=[event.pk]), {"player": "visi\x00tor"}, follow=True
    )
    assert response.status_code == 200
    assert "No member is called" in response.content.decode()
    assert not event.referees.exists()


def test_pasted_entry_names_with_a_nul_are_nobody(client, organizer, member, event):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:entries_bulk", args=[event.pk]),
        {"names": "visi\x00tor\nVisitor"},
        follow=True,
    )
    assert response.status_code == 200
    # not a member, and refused as a name to register by name: it holds a control character
    assert "may not contain control characters" in response.content.decode()
    assert list(event.entries.values_list("player__username", flat=True)) == ["visitor"]


@pytest.mark.parametrize("role", ["organizer", "referee"])
@pytest.mark.parametrize("number", [2**31, 10**18 - 1, 2**63, 10**25])
def test_removing_a_member_by_a_number_past_any_id_changes_nothing(
    client, organizer, member, event, role, number
):
    """No member has that number: a message, or no page for a number longer than any
    id (it was a 500: too large for the database's integers)."""
    people = event.organizers if role == "organizer" else event.referees
    people.add(member)
    client.force_login(organizer)
    # typed by hand: reverse() itself refuses a number longer than any id
    response = client.post(f"/tournaments/{event.pk}/{role}s/{number}/remove/", follow=True)
    if number < 10**18:
        assert response.status_code == 200
        assert "nothing was changed" in response.content.decode()
    else:
        assert response.status_code == 404
    assert list(people.all()) == [member]


@pytest.mark.parametrize("role", ["organizer", "referee"])
def test_removing_a_member_who_holds_no_such_role_says_so(client, organizer, member, event, role):
    client.force_login(organizer)
    response = client.post(
        reverse(f"tournaments:{role}_remove", args=[event.pk, member.pk]), follow=True
    )
    assert "nothing was changed" in response.content.decode()


@pytest.mark.parametrize("role", ["organizer", "referee"])
def test_removing_a_member_by_name_says_who_was_removed(client, organizer, member, event, role):
    people = event.organizers if role == "organizer" else event.referees
    people.add(member)
    client.force_login(organizer)
    response = client.post(
        reverse(f"tournaments:{role}_remove", args=[event.pk, member.pk]), follow=True
    )
    assert "Visitor no longer" in response.content.decode()
    assert not people.exists()


@pytest.mark.parametrize("number", [str(2**63), "9" * 30, "-" + "9" * 20])
def test_a_substitute_s_number_past_any_id_is_refused_and_the_seat_kept(
    client, organizer, make_event, seated_round, number
):
    event = make_event(players=4, rounds_=1)
    seat = seated_round(event).tables.get().seat_list()[0]
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:seat_substitute", args=[event.pk, seat.pk]),
        {"substitute": number},
        follow=True,
    )
    assert response.status_code == 200
    assert "Choose a substitute from the list." in response.content.decode()
    assert Seat.objects.get(pk=seat.pk).player_id == seat.player_id


@pytest.mark.parametrize("number", [str(2**31), str(2**63), "9" * 30])
def test_a_live_table_number_too_large_to_store_is_refused_and_no_link_made(
    client, organizer, make_event, seated_round, number
):
    event = make_event(players=4, rounds_=1)
    table = seated_round(event).tables.get()
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:table_link", args=[event.pk, table.pk]),
        {"table_id": number},
        follow=True,
    )
    assert response.status_code == 200
    assert "Enter the live table&#x27;s id" in response.content.decode()
    assert TournamentTable.objects.get(pk=table.pk).table_id is None
