"""Sign-in throttling: too many failed attempts lock a name (and an address) for a while.

Counts live in Django's cache (per process on the embedded default, shared through
Redis when ``REDIS_URL`` is set), so a guesser cannot simply spread attempts over
several daphne processes. The clock is a module function the tests replace.
"""

import time

from django.core.cache import cache

MAX_FAILURES_PER_NAME = 5
MAX_FAILURES_PER_ADDRESS = 20
WINDOW_SECONDS = 15 * 60


def now() -> float:
    return time.time()


def _keys(username: str, address: str) -> tuple[str, str]:
    return (f"signin-fail:name:{username.strip().lower()}", f"signin-fail:addr:{address}")


def _recent(key: str) -> list[float]:
    cutoff = now() - WINDOW_SECONDS
    return [t for t in cache.get(key, []) if t > cutoff]


def is_locked(username: str, address: str) -> bool:
    name_key, addr_key = _keys(username, address)
    return (
        len(_recent(name_key)) >= MAX_FAILURES_PER_NAME
        or len(_recent(addr_key)) >= MAX_FAILURES_PER_ADDRESS
    )


def record_failure(username: str, address: str) -> None:
    for key in _keys(username, address):
        cache.set(key, [*_recent(key), now()], WINDOW_SECONDS)


def clear(username: str, address: str) -> None:
    cache.delete(_keys(username, address)[0])
