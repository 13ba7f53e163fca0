"""The round timer of an in-person round: start, pause, resume, extend; time injected.

The state is stored on the :class:`~tournaments.models.Round` (or, for a casual
scored table without an event, on the :class:`~tournaments.models.TournamentTable`,
which has the same fields; ``timer_end_rule`` names the rule when time is up): when the current run
started (``timer_started``, None before the start and while paused), the seconds
used by earlier runs (``timer_used``) and the seconds added (``timer_extra``). What is
left is therefore a pure function of the round and the time asked about, which is
how the pages, the projector and the tests read it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone

Clock = Callable[[], datetime.datetime]
EXTEND_SECONDS = 5 * 60


@dataclass(frozen=True)
class TimerView:
    state: str  # "ready", "running", "paused", "over", "done" (every table has finished)
    remaining: int  # seconds, never negative
    deadline: datetime.datetime | None  # when it runs out, while running
    end_rule: str  # the event's rule for the hand in play when time is up

    @property
    def text(self) -> str:
        minutes, seconds = divmod(self.remaining, 60)
        return f"{minutes:d}:{seconds:02d}"


def _used(round_, now: datetime.datetime) -> int:
    used = round_.timer_used
    if round_.timer_started is not None:
        used += int((now - round_.timer_started).total_seconds())
    return used


def started(round_) -> bool:
    """Whether the timer was ever started (a pause in its first second counts too)."""
    return (
        round_.timer_started is not None or round_.timer_used > 0 or round_.timer_paused is not None
    )


def view(round_, now: datetime.datetime, done: bool = False) -> TimerView:
    """The timer as shown; ``done``: every table it times has finished, so it stands
    still (:func:`stop`) and offers nothing to start again."""
    total = round_.timer_minutes * 60 + round_.timer_extra
    used = _used(round_, now)
    remaining = max(0, total - used)
    rule = round_.timer_end_rule_text
    if not started(round_):
        return TimerView("ready", remaining, None, rule)
    if done:
        return TimerView("done", remaining, None, rule)
    if remaining == 0:
        return TimerView("over", 0, None, rule)
    if round_.timer_started is None:
        return TimerView("paused", remaining, None, rule)
    return TimerView("running", remaining, now + datetime.timedelta(seconds=remaining), rule)


def start(round_, clock: Clock = timezone.now) -> None:
    """Start or resume."""
    if round_.timer_started is None:
        round_.timer_started = clock()
        round_.timer_paused = None
        round_.save(update_fields=["timer_started", "timer_paused"])


def pause(round_, clock: Clock = timezone.now) -> None:
    if round_.timer_started is not None:
        now = clock()
        round_.timer_used = _used(round_, now)
        round_.timer_started = None
        round_.timer_paused = now
        round_.save(update_fields=["timer_used", "timer_started", "timer_paused"])


def stop(round_, clock: Clock = timezone.now) -> None:
    """Every table the timer times has finished: it stops where it is (as a pause)."""
    pause(round_, clock)


def extend(round_, seconds: int = EXTEND_SECONDS) -> None:
    round_.timer_extra += max(0, seconds)
    round_.save(update_fields=["timer_extra"])


def ran_out_at(round_, now: datetime.datetime) -> datetime.datetime | None:
    """When the round's time ran out, or None while time is left (or not started)."""
    total = round_.timer_minutes * 60 + round_.timer_extra
    if _used(round_, now) < total:
        return None
    if round_.timer_started is not None:
        return round_.timer_started + datetime.timedelta(seconds=total - round_.timer_used)
    # paused after the end: it ran out before the pause, by the seconds used beyond it
    paused = round_.timer_paused or now
    return paused - datetime.timedelta(seconds=round_.timer_used - total)


# what the controls may ask ("extend" adds EXTEND_SECONDS)
ACTIONS = {"start": start, "pause": pause, "extend": extend}

HANDS_AFTER_TIME = {"finish_hand": 1, "one_more_hand": 2}


def last_hand(round_, hand_times: list[datetime.datetime], now: datetime.datetime) -> int | None:
    """The number of the last hand a scored table may play under the event's time rule.

    ``hand_times`` are when the table's hands were saved, in order. The hand in play
    when time ran out is the first one saved after that moment: "finish the current
    hand" ends the game after it, "one more hand after time" after the next one.
    None while time is left.
    """
    out = ran_out_at(round_, now)
    if out is None:
        return None
    before = sum(1 for when in hand_times if when <= out)
    return before + HANDS_AFTER_TIME.get(round_.timer_end_rule, 1)
