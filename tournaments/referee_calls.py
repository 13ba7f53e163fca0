"""Calling the referee: a player at an event's table calls its referees, one takes the
call and closes it with a note.

A call comes from the hand-entry page of a scored table (:mod:`tournaments.
referee_call_views`) or from an event's live table (``tables`` sends the
``referee_called`` signal, answered by :func:`call_from_live`; ``tables`` never
imports this app). Every call, take and close is in the table's correction log; the
event's referees (its organizers when it names none) get a notice
(:func:`players.notices.notify`, kind ``referee_call``), their calls page shows the
open calls live (the ``referee-calls-<event>`` group), and the projector's corner too
when the organizer switched ``Tournament.projector_calls`` on. Only the referees and
organizers of the call's own event see or act on it.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.models import REFEREE_CALL
from players.notices import notify_all
from tables.socket.messages import CallsUpdate, StandingsUpdate, encode

from .models import Correction, RefereeCall, Tournament
from .models import TournamentTable as Table

log = logging.getLogger(__name__)
Clock = Callable[[], datetime.datetime]


class Refused(Exception):
    """A call, take or close the visitor may not make now; the message says why."""


def group_name(tournament_id: int) -> str:
    return f"referee-calls-{tournament_id}"


def seated(table: Table, user) -> bool:
    return getattr(user, "is_authenticated", False) and any(
        s.player_id == user.pk for s in table.seats.all()
    )


def may_call(table: Table, user) -> bool:
    """A member seated at a table of an open event."""
    return (
        table.tournament_id is not None and table.tournament.closed is None and seated(table, user)
    )


def referees_of(tournament: Tournament) -> list:
    """Who a call goes to: the event's referees, else its organizers and creator."""
    people = list(tournament.referees.all())
    if not people:
        people = list(tournament.organizers.all())
        if tournament.created_by is not None:
            people.append(tournament.created_by)
    return people


def table_url(table: Table) -> str:
    if table.table_id is not None:
        return reverse("tables:table", args=[table.table_id])
    return reverse("tournaments:score", args=[table.tournament_id, table.pk])


def calls_url(tournament_id: int) -> str:
    return reverse("tournaments:referee_calls", args=[tournament_id])


def table_label(table: Table) -> str:
    where = f"table {table.number}"
    return f"round {table.round.number}, {where}" if table.round_id else where


def _log(table: Table, new: str, reason: str, user, now) -> None:
    Correction.objects.create(
        table=table,
        field="Referee call",
        old_value="-",
        new_value=new[:200],
        reason=(reason or "-")[:200],
        changed_by=user if getattr(user, "is_authenticated", False) else None,
        changed_at=now,
    )


def call(table: Table, user, *, clock: Clock = timezone.now) -> RefereeCall:
    """``user`` (seated at ``table``) calls the event's referees."""
    if table.tournament_id is None:
        raise Refused(_("Only the tables of an event have referees to call."))
    if table.tournament.closed is not None:
        raise Refused(_("This event is closed."))
    if not seated(table, user):
        raise Refused(_("Only the players seated at this table can call the referee."))
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        waiting = RefereeCall.objects.filter(table=locked, closed_at=None).first()
        if waiting is not None:
            raise Refused(
                _(
                    "The referee is already called to this table (at %(time)s); "
                    "they are on their way."
                )
                % {"time": f"{timezone.localtime(waiting.called_at):%H:%M}"}
            )
        now = clock()
        made = RefereeCall.objects.create(
            tournament_id=table.tournament_id, table=locked, called_by=user, called_at=now
        )
        _log(locked, f"called by {user.name}", "", user, now)
        text = (
            f"{table.tournament.name}: {user.name} calls the referee to "
            f"{table_label(table)} ({timezone.localtime(now):%H:%M})."
        )
        notify_all(
            referees_of(table.tournament),
            REFEREE_CALL,
            text,
            calls_url(table.tournament_id),
            mail_subject=f"Referee call: {table_label(table)}",
            clock=clock,
        )
        transaction.on_commit(lambda: broadcast(table.tournament_id))
    return made


def _check_referee(made: RefereeCall, user) -> None:
    if not made.tournament.is_referee(user):
        raise Refused(_("Only this event's referees and organizers answer its calls."))


def take(made: RefereeCall, user, *, clock: Clock = timezone.now) -> RefereeCall:
    """A referee of the call's event takes it (one referee only)."""
    _check_referee(made, user)
    with transaction.atomic():
        locked = RefereeCall.objects.select_for_update().get(pk=made.pk)
        if locked.closed_at is not None:
            raise Refused(_("This call is closed already."))
        if locked.taken_by_id is not None:
            who = "you" if locked.taken_by_id == user.pk else locked.taken_by.name
            raise Refused(_("This call is taken already (by %(name)s).") % {"name": who})
        now = clock()
        locked.taken_by, locked.taken_at = user, now
        locked.save(update_fields=["taken_by", "taken_at"])
        _log(locked.table, f"taken by {user.name}", "", user, now)
        transaction.on_commit(lambda: broadcast(locked.tournament_id))
    return locked


def close(made: RefereeCall, user, note: str, *, clock: Clock = timezone.now) -> RefereeCall:
    """A referee closes the call with a note, which stays in the correction log."""
    _check_referee(made, user)
    note = " ".join(note.split())[:200]
    if not note:
        raise Refused(_("Write a note: what was the call about and what was decided?"))
    with transaction.atomic():
        locked = RefereeCall.objects.select_for_update().get(pk=made.pk)
        if locked.closed_at is not None:
            raise Refused(_("This call is closed already."))
        now = clock()
        if locked.taken_by_id is None:
            locked.taken_by, locked.taken_at = user, now
        locked.closed_by, locked.closed_at, locked.note = user, now, note
        locked.save(update_fields=["taken_by", "taken_at", "closed_by", "closed_at", "note"])
        called = timezone.localtime(locked.called_at)
        _log(locked.table, f"call of {called:%H:%M} closed by {user.name}", note, user, now)
        transaction.on_commit(lambda: broadcast(locked.tournament_id))
    return locked


def open_calls(tournament: Tournament) -> list[RefereeCall]:
    return list(
        RefereeCall.objects.filter(tournament=tournament, closed_at=None).select_related(
            "table__round", "called_by", "taken_by"
        )
    )


def closed_calls(tournament: Tournament, limit: int = 30) -> list[RefereeCall]:
    return list(
        RefereeCall.objects.filter(tournament=tournament, closed_at__isnull=False)
        .select_related("table__round", "called_by", "taken_by", "closed_by")
        .order_by("-closed_at")[:limit]
    )


def panel_context(tournament: Tournament, user=None) -> dict:
    calls = open_calls(tournament)
    return {
        "tournament": tournament,
        "calls": [(c, table_label(c.table), table_url(c.table)) for c in calls],
        "latest_call": max((c.pk for c in calls), default=0),
    }


def render_panel(tournament: Tournament, oob: bool = False) -> str:
    context = {**panel_context(tournament), "oob": oob}
    return render_to_string("tournaments/_referee_calls_live.html", context)


def open_for(tournament: Tournament, user) -> list[RefereeCall] | None:
    """The open calls for the event's page: ``None`` for anyone but its referees."""
    return open_calls(tournament) if tournament.is_referee(user) else None


def corner_context(tournament: Tournament, oob: bool = False) -> dict:
    """The projector corner's context (its calls only when switched on)."""
    shown = tournament.projector_calls
    calls = panel_context(tournament) if shown else {"calls": [], "latest_call": 0}
    return {**calls, "oob": oob, "shown": shown}


def render_corner(tournament: Tournament, oob: bool = False) -> str:
    return render_to_string(
        "tournaments/_referee_calls_corner.html", corner_context(tournament, oob)
    )


def broadcast(tournament_id: int, corner: bool = False) -> None:
    """Send the open calls to the referees' pages, and to the projector's corner when
    it is switched on (``corner``: also when it was just switched off, to empty it)."""
    from .broadcast import group_name as standings_group

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    layer = get_channel_layer()
    if tournament is None or layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            group_name(tournament_id),
            encode(CallsUpdate(render_panel(tournament, oob=True))),
        )
        if tournament.projector_calls or corner:
            async_to_sync(layer.group_send)(
                standings_group(tournament_id),
                encode(StandingsUpdate(render_corner(tournament, oob=True))),
            )
    except Exception:  # a full or unreachable layer: the pages still show it on reload
        log.exception("could not broadcast the referee calls of tournament %s", tournament_id)


def call_from_live(table_id: int, player, *, clock: Clock = timezone.now) -> str:
    """A seated player called the referee from the live table ``table_id``; the message."""
    table = (
        Table.objects.filter(table_id=int(table_id), tournament__isnull=False)
        .select_related("tournament", "round")
        .order_by("-pk")
        .first()
    )
    if table is None:
        return "This table plays for no event with referees to call."
    try:
        call(table, player, clock=clock)
    except Refused as refusal:
        return str(refusal)
    return "The referee is called; they will come to your table."
