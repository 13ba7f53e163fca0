"""``submit``: the one way an action gets into a game.

Humans (through the socket or the HTTP fallback), bots, timers and tests all call
:func:`submit`. It checks the version the caller saw, checks legality with the
engine, and stores the action with a compare-and-set on the version, so two
processes can never both apply an action to the same version: the loser's write
changes nothing. It is then read again; only an answer to a claim that other
seats' answers overtook still goes in (answers to one claim commute, see
:mod:`rules.engine.answers`), anything else is refused with :class:`StaleVersion` so
the client shows the new table.

``submit`` takes and returns an :class:`~rules.engine.Action`: text is read once,
where it arrives (the socket, the HTTP fallback: :func:`parse_move`), and written
only into the stored log and onto the wire.

The caller is responsible for seat ownership (the consumer knows who is signed in
and where they sit); ``submit`` only checks that the action is for that seat.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from rules.engine import (
    Action,
    GameState,
    IllegalAction,
    InvalidAction,
    answers_commute,
    apply,
    is_discard_answer,
    parse_action,
    waits_for_answers,
)
from tables import clock as clocks
from tables import conf, records, referees, table_options
from tables.models import Game, HandRecord, Table
from tables.play import call_window, hidden_claims, states, timers
from tables.signals import game_finished, game_starting

log = logging.getLogger(__name__)


class SubmitError(Exception):
    """A refused action. ``code`` is a short word clients can switch on."""

    code = "rejected"

    def __init__(self, message: str, version: int | None = None):
        super().__init__(message)
        self.message = message
        self.version = version


class Malformed(SubmitError):
    code = "malformed"


class Illegal(SubmitError):
    code = "illegal"


class StaleVersion(SubmitError):
    code = "stale"


class GameOver(SubmitError):
    code = "finished"


class NoSuchGame(SubmitError):
    code = "missing"


@dataclass(frozen=True)
class Accepted:
    game_id: int
    table_id: int
    version: int
    state: GameState
    action: Action
    hand_ended: bool
    finished: bool
    timers: timers.Timers
    shown: int = 0  # the version frames show (see tables.play.hidden_claims)
    reveal: dt.datetime | None = None  # shown to nobody before (see tables.play.call_window)


def parse_move(text: str) -> Action:
    """The Action a player's text names (the socket's or the HTTP form's); Malformed
    with the engine's reason otherwise."""
    try:
        return parse_action(text)
    except InvalidAction as exc:
        raise Malformed(exc.message) from None


def read_action(action: Action, seat: int) -> Action:
    """``action``, when it is for ``seat``; Illegal otherwise."""
    if not isinstance(action, Action):
        raise TypeError(f"submit takes an Action (parse_move reads text), not {action!r}")
    if action.seat != seat:
        raise Illegal(f"you sit at seat {seat}, but the action is for seat {action.seat}")
    return action


def read_version(version: Any) -> int:
    if isinstance(version, bool):
        raise Malformed("the version must be a whole number")
    try:
        number = int(version)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        raise Malformed("the version must be a whole number, e.g. 12") from None
    if number < 0:
        raise Malformed("the version cannot be negative")
    return number


ATTEMPTS = 3  # a lost compare-and-set is retried: another answer may have slipped in


def answered_since(log: list[str], since: int, seat: int) -> bool:
    """Whether ``seat``'s answer, decided at version ``since``, stands after the log's
    later entries (only other seats' answers to the claim: see rules.engine.answers).

    Read from the newest entry back, so a long way behind stops at the first move
    that is not such an answer."""
    return answers_commute(seat, (parse_action(text) for text in reversed(log[since:])))


def submit(
    game_id: int,
    seat: int,
    action: Action,
    version: Any,
    *,
    clock: clocks.Clock | None = None,
    timed_out: bool = False,
    server_move: bool = False,
    shown: bool = False,
    referee: bool = False,
) -> Accepted:
    """Apply ``action`` for ``seat`` to the game at ``version`` and store it.

    ``version`` is the stored version the caller decided on (the server's own moves),
    or with ``shown`` the shown version of the frames a player saw (see
    :mod:`tables.play.hidden_claims`): a player's move is checked against what the table
    showed them, the stored version is still the compare-and-set. ``timed_out`` marks a move the server made because the seat ran out of time (its
    bank is then spent); other ``server_move``s (bots, auto toggles, an absent
    player's tsumogiri) cost the seat no bank time. Raises a :class:`SubmitError`
    subclass and changes nothing when the action is malformed, illegal, or not for
    the current version. ``referee``: the event's referee sends the reviewer seat's
    decision on a claim an NG sent back (:mod:`tables.referees`); only then, and only
    the referee, may it be sent.
    """
    clock = clock or clocks.current()
    action = read_action(action, seat)
    version = read_version(version)
    for attempt in range(ATTEMPTS):
        try:
            return _submit_once(
                game_id, seat, action, version, clock, timed_out, server_move, shown, referee
            )
        except _LostRace:
            if attempt == ATTEMPTS - 1:
                break
    raise StaleVersion("someone else acted first: showing the current table", None)


class _LostRace(Exception):
    """The compare-and-set found a newer version than the one just read."""


def _submit_once(
    game_id: int,
    seat: int,
    action: Action,
    version: int,
    clock: clocks.Clock,
    timed_out: bool,
    server_move: bool,
    shown: bool = False,
    referee: bool = False,
) -> Accepted:
    try:
        game = Game.objects.get(pk=game_id)
    except Game.DoesNotExist:
        raise NoSuchGame("this game does not exist") from None
    if game.finished:
        raise GameOver("the game is over", game.version)
    stored = game.version
    before = states.state_of(game) if shown else None
    if before is not None and hidden_claims.applies(before):
        if call_window.held(game.reveal_at, clock.now()):
            # What the last step led to is held by a call window: nobody has been shown
            # it, so nobody acts on it yet (a move accepted now would tell its maker
            # that nobody could call); refused as a move on the window's picture.
            raise StaleVersion(
                "the table has moved on: showing the current table", call_window.screen(game)[1]
            )
        now_shown = hidden_claims.shown_version(
            game.log[:stored], before.phase == "calls", answers=answers_before(game, stored)
        )
        # A seat kept out of an open claim acts on the picture from before it: as
        # after any move of another seat, that picture is out of date (the same
        # answer as anywhere else, so it tells nothing about the claim).
        if version != now_shown or hidden_claims.hides_claim(before, seat):
            raise StaleVersion("the table has moved on: showing the current table", now_shown)
    else:  # the stored version (a table whose wins are claimed shows it to players too)
        if version > stored or (
            version < stored and not answered_since(game.log[:stored], version, seat)
        ):
            raise StaleVersion(
                f"the table has moved on (you saw version {version}, it is at {stored}): "
                "showing the current table",
                stored,
            )
        if before is None:
            before = states.state_of(game)
        if version < stored and not waits_for_answers(before):
            raise StaleVersion("the table has moved on: showing the current table", stored)
    if referee or referees.disputed(before):
        waits = referees.disputed(before) and referees.is_event_table(game.table_id)
        if referee and not waits:
            raise Illegal("no disputed claim waits for a referee at this table", stored)
        if waits and not referee:
            raise Illegal("an NG sent this claim back: the event's referee decides it", stored)
    try:
        after, _events = apply(before, action)
    except IllegalAction as exc:
        raise Illegal(exc.message, stored) from None

    now = clock.now()
    text = states.text_of(action)  # the stored log entry (the one text written here)
    current = timers.Timers(
        game.turn_started or now, game.deadline or now, list(game.bank_ms or [0, 0, 0, 0])
    )
    reveal = call_window.reveal_time(before, after, action, now, current.turn_started)
    new_timers = timers.after_action(
        current,
        before,
        after,
        seat,
        now,
        timed_out=timed_out,
        charge=not server_move,
        hold_until=reveal,
    )
    hand_ended = after.hand_index != before.hand_index or (after.finished and not before.finished)
    fields: dict[str, Any] = {
        "version": stored + 1,
        "log": [*game.log, text],
        "hand_index": after.hand_index,
        "turn_started": new_timers.turn_started,
        "deadline": new_timers.deadline,
        "bank_ms": new_timers.bank_ms,
        "reveal_at": reveal,
    }
    if after.finished:
        fields["finished"] = now
        assert after.final is not None  # a finished game has its standings
        fields["final"] = records.standings_json(after.final)
        fields["deadline"] = None
    with transaction.atomic():
        # The compare-and-set: only the writer that still sees `stored` wins.
        updated = Game.objects.filter(pk=game.pk, version=stored).update(**fields)
        if not updated:
            raise _LostRace
        if hand_ended:
            index = before.hand_index
            start, end = records.hand_bounds(after, index)
            assert after.last_result is not None  # the hand that ended has its result
            HandRecord.objects.bulk_create(
                [records.hand_record(game, index, after.last_result, start, end)],
                ignore_conflicts=True,
            )
        if after.finished:
            Table.objects.filter(pk=game.table_id).update(status=Table.FINISHED)
    answers = answers_before(game, stored) + is_discard_answer(action)
    states.remember(game.pk, stored + 1, game.seed, text, after, before, answers)
    if after.finished:
        try:
            game.refresh_from_db()
            announce_finished(game, after)
        except Exception:
            # The move is stored: the player must not be told it was refused.
            log.exception("game %s: its end could not be announced", game.pk)
    return Accepted(
        game.pk,
        game.table_id,
        stored + 1,
        after,
        action,
        hand_ended,
        after.finished,
        new_timers,
        hidden_claims.shown_version(
            fields["log"],
            after.phase == "calls",
            hidden_claims.applies(after),
            answers,
        ),
        reveal,
    )


def answers_before(game: Game, stored: int) -> int:
    """How many entries of the stored log answer a claim (tables.play.hidden_claims): kept
    by the state cache step by step, counted from the log only when it is not."""
    known = states.answers_at(game.pk, stored)
    return hidden_claims.answers_in(game.log[:stored]) if known is None else known


def announce_finished(game: Game, state: GameState) -> None:
    """Tell the rest of the site (tournaments) that a game ended, as signals.py documents."""
    seats = {s.index: s for s in game.table.seats.all()}
    # The game is already stored: a failing listener must not turn that into an error
    # for the player who made the last move, so failures are logged instead.
    replies = game_finished.send_robust(
        sender=Game,
        game=game,
        table_id=game.table_id,
        seats=[None if seats[i].bot_level else seats[i].player_id for i in range(4)],
        scores=list(state.scores),
        leftover_sticks=state.riichi_sticks,
        seed=game.seed,
        finished_at=game.finished,
        chombo_counts=list(state.chombo_counts),
    )
    for receiver, reply in replies:
        if isinstance(reply, Exception):
            log.error("game_finished listener %r failed: %r", receiver, reply, exc_info=reply)


def new_seed() -> int:
    """A fresh wall seed; ``TABLE_SEED`` fixes it (a demo, a reproducible browser test)."""
    fixed = conf.value("TABLE_SEED")
    return int(fixed) if fixed is not None else secrets.randbelow(2**62)


def start_game(table: Table, *, seed: int | None = None, clock: clocks.Clock | None = None) -> Game:
    """Create the game of a full table and mark the table as playing."""
    from rules.engine import ruleset_to_dict

    ruleset = table_options.engine_ruleset(table)  # with the length and options chosen
    now = (clock or clocks.current()).now()
    t = timers.start(ruleset, now)
    game = Game.objects.create(
        table=table,
        ruleset=ruleset_to_dict(ruleset),
        seed=seed if seed is not None else new_seed(),
        # the engine's robot seats (the app rule settings' open-riichi rule), as seated now
        robots=sorted(seat.index for seat in table.seats.all() if seat.bot_level),
        started=now,
        turn_started=t.turn_started,
        deadline=t.deadline,
        bank_ms=t.bank_ms,
    )
    if not table.is_tournament and counts_for_a_competition(table, now):
        table.is_tournament = True  # a league game: no learning aids (see tables.drawing.coaching)
    Table.objects.filter(pk=table.pk).update(
        status=Table.PLAYING, is_tournament=table.is_tournament
    )
    table.status = Table.PLAYING
    return game


def counts_for_a_competition(table: Table, now: dt.datetime) -> bool:
    """Whether a listener of ``game_starting`` (the leagues) counts this game."""
    seats = {s.index: s for s in table.seats.all()}
    players = [
        None if i not in seats or seats[i].bot_level else seats[i].player_id for i in range(4)
    ]
    if any(p is None for p in players):
        return False  # bots never count for a competition
    # django-stubs types a receiver's answer as `str | None`; it is whatever it returns
    replies: Sequence[tuple[object, object]] = game_starting.send(
        sender=Table, table_id=table.pk, seats=players, day=now.date()
    )
    return any(answer is True for _, answer in replies)
