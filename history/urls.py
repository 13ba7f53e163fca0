"""History under /players/ (included after players.urls, whose fixed paths such as
signup/ must win over the <username> pattern).

Game pages live at ``games/<id>/...``: two path segments, so they never collide
with a profile (``<username>/``) whatever a member is called.
"""

from django.urls import path

from . import game_views, import_views, player_views, review_views

app_name = "history"

urlpatterns = [
    path("", player_views.ranking, name="ranking"),
    path("games/import/", import_views.import_logs, name="import"),
    path("games/<id:pk>/", game_views.game_page, name="game"),
    path("games/<id:pk>/tenhou6.json", game_views.export_tenhou, name="export_tenhou"),
    path("games/<id:pk>/game.json", game_views.export_json, name="export_json"),
    path("games/<id:pk>/hands/<id:hand>/", game_views.replay, name="replay"),
    path("games/<id:pk>/review/<id:seat>/", review_views.review_page, name="review"),
    path("<str:username>/", player_views.profile, name="profile"),
]
