"""Drive many live tables at once over real WebSockets and measure the server.

Set-up goes through the ORM, so run this command with the same database settings
as the server under test (the same ``SQLITE_PATH`` or ``DATABASE_URL``, and the same
``REDIS_URL``): it creates four players per table (``loadtest-<table>-<seat>``), signs
each in by writing a session row, opens the tables with an East-only ruleset and starts
their games. Then four scripted players per table (:mod:`devtools.scripted`) connect to
``--url`` and play, each waiting a random think time around ``--think`` seconds before
a move, as people would. When a table's game ends, a new one starts there and its
players connect again, until ``--duration`` seconds of play are over (a soak test is a
long duration). A player whose socket drops connects again (to the next URL).

Measured: the latency, from sending a move to receiving the frame that shows it (a
move that opened a hidden claim is shown only once the claim is settled: its latency
counts from the claim's end, the last answer another seat sent, so the others'
thinking time is left out; see :class:`devtools.scripted.ClaimClock`); the
action rate, the moves the server stored; every ``--interval`` seconds a line with that
interval's latency percentiles, action rate and the servers' memory; the resident
memory (RSS) of each server process at the start and the end (``--pids``, or found in
/proc as the daphne processes listening on the ``--url`` ports). The clients connect
gradually over ``--ramp`` seconds and the first games' clocks start when the last one
is due, so the server plays for nobody who has not arrived; the summary's "steady"
figures count only moves made after the last connect.

At the end an audit checks that nothing was lost or applied twice: every move a
client sent that the server took appears exactly once in the stored logs, no refused
move appears, and every stored game replays to its stored state (see
:func:`devtools.move_audit.audit_moves` and :func:`~devtools.move_audit.audit_game`). The
command fails when the audit does. Afterwards the load-test tables are deleted
(``--keep``, or a failed audit, keeps them).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import os
import random
import re
import statistics
import time
from pathlib import Path
from urllib.parse import urlsplit

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Sum
from django.utils import timezone

from devtools.move_audit import audit_game, audit_moves
from devtools.scripted import ClaimClock, IdleWatcher, ScriptedPlayer
from players.models import Player
from rules.models import Ruleset
from tables.clock import ManualClock
from tables.models import Game, Seat, Table
from tables.play.submit import start_game

PREFIX = "loadtest-"
RULESET = "Load test (East only)"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def rss_mib(pid: int) -> float | None:
    """Resident memory of a process in MiB (None once it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) / 1024 if found else None


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far, in seconds."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    # Fields 14 and 15 of stat(5), counted after the command's closing parenthesis.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def daphne_pids(ports: set[int]) -> list[int]:
    """The daphne processes on this machine listening on one of ``ports``."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode(errors="replace") for a in argv if a]
        if not any(w.endswith("daphne") for w in words[:2]):
            continue
        for flag, value in itertools.pairwise(words):
            if flag in ("-p", "--port") and value.isdigit() and int(value) in ports:
                out.append(int(entry.name))
    return sorted(out)


class Command(BaseCommand):
    help = "Play N tables of four scripted WebSocket clients against a running server."

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=10)
        parser.add_argument(
            "--url",
            default="ws://127.0.0.1:8000",
            help="the server's ws:// base; several, comma separated, spread each table's "
            "four players over them (one table, several processes)",
        )
        parser.add_argument(
            "--duration",
            type=float,
            default=60.0,
            help="seconds of play; finished games are followed by new ones until then",
        )
        parser.add_argument("--think", type=float, default=1.0, help="mean seconds per move")
        parser.add_argument(
            "--ramp",
            type=float,
            default=None,
            help="seconds over which the clients connect (default: 0.1 s per table); "
            "the summary's steady-state figures count only moves after the last connect",
        )
        parser.add_argument(
            "--interval", type=float, default=30.0, help="seconds between progress lines"
        )
        parser.add_argument(
            "--pids",
            default="",
            help="comma-separated server process ids whose memory to report "
            "(default: the daphne processes listening on the --url ports)",
        )
        parser.add_argument(
            "--watchers",
            type=int,
            default=10,
            help="idle sockets held open all along, sent nothing: half on the lobby, half "
            "watching a table where nothing happens (they must survive the silence)",
        )
        parser.add_argument("--origin", default="http://127.0.0.1", help="Origin header to send")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--keep", action="store_true", help="keep the tables afterwards")

    def handle(self, *args, **options):
        if options["tables"] < 1:
            raise CommandError("--tables must be at least 1")
        urls = [u.strip().rstrip("/") for u in options["url"].split(",") if u.strip()]
        if not urls or not all(u.startswith(("ws://", "wss://")) for u in urls):
            raise CommandError("--url must start with ws:// or wss://")
        options["urls"] = urls
        try:
            pids = [int(p) for p in options["pids"].split(",") if p.strip()]
        except ValueError:
            raise CommandError("--pids takes process ids such as 123,456") from None
        if not pids:
            pids = daphne_pids({urlsplit(u).port or 80 for u in urls})
        self.pids = pids
        self.clear()
        self.stdout.write(f"Setting up {options['tables']} tables...")
        ramp = options["ramp"] if options["ramp"] is not None else options["tables"] / 10
        options["ramp"] = ramp
        tables = self.set_up(options["tables"], options["seed"], options["origin"], ramp)
        before = self.stored_moves()
        memory_at_start = {pid: rss_mib(pid) for pid in self.pids}
        cpu_at_start = {pid: cpu_seconds(pid) for pid in self.pids}
        self.stdout.write(
            f"Playing for {options['duration']:.0f} s with {4 * len(tables)} clients "
            f"(think time about {options['think']} s) against {', '.join(options['urls'])}"
        )
        self.stdout.write(f"server memory at start  {self.memory_line(memory_at_start)}")
        started = time.monotonic()
        players, watchers = asyncio.run(self.play(tables, options))
        elapsed = time.monotonic() - started
        memory_at_end = {pid: rss_mib(pid) for pid in self.pids}
        cpu_at_end = {pid: cpu_seconds(pid) for pid in self.pids}
        stored = self.stored_moves() - before
        self.report(players, stored, elapsed, time.monotonic())
        self.report_watchers(watchers)
        self.stdout.write(f"server memory at start  {self.memory_line(memory_at_start)}")
        self.stdout.write(f"server memory at end    {self.memory_line(memory_at_end)}")
        # CPU per action does not depend on what else the machine runs, unlike latency.
        used = {
            pid: cpu_at_end[pid] - cpu_at_start[pid]
            for pid in self.pids
            if cpu_at_start.get(pid) is not None and cpu_at_end.get(pid) is not None
        }
        if used:
            self.stdout.write(
                "server CPU              "
                + "  ".join(
                    f"pid {pid} {sec:.1f} s ({sec / elapsed:.0%} of a core)"
                    for pid, sec in used.items()
                )
                + f"  = {sum(used.values()) * 1000 / max(stored, 1):.1f} ms per stored action"
            )
        sound = self.audit(players) and all(
            w.stats.alive_at_end and not w.stats.drops for w in watchers
        )
        if not options["keep"] and sound:
            self.clear()
        if not sound:
            raise CommandError(
                "the audit found lost, duplicated or unsound games, or idle watchers "
                "that were dropped (tables kept)"
            )

    def memory_line(self, memory: dict[int, float | None]) -> str:
        if not memory:
            return "(no server process found: pass --pids)"
        return "  ".join(
            f"pid {pid} {'gone' if mib is None else f'{mib:.1f} MiB'}"
            for pid, mib in memory.items()
        )

    # --- set-up ---------------------------------------------------------------------

    def clear(self) -> None:
        Table.objects.filter(name__startswith=PREFIX).delete()

    def set_up(self, count: int, seed: int, origin: str, ramp: float) -> list[tuple]:
        """Tables with their first game: (table id, game id, four players' headers)."""
        from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
        from django.contrib.sessions.backends.db import SessionStore

        ruleset, _ = Ruleset.objects.get_or_create(
            name=RULESET,
            defaults={
                "preset": "ronin",
                "settings": {"game_type": "tonpuusen", "west_round": False},
            },
        )
        out = []
        for number in range(count):
            table = Table.objects.create(name=f"{PREFIX}{number}", ruleset=ruleset)
            headers = []
            for index in range(4):
                player, created = Player.objects.get_or_create(
                    username=f"{PREFIX}{number}-{index}",
                    defaults={"display_name": f"Load {number}.{index}"},
                )
                if created:
                    player.set_unusable_password()
                    player.save()
                Seat.objects.create(table=table, index=index, player=player)
                session = SessionStore()
                session[SESSION_KEY] = str(player.pk)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = player.get_session_auth_hash()
                session.create()
                cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"
                headers.append({"Cookie": cookie, "Origin": origin})
            # The games' clocks start once every client is due to be connected, so the
            # server does not play for seats whose client has not arrived yet.
            begins = timezone.now() + dt.timedelta(seconds=ramp + 2)
            game = start_game(table, seed=seed * 100_000 + number, clock=ManualClock(begins))
            out.append((table.pk, game.pk, headers))
        return out

    def stored_moves(self) -> int:
        games = Game.objects.filter(table__name__startswith=PREFIX)
        return games.aggregate(total=Sum("version"))["total"] or 0

    def next_game(self, table_id: int, seed: int) -> int:
        """The table's next game, started now (its players are connecting again)."""
        return start_game(Table.objects.get(pk=table_id), seed=seed).pk

    # --- play -----------------------------------------------------------------------

    def quiet_tables(self, count: int) -> list[int]:
        """Open tables nobody sits at: their watchers are sent nothing at all."""
        ruleset = Ruleset.objects.get(name=RULESET)
        out = []
        for number in range(count):
            table = Table.objects.create(name=f"{PREFIX}quiet-{number}", ruleset=ruleset)
            for index in range(4):
                Seat.objects.create(table=table, index=index)
            out.append(table.pk)
        return out

    async def play(self, tables, options) -> tuple[list[ScriptedPlayer], list[IdleWatcher]]:
        urls = options["urls"]
        rng = random.Random(options["seed"])
        ramp = options["ramp"]
        until = time.monotonic() + ramp + options["duration"]
        clients = 4 * len(tables)  # the players connect one by one over the ramp
        players: list[ScriptedPlayer] = []
        self.games_finished = 0

        async def run(player, delay):
            try:
                await player.play(until=until, delay=delay)
            except Exception as exc:  # a refused connection is a result too
                player.stats.errors[type(exc).__name__] = (
                    player.stats.errors.get(type(exc).__name__, 0) + 1
                )

        async def table_loop(number, table_id, game_id, headers):
            seats = []
            claims = ClaimClock()  # a move held by a claim counts from the claim's end
            for index, seat_headers in enumerate(headers):
                position = 4 * number + index
                seats.append(
                    ScriptedPlayer(
                        # a table's players spread over the processes, as behind a proxy
                        [
                            urls[(position + k) % len(urls)] + f"/ws/tables/{table_id}/"
                            for k in range(len(urls))
                        ],
                        seat_headers,
                        think=options["think"],
                        rng=random.Random(rng.random()),
                        game_id=game_id,
                        reconnect=True,
                        claims=claims,
                    )
                )
            players.extend(seats)
            delays = [ramp * (4 * number + i) / clients for i in range(4)]
            game_seed = rng.randrange(2**40)
            while True:
                await asyncio.gather(*(run(p, d) for p, d in zip(seats, delays, strict=True)))
                if not all(p.stats.finished for p in seats) or time.monotonic() >= until:
                    return
                self.games_finished += 1
                game_seed += 1
                game_id = await sync_to_async(self.next_game)(table_id, game_seed)
                for p in seats:
                    p.new_game(game_id)
                delays = [0.0] * 4

        tasks = [
            asyncio.create_task(table_loop(n, table_id, game_id, headers))
            for n, (table_id, game_id, headers) in enumerate(tables)
        ]
        # A name of its own: table_loop reads ``clients`` only once it runs, after this
        # line (reusing one name spread 400 players over 40 ramps, most never connected).
        watcher_count = options["watchers"]
        quiet = await sync_to_async(self.quiet_tables)((watcher_count + 1) // 2)
        paths = ["/ws/lobby/"] * (watcher_count // 2) + [f"/ws/tables/{pk}/" for pk in quiet]
        origin = {"Origin": options["origin"]}
        watchers = [IdleWatcher(urls[n % len(urls)] + path, origin) for n, path in enumerate(paths)]
        watching = [asyncio.create_task(w.watch(until)) for w in watchers]
        started = last = time.monotonic()
        stored_before = await sync_to_async(self.stored_moves)()
        self.interval_moves = sum(p.stats.moves for p in players)
        while not all(t.done() for t in tasks):
            await asyncio.wait(tasks, timeout=options["interval"])
            now = time.monotonic()
            stored = await sync_to_async(self.stored_moves)()
            self.progress(players, now - started, last, now, stored - stored_before)
            stored_before, last = stored, now
        await asyncio.gather(*tasks, *watching)
        return players, watchers

    def report_watchers(self, watchers: list[IdleWatcher]) -> None:
        if not watchers:
            return
        alive = sum(w.stats.alive_at_end for w in watchers)
        self.stdout.write(
            f"idle watchers     {len(watchers)} ({sum('lobby' in w.url for w in watchers)} "
            f"on the lobby): {alive} still answering at the end, "
            f"{sum(w.stats.drops for w in watchers)} dropped; longest silence "
            f"{max(w.stats.longest_quiet for w in watchers):.0f} s, "
            f"{sum(w.stats.frames for w in watchers)} frames received"
        )

    def progress(self, players, elapsed: float, since: float, now: float, stored: int) -> None:
        """One line for the interval (since, now]: its latencies, rates and memory."""
        recent = [
            x
            for p in players
            for x, at in zip(p.stats.latencies, p.stats.latency_times, strict=True)
            if since < at <= now
        ]
        span = max(now - since, 0.001)
        memory = " ".join(
            f"{pid}:{'-' if m is None else f'{m:.0f}'}"
            for pid, m in ((pid, rss_mib(pid)) for pid in self.pids)
        )
        self.stdout.write(
            f"  {elapsed:5.0f} s  {stored / span:6.1f} actions/s  "
            f"p50 {percentile(recent, 0.5) * 1000:6.1f}  "
            f"p95 {percentile(recent, 0.95) * 1000:6.1f}  "
            f"p99 {percentile(recent, 0.99) * 1000:6.1f} ms (n={len(recent)})  "
            f"games done {self.games_finished}  "
            f"reconnects {sum(p.stats.reconnects for p in players)}  "
            f"RSS MiB {memory or '-'}"
        )
        self.stdout.flush()

    def report(self, players, stored: int, elapsed: float, ended: float) -> None:
        latencies = [x for p in players for x in p.stats.latencies]
        connected = [p.stats.connected_at for p in players if p.stats.connected_at]
        settled = max(connected) if connected else 0
        steady = [
            x
            for p in players
            for x, at in zip(p.stats.latencies, p.stats.latency_times, strict=True)
            if at > settled
        ]
        errors: dict[str, int] = {}
        closes: dict[str, int] = {}
        for p in players:
            for code, count in p.stats.errors.items():
                errors[code] = errors.get(code, 0) + count
            for why, count in p.stats.closes.items():
                if why != "left":
                    closes[why] = closes.get(why, 0) + count
        self.stdout.write("")
        self.stdout.write(f"clients           {len(players)}")
        self.stdout.write(f"games finished    {self.games_finished} (then a new one started)")
        self.stdout.write(f"moves sent        {sum(p.stats.moves for p in players)}")
        self.stdout.write(f"moves stored      {stored}  ({stored / elapsed:.1f} actions/s)")
        self.stdout.write(f"frames received   {sum(p.stats.frames for p in players)}")
        self.stdout.write(f"clients connected {len(connected)} of {len(players)}")
        self.stdout.write(
            f"reconnects        {sum(p.stats.reconnects for p in players)}  "
            f"(sockets lost: {closes or 'none'})"
        )
        for label, values in (("latency, all (ms)", latencies), ("latency, steady   ", steady)):
            if values:
                self.stdout.write(
                    f"{label} "
                    f"p50 {percentile(values, 0.5) * 1000:.1f}  "
                    f"p95 {percentile(values, 0.95) * 1000:.1f}  "
                    f"p99 {percentile(values, 0.99) * 1000:.1f}  "
                    f"max {max(values) * 1000:.1f}  "
                    f"mean {statistics.fmean(values) * 1000:.1f}  (n={len(values)})"
                )
        held = sum(p.stats.claim_held for p in players)
        self.stdout.write(
            f"held by a claim   {held} of {len(latencies)} latencies counted from the "
            "claim's end (the last answer another seat sent), not from the move"
        )
        if steady and ended > settled:
            self.stdout.write(
                f"steady rate       {len(steady) / (ended - settled):.1f} client moves/s "
                f"over {ended - settled:.0f} s after the last connect"
            )
        self.stdout.write(f"refusals/errors   {errors or 'none'}")

    def audit(self, players) -> bool:
        """Nothing lost or applied twice, and every game sound (see the module docstring)."""
        games = list(Game.objects.filter(table__name__startswith=PREFIX).prefetch_related("hands"))
        sockets = [r for p in players for r in p.stats.sockets]
        # the servers pass for a seat whose call window ended (tables.play.call_window)
        checked = audit_moves(sockets, {g.pk: g.log for g in games}, server_passes=True)
        unsound = {g.pk: problems for g in games if (problems := audit_game(g))}
        self.stdout.write(
            f"audit, moves      {checked.sent} sent, {checked.refused} refused, "
            f"{checked.stored} stored: lost {checked.lost}, duplicated "
            f"{len(checked.duplicated)}, stored though refused {checked.phantom} "
            f"({checked.unanswered_sockets} sockets dropped with answers unread; "
            f"{checked.server_passed} late passes refused where the server had passed "
            "for the seat when its call window ended)"
        )
        self.stdout.write(
            f"audit, games      {len(games)} games replayed, {len(unsound)} differ from "
            f"their stored state; {checked.log_entries} stored actions, "
            f"{checked.from_clients} of them the clients' moves (the rest server moves)"
        )
        for label in checked.duplicated[:20]:
            self.stdout.write(f"  !! duplicated: {label}")
        for pk, problems in list(unsound.items())[:10]:
            self.stdout.write(f"  !! game {pk}: {'; '.join(problems)[:400]}")
        return checked.ok and not unsound
