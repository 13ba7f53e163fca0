"""After the game: play again with the same seats; a member's sound choice is kept."""

import re

import pytest

from tables.models import Table

from .conftest import make_table, start

pytestmark = pytest.mark.django_db


def finish(table):
    Table.objects.filter(pk=table.pk).update(status=Table.FINISHED)


def test_it_opens_a_new_table_with_the_same_seats(client, alice, bob, east_only):
    table = make_table(east_only, people=[alice, bob], bots=["careful", "tsumogiri"])
    start(table)
    finish(table)
    client.force_login(bob)
    response = client.post(f"/tables/{table.pk}/again/")
    again = Table.objects.exclude(pk=table.pk).get()
    assert response.status_code == 302 and response["Location"] == again.get_absolute_url()
    seats = sorted(again.seats.all(), key=lambda s: s.index)
    assert [s.player_id for s in seats[:2]] == [None, bob.pk]  # Alice's seat kept open for her
    assert [s.bot_level for s in seats[2:]] == ["careful", "tsumogiri"]
    assert again.ruleset_id == table.ruleset_id and again.status == Table.OPEN


def test_it_refuses_to_open_again_a_game_still_being_played(client, alice, east_only):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    response = client.post(f"/tables/{table.pk}/again/", follow=True)
    assert "still being played" in response.content.decode()
    assert Table.objects.count() == 1


def test_it_refuses_to_open_again_for_someone_who_did_not_play(client, alice, bob, east_only):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    finish(table)
    client.force_login(bob)
    client.post(f"/tables/{table.pk}/again/")
    assert Table.objects.count() == 1


def test_sounds_are_off_until_a_member_turns_them_on(client, alice):
    assert alice.table_sounds is False
    client.force_login(alice)
    assert client.post("/tables/sounds/", {"on": "1"}).json() == {"sounds": True}
    alice.refresh_from_db()
    assert alice.table_sounds is True
    client.post("/tables/sounds/", {"on": "0"})
    alice.refresh_from_db()
    assert alice.table_sounds is False


def test_sounds_need_a_signed_in_member(client):
    assert client.post("/tables/sounds/", {"on": "1"}).status_code == 403


def test_the_table_page_keeps_a_member_s_sound_choice_from_one_visit_to_the_next(
    client, alice, east_only
):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table)
    client.force_login(alice)
    box = re.compile(r'<input type="checkbox" id="table-sounds"[^>]*>')
    first = box.search(client.get(table.get_absolute_url()).content.decode())[0]
    assert " checked" not in first and " disabled" not in first  # off by default
    client.post("/tables/sounds/", {"on": "1"})
    again = box.search(client.get(table.get_absolute_url()).content.decode())[0]
    assert " checked" in again  # the next visit (any device) starts with sounds on
