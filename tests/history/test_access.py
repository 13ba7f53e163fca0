"""A game's history opens when the game ends, and private tables stay private."""

import pytest
from django.urls import reverse

from tables.models import Game, Table

ROUTES = [
    ("history:game", ()),
    ("history:export_tenhou", ()),
    ("history:export_json", ()),
    ("history:replay", (0,)),
]


def running(game: Game) -> Game:
    """The same game as if it were still being played (its hand records so far included)."""
    Game.objects.filter(pk=game.pk).update(finished=None)
    Table.objects.filter(pk=game.table_id).update(status=Table.PLAYING)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize(("route", "extra"), ROUTES)
def test_it_hides_a_running_games_history(client, one_game, route, extra):
    game = running(one_game)
    assert game.hands.exists()  # the records exist, yet nothing of them is shown
    response = client.get(reverse(route, args=[game.pk, *extra]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "still being played" in page
    assert "data-tile" not in page  # not a single tile of the game is shown


def test_it_shows_the_history_once_the_game_has_ended(client, one_game):
    for route, extra in ROUTES:
        assert client.get(reverse(route, args=[one_game.pk, *extra])).status_code == 200


def test_it_keeps_running_games_off_profiles(client, one_game, members):
    running(one_game)
    page = client.get(members[0].get_absolute_url()).content.decode()
    assert reverse("history:game", args=[one_game.pk]) not in page
    assert "No finished games yet." in page


@pytest.mark.parametrize(("route", "extra"), ROUTES)
def test_it_keeps_a_private_tables_history_private(
    client, one_game, members, django_user_model, route, extra
):
    Table.objects.filter(pk=one_game.table_id).update(is_private=True, invite_token="secret-token")
    url = reverse(route, args=[one_game.pk, *extra])
    assert client.get(url).status_code == 404
    stranger = django_user_model.objects.create_user(username="stranger", password="pw-stranger-1")
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    assert client.get(url + "?invite=secret-token").status_code == 200
    client.force_login(members[2])  # seated at that table
    assert client.get(url).status_code == 200


def test_it_answers_404_for_a_game_that_does_not_exist(client, db):
    assert client.get(reverse("history:game", args=[999])).status_code == 404
