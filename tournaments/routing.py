from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/tournaments/<id:tournament_id>/", consumers.StandingsConsumer.as_asgi()),
    path("ws/tournaments/<id:tournament_id>/calls/", consumers.RefereeCallsConsumer.as_asgi()),
]
