from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Under daphne the table driver starts with the server, so games in play
        # resume after a restart even before anyone opens a page.
        from tables.play.driver_process import start_with_server
        from tables.socket import sessions  # noqa: F401  (connects the sign-out receiver)

        start_with_server()
