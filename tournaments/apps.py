from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from tables.signals import game_finished, game_starting

        from . import broadcast  # noqa: F401  (connects the live standings to standings_changed)
        from .receivers import on_game_finished, on_game_starting

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.game_finished")
        game_starting.connect(on_game_starting, dispatch_uid="tournaments.game_starting")
