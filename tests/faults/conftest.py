"""Fault tests: real daphne processes, PostgreSQL and Redis, and faults put into them.

These tests stop and start the machine's own PostgreSQL and Redis (the ones
``DATABASE_URL`` and ``REDIS_URL`` point at, which must be on this host), so they run
only under ``make test-services`` and skip with one line otherwise. Whatever happens,
both services are running again when a test ends.
"""

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connections

from devtools.move_audit import audit_game, audit_moves
from devtools.scripted import ScriptedPlayer
from players.models import Player
from tables.models import Game
from tests.conftest import using_services
from tests.tables import servers
from tests.tables.conftest import east_only, make_table, start, table_settings  # noqa: F401
from tests.tables.servers import session_headers

# The quick servers of the several-process tests, without the abuse limits: scripted
# players with no think time send faster than any person, and the limits are not what
# these tests are about (a refused move stalls its player).
QUICK = {
    **servers.QUICK,
    "TABLE_MESSAGE_RATE": 1000,
    "TABLE_MESSAGE_BURST": 1000,
    "TABLE_ACCOUNT_RATE": 1000,
    "TABLE_ACCOUNT_BURST": 1000,
}
LOCAL = {"127.0.0.1", "localhost", "::1"}
REDIS_START = [
    "redis-server",
    "--daemonize",
    "yes",
    "--bind",
    "127.0.0.1",
    "-::1",
    "--port",
    "6379",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    "/var/lib/redis",
    "--logfile",
    "/var/log/redis/ci.log",
]


def wait_until(condition, timeout: float, what: str, every: float = 0.05) -> None:
    """Poll ``condition`` until it holds; fail naming ``what`` after ``timeout`` seconds."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if condition():
            return
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


async def until_true(condition, timeout: float, what: str, every: float = 0.02) -> None:
    """The same, inside the clients' event loop (they keep playing while it waits)."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        if condition():
            return
        await asyncio.sleep(every)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


class Services:
    """Stop and start the local PostgreSQL cluster and Redis server."""

    def __init__(self):
        versions = sorted(p.name for p in Path("/etc/postgresql").iterdir())
        self.cluster = (versions[-1], "main")

    # --- PostgreSQL ---------------------------------------------------------------

    def postgres(self, verb: str) -> None:
        result = run("pg_ctlcluster", "--skip-systemctl-redirect", *self.cluster, verb)
        assert result.returncode == 0, f"pg_ctlcluster {verb}: {result.stderr or result.stdout}"

    def postgres_up(self) -> bool:
        return run("pg_isready", "-h", "127.0.0.1", "-p", "5432", "-t", "1").returncode == 0

    def stop_postgres(self) -> None:
        # The test's own connection dies with the server; it is reopened afterwards.
        self.postgres("stop")
        wait_until(lambda: not self.postgres_up(), 30, "PostgreSQL to stop")

    def start_postgres(self) -> None:
        if not self.postgres_up():
            self.postgres("start")
        wait_until(self.postgres_up, 60, "PostgreSQL to accept connections", every=0.1)
        connections.close_all()  # drop the connection the stop broke

    # --- Redis ----------------------------------------------------------------------

    def redis_up(self) -> bool:
        result = run("redis-cli", "-h", "127.0.0.1", "ping")
        return result.stdout.strip() == "PONG"

    def stop_redis(self) -> None:
        run("redis-cli", "-h", "127.0.0.1", "shutdown", "nosave")
        wait_until(lambda: not self.redis_up(), 30, "Redis to stop")

    def start_redis(self) -> None:
        if not self.redis_up():
            result = run(*REDIS_START)
            assert result.returncode == 0, f"redis-server: {result.stderr or result.stdout}"
        wait_until(self.redis_up, 30, "Redis to answer", every=0.1)

    def ensure_running(self) -> None:
        self.start_postgres()
        self.start_redis()


def restartable() -> str | None:
    """Why the services cannot be restarted from here (None: they can)."""
    if not using_services():
        return "needs PostgreSQL and Redis (make test-services)"
    hosts = {urlsplit(os.environ[name]).hostname for name in ("DATABASE_URL", "REDIS_URL")}
    if not hosts <= LOCAL:
        return f"restarts the services, which must run on this host (not {sorted(hosts)})"
    missing = [
        t
        for t in ("pg_ctlcluster", "pg_isready", "redis-cli", "redis-server")
        if not shutil.which(t)
    ]
    if missing or not Path("/etc/postgresql").is_dir():
        return f"restarts the services with {', '.join(missing) or 'pg_ctlcluster'}, not found"
    return None


@pytest.fixture
def services():
    reason = restartable()
    if reason:
        pytest.skip(reason)
    control = Services()
    control.ensure_running()
    yield control
    control.ensure_running()  # whatever the test did, leave both running


@pytest.fixture
def four_players(db):
    return [
        Player.objects.create_user(
            username=f"fault{i}", password=f"pw-fault-{i}", display_name=f"F{i}"
        )
        for i in range(4)
    ]


def scripted_table(ruleset, people, seed: int):
    """The game of a new table of four people (the scripted players), and their headers."""
    table = make_table(ruleset, people=people)
    return start(table, seed=seed), [session_headers(p) for p in people]


def players_for(game, headers, urls_by_seat, **options) -> list[ScriptedPlayer]:
    """Scripted players that reconnect; seat i tries ``urls_by_seat[i]`` in turn."""
    path = f"/ws/tables/{game.table_id}/"
    return [
        ScriptedPlayer([u + path for u in urls], h, reconnect=True, game_id=game.pk, **options)
        for h, urls in zip(headers, urls_by_seat, strict=True)
    ]


def assert_sound(game_id: int, players: list[ScriptedPlayer]) -> Game:
    """Nothing applied twice or lost, and the stored game is what its log replays to."""
    game = Game.objects.prefetch_related("hands").get(pk=game_id)
    assert audit_game(game) == []
    sockets = [s for p in players for s in p.stats.sockets]
    checked = audit_moves(sockets, {game_id: game.log})
    assert checked.ok, (checked, [(p.stats.errors, p.stats.closes) for p in players])
    assert checked.stored > 0
    return game
