from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from history import in_person
        from tables.signals import game_finished, game_starting, referee_asked, referee_called

        from . import broadcast  # noqa: F401  (connects the live standings to standings_changed)
        from .in_person_games import confirmed_games
        from .receivers import (
            on_game_finished,
            on_game_starting,
            on_referee_asked,
            on_referee_called,
        )

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.game_finished")
        game_starting.connect(on_game_starting, dispatch_uid="tournaments.game_starting")
        referee_asked.connect(on_referee_asked, dispatch_uid="tournaments.referee_asked")
        referee_called.connect(on_referee_called, dispatch_uid="tournaments.referee_called")
        # confirmed games at real tables count in the club rating and in-person stats
        in_person.register("tournaments", confirmed_games)
        # a result waiting for agreement shows on the profile of every member it names
        from .agreement import open_results_for_history

        in_person.register_waiting("tournaments", open_results_for_history)
