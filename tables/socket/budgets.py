"""The token buckets behind the socket limits (:mod:`tables.socket.limits`): one per
socket and one shared by each account's sockets in this process.

They live apart from the limits so that the process's runtime (:mod:`tables.runtime`),
which keeps the account buckets, needs nothing from the limits that read it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from tables import clock as clocks


def setting(name: str) -> Any:
    """The setting (settings.py reads the environment, README lists it; tests override it)."""
    return getattr(settings, name)


def seconds_of(clock: clocks.Clock) -> float:
    """The clock's now in seconds, as the buckets count time."""
    return clock.now().timestamp()


@dataclass
class TokenBucket:
    """``rate`` tokens a second up to ``burst``; a message takes one."""

    rate: float
    burst: float
    tokens: float
    updated: float

    @classmethod
    def full(cls, rate: float, burst: float, clock: clocks.Clock) -> TokenBucket:
        return cls(float(rate), float(burst), float(burst), seconds_of(clock))

    def refill(self, now: float) -> None:
        # A clock that went backwards (a test, an NTP step) refills nothing.
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.updated = now

    def has_token(self, now: float) -> bool:
        self.refill(now)
        return self.tokens >= 1.0

    def take(self, now: float) -> bool:
        self.refill(now)
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class AccountBuckets:
    """The shared buckets of the accounts that have a socket open in this process.

    A bucket lives while one of its account's sockets is open (counted with
    :meth:`join` / :meth:`leave`), so closing and reopening a socket quickly does
    not hand out a fresh burst while another tab stays open, and an account with no
    socket left costs no memory.
    """

    def __init__(self) -> None:
        self._buckets: dict[int, TokenBucket] = {}
        self._sockets: dict[int, int] = {}
        self._lock = threading.Lock()

    def join(self, account: int, clock: clocks.Clock) -> TokenBucket:
        with self._lock:
            self._sockets[account] = self._sockets.get(account, 0) + 1
            bucket = self._buckets.get(account)
            if bucket is None:
                bucket = TokenBucket.full(
                    setting("TABLE_ACCOUNT_RATE"), setting("TABLE_ACCOUNT_BURST"), clock
                )
                self._buckets[account] = bucket
            return bucket

    def leave(self, account: int) -> None:
        with self._lock:
            left = self._sockets.get(account, 0) - 1
            if left > 0:
                self._sockets[account] = left
            else:
                self._sockets.pop(account, None)
                self._buckets.pop(account, None)

    def __len__(self) -> int:
        """How many accounts have a bucket (a socket open) in this process."""
        return len(self._buckets)

    def clear(self) -> None:
        with self._lock:
            self._buckets.clear()
            self._sockets.clear()
