"""Moves the server makes for a seat, and when it makes them.

For every seat the game is waiting on there is exactly one pending server move,
the earliest that applies:

* ``bot``: a bot seat plays its level's choice a short, natural delay after the
  decision started (the delay chosen when the table was opened, else
  ``TABLE_BOT_DELAY`` seconds); its answer to a claim comes at once;
* ``auto``: a person's own automatic play (auto-win, no calls, throwing the drawn
  tile in riichi) happens at once (``TABLE_AUTO_DELAY``; an answer to a claim with
  no delay at all);
* ``away``: a person whose browser is gone is played by the tsumogiri policy,
  after a grace period (``TABLE_AWAY_GRACE``) so a page reload does not cost a move;
* ``timeout``: a person whose thinking time and bank ran out throws the drawn tile
  or passes.

A person asked about a discard at a table with a call window (:mod:`tables.play.call_window`)
has their whole move time, as for any decision; the window only holds what follows.

At a table whose wins are claimed (:mod:`rules.engine.claims.procedure`) a person's only
choice on a discard is often *Win anyway* or pass: that choice stays open for
``TABLE_CLAIM_WINDOW`` seconds (``window``), then the seat passes; likewise a
person in riichi who throws the drawn tile automatically keeps Win anyway open on
each draw for that long, then the tile goes. A dead hand's
drawn tile is thrown at once (``auto``). In the claim, answers, review and confirm
phases bots and absent persons play the engine's judgment (which confirms a review),
and a person out of time answers or confirms OK (any other step: the engine's
judgment too).

Everything is decided from the seat's own view, the same data the person sees.
The bots' generator is seeded from the game seed, the version and the seat, so the
same game replays the same way after a restart.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
from typing import TYPE_CHECKING, NamedTuple

from rules.engine import (
    CLAIM_PHASES,
    OK,
    WIN_ANYWAY,
    Action,
    GameState,
    SeatView,
    bots,
    judged_action,
    pending_seats,
    seat_view,
)
from tables import conf

from . import timers as timing

if TYPE_CHECKING:
    from tables.models import Seat

log = logging.getLogger(__name__)


class SeatPolicy(NamedTuple):
    """What the driver needs to know about a seat, read from the Seat row."""

    bot_level: str = ""
    connected: bool = False
    last_seen: dt.datetime | None = None
    auto_win: bool = False
    no_calls: bool = False
    auto_riichi_discard: bool = True
    bot_delay_ms: int | None = None  # the table's choice; None: TABLE_BOT_DELAY

    @classmethod
    def of(cls, seat: Seat) -> SeatPolicy:
        """From a Seat row (fetch it with ``select_related("table")``)."""
        return cls(
            seat.bot_level,
            seat.connected,
            seat.last_seen,
            seat.auto_win,
            seat.no_calls,
            seat.auto_riichi_discard,
            seat.table.bot_delay_ms,
        )

    def bot_delay(self) -> dt.timedelta:
        if self.bot_delay_ms is not None:
            return dt.timedelta(milliseconds=self.bot_delay_ms)
        return _seconds("TABLE_BOT_DELAY")

    def present(self, now: dt.datetime) -> bool:
        """Whether a socket of this seat is open somewhere.

        A socket's process renews ``last_seen`` while the socket lives (see the
        driver); a flag that has not been renewed for a while was left behind by a
        process that died, and is not believed.
        """
        fresh = self.last_seen is None or now - self.last_seen < stale_after()
        return self.connected and fresh


class Move(NamedTuple):
    seat: int
    due: dt.datetime
    reason: str  # "bot", "auto", "window", "away" or "timeout"


def _seconds(name: str) -> dt.timedelta:
    return dt.timedelta(seconds=conf.seconds(name))


def stale_after() -> dt.timedelta:
    return 2 * _seconds("TABLE_LEASE_SECONDS")


def own_choice(view: SeatView, policy: SeatPolicy) -> Action | None:
    """The action a person's auto toggles make in this view, if any."""
    legal = view.legal
    types = {a.type for a in legal}
    if view.seat is not None and view.dead[view.seat] and view.phase == "turn":
        return legal[0]  # a dead hand throws what it drew
    if policy.auto_win:
        for action in legal:
            if action.type in ("tsumo", "ron"):
                return action
    if view.phase == "calls" and policy.no_calls and "ron" not in types:
        return next(a for a in legal if a.type == "pass")
    assert view.seat is not None  # the view of a seat, never a spectator's
    in_riichi = bool(view.riichi[view.seat])
    if view.phase == "turn" and in_riichi and policy.auto_riichi_discard and types == {"discard"}:
        for action in legal:
            if action.tile == view.drawn:
                return action
    return None


def timeout_choice(view: SeatView) -> Action:
    """Tsumogiri or pass: what the server plays for a seat out of time."""
    legal = view.legal
    for action in legal:
        if action.type == "discard" and action.tile == view.drawn:
            return action
    for action in legal:
        if action.type == "pass":
            return action
    discards = [a for a in legal if a.type == "discard"]
    return discards[-1] if discards else legal[0]


def pending_moves(
    state: GameState,
    policies: list[SeatPolicy],
    timers: timing.Timers,
    game_started: dt.datetime,
    now: dt.datetime,
) -> list[Move]:
    """One move per seat the game waits on, earliest first."""
    if state.finished:
        return []
    auto_delay = _seconds("TABLE_AUTO_DELAY")
    grace = _seconds("TABLE_AWAY_GRACE")
    moves = []
    # A claim that the server answers (a bot's, a player's own "no calls") is answered
    # at once: a discard somebody could call then goes on as fast as one nobody could,
    # so the timing does not tell the table that there was a claim (tables.play.hidden_claims).
    claim = state.phase == "calls"
    for seat in pending_seats(state):
        policy = policies[seat]
        bot_delay = dt.timedelta(0) if claim else policy.bot_delay()
        if policy.bot_level:
            moves.append(Move(seat, timers.turn_started + bot_delay, "bot"))
            continue
        view = seat_view(state, seat)
        if own_choice(view, policy) is not None:
            due = timers.turn_started + (dt.timedelta(0) if claim else auto_delay)
            moves.append(Move(seat, due, "auto"))
            continue
        if claim_window_only(view) or riichi_window_only(view, policy):
            window = _seconds("TABLE_CLAIM_WINDOW")
            moves.append(Move(seat, timers.turn_started + window, "window"))
            continue
        timeout = timing.seat_deadline(timers, seat)
        if not policy.present(now):
            away = max(timers.turn_started + bot_delay, (policy.last_seen or game_started) + grace)
            if away < timeout:
                moves.append(Move(seat, away, "away"))
                continue
        moves.append(Move(seat, timeout, "timeout"))
    return sorted(moves, key=lambda m: m.due)


def bot_rng(seed: int, version: int, seat: int) -> random.Random:
    return random.Random(f"table-bot:{seed}:{version}:{seat}")


def claim_window_only(view: SeatView) -> bool:
    """A discard whose only choice for this seat is Win anyway or pass."""
    return view.phase == "calls" and {a.type for a in view.legal} <= {WIN_ANYWAY, "pass"}


def riichi_window_only(view: SeatView, policy: SeatPolicy) -> bool:
    """In riichi, throwing the drawn tile automatically, with Win anyway the only other
    choice (a table whose wins are claimed): the tile goes once the window ends."""
    assert view.seat is not None  # the view of a seat, never a spectator's
    return (
        view.phase == "turn"
        and bool(view.riichi[view.seat])
        and policy.auto_riichi_discard
        and {a.type for a in view.legal} == {"discard", WIN_ANYWAY}
    )


def choose(move: Move, state: GameState, policy: SeatPolicy, seed: int, version: int) -> Action:
    if state.phase in CLAIM_PHASES:
        if move.reason == "timeout" and state.phase in ("answers", "confirm"):
            return Action(move.seat, OK)  # no answer in time counts as OK
        return judged_action(state, move.seat)
    view = seat_view(state, move.seat)
    if move.reason == "window":
        if view.phase == "turn":  # in riichi: the drawn tile (see riichi_window_only)
            return next(a for a in view.legal if a.type == "discard")
        return Action(move.seat, "pass")
    if move.reason == "bot":
        try:
            return bots.choose(policy.bot_level, view, bot_rng(seed, version, move.seat))
        except Exception:
            # The same view would fail again on every retry (the generator is seeded by
            # the version) and the table would sit there: the seat plays its drawn tile
            # or passes instead, and the fault is logged.
            log.exception(
                "bot %s failed at version %s: played safe instead", policy.bot_level, version
            )
            return timeout_choice(view)
    if move.reason == "auto":
        return own_choice(view, policy) or timeout_choice(view)
    if move.reason == "away":
        return bots.choose("tsumogiri", view, bot_rng(seed, version, move.seat))
    return timeout_choice(view)
