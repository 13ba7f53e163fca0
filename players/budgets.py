"""Abuse budgets of the site's forms: how many sign-ups one address, and how many log
imports one member or address, may make in an hour (``SIGNUP_RATE_PER_HOUR``,
``IMPORT_RATE_PER_HOUR``; see the README).

Each budget counts in one-minute buckets of Django's cache over the last hour (shared
by every process through Redis when ``REDIS_URL`` is set), each spending an atomic
increment, so spendings that arrive at once are all counted. A request spends first
and reads the count after (:func:`take`), so requests racing each other cannot pass a
budget between one's check and its spending. The clock is
:func:`now`, which the tests replace; nothing here sleeps.
"""

from __future__ import annotations

import contextlib
import time

from django.conf import settings
from django.core.cache import cache

WINDOW_SECONDS = 60 * 60


def now() -> float:
    return time.time()


BUCKET_SECONDS = 60
BUCKETS = WINDOW_SECONDS // BUCKET_SECONDS


def _key(kind: str, who: str) -> str:
    return f"budget:{kind}:{who}"


def _buckets(key: str) -> list[str]:
    """The bucket keys of ``key`` within the last hour, the current one last."""
    current = int(now() // BUCKET_SECONDS)
    return [f"{key}:{b}" for b in range(current - BUCKETS + 1, current + 1)]


def _count(key: str) -> int:
    return sum(cache.get_many(_buckets(key)).values())


def exhausted(kind: str, who: str, limit: int) -> bool:
    """Whether ``who`` (an address, a member) has used up ``limit`` this hour."""
    return _count(_key(kind, who)) >= limit


def _increment(bucket: str) -> None:
    cache.add(bucket, 0, WINDOW_SECONDS + BUCKET_SECONDS)
    try:
        cache.incr(bucket)
    except ValueError:  # expired between the two calls: this spending starts it again
        cache.add(bucket, 1, WINDOW_SECONDS + BUCKET_SECONDS)


def _give_back(bucket: str) -> None:
    # a bucket expired already has nothing left to give back
    with contextlib.suppress(ValueError):
        cache.decr(bucket)


def spend(kind: str, who: str) -> None:
    _increment(_buckets(_key(kind, who))[-1])


def take(kind: str, who: str, limit: int) -> bool:
    """Spend one of ``who``'s ``limit`` this hour unless that passes it; ``False`` (and
    nothing spent) when it would.

    The spending comes first and the count is read after it, so requests racing each
    other each see the others' spendings: at most ``limit`` of them pass (when several
    arrive at the very last one, all of them may be refused, never too many let in).
    """
    key = _key(kind, who)
    bucket = _buckets(key)[-1]
    _increment(bucket)
    if _count(key) > limit:
        _give_back(bucket)
        return False
    return True


def give_back(kind: str, who: str) -> None:
    """Return one spending of ``who``'s this hour (a request that took its budget and
    then did nothing, e.g. a review the queue could not take)."""
    _give_back(_buckets(_key(kind, who))[-1])


def take_all(spendings: list[tuple[str, str]], limit: int) -> bool:
    """:func:`take` one of each ``(kind, who)`` budget, or none of them."""
    taken: list[tuple[str, str]] = []
    for kind, who in spendings:
        if not take(kind, who, limit):
            for kind_taken, who_taken in taken:
                _give_back(_buckets(_key(kind_taken, who_taken))[-1])
            return False
        taken.append((kind, who))
    return True


def signup_limit() -> int:
    return settings.SIGNUP_RATE_PER_HOUR


def import_limit() -> int:
    return settings.IMPORT_RATE_PER_HOUR


def import_max_bytes() -> int:
    return settings.IMPORT_MAX_BYTES
