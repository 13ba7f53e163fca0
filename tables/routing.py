from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/tables/<id:table_id>/", consumers.TableConsumer.as_asgi()),
]
