from django.urls import path

from tables.socket import consumers, play_socket

websocket_urlpatterns = [
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/play/", play_socket.PlayNowConsumer.as_asgi()),
    path("ws/tables/<id:table_id>/", consumers.TableConsumer.as_asgi()),
]
