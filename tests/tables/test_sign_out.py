"""Signing out ends the sockets opened under that sign-in."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from mahjong_site.asgi import application
from tables.socket import sessions

from .conftest import make_table, start
from .sockets import actions_of, next_frame

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


def signed_in(username: str, password: str) -> Client:
    client = Client()
    assert client.login(username=username, password=password)
    return client


async def socket_of(client: Client, path: str) -> WebsocketCommunicator:
    """A socket opened by the browser of ``client`` (its session cookie, our origin)."""
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    socket = WebsocketCommunicator(
        application, path, headers=[(b"cookie", cookie), (b"origin", b"http://127.0.0.1")]
    )
    assert (await socket.connect())[0]
    return socket


async def closed_with(socket: WebsocketCommunicator) -> int | None:
    """Read what the socket still sends until it is closed; the close code."""
    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            return output.get("code")


async def test_signing_out_closes_the_members_table_socket(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table, clock=clock)
    browser = await db(signed_in)("alice", "pw-alice-123")
    socket = await socket_of(browser, f"/ws/tables/{table.pk}/")
    frame = await next_frame(socket)
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await db(browser.post)(reverse("players:logout"))
    assert await closed_with(socket) == sessions.CLOSE_CODE
    # The socket opened before signing out no longer moves.
    await socket.send_to(text_data=json.dumps({"action": move, "version": 0}))
    assert await socket.receive_nothing(timeout=0.5)
    game = await db(lambda: table.games.get())()
    assert game.version == 0 and game.log == []
    await socket.disconnect()
    seat = await db(lambda: table.seats.get(index=0))()
    assert not seat.connected


async def test_signing_out_closes_the_members_lobby_socket(alice):
    browser = await db(signed_in)("alice", "pw-alice-123")
    socket = await socket_of(browser, "/ws/lobby/")
    await db(browser.post)(reverse("players:logout"))
    assert await closed_with(socket) == sessions.CLOSE_CODE
    await socket.disconnect()


async def test_signing_out_leaves_the_members_other_sessions_open(east_only, alice, clock):
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table, clock=clock)
    phone = await db(signed_in)("alice", "pw-alice-123")
    desktop = await db(signed_in)("alice", "pw-alice-123")
    on_phone = await socket_of(phone, f"/ws/tables/{table.pk}/")
    on_desktop = await socket_of(desktop, f"/ws/tables/{table.pk}/")
    await next_frame(on_phone)
    frame = await next_frame(on_desktop)
    await db(phone.post)(reverse("players:logout"))
    assert await closed_with(on_phone) == sessions.CLOSE_CODE
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await on_desktop.send_to(text_data=json.dumps({"action": move, "version": 0}))
    game = await db(lambda: table.games.get())()
    while game.version == 0:  # the move is applied by the still-signed-in desktop
        await on_desktop.receive_from(timeout=5)
        game = await db(lambda: table.games.get())()
    assert game.log == [move]
    await on_phone.disconnect()
    await on_desktop.disconnect()


async def test_a_new_password_closes_every_socket_of_the_member(east_only, alice, clock):
    """A member who sets a new password (a reset link, say, after somebody else got in)
    ends every sign-in: the sockets opened under any of them close too, and the one
    still signed in elsewhere no longer moves."""
    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table, clock=clock)
    intruder = await db(signed_in)("alice", "pw-alice-123")
    on_table = await socket_of(intruder, f"/ws/tables/{table.pk}/")
    frame = await next_frame(on_table)
    in_lobby = await socket_of(intruder, "/ws/lobby/")

    def new_password():
        alice.refresh_from_db()
        alice.set_password("a-new-pw-456")
        alice.save()

    await db(new_password)()
    assert await closed_with(on_table) == sessions.CLOSE_CODE
    assert await closed_with(in_lobby) == sessions.CLOSE_CODE
    move = next(a for a in actions_of(frame) if ":discard:" in a)
    await on_table.send_to(text_data=json.dumps({"action": move, "version": 0}))
    assert await on_table.receive_nothing(timeout=0.5)
    game = await db(lambda: table.games.get())()
    assert game.log == []
    await on_table.disconnect()
    await in_lobby.disconnect()


async def test_saving_a_member_without_a_new_password_closes_nothing(alice):
    browser = await db(signed_in)("alice", "pw-alice-123")
    socket = await socket_of(browser, "/ws/lobby/")

    def rename():
        alice.refresh_from_db()
        alice.display_name = "Alice A."
        alice.save()

    await db(rename)()
    assert await socket.receive_nothing(timeout=0.5)
    await socket.send_to(text_data="hello?")
    assert "listen_only" in await socket.receive_from(timeout=5)
    await socket.disconnect()


async def test_signing_out_while_a_socket_is_connecting_still_closes_it(
    east_only, alice, clock, monkeypatch
):
    """The member signs out (in another tab) just after the socket's handshake, before it
    has joined its sign-in's group: the news of the sign-out went to nobody, and the
    socket closes all the same."""
    from tables.socket import storage

    table = await db(make_table)(east_only, people=[alice], bots=["careful"] * 3)
    await db(start)(table, clock=clock)
    browser = await db(signed_in)("alice", "pw-alice-123")
    looked_up = storage.find_table

    def look_up_then_sign_out(table_id, user, token):
        found = looked_up(table_id, user, token)
        browser.post(reverse("players:logout"))  # runs in a worker thread, as the lookup
        return found

    monkeypatch.setattr(storage, "find_table", look_up_then_sign_out)
    socket = await socket_of(browser, f"/ws/tables/{table.pk}/")
    assert await closed_with(socket) == sessions.CLOSE_CODE
    await socket.disconnect()
    seat = await db(lambda: table.seats.get(index=0))()
    assert not seat.connected and seat.connections == 0


async def test_signing_out_while_the_lobby_socket_connects_closes_it_with_the_sign_outs_code(
    alice, monkeypatch
):
    """A sign-out just before the lobby socket joins its sign-in's groups: the socket is
    accepted, then closed with the sign-out's code, which the page can read. A refused
    handshake reaches a browser only as a 403 error in its console (a page that signs
    out while its lobby socket still connects showed one)."""
    browser = await db(signed_in)("alice", "pw-alice-123")
    still_signed_in = sessions.still_signed_in

    def sign_out_then_look(scope):  # runs in a worker thread, as the look-up
        browser.post(reverse("players:logout"))
        return still_signed_in(scope)

    monkeypatch.setattr(sessions, "still_signed_in", sign_out_then_look)
    socket = await socket_of(browser, "/ws/lobby/")
    assert await closed_with(socket) == sessions.CLOSE_CODE
    await socket.disconnect()
