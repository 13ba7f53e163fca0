"""The stored game reviews: one per finished game and seat, computed once.

A review is the engine's :func:`rules.engine.study.review.review_game` of one seat, from
that seat's view only, kept as JSON (:func:`rules.engine.study.review_data.to_dict`) so
the review page, the profile's plot and the command read it without replaying the
game. While it is being computed the row says how far it has got.
"""

from __future__ import annotations

from django.db import models

from tables.models import Game


class GameReview(models.Model):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    STATUSES = [
        (PENDING, "waiting to start"),
        (RUNNING, "being computed"),
        (DONE, "ready"),
        (FAILED, "could not be computed"),
    ]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews")
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    done = models.PositiveIntegerField(default=0, help_text="Log actions gone through so far.")
    total = models.PositiveIntegerField(default=0, help_text="Log actions to go through.")
    data = models.JSONField(null=True, blank=True, help_text="The review (review_data.to_dict).")
    decisions = models.PositiveIntegerField(default=0)
    agreed = models.PositiveIntegerField(default=0)
    problem = models.CharField(max_length=300, blank=True)
    requested = models.DateTimeField()
    updated = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_review_per_game_seat")
        ]

    def __str__(self) -> str:
        return f"review of game {self.game_id}, seat {self.seat} ({self.status})"

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.decisions if self.decisions else None

    @property
    def percent_done(self) -> int:
        if self.status == self.DONE:
            return 100
        return round(100 * self.done / self.total) if self.total else 0


class ImportedGame(models.Model):
    """What an imported log adds to its game: the fingerprint that recognises the same
    game imported again (whatever its spacing or file format's layout), where it was
    played, the rules read from the log, and a chip game's chips."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="imported")
    fingerprint = models.CharField(max_length=64, unique=True)
    site = models.CharField(max_length=20, default="tenhou")
    rules_read = models.JSONField(default=list, blank=True)
    rules_assumed = models.CharField(max_length=200, blank=True)
    chips = models.JSONField(
        null=True, blank=True, help_text="A chip game's final chips, seat by seat."
    )
    hand_chips = models.JSONField(
        null=True, blank=True, help_text="A chip game's chip changes, hand by hand."
    )

    def __str__(self) -> str:
        return f"imported game {self.game_id}"
