"""Play now: a queue per ruleset and length; four of a kind make a table.

The queue lives in the database (:class:`~tables.models.QueueEntry`, one row per
member), so every daphne process sees the same queue and a member is in one queue at
most. Matching a kind runs in one transaction that first locks the kind's ruleset row:
two processes matching the same kind take turns, and each sees every entry committed
before it got the lock. The four entries it seats are locked (``skip_locked``: an entry
a member is deleting right now is leaving, not waiting) and deleted in that
transaction, and it is undone unless all four were still there, so nobody is seated
twice. Every join matches its own kind after it commits, so the last of any four
waiting members always finds the other three.

A member who allows bots gets them after ``PLAY_NOW_BOT_WAIT`` seconds (or the wait
they chose): the table driver (:mod:`tables.play.runner`) calls :func:`run_due`, which seats
the bot-allowing members of the kind with bots in the empty seats and starts the game.
A table matched with four members starts when all four have it open, or after
``PLAY_NOW_START_WAIT`` seconds; one who leaves it before that may not queue again for
``PLAY_NOW_COOLDOWN`` seconds. Time and randomness (the winds) are injected.
"""

from __future__ import annotations

import datetime as dt
import math
import random
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Min, Q

from rules.models import Ruleset
from tables.play import submit

from . import clock as clocks
from .lobby import bot_player
from .models import QUEUE_LENGTHS, QueueBar, QueueEntry, Seat, Table

LENGTHS = dict(QUEUE_LENGTHS)
BOT_WAITS = (10, 30, 60, 120)  # seconds a member may choose to wait before bots come
BOT_LEVEL = "careful"
_system_random = random.SystemRandom()


class QueueError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass(frozen=True)
class Matched:
    """A table Play now opened: its id, the members seated (by seat), whether it began,
    and whether its members were already sent to it (a matched table that starts once
    all four are there: their pages are at the table, and must not be sent there again)."""

    table_id: int
    members: tuple[int, ...]
    started: bool
    game_id: int | None = None
    members_told: bool = False


def seconds(name: str) -> float:
    return float(getattr(settings, name))


def kinds() -> list[tuple[Ruleset, str, str]]:
    """Every kind one can queue for, the club's default ruleset first, hanchan first
    when that is the ruleset's own length."""
    default = Ruleset.club_default()
    rulesets = [default] + [r for r in Ruleset.objects.exclude(pk=default.pk)]
    out = []
    for ruleset in rulesets:
        own = ruleset.engine_ruleset().game_type
        order = sorted(LENGTHS, key=lambda key: key != own)
        out += [(ruleset, key, LENGTHS[key]) for key in order]
    return out


def _check(user, ruleset_id, length) -> Ruleset:
    if user is None or not user.is_authenticated:
        raise QueueError("signed_out", "Sign in to play")
    try:
        ruleset = Ruleset.objects.get(pk=int(ruleset_id))
    except (TypeError, ValueError, Ruleset.DoesNotExist):
        raise QueueError(
            "no_ruleset", "There is no such ruleset: choose one of the club's"
        ) from None
    if length not in LENGTHS:
        raise QueueError("bad_length", "Choose East only or hanchan")
    return ruleset


def playing_at(user) -> Table | None:
    """The running (or matched, about to start) table ``user`` sits at, if any."""
    about_to_start = Q(table__status=Table.OPEN, table__play_now_start_by__isnull=False)
    seat = (
        Seat.objects.filter(player=user, bot_level="")
        .filter(Q(table__status=Table.PLAYING) | about_to_start)
        .select_related("table")
        .first()
    )
    return seat.table if seat else None


def join(user, ruleset_id, length, *, bots_wait=None, channel: str = "", clock=None) -> QueueEntry:
    """Put ``user`` in the queue for a kind; ``bots_wait`` (seconds, or True for the
    club's wait) allows bots after that long. Refused with a :class:`QueueError`."""
    ruleset = _check(user, ruleset_id, length)
    now = (clock or clocks.current()).now()
    wait = _bots_wait(bots_wait)
    bar = QueueBar.objects.filter(member=user, until__gt=now).first()
    if bar is not None:
        left = math.ceil((bar.until - now).total_seconds())
        raise QueueError(
            "cooling_off",
            f"You left a matched table before it started: you may queue again in {left} s",
        )
    table = playing_at(user)
    if table is not None:
        raise QueueError("seated", f"You are playing at “{table.name}”: finish that game first")
    try:
        with transaction.atomic():
            return QueueEntry.objects.create(
                member=user,
                ruleset=ruleset,
                length=length,
                joined=now,
                bots_at=now + dt.timedelta(seconds=wait) if wait is not None else None,
                channel=channel,
            )
    except IntegrityError:
        raise QueueError("twice", "You are already waiting in a queue: leave it first") from None


def _bots_wait(bots_wait) -> float | None:
    if bots_wait in (None, False, "", "0"):
        return None
    if bots_wait is True:
        return seconds("PLAY_NOW_BOT_WAIT")
    try:
        wait = int(bots_wait)
    except (TypeError, ValueError):
        wait = -1
    if wait not in BOT_WAITS:
        raise QueueError(
            "bad_wait", f"Choose how long to wait for bots: {', '.join(map(str, BOT_WAITS))} s"
        )
    return float(wait)


def leave(user, channel: str | None = None) -> bool:
    """Take ``user`` out of the queue (only the entry ``channel`` made, if given)."""
    if user is None or not user.is_authenticated:
        return False
    found = QueueEntry.objects.filter(member=user)
    if channel is not None:
        found = found.filter(channel=channel)
    deleted, _ = found.delete()
    return bool(deleted)


def entry_of(user) -> QueueEntry | None:
    if user is None or not user.is_authenticated:
        return None
    return QueueEntry.objects.filter(member=user).select_related("ruleset").first()


class _Gone(Exception):
    """An entry went while it was being seated: undo and look again."""


def match(ruleset_id: int, length: str, *, rng=None, clock=None) -> list[Matched]:
    """Seat every four waiting members of a kind at new tables (see the module)."""
    made: list[Matched] = []
    while True:
        try:
            with transaction.atomic():
                found = _match_once(ruleset_id, length, rng or _system_random, clock)
        except _Gone:
            continue
        if found is None:
            return made
        made.append(found)


def _lock_kind(ruleset_id: int) -> None:
    Ruleset.objects.select_for_update().filter(pk=ruleset_id).exists()


def _take(entries: list[QueueEntry]) -> None:
    deleted, _ = QueueEntry.objects.filter(pk__in=[e.pk for e in entries]).delete()
    if deleted != len(entries):
        raise _Gone()


def _match_once(ruleset_id, length, rng, clock) -> Matched | None:
    _lock_kind(ruleset_id)
    while True:
        entries = list(
            QueueEntry.objects.select_for_update(skip_locked=True)
            .filter(ruleset_id=ruleset_id, length=length)
            .order_by("joined", "pk")[:4]
        )
        if len(entries) < 4:
            return None
        # one who sat down at a game elsewhere since queueing leaves the queue instead
        busy = set(
            Seat.objects.filter(
                player_id__in=[e.member_id for e in entries],
                bot_level="",
                table__status=Table.PLAYING,
            ).values_list("player_id", flat=True)
        )
        if not busy:
            break
        QueueEntry.objects.filter(pk__in=[e.pk for e in entries if e.member_id in busy]).delete()
    _take(entries)
    members = [e.member_id for e in entries]
    rng.shuffle(members)  # the winds, at random
    now = (clock or clocks.current()).now()
    table = Table.objects.create(
        name="Play now",
        ruleset_id=ruleset_id,
        game_type=length,
        play_now_start_by=now + dt.timedelta(seconds=seconds("PLAY_NOW_START_WAIT")),
    )
    Seat.objects.bulk_create(
        [Seat(table=table, index=i, player_id=pk) for i, pk in enumerate(members)]
    )
    return Matched(table.pk, tuple(members), started=False)


def next_due() -> dt.datetime | None:
    """When the next bots are due or a matched table must start (None: nothing waits)."""
    bots = QueueEntry.objects.aggregate(at=Min("bots_at"))["at"]
    start = Table.objects.filter(status=Table.OPEN, play_now_start_by__isnull=False).aggregate(
        at=Min("play_now_start_by")
    )["at"]
    return min([t for t in (bots, start) if t is not None], default=None)


def run_due(*, rng=None, clock=None) -> list[Matched]:
    """Whatever is due now: bots for those who waited long enough, matched tables whose
    wait to start is over. Called by the driver (any process may; each is one
    transaction that locks what it changes)."""
    clock = clock or clocks.current()
    now = clock.now()
    made: list[Matched] = []
    kinds_due = set(QueueEntry.objects.filter(bots_at__lte=now).values_list("ruleset_id", "length"))
    for ruleset_id, length in kinds_due:
        made += match(ruleset_id, length, rng=rng, clock=clock)  # humans first
        while True:
            try:
                with transaction.atomic():
                    found = _with_bots_once(ruleset_id, length, rng or _system_random, clock)
            except _Gone:
                continue
            if found is None:
                break
            made.append(found)
    due = Table.objects.filter(status=Table.OPEN, play_now_start_by__lte=now)
    for table_id in due.values_list("pk", flat=True):
        started = start_matched(table_id, clock=clock, whenever=False)
        if started is not None:
            made.append(started)
    return made


def _with_bots_once(ruleset_id, length, rng, clock) -> Matched | None:
    _lock_kind(ruleset_id)
    now = clock.now()
    allowing = list(
        QueueEntry.objects.select_for_update(skip_locked=True)
        .filter(ruleset_id=ruleset_id, length=length, bots_at__isnull=False)
        .order_by("bots_at", "pk")[:4]
    )
    if not allowing or allowing[0].bots_at > now:
        return None
    _take(allowing)
    people: list[int | None] = [e.member_id for e in allowing]
    people += [None] * (4 - len(people))
    rng.shuffle(people)
    table = Table.objects.create(name="Play now", ruleset_id=ruleset_id, game_type=length)
    bot = bot_player(BOT_LEVEL)
    Seat.objects.bulk_create(
        [
            Seat(table=table, index=i, player_id=pk or bot.pk, bot_level="" if pk else BOT_LEVEL)
            for i, pk in enumerate(people)
        ]
    )
    game = submit.start_game(table, clock=clock)
    members = tuple(pk for pk in people if pk is not None)
    return Matched(table.pk, members, started=True, game_id=game.pk)


def start_matched(table_id: int, *, clock=None, whenever: bool = True) -> Matched | None:
    """Start a matched table once everyone is at it (``whenever``: only if all four
    have it open now) or its wait is over. A seat left empty by then leaves the table
    an ordinary open one: its players may bring bots or wait for somebody."""
    clock = clock or clocks.current()
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .filter(pk=table_id, status=Table.OPEN, play_now_start_by__isnull=False)
            .first()
        )
        if table is None:
            return None
        seats = list(table.seats.all())
        full = all(not s.is_empty for s in seats)
        here = all(s.connected or s.bot_level for s in seats)
        if whenever and not (full and here):
            return None
        Table.objects.filter(pk=table.pk).update(play_now_start_by=None)
        if not full:
            return None
        game = submit.start_game(table, clock=clock)
    members = tuple(s.player_id for s in sorted(seats, key=lambda s: s.index) if not s.bot_level)
    return Matched(table.pk, members, started=True, game_id=game.pk, members_told=True)


def left_matched_table(table: Table, user, *, clock=None) -> None:
    """``user`` left a matched table before it started: no queue for a while."""
    if table.play_now_start_by is None:
        return
    until = (clock or clocks.current()).now() + dt.timedelta(seconds=seconds("PLAY_NOW_COOLDOWN"))
    QueueBar.objects.update_or_create(member=user, defaults={"until": until})
