"""The club's members (and its bots) as one custom user model."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse


class Player(AbstractUser):
    """A member of the club. Bots are players too, so histories need no special case,
    but ``is_bot`` keeps them out of the human ranking."""

    display_name = models.CharField(max_length=60, blank=True)
    is_bot = models.BooleanField(default=False)
    is_placeholder = models.BooleanField(
        default=False, help_text="Created by a log import; nobody signs in as it."
    )

    class Meta:
        ordering = ["username"]

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def name(self) -> str:
        return self.display_name or self.username

    def get_absolute_url(self) -> str:
        return reverse("history:profile", args=[self.username])
