"""Pages of the referee calls (tournaments.referee_calls): calling from a scored table,
the referees' calls page (live), taking and closing a call, the projector switch."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from . import referee_calls
from .models import RefereeCall, Tournament
from .models import TournamentTable as Table
from .permissions import forbidden, organizer_view


def _referee_only(request, tournament):
    if tournament.is_referee(request.user):
        return None
    if not request.user.is_authenticated:
        return forbidden(
            request, "Sign in as a referee of this event to see its calls.", tournament
        )
    return forbidden(
        request, "Only this event's referees and organizers see its calls.", tournament
    )


def calls_page(request, tournament_id):
    """The referees' page: the open calls (live, with a sound) and the closed ones."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    refused = _referee_only(request, tournament)
    if refused:
        return refused
    context = referee_calls.panel_context(tournament)
    context.update(
        {
            "closed": referee_calls.closed_calls(tournament),
            "is_organizer": tournament.is_organizer(request.user),
        }
    )
    return render(request, "tournaments/referee_calls.html", context)


@require_POST
def call_from_table(request, tournament_id, table_pk):
    """A seated player at a scored table of the event calls the referee."""
    table = get_object_or_404(
        Table.objects.select_related("tournament", "round"),
        pk=table_pk,
        tournament_id=tournament_id,
    )
    try:
        referee_calls.call(table, request.user)
    except referee_calls.Refused as refusal:
        if not referee_calls.may_call(table, request.user):
            return forbidden(request, str(refusal), table.tournament)
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("The referee is called; they will come to your table."))
    return redirect("tournaments:score", tournament_id, table.pk)


def _act(request, tournament_id, call_id, action):
    made = get_object_or_404(
        RefereeCall.objects.select_related("tournament", "table"),
        pk=call_id,
        tournament_id=tournament_id,
    )
    refused = _referee_only(request, made.tournament)
    if refused:
        return refused
    try:
        action(made)
    except referee_calls.Refused as refusal:
        messages.error(request, str(refusal))
    return redirect("tournaments:referee_calls", tournament_id)


@require_POST
def call_take(request, tournament_id, call_id):
    def take(made):
        referee_calls.take(made, request.user)
        messages.success(
            request,
            _("You take the call to %(table)s.") % {"table": referee_calls.table_label(made.table)},
        )

    return _act(request, tournament_id, call_id, take)


@require_POST
def call_close(request, tournament_id, call_id):
    def close(made):
        referee_calls.close(made, request.user, request.POST.get("note", ""))
        messages.success(request, _("The call is closed; your note is in the table's log."))

    return _act(request, tournament_id, call_id, close)


@require_POST
@organizer_view
def projector_switch(request, tournament):
    tournament.projector_calls = request.POST.get("projector_calls") == "on"
    tournament.save(update_fields=["projector_calls"])
    referee_calls.broadcast(tournament.pk, corner=True)
    if tournament.projector_calls:
        messages.success(request, _("The projector shows the referee calls."))
    else:
        messages.success(request, _("The projector no longer shows the referee calls."))
    return redirect("tournaments:referee_calls", tournament.pk)
