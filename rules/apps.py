from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_presets(sender, **kwargs) -> None:
    """After every ``migrate``: presets the engine gained since the last one get a row."""
    from rules.models import Ruleset
    from rules.stored_presets import sync_presets

    sync_presets(Ruleset)


class RulesConfig(AppConfig):
    name = "rules"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_sync_presets, sender=self)
