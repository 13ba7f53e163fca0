"""The table socket's refusals in the reader's language: a member who chose Japanese
is told in Japanese why a message was not played; the English stays as it was."""

import json

import pytest

from .conftest import make_table, start
from .sockets import error_reply, next_frame, open_socket, send_move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table_with_alice(east_only, alice, clock):
    table = make_table(east_only, people=[alice], bots=["careful"] * 3)
    start(table, clock=clock)
    return table


async def refusals(table, user) -> list[tuple[str, str]]:
    socket = await open_socket(table.pk, user)
    await next_frame(socket)
    replies = []
    await socket.send_to(text_data=json.dumps(["not", "a", "move"]))
    replies.append(await error_reply(socket))
    await socket.send_to(text_data=json.dumps({"action": "0:discard:1m.0", "HEADERS": {}}))
    replies.append(await error_reply(socket))
    await send_move(socket, "0:discard:1m.0", "twelve")
    replies.append(await error_reply(socket))
    await socket.disconnect()
    return replies


async def test_it_tells_a_japanese_player_why_a_message_was_refused(table_with_alice, alice):
    alice.language = "ja"
    await alice.asave()
    replies = await refusals(table_with_alice, alice)
    assert [code for code, _ in replies] == ["malformed", "malformed", "malformed"]
    assert "JSON で送ってください" in replies[0][1]
    assert "version" in replies[1][1] and "必要です" in replies[1][1]
    assert replies[2][1] == "version は 12 のような整数で指定してください"


async def test_it_tells_a_japanese_spectator_they_only_watch(table_with_alice, bob):
    bob.language = "ja"
    await bob.asave()
    socket = await open_socket(table_with_alice.pk, bob)
    await next_frame(socket)
    await send_move(socket, "0:discard:1m.0", 0)
    assert await error_reply(socket) == (
        "not_seated",
        "観戦中です：操作できるのはこの卓のプレイヤーだけです",
    )
    await socket.disconnect()


async def test_it_keeps_the_english_refusals_as_they_were(table_with_alice, alice):
    replies = await refusals(table_with_alice, alice)
    assert replies[2][1] == "The version must be a whole number, e.g. 12"
    assert replies[0][1].startswith("send JSON such as")
