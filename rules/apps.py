from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _sync_presets(sender, **kwargs) -> None:
    """After every ``migrate``: presets the engine gained since the last one get a row."""
    from django.db import connections

    from rules.models import Ruleset
    from rules.stored_presets import sync_presets

    connection = connections[kwargs.get("using", "default")]
    if Ruleset._meta.db_table not in connection.introspection.table_names():
        return  # migrated back below the rules app's first migration
    sync_presets(Ruleset)


class RulesConfig(AppConfig):
    name = "rules"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rules import url_ids

        url_ids.register()  # <id:...> in every URLconf
        post_migrate.connect(_sync_presets, sender=self)
