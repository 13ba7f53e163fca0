"""WebSocket routes of every app, gathered in one list for asgi.py.

The last route takes every other path (an unknown one, or a number longer than any
id): the handshake is refused cleanly instead of the router raising "No route found"
inside the server, as an unknown page is a 404 rather than a 500.
"""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

from tables.routing import websocket_urlpatterns as tables_ws
from tournaments.routing import websocket_urlpatterns as tournaments_ws


class NoSuchSocket(AsyncWebsocketConsumer):
    """Refuses the handshake (the browser sees the socket closed at once)."""

    async def connect(self) -> None:
        await self.close()


websocket_urlpatterns = [*tables_ws, *tournaments_ws, re_path(r"", NoSuchSocket.as_asgi())]
