"""Abuse budgets of the site's forms: how many sign-ups one address, and how many log
imports one member or address, may make in an hour (``SIGNUP_RATE_PER_HOUR``,
``IMPORT_RATE_PER_HOUR``; see the README).

Each budget is a sliding window of timestamps in Django's cache (shared by every
process through Redis when ``REDIS_URL`` is set). The clock is :func:`now`, which the
tests replace; nothing here sleeps.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

WINDOW_SECONDS = 60 * 60


def now() -> float:
    return time.time()


def _recent(key: str) -> list[float]:
    cutoff = now() - WINDOW_SECONDS
    return [t for t in cache.get(key, []) if t > cutoff]


def _key(kind: str, who: str) -> str:
    return f"budget:{kind}:{who}"


def exhausted(kind: str, who: str, limit: int) -> bool:
    """Whether ``who`` (an address, a member) has used up ``limit`` this hour."""
    return len(_recent(_key(kind, who))) >= limit


def spend(kind: str, who: str) -> None:
    key = _key(kind, who)
    cache.set(key, [*_recent(key), now()], WINDOW_SECONDS)


def signup_limit() -> int:
    return settings.SIGNUP_RATE_PER_HOUR


def import_limit() -> int:
    return settings.IMPORT_RATE_PER_HOUR


def import_max_bytes() -> int:
    return settings.IMPORT_MAX_BYTES
