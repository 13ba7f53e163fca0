"""The table driver: one asyncio task per process that plays bots and runs timers.

Games must go on with nobody's browser open, so the moves the server makes (see
:mod:`tables.play.autoplay`) are made here rather than in a consumer.

Leases. Every playing game has a :class:`~tables.models.DriverLease` row. A driver
takes the leases that are free or expired and renews its own every few seconds;
only the lease holder makes server moves for a game. The take is one UPDATE whose
WHERE clause tests the lease row's own columns, so when two processes race for a
lease the database lets exactly one of them have it (under PostgreSQL the loser's
UPDATE re-checks the row after the winner commits and no longer matches). When a
process dies, its leases expire and another process takes them over. Even if two
drivers ever acted at once, ``submit``'s compare-and-set would refuse the second.

Planning. For each game it drives, the driver keeps the version, the timers and the
seats' policies in memory, and the state in the process's state cache. Every
update of a game (from any process) reaches the driver through the table's group
and carries the new version and timers, so deciding what is due next needs no
database at all; the database is read again when seats change (a presence event),
at each lease renewal, and whenever something does not line up. Between events it
sleeps until the next move falls due. Starting a game sends a claim event to
:data:`DRIVER_GROUP`, so the new game is picked up at once.

Time comes from an injected clock: tests call :meth:`Driver.tick` after moving a
:class:`~tables.clock.ManualClock`, with no sleeping and no background task.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import socket
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from channels.layers import get_channel_layer
from django.db.models import Q

from rules.engine import pending_seats
from tables import clock as clocks
from tables import conf, matchmaking, play_news, referees
from tables.models import DriverLease, Game, Seat, Table
from tables.play import autoplay, states, watchdog
from tables.socket import broadcast, layer_outage, messages, presence
from tables.socket.dbwork import in_pool

from . import timers as timing
from .submit import GameOver, NoSuchGame, StaleVersion, SubmitError, submit

if TYPE_CHECKING:
    from .submit import Accepted

log = logging.getLogger(__name__)

DRIVER_GROUP = broadcast.DRIVER_GROUP
MOVES_PER_GAME_PER_TICK = 12
LISTEN_RETRY_SECONDS = 1.0  # after a failed read of the channel layer
TablePolicies = dict[int, list[autoplay.SeatPolicy]]  # table id -> its four seats' policies


def default_owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass
class Driven:
    """What the driver knows about one game it drives."""

    table_id: int
    seed: int
    started: dt.datetime
    version: int
    timers: timing.Timers | None  # None, like policies, until the game is read
    policies: list[autoplay.SeatPolicy] | None  # None: the game itself must be read first
    due: dt.datetime | None = None
    stale: bool = True  # something changed: plan again
    seats_stale: bool = False  # a seat changed its auto play: read the seats again
    reveal: tuple[int, dt.datetime] | None = None  # a held version, and when to show it
    event: bool = False  # an event table: a disputed claim waits for the referee
    quiet_since: dt.datetime | None = None  # when the version last moved (tables.play.watchdog)


class Driver:
    def __init__(
        self,
        owner: str | None = None,
        clock: clocks.Clock | None = None,
        lease_seconds: float | None = None,
    ) -> None:
        self.owner = owner or default_owner()
        self.clock = clock or clocks.current()
        seconds = lease_seconds or conf.seconds("TABLE_LEASE_SECONDS")
        self.lease = dt.timedelta(seconds=seconds)
        self.renew = self.lease / 3
        self.games: dict[int, Driven] = {}
        self.next_claim: dt.datetime | None = None
        self.next_play_now: dt.datetime | None = None  # when Play now has bots or a start due
        self.channel: str | None = None
        self.wakeup: asyncio.Event | None = None
        self.stopped = False

    @property
    def owned(self) -> dict[int, int]:
        return {game_id: g.table_id for game_id, g in self.games.items()}

    # --- leases (database work, run in the pool) -----------------------------------

    def claim(self, now: dt.datetime) -> tuple[dict[int, int], TablePolicies]:
        """Renew this driver's leases and take free or expired ones.

        Returns the games it now drives (game id -> table id) and, read in one query,
        the seat policies of their tables (table id -> four policies).
        """
        playing = list(
            Game.objects.filter(finished__isnull=True, table__status=Table.PLAYING).values_list(
                "pk", flat=True
            )
        )
        DriverLease.objects.bulk_create(
            [DriverLease(game_id=pk) for pk in playing], ignore_conflicts=True
        )
        until = now + self.lease
        DriverLease.objects.filter(owner=self.owner, game_id__in=playing).update(expires=until)
        DriverLease.objects.filter(
            Q(owner="") | Q(expires__isnull=True) | Q(expires__lte=now), game_id__in=playing
        ).update(owner=self.owner, expires=until)
        # The seats whose sockets live in this process are still connected.
        live = presence.live_seats()
        if live:
            Seat.objects.filter(pk__in=live).update(connected=True, last_seen=now)
        owned = dict(
            DriverLease.objects.filter(
                owner=self.owner, expires__gt=now, game__finished__isnull=True
            ).values_list("game_id", "game__table_id")
        )
        return owned, self.seat_policies(owned.values())

    def seat_policies(self, table_ids: Iterable[int]) -> TablePolicies:
        """The seat policies of several tables in one query."""
        out: TablePolicies = {}
        for seat in (
            Seat.objects.filter(table_id__in=list(table_ids))
            .select_related("table")
            .order_by("table_id", "index")
        ):
            out.setdefault(seat.table_id, []).append(autoplay.SeatPolicy.of(seat))
        return out

    def release(self) -> None:
        """Give the leases back at once (a clean shutdown), so another process may take them."""
        DriverLease.objects.filter(owner=self.owner).update(owner="", expires=None)

    def load(self, game_id: int) -> Driven | None:
        """Read a game and its seats, and make sure its state is in the cache."""
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.finished:
            return None
        states.state_of(game)
        seats = sorted(
            Seat.objects.filter(table_id=game.table_id).select_related("table"),
            key=lambda s: s.index,
        )
        return Driven(
            table_id=game.table_id,
            seed=game.seed,
            started=game.started,
            version=game.version,
            timers=timing.Timers(
                game.turn_started or game.started, game.deadline or game.started, game.bank_ms
            ),
            policies=[autoplay.SeatPolicy.of(s) for s in seats],
            # sent again after a takeover, to be sure: a socket ignores a second one
            reveal=(game.version, game.reveal_at) if game.reveal_at else None,
            event=bool(seats) and seats[0].table.is_tournament,
        )

    async def refresh_leases(self, now: dt.datetime) -> None:
        owned, policies = await in_pool(self.claim)(now)
        layer = broadcast.required(get_channel_layer())
        for game_id in set(self.games) - set(owned):
            gone = self.games.pop(game_id)
            if self.channel:
                await layer.group_discard(broadcast.table_group(gone.table_id), self.channel)
        for game_id, table_id in owned.items():
            if game_id not in self.games:
                if self.channel:
                    await layer.group_add(broadcast.table_group(table_id), self.channel)
                self.games[game_id] = Driven(table_id, 0, now, -1, None, None)
            elif self.games[game_id].policies is not None and table_id in policies:
                # connections and last_seen may have changed in other processes
                self.games[game_id].policies = policies[table_id]
                self.games[game_id].seats_stale = False
        self.next_claim = now + self.renew

    async def refresh_seats(self) -> None:
        """Read the seats of every game whose seats changed, in one query."""
        stale = {g.table_id: g for g in self.games.values() if g.seats_stale and g.policies}
        if not stale:
            return
        policies = await in_pool(self.seat_policies)(list(stale))
        for table_id, driven in stale.items():
            if table_id in policies:
                driven.policies = policies[table_id]
            driven.seats_stale = False

    # --- planning and moving --------------------------------------------------------

    def execute(
        self,
        game_id: int,
        move: autoplay.Move,
        version: int,
        policy: autoplay.SeatPolicy,
        seed: int,
    ) -> Accepted | Literal["gone", False] | None:
        """Choose the move's action and submit it (in the pool: bots may think a while).

        Takes plain values, not the game's Driven record: events keep changing that
        record on the event loop while this runs in a thread.
        """
        state = states.cached(game_id, version)
        if state is None or move.seat not in pending_seats(state):
            return None
        action = autoplay.choose(move, state, policy, seed, version)
        try:
            return submit(
                game_id,
                move.seat,
                action,
                version,
                clock=self.clock,
                timed_out=move.reason == "timeout",
                server_move=True,
            )
        except StaleVersion:
            return None  # someone acted in between: the update event brings the news
        except (NoSuchGame, GameOver):
            return "gone"
        except SubmitError as exc:  # a server move is chosen from the legal list
            log.error("game %s: server move %s refused: %s", game_id, action, exc.message)
            return False

    async def drive(self, game_id: int, now: dt.datetime) -> None:
        for _ in range(MOVES_PER_GAME_PER_TICK):
            driven = self.games.get(game_id)
            if driven is None:
                return
            state = states.cached(game_id, driven.version)
            if driven.policies is None or state is None:
                fresh = await in_pool(self.load)(game_id)
                if fresh is None:
                    self.games.pop(game_id, None)
                    return
                if self.games.get(game_id) is driven and driven.version > fresh.version:
                    # newer news came while the row was read (it is not heard twice)
                    driven.policies, driven.stale = None, True
                    return
                fresh.quiet_since = self.clock.now()
                self.games[game_id] = driven = fresh
                state = states.cached(game_id, driven.version)
                if state is None:
                    return
            driven.stale = False
            assert driven.policies is not None and driven.timers is not None  # load() sets both
            moves = autoplay.pending_moves(
                state, driven.policies, driven.timers, driven.started, now
            )
            if referees.awaits_referee(state, driven.event):
                moves = []  # the event's referee decides: no timer or bot plays it
            if not moves:
                driven.due = None
                return
            move = moves[0]
            driven.due = move.due
            if move.due > now:
                return
            accepted = await in_pool(self.execute)(
                game_id, move, driven.version, driven.policies[move.seat], driven.seed
            )
            if accepted == "gone":  # finished or deleted meanwhile
                self.games.pop(game_id, None)
                return
            if accepted is False:
                driven.due = now + dt.timedelta(seconds=1)
                return
            if accepted is None:
                driven.policies = None  # read everything again next time
                driven.stale = True
                return
            # a newer version heard while this move was stored stays: plan from it
            overtaken = accepted.version <= driven.version
            if not overtaken:
                driven.version, driven.timers = accepted.version, accepted.timers
                driven.reveal = (accepted.version, accepted.reveal) if accepted.reveal else None
                driven.quiet_since = self.clock.now()
            try:
                await broadcast.send_update(
                    accepted.table_id, broadcast.update_event(accepted, accepted.timers)
                )
            except Exception as exc:  # stored but not announced
                log.warning("table driver: a stored move could not be announced", exc_info=True)
                if layer_outage.is_layer_failure(exc):  # the sockets must read it
                    await layer_outage.close_all("a stored move could not be announced")
            if accepted.finished:
                self.games.pop(game_id, None)
                await broadcast.lobby_changed_async()
                return
            if overtaken:
                driven.stale = True
                return
        self.games[game_id].stale = True  # more may be due: come back on the next tick

    async def tick(self) -> float | None:
        """One pass: leases if due, then every due move. Seconds until the next due move."""
        now = self.clock.now()
        if self.next_claim is None or now >= self.next_claim:
            await self.refresh_leases(now)
        await self.refresh_seats()
        await self.play_now(now)
        await self.reveal_due(now)
        await watchdog.check(self.games, now)  # games quiet too long: their stored version
        listening = self.channel is not None
        ready = [
            game_id
            for game_id, g in self.games.items()
            if g.stale or not listening or g.due is None or g.due <= now
        ]
        # Games are independent: their moves go to the pool together.
        await asyncio.gather(*(self.drive(game_id, now) for game_id in ready))
        await self.reveal_due(now)  # a game read just now may have a window that is over
        if any(g.stale for g in self.games.values()):
            return 0.0
        pending = [g.due for g in self.games.values() if g.due is not None]
        pending += [g.reveal[1] for g in self.games.values() if g.reveal is not None]
        if self.next_play_now is not None:
            pending.append(self.next_play_now)
        pending += [at for at in [watchdog.next_check(self.games)] if at is not None]
        if not pending:
            return None
        return max(0.0, (min(pending) - self.clock.now()).total_seconds())

    def play_now_due(self) -> tuple[list[matchmaking.Matched], dt.datetime | None]:
        """Play now's due work (tables.matchmaking.run_due) and when more falls due."""
        made = matchmaking.run_due(clock=self.clock)
        return made, matchmaking.next_due()

    async def play_now(self, now: dt.datetime) -> None:
        """Bots for queued members who waited long enough, matched tables to start: any
        process's driver may do it (each step locks what it changes)."""
        if self.next_play_now is not None and now < self.next_play_now:
            return
        made, due = await in_pool(self.play_now_due)()
        self.next_play_now = due or now + self.renew
        if made:
            await play_news.announce(made)
            self.next_claim = None  # drive the games that began at once

    async def reveal_due(self, now: dt.datetime) -> None:
        """End the call windows that are over: the sockets show what they held."""
        for game_id, driven in list(self.games.items()):
            if driven.reveal is None or driven.reveal[1] > now:
                continue
            version, driven.reveal = driven.reveal[0], None
            try:
                await broadcast.send_reveal(driven.table_id, game_id, version)
            except Exception as exc:
                log.warning("table driver: a call window's end could not be sent", exc_info=True)
                if layer_outage.is_layer_failure(exc):  # the sockets must read the table again
                    await layer_outage.close_all("a call window's end could not be sent")

    def hear(self, message: messages.Message) -> None:
        """News of a table this driver drives (or a claim request), decoded once."""
        if isinstance(message, messages.DriverClaim):
            self.next_claim = None
            self.next_play_now = None  # someone may have queued with bots
            return
        game = getattr(message, "game", None)
        driven = self.games.get(game) if isinstance(game, int) else None
        if driven is None:
            return
        driven.stale = True
        match message:
            case messages.TableUpdate() if message.version > driven.version:
                state = states.advance(message.game, message.version, message.action)
                driven.version = message.version
                driven.quiet_since = self.clock.now()
                driven.timers = message.timers
                reveal = message.reveal
                driven.reveal = (
                    (message.version, dt.datetime.fromtimestamp(reveal, dt.UTC)) if reveal else None
                )
                if state is None:
                    driven.policies = None  # could not catch up in memory: read the game
            case messages.TablePresence(seat=int(seat)) if driven.policies:
                # A socket opened or closed: the news says enough, no need to read the seats.
                driven.policies = list(driven.policies)
                driven.policies[seat] = driven.policies[seat]._replace(
                    connected=message.connected, last_seen=self.clock.now()
                )
            case messages.TablePresence() | messages.TableSettings():
                driven.seats_stale = True

    def read_again(self, raw: object) -> None:
        """The game a message that could not be heard names is read from the database."""
        game = raw.get("game") if isinstance(raw, dict) else None
        if isinstance(game, int) and (driven := self.games.get(game)) is not None:
            driven.policies, driven.stale = None, True

    def hear_raw(self, raw: object) -> None:
        """A message as the channel layer brought it: decoded here, once; a garbled one
        is dropped with a log line, and a game it names is read again from the database
        (what it may have said is found there)."""
        try:
            message = messages.decode(raw)
        except messages.Garbled as exc:
            log.warning(
                "table driver dropped a garbled message (%s): %s", exc, messages.describe(raw)
            )
            self.read_again(raw)
            return
        self.hear(message)

    # --- the background task ------------------------------------------------------

    async def listen(self) -> None:
        layer = broadcast.required(get_channel_layer())
        assert self.channel is not None and self.wakeup is not None  # run() sets both first
        while not self.stopped:
            try:
                message = await layer.receive(self.channel)
            except Exception as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    # Being stopped (a shutdown, the end of a test's loop): a read that
                    # the cancellation cut short may end in another error (the Redis
                    # connection dropped mid-read); listening again would never stop.
                    raise
                # A failing layer (Redis restarting) must not leave the driver deaf for
                # the rest of the process: note it, let the loop read the database
                # (what was missed is found there), and listen again.
                log.warning("table driver: channel layer read failed", exc_info=True)
                for driven in self.games.values():
                    driven.policies = None
                if layer_outage.is_layer_failure(exc):
                    # the sockets of this process may have lost their groups too
                    await layer_outage.close_all("the driver's read failed")
                self.wakeup.set()
                await asyncio.sleep(LISTEN_RETRY_SECONDS)
                continue
            try:
                self.hear_raw(message)
            except Exception:  # listening must not end: the driver would be deaf
                log.exception("table driver: an event could not be heard: %r", message)
                self.read_again(message)  # the game it names, from the database
            self.wakeup.set()

    async def run(self) -> None:
        layer = broadcast.required(get_channel_layer())
        self.wakeup = asyncio.Event()
        # The default prefix matters: channels-redis reads all of a process's channels
        # through one shared queue named after it.
        self.channel = await layer.new_channel()
        await layer.group_add(DRIVER_GROUP, self.channel)
        listener = asyncio.create_task(self.listen())
        try:
            while not self.stopped:
                try:
                    wait = await self.tick()
                except Exception:  # keep driving the other tables
                    log.exception("table driver tick failed")
                    wait = 1.0
                limit = self.renew.total_seconds()
                timeout = limit if wait is None else min(wait, limit)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wakeup.wait(), max(timeout, 0.005))
                self.wakeup.clear()
        finally:
            listener.cancel()
            await in_pool(self.release)()


# --- one driver per process ---------------------------------------------------------
