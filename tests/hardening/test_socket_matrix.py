"""Every kind of table-socket message, from every role: who may act, and for which seat.

Nobody but the player seated at a seat acts for it: a spectator of any kind (signed
out, a member, another table's player, tournament staff, an organizer, a superuser)
is refused with ``not_seated`` whatever they send once the message is read, and the
seated player's move for another seat is ``illegal``. After every refusal the game
is exactly as it was.
"""

import json

import pytest
from channels.db import database_sync_to_async

from players.models import Player
from rules.engine.actions import format_tile
from tables.models import Game
from tables.play import states
from tests.tables.conftest import make_table, start
from tests.tables.sockets import (
    actions_of,
    error_of,
    error_reply,
    frame_at,
    next_frame,
    open_socket,
)

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async

# The seated player goes last: an accepted move changes the game for everyone after.
ROLES = ("anonymous", "member", "other_table", "staff", "other_org", "admin", "seated")
SPECTATORS = ROLES[:-1]


def other_seat_move(game_id: int) -> str:
    state = states.state_of(Game.objects.get(pk=game_id))
    return f"1:discard:{format_tile(state.hands[1][0])}"


# message name -> (how to build it from alice's first frame, answer for alice)
# An answer is an error code, or "ok" (no error; "moved" when the game moves on).
MESSAGES = {
    "own_move": (lambda f, g: {"action": own(f), "version": 0}, "moved"),
    "other_seats_move": (lambda f, g: {"action": other_seat_move(g), "version": 0}, "illegal"),
    "negative_version": (lambda f, g: {"action": own(f), "version": -1}, "malformed"),
    "future_version": (lambda f, g: {"action": own(f), "version": 5}, "stale"),
    "unknown_action": (lambda f, g: {"action": "0:dance:1m.0", "version": 0}, "malformed"),
    "wrong_types": (lambda f, g: {"action": ["0", "discard"], "version": {}}, "malformed"),
    "settings": (lambda f, g: {"settings": 1, "auto_win": "on"}, "ok"),
    "not_json": (lambda f, g: "{nope", "malformed"),
    "binary": (lambda f, g: b"\x00\x01binary", "malformed"),
    "too_large": (lambda f, g: {"action": own(f), "version": 0, "pad": "x" * 8000}, "too_large"),
}
# Refused before anyone's seat is looked at: every role gets the same answer.
FOR_EVERYONE = {"not_json", "binary", "too_large"}


def own(frame: str) -> str:
    return next(a for a in actions_of(frame) if a.startswith("0:discard:"))


@pytest.fixture
def people(alice):
    def person(name, **extra):
        return Player.objects.create_user(username=name, password="pw-socket-123", **extra)

    return {
        "anonymous": None,
        "member": person("mira"),
        "other_table": person("carol"),
        "staff": person("director", is_staff=True),
        "other_org": person("olga"),
        "admin": Player.objects.create_superuser(username="root", password="pw-socket-123"),
        "seated": alice,
    }


@pytest.mark.parametrize("message", list(MESSAGES))
async def test_it_lets_only_the_seated_player_act_for_their_seat(east_only, people, clock, message):
    table = await db(make_table)(east_only, people=[people["seated"]], bots=["careful"] * 3)
    game = await db(start)(table, clock=clock)
    elsewhere = await db(make_table)(
        east_only, people=[people["other_table"]], bots=["careful"] * 3
    )
    # another seed: a player of the same tiles may not even watch (tests/tables/test_twins.py)
    await db(start)(elsewhere, seed=8, clock=clock)
    build, seated_answer = MESSAGES[message]
    alice = await open_socket(table.pk, people["seated"])
    alice_frame = await next_frame(alice)
    payload = await db(build)(alice_frame, game.pk)
    for role in ROLES:
        socket = alice if role == "seated" else await open_socket(table.pk, people[role])
        if role != "seated":
            await next_frame(socket)
        if isinstance(payload, bytes):
            await socket.send_to(bytes_data=payload)
        else:
            await socket.send_to(
                text_data=payload if isinstance(payload, str) else json.dumps(payload)
            )
        if role == "seated" and seated_answer == "moved":
            assert await frame_at(socket, 1)
        elif role == "seated" and seated_answer == "ok":
            assert error_of(await next_frame(socket)) is None
        else:
            expected = (
                seated_answer if role == "seated" or message in FOR_EVERYONE else "not_seated"
            )
            code, _ = await error_reply(socket)
            assert code == expected, (role, message, code)
        stored = await db(Game.objects.get)(pk=game.pk)
        moved = role == "seated" and seated_answer == "moved"
        assert stored.version == (1 if moved else 0), (role, message)
        await socket.disconnect()
