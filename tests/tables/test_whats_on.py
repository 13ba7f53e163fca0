"""The lobby greets a visitor: what the club is, the running tables with their round
and scores, and the recent games."""

import pytest
from django.urls import reverse

from tables.models import Table
from tables.play.submit import submit

from .conftest import make_table, start

pytestmark = pytest.mark.django_db


def test_it_greets_a_visitor_with_what_the_club_offers(client):
    html = client.get(reverse("tables:lobby")).content.decode()
    assert "Welcome to Riichi Club" in html
    assert reverse("players:signup") in html and reverse("rules:index") in html
    assert "No games have finished yet" in html


def test_it_shows_a_member_the_lobby_without_the_greeting(client, alice):
    client.force_login(alice)
    html = client.get(reverse("tables:lobby")).content.decode()
    assert "Welcome to" not in html and "Open a table" in html


def test_it_shows_the_round_and_scores_of_a_running_table(client, east_only, alice):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3, name="Evening game")
    start(table)
    html = client.get(reverse("tables:lobby")).content.decode()
    assert "now East 1" in html
    assert html.count('<span class="seat-score">25,000</span>') == 4


def test_it_lists_recent_finished_games_with_placements_but_not_private_ones(
    client, east_only, alice
):
    public = make_table(east_only, bots=["tsumogiri"] * 4, name="Bots at noon")
    hidden = make_table(east_only, bots=["tsumogiri"] * 4, name="Secret game")
    Table.objects.filter(pk=hidden.pk).update(is_private=True)
    for table in (public, hidden):
        finish(start(table))
    html = client.get(reverse("tables:lobby")).content.decode()
    assert "Bots at noon" in html and "Secret game" not in html
    assert "Tsumogiri bot 1" in html and "+" in html


def finish(game):
    """Play the game to its end with the tsumogiri choice for whoever must act."""
    from rules.engine import pending_seats, seat_view
    from tables.models import Game
    from tables.play import autoplay, states

    for _ in range(5000):
        game = Game.objects.get(pk=game.pk)
        if game.finished:
            return game
        state = states.state_of(game)
        seat = pending_seats(state)[0]
        submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), game.version)
    raise AssertionError("the game did not end")
