"""The scored table's agreement buttons: agree, dispute, settle, decline a seat.

Small views over :mod:`tournaments.agreement`; each answers with the table's page
(a redirect), the refusal's reason shown there, and a 403 page to a visitor who
may not take part at all.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from . import agreement, scored_views
from .permissions import forbidden


def _run(request, tournament_id, table_pk, action, done: str, *, allowed):
    table = scored_views._table(tournament_id, table_pk)
    if not allowed(table, request.user):
        return forbidden(
            request,
            "Only the members seated at this table, and its organizers and referees, "
            "take part in agreeing its result.",
            table.tournament,
        )
    try:
        action(table)
    except agreement.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, done)
    return redirect(scored_views._url(table) + "#agreement")


def _member_or_settler(table, user) -> bool:
    member = any(s.player_id == user.pk for s in agreement.named_members(table))
    return bool(getattr(user, "is_authenticated", False) and member) or agreement.may_settle(
        table, user
    )


def _member(table, user) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return any(s.player_id == user.pk for s in agreement.named_members(table))


@require_POST
def agree(request, tournament_id, table_pk):
    return _run(
        request,
        tournament_id,
        table_pk,
        lambda t: agreement.agree(t, request.user),
        "Your agreement is recorded.",
        allowed=_member_or_settler,
    )


@require_POST
def dispute(request, tournament_id, table_pk):
    reason = request.POST.get("reason", "")
    return _run(
        request,
        tournament_id,
        table_pk,
        lambda t: agreement.dispute(t, request.user, reason),
        "Your dispute is recorded: the organizers and referees will settle it.",
        allowed=_member,
    )


@require_POST
def settle(request, tournament_id, table_pk):
    decision, reason = request.POST.get("decision", ""), request.POST.get("reason", "")
    return _run(
        request,
        tournament_id,
        table_pk,
        lambda t: agreement.settle(t, request.user, decision, reason),
        "The result is settled; the correction log says how.",
        allowed=agreement.may_settle,
    )


@require_POST
def decline(request, tournament_id, table_pk):
    return _run(
        request,
        tournament_id,
        table_pk,
        lambda t: agreement.decline(t, request.user),
        "You are no longer seated at this table; it does not touch your record.",
        allowed=_member,
    )
