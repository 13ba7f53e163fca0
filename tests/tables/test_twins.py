"""Twins: games dealt the same tiles (a duplicate round) keep each other's secrets
until the last of them has finished."""

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone

from tables.models import Game
from tables.play import twins

from .conftest import make_table, start
from .sockets import open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def two_tables(east_only, alice, bob):
    """Alice and Bob each play the same seed at their own table, with three bots."""
    first = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3, name="Table A")
    second = make_table(east_only, people=[bob], bots=["tsumogiri"] * 3, name="Table B")
    return (first, start(first, seed=99)), (second, start(second, seed=99))


def finish(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(finished=timezone.now())


def test_it_keeps_a_finished_twins_record_closed_while_the_other_runs(client, two_tables, bob):
    (_, game_a), (_, game_b) = two_tables
    finish(game_a)
    client.force_login(bob)
    record = reverse("history:game", args=[game_a.pk])
    page = client.get(record)
    assert page.status_code == 403
    assert "same tiles are still in play" in page.content.decode()
    assert client.get(reverse("history:export_tenhou", args=[game_a.pk])).status_code == 403
    finish(game_b)
    assert client.get(record).status_code == 200


def test_it_opens_the_record_of_a_game_without_twins(client, east_only, alice):
    table = make_table(east_only, people=[alice], bots=["tsumogiri"] * 3)
    game = start(table, seed=12345)
    finish(game)
    assert not twins.record_sealed(Game.objects.get(pk=game.pk))
    assert client.get(reverse("history:game", args=[game.pk])).status_code == 200


def test_it_refuses_a_twin_player_the_other_table_but_not_a_bystander(
    client, two_tables, alice, bob, django_user_model
):
    (table_a, _), (table_b, _) = two_tables
    client.force_login(alice)
    refused = client.get(reverse("tables:table", args=[table_b.pk]))
    assert refused.status_code == 403
    assert "same tiles" in refused.content.decode()
    assert client.get(reverse("tables:table", args=[table_a.pk])).status_code == 200
    carol = django_user_model.objects.create_user(username="carol", password="pw-carol-123")
    client.force_login(carol)
    assert client.get(reverse("tables:table", args=[table_b.pk])).status_code == 200


async def test_it_closes_a_twin_players_socket_to_the_other_table(two_tables, alice):
    (_, _), (table_b, _) = two_tables
    socket = await open_socket(table_b.pk, alice)
    closed = await socket.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}
    await socket.disconnect()


async def test_it_lets_a_twin_player_watch_once_their_own_game_is_over(two_tables, alice):
    (_, game_a), (table_b, _) = two_tables
    await database_sync_to_async(finish)(game_a)
    socket = await open_socket(table_b.pk, alice)
    frame = await socket.receive_from(timeout=5)
    assert 'id="table-board"' in frame and 'id="table-hand"' in frame
    await socket.disconnect()
