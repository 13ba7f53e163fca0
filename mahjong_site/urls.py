from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("tables.urls")),
    path("rules/", include("rules.urls")),
    path("api/", include("rules.api_urls")),
    path("players/", include("players.urls")),
    path("players/", include("tables.history_urls")),
    path("tournaments/", include("tournaments.urls")),
    path("admin/", admin.site.urls),
]
