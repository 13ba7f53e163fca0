"""History under /players/ (included after players.urls, whose fixed paths such as
signup/ must win over the <username> pattern).

Game pages live at ``games/<id>/...``: two path segments, so they never collide
with a profile (``<username>/``) whatever a member is called.
"""

from django.urls import path

from . import review_views, views

app_name = "history"

urlpatterns = [
    path("", views.ranking, name="ranking"),
    path("games/import/", views.import_logs, name="import"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/tenhou6.json", views.export_tenhou, name="export_tenhou"),
    path("games/<int:pk>/game.json", views.export_json, name="export_json"),
    path("games/<int:pk>/hands/<int:hand>/", views.replay, name="replay"),
    path("games/<int:pk>/review/<int:seat>/", review_views.review_page, name="review"),
    path("<str:username>/", views.profile, name="profile"),
]
