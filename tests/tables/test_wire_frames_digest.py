"""Every frame a seeded four-player game sends, bad moves included, byte for byte.

Four people play a whole East-only game through their sockets (each move the careful
bot's choice from the mover's own view) while a spectator watches; on the way they send
what a confused or hostile browser sends: a move that is not theirs, a move at a stale
version, a tile they do not hold, a message that is not JSON, and an action that does not
parse. Every frame each of the five sockets got is hashed, in order, and the digest must
be the one written in ``tests/data/wire_frames.txt``.

So a change that should not change what the table sends (moving code, typing the
messages, a faster path) proves it did not; a change that means to change the frames
writes the new digest there, with the reason in its commit message. To print the digest
of the current code: ``WIRE_FRAMES_PRINT=1 pytest tests/tables/test_wire_frames_digest.py -s``
(``WIRE_FRAMES_DUMP=file`` also writes every frame there, to compare two trees with diff).
"""

import hashlib
import json
import os
import re
from pathlib import Path

import pytest
from channels.db import database_sync_to_async

from players.models import Player
from rules.engine import bots, pending_seats, seat_view
from tables.models import Game
from tables.play import autoplay, hidden_claims, states

from .conftest import make_table, start
from .sockets import (
    away_seats,
    error_of,
    next_frame,
    open_socket,
    read_until,
    send_move,
    version_of,
)
from .wire import Watched

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async
EXPECTED = Path(__file__).resolve().parent.parent / "data" / "wire_frames.txt"
# The database's numbers in a frame's links (the game's record, the table's page) depend
# on what earlier tests of the same process stored; the digest counts them as one mark.
ROW_NUMBER = re.compile(r"(?<=/)\d+(?=/)")
SEED = 11


def expected() -> tuple[int, str]:
    fields = dict(
        line.split(": ", 1)
        for line in EXPECTED.read_text().splitlines()
        if line and not line.startswith("#")
    )
    return int(fields["frames"]), fields["digest"]


def bad_moves(seat: int, version: int, state) -> list[dict | str]:
    """What a confused or hostile browser of ``seat`` sends at ``version``."""
    other = (seat + 1) % 4
    held = set(state.hands[seat])
    foreign = next(tile for tile in range(136) if tile not in held)
    return [
        {"action": f"{other}:discard:{state.hands[other][0]}", "version": version},
        {"action": f"{seat}:discard:{state.hands[seat][0]}", "version": version - 1},
        {"action": f"{seat}:discard:{foreign}", "version": version},
        "this is not json",
        {"action": "discard the red dragon", "version": version},
    ]


async def reach_error(wire, seat: int) -> None:
    """Read ``seat``'s socket (recording every frame) up to the error frame it is sent."""
    read = await read_until(wire.sockets[seat], lambda frame: error_of(frame) is not None)
    wire.recorded[seat] += read


async def open_in_turn(table_id: int, people) -> Watched:
    """The four players' sockets and a spectator's, each opened once every socket before
    it has been sent the frame showing it here, every frame recorded.

    Opened all at once, how many "who is here" frames an earlier socket gets would depend
    on how the connects interleave; opened in turn, it does not."""
    sockets: list = []
    recorded: dict = {seat: [] for seat in (0, 1, 2, 3, None)}
    for seat, person in enumerate(people):
        sockets.append(await open_socket(table_id, person))
        recorded[seat].append(await next_frame(sockets[-1]))
        arrived = set(range(seat + 1))
        for earlier in range(seat + 1):
            if away_seats(recorded[earlier][-1]) & arrived:
                recorded[earlier] += await read_until(
                    sockets[earlier], lambda f, arrived=arrived: not away_seats(f) & arrived
                )
    watcher = await open_socket(table_id, None)
    recorded[None].append(await next_frame(watcher))
    wire = Watched(sockets, watcher)
    wire.recorded.update(recorded)
    return wire


async def send_raw(socket, message) -> None:
    if isinstance(message, str):
        await socket.send_to(text_data=message)
    else:
        await socket.send_to(text_data=json.dumps({**message, "HEADERS": {}}))


@pytest.mark.slow(30)
async def test_a_seeded_game_sends_the_same_frames_as_before(east_only, alice, bob, clock):
    carol = await db(Player.objects.create_user)(username="carol", password="pw-carol-123")
    dave = await db(Player.objects.create_user)(username="dave", password="pw-dave-123")
    people = [alice, bob, carol, dave]
    table = await db(make_table)(east_only, people=people)
    game = await db(start)(table, seed=SEED, clock=clock)
    wire = await open_in_turn(table.pk, people)

    def decide():
        row = Game.objects.get(pk=game.pk)
        if row.finished:
            return None
        state = states.state_of(row)
        seat = pending_seats(state)[0]
        rng = autoplay.bot_rng(row.seed, row.version, seat)
        choice = str(bots.choose("careful", seat_view(state, seat), rng))
        return seat, choice, row.version, hidden_claims.shown_of(row), state

    def stored_version():
        return Game.objects.get(pk=game.pk).version

    async def settle(shown: int) -> None:
        """Read every socket up to the shown version, then whatever else is waiting."""
        await wire.catch_up(shown)
        await wire.drain()

    for moves in range(3000):
        decision = await db(decide)()
        if decision is None:
            break
        seat, action, version, shown, state = decision
        if moves % 37 == 0 and state.hands[seat]:
            for message in bad_moves(seat, shown, state):
                await send_raw(wire.sockets[seat], message)
                # each bad move is answered with an error frame to its sender alone
                await reach_error(wire, seat)
        await send_move(wire.sockets[seat], action, shown)
        while await db(stored_version)() == version:
            await wire.drain()
        row = await db(Game.objects.get)(pk=game.pk)
        await settle(await db(hidden_claims.shown_of)(row))
    else:
        raise AssertionError("the game did not end")
    await wire.close()
    digest = hashlib.sha256()
    count = 0
    for seat in (0, 1, 2, 3, None):
        for frame in wire.recorded[seat]:
            text = ROW_NUMBER.sub("#", frame)
            digest.update(f"{seat}|{version_of(frame)}|".encode() + text.encode() + b"\0")
            count += 1
    if dump := os.environ.get("WIRE_FRAMES_DUMP"):
        Path(dump).write_text(
            "".join(
                f"=== {seat} {version_of(frame)}\n{ROW_NUMBER.sub('#', frame)}\n"
                for seat in (0, 1, 2, 3, None)
                for frame in wire.recorded[seat]
            )
        )
    if os.environ.get("WIRE_FRAMES_PRINT"):
        print(f"\nframes: {count}\ndigest: {digest.hexdigest()}")
    assert (count, digest.hexdigest()) == expected()
