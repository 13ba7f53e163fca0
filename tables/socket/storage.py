"""The database work of the sockets, as plain functions.

A consumer runs each of these in a worker thread (``in_pool``, see
:mod:`tables.socket.dbwork`) and keeps only what they return: none of them reads or
sets a consumer's attributes, so each can be called, and tested, without a socket.
Time is an argument (``now``), as everywhere at the tables.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Case, F, When
from django.db.models.functions import Greatest

from players import terms
from rules.engine import GameState
from tables import lobby, matchmaking, online
from tables.models import QueueEntry, Seat, Table
from tables.play import call_window, hidden_claims, states, twins
from tables.play import timers as timing
from tables.socket import presence

# The auto toggles a seat sets from its socket (a missing toggle is off, as in a form).
TOGGLES = ("auto_win", "no_calls", "auto_riichi_discard", "sort_hand")

# Who sits where, as the frames show it: {"name", "bot" (its level or ""), "connected"}.
SeatName = dict[str, Any]


@dataclass(frozen=True)
class MySeat:
    """The seat of the socket's member at the table."""

    index: int
    pk: int
    sort_hand: bool
    aids: bool  # the learning aids (off at an event's table)


@dataclass(frozen=True)
class Seats:
    """The table's seats as read now: the names, and the member's own seat if any."""

    names: list[SeatName]
    mine: MySeat | None
    terms: str  # the words the member reads (players.terms)


@dataclass(frozen=True)
class FoundTable:
    """A table a socket may show: its game (None before it starts) and seats."""

    table_id: int
    status: str
    is_tournament: bool
    game_id: int | None
    seats: Seats


class Held(NamedTuple):
    """A step a call window holds back from a socket until the window ends."""

    version: int
    state: GameState
    shown: int
    timers: timing.Timers | None


class Latest(NamedTuple):
    """What a socket is shown of a game now (:func:`latest`)."""

    version: int  # the stored version
    state: GameState  # what the socket shows of it
    timers: timing.Timers | None  # its countdown (None: none shown)
    shown: int  # the shown version (tables.play.hidden_claims)
    held: Held | None  # what a call window holds until it ends


# --- the table socket ---------------------------------------------------------------------


def find_table(table_id: int, user: Any, token: str) -> FoundTable | None:
    """The table ``user`` (holding the invite ``token``) may watch, or None: no such
    table, a private one without its invite, or a running twin of one they play."""
    table = Table.objects.filter(pk=table_id).select_related("ruleset").first()
    if table is None or not lobby.may_see(table, user, token):
        return None
    game = table.current_game()
    seats = read_seats(table_id, user, table.is_tournament)
    # Someone playing the same tiles at another table may not watch this one.
    if seats.mine is None and twins.plays_a_twin(user, game):
        return None
    return FoundTable(table_id, table.status, table.is_tournament, game.pk if game else None, seats)


def _seats(table_id: int) -> list[Seat]:
    seats = list(Seat.objects.filter(table_id=table_id).select_related("player"))
    seats.sort(key=lambda s: s.index)
    return seats


def _names(seats: list[Seat]) -> list[SeatName]:
    return [
        {"name": s.occupant, "bot": s.bot_level, "connected": s.connected or bool(s.bot_level)}
        for s in seats
    ]


def read_names(table_id: int) -> list[SeatName]:
    """Who sits at the table and whether they are here, in seat order."""
    return _names(_seats(table_id))


def read_seats(table_id: int, user: Any, event: bool) -> Seats:
    """The table's names, ``user``'s own seat (a bot's seat is nobody's) and words;
    ``event``: the table is an event's, where no seat has learning aids."""
    seats = _seats(table_id)
    mine = None
    if user is not None and user.is_authenticated:
        own = next((s for s in seats if s.player_id == user.pk and not s.bot_level), None)
        if own is not None:
            aids = own.player is not None and own.player.learning_aids and not event
            mine = MySeat(own.index, own.pk, own.sort_hand, aids)
    return Seats(_names(seats), mine, terms.terms_of(user))


def mark_connection(seat_pk: int, change: int, now: dt.datetime) -> bool:
    """Count a socket of the seat in (``change`` +1) or out (-1); whether the seat is
    still connected anywhere."""
    presence.change(seat_pk, change)
    # One UPDATE computes the count and the flag together: no read-then-write
    # transaction that SQLite could refuse under concurrent writers.
    count = Greatest(F("connections") + change, 0)
    Seat.objects.filter(pk=seat_pk).update(
        connections=count,
        connected=Case(When(connections__gt=-change, then=True), default=False),
        last_seen=now,
    )
    connected = Seat.objects.filter(pk=seat_pk).values_list("connected", flat=True).first()
    return bool(connected)


def save_settings(seat_pk: int, data: Mapping[str, object]) -> bool:
    """Store the seat's auto toggles from a settings message; whether it sorts its hand."""
    values = {name: bool(data.get(name)) for name in TOGGLES}
    Seat.objects.filter(pk=seat_pk).update(**values)
    return values["sort_hand"]


def latest(game_id: int, seat: int | None, now: dt.datetime) -> Latest:
    """What a socket of ``seat`` is shown of the stored game now, after a restart or
    from another process (``Game.DoesNotExist`` when the game is gone)."""
    game, state = states.load(game_id)
    game_timers = timing.Timers(
        game.turn_started or game.started, game.deadline or game.started, game.bank_ms
    )
    shown = hidden_claims.shown_of(game)
    if call_window.shows_window(game, state, seat, now):
        # a call window: its picture now, and what it holds once it ends
        picture, shown_then = call_window.screen(game)
        return Latest(
            game.version, picture, None, shown_then, Held(game.version, state, shown, game_timers)
        )
    screen, current = hidden_claims.screen_state(game, state, seat)
    # the timers of an open claim belong to the seats it asks
    return Latest(game.version, screen, game_timers if current else None, shown, None)


# --- the Play now socket ------------------------------------------------------------------


def arrive(account: int, user: Any, now: dt.datetime) -> QueueEntry | None:
    """A member's page opened: they are online; their place in the queue, if any."""
    online.seen(account, now)
    return matchmaking.entry_of(user)


def depart(account: int, user: Any, channel: str, now: dt.datetime) -> bool:
    """A member's page closed: seen now; whether the queue entry it made was taken out."""
    online.seen(account, now)
    return matchmaking.leave(user, channel=channel)


def join_queue(
    user: Any, data: Mapping[str, Any], channel: str
) -> tuple[QueueEntry | None, list[matchmaking.Matched]]:
    """Queue ``user`` as a join message asks (raises matchmaking.QueueError), match who
    waits for the same kind; their entry now (None once seated) and the tables made."""
    ruleset, length = data.get("ruleset"), data.get("length")
    kind = data.get("kind")
    if isinstance(kind, str):  # the lobby's choice: "<ruleset id>:<length>"
        ruleset, _, length = kind.partition(":")
    entry = matchmaking.join(
        user,
        ruleset,
        length,
        bots_wait=True if data.get("bots") == "club" else data.get("bots"),
        channel=channel,
    )
    made = matchmaking.match(entry.ruleset_id, entry.length)
    return matchmaking.entry_of(user), made


def leave_queue(user: Any) -> tuple[None, list[matchmaking.Matched]]:
    """Take ``user`` out of the queue (matchmaking.QueueError when they were not in it)."""
    if not matchmaking.leave(user):
        raise matchmaking.QueueError("not_waiting", "You are not waiting in a queue")
    return None, []
