"""Drive many live tables at once over real WebSockets and measure the server.

Set-up goes through the ORM, so run this command with the same database settings
as the server under test (the same ``SQLITE_PATH`` or ``DATABASE_URL``): it creates
four players per table (``loadtest-<table>-<seat>``), signs each in by writing a
session row, opens the tables with an East-only ruleset and starts their games.
Then four scripted players per table (:mod:`tables.scripted`) connect to ``--url``
and play, each waiting a random think time around ``--think`` seconds before a
move, as people would. The latency reported is the time from sending a move to
receiving the frame that shows it; the action rate counts the moves the server
stored. The clients connect gradually over ``--ramp`` seconds and the games' clocks
start when the last one is due, so the server plays for nobody who has not arrived;
the summary's "steady" figures count only moves made after the last connect.
Afterwards the load-test tables are deleted (``--keep`` keeps them).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import statistics
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Sum
from django.utils import timezone

from players.models import Player
from rules.models import Ruleset
from tables.clock import ManualClock
from tables.models import Game, Seat, Table
from tables.play import start_game
from tables.scripted import ScriptedPlayer

PREFIX = "loadtest-"
RULESET = "Load test (East only)"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


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
        parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
        parser.add_argument("--think", type=float, default=1.0, help="mean seconds per move")
        parser.add_argument(
            "--ramp",
            type=float,
            default=None,
            help="seconds over which the clients connect (default: 0.1 s per table); "
            "the summary's steady-state figures count only moves after the last connect",
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
        self.clear()
        self.stdout.write(f"Setting up {options['tables']} tables...")
        ramp = options["ramp"] if options["ramp"] is not None else options["tables"] / 10
        options["ramp"] = ramp
        seats = self.set_up(options["tables"], options["seed"], options["origin"], ramp)
        before = self.stored_moves()
        self.stdout.write(
            f"Playing for {options['duration']:.0f} s with {len(seats)} clients "
            f"(think time about {options['think']} s) against {', '.join(options['urls'])}"
        )
        started = time.monotonic()
        players = asyncio.run(self.play(seats, options))
        elapsed = time.monotonic() - started
        self.report(players, self.stored_moves() - before, elapsed, time.monotonic())
        if not options["keep"]:
            self.clear()

    # --- set-up ---------------------------------------------------------------------

    def clear(self) -> None:
        Table.objects.filter(name__startswith=PREFIX).delete()

    def set_up(self, count: int, seed: int, origin: str, ramp: float) -> list[tuple[int, dict]]:
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
                out.append((table.pk, {"Cookie": cookie, "Origin": origin}))
            # The games' clocks start once every client is due to be connected, so the
            # server does not play for seats whose client has not arrived yet.
            begins = timezone.now() + dt.timedelta(seconds=ramp + 2)
            start_game(table, seed=seed * 100_000 + number, clock=ManualClock(begins))
        return out

    def stored_moves(self) -> int:
        games = Game.objects.filter(table__name__startswith=PREFIX)
        return games.aggregate(total=Sum("version"))["total"] or 0

    # --- play -----------------------------------------------------------------------

    async def play(self, seats, options) -> list[ScriptedPlayer]:
        urls = options["urls"]
        rng = random.Random(options["seed"])
        ramp = options["ramp"]
        until = time.monotonic() + ramp + options["duration"]
        players = [
            ScriptedPlayer(
                f"{urls[number % len(urls)]}/ws/tables/{table_id}/",
                headers,
                think=options["think"],
                rng=random.Random(rng.random()),
            )
            for number, (table_id, headers) in enumerate(seats)
        ]

        async def run(number, player):
            try:
                await player.play(until=until, delay=ramp * number / len(players))
            except Exception as exc:  # a refused or dropped connection is a result too
                player.stats.errors[type(exc).__name__] = (
                    player.stats.errors.get(type(exc).__name__, 0) + 1
                )

        tasks = [asyncio.create_task(run(n, p)) for n, p in enumerate(players)]
        started = time.monotonic()
        while not all(t.done() for t in tasks):
            await asyncio.sleep(5)
            self.progress(players, time.monotonic() - started)
        await asyncio.gather(*tasks)
        return players

    def progress(self, players, elapsed: float) -> None:
        latencies = [x for p in players for x in p.stats.latencies]
        recent = [x for p in players for x in p.stats.latencies[-5:]]
        moves = sum(p.stats.moves for p in players)
        self.stdout.write(
            f"  {elapsed:5.0f} s  moves {moves:6d}  ({moves / max(elapsed, 0.001):6.1f}/s)  "
            f"p50 {percentile(latencies, 0.5) * 1000:6.1f} ms  "
            f"recent p95 {percentile(recent, 0.95) * 1000:6.1f} ms  "
            f"finished tables {sum(p.stats.finished for p in players) // 4}"
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
        for p in players:
            for code, count in p.stats.errors.items():
                errors[code] = errors.get(code, 0) + count
        self.stdout.write("")
        self.stdout.write(f"clients           {len(players)}")
        self.stdout.write(f"moves sent        {sum(p.stats.moves for p in players)}")
        self.stdout.write(f"moves stored      {stored}  ({stored / elapsed:.1f} actions/s)")
        self.stdout.write(f"frames received   {sum(p.stats.frames for p in players)}")
        self.stdout.write(f"clients connected {len(connected)} of {len(players)}")
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
        if steady and ended > settled:
            self.stdout.write(
                f"steady rate       {len(steady) / (ended - settled):.1f} client moves/s "
                f"over {ended - settled:.0f} s after the last connect"
            )
        self.stdout.write(f"refusals/errors   {errors or 'none'}")
