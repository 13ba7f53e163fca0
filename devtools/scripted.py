"""A scripted player over a real WebSocket, for the load test, the process tests and the
fault tests; and the audit that checks what such players did against the stored games.

It reads the same frames a browser gets, finds its buttons by their ``data-action``
attributes and answers as a browser would (the JSON htmx's ws-send posts). Its
policy is simple on purpose: win when it can, pass on calls, otherwise throw the
tile it just drew. It measures the time from sending a move to receiving the frame
that shows it.

Given several URLs (one table served by several processes) and ``reconnect=True``, it
behaves like a browser whose socket drops: it opens a new socket, to the next URL in
turn, until the game ends or its time is up, and carries on from the full view the
server sends on connect. ``stall`` also reconnects when no frame came for that many
seconds, for a socket that stays open but hears nothing.

Every move it sends is kept (a :class:`SentMove`), grouped by the socket it went
through (a :class:`SocketRecord`) with the number of those moves the server refused,
which is exact: the server handles one socket's messages one at a time and answers
every refused move with an error frame and a taken one with none, so before a socket
is left the player sends a message it knows will be refused (the *barrier*); the error
frames that arrive before the barrier's own are all the refusals there are. The
protocol has no per-move acknowledgement, so which moves were refused is not known,
only how many; that is enough to count. A socket that drops with moves unanswered is
left ``answered=False``: its last moves may or may not be stored. :func:`devtools.move_audit.audit_moves`
and :func:`~devtools.move_audit.audit_game` then check the players' moves and the stored games: every move
at most once in the logs, as many stored per socket as the server took, and every
game's log replaying to its stored state.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field

from rules.engine import is_discard_answer

VERSION = re.compile(r'id="table-center"[^>]*data-version="(\d+)"')
ACTION = re.compile(r'data-action="([^"]+)"')
ERROR = re.compile(r'data-error="([a-z_]+)"')
COUNTDOWN = re.compile(r'data-countdown data-base="([0-9.]+)"')
FINAL = "final-panel"
# Refused by the server for any seated player ("malformed"), or a watcher ("not_seated").
BARRIER = "{}"


def choose(actions: list[str]) -> str | None:
    """Win, else pass, else discard the drawn tile (the last discard button)."""
    for kind in (":tsumo:", ":ron:"):
        for action in actions:
            if kind in action:
                return action
    for action in actions:
        if action.endswith(":pass"):
            return action
    discards = [a for a in actions if ":discard:" in a]
    return discards[-1] if discards else (actions[0] if actions else None)


@dataclass
class SentMove:
    """One move a player sent: the game, the action and the version it was sent at."""

    game_id: int | None
    action: str
    version: int


@dataclass
class SocketRecord:
    """The moves sent through one socket and how many of them the server refused."""

    moves: list[SentMove] = field(default_factory=list)
    refused: int = 0
    answered: bool = False  # the barrier came back: every move's answer was read


class ClaimClock:
    """When each seat of one table last answered a claim, shared by its players.

    A discard that opens a claim reaches the discarder (and everyone the claim does
    not ask) only once the claim is settled (:mod:`tables.play.hidden_claims`), so the
    frame that shows it also waits for the asked seats to think. The server's own
    share of that wait starts with the answer that settles the claim: a move's
    latency is therefore counted from the last answer another seat sent after it,
    when there was one, and otherwise from the move itself.
    """

    def __init__(self):
        self.answered: dict[str, float] = {}  # seat -> perf_counter of its last answer

    def answer_sent(self, seat: str, at: float) -> None:
        self.answered[seat] = at

    def start_of(self, seat: str, sent_at: float) -> tuple[float, bool]:
        """When the server's work on a move sent at ``sent_at`` began; whether a claim
        held it (another seat answered after it)."""
        others = [at for who, at in self.answered.items() if who != seat and at > sent_at]
        return (max(others), True) if others else (sent_at, False)


@dataclass
class PlayerStats:
    latencies: list[float] = field(default_factory=list)  # seconds, send -> frame
    latency_times: list[float] = field(default_factory=list)  # when each was measured
    claim_held: int = 0  # latencies counted from a claim's end (see ClaimClock)
    connected_at: float | None = None
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    frames: int = 0
    finished: bool = False
    connections: int = 0
    reconnects: int = 0
    closes: dict[str, int] = field(default_factory=dict)  # why sockets ended, by reason
    sockets: list[SocketRecord] = field(default_factory=list)


class ScriptedPlayer:
    def __init__(
        self,
        url: str | list[str],
        headers: dict,
        think: float = 0.0,
        rng: random.Random | None = None,
        on_frame=None,
        *,
        game_id: int | None = None,
        reconnect: bool = False,
        stall: float | None = None,
        barrier_timeout: float = 15.0,
        hold: asyncio.Event | None = None,
        claims: ClaimClock | None = None,
    ):
        self.urls = [url] if isinstance(url, str) else list(url)
        self.url = self.urls[0]
        self.headers = headers
        self.think = think
        self.rng = rng or random.Random(0)
        self.stats = PlayerStats()
        self.on_frame = on_frame
        self.game_id = game_id
        self.reconnect = reconnect
        self.stall = stall
        self.barrier_timeout = barrier_timeout
        self.version = -1
        self.acted_at = -1
        self.sent: tuple[int, float] | None = None
        self.unavailable = False
        self.record: SocketRecord | None = None  # the open socket's moves
        # A test may hold the player before its next move (clear ``hold``) and learn
        # that it is waiting there (``waiting``), to send one move at a chosen moment.
        self.hold = hold
        self.waiting = False
        # Shared by the players of one table: measure a move held by a claim from the
        # claim's end, not from the send (without it: from the send).
        self.claims = claims
        self.seat = ""  # the seat of the last move sent ("0" to "3")

    def new_game(self, game_id: int | None) -> None:
        """Play the table's next game with the same player (and the same statistics)."""
        self.game_id = game_id
        self.version, self.acted_at, self.sent = -1, -1, None
        self.stats.finished = False

    async def play(
        self, until: float | None = None, max_moves: int | None = None, delay: float = 0
    ) -> PlayerStats:
        """Connect (after ``delay`` seconds) and play until the game ends or ``until``.

        With ``reconnect`` a dropped socket is replaced (see the module's docstring);
        without it the error that ended the socket is raised, as before.
        """
        if delay:
            await asyncio.sleep(delay)
        backoff, turn = 0.05, 0
        while not self.stats.finished and (until is None or time.monotonic() < until):
            url = self.urls[turn % len(self.urls)]
            try:
                ended = await self.session(url, until, max_moves)
            except Exception as exc:
                self.lost_socket(type(exc).__name__)
                if not self.reconnect:
                    raise
                # The next URL, after a pause that grows while nothing answers.
                turn += 1
                self.stats.reconnects += 1
                pause = backoff
                if until is not None:
                    pause = min(pause, max(0.0, until - time.monotonic()))
                await asyncio.sleep(pause)
                backoff = min(backoff * 2, 1.0)
                continue
            backoff = 0.05
            if ended:
                break
        return self.stats

    async def session(self, url: str, until: float | None, max_moves: int | None) -> bool:
        """One socket: play on it; True when the player is done (game over, moves made)."""
        from websockets.asyncio.client import connect

        self.url = url
        async with connect(
            url, additional_headers=self.headers, max_size=2**22, open_timeout=10
        ) as ws:
            self.record = SocketRecord()
            self.unavailable = False
            # A new socket starts with the full view: a move sent on the old one and
            # not stored (its process died, say) is to be made again from it, and one
            # that was stored moved the version on, so it cannot be sent twice.
            self.acted_at = -1
            self.stats.sockets.append(self.record)
            self.stats.connections += 1
            if self.stats.connected_at is None:
                self.stats.connected_at = time.monotonic()
            self.sent = None
            done = False
            while until is None or time.monotonic() < until:
                timeout = None if until is None else max(0.01, until - time.monotonic())
                if self.stall is not None:
                    timeout = self.stall if timeout is None else min(timeout, self.stall)
                try:
                    frame = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    if until is not None and time.monotonic() >= until:
                        break
                    raise StalledSocket(f"no frame for {self.stall} s") from None
                if self.read(frame):
                    done = True
                    break
                if self.unavailable:
                    # The server could not take the move for now: a browser's player
                    # would try again shortly, here on a new socket with a fresh view.
                    raise ServiceUnavailable("the server answered 'unavailable'")
                if max_moves is not None and self.stats.moves >= max_moves:
                    done = True
                    break
                move = self.next_move(frame)
                if move is None:
                    continue
                if self.think:
                    await asyncio.sleep(self.thinking(move, frame))
                if self.hold is not None and not self.hold.is_set():
                    decided = self.version
                    self.waiting = True
                    try:
                        await self.hold.wait()
                    finally:
                        self.waiting = False
                    if self.version != decided:  # cannot happen unread, but be sure
                        continue
                self.note_sent(move)
                await ws.send(json.dumps({"action": move, "version": self.version}))
                self.stats.moves += 1
            await self.settle(ws)
            self.stats.closes["left"] = self.stats.closes.get("left", 0) + 1
            self.record = None
            return done

    def thinking(self, move: str, frame: str) -> float:
        """Seconds to think before ``move``: about ``think``, but an answer to a claim
        comes within half the time its countdown shows, as a person watching the
        countdown of a call window answers before it ends (tables.play.call_window)."""
        pause = self.think * (0.5 + self.rng.random())
        countdown = COUNTDOWN.search(frame)
        if countdown and is_discard_answer(move):
            pause = min(pause, float(countdown.group(1)) / 2)
        return pause

    def note_sent(self, move: str) -> None:
        """Book ``move``, about to be sent at the version seen: its latency starts now."""
        self.acted_at = self.version
        self.sent = (self.version, time.perf_counter())
        self.seat = move.split(":", 1)[0]
        if self.claims is not None and is_discard_answer(move):
            self.claims.answer_sent(self.seat, self.sent[1])
        self.record.moves.append(SentMove(self.game_id, move, self.version))

    async def settle(self, ws) -> None:
        """Read the answers to every move sent on this socket (see the barrier above)."""
        if self.record.moves:
            await ws.send(BARRIER)
            limit = time.monotonic() + self.barrier_timeout
            while True:
                frame = await asyncio.wait_for(ws.recv(), max(0.01, limit - time.monotonic()))
                self.stats.frames += 1
                error = ERROR.search(frame)
                if error is None:
                    continue
                if error.group(1) == "malformed":  # the barrier's (moves are never malformed)
                    break
                self.count_error(error.group(1))
        self.record.answered = True

    def count_error(self, code: str) -> None:
        self.stats.errors[code] = self.stats.errors.get(code, 0) + 1
        self.unavailable = code == "unavailable"
        self.sent = None  # a refused move has no latency to measure
        if self.record is not None:
            self.record.refused += 1

    def lost_socket(self, reason: str) -> None:
        """The socket ended abnormally: its last moves may or may not be stored."""
        self.stats.closes[reason] = self.stats.closes.get(reason, 0) + 1
        self.record = None

    def read(self, frame: str) -> bool:
        """Take in one frame; True once the game is over."""
        self.stats.frames += 1
        error = ERROR.search(frame)
        if error:
            self.count_error(error.group(1))
            self.acted_at = -1  # the move was refused: the next frame may be acted on
        found = VERSION.search(frame)
        if found:
            version = int(found.group(1))
            # The first frame after a move answers it: the next shown version, or the
            # same one for an answer to a claim that is still open (tables.play.hidden_claims).
            if self.sent is not None and version >= self.sent[0]:
                now = time.perf_counter()
                began, held = self.sent[1], False
                if self.claims is not None and version > self.sent[0]:
                    # what the move led to, shown only once a claim settled (a frame
                    # at the same version answers it at once: a call window's picture
                    # of the tile going down, or an answer's own frame)
                    began, held = self.claims.start_of(self.seat, began)
                self.stats.claim_held += held
                self.stats.latencies.append(now - began)
                self.stats.latency_times.append(time.monotonic())
                self.sent = None
            self.version = max(self.version, version)
        if self.on_frame is not None:
            self.on_frame(frame)
        if FINAL in frame:
            self.stats.finished = True
            return True
        return False

    def next_move(self, frame: str) -> str | None:
        found = VERSION.search(frame)
        if not found or int(found.group(1)) != self.version or self.acted_at == self.version:
            return None
        return choose(ACTION.findall(frame))


class StalledSocket(Exception):
    """An open socket that brought no frame for too long (it may have lost its group)."""


class ServiceUnavailable(Exception):
    """The server answered a move with ``unavailable`` (its database is down)."""


# --- idle watchers -----------------------------------------------------------------------


@dataclass
class WatcherStats:
    frames: int = 0
    drops: int = 0  # the socket ended without this watcher closing it
    alive_at_end: bool = False  # it still answered a message after the long silence
    longest_quiet: float = 0.0  # the longest stretch (s) with no frame at all


class IdleWatcher:
    """A socket that receives and sends nothing for long stretches, as a person who
    watches a table, or leaves the lobby open in a tab, does.

    The players of a load test are never idle: a frame comes every second or so. A
    socket that is sent nothing for a while is what a Redis read timeout kills, so the
    load test keeps some of these open for its whole duration (lobby sockets, and
    spectators of tables where nothing happens) and at the end checks that each still
    answers. A dropped socket is counted and opened again.
    """

    def __init__(self, url: str, headers: dict):
        self.url = url
        self.headers = headers
        self.stats = WatcherStats()

    async def watch(self, until: float) -> WatcherStats:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        while time.monotonic() < until:
            try:
                async with connect(self.url, additional_headers=self.headers) as ws:
                    quiet_since = time.monotonic()
                    while True:
                        left = until - time.monotonic()
                        if left <= 0:
                            quiet = time.monotonic() - quiet_since
                            self.stats.longest_quiet = max(self.stats.longest_quiet, quiet)
                            self.stats.alive_at_end = await self.answers(ws)
                            return self.stats
                        try:
                            await asyncio.wait_for(ws.recv(), left)
                        except TimeoutError:
                            continue
                        now = time.monotonic()
                        self.stats.longest_quiet = max(self.stats.longest_quiet, now - quiet_since)
                        quiet_since = now
                        self.stats.frames += 1
            except (ConnectionClosed, OSError):
                self.stats.drops += 1
                await asyncio.sleep(1.0)
        return self.stats

    async def answers(self, ws) -> bool:
        """Whether the socket still answers: every message draws an error frame."""
        try:
            await ws.send(BARRIER)
            while True:
                if ERROR.search(await asyncio.wait_for(ws.recv(), 10)):
                    return True
        except Exception:
            return False
