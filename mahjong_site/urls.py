from django.contrib import admin
from django.urls import include, path

from players import views as players_views

urlpatterns = [
    path("", include("tables.urls")),
    path("rules/", include("rules.urls")),
    path("api/", include("rules.api_urls")),
    path("players/", include("players.urls")),
    path("players/", include("history.urls")),
    path("tournaments/", include("tournaments.urls")),
    # Before the admin's own URLs: its sign-in form is throttled (players.throttle).
    path("admin/login/", players_views.admin_signin, name="admin_signin"),
    path("admin/", admin.site.urls),
]
