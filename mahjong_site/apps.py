from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, for its start-up checks (``startup``)."""

    name = "mahjong_site"
    label = "mahjong_site"

    def ready(self):
        from . import startup  # noqa: F401  (registers the deploy check)
