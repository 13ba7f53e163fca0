"""The rows behind people registered by name and self-registration (models of the
tournaments app, imported by :mod:`tournaments.models`).

A person registered by name is a :class:`players.models.Player` of its own (see
:mod:`tournaments.people`): ``is_placeholder`` set, no usable password, a username
starting with ``players.names.NAMED_PREFIX``. So they are seated, scored and ranked
like members with no special case anywhere. A :class:`TakeoverRequest` is a member's
"this is me" waiting for an organizer; a :class:`WaitingPlace` is a member on a full
event's waiting list.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class TakeoverRequest(models.Model):
    """A member asks to take over the record of a person registered by name at an
    event; the event's organizers confirm it (or the person confirms by e-mail)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="takeover_requests"
    )
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="takeover_requests"
    )
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="takeovers_asked"
    )
    requested_at = models.DateTimeField()

    class Meta:
        ordering = ["requested_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["person", "member"], name="one_takeover_request")
        ]

    def __str__(self) -> str:
        return f"{self.member} asks to be {self.person}"


class WaitingPlace(models.Model):
    """A member who registered themselves for a full event, in the order they came."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="waiting_list"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waiting_places"
    )
    team = models.CharField(max_length=60, blank=True)
    joined = models.DateTimeField()

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_waiting_place")
        ]

    def __str__(self) -> str:
        return f"{self.player} waiting for {self.tournament}"
