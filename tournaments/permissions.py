"""Who may change what: organizers change their event, staff create events.

A refusal is a 403 page that says what the visitor would need, never a bare error.
"""

from __future__ import annotations

from functools import wraps

from django.shortcuts import get_object_or_404, render

from .models import Tournament


def forbidden(request, message: str, tournament=None):
    return render(
        request,
        "tournaments/forbidden.html",
        {"message": message, "tournament": tournament},
        status=403,
    )


def refuse_unless_organizer(request, tournament):
    """None when the visitor organizes ``tournament``, else the 403 response."""
    if tournament.is_organizer(request.user):
        return None
    if not request.user.is_authenticated:
        return forbidden(request, "Sign in as an organizer of this event to change it.", tournament)
    return forbidden(
        request,
        "Only this event's organizers can change it. Ask its creator to add you as staff.",
        tournament,
    )


def organizer_view(view):
    """A view of one event that only its organizers may use.

    The one access check of the organizers' pages: the event is looked up from the
    URL's ``tournament_id`` (404 when there is none), anyone else gets the 403 page,
    and the view is called with the event in place of its id.
    """

    @wraps(view)
    def guarded(request, tournament_id, *args, **kwargs):
        tournament = get_object_or_404(Tournament, pk=tournament_id)
        refused = refuse_unless_organizer(request, tournament)
        if refused:
            return refused
        return view(request, tournament, *args, **kwargs)

    return guarded


ORGANIZERS = "Organizers"  # the group a club admin puts members in (made by a migration)


def is_club_admin(user) -> bool:
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


def may_create_events(user) -> bool:
    """Club admins, and members a club admin made organizers (no ``is_staff`` needed)."""
    if is_club_admin(user):
        return True
    return bool(user.is_authenticated and user.groups.filter(name=ORGANIZERS).exists())


def refuse_unless_staff(request):
    """None for club admins and organizers (who may create events), else the 403 response."""
    if may_create_events(request.user):
        return None
    return forbidden(
        request, "Only organizers can create tournaments and leagues; ask a club admin."
    )
