"""Stored settings of a tournament's final stage.

A *stage* is one cut: after round ``after_round`` the top ``advance`` players by
the standings play ``rounds`` more rounds among themselves (see
:mod:`tournaments.stages`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Stage(models.Model):
    CARRY, HALVE, RESET = "carry", "halve", "reset"
    SCORE_RULES = [
        (CARRY, _("Carried: the final starts from each player's total")),
        (HALVE, _("Halved: the final starts from half of each player's total")),
        (RESET, _("Reset: the final starts from zero")),
    ]
    BY_PLACE, DRAW = "by_place", "draw"
    SEATING_RULES = [
        (BY_PLACE, _("By place: table 1 seats 1st to 4th, 1st East, 2nd South…")),
        (DRAW, _("Drawn at random among the players who go on")),
    ]
    AVERAGE_PLACE, FIRSTS, LAST_ROUND = "average_place", "firsts", "last_round"
    TIE_RULES = [
        (AVERAGE_PLACE, _("Better average placement, then name")),
        (FIRSTS, _("More first places, then more second places, then name")),
        (LAST_ROUND, _("More points in the round before the cut, then name")),
    ]

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="stage"
    )
    after_round = models.PositiveSmallIntegerField(verbose_name=_("Cut after round"))
    advance = models.PositiveSmallIntegerField(
        verbose_name=_("Players who go on"),
        help_text=_("The top players by the standings: 4, 8, 12…"),
    )
    rounds = models.PositiveSmallIntegerField(verbose_name=_("Rounds of the final stage"))
    scores = models.CharField(max_length=10, choices=SCORE_RULES, default=CARRY)
    seating = models.CharField(max_length=10, choices=SEATING_RULES, default=BY_PLACE)
    ties = models.CharField(
        max_length=16, choices=TIE_RULES, default=AVERAGE_PLACE, verbose_name=_("Ties at the cut")
    )
    # the cut, once made: who went on (in order) and everybody's place at the cut
    cut_at = models.DateTimeField(null=True, blank=True)
    cut_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    qualified = models.JSONField(default=list, blank=True)
    places = models.JSONField(default=dict, blank=True, help_text="Player id -> place at the cut.")

    def __str__(self) -> str:
        return f"top {self.advance} after round {self.after_round} of {self.tournament}"

    @property
    def is_cut(self) -> bool:
        return self.cut_at is not None
