from django.apps import AppConfig


class DevtoolsConfig(AppConfig):
    name = "devtools"
    default_auto_field = "django.db.models.BigAutoField"
