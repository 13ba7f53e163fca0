"""Listeners for other apps' signals (connected in ``TournamentsConfig.ready``)."""

from __future__ import annotations

import logging

from . import records

log = logging.getLogger(__name__)


def on_game_finished(
    sender,
    *,
    table_id,
    seats,
    scores,
    leftover_sticks=0,
    seed=None,
    finished_at=None,
    game=None,
    chombo_counts=(0, 0, 0, 0),
    **kwargs,
):
    """File a finished live game under the tournament round or leagues it belongs to."""
    from django.utils import timezone

    if table_id is None or len(seats) != 4 or len(scores) != 4:
        log.warning("game_finished for table %s ignored: needs four seats and scores", table_id)
        return []
    return records.record_online_game(
        table_id=int(table_id),
        seats=list(seats),
        scores=[int(s) for s in scores],
        leftover_sticks=int(leftover_sticks or 0),
        seed=seed,
        finished_at=finished_at or timezone.now(),
        chombo_counts=[int(c) for c in chombo_counts],
    )


def on_game_starting(sender, *, table_id, seats, day, **kwargs) -> bool:
    """A game between the members of a running league counts for it: aids stay off."""
    return bool(records.leagues_counting(list(seats), day, int(table_id)))


def on_referee_asked(sender, *, table_id, player, **kwargs) -> bool:
    """Whether ``player`` referees (or organizes) an event the live table plays for: the
    tournament whose round opened it, or a league its four members play in today."""
    from django.utils import timezone

    from tables.models import Seat

    from .models import Tournament

    events = list(Tournament.objects.filter(tables__table_id=int(table_id)).distinct())
    seats = [
        s.player_id if not s.bot_level else None
        for s in sorted(Seat.objects.filter(table_id=int(table_id)), key=lambda s: s.index)
    ]
    if len(seats) == 4:
        events += records.leagues_counting(seats, timezone.localdate(), -1)
    return any(event.is_referee(player) for event in events)


def on_referee_called(sender, *, table_id, player, **kwargs) -> str:
    """A player at a live event table calls the referee (tournaments.referee_calls)."""
    from .referee_calls import call_from_live

    return call_from_live(int(table_id), player)
