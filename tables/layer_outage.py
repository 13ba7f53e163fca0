"""A channel layer that fails (Redis restarting) ends every socket of the process.

A socket hears its table, the lobby and its sign-in through groups kept in the
channel layer. When the layer's Redis goes away, two things are lost, and neither
would come back by itself:

* *the memberships*: a Redis that restarts without its data has forgotten every
  group, and channels-redis hands a failed read to one waiting consumer only (the
  one reading for the whole process), so the other sockets stay open, deaf for good;
* *the events sent meanwhile*: a move stored while the layer was down was never
  announced, and a seat that waits for that news waits until a timer moves for it.

So as soon as this process sees the layer fail (a consumer's read or send, the
driver's read, the announcement of a stored move), it closes every socket it holds
with 1012 ("service restart"), which the browser's socket extension (like the
scripted players) answers by opening a new one. A new socket joins its groups
afresh once the layer answers again (until then its handshake fails and it is
retried) and is sent the full current view from the database, which holds every
stored move: nothing is missed and nothing stays deaf.
"""

from __future__ import annotations

import contextlib
import logging
import weakref

log = logging.getLogger(__name__)

CLOSE_CODE = 1012  # "service restart": htmx's socket extension reconnects on it

_open: weakref.WeakSet = weakref.WeakSet()


def _layer_errors() -> tuple[type[BaseException], ...]:
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeout
    except ImportError:  # the in-memory layer never fails this way
        return (OSError,)
    return (OSError, RedisConnectionError, RedisTimeout)


def is_layer_failure(exc: BaseException) -> bool:
    """Whether ``exc`` says that the channel layer's server could not be reached."""
    return isinstance(exc, _layer_errors())


def opened(consumer) -> None:
    """A socket of this process (a consumer with ``close(code=...)``) is open."""
    _open.add(consumer)


def closed(consumer) -> None:
    _open.discard(consumer)


async def close_all(reason: str, *, but=None) -> int:
    """Close every socket of this process (``but`` one) so that each opens a new one."""
    consumers = [c for c in list(_open) if c is not but]
    if consumers:
        log.warning("channel layer failed (%s): closing %d sockets", reason, len(consumers))
    for consumer in consumers:
        _open.discard(consumer)
        with contextlib.suppress(Exception):  # a socket already gone
            await consumer.close(code=CLOSE_CODE)
    return len(consumers)
