"""The round timer's controls (organizers and referees) and its fragment (everyone)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from tables.socket.messages import StandingsUpdate, encode

from . import round_timer, scored_tables
from .broadcast import group_name, log
from .models import Round
from .permissions import forbidden

ACTIONS = {"start": round_timer.start, "pause": round_timer.pause}


def _round(tournament_id: int, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number
    )


def timer_context(owner, now=None) -> dict:
    """The timer fragment's context: a round's timer, or a casual table's own."""
    if isinstance(owner, Round):
        url = reverse("tournaments:timer", args=[owner.tournament_id, owner.number])
    else:
        url = reverse("tournaments:score_timer", args=[0, owner.pk])
    return {
        "timer_owner": owner,
        "timer_url": url,
        "timer": round_timer.view(
            owner,
            now or timezone.now(),
            done=round_timer.started(owner) and scored_tables.all_finished(owner),
        ),
    }


def _send(round_) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    html = render_to_string("tournaments/_round_timer.html", {**timer_context(round_), "oob": True})
    try:
        async_to_sync(layer.group_send)(
            group_name(round_.tournament_id), encode(StandingsUpdate(html))
        )
    except Exception:  # a full or unreachable layer must not undo the change
        log.exception("could not broadcast the timer of round %s", round_.pk)


@require_POST
def timer_action(request, tournament_id, number):
    round_ = _round(tournament_id, number)
    if not round_.tournament.is_referee(request.user):
        return forbidden(
            request, "Only the event's organizers and referees run the timer.", round_.tournament
        )
    action = request.POST.get("action", "")
    if action == "extend":
        round_timer.extend(round_)
    elif action in ACTIONS:
        ACTIONS[action](round_)
    else:
        messages.error(request, _("Choose start, pause or extend."))
        return redirect(round_)
    transaction.on_commit(lambda: _send(round_))
    return redirect(round_)


def timer_fragment(request, tournament_id, number):
    round_ = _round(tournament_id, number)
    return render(request, "tournaments/_round_timer.html", timer_context(round_))
