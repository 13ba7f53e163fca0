"""An organizer's pages for the club's rulesets: the list, a new one from a preset, an
edit (see :mod:`tournaments.club_rulesets` for what an edit keeps)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rules.engine import PRESETS
from rules.models import Ruleset

from . import club_rulesets
from .permissions import forbidden, may_create_events


def _refused(request):
    if may_create_events(request.user):
        return None
    return forbidden(request, "Only organizers can make or change the club's rulesets.")


def rulesets_list(request):
    refused = _refused(request)
    if refused:
        return refused
    return render(
        request,
        "tournaments/club_rulesets.html",
        {
            "current": Ruleset.offered(),
            "earlier": Ruleset.objects.filter(retired=True),
            "presets": PRESETS.values(),
        },
    )


def ruleset_new(request):
    refused = _refused(request)
    if refused:
        return refused
    return _form_page(request, None)


def ruleset_edit(request, pk):
    refused = _refused(request)
    if refused:
        return refused
    stored = Ruleset.objects.filter(pk=pk).first()
    if stored is None:
        raise Http404("No such ruleset")
    if stored.retired:
        messages.error(
            request,
            _("An earlier version stays as the games played by it had it: edit the current one."),
        )
        return redirect("tournaments:club_rulesets")
    return _form_page(request, stored)


def _form_page(request, stored):
    data = request.POST if request.method == "POST" else None
    form = club_rulesets.ClubRulesetForm(
        data, stored=stored, preset_key=request.GET.get("preset", "")
    )
    what = request.POST.get("do", "preview")
    preview = None
    if data is not None and what != "preset" and form.is_valid():
        if what == "save":
            used = stored is not None and club_rulesets.used_by_games(stored)
            saved = club_rulesets.save(form)
            if used:
                messages.success(
                    request,
                    _(
                        "“%(name)s” is saved. Games were played by the earlier rules: they "
                        "keep them, as an earlier version."
                    )
                    % {"name": saved.name},
                )
            else:
                messages.success(
                    request, _("“%(name)s” is saved; the lobby offers it.") % {"name": saved.name}
                )
            return redirect(reverse("rules:ruleset_stored", args=[saved.pk]))
        preview = form.preview()
    return render(
        request,
        "tournaments/club_ruleset_form.html",
        {
            "form": form,
            "stored": stored,
            "preview": preview,
            "base": PRESETS[form.preset_key],
            "used": stored is not None and club_rulesets.used_by_games(stored),
        },
    )
