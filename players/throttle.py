"""Sign-in throttling for the members' and the admin's sign-in forms.

Failures are counted per *account and address together*, and per address: a guesser
at one address is stopped after a few tries at one name and a few more names, while a
member signing in from anywhere else is never locked out by somebody else's failures.
The real client address comes from :func:`client_address`, which believes
``X-Forwarded-For`` only when the request arrived from a configured proxy
(``TRUSTED_PROXIES``); otherwise everyone behind the proxy would share one address and
could lock each other out. Every count is kept per *client key* (:func:`client_key`): an
IPv4 address, or the network prefix of an IPv6 address (``IPV6_CLIENT_PREFIX``, a /64
by default), since one home or server is handed a whole /64 and can take a fresh
address in it for every request.

Counts live in Django's cache (per process on the embedded default, shared through
Redis when ``REDIS_URL`` is set), so a guesser cannot simply spread attempts over
several daphne processes. The clock is a module function the tests replace.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time

from django.conf import settings
from django.core.cache import cache

MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5
MAX_FAILURES_PER_ADDRESS = 20
WINDOW_SECONDS = 15 * 60
# Kept for callers that speak of "a name": it is one name at one address.
MAX_FAILURES_PER_NAME = MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS


def now() -> float:
    return time.time()


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def client_address(request) -> str:
    """The address of whoever sent ``request``.

    ``REMOTE_ADDR`` is the peer; when that peer is one of ``TRUSTED_PROXIES``, the
    right-most ``X-Forwarded-For`` entry that is not itself a trusted proxy is the
    client (entries further left were written by the client and prove nothing).
    """
    peer = request.META.get("REMOTE_ADDR", "") or ""
    trusted = set(getattr(settings, "TRUSTED_PROXIES", ()))
    if peer not in trusted:
        return peer
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        if hop not in trusted:
            return hop if _is_address(hop) else peer
    return peer


def client_key(request) -> str:
    """The key every budget and throttle counts a client under (the one place that
    decides it): the IPv4 address, or the IPv6 address's network of
    ``IPV6_CLIENT_PREFIX`` bits written as ``2001:db8:1:2::/64``. An IPv4 address
    written as IPv6 (``::ffff:192.0.2.1``) is that IPv4 address; anything else (no
    address at all) is kept as it came."""
    return key_of_address(client_address(request))


def key_of_address(address: str) -> str:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        prefix = settings.IPV6_CLIENT_PREFIX
        return str(ipaddress.IPv6Network(f"{parsed}/{prefix}", strict=False))
    return str(parsed)


def _account(username: str) -> str:
    # Hashed: the key's length stays fixed whatever was typed.
    folded = username.strip().casefold().encode("utf-8", "surrogatepass")
    return hashlib.sha256(folded).hexdigest()[:32]


# Failures are counted in one-minute buckets, each with an atomic increment, so that
# failures arriving at the same moment (on several processes sharing Redis) are all
# counted; a read-then-write of a list would keep only one of them.
BUCKET_SECONDS = 60
BUCKETS = WINDOW_SECONDS // BUCKET_SECONDS


def _keys(username: str, address: str) -> tuple[str, str]:
    return (
        f"signin-fail:pair:{_account(username)}:{address}",
        f"signin-fail:addr:{address}",
    )


def _buckets(key: str) -> list[str]:
    """The bucket keys of ``key`` that lie within the window, the current one last."""
    current = int(now() // BUCKET_SECONDS)
    return [f"{key}:{b}" for b in range(current - BUCKETS + 1, current + 1)]


def _count(key: str) -> int:
    return sum(cache.get_many(_buckets(key)).values())


def is_locked(username: str, address: str) -> bool:
    pair_key, addr_key = _keys(username, address)
    return (
        _count(pair_key) >= MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS
        or _count(addr_key) >= MAX_FAILURES_PER_ADDRESS
    )


def record_failure(username: str, address: str) -> None:
    for key in _keys(username, address):
        bucket = _buckets(key)[-1]
        cache.add(bucket, 0, WINDOW_SECONDS + BUCKET_SECONDS)
        try:
            cache.incr(bucket)
        except ValueError:  # expired between the two calls: this failure starts it again
            cache.add(bucket, 1, WINDOW_SECONDS + BUCKET_SECONDS)


def clear(username: str, address: str) -> None:
    """A correct password clears that account's failures at that address."""
    cache.delete_many(_buckets(_keys(username, address)[0]))
