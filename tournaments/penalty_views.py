"""An event's penalties page: every penalty given (and withdrawn), who gave it and
when, and the event's penalty presets (organizers keep them, referees use them)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from . import penalties
from .models import Tournament
from .permissions import forbidden, organizer_view


def _page(request, tournament, form=None, status=200):
    return render(
        request,
        "tournaments/penalties.html",
        {
            "tournament": tournament,
            "rows": penalties.event_list(tournament),
            "presets": tournament.penalty_presets.all(),
            "is_organizer": tournament.is_organizer(request.user),
            "form": form or penalties.PresetForm(tournament=tournament),
        },
        status=status,
    )


def penalty_list(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not tournament.is_referee(request.user):
        if not request.user.is_authenticated:
            return forbidden(
                request, "Sign in as a referee or organizer of this event.", tournament
            )
        return forbidden(
            request, "Only the event's referees and organizers see its penalties.", tournament
        )
    return _page(request, tournament)


@require_POST
@organizer_view
def preset_add(request, tournament):
    form = penalties.PresetForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _page(request, tournament, form=form, status=400)
    preset = form.save()
    messages.success(request, _("The preset %(name)s is added.") % {"name": preset.name})
    return redirect("tournaments:penalties", tournament.pk)


@require_POST
@organizer_view
def preset_remove(request, tournament, preset_id):
    preset = get_object_or_404(tournament.penalty_presets, pk=preset_id)
    preset.delete()
    messages.success(
        request, _("The preset %(name)s is removed; penalties given stay.") % {"name": preset.name}
    )
    return redirect("tournaments:penalties", tournament.pk)
