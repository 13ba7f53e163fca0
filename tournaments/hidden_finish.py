"""A hidden finish: the standings of an event's last rounds are kept from players.

With ``hide_last_rounds`` R set, once a round among the last R is published the
standings, results and CSVs shown to players and on the projector stop at the
round before those R (the last shown round); organizers still see everything. The
standings show again when an organizer reveals them or the event is closed.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import presenters
from .models import Tournament

Clock = Callable[[], datetime.datetime]


class Refused(Exception):
    """A reveal that cannot be made; the message says why."""


def last_shown_round(tournament: Tournament) -> int | None:
    """The last round whose results everyone sees, or None when nothing is hidden."""
    hide = tournament.hide_last_rounds
    if not hide or tournament.is_league or tournament.revealed or tournament.closed:
        return None
    shown = max(tournament.rounds - hide, 0)
    hidden_published = tournament.round_set.filter(
        number__gt=shown, published__isnull=False
    ).exists()
    return shown if hidden_published else None


def last_shown_round_for(tournament: Tournament, user) -> int | None:
    """As :func:`last_shown_round`, but organizers see every round."""
    if tournament.is_organizer(user):
        return None
    return last_shown_round(tournament)


def reveal(tournament: Tournament, user, *, clock: Clock = timezone.now) -> None:
    if not tournament.is_organizer(user):
        raise Refused(_("Only the event's organizers can reveal the standings."))
    if not tournament.hide_last_rounds:
        raise Refused(_("This event does not hide its last rounds."))
    if tournament.revealed:
        raise Refused(_("The standings are revealed already."))
    tournament.revealed = clock()
    tournament.save(update_fields=["revealed"])


def note(tournament: Tournament, last_shown: int | None) -> str:
    """The line the standings show while rounds are hidden."""
    if last_shown is None:
        return ""
    return str(
        _(
            "Standings after round %(round)s: the last %(hidden)s rounds are hidden until "
            "the organizers reveal them."
        )
        % {"round": last_shown, "hidden": tournament.hide_last_rounds}
    )


def standings_context(tournament: Tournament, user=None, *, public=False, **range_) -> dict:
    """The standings a visitor may see (``public``: the projector, hidden from all),
    with the note on what is hidden; ``range_`` is a league's start and end."""
    upto = last_shown_round(tournament) if public else last_shown_round_for(tournament, user)
    context = presenters.standings(tournament, upto_round=upto, **range_)
    context["hidden_note"] = note(tournament, upto)
    context["hidden_upto"] = upto
    hidden = last_shown_round(tournament) if upto is None else None
    context["hidden_from_players"] = note(tournament, hidden)
    return context
