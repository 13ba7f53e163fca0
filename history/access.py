"""Who may see a finished game, and the names at its seats (every game page uses these).

A game's history opens when the game ends: until then its page, replays, exports and
reviews answer 403 with a message, so a running table's hands never leak. Private
tables stay private afterwards (creator, seated players and invite holders only).
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from players.models import Player
from tables import lobby
from tables.models import Game
from tables.play import twins


def finished_game(request, pk: int):
    """The game, or a response refusing it (missing, still running, or private)."""
    game = Game.objects.select_related("table", "table__ruleset").filter(pk=pk).first()
    if game is None:
        raise Http404("There is no game with this number.")
    table = game.table
    if not lobby.may_see(table, request.user, request.GET.get("invite", "")):
        raise Http404("There is no game with this number.")
    sealed = game.is_finished and twins.record_sealed(game)
    if not game.is_finished or sealed:
        response = render(
            request,
            "history/not_yet.html",
            {"game": game, "table": table, "twin": sealed},
            status=403,
        )
        return None, response
    return game, None


def seat_names(game: Game) -> list[str]:
    seats = {s.index: s for s in game.table.seats.select_related("player")}
    return [seats[i].occupant if i in seats else f"Seat {i + 1}" for i in range(4)]


def seat_players(game: Game) -> list[Player | None]:
    seats = {s.index: s for s in game.table.seats.select_related("player")}
    return [seats[i].player if i in seats else None for i in range(4)]
