from django.urls import path

from . import play_views, referee_views, table_sheet_views, views

app_name = "tables"

urlpatterns = [
    path("", views.lobby_page, name="lobby"),
    path("lobby/tables/", views.lobby_tables, name="lobby_tables"),
    path("tables/new/", views.create, name="create"),
    path("tables/<id:pk>/", views.table_page, name="table"),
    path("tables/<id:pk>/seats/", views.seat_action, name="seat_action"),
    path("tables/<id:pk>/act/", views.act, name="act"),
    path("tables/<id:pk>/again/", views.play_again, name="again"),
    path("tables/<id:pk>/rules/", table_sheet_views.table_rules, name="rules"),
    path("tables/<id:pk>/referee/", referee_views.referee_page, name="referee"),
    path("tables/<id:pk>/call-referee/", referee_views.call_referee, name="call_referee"),
    path("tables/sounds/", views.sounds, name="sounds"),
    path("play/invite/", play_views.invite, name="invite"),
    path("play/invitations/<id:pk>/", play_views.invitation, name="invitation"),
    path("tables/<id:pk>/fill/", play_views.fill_with_bots, name="fill_with_bots"),
]
