"""A move's path through the server, measured in one process and without noise.

:func:`play` plays one seeded game at a table of four people through their real
table sockets (the routes, the consumers, ``submit``, the channel layer, the frames)
while ``watchers`` spectators' sockets watch, each move the tsumogiri bot's choice
from the mover's own view (the load test's scripted players play the same way: win
when they can, pass on calls, throw the drawn tile). After each move it waits until
every socket has been sent what the move shows. It counts, per stored action, the
database statements and transactions of the database thread and the process's CPU
time outside the players' own deciding; with ``profile`` it also profiles the event
loop's thread and the database thread together (cProfile, both merged).

The count of statements and transactions is exact and the same on every run; the CPU
time is the process's, so the machine's load moves it less than a clock would.
``python manage.py profile_moves`` runs it (see that command). The call window is
the caller's setting; at 0 (the command's default) every move shows at once.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import SyncToAsync
from django.contrib.auth.models import AnonymousUser
from django.db import connection

from players.models import Player
from rules.engine import apply, bots, parse_action, pending_seats, replay, seat_view
from rules.models import Ruleset
from tables.models import Game, Seat, Table
from tables.play import autoplay, hidden_claims
from tables.play.states import setup_of
from tables.play.submit import start_game

PREFIX = "movepath-"
RULESET = "Load test (East only)"  # the load test's (devtools loadtest)


@dataclass
class Counter:
    """What the database thread's connection ran: statements and transactions begun."""

    statements: int = 0
    transactions: int = 0
    texts: list[str] = field(default_factory=list)
    keep_texts: bool = False

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.statements += 1
        if sql.lstrip().upper().startswith(("BEGIN", "SAVEPOINT")):
            self.transactions += 1
        if self.keep_texts:
            self.texts.append(sql)
        return execute(sql, params, many, context)


@dataclass
class PathReport:
    actions: int  # stored actions
    cpu: float  # process CPU seconds, the players' deciding left out
    statements: int  # database statements of the database thread
    transactions: int
    frames: int  # frames sent to all sockets
    sockets: int
    stats: pstats.Stats | None = None

    def per_action(self, value: float) -> float:
        return value / max(self.actions, 1)


def set_up(seed: int, name: str = "") -> tuple[int, int, list[Player]]:
    """A table of four people (made if missing) with a started game: its ids and people."""
    ruleset, _ = Ruleset.objects.get_or_create(
        name=RULESET,
        defaults={"preset": "ronin", "settings": {"game_type": "tonpuusen", "west_round": False}},
    )
    table = Table.objects.create(name=f"{PREFIX}{name or seed}", ruleset=ruleset)
    people = []
    for index in range(4):
        player, created = Player.objects.get_or_create(
            username=f"{PREFIX}{index}", defaults={"display_name": f"Path {index}"}
        )
        if created:
            player.set_unusable_password()
            player.save()
        Seat.objects.create(table=table, index=index, player=player)
        people.append(player)
    game = start_game(table, seed=seed)
    return table.pk, game.pk, people


def clear() -> None:
    Table.objects.filter(name__startswith=PREFIX).delete()


def _on_db_thread(func: Any) -> Any:
    """Run ``func`` on the thread the sockets' database work runs on under SQLite
    (channels' single database thread, see tables.socket.dbwork)."""
    return SyncToAsync.single_thread_executor.submit(func).result()


async def _open(application: Any, table_id: int, user: Any) -> Any:
    from channels.testing import WebsocketCommunicator

    communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    if not connected:
        raise RuntimeError("a table socket was refused")
    return communicator


def _take(sockets: list[Any]) -> int:
    """Take every frame waiting on the sockets; how many."""
    count = 0
    for socket in sockets:
        while not socket.output_queue.empty():
            socket.output_queue.get_nowait()
            count += 1
    return count


async def _drain(sockets: list[Any], quiet_polls: int = 4) -> int:
    """Take the sockets' frames until none came for ``quiet_polls`` short polls."""
    count = 0
    quiet = 0
    while quiet < quiet_polls:
        await asyncio.sleep(0.001)
        taken = _take(sockets)
        count += taken
        quiet = 0 if taken else quiet + 1
    return count


async def play(
    table_id: int,
    game_id: int,
    people: list[Player],
    watchers: int = 4,
    *,
    profile: bool = False,
    limit: int = 10_000,
) -> PathReport:
    """Play the game through its sockets (see the module); what the server's side cost."""
    from channels.routing import URLRouter

    from tables.routing import websocket_urlpatterns

    application = URLRouter(websocket_urlpatterns)
    client = ThreadPoolExecutor(1, thread_name_prefix="move-path-client")
    loop = asyncio.get_running_loop()

    def read_game() -> Game:
        return Game.objects.get(pk=game_id)

    sockets = [await _open(application, table_id, person) for person in people]
    sockets += [await _open(application, table_id, None) for _ in range(watchers)]
    for socket in sockets:  # each is sent its whole view at the end of its connect
        await socket.receive_output(timeout=30)
    await _drain(sockets, quiet_polls=20)
    row = await loop.run_in_executor(client, read_game)
    state = replay(setup_of(row), [parse_action(text) for text in row.log])
    applied = len(row.log)
    counter = Counter()
    _on_db_thread(lambda: connection.execute_wrappers.append(counter))
    # each thread's profile counts that thread's CPU time (not the time it waited)
    main_profile = cProfile.Profile(time.thread_time) if profile else None
    db_profile = cProfile.Profile(time.thread_time) if profile else None
    if db_profile is not None:
        _on_db_thread(db_profile.enable)
    deciding = 0.0
    frames = 0
    start_version = row.version
    started = time.process_time()
    try:
        for _ in range(limit):
            if row.finished:
                break
            mark = time.thread_time()
            seat = pending_seats(state)[0]
            rng = autoplay.bot_rng(row.seed, row.version, seat)
            action = bots.choose("tsumogiri", seat_view(state, seat), rng)
            shown = hidden_claims.shown_of(row)
            deciding += time.thread_time() - mark
            if main_profile is not None:
                main_profile.enable()
            before = row.version
            await sockets[seat].send_json_to(
                {"action": str(action), "version": shown, "HEADERS": {}}
            )
            for _wait in range(10_000):
                frames += await _drain(sockets)
                row = await loop.run_in_executor(client, read_game)
                if row.version > before:
                    break
            else:
                raise RuntimeError(f"the move {action} was not stored")
            frames += await _drain(sockets)
            if main_profile is not None:
                main_profile.disable()
            mark = time.thread_time()
            for text in row.log[applied:]:
                state, _ = apply(state, parse_action(text))
            applied = len(row.log)
            deciding += time.thread_time() - mark
    finally:
        cpu = time.process_time() - started - deciding
        if db_profile is not None:
            _on_db_thread(db_profile.disable)
        _on_db_thread(lambda: connection.execute_wrappers.remove(counter))
        for socket in sockets:
            await socket.disconnect()
        client.submit(lambda: connection.close()).result()
        client.shutdown()
    stats = None
    if main_profile is not None and db_profile is not None:
        stats = pstats.Stats(main_profile)
        stats.add(db_profile)
    return PathReport(
        row.version - start_version,
        cpu,
        counter.statements,
        counter.transactions,
        frames,
        len(sockets),
        stats,
    )
