"""Referees' penalties (models of the tournaments app, imported by
:mod:`tournaments.models`): a penalty given, one taken back (kept for the event's
penalty list), and an event's penalty presets (late, phone, noise), offered on the
penalty form with their points."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

WIND_NAMES = ("East", "South", "West", "North")


class Penalty(models.Model):
    """Points a referee takes off a player's final result at one table, with the reason.

    A chombo the referee rules after the hands (under the ruleset's penalty) or a
    penalty for conduct (slow play, a wrong procedure). It counts in the standings
    from the moment it is recorded, also while the table is in play (see
    ``records.pending_penalties``), and with the table's result once that counts; every
    penalty and its removal is in the table's correction log.
    """

    CHOMBO, CONDUCT = "chombo", "penalty"
    KINDS = [(CHOMBO, _("Chombo")), (CONDUCT, _("Penalty points"))]

    table = models.ForeignKey(
        "tournaments.TournamentTable", on_delete=models.CASCADE, related_name="penalties"
    )
    wind = models.PositiveSmallIntegerField(choices=list(enumerate(WIND_NAMES)))
    kind = models.CharField(max_length=10, choices=KINDS, default=CONDUCT)
    points = models.PositiveIntegerField(help_text=_("Taken off the final result, in points."))
    reason = models.CharField(max_length=200)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "recorded_at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} -{self.points}, {WIND_NAMES[self.wind]}: {self.reason}"


class PenaltyPreset(models.Model):
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="penalty_presets"
    )
    name = models.CharField(max_length=60)
    points = models.PositiveIntegerField(help_text=_("In points, e.g. 2000 for 2.0."))
    chombo = models.BooleanField(default=False, help_text=_("Counts as a chombo."))

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="one_preset_per_name")
        ]

    def __str__(self) -> str:
        return self.name


class WithdrawnPenalty(models.Model):
    """A penalty a referee took back: what it was and who withdrew it, when and why."""

    table = models.ForeignKey(
        "tournaments.TournamentTable", on_delete=models.CASCADE, related_name="withdrawn_penalties"
    )
    wind = models.PositiveSmallIntegerField(choices=list(enumerate(WIND_NAMES)))
    kind = models.CharField(max_length=10)
    points = models.PositiveIntegerField()
    reason = models.CharField(max_length=200)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    recorded_at = models.DateTimeField()
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    withdrawn_at = models.DateTimeField()
    withdrawn_reason = models.CharField(max_length=200)

    class Meta:
        ordering = ["recorded_at", "pk"]

    def __str__(self) -> str:
        return f"withdrawn penalty -{self.points}: {self.reason}"
