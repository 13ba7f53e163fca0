"""The stored call of a referee to an event's table (see tournaments.referee_calls)."""

from django.conf import settings
from django.db import models


class RefereeCall(models.Model):
    """A player called the event's referees to a table: open, taken, then closed."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="referee_calls"
    )
    table = models.ForeignKey(
        "tournaments.TournamentTable", on_delete=models.CASCADE, related_name="referee_calls"
    )
    called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    called_at = models.DateTimeField()
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        app_label = "tournaments"
        ordering = ["called_at", "pk"]

    def __str__(self) -> str:
        return f"call to table {self.table.number} at {self.called_at:%H:%M}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None
