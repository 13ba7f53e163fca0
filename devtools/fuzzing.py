"""A seeded fuzzer for a live server: hostile socket messages and form posts.

:class:`Fuzzer` (run by ``python manage.py fuzz``) sets up tables through the ORM, so
it must use the same database as the server (the same ``SQLITE_PATH`` or
``DATABASE_URL``), exactly as ``loadtest`` does. Without ``--url`` it starts its own
daphne on a free port with this process's database settings.

Each table slot seats a fuzz player, a well-behaved scripted player
(:class:`devtools.scripted.ScriptedPlayer`) and two bots, and has a signed-in
spectator that is not seated. The fuzz player's socket and the spectator's send a
seeded mix of messages: wrong JSON types, huge strings, unknown actions, stale and
future versions, other seats' actions, settings toggles, binary frames, bursts past
the rate limit, and legal moves taken from the buttons of the last frame, so games
go on. When a slot's game ends a new table takes its place. Meanwhile a thread posts
random lobby, table, calculator, API, log-import and tournament forms over HTTP with CSRF
(:mod:`devtools.fuzz_forms`).

Checked, each a violation that makes the command exit non-zero:

* no HTTP answer is a 5xx;
* every message that must be refused is answered with an error frame (a message
  that may be accepted, a legal move or a settings toggle, is followed by a
  sentinel ``[]`` whose ``malformed`` answer closes the exchange, so an answer
  that never came is noticed too);
* no socket is closed by the server: neither the fuzzing ones nor, above all, the
  well-behaved players';
* at the end every game's stored rows (version, log, hand index, end, final
  standings, hand records) equal what replaying its accepted action log gives.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db.models import Q

from .daphne_child import DaphneChild
from .fuzz_forms import FormFuzzer
from .fuzz_messages import Junk
from .fuzz_replay import check_game
from .fuzz_world import (
    PREFIX,
    Report,
    clear,
    fuzz_player,
    fuzz_ruleset,
    session_cookie,
)

VERSION = re.compile(r'id="table-center"[^>]*data-version="(\d+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
ERROR = re.compile(r'id="table-error"[^>]*data-error="([a-z_]+)"[^>]*>([^<]*)<')
SENTINEL = "[]"  # always refused as malformed, with this text:
SENTINEL_TEXT = "send JSON such as"
# What a message that may be accepted can be refused with (never "malformed").
MAYBE_CODES = {
    "stale",
    "illegal",
    "finished",
    "not_started",
    "rate_limited",
    "missing",
    "unavailable",
}
ANSWER_TIMEOUT = 20.0

# Settings of a server the fuzzer starts itself: quick bots and hand changes, and
# limits that a normal exchange stays under while a burst still runs into them.
OWN_SERVER_ENV = {
    "TABLE_BOT_DELAY": "0.02",
    "TABLE_AUTO_DELAY": "0.02",
    "TABLE_RESULT_PAUSE": "0.05",
    "TABLE_CALL_WINDOW": "0.02",
    "TABLE_LEASE_SECONDS": "3",
    "TABLE_MESSAGE_RATE": "300",
    "TABLE_MESSAGE_BURST": "40",
    "TABLE_ACCOUNT_RATE": "600",
    "TABLE_ACCOUNT_BURST": "80",
    "TABLE_OPEN_LIMIT": "3",
    # the fuzzer posts many imports from one address; the budget has its own tests
    "IMPORT_RATE_PER_HOUR": "1000000",
    "SIGNUP_RATE_PER_HOUR": "1000000",
}


class Violation(Exception):
    pass


# --- the server -------------------------------------------------------------------------------


def own_server(log_path: Path) -> DaphneChild:
    """The server the fuzzer starts when it is given none to aim at."""
    return DaphneChild(log_path, **OWN_SERVER_ENV)


# --- set-up through the ORM ---------------------------------------------------------------------


@dataclass
class Slot:
    """One live table of the run and the people at it."""

    table_id: int
    game_id: int
    fuzzer: str  # session keys
    good: str
    watcher: str


def new_slot(number: int, epoch: int, seed: int) -> Slot:
    from tables import lobby
    from tables.models import Seat, Table
    from tables.play.submit import start_game

    fuzz = fuzz_player(f"player{number}")
    good = fuzz_player(f"good{number}")
    watcher = fuzz_player(f"watcher{number}")
    table = Table.objects.create(name=f"{PREFIX}{number}-{epoch}", ruleset=fuzz_ruleset())
    for index, (person, level) in enumerate(
        [(fuzz, ""), (good, ""), (None, "careful"), (None, "efficient")]
    ):
        Seat.objects.create(
            table=table,
            index=index,
            player=person or lobby.bot_player(level),
            bot_level=level,
        )
    game = start_game(table, seed=seed)
    return Slot(
        table.pk, game.pk, session_cookie(fuzz), session_cookie(good), session_cookie(watcher)
    )


# --- the socket messages: devtools.fuzz_messages.Junk -------------------------------------


def other_seats(actions: list[str], seat: int) -> list[str]:
    """The player's own legal moves rewritten for the other seats."""
    out = []
    for action in actions:
        rest = action.split(":", 1)[1]
        out.extend(f"{other}:{rest}" for other in range(4) if other != seat)
    return out


class FuzzSocket:
    """One fuzzing socket: sends, and accounts for every answer."""

    def __init__(self, fuzzer: Fuzzer, url: str, cookie: str, seat: int | None, rng):
        self.fuzzer = fuzzer
        self.url = url
        self.cookie = cookie
        self.seat = seat
        self.rng = rng
        self.junk = Junk(rng, seat)
        self.version = 0
        self.legal: list[str] = []
        self.finished = False
        self.errors: asyncio.Queue = asyncio.Queue()
        self.closed_by_us = False

    def read(self, frame: str) -> None:
        found = VERSION.search(frame)
        if found:
            version = int(found.group(1))
            if version >= self.version:
                self.version = version
                self.legal = [a for a in ACTION.findall(frame) if a.startswith(f"{self.seat}:")]
        if "final-panel" in frame:
            self.finished = True
        error = ERROR.search(frame)
        if error:
            self.errors.put_nowait((error.group(1), error.group(2)))

    async def answer(self, what: str) -> tuple[str, str]:
        try:
            return await asyncio.wait_for(self.errors.get(), ANSWER_TIMEOUT)
        except TimeoutError:
            raise Violation(f"no error frame answered {what} on {self.url}") from None

    async def run(self, stop: asyncio.Event, over: asyncio.Event) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        headers = {
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={self.cookie}",
            "Origin": "http://127.0.0.1",
        }
        report = self.fuzzer.report
        async with connect(self.url, additional_headers=headers, max_size=2**24) as ws:

            async def reader():
                try:
                    async for frame in ws:
                        self.read(frame if isinstance(frame, str) else frame.decode())
                except ConnectionClosed:
                    pass
                if not self.closed_by_us:
                    report.violate(f"the server closed a fuzzing socket: {self.url}")
                    stop.set()

            reading = asyncio.create_task(reader())
            try:
                while not (stop.is_set() or over.is_set() or self.finished):
                    if not self.fuzzer.take_budget():
                        break
                    await self.one(ws)
            finally:
                self.closed_by_us = True
                reading.cancel()

    async def one(self, ws) -> None:
        """Send one message (or one burst) and read the answers it is owed."""
        r = self.rng
        report = self.fuzzer.report
        roll = r.random()
        seated = self.seat is not None
        if seated and self.legal and roll < 0.35:  # a real move keeps the game going
            version = self.version
            if r.random() < 0.1:  # stale: refused, unless only other answers came since
                version = max(0, version - r.randint(1, 5))
            await self.maybe(ws, json.dumps({"action": r.choice(self.legal), "version": version}))
        elif seated and roll < 0.37:  # a move of the seat's own, legal or not
            await self.maybe(ws, self.junk.move_of_mine(self.version))
        elif roll < 0.40:
            await self.maybe(ws, self.junk.settings()) if seated else await self.refuse(
                ws, self.junk.settings()
            )
        elif roll < 0.41:  # a burst past the rate limit: every message is still answered
            count = r.randint(60, 120)
            count = self.fuzzer.take_extra(count - 1) + 1
            for _ in range(count):
                await ws.send(self.junk.refused(self.version, [], []))
            report.sent += count
            for n in range(count):
                code, _ = await self.answer(f"message {n + 1} of a burst of {count}")
                report.answers[code] += 1
        else:
            others = other_seats(self.legal, self.seat) if seated else []
            await self.refuse(ws, self.junk.refused(self.version, self.legal, others))

    async def refuse(self, ws, payload) -> None:
        await ws.send(payload)
        self.fuzzer.report.sent += 1
        code, _ = await self.answer(f"{str(payload)[:80]!r}")
        self.fuzzer.report.answers[code] += 1

    async def maybe(self, ws, payload: str) -> None:
        report = self.fuzzer.report
        await ws.send(payload)
        await ws.send(SENTINEL)
        self.fuzzer.take_extra(1)  # the sentinel is a message of the run too
        report.sent += 2
        code, text = await self.answer(f"{payload[:80]!r} and its sentinel")
        report.answers[code] += 1
        if code == "malformed" and text.startswith(SENTINEL_TEXT):
            report.accepted += 1  # the sentinel's answer: the message drew none
            return
        if code not in MAYBE_CODES:
            report.violate(f"{payload[:80]!r} was refused with {code!r}: {text}")
        if code == "rate_limited":
            # Either message's answer. Whichever it was, at most one more is owed.
            try:
                code, text = await asyncio.wait_for(self.errors.get(), 2.0)
                report.answers[code] += 1
            except TimeoutError:
                report.ambiguous += 1
            return
        code, text = await self.answer(f"the sentinel after {payload[:80]!r}")
        report.answers[code] += 1


# --- the run -------------------------------------------------------------------------------------


class Fuzzer:
    def __init__(self, *, messages: int, seed: int, forms: int, tables: int, every: int, write):
        self.messages = messages
        self.seed = seed
        self.forms = forms
        self.slots = tables
        self.every = max(1, every)
        self.write = write
        self.report = Report()
        self.rng = random.Random(seed)
        self.budget = messages
        self.next_progress = self.every
        self.started = time.monotonic()

    def take_budget(self) -> bool:
        if self.budget <= 0:
            return False
        self.budget -= 1
        self.progress()
        return True

    def take_extra(self, wanted: int) -> int:
        granted = max(0, min(wanted, self.budget))
        self.budget -= granted
        return granted

    def progress(self) -> None:
        done = self.messages - self.budget
        while done >= self.next_progress:
            r = self.report
            self.write(
                f"  {self.next_progress:>8} messages  {time.monotonic() - self.started:6.1f} s  "
                f"forms {r.forms}  tables {r.tables}  accepted {r.accepted}  "
                f"violations {len(r.violations)}"
            )
            self.next_progress += self.every

    def run(self, ws_base: str, http_base: str) -> Report:
        from asgiref.sync import sync_to_async

        clear()
        stop_forms = threading.Event()
        forms = FormFuzzer(self, http_base, random.Random(self.rng.random()))
        form_thread = threading.Thread(target=forms.run, args=(self.forms, stop_forms))
        form_thread.start()
        try:
            asyncio.run(self.sockets(ws_base, sync_to_async))
        finally:
            if self.report.violations:
                stop_forms.set()
            form_thread.join()
        return self.report

    async def sockets(self, ws_base: str, to_thread) -> None:
        stop = asyncio.Event()
        make_slot = to_thread(new_slot, thread_sensitive=True)

        async def slot(number: int) -> None:
            rng = random.Random(self.seed * 1000 + number)
            epoch = 0
            while self.budget > 0 and not stop.is_set():
                seed = self.seed * 100_000 + number * 1000 + epoch
                s = await make_slot(number, epoch, seed)
                self.report.tables += 1
                epoch += 1
                await self.play_slot(s, ws_base, rng, stop)

        await asyncio.gather(*(slot(n) for n in range(self.slots)))

    async def play_slot(self, s: Slot, ws_base: str, rng: random.Random, stop) -> None:
        from websockets.exceptions import ConnectionClosed

        from .scripted import ScriptedPlayer

        url = f"{ws_base}/ws/tables/{s.table_id}/"
        cookie = settings.SESSION_COOKIE_NAME
        good = ScriptedPlayer(url, {"Cookie": f"{cookie}={s.good}", "Origin": "http://127.0.0.1"})
        over = asyncio.Event()  # the game ended: the slot's sockets stop
        sockets = [
            FuzzSocket(self, url, s.fuzzer, 0, random.Random(rng.random())),
            FuzzSocket(self, url, s.watcher, None, random.Random(rng.random())),
        ]

        async def good_player():
            try:
                await good.play()
            except ConnectionClosed as exc:
                self.report.violate(f"a well-behaved player was dropped at {url}: {exc!r}")
                stop.set()
            finally:
                self.report.good_moves += good.stats.moves
                over.set()

        async def fuzzing(fs: FuzzSocket):
            try:
                await fs.run(stop, over)
            except Violation as exc:
                self.report.violate(str(exc))
                stop.set()
            except ConnectionClosed as exc:
                self.report.violate(f"a fuzzing socket was dropped at {url}: {exc!r}")
                stop.set()

        good_task = asyncio.create_task(good_player())
        await asyncio.gather(*(fuzzing(fs) for fs in sockets))
        if not good_task.done():
            # Out of messages (or stopped by a violation) before the game ended: the
            # well-behaved player leaves, the bots and timers finish the game.
            good_task.cancel()
        await asyncio.gather(good_task, return_exceptions=True)


# --- the end: replay every game ---------------------------------------------------------------------


def fuzzed_games():
    from players.models import Player
    from tables.models import Game

    people = Player.objects.filter(username__startswith=PREFIX)
    return Game.objects.filter(
        Q(table__name__startswith=PREFIX) | Q(table__created_by__in=people)
    ).order_by("pk")


def check_games(report: Report) -> None:
    for game in fuzzed_games():
        report.games_checked += 1
        for problem in check_game(game):
            report.violate(problem)
