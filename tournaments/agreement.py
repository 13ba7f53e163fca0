"""Agreement before a result counts: no member alone writes another member's record.

A result a player enters at a scored table (a casual club-night table, or a table of
a league or tournament) changes ratings, in-person statistics and standings only once
it is *agreed*. The rules (the README's "Agreement before a result counts" and the
rulebook's club-nights section say them in words):

* An organizer or referee of the event agrees alone (at a casual table: the club's
  organizers, :func:`tournaments.permissions.may_create_events`). A result they
  confirm or enter is agreed at once.
* A casual table: every member named at it agrees (the one who confirms, when seated,
  agrees by confirming). Guests and bots need no agreement.
* A league or tournament table whose event says "the players' agreement is enough":
  at least one seated member other than the one who confirmed agrees. When the
  event says "results need a referee", only an organizer or referee makes it count.
* Until then the result is *waiting for agreement*; a named member who disputes it
  (with a reason) makes it *disputed*: it goes to the event's organizers and referees
  (casual: the club's organizers), who settle it: the result stands, or the
  confirmation is withdrawn so the hands can be corrected. Every dispute and
  settlement is in the table's correction log.
* A member seated at a casual table without their say (they entered no hand, did not
  confirm and did not agree) may decline the seat: it becomes a guest seat, so the
  table never touches their record.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import event_notices, signals
from .models import Answer, Correction, Result, ScoredHand, Seat, Tournament
from .models import TournamentTable as Table
from .permissions import may_create_events

Clock = Callable[[], datetime.datetime]
STANDS, REOPEN = "stands", "reopen"
SETTLEMENTS = {
    STANDS: _("The result stands as entered"),
    REOPEN: _("Withdraw the confirmation so the hands can be corrected"),
}


class Refused(Exception):
    """An agreement action the visitor may not take now; the message says why."""


def may_settle(table: Table, user) -> bool:
    """The event's organizers and referees; at a casual table, the club's organizers."""
    if not getattr(user, "is_authenticated", False):
        return False
    if table.tournament_id is not None:
        return table.tournament.is_referee(user)
    return may_create_events(user)


def named_members(table: Table) -> list[Seat]:
    """The seats of members (not guests, not bots), East first."""
    return [s for s in table.seat_list() if s.player_id is not None and not s.player.is_bot]


def needs_referee(table: Table) -> bool:
    return (
        table.tournament_id is not None
        and table.tournament.result_agreement == Tournament.REFEREE_AGREES
    )


def _met(table: Table, result: Result) -> bool:
    """Whether the players' answers make ``result`` agreed (no dispute is open)."""
    if needs_referee(table):
        return False
    agreed = {a.player_id for a in result.answers.all() if a.answer == Answer.AGREE}
    members = {s.player_id for s in named_members(table)}
    if table.tournament_id is None:
        return members <= agreed
    return bool((agreed & members) - {result.confirmed_by_id})


def _log(table: Table, what: str, old: str, new: str, reason: str, user, now) -> None:
    Correction.objects.create(
        table=table,
        field=what[:60],
        old_value=old[:200],
        new_value=new[:200],
        reason=(reason or "-")[:200],
        changed_by=user if getattr(user, "is_authenticated", False) else None,
        changed_at=now,
    )


def _agreed(result: Result, by, now) -> None:
    result.status = Result.AGREED
    result.decided_by = by
    result.save(update_fields=["status", "decided_by"])
    signals.results_changed(result.table.tournament_id)


def status_after_confirm(table: Table, user) -> str:
    """The status a result confirmed by ``user`` starts with."""
    return Result.AGREED if may_settle(table, user) else Result.WAITING


def confirmed(table: Table, result: Result, user, now) -> None:
    """After a player confirms: their confirmation is their agreement when seated."""
    if result.status != Result.WAITING:
        return
    if any(s.player_id == user.pk for s in named_members(table)):
        Answer.objects.create(result=result, player=user, answer=Answer.AGREE, answered_at=now)
    if _met(table, result):
        _agreed(result, None, now)
    else:  # it starts waiting: tell whoever's agreement it needs
        members = named_members(table)
        event_notices.result_waiting(table, result, members, {user.pk})


def _locked(table: Table) -> tuple[Table, Result]:
    locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
    if locked.tournament_id is not None and locked.tournament.closed:
        raise Refused(_("This event is closed; nothing can change any more."))
    result = Result.objects.filter(table=locked).first()
    if result is None:
        raise Refused(_("This table has no confirmed result to agree on yet."))
    return locked, result


def agree(table: Table, user, *, clock: Clock = timezone.now) -> Result:
    """A named member agrees; an organizer or referee agrees for everyone."""
    with transaction.atomic():
        locked, result = _locked(table)
        now = clock()
        if result.status == Result.AGREED:
            raise Refused(_("This result is already agreed."))
        if may_settle(locked, user) and result.status == Result.WAITING:
            _log(locked, "Agreement", "waiting", "agreed by a referee", "", user, now)
            _agreed(result, user, now)
            return result
        if result.status == Result.DISPUTED and may_settle(locked, user):
            raise Refused(_("This result is disputed: settle it (it stands, or is reopened)."))
        if result.status == Result.DISPUTED:
            raise Refused(_("This result is disputed: an organizer or referee settles it now."))
        if not any(s.player_id == user.pk for s in named_members(locked)):
            raise Refused(_("Only the members seated at this table (or a referee) can agree."))
        if result.answers.filter(player=user).exists():
            raise Refused(_("You have already answered."))
        Answer.objects.create(result=result, player=user, answer=Answer.AGREE, answered_at=now)
        if _met(locked, result):
            _agreed(result, None, now)
        return result


def dispute(table: Table, user, reason: str, *, clock: Clock = timezone.now) -> Result:
    """A named member disputes a result waiting for agreement, with a reason."""
    reason = reason.strip()[:200]
    with transaction.atomic():
        locked, result = _locked(table)
        if not any(s.player_id == user.pk for s in named_members(locked)):
            raise Refused(_("Only the members seated at this table can dispute its result."))
        if result.status != Result.WAITING:
            raise Refused(
                _(
                    "Only a result waiting for agreement can be disputed; "
                    "ask an organizer or referee to correct it."
                )
            )
        if result.answers.filter(player=user).exists():
            raise Refused(_("You have already answered."))
        if not reason:
            raise Refused(_("Say what is wrong: a dispute needs a reason."))
        now = clock()
        Answer.objects.create(
            result=result, player=user, answer=Answer.DISPUTE, reason=reason, answered_at=now
        )
        result.status = Result.DISPUTED
        result.save(update_fields=["status"])
        _log(locked, "Agreement", "waiting", f"disputed by {user.name}", reason, user, now)
        event_notices.result_disputed(locked, user, reason)
        return result


def settle(table: Table, user, decision: str, reason: str, *, clock: Clock = timezone.now):
    """An organizer or referee settles a waiting or disputed result (logged)."""
    reason = reason.strip()[:200]
    with transaction.atomic():
        locked, result = _locked(table)
        if not may_settle(locked, user):
            raise Refused(
                _(
                    "Only the event's organizers and referees (at a casual table, the club's "
                    "organizers) settle a result."
                )
            )
        if decision not in SETTLEMENTS:
            raise Refused(_("Choose whether the result stands or is reopened."))
        if result.status == Result.AGREED and decision == STANDS:
            raise Refused(_("This result is already agreed."))
        if not reason:
            raise Refused(_("Give a reason: a settlement is logged."))
        now = clock()
        old = result.get_status_display()
        if decision == STANDS:
            _log(locked, "Agreement", old, "agreed: the result stands", reason, user, now)
            _agreed(result, user, now)
            return result
        _log(locked, "Agreement", old, "confirmation withdrawn for correction", reason, user, now)
        result.delete()
        locked.chombos.all().delete()
        signals.results_changed(locked.tournament_id)
        return None


def may_decline(table: Table, user) -> bool:
    """A member seated at a casual table they have not taken part in."""
    if table.tournament_id is not None or not getattr(user, "is_authenticated", False):
        return False
    if not table.seats.filter(player=user).exists():
        return False
    if table.opened_by_id == user.pk or ScoredHand.objects.filter(table=table, entered_by=user):
        return False
    result = Result.objects.filter(table=table).first()
    if result is None:
        return True
    return result.confirmed_by_id != user.pk and not result.answers.filter(player=user).exists()


def decline(table: Table, user, *, clock: Clock = timezone.now) -> None:
    """Leave a casual table one was seated at without one's say: the seat becomes a guest."""
    with transaction.atomic():
        locked = Table.objects.select_for_update(of=("self",)).get(pk=table.pk)
        if not may_decline(locked, user):
            raise Refused(
                _(
                    "Only a member seated at a casual table who has not entered, confirmed or "
                    "agreed anything there can decline the seat."
                )
            )
        seat = locked.seats.get(player=user)
        seat.player = None
        seat.guest_name = "Declined seat"
        seat.save(update_fields=["player", "guest_name"])
        now = clock()
        _log(locked, f"{seat.wind_name} seat", user.name, "declined (now a guest)", "", user, now)
        result = Result.objects.filter(table=locked).first()
        if result is not None and result.status == Result.WAITING and _met(locked, result):
            _agreed(result, None, now)


# --- what the pages show


@dataclass
class Standing:
    """Where a result stands with its agreement, for the table, event and profile pages."""

    table: Table
    status: str
    label: str
    agreed: list[str] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)
    disputes: list[tuple[str, str]] = field(default_factory=list)
    decided_by: str = ""
    rule: str = ""

    @property
    def url(self) -> str:
        return reverse("tournaments:score", args=[self.table.tournament_id or 0, self.table.pk])


def rule_text(table: Table) -> str:
    if table.tournament_id is None:
        return _("It counts once every member named at the table agrees, or a club organizer does.")
    if needs_referee(table):
        return _(
            "This event's results need a referee: it counts once an organizer or referee agrees."
        )
    return _(
        "It counts once a seated member other than the one who confirmed agrees, "
        "or an organizer or referee does."
    )


def standing(table: Table, result: Result | None = None) -> Standing | None:
    result = result or Result.objects.filter(table=table).first()
    if result is None:
        return None
    answers = {a.player_id: a for a in result.answers.all()}
    out = Standing(
        table=table,
        status=result.status,
        label=result.get_status_display(),
        decided_by=result.decided_by.name if result.decided_by_id else "",
        rule=rule_text(table),
    )
    for seat in named_members(table):
        answer = answers.get(seat.player_id)
        if answer is None:
            out.waiting.append(seat.player_name)
        elif answer.answer == Answer.AGREE:
            out.agreed.append(seat.player_name)
        else:
            out.disputes.append((seat.player_name, answer.reason))
    return out


def _open(tables) -> list[Standing]:
    tables = (
        tables.exclude(result__status=Result.AGREED)
        .filter(result__isnull=False)
        .select_related("result__decided_by", "tournament")
        .prefetch_related("seats__player", "result__answers")
        .order_by("result__finished_at", "pk")
    )
    return [s for t in tables if (s := standing(t, t.result)) is not None]


def open_results_of_event(tournament: Tournament) -> list[Standing]:
    """The event's results waiting for agreement or disputed."""
    return _open(Table.objects.filter(tournament=tournament))


def open_casual_results() -> list[Standing]:
    """Casual tables' results not agreed yet (the club's organizers settle disputes)."""
    return _open(Table.objects.filter(tournament__isnull=True))


def open_results_of(player_id: int) -> list[Standing]:
    """Results naming this member that do not count yet (their profile shows them)."""
    return _open(
        Table.objects.filter(pk__in=Seat.objects.filter(player_id=player_id).values("table"))
    )


def open_results_for_history(player_id: int) -> list[dict]:
    """The same as plain values, for :mod:`history.in_person` (the profile's list)."""
    out = []
    for s in open_results_of(player_id):
        event = s.table.tournament.name if s.table.tournament_id else "Casual table"
        out.append(
            {
                "url": s.url,
                "label": f"{event}, table {s.table.number}",
                "status": s.label,
                "agreed": s.agreed,
                "waiting": s.waiting,
                "disputes": s.disputes,
            }
        )
    return out


def page_context(table: Table, user) -> dict:
    """What the scored table's page shows of the agreement, and who may do what."""
    result = Result.objects.filter(table=table).first()
    current = standing(table, result) if result is not None else None
    member = getattr(user, "is_authenticated", False) and any(
        s.player_id == user.pk for s in named_members(table)
    )
    answered = bool(result and member and result.answers.filter(player=user).exists())
    return {
        "agreement": current,
        "can_answer": bool(result and member and not answered) and result.status == Result.WAITING,
        "can_settle": bool(result) and result.status != Result.AGREED and may_settle(table, user),
        "can_decline": may_decline(table, user),
        "settlements": list(SETTLEMENTS.items()),
    }
