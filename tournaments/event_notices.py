"""The events' notices: who is told what, through :func:`players.notices.notify`.

Each function is called from the one place its event happens:

* :func:`seating_published` from :func:`tournaments.rounds.publish` (each seated member:
  their table and wind);
* :func:`result_waiting` from :func:`tournaments.agreement.confirmed` (each named member
  who has not agreed; the referees when the event's results need one);
* :func:`result_disputed` from :func:`tournaments.agreement.dispute` (the event's
  organizers and referees; at a casual table the club's organizers);
* :func:`penalty_given` from :func:`tournaments.penalties.add` (the penalised player).

The referee calls notify in :mod:`tournaments.referee_calls`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse

from players.models import AGREEMENT, DISPUTE, PENALTY, SEATING
from players.notices import notify, notify_all

from .models import WIND_NAMES, Round, Tournament
from .models import TournamentTable as Table
from .permissions import ORGANIZERS


def score_url(table: Table) -> str:
    return reverse("tournaments:score", args=[table.tournament_id or 0, table.pk])


def where(table: Table) -> str:
    if table.tournament_id is None:
        return f"casual table {table.number}"
    return f"{table.tournament.name}, table {table.number}"


def staff_of(tournament: Tournament) -> list:
    """An event's organizers (its creator too) and referees."""
    people = [*tournament.organizers.all(), *tournament.referees.all()]
    if tournament.created_by is not None:
        people.insert(0, tournament.created_by)
    return people


def club_organizers() -> list:
    """Who settles a casual table's dispute: the club's admins and organizers."""
    members = get_user_model().objects.filter(is_active=True, is_bot=False)
    return list(
        members.filter(
            Q(is_superuser=True) | Q(is_staff=True) | Q(groups__name=ORGANIZERS)
        ).distinct()
    )


def seating_published(round_: Round) -> int:
    """Tell every seated member of a newly published round their table and wind."""
    told = 0
    tables = round_.tables.prefetch_related("seats__player").order_by("number")
    for table in tables:
        url = (
            reverse("tables:table", args=[table.table_id])
            if table.table_id is not None
            else round_.get_absolute_url()
        )
        for seat in table.seats.all():
            if seat.player is None:
                continue
            text = (
                f"{round_.tournament.name}: round {round_.number} is published. "
                f"You sit at table {table.number} as {WIND_NAMES[seat.wind]}."
            )
            told += notify(seat.player, SEATING, text, url) is not None
    return told


def result_waiting(table: Table, result, members: list, answered: set[int]) -> int:
    """A confirmed result waits: tell whoever's agreement it needs."""
    label = where(table)
    if table.tournament_id is not None and table.tournament.result_agreement == "referee":
        text = f"{label}: a result waits for a referee's agreement."
        return notify_all(staff_of(table.tournament), AGREEMENT, text, score_url(table))
    names = {s.wind: s.player_name for s in table.seat_list()}
    scores = ", ".join(f"{names.get(w, WIND_NAMES[w])} {p}" for w, p in enumerate(result.scores))
    text = f"{label}: a result waits for your agreement ({scores})."
    waiting = [s.player for s in members if s.player_id not in answered]
    return notify_all(waiting, AGREEMENT, text, score_url(table) + "#agreement")


def result_disputed(table: Table, by, reason: str) -> int:
    text = f"{where(table)}: {by.name} disputes the result (“{reason}”); settle it."
    people = staff_of(table.tournament) if table.tournament_id else club_organizers()
    return notify_all(people, DISPUTE, text, score_url(table) + "#agreement")


def penalty_given(table: Table, penalty, description: str) -> int:
    seat = table.seats.filter(wind=penalty.wind).select_related("player").first()
    if seat is None or seat.player is None:
        return 0
    text = f"{where(table)}: a penalty is given to you: {description}"
    if penalty.reason:
        text += f" ({penalty.reason})"
    return notify(seat.player, PENALTY, text + ".", score_url(table)) is not None
