"""WebSocket routes of every app, gathered in one list for asgi.py."""

from tables.routing import websocket_urlpatterns as tables_ws
from tournaments.routing import websocket_urlpatterns as tournaments_ws

websocket_urlpatterns = [*tables_ws, *tournaments_ws]
