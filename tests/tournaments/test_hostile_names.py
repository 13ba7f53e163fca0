"""Names typed into the organizers' forms: a NUL (which PostgreSQL cannot compare
with) is a name nobody has, answered with the form's message and not a 500. Runs on
PostgreSQL under ``make test-services``."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Tournament

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
    assert "No member is called" in response.content.decode()
    assert list(event.entries.values_list("player__username", flat=True)) == ["visitor"]
