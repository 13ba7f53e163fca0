"""The "Stages and finish" page of an event: its final stage, the cut, the hidden
finish and its reveal (organizers only)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from . import hidden_finish, stages
from .models import Tournament
from .permissions import organizer_view


class HiddenFinishForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["hide_last_rounds"]
        labels = {"hide_last_rounds": _("Hide the standings for the last rounds")}
        help_texts = {
            "hide_last_rounds": _(
                "0: never hidden. Players and the projector see the standings "
                "before these rounds until the reveal; organizers see everything."
            )
        }

    def clean_hide_last_rounds(self):
        hide = self.cleaned_data.get("hide_last_rounds") or 0
        if hide >= self.instance.rounds:
            raise forms.ValidationError(
                _("The event has %(rounds)s rounds: hide fewer than that.")
                % {"rounds": self.instance.rounds}
            )
        return hide


def _url(tournament) -> str:
    return reverse("tournaments:stages", args=[tournament.pk])


def _page(request, tournament, stage_form=None, hidden_form=None, status=200):
    stage = stages.stage_of(tournament)
    context = {
        "tournament": tournament,
        "stage": stage,
        "stage_text": stages.describe(stage),
        "stage_form": stage_form or stages.StageForm(instance=stage, tournament=tournament),
        "hidden_form": hidden_form or HiddenFinishForm(instance=tournament),
        "hidden_now": hidden_finish.last_shown_round(tournament),
        "field_size": stages.field_size(tournament),
    }
    if stage and stage.is_cut:
        places = {int(p): n for p, n in stage.places.items()}
        names = {e.player_id: e.player.name for e in tournament.entries.select_related("player")}
        context["cut_rows"] = [
            {"place": n, "name": names.get(p, str(p)), "goes_on": p in stage.qualified}
            for p, n in sorted(places.items(), key=lambda x: x[1])
        ]
    return render(request, "tournaments/stages.html", context, status=status)


@organizer_view
def stage_settings(request, tournament):
    if request.method != "POST":
        return _page(request, tournament)
    if tournament.is_league:
        messages.error(request, _("A league has no rounds and so no final stage."))
        return redirect(tournament)
    if request.POST.get("form") == "hidden":
        form = HiddenFinishForm(request.POST, instance=tournament)
        if not form.is_valid():
            return _page(request, tournament, hidden_form=form, status=400)
        form.save()
        messages.success(request, _("The hidden finish is saved."))
        return redirect(_url(tournament))
    stage = stages.stage_of(tournament)
    form = stages.StageForm(request.POST, instance=stage, tournament=tournament)
    if not form.is_valid():
        return _page(request, tournament, stage_form=form, status=400)
    form.save()
    messages.success(
        request,
        _("The final stage is saved: the event now has %(rounds)s rounds.")
        % {"rounds": tournament.rounds},
    )
    return redirect(_url(tournament))


@require_POST
@organizer_view
def stage_remove(request, tournament):
    stage = stages.stage_of(tournament)
    if stage is None:
        messages.error(request, _("This event has no final stage."))
    elif stage.is_cut:
        messages.error(request, _("The cut is made: the stage can no longer be removed."))
    else:
        stage.delete()
        messages.success(request, _("The final stage is removed."))
    return redirect(_url(tournament))


@require_POST
@organizer_view
def stage_cut(request, tournament):
    try:
        stage = stages.cut(tournament, request.user)
    except stages.Refused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("The cut is made: %(count)s players go on to the final.")
            % {"count": len(stage.qualified)},
        )
    return redirect(_url(tournament))


@require_POST
@organizer_view
def standings_reveal(request, tournament):
    try:
        hidden_finish.reveal(tournament, request.user)
    except hidden_finish.Refused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The standings are revealed to everyone."))
    return redirect("tournaments:standings", tournament.pk)
