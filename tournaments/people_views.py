"""Pages and actions for people registered by name, their takeover by a member, and
the organizers' side of self-registration (refusing, the waiting list)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from . import people, self_registration, signals
from .models import Registration, TakeoverRequest, Tournament
from .permissions import organizer_view


def detail_context(request, tournament, entries) -> dict:
    """What the event page shows about people registered by name and self-registration."""
    user = request.user
    organizer = tournament.is_organizer(user)
    waiting = list(tournament.waiting_list.select_related("player"))
    asked = set()
    if user.is_authenticated:
        asked = set(TakeoverRequest.objects.filter(member=user).values_list("person_id", flat=True))
    return {
        "named_ids": {e.player_id for e in entries if people.is_named(e.player)},
        "asked_ids": asked,
        "may_claim": user.is_authenticated and not user.is_placeholder and not user.is_bot,
        "waiting_list": waiting,
        "own_waiting": next((w for w in waiting if w.player_id == user.pk), None),
        "registration_closed": self_registration.closed_reason(tournament, timezone.now()),
        "field_full": self_registration.is_full(tournament),
        "takeover_requests": (
            tournament.takeover_requests.select_related("person", "member") if organizer else []
        ),
    }


@require_POST
@organizer_view
def person_add(request, tournament):
    """Register a person without an account by name (an e-mail address optional)."""
    post = request.POST
    try:
        entry = people.register_by_name(
            tournament,
            post.get("name", ""),
            email=post.get("email", ""),
            team=post.get("team", ""),
            substitute=bool(post.get("substitute")),
        )
    except people.Refused as refusal:
        messages.error(request, str(refusal))
        return redirect(tournament.get_absolute_url() + "#players")
    messages.success(request, _("%(name)s is registered by name.") % {"name": entry.player.name})
    _changed(tournament)
    return redirect(tournament.get_absolute_url() + "#players")


def _changed(tournament):
    """The event's records changed: its standings are worked out again (as
    views.records_changed does)."""
    signals.results_changed(tournament.pk)


@login_required
@require_POST
def takeover_ask(request, tournament_id, player_id):
    """A member says "this is me" about a person registered by name."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    person = get_object_or_404(get_user_model(), pk=player_id)

    def link_for(token):
        return request.build_absolute_uri(reverse("tournaments:takeover_confirm", args=[token]))

    try:
        said = people.ask(tournament, person, request.user, link_for)
    except people.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, said)
    return redirect(tournament.get_absolute_url() + "#players")


@login_required
def takeover_confirm(request, token):
    """The signed link from the mail: shows whose record it is; confirming moves it."""
    try:
        person = people.read_token(token, request.user)
    except people.Refused as refusal:
        return render(request, "tournaments/takeover.html", {"refusal": str(refusal)}, status=400)
    if request.method == "POST":
        try:
            people.take_over(person, request.user)
        except people.Refused as refusal:
            return render(
                request, "tournaments/takeover.html", {"refusal": str(refusal)}, status=400
            )
        messages.success(
            request, _("The results of %(name)s are yours now.") % {"name": person.name}
        )
        return redirect(request.user.get_absolute_url())
    entries = Registration.objects.filter(player=person).select_related("tournament")
    names = ", ".join(e.tournament.name for e in entries)
    context = {"person": person, "entries": entries, "event_names": names}
    return render(request, "tournaments/takeover.html", context)


@require_POST
@organizer_view
def person_link(request, tournament, player_id):
    """An organizer confirms that a member is a person registered by name."""
    person = get_object_or_404(get_user_model(), pk=player_id)
    username = request.POST.get("member", "").strip()
    member = None
    if "\x00" not in username:
        member = get_user_model().objects.filter(username__iexact=username).first()
    if member is None:
        messages.error(
            request,
            _("No member is called %(name)s; nothing was changed.") % {"name": repr(username)},
        )
        return redirect(tournament.get_absolute_url() + "#players")
    try:
        people.link(tournament, person, member)
    except people.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            _("%(member)s took over the record of %(person)s.")
            % {"member": member.name, "person": person.name},
        )
        _changed(tournament)
    return redirect(tournament.get_absolute_url() + "#players")


@require_POST
@organizer_view
def entry_refuse(request, tournament, entry_id):
    """An organizer refuses a member who registered themselves."""
    entry = get_object_or_404(Registration, pk=entry_id, tournament=tournament)
    try:
        said = self_registration.refuse(tournament, entry, timezone.now())
    except people.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, said)
        _changed(tournament)
    return redirect(tournament.get_absolute_url() + "#players")
