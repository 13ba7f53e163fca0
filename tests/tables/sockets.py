"""Helpers for the socket tests: connecting as someone, reading frames."""

import json
import re

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from tables.routing import websocket_urlpatterns

# The routes without the session middleware: tests put the user in the scope directly.
application = URLRouter(websocket_urlpatterns)

VERSION = re.compile(r'id="table-center"[^>]*data-version="(\d+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
TILE = re.compile(r'data-tile="(\d+):(\d+)"')
ERROR = re.compile(r'id="table-error"[^>]*data-error="([a-z_]+)"[^>]*>([^<]*)<')


async def open_socket(table_id, user=None, query=""):
    path = f"/ws/tables/{table_id}/" + (f"?{query}" if query else "")
    communicator = WebsocketCommunicator(application, path)
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def version_of(frame: str) -> int | None:
    found = VERSION.search(frame)
    return int(found.group(1)) if found else None


def actions_of(frame: str) -> list[str]:
    return ACTION.findall(frame)


def error_of(frame: str) -> tuple[str, str] | None:
    found = ERROR.search(frame)
    return (found.group(1), found.group(2)) if found else None


async def send_move(communicator, action: str, version) -> None:
    # The same shape htmx's ws-send produces (it adds the request headers too).
    await communicator.send_to(
        text_data=json.dumps({"action": action, "version": version, "HEADERS": {}})
    )


async def next_frame(communicator, timeout=5) -> str:
    return await communicator.receive_from(timeout=timeout)


async def first_frames(communicators) -> list[str]:
    """The first frame of each of the sockets just opened together: its own view, sent
    at the end of its connect, after it told the table that it is here. Read every one
    before waiting for quiet on any: until then another socket's news of its arrival may
    still be on its way, and would come after the quiet as an unexpected frame."""
    return [await next_frame(communicator) for communicator in communicators]


async def frame_at(communicator, version: int, timeout=5) -> str:
    """Read frames until one shows at least ``version``."""
    while True:
        frame = await communicator.receive_from(timeout=timeout)
        seen = version_of(frame)
        if seen is not None and seen >= version:
            return frame


async def error_reply(communicator, timeout=5) -> tuple[str, str]:
    """Read frames until the error area is filled; the code and message shown."""
    while True:
        found = error_of(await communicator.receive_from(timeout=timeout))
        if found is not None:
            return found
