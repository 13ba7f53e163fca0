"""The event's referee takes a disputed review of a claimed win at an event table.

At a table whose wins are claimed with ``confirm_review`` on, a person's NG to the
review's decision sends the hand back (:mod:`rules.engine.claims.procedure`: the state is in the
``review`` phase again with ``WinClaim.overruled`` set). At an ordinary table the
reviewer decides again; at an event table (a tournament round's or a league's:
``Table.is_tournament``) the event's referee does: the reviewer's own decision is
refused, no timer or bot plays it, and the referee sends it from the referee page
(:mod:`tables.referee_views`) as the reviewer seat's action in the game's log. Who
referees a table is the events' knowledge: ``tables`` asks it with the
``referee_asked`` signal, which ``tournaments`` answers.
"""

from __future__ import annotations

import logging

from rules.engine import GameState

from .signals import referee_asked

log = logging.getLogger(__name__)


def disputed(state: GameState) -> bool:
    """Whether the review of a claimed win is open again after an NG (a person decides)."""
    wc = state.win_claim
    return (
        state.phase == "review"
        and wc is not None
        and wc.overruled is not None
        and not wc.by_reading
    )


def awaits_referee(state: GameState, event: bool) -> bool:
    """Whether the game waits for the event's referee (``event``: an event table)."""
    return event and disputed(state)


def is_event_table(table_id: int) -> bool:
    from .models import Table

    return Table.objects.filter(pk=table_id, is_tournament=True).exists()


def may_referee(table_id: int, user) -> bool:
    """Whether ``user`` referees (or organizes) an event the live table plays for."""
    if not getattr(user, "is_authenticated", False):
        return False
    replies = referee_asked.send_robust(sender=None, table_id=table_id, player=user)
    for receiver, reply in replies:
        if isinstance(reply, Exception):
            log.error("referee_asked listener %r failed: %r", receiver, reply, exc_info=reply)
        elif reply is True:
            return True
    return False
