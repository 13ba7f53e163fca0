"""Running database work off the event loop.

Channels' ``database_sync_to_async`` runs every call of a process in one thread,
one after the other, and closes the thread's database connection around each
call unless it is persistent. Two things follow for the live tables, which touch
the database after every move:

* Under PostgreSQL the moves go to a small thread pool instead: a commit waits for
  the disk (10 ms or more when each commit is synced), moves of different tables
  can commit at the same time (PostgreSQL flushes them together), and the order
  within one game is kept by the version compare-and-set, not by the thread.
* SQLite lets only one connection write at a time, and threads that wait for its
  lock back off with sleeps that make the slowest waits long, so there the moves
  stay in the one database thread, which queues every write. Its connection is
  also kept open between calls: opening an SQLite connection (and running its
  start-up pragmas) costs more than a whole move.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from channels.db import DatabaseSyncToAsync
from django.db import connection, connections

from tables.runtime import RUNTIME

P = ParamSpec("P")
R = TypeVar("R")

POOL_SIZE = 8  # the pool itself is this process's runtime's (RUNTIME.pool)


@cache
def _sqlite() -> bool:
    return connection.vendor == "sqlite"


def _executor() -> ThreadPoolExecutor:
    with RUNTIME.lock:
        if RUNTIME.pool is None:
            RUNTIME.pool = ThreadPoolExecutor(POOL_SIZE, thread_name_prefix="tables-db")
        return RUNTIME.pool


def in_pool(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """``func`` as a coroutine function run off the event loop (see above)."""
    run: Callable[P, Awaitable[R]]
    if _sqlite():
        run = SyncToAsync(func, thread_sensitive=True)
    else:
        run = DatabaseSyncToAsync(func, thread_sensitive=False, executor=_executor())
    return run


def shut_down() -> None:
    """End the pool's threads, which closes their database connections (the test
    database cannot be dropped while they are open); a new pool starts on demand."""
    with RUNTIME.lock:
        pool, RUNTIME.pool = RUNTIME.pool, None
    if pool is not None:
        # One closing task per worker: the barrier keeps any worker from taking two.
        barrier = threading.Barrier(POOL_SIZE)

        def close_here() -> None:
            barrier.wait(timeout=10)
            connections.close_all()

        for future in [pool.submit(close_here) for _ in range(POOL_SIZE)]:
            future.result()
        pool.shutdown(wait=True)
    # The single database thread of channels' database_sync_to_async holds one too.
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()
