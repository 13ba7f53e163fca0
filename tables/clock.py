"""Time as an object, so timers and bot delays can be tested without sleeping.

Everything in ``tables`` that needs "now" takes a clock argument. Production code
uses :data:`system_clock`; tests build a :class:`ManualClock` and move it forward
by hand, so a 25-second timeout takes no time at all in a test.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone


class SystemClock:
    def now(self) -> dt.datetime:
        return timezone.now()


class ManualClock:
    """A clock that only moves when told to."""

    def __init__(self, start: dt.datetime | None = None):
        self.current = start or dt.datetime(2025, 1, 1, 12, 0, tzinfo=dt.UTC)

    def now(self) -> dt.datetime:
        return self.current

    def advance(self, seconds: float) -> dt.datetime:
        self.current += dt.timedelta(seconds=seconds)
        return self.current


system_clock = SystemClock()


_current: SystemClock | ManualClock = system_clock


def current() -> SystemClock | ManualClock:
    """The clock this process uses for tables (a test may swap in a ManualClock)."""
    return _current


def use(clock) -> None:
    global _current
    _current = clock or system_clock
