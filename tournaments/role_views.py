"""Roles: club admins name organizers; an event's organizers add and remove its other
organizers and its referees, and close it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from .forms import OrganizerForm
from .permissions import ORGANIZERS, forbidden, is_club_admin, organizer_view


def organizers(request):
    """A club admin ticks the members who may create and run events."""
    if not is_club_admin(request.user):
        return forbidden(request, "Only a club admin can name organizers.")
    group, _created = Group.objects.get_or_create(name=ORGANIZERS)
    members = get_user_model().objects.filter(is_bot=False, is_active=True).order_by("username")
    if request.method == "POST":
        chosen = set(request.POST.getlist("organizer"))
        picked = [m for m in members if str(m.pk) in chosen]
        group.user_set.set(picked)
        messages.success(
            request,
            _("%(count)s member(s) can now create and run events.") % {"count": len(picked)},
        )
        return redirect("tournaments:organizers")
    current = set(group.user_set.values_list("pk", flat=True))
    rows = [{"member": m, "on": m.pk in current} for m in members]
    return render(request, "tournaments/organizers.html", {"rows": rows})


def _member(request, tournament, field="player"):
    name = request.POST.get(field, "").strip()
    # PostgreSQL cannot compare with a NUL (a 500): no member's name holds one anyway
    found = get_user_model().objects.filter(username__iexact=name, is_bot=False)
    user = None if "\x00" in name else found.first()
    if user is None:
        messages.error(request, _("No member is called %(name)s.") % {"name": repr(name)})
    return user


@require_POST
@organizer_view
def organizer_add(request, tournament):
    form = OrganizerForm(request.POST)
    if form.is_valid():
        player = form.cleaned_data["player"]
        tournament.organizers.add(player)
        messages.success(request, _("%(name)s can now run this event.") % {"name": player.name})
    else:
        messages.error(request, form.errors["player"][0])
    return redirect(tournament)


@require_POST
@organizer_view
def organizer_remove(request, tournament, player_id):
    return _take_role(request, tournament, tournament.organizers, player_id, "runs")


@require_POST
@organizer_view
def referee_add(request, tournament):
    user = _member(request, tournament)
    if user is not None:
        tournament.referees.add(user)
        messages.success(request, _("%(name)s referees this event.") % {"name": user.name})
    return redirect(tournament)


@require_POST
@organizer_view
def referee_remove(request, tournament, player_id):
    return _take_role(request, tournament, tournament.referees, player_id, "referees")


def _take_role(request, tournament, holders, player_id, verb: str):
    """Take a role (``holders``: the event's organizers or referees) from a member;
    a number that is nobody's in that role changes nothing and says so."""
    player = holders.filter(pk=player_id).first()  # any number: none or one
    if player is None:
        refusal = {
            "runs": _("That member does not run this event; nothing was changed."),
            "referees": _("That member does not referee this event; nothing was changed."),
        }[verb]
        messages.error(request, refusal)
    else:
        holders.remove(player)
        said = {
            "runs": _("%(name)s no longer runs this event."),
            "referees": _("%(name)s no longer referees this event."),
        }[verb]
        messages.success(request, said % {"name": player.name})
    return redirect(tournament)


@require_POST
@organizer_view
def close_event(request, tournament):
    """Close (or reopen) the event: a closed event takes no more hands or results."""
    if tournament.closed:
        tournament.closed = None
        messages.success(request, _("The event is open again."))
    else:
        tournament.closed = timezone.now()
        tournament.registration_open = False
        if tournament.hide_last_rounds:  # closing reveals a hidden finish, for good
            tournament.revealed = tournament.revealed or tournament.closed
        messages.success(request, _("The event is closed; its standings are final."))
    tournament.save(update_fields=["closed", "registration_open", "revealed"])
    return redirect(tournament)


@require_POST
@organizer_view
def entries_bulk(request, tournament):
    """Register many players at once: pasted lines and ticked members. A line names a
    member (username or display name) or else a person registered by name ("Name" or
    "Name, e-mail"; see tournaments.people); a line refused stays in the box."""
    from django.db.models import Q

    from . import people
    from .models import Registration
    from .views import detail_page, records_changed

    lines = [n.strip() for n in request.POST.get("names", "").splitlines() if n.strip()][:200]
    ticked = request.POST.getlist("members")[:200]
    members = get_user_model().objects.filter(is_bot=False, is_active=True, is_placeholder=False)
    found, by_name = [], []
    for line in lines:
        name, email = people.split_line(line)
        same = members.filter(Q(username__iexact=name) | Q(display_name__iexact=name))
        user = None if "\x00" in name else same.first()  # no name holds a NUL
        (found.append(user) if user and not email else by_name.append((line, name, email)))
    found.extend(members.filter(pk__in=[t for t in ticked if t.isdigit()]))
    added = already = 0
    for user in dict.fromkeys(found):
        entry, created = Registration.objects.get_or_create(tournament=tournament, player=user)
        if not created and entry.withdrawn:
            entry.withdrawn = entry.refused = None
            entry.save(update_fields=["withdrawn", "refused"])
            created = True  # back in the field
        added += created
        already += not created
    refused = []
    for line, name, email in by_name:
        try:
            people.register_by_name(tournament, name, email=email)
            added += 1
        except people.Refused as refusal:
            refused.append((line, str(refusal)))
    if added:
        messages.success(request, _("%(count)s player(s) registered.") % {"count": added})
    if already:
        messages.info(request, _("%(count)s of them already in the field.") % {"count": already})
    records_changed(tournament)
    if refused:  # their lines stay in the box, to be corrected and sent again
        for _line, why in refused[:20]:
            messages.error(request, why)
        return detail_page(request, tournament, unmatched="\n".join(line for line, _why in refused))
    return redirect(tournament)
