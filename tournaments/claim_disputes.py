"""The live tables of an event where a disputed claimed win waits for its referee.

At an event table an NG to the review of a claimed win sends the hand to the event's
referee (:mod:`tables.referees`); the event's page lists those tables for its
referees and organizers, each with a link to the table's referee page.
"""

from __future__ import annotations

from django.urls import reverse

from tables import referees
from tables.models import Game
from tables.play import states

from .models import TournamentTable


def waiting_tables(tournament) -> list[dict]:
    """The event's live tables whose game waits for a referee, by table number."""
    links = TournamentTable.objects.filter(tournament=tournament, table_id__isnull=False)
    numbers = dict(links.values_list("table_id", "number"))
    games = (
        Game.objects.filter(
            table_id__in=list(numbers), finished__isnull=True, table__is_tournament=True
        )
        .select_related("table")
        .order_by("table_id", "-pk")
    )
    out, seen = [], set()
    for game in games:
        if game.table_id in seen:  # the table's current game only
            continue
        seen.add(game.table_id)
        if referees.disputed(states.state_of(game)):
            out.append(
                {
                    "number": numbers[game.table_id],
                    "name": game.table.name,
                    "url": reverse("tables:referee", args=[game.table_id]),
                }
            )
    return sorted(out, key=lambda t: t["number"])
