"""Socket paths that match no route are refused at the handshake, not an error inside
the server (Channels' router raises "No route found" when nothing matches)."""

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from mahjong_site.routing import NoSuchSocket, websocket_urlpatterns

application = URLRouter(websocket_urlpatterns)

# Channels closes the old database connections of its worker thread on every message;
# an earlier test of the same process may have left that thread a connection, which
# pytest-django then refuses to look at: the database is allowed, never used.
pytestmark = pytest.mark.django_db


async def handshake(path: str):
    socket = WebsocketCommunicator(application, path)
    socket.scope["user"] = AnonymousUser()
    connected, _ = await socket.connect()
    await socket.disconnect()
    return connected


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "path",
    [
        "/ws/tables/99999999999999999999999/",  # longer than any id
        "/ws/tournaments/99999999999999999999999/",
        "/ws/tables/abc/",
        "/ws/nowhere/",
        "/ws/tables/1/extra/",
    ],
)
async def test_a_socket_path_that_matches_no_route_is_refused_at_the_handshake(path):
    assert await handshake(path) is False


def test_the_refusing_route_comes_last_so_every_real_route_still_matches():
    last = websocket_urlpatterns[-1]
    assert last.callback.consumer_class is NoSuchSocket
    assert all(
        getattr(p.callback, "consumer_class", None) is not NoSuchSocket
        for p in websocket_urlpatterns[:-1]
    )
