from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    default_auto_field = "django.db.models.BigAutoField"
