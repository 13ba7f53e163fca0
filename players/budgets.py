"""Abuse budgets of the site's forms: how many sign-ups one address, and how many log
imports one member or address, may make in an hour (``SIGNUP_RATE_PER_HOUR``,
``IMPORT_RATE_PER_HOUR``; see the README).

Each budget counts in one-minute buckets of Django's cache over the last hour (shared
by every process through Redis when ``REDIS_URL`` is set), each spending an atomic
increment, so spendings that arrive at once are all counted. The clock is
:func:`now`, which the tests replace; nothing here sleeps.
"""

from __future__ import annotations

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


def exhausted(kind: str, who: str, limit: int) -> bool:
    """Whether ``who`` (an address, a member) has used up ``limit`` this hour."""
    return sum(cache.get_many(_buckets(_key(kind, who))).values()) >= limit


def spend(kind: str, who: str) -> None:
    bucket = _buckets(_key(kind, who))[-1]
    cache.add(bucket, 0, WINDOW_SECONDS + BUCKET_SECONDS)
    try:
        cache.incr(bucket)
    except ValueError:  # expired between the two calls: this spending starts it again
        cache.add(bucket, 1, WINDOW_SECONDS + BUCKET_SECONDS)


def signup_limit() -> int:
    return settings.SIGNUP_RATE_PER_HOUR


def import_limit() -> int:
    return settings.IMPORT_RATE_PER_HOUR


def import_max_bytes() -> int:
    return settings.IMPORT_MAX_BYTES
