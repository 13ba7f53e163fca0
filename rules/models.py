"""A club's stored rulesets: a preset key plus setting overrides, validated by the engine."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from rules.engine import DEFAULT_PRESET, PRESETS, InvalidRuleset, ruleset_from_dict
from rules.engine import Ruleset as rulesets_Ruleset
from rules.engine import preset as presets_preset


class Ruleset(models.Model):
    name = models.CharField(max_length=80, unique=True)
    preset = models.CharField(
        max_length=20,
        choices=[(key, p.name) for key, p in PRESETS.items()],
        default=DEFAULT_PRESET,
    )
    settings = models.JSONField(
        default=dict, blank=True, help_text="Settings that differ from the preset, as JSON."
    )
    is_default = models.BooleanField(default=False, help_text="The club's default ruleset.")
    # An earlier version kept for the games that were played by it: an edit of a ruleset
    # that tables used makes a new ruleset and keeps this one unchanged, out of the lobby.
    retired = models.BooleanField(
        default=False, help_text="Kept for the games played by it; not offered for new tables."
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        # Refuse invalid settings even from code paths that skip full_clean().
        self.engine_ruleset()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        try:
            self.engine_ruleset()
        except InvalidRuleset as exc:
            raise ValidationError({"settings": exc.message}) from exc

    def engine_ruleset(self) -> rulesets_Ruleset:
        return ruleset_from_dict(self.settings or {}, base=presets_preset(self.preset))

    @classmethod
    def offered(cls) -> "models.QuerySet[Ruleset]":
        """The rulesets a new table or event may choose (earlier versions are not)."""
        return cls.objects.filter(retired=False)

    @classmethod
    def club_default(cls) -> "Ruleset":
        found = cls.objects.filter(is_default=True, retired=False).first()
        if found:
            return found
        obj, _ = cls.objects.get_or_create(
            name=PRESETS[DEFAULT_PRESET].name,
            defaults={"preset": DEFAULT_PRESET, "is_default": True},
        )
        return obj


class PracticeAnswer(models.Model):
    """A member's first answer to one practice problem (``rules.practice``).

    The problem is named by its day and id; the answer and whether the engine agreed
    are kept, so a member's score is a count of rows. The first answer counts: a
    second try is shown but not stored.
    """

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_answers"
    )
    day = models.DateField()
    problem = models.CharField(max_length=8)
    choice = models.CharField(max_length=4)
    correct = models.BooleanField()
    answered = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "day", "problem"], name="one_practice_answer_per_problem"
            )
        ]
        ordering = ["-day", "problem"]

    def __str__(self) -> str:
        return f"{self.player} {self.day} {self.problem}: {self.choice}"
