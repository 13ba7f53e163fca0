"""Helpers for the socket tests: connecting as someone, reading frames."""

import asyncio
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
SEAT_PLATE = re.compile(r'id="seat-area-(\d)".*?<span class="score">', re.S)
AWAY = 'class="badge away"'

# How long a test waits for a frame that must come: only a test that really fails
# waits this long (a frame that is in returns at once), so it can be generous.
DEADLINE = 15.0


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


async def next_frame(communicator, timeout=DEADLINE) -> str:
    return await communicator.receive_from(timeout=timeout)


async def read_until(communicator, done, deadline: float = DEADLINE) -> list[str]:
    """Read frames until one for which ``done(frame)`` holds; every frame read, that one
    last. Waiting for the frame itself, not for a pause after it: on a busy machine a
    frame may come after any pause. The deadline only runs out when it never comes."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    read = []
    while True:
        left = end - loop.time()
        if left <= 0:
            raise AssertionError(f"the awaited frame did not come within {deadline} s")
        read.append(await communicator.receive_from(timeout=left))
        if done(read[-1]):
            return read


def away_seats(frame: str) -> set[int]:
    """The seats a frame marks "away" (of those whose seat areas it carries)."""
    return {int(found.group(1)) for found in SEAT_PLATE.finditer(frame) if AWAY in found.group(0)}


async def first_frames(communicators) -> list[str]:
    """The first frame of each of the sockets just opened together: its own view, sent
    at the end of its connect, after it told the table that it is here."""
    return [await next_frame(communicator) for communicator in communicators]


async def arrivals(communicators, firsts, seats=(0, 1, 2, 3)) -> list[str]:
    """Read the news of who is here on each of the sockets opened together, whose first
    frames were ``firsts``, until its view shows every one of ``seats`` here (all of
    them must have a socket among these); each socket's latest frame.

    Each socket tells the table it is here just before it sends its own view, and the
    sockets that hear of it are sent their view again, showing it here; a seat shown
    here is never shown again for the same news, so after this nothing more comes.
    Reading until a pause instead could end before a late piece of news."""
    latest = []
    for communicator, frame in zip(communicators, firsts, strict=True):
        if away_seats(frame) & set(seats):
            here = lambda f: SEAT_PLATE.search(f) and not away_seats(f) & set(seats)  # noqa: E731
            frame = (await read_until(communicator, here))[-1]
        latest.append(frame)
    return latest


async def frame_at(communicator, version: int, timeout=DEADLINE) -> str:
    """Read frames until one shows at least ``version``."""
    while True:
        frame = await communicator.receive_from(timeout=timeout)
        seen = version_of(frame)
        if seen is not None and seen >= version:
            return frame


async def error_reply(communicator, timeout=DEADLINE) -> tuple[str, str]:
    """Read frames until the error area is filled; the code and message shown."""
    while True:
        found = error_of(await communicator.receive_from(timeout=timeout))
        if found is not None:
            return found
