"""What the lobby tells a visitor is on: the round and scores of running tables, and
the club's recent games.

Scores come from the spectator's view of each running game, the same as anybody
watching sees. A game dealt the same tiles as another still running (a duplicate
tournament round) shows nothing: its scores would hint at the walls still to come.
"""

from __future__ import annotations

from django.utils.translation import get_language

from rules.engine import EAST, format_final, spectator_view
from rules.templatetags.words import points_text
from tables.play import call_window, states, twins

from . import clock as clocks
from .models import Game, Table

WIND_NAMES = ("East", "South", "West", "North")
RECENT_GAMES = 6


def round_text(view) -> str:
    if get_language() == "ja":
        text = f"{'東南西北'[view.round_wind - EAST]}{view.round_number + 1}局"
        return text + (f" {view.honba}本場" if view.honba else "")
    text = f"{WIND_NAMES[view.round_wind - EAST]} {view.round_number + 1}"
    if view.honba:
        text += f", {view.honba} honba"
    return text


def add_live_scores(tables: list[Table]) -> None:
    """Set ``round_text`` on each playing table and ``score_text`` on its seat rows."""
    playing = {t.pk: t for t in tables if t.status == Table.PLAYING}
    if not playing:
        return
    games = Game.objects.filter(table_id__in=playing, finished__isnull=True).order_by("pk")
    for game in games:
        table = playing[game.table_id]
        if twins.record_sealed(game):
            continue
        # what a spectator's socket shows now: nothing a call window still holds
        state, _, _ = call_window.picture(game, states.state_of(game), None, clocks.current().now())
        view = spectator_view(state)
        table.round_text = round_text(view)
        for seat in table.seat_rows:
            seat.score_text = points_text(view.scores[seat.index])


def recent_games(limit: int = RECENT_GAMES) -> list[dict]:
    """The latest finished games of public tables, with their placements."""
    games = (
        Game.objects.filter(finished__isnull=False, table__is_private=False)
        .select_related("table")
        .prefetch_related("table__seats__player")
        .order_by("-finished")[: limit * 2]
    )
    found = []
    for game in games:
        if twins.record_sealed(game):
            continue
        names = {s.index: s.occupant for s in game.table.seats.all()}
        places = sorted(game.final or [], key=lambda s: s["place"])
        found.append(
            {
                "game": game,
                "places": [
                    {
                        "place": s["place"],
                        "name": names.get(s["seat"], "?"),
                        "final": format_final(s["final"]),
                    }
                    for s in places
                ],
            }
        )
        if len(found) == limit:
            break
    return found
