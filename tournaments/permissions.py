"""Who may change what: organizers change their event, staff create events.

A refusal is a 403 page that says what the visitor would need, never a bare error.
"""

from __future__ import annotations

from django.shortcuts import render


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


def refuse_unless_staff(request):
    """None for club staff (who may create events), else the 403 response."""
    user = request.user
    if user.is_authenticated and (user.is_staff or user.is_superuser):
        return None
    return forbidden(request, "Only club staff can create tournaments and leagues.")
