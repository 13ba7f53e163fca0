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

Only a failure of the layer's Redis server counts (:func:`is_layer_failure`): any
other error (one client's socket reset, a broken pipe, a timeout of some other wait,
a bug) leaves every group in place, so it ends at most the socket it happened to and
never sends all the players of the process to reconnect. The in-memory layer has no
server to lose: with it nothing counts.
"""

from __future__ import annotations

import contextlib
import logging
import weakref
from typing import TYPE_CHECKING

from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.layers import BaseChannelLayer

log = logging.getLogger(__name__)

CLOSE_CODE = 1012  # "service restart": htmx's socket extension reconnects on it

_open: weakref.WeakSet[AsyncWebsocketConsumer] = weakref.WeakSet()


def _on_redis(layer: BaseChannelLayer | None) -> bool:
    """Whether ``layer`` keeps its groups in a Redis server (channels-redis).

    Only such a layer loses memberships and events when its server goes away; the
    in-memory layer lives and dies with the process, so nothing is a layer failure.
    """
    return layer is not None and type(layer).__module__.split(".")[0] == "channels_redis"


def _raised_by_redis_client(exc: BaseException) -> bool:
    """Whether ``exc`` was raised while the Redis client (redis-py, channels-redis) ran.

    redis-py wraps the socket's own errors (a refused or reset connection, a timeout)
    in its ConnectionError and TimeoutError, but an OSError that slips through one
    of its paths is as much the server's failure: the traceback tells where it rose.
    """
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__") or ""
        if module.split(".")[0] in ("redis", "channels_redis"):
            return True
        tb = tb.tb_next
    return False


def is_layer_failure(exc: BaseException, layer: BaseChannelLayer | None = None) -> bool:
    """Whether ``exc`` says that the channel layer's server could not be reached.

    Only Redis's own connection errors count: redis-py's ConnectionError and
    TimeoutError (but not a full connection pool, which is this process's limit and
    leaves every group in place), and an OSError raised inside the Redis client. An
    OSError of anything else (a client's socket reset, a broken pipe, a file, a
    timeout of some other wait) ends at most the socket it happened to: it must not
    send every player of the process to reconnect. ``layer`` is the default channel
    layer unless given.
    """
    if layer is None:
        layer = get_channel_layer()
    if not _on_redis(layer):
        return False
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import MaxConnectionsError
    from redis.exceptions import TimeoutError as RedisTimeout

    if isinstance(exc, MaxConnectionsError):
        return False
    if isinstance(exc, RedisConnectionError | RedisTimeout):
        return True
    return isinstance(exc, OSError) and _raised_by_redis_client(exc)


def opened(consumer: AsyncWebsocketConsumer) -> None:
    """A socket of this process (a consumer with ``close(code=...)``) is open."""
    _open.add(consumer)


def closed(consumer: AsyncWebsocketConsumer) -> None:
    _open.discard(consumer)


async def close_all(reason: str, *, but: AsyncWebsocketConsumer | None = None) -> int:
    """Close every socket of this process (``but`` one) so that each opens a new one."""
    consumers = [c for c in list(_open) if c is not but]
    if consumers:
        log.warning("channel layer failed (%s): closing %d sockets", reason, len(consumers))
    for consumer in consumers:
        _open.discard(consumer)
        with contextlib.suppress(Exception):  # a socket already gone
            await consumer.close(code=CLOSE_CODE)
    return len(consumers)
