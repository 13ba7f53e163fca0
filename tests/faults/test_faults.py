"""Faults during play (issue #9): a daphne process killed, Redis restarted, PostgreSQL
restarted. Four scripted players play one table through real sockets; each test puts
its fault in mid-game, lets the game play on to its end, and then checks that no move
was applied twice or lost and that the stored game is exactly what its log replays to.
"""

import asyncio
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import using_services
from tests.tables.servers import Server

from .conftest import QUICK, assert_sound, players_for, scripted_table, until_true

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not using_services(), reason="needs PostgreSQL and Redis (make test-services)"
    ),
    pytest.mark.django_db(transaction=True),
]

GAME_SECONDS = 90  # an East-only game of four scripted players takes well under this


def test_it_moves_a_killed_process_players_to_the_other_and_finishes_the_game(
    services, east_only, four_players, tmp_path
):
    game, headers = scripted_table(east_only, four_players, seed=31)
    one = Server(tmp_path, "one", **QUICK).start()
    two = Server(tmp_path, "two", **QUICK).start()
    # Seats 0 and 1 play through the process that will die, 2 and 3 through the other;
    # each falls back to the other URL, as a proxy would send a new socket elsewhere.
    players = players_for(game, headers, [[one.ws, two.ws]] * 2 + [[two.ws, one.ws]] * 2)
    seen = {}

    async def scenario():
        limit = time.monotonic() + GAME_SECONDS
        games = [asyncio.create_task(p.play(until=limit)) for p in players]
        await until_true(lambda: min(p.version for p in players) >= 40, 30, "40 moves")
        seen["kill"] = max(p.version for p in players)
        await asyncio.to_thread(one.kill)  # SIGKILL: no clean shutdown, leases kept
        await asyncio.gather(*games)

    try:
        asyncio.run(scenario())
    finally:
        one.stop()
        two.stop()
    assert all(p.stats.finished for p in players), [(p.stats.closes, p.version) for p in players]
    for moved in players[:2]:  # they lost their socket and went on through the other process
        assert moved.stats.reconnects >= 1 and moved.url.startswith(two.ws)
    for stayed in players[2:]:
        assert stayed.stats.connections == 1
    stored = assert_sound(game.pk, players)
    assert stored.finished is not None
    assert stored.version > seen["kill"] + 20  # well past the kill, not just a last move


def test_it_resumes_games_after_redis_restarts(services, east_only, four_players, tmp_path):
    game, headers = scripted_table(east_only, four_players, seed=32)
    one = Server(tmp_path, "one", **QUICK).start()
    two = Server(tmp_path, "two", **QUICK).start()
    # `stall` is only a safety net here (a player whose socket heard nothing for that
    # long connects again); the test fails if any player needed it: every socket
    # opened after the restart must hear the game without help.
    players = players_for(game, headers, [[one.ws, two.ws], [two.ws, one.ws]] * 2, stall=30)
    seen = {}

    async def scenario():
        limit = time.monotonic() + GAME_SECONDS
        games = [asyncio.create_task(p.play(until=limit)) for p in players]
        await until_true(lambda: min(p.version for p in players) >= 30, 30, "30 moves")
        seen["stop"] = max(p.version for p in players)
        await asyncio.to_thread(services.stop_redis)
        await asyncio.to_thread(services.start_redis)
        seen["back"] = max(p.version for p in players)
        await asyncio.gather(*games)

    try:
        asyncio.run(scenario())
    finally:
        one.stop()
        two.stop()
    assert all(p.stats.finished for p in players), [(p.stats.closes, p.version) for p in players]
    closes = [reason for p in players for reason in p.stats.closes]
    assert not [r for r in closes if "Stalled" in r], closes
    stored = assert_sound(game.pk, players)
    assert stored.finished is not None
    assert stored.version > seen["back"] + 20


class UnclearOutageAnswer(AssertionError):
    """The server answered a database outage with a crash instead of a clear message."""


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def test_it_answers_a_move_during_a_database_outage_clearly_and_plays_on_after(
    services, east_only, four_players, tmp_path
):
    game, headers = scripted_table(east_only, four_players, seed=33)
    server = Server(tmp_path, "one", **QUICK).start()
    holds = [asyncio.Event() for _ in range(4)]
    players = players_for(game, headers, [[server.ws]] * 4, stall=10)
    for player, hold in zip(players, holds, strict=True):
        player.hold = hold
    seen = {}

    def quiet() -> bool:
        """Someone waits to move, everyone has seen the same version, nothing in flight."""
        return (
            any(p.waiting for p in players)
            and len({p.version for p in players}) == 1
            and all(p.sent is None for p in players)
        )

    async def scenario():
        for hold in holds:
            hold.set()
        limit = time.monotonic() + GAME_SECONDS
        games = [asyncio.create_task(p.play(until=limit)) for p in players]
        await until_true(lambda: min(p.version for p in players) >= 20, 30, "20 moves")
        for hold in holds:
            hold.clear()
        # Between two actions: the last one stored and shown, the next one not yet sent.
        await until_true(quiet, 30, "a quiet moment with a move to make")
        prober = next(p for p in players if p.waiting)
        seen["down"] = prober.version
        await asyncio.to_thread(services.stop_postgres)
        try:
            seen["page"] = await asyncio.to_thread(
                fetch, f"http://127.0.0.1:{server.port}/tables/{game.table_id}/"
            )
            errors, closes = dict(prober.stats.errors), dict(prober.stats.closes)
            prober.hold.set()  # its one move, sent while the database is down
            await until_true(
                lambda: prober.stats.errors != errors or prober.stats.closes != closes,
                30,
                "an answer to the move sent during the outage",
            )
            new_errors = {k: v for k, v in prober.stats.errors.items() if v != errors.get(k)}
            new_closes = {k: v for k, v in prober.stats.closes.items() if v != closes.get(k)}
            seen["answer"] = (new_errors, new_closes)
        finally:
            await asyncio.to_thread(services.start_postgres)
        for hold in holds:
            hold.set()
        await asyncio.gather(*games)

    try:
        asyncio.run(scenario())
    finally:
        server.stop()
    services.start_postgres()  # and reopen this thread's connection, which the stop broke
    assert all(p.stats.finished for p in players), [(p.stats.closes, p.version) for p in players]
    stored = assert_sound(game.pk, players)
    assert stored.finished is not None
    assert stored.version > seen["down"] + 20  # play went on after the database came back

    # What the player and the page were told while the database was down.
    unclear = []
    errors, closes = seen["answer"]
    closes.pop("ServiceUnavailable", None)  # the player's own reconnect after the answer
    if set(errors) != {"unavailable"} or closes:
        unclear.append(f"the move got errors {errors} and socket ends {closes}, not 'unavailable'")
    status, body = seen["page"]
    if status != 503 or "Traceback" in body:
        unclear.append(f"the table page answered {status}, not a plain 503")
    if unclear:
        raise UnclearOutageAnswer("; ".join(unclear))
