from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_bots(sender, **kwargs) -> None:
    """After every ``migrate`` (and every flush, which Django follows with the same
    signal): the bot players exist, as the rule presets do after ``rules`` syncs them."""
    from django.db import connections

    from players.bots import ensure_bots
    from players.models import Player

    connection = connections[kwargs.get("using", "default")]
    if Player._meta.db_table not in connection.introspection.table_names():
        return  # migrated back below the players app's first migration
    ensure_bots(Player)


class PlayersConfig(AppConfig):
    name = "players"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_ensure_bots, sender=self)
