"""Real daphne processes: a restart in the middle of a hand, and two processes serving
one table through PostgreSQL and Redis."""

import asyncio
import re
import time

import pytest

from devtools.scripted import ACTION, VERSION, ScriptedPlayer, choose
from rules.engine import parse_action
from tables.models import Game, HandRecord
from tables.play import hidden_claims
from tests.conftest import using_services

from .conftest import make_table, start
from .servers import QUICK, Server, session_headers

pytestmark = pytest.mark.django_db(transaction=True)


def hand_part(frame: str) -> str:
    return frame[frame.index('id="table-hand"') :]


async def play_until_my_turn(url: str, headers: dict, moves: int) -> tuple[int, str]:
    """Make ``moves`` moves, then stop at the next frame where only this seat may act."""
    from websockets.asyncio.client import connect

    async with connect(url, additional_headers=headers) as ws:
        made, acted = 0, -1
        while True:
            frame = await asyncio.wait_for(ws.recv(), 30)
            found = VERSION.search(frame)
            if not found:
                continue
            version, actions = int(found.group(1)), ACTION.findall(frame)
            own_turn = any(":discard:" in a for a in actions)
            if not actions or version == acted:
                continue
            if made == moves and own_turn:
                return version, frame
            await ws.send(f'{{"action": "{choose(actions)}", "version": {version}}}')
            acted, made = version, made + 1


async def first_frames(url: str, headers: dict, count: int, timeout: float = 30) -> list[str]:
    from websockets.asyncio.client import connect

    frames = []
    async with connect(url, additional_headers=headers) as ws:
        while len(frames) < count:
            frames.append(await asyncio.wait_for(ws.recv(), timeout))
    return frames


async def move_and_watch(url: str, headers: dict, version: int, frame: str, until: int) -> int:
    """Make one move from ``frame`` and read on until the table reaches ``until``."""
    from websockets.asyncio.client import connect

    async with connect(url, additional_headers=headers) as ws:
        await ws.recv()  # the full view on connect
        await ws.send(f'{{"action": "{choose(ACTION.findall(frame))}", "version": {version}}}')
        seen = version
        while seen < until:
            found = VERSION.search(await asyncio.wait_for(ws.recv(), 30))
            if found:
                seen = max(seen, int(found.group(1)))
        return seen


def wait_for(condition, timeout: float, what: str) -> None:
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def test_it_continues_a_table_where_it_was_after_a_crash_and_restart(east_only, alice, tmp_path):
    from rules.models import Ruleset

    # Time enough that the person's own clock cannot run out while the test runs.
    patient = Ruleset.objects.create(
        name="East only, patient",
        preset="ronin",
        settings={**east_only.settings, "thinking_time": 300},
    )
    table = make_table(patient, people=[alice], bots=["careful"] * 3)
    game = start(table, seed=9)
    robots = make_table(east_only, bots=["tsumogiri"] * 4, name="Robots only")
    robots_game = start(robots, seed=4)
    headers = session_headers(alice)
    url = f"/ws/tables/{table.pk}/"

    first = Server(tmp_path, "first", **QUICK).start()
    try:
        version, before = asyncio.run(play_until_my_turn(first.ws + url, headers, moves=3))
    finally:
        first.kill()
    stored = Game.objects.get(pk=game.pk)
    # everything accepted was stored, nothing more (frames carry the shown version)
    assert hidden_claims.shown_of(stored) == version
    deadline, banks = stored.deadline, stored.bank_ms
    robots_before = Game.objects.get(pk=robots_game.pk).version

    second = Server(tmp_path, "second", **QUICK).start()
    try:
        # before anyone connects, the restarted server's driver takes the robots' table
        # over (their old lease runs out) and plays on
        wait_for(
            lambda: Game.objects.get(pk=robots_game.pk).version > robots_before + 5,
            20,
            "the robots' table to go on with nobody connected",
        )
        # the person's turn waits
        assert hidden_claims.shown_of(Game.objects.get(pk=game.pk)) == version
        (again,) = asyncio.run(first_frames(second.ws + url, headers, 1))
        assert int(VERSION.search(again).group(1)) == version
        assert sorted(ACTION.findall(hand_part(again))) == sorted(ACTION.findall(hand_part(before)))
        tiles = re.compile(r'data-tile="([\d:]+)"')
        assert tiles.findall(hand_part(again)) == tiles.findall(hand_part(before))
        resumed = Game.objects.get(pk=game.pk)
        assert (resumed.deadline, resumed.bank_ms) == (deadline, banks)
        # the person moves and the bots answer through the new process's driver
        seen = asyncio.run(move_and_watch(second.ws + url, headers, version, again, version + 3))
        assert seen >= version + 3
    finally:
        second.stop()
    log = Game.objects.get(pk=game.pk).log
    assert [parse_action(a) for a in log]  # every stored move is well formed


# What may differ between two watchers of one version: the countdown (rendered at
# different moments), the "away" badges (presence news travels on its own), and the
# out-of-band marks (a piece arrives marked on its own, or unmarked inside a full board).
normalise = re.compile(
    r'<span class="countdown"[^>]*>[^<]*</span>|<span class="badge away"[^>]*>away</span>'
    r'| hx-swap-oob="true"'
)
PIECE = re.compile(r'<div id="(table-center|seat-area-\d)"')


def pieces_of(frame: str) -> dict[str, str]:
    """The board's pieces a frame carries (the middle and any corners), by id."""
    out = {}
    for found in PIECE.finditer(frame):
        depth, at = 0, found.start()
        for tag in re.finditer(r"<div\b|</div>", frame[at:]):
            depth += 1 if tag.group() == "<div" else -1
            if depth == 0:
                out[found.group(1)] = normalise.sub("", frame[at : at + tag.end()])
                break
    return out


class BoardWatcher:
    """Keeps a watcher's board as the frames change it, one snapshot per version."""

    def __init__(self):
        self.pieces: dict[str, str] = {}
        self.seen: dict[int, str] = {}

    def __call__(self, frame: str) -> None:
        self.pieces.update(pieces_of(frame))
        found = VERSION.search(frame)
        if found:
            self.seen[int(found.group(1))] = "".join(
                html for _, html in sorted(self.pieces.items())
            )


@pytest.mark.slow(50)
@pytest.mark.services
@pytest.mark.skipif(not using_services(), reason="needs PostgreSQL and Redis (make test-services)")
def test_it_serves_one_table_from_two_processes_without_losing_a_move(
    east_only, alice, bob, tmp_path
):
    table = make_table(east_only, people=[alice, bob], bots=["careful", "careful"])
    game = start(table, seed=21)
    url = f"/ws/tables/{table.pk}/"
    one = Server(tmp_path, "one", **QUICK).start()
    two = Server(tmp_path, "two", **QUICK).start()
    boards = {"one": BoardWatcher(), "two": BoardWatcher()}

    alice_headers, bob_headers = session_headers(alice), session_headers(bob)

    async def everyone():
        limit = time.monotonic() + 240
        players = [
            ScriptedPlayer(one.ws + url, alice_headers),
            ScriptedPlayer(two.ws + url, bob_headers),
        ]
        watchers = [
            ScriptedPlayer(one.ws + url, {"Origin": "http://127.0.0.1"}, on_frame=boards["one"]),
            ScriptedPlayer(two.ws + url, {"Origin": "http://127.0.0.1"}, on_frame=boards["two"]),
        ]
        return await asyncio.gather(*(p.play(until=limit) for p in [*players, *watchers]))

    try:
        results = asyncio.run(everyone())
    finally:
        one.stop()
        two.stop()
    assert all(r.finished for r in results), [
        (r.errors, r.moves, r.frames, Game.objects.get(pk=game.pk).version) for r in results
    ]
    stored = Game.objects.get(pk=game.pk)
    assert stored.finished and stored.version == len(stored.log)
    assert HandRecord.objects.filter(game=stored).count() >= 4
    one, two = boards["one"].seen, boards["two"].seen
    common = set(one) & set(two)
    assert len(common) > stored.version // 2
    for version in common:
        assert one[version] == two[version], f"version {version} differs"
    assert results[0].moves > 10 and results[1].moves > 10
