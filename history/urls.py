"""History under /players/ (included after players.urls, whose fixed paths such as
signup/ must win over the <username> pattern).

Game pages live at ``games/<id>/...``: two path segments, so they never collide
with a profile (``<username>/``) whatever a member is called.
"""

from django.urls import path

from . import history_views

app_name = "history"

urlpatterns = [
    path("", history_views.ranking, name="ranking"),
    path("games/import/", history_views.import_logs, name="import"),
    path("games/<int:pk>/", history_views.game_page, name="game"),
    path("games/<int:pk>/tenhou6.json", history_views.export_tenhou, name="export_tenhou"),
    path("games/<int:pk>/game.json", history_views.export_json, name="export_json"),
    path("games/<int:pk>/hands/<int:hand>/", history_views.replay, name="replay"),
    path("<str:username>/", history_views.profile, name="profile"),
]
