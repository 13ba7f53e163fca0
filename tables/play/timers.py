"""Thinking time: a base time per decision plus a bank that each seat spends once.

A *decision* is one moment the game waits at: a seat's turn, or the answers to one
discard or kan (several seats may be asked at once; they share the decision).
When a decision starts, ``turn_started`` is set and ``deadline`` lies
``thinking_time`` seconds later. A seat that answers after the deadline pays the
overrun from its bank; a seat whose bank runs out is played for (tsumogiri or
pass) and its bank is then empty. Everything is stored on the Game row together
with the version, so a restarted process resumes the same countdown.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, NamedTuple

from rules.engine import GameState
from tables import conf

if TYPE_CHECKING:
    from rules.engine import Ruleset


class Timers(NamedTuple):
    turn_started: dt.datetime
    deadline: dt.datetime
    bank_ms: list[int]


def result_pause() -> float:
    """Seconds added to the first decision of a hand, so players can read the result."""
    return conf.seconds("TABLE_RESULT_PAUSE")


def same_decision(before: GameState, after: GameState) -> bool:
    """Whether ``after`` still waits on the decision ``before`` was waiting on.

    That is only so while other seats are still answering the same claim.
    """
    if before.hand_index != after.hand_index:
        return False
    if before.phase == after.phase == "answers":  # the answers to one claimed win
        return True
    if after.phase != "calls" or before.phase != "calls":
        return False
    a, b = before.claim, after.claim
    return a is not None and b is not None and (a.kind, a.seat, a.tile) == (b.kind, b.seat, b.tile)


def start(
    ruleset: Ruleset, now: dt.datetime, banks: list[int] | None = None, pause: float = 0
) -> Timers:
    started = now + dt.timedelta(seconds=pause)
    return Timers(
        started,
        started + dt.timedelta(seconds=ruleset.thinking_time),
        list(banks) if banks is not None else [ruleset.bank_time * 1000] * 4,
    )


def after_action(
    timers: Timers,
    before: GameState,
    after: GameState,
    seat: int,
    now: dt.datetime,
    *,
    timed_out: bool = False,
    charge: bool = True,
    hold_until: dt.datetime | None = None,
) -> Timers:
    """The timers once ``seat`` has acted at ``now`` (``charge``: spend its bank on overrun).

    ``hold_until``: what the action led to is held until then (a call window, see
    :mod:`tables.play.call_window`), so the next decision starts only then. A person asked
    about a discard has their whole move time, as for any decision.
    """
    banks = list(timers.bank_ms)
    if timed_out:
        banks[seat] = 0
    elif charge:
        overrun_ms = int((now - timers.deadline).total_seconds() * 1000)
        if overrun_ms > 0:
            banks[seat] = max(0, banks[seat] - overrun_ms)
    if same_decision(before, after):
        return Timers(timers.turn_started, timers.deadline, banks)
    hand_ended = after.hand_index != before.hand_index
    begins = max(now, hold_until) if hold_until is not None else now
    return start(after.ruleset, begins, banks, pause=result_pause() if hand_ended else 0)


def seat_deadline(timers: Timers, seat: int) -> dt.datetime:
    """When the seat's own time, bank included, runs out."""
    return timers.deadline + dt.timedelta(milliseconds=timers.bank_ms[seat])


def seconds_left(timers: Timers, seat: int, now: dt.datetime) -> tuple[float, float]:
    """(base seconds left, bank seconds left) of a seat, for the countdown."""
    base = max(0.0, (timers.deadline - now).total_seconds())
    if base > 0:
        return base, timers.bank_ms[seat] / 1000
    bank = max(0.0, (seat_deadline(timers, seat) - now).total_seconds())
    return 0.0, bank


def to_json(t: Timers) -> list[Any]:
    """Timers as they travel in update events: Unix seconds and the banks in ms."""
    return [t.turn_started.timestamp(), t.deadline.timestamp() if t.deadline else None, t.bank_ms]


def from_json(data: Any) -> tuple[dt.datetime, dt.datetime, list[int]]:
    started, deadline, banks = data
    start = dt.datetime.fromtimestamp(started, dt.UTC)
    end = dt.datetime.fromtimestamp(deadline, dt.UTC) if deadline is not None else start
    return start, end, list(banks)
