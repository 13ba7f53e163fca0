"""Abuse limits: message rates per socket and per account, message sizes, open tables.

Rates are driven by the manual clock (the ``clock`` fixture is the process clock the
limits read), so refilling a bucket is a call to ``advance``, never a sleep.
"""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.urls import reverse

from tables.clock import ManualClock
from tables.models import Game, Table
from tables.socket import limits
from tests.tables.conftest import make_table, start
from tests.tables.sockets import (
    actions_of,
    application,
    error_reply,
    frame_at,
    next_frame,
    open_socket,
    send_move,
    version_of,
)

db = database_sync_to_async


def stored(table) -> Game:
    return Game.objects.get(table=table)


@pytest.fixture
def strict(settings):
    """Small budgets, so a test reaches them in a few messages."""
    settings.TABLE_MESSAGE_RATE = 1.0
    settings.TABLE_MESSAGE_BURST = 3
    settings.TABLE_ACCOUNT_RATE = 2.0
    settings.TABLE_ACCOUNT_BURST = 5
    settings.TABLE_MESSAGE_MAX_BYTES = 4096
    return settings


@pytest.fixture
def alice_and_bots(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table, clock=clock)
    return table


# --- the bucket itself ------------------------------------------------------------------------


def test_it_lets_a_burst_through_then_refills_at_the_rate():
    clock = ManualClock()
    bucket = limits.TokenBucket.full(2.0, 3, clock)
    now = clock.now().timestamp()
    assert [bucket.take(now) for _ in range(4)] == [True, True, True, False]
    clock.advance(0.5)  # half a second at two a second: exactly one token
    now = clock.now().timestamp()
    assert bucket.take(now) and not bucket.take(now)
    clock.advance(60)  # a long pause refills only up to the burst
    now = clock.now().timestamp()
    assert sum(bucket.take(now) for _ in range(10)) == 3


def test_it_refills_nothing_when_the_clock_goes_back():
    clock = ManualClock()
    bucket = limits.TokenBucket.full(1.0, 1, clock)
    assert bucket.take(clock.now().timestamp())
    clock.advance(-30)
    assert not bucket.take(clock.now().timestamp())


def test_it_judges_size_in_bytes_without_reading_the_message(settings):
    settings.TABLE_MESSAGE_MAX_BYTES = 4096
    socket_limits = limits.SocketLimits(clock=ManualClock())
    assert not socket_limits.too_large("x" * 4096, None)
    assert socket_limits.too_large("x" * 4097, None)
    assert not socket_limits.too_large("€" * 1365, None)  # 4095 bytes
    assert socket_limits.too_large("€" * 1366, None)  # 4098 bytes, 1366 characters
    assert socket_limits.too_large(None, b"\0" * 4097)
    assert not socket_limits.too_large(None, b"\0" * 10)


# --- the table socket -------------------------------------------------------------------------

sockets_db = pytest.mark.django_db(transaction=True)


@sockets_db
async def test_it_refuses_a_flood_with_rate_limited_and_keeps_the_socket_open(
    strict, alice_and_bots, alice, clock
):
    table = alice_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    for _ in range(3):  # the burst: read and refused for what they say
        await socket.send_to(text_data="[]")
        assert (await error_reply(socket))[0] == "malformed"
    # the bucket is empty: even a legal move is refused unread, and nothing is applied
    await send_move(socket, move, 0)
    code, text = await error_reply(socket)
    assert code == "rate_limited" and "slow down" in text.lower()
    assert (await db(stored)(table)).version == 0
    clock.advance(1.0)  # one token back at one a second
    await send_move(socket, move, 0)
    assert version_of(await frame_at(socket, 1)) == 1
    assert (await db(stored)(table)).log == [move]
    await socket.disconnect()


@sockets_db
async def test_it_shares_an_accounts_budget_across_its_sockets(
    strict, settings, alice_and_bots, alice, bob, clock
):
    settings.TABLE_MESSAGE_BURST = 10  # only the account's budget of 5 can run out
    table = alice_and_bots
    first = await open_socket(table.pk, alice)
    second = await open_socket(table.pk, alice)
    watcher = await open_socket(table.pk, bob)
    for socket in (first, second, watcher):
        await next_frame(socket)
    answers = []
    for socket in (first, second, first, second, first, second):
        await socket.send_to(text_data="[]")
        answers.append((await error_reply(socket))[0])
    # five tokens between both of alice's sockets, the sixth message finds none
    assert answers == ["malformed"] * 5 + ["rate_limited"]
    # another account's socket has its own budget
    await watcher.send_to(text_data="[]")
    assert (await error_reply(watcher))[0] == "malformed"
    clock.advance(0.5)  # two a second: one token for the account
    await first.send_to(text_data="[]")
    assert (await error_reply(first))[0] == "malformed"
    for socket in (first, second, watcher):
        await socket.disconnect()
    assert len(limits.accounts()) == 0  # no socket left: the account's bucket is gone


@sockets_db
async def test_it_refuses_a_large_message_unread_and_keeps_the_socket_open(
    alice_and_bots, alice, settings
):
    settings.TABLE_MESSAGE_MAX_BYTES = 4096
    table = alice_and_bots
    socket = await open_socket(table.pk, alice)
    frame = await next_frame(socket)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    # a legal move padded past the limit: refused whole, not applied
    padded = json.dumps({"action": move, "version": 0, "pad": "x" * 5000})
    await socket.send_to(text_data=padded)
    code, text = await error_reply(socket)
    assert code == "too_large" and "4096 bytes" in text
    await socket.send_to(bytes_data=b"\xff" * 5000)
    assert (await error_reply(socket))[0] == "too_large"
    await socket.send_to(bytes_data=b"\xff" * 10)  # a small binary frame is just malformed
    assert (await error_reply(socket))[0] == "malformed"
    assert (await db(stored)(table)).version == 0
    await send_move(socket, move, 0)
    assert version_of(await frame_at(socket, 1)) == 1
    await socket.disconnect()


@sockets_db
async def test_it_limits_the_lobby_sockets_messages_too(settings):
    settings.TABLE_MESSAGE_MAX_BYTES = 100
    settings.TABLE_MESSAGE_BURST = 2
    socket = WebsocketCommunicator(application, "/ws/lobby/")
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect())[0]
    await socket.send_to(text_data="y" * 101)
    assert 'data-error="too_large"' in await socket.receive_from()
    await socket.send_to(text_data="hello")
    assert 'data-error="listen_only"' in await socket.receive_from()
    await socket.send_to(text_data="hello")
    assert 'data-error="rate_limited"' in await socket.receive_from()
    await socket.disconnect()


# --- open tables ------------------------------------------------------------------------------


def messages_of(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def signed_in(client, alice):
    client.force_login(alice)
    return client


def test_it_refuses_one_table_more_than_the_open_limit(signed_in, east_only, alice, settings):
    settings.TABLE_OPEN_LIMIT = 3
    for n in range(3):
        response = signed_in.post(
            reverse("tables:create"), {"name": f"Table {n}", "ruleset": east_only.pk}
        )
        assert response.status_code == 302
    response = signed_in.post(
        reverse("tables:create"), {"name": "One more", "ruleset": east_only.pk}, follow=True
    )
    assert response.status_code == 200
    assert 'id="open-table"' in response.content.decode()  # the lobby, its form as filled
    said = " ".join(messages_of(response))
    assert "The table was not created" in said and "3 unfinished tables" in said
    assert "3 unfinished tables" in response.content.decode()  # shown on the lobby page
    assert not Table.objects.filter(name="One more").exists()
    assert Table.objects.filter(created_by=alice).count() == 3


def test_it_counts_only_unfinished_tables(signed_in, east_only, alice, settings):
    settings.TABLE_OPEN_LIMIT = 1
    signed_in.post(reverse("tables:create"), {"name": "First", "ruleset": east_only.pk})
    signed_in.post(reverse("tables:create"), {"name": "Refused", "ruleset": east_only.pk})
    assert not Table.objects.filter(name="Refused").exists()
    Table.objects.filter(name="First").update(status=Table.FINISHED)
    signed_in.post(reverse("tables:create"), {"name": "Second", "ruleset": east_only.pk})
    assert Table.objects.filter(name="Second", created_by=alice).exists()


def test_it_counts_seats_at_other_tables_when_joining(client, east_only, alice, bob, settings):
    settings.TABLE_OPEN_LIMIT = 1
    own = make_table(east_only, people=[bob], name="Bob's")
    other = make_table(east_only, people=[alice], name="Alice's")
    client.force_login(bob)
    response = client.post(
        reverse("tables:seat_action", args=[other.pk]), {"do": "join", "seat": 1}, follow=True
    )
    assert any("1 unfinished table:" in m for m in messages_of(response))
    assert not other.seats.filter(player=bob).exists()
    own.delete()
    client.post(reverse("tables:seat_action", args=[other.pk]), {"do": "join", "seat": 1})
    assert other.seats.filter(index=1, player=bob).exists()


# --- found by the fuzzer ----------------------------------------------------------------------


def test_it_refuses_a_table_name_with_control_characters(signed_in, east_only):
    response = signed_in.post(
        reverse("tables:create"), {"name": "tab\x00le", "ruleset": east_only.pk}, follow=True
    )
    assert response.status_code == 200
    assert any("control characters" in m for m in messages_of(response))
    assert not Table.objects.exists()


def test_it_answers_404_for_a_profile_name_with_a_nul(client, db):
    assert client.get("/players/a%00b/").status_code == 404


@pytest.mark.parametrize("target", ["on", "-1", "2026-13-45", "https://evil.example/", "//x.y/"])
def test_it_sends_a_bad_next_back_to_the_table_not_to_an_error(signed_in, east_only, target):
    table = make_table(east_only, people=[], name="Empty")
    response = signed_in.post(
        reverse("tables:seat_action", args=[table.pk]),
        {"do": "join", "seat": "1", "next": target},
    )
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
