"""The learning aids on the table page: a member's setting, never at a tournament table."""

import pytest
from django.urls import reverse

from tables.models import Table

from .conftest import make_table, start

pytestmark = pytest.mark.django_db


def page_of(client, table) -> str:
    return client.get(reverse("tables:table", args=[table.pk])).content.decode()


def test_it_shows_the_aids_to_a_member_who_turned_them_on(client, east_only, alice):
    alice.learning_aids = True
    alice.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    html = page_of(client, table)
    assert 'id="table-aids"' in html and "Learning aids" in html
    assert "from ready" in html or "Ready (tenpai)" in html


def test_it_shows_no_aids_by_default(client, east_only, alice):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    assert "Learning aids" not in page_of(client, table)


def test_it_keeps_the_aids_off_at_a_tournament_table(client, east_only, alice):
    alice.learning_aids = True
    alice.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    Table.objects.filter(pk=table.pk).update(is_tournament=True)
    start(Table.objects.get(pk=table.pk))
    client.force_login(alice)
    assert "Learning aids" not in page_of(client, table)


def test_it_never_shows_a_spectator_any_aids(client, east_only, alice, bob):
    bob.learning_aids = True
    bob.save()
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(bob)
    assert "Learning aids" not in page_of(client, table)
