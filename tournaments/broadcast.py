"""Live standings: a saved result re-renders the standings and sends them to every
open standings page of the event through the channel layer.

The fragment carries ``hx-swap-oob`` so htmx's WebSocket extension swaps it into
place by id. Sending happens after the transaction commits, so a browser never
sees standings that a rollback would take back.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.dispatch import receiver
from django.template.loader import render_to_string

from tables.socket.messages import StandingsUpdate, encode

from . import hidden_finish, presenters
from .models import Tournament
from .signals import standings_changed

log = logging.getLogger(__name__)


def group_name(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


@receiver(standings_changed, dispatch_uid="tournaments.broadcast")
def after_commit(tournament_id: int, **_signal) -> None:
    """Broadcast the event's standings once the current transaction commits."""
    transaction.on_commit(lambda: send_standings(tournament_id))


def render_live_standings(tournament) -> str:
    context = hidden_finish.standings_context(tournament, public=True)  # what all may see
    context["oob"] = True
    return render_to_string("tournaments/_standings_live.html", context)


def render_all_results(tournament) -> str:
    """The standings page's "All results" (every counted game everyone may see: none of
    the rounds a hidden finish keeps back), swapped in by id."""
    upto = hidden_finish.last_shown_round(tournament)
    context = {
        "results": presenters.results(tournament, None, None, upto_round=upto),
        "result_columns": presenters.RESULT_COLUMNS,
        "oob": True,
    }
    return render_to_string("tournaments/_standings_results.html", context)


def send_standings(tournament_id: int) -> None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    layer = get_channel_layer()
    if tournament is None or layer is None:
        return
    html = render_live_standings(tournament) + render_all_results(tournament)
    try:
        async_to_sync(layer.group_send)(group_name(tournament_id), encode(StandingsUpdate(html)))
    except Exception:  # a full or unreachable layer must not lose a saved result
        log.exception("could not broadcast the standings of tournament %s", tournament_id)
