"""A finished game whose twin (same tiles) still runs counts nowhere in the history:
not in the ranking or ratings, not in a profile's games, figures or yaku."""

import pytest
from django.urls import reverse
from django.utils import timezone

from history import rating, reviews, stats
from history.models import GameReview
from tables.models import Game, Table

from .conftest import play_and_store

pytestmark = pytest.mark.django_db


@pytest.fixture
def sealed_game(members):
    game = play_and_store(members, [21])[0]
    twin_table = Table.objects.create(name="twin", ruleset=game.table.ruleset)
    twin = Game.objects.create(
        table=twin_table,
        ruleset=game.ruleset,
        seed=game.seed,
        walls=game.walls,
        started=timezone.now(),
    )
    return game, twin


def winners(game):
    seats = {s.index: s.player for s in game.table.seats.all()}
    return {
        seats[w["seat"]]
        for hand in game.hands.all()
        if hand.result_type in ("ron", "tsumo")
        for w in hand.wins
    }


def test_a_sealed_game_counts_in_no_profile_and_no_ranking(client, members, sealed_game):
    game, twin = sealed_game
    winner = next(iter(winners(game)))
    assert stats.player_stats(winner).games == 0
    assert not stats.player_stats(winner).yaku
    assert not list(stats.player_games(winner))
    assert winner.pk not in rating.club_ratings().current
    profile = client.get(reverse("history:profile", args=[winner.username])).content.decode()
    assert reverse("history:game", args=[game.pk]) not in profile
    ranking = client.get(reverse("history:ranking")).content.decode()
    assert winner.name not in ranking
    Game.objects.filter(pk=twin.pk).update(finished=timezone.now())
    assert stats.player_stats(winner).games == 1
    assert stats.player_stats(winner).yaku
    profile = client.get(reverse("history:profile", args=[winner.username])).content.decode()
    assert reverse("history:game", args=[game.pk]) in profile


def test_a_game_reviewed_before_its_tiles_were_dealt_again_leaves_the_profile_while_sealed(
    client, members
):
    game = play_and_store(members, [21])[0]
    player = game.table.seats.get(index=0).player
    now = timezone.now()
    GameReview.objects.create(
        game=game,
        seat=0,
        status=GameReview.DONE,
        decisions=10,
        agreed=7,
        requested=now,
        updated=now,
    )
    url = reverse("history:profile", args=[player.username])
    assert len(reviews.agreement_over_games(player)) == 1
    assert "Agreement with the careful bot" in client.get(url).content.decode()
    twin = Game.objects.create(  # somebody deals the same tiles again
        table=Table.objects.create(name="twin", ruleset=game.table.ruleset),
        ruleset=game.ruleset,
        seed=game.seed,
        walls=game.walls,
        started=now,
    )
    assert reviews.agreement_over_games(player) == []
    assert "Agreement with the careful bot" not in client.get(url).content.decode()
    Game.objects.filter(pk=twin.pk).update(finished=timezone.now())
    assert len(reviews.agreement_over_games(player)) == 1
