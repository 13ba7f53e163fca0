"""The Play now socket: joining and leaving by socket, a match heard by all four,
leaving by closing the tab, and refusals that change nothing and keep the socket open."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from players.models import Player
from tables.models import QueueEntry, Table

from .conftest import make_table, start
from .sockets import application

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async
STATE = re.compile(r'id="play-now-status"[^>]*data-state="(\w+)"')
ERROR = re.compile(r'id="play-now-error"[^>]*data-error="(\w+)"[^>]*>([^<]*)<')
TABLE_URL = re.compile(r'data-table-url="([^"]+)"')


async def play_socket(user=None):
    communicator = WebsocketCommunicator(application, "/ws/play/")
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def opened(user):
    """A member's socket, past the status it is sent on connect."""
    communicator = await play_socket(user)
    assert STATE.search(await communicator.receive_from(timeout=10)).group(1) == "idle"
    return communicator


async def send(communicator, **data) -> str:
    await communicator.send_to(text_data=json.dumps({**data, "HEADERS": {}}))
    return await communicator.receive_from(timeout=10)


def make_members(n):
    return [Player.objects.create_user(username=f"s{i}", password="pw-sock-123") for i in range(n)]


async def test_four_members_joining_by_socket_all_hear_where_their_table_is(east_only):
    people = await db(make_members)(4)
    sockets = [await opened(p) for p in people]
    kind = f"{east_only.pk}:tonpuusen"
    for communicator in sockets[:3]:
        assert STATE.search(await send(communicator, play="join", kind=kind)).group(1) == "waiting"
    last = await send(sockets[3], play="join", kind=kind)
    assert STATE.search(last).group(1) == "idle"  # seated at once: in no queue any more
    table = await db(Table.objects.get)()
    for communicator in sockets:
        frame = await communicator.receive_from(timeout=10)
        while "data-table-url" not in frame:
            frame = await communicator.receive_from(timeout=10)
        assert STATE.search(frame).group(1) == "matched"
        assert TABLE_URL.search(frame).group(1) == f"/tables/{table.pk}/"
    for communicator in sockets:
        await communicator.disconnect()


async def test_closing_the_tab_leaves_the_queue(east_only, alice):
    communicator = await opened(alice)
    await send(communicator, play="join", ruleset=east_only.pk, length="hanchan")
    assert await db(QueueEntry.objects.filter(member=alice).exists)()
    await communicator.disconnect()
    assert not await db(QueueEntry.objects.filter(member=alice).exists)()


async def test_leaving_is_one_message(east_only, alice):
    communicator = await opened(alice)
    await send(communicator, play="join", ruleset=east_only.pk, length="hanchan")
    assert STATE.search(await send(communicator, play="leave")).group(1) == "idle"
    assert not await db(QueueEntry.objects.exists)()
    await communicator.disconnect()


async def test_a_join_from_a_signed_out_socket_is_refused_and_the_socket_stays_open(east_only):
    communicator = await play_socket()
    reply = await send(communicator, play="join", ruleset=east_only.pk, length="hanchan")
    assert ERROR.search(reply).groups() == ("signed_out", "Sign in to play.")
    reply = await send(communicator, play="leave")  # still answered: the socket is open
    assert ERROR.search(reply).group(1) == "signed_out"
    assert not await db(QueueEntry.objects.exists)()
    await communicator.disconnect()


@pytest.mark.parametrize(
    "message, code",
    [
        ({"play": "join", "ruleset": 999999, "length": "hanchan"}, "no_ruleset"),
        ({"play": "join", "kind": "nonsense"}, "no_ruleset"),
        ({"play": "join", "ruleset": "{east}", "length": "forever"}, "bad_length"),
        ({"play": "dance"}, "malformed"),
        ({"play": "leave"}, "not_waiting"),
    ],
)
async def test_a_bad_queue_message_is_refused_and_changes_nothing(east_only, alice, message, code):
    communicator = await opened(alice)
    message = {k: (east_only.pk if v == "{east}" else v) for k, v in message.items()}
    reply = await send(communicator, **message)
    assert ERROR.search(reply).group(1) == code
    assert not await db(QueueEntry.objects.exists)()
    assert ERROR.search(await send(communicator, play="dance")).group(1) == "malformed"
    await communicator.disconnect()


async def test_joining_twice_is_refused_and_the_first_queue_kept(east_only, alice):
    communicator = await opened(alice)
    await send(communicator, play="join", ruleset=east_only.pk, length="hanchan")
    reply = await send(communicator, play="join", ruleset=east_only.pk, length="tonpuusen")
    assert ERROR.search(reply).group(1) == "twice"
    entry = await db(QueueEntry.objects.get)()
    assert entry.length == "hanchan"
    await communicator.disconnect()


async def test_joining_while_seated_at_a_running_game_is_refused(east_only, alice):
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table)
    communicator = await opened(alice)
    reply = await send(communicator, play="join", ruleset=east_only.pk, length="hanchan")
    assert ERROR.search(reply).group(1) == "seated"
    assert not await db(QueueEntry.objects.exists)()
    await communicator.disconnect()


async def test_a_flood_of_joins_and_leaves_is_refused_with_a_clear_message(
    east_only, alice, settings
):
    settings.PLAY_NOW_BURST = 4
    settings.PLAY_NOW_RATE = 0.5
    communicator = await opened(alice)
    replies = []
    for n in range(6):
        replies.append(
            await send(
                communicator,
                play="join" if n % 2 == 0 else "leave",
                ruleset=east_only.pk,
                length="hanchan",
            )
        )
    refused = [ERROR.search(r) for r in replies[4:]]
    assert all(r and r.group(1) == "rate_limited" for r in refused)
    assert "wait a few seconds" in refused[0].group(2)
    assert not await db(QueueEntry.objects.exists)()  # the last join that counted was left
    await communicator.disconnect()
