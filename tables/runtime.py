"""What one process keeps in memory for the live tables, in one object.

The database is the truth; everything here is this process's own and can be lost at
any time (a restart loses it all, and the tables play on from the database):

* caches: the engine states of games (:mod:`tables.play.states`), the parts of a frame
  every viewer of a state shares (:mod:`tables.drawing.frames`), the markup of seats that did
  not change (:mod:`tables.drawing.board_markup`), and named memos of the packages further
  down (``history``'s replays and ratings) through :meth:`Runtime.memo`. Each is
  bounded (the oldest or least recently used out first): the first three by
  ``TABLE_CACHED_GAMES``, the games a process is worth remembering
  (:func:`cached_games`), and a finished game's state and frame parts leave as soon
  as no socket here shows it; each named memo by ``TABLE_MEMO_ENTRIES``
  (:func:`memo_entries`), whoever fills it keeping it to that;
* presence: how many sockets of each seat, and of each game, are open in this
  process (:mod:`tables.socket.presence`);
* limits: the message budgets of the accounts with a socket here (:mod:`tables.socket.limits`);
* pools: the database thread pool (:mod:`tables.socket.dbwork`) and this process's table
  driver with its task (:mod:`tables.play.runner`).

:func:`reset` forgets all of it, as a restart would: tests call it instead of
clearing module variables one by one, and so does a daphne child forked from a test
process (``forked=True``: the parent's pool threads and driver task did not come
along). Pure functions' ``lru_cache`` memos (tile and hand markup) are not here: they
give the same answer whoever asks; each has a named ``maxsize`` beside it, a share of
``TABLE_MARKUP_ENTRIES`` (:func:`tables.conf.markup_kept`).

The clock is not kept here: it is injected (:mod:`tables.clock`), not remembered.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING, Any

from django.conf import settings

if TYPE_CHECKING:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from rules.engine import GameState
    from tables.play.runner import Driver
    from tables.play.states import Cached
    from tables.socket.budgets import AccountBuckets


class Runtime:
    """This process's caches, presence counts, limits and pools (see the module)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # guards the pool and the driver's creation
        self._memos: dict[str, dict[Any, Any]] = {}
        self.pool: ThreadPoolExecutor | None = None  # the database pool, started on demand
        self.driver: Driver | None = None  # this process's runner.Driver ...
        self.driver_task: asyncio.Task[None] | None = None  # ... and the task running it
        self.states: OrderedDict[int, Cached] = OrderedDict()  # game id -> states.Cached
        # see frames.shared_context: key -> (the state, its shared context)
        self.frames: OrderedDict[Any, tuple[GameState, dict[str, Any]]] = OrderedDict()
        self.seat_html: OrderedDict[Any, Any] = OrderedDict()  # see board_markup.seats
        self.live_seats: Counter[int] = Counter()  # seat pk -> sockets open here
        self.watching: Counter[int] = Counter()  # game id -> sockets showing it here
        self.accounts: AccountBuckets | None = None  # made on first use
        self.reset()

    def memo(self, name: str, kind: type[dict[Any, Any]] = dict) -> Any:
        """A dict (or an OrderedDict, ``kind``) kept for ``name`` (e.g.
        ``"history.replays"``) that :meth:`reset` empties."""
        with self.lock:
            found = self._memos.get(name)
            if found is None:
                found = self._memos[name] = kind()
            return found

    def account_buckets(self) -> AccountBuckets:
        if self.accounts is None:
            from tables.socket.budgets import AccountBuckets

            with self.lock:
                if self.accounts is None:
                    self.accounts = AccountBuckets()
        return self.accounts

    def reset(self, *, forked: bool = False) -> None:
        """Forget every cache, presence count and budget, as a fresh process would.

        The database pool's threads and a running driver are kept (``dbwork.shut_down``
        ends the threads and their connections); with ``forked`` both are forgotten,
        since a forked child has neither the threads nor the event loop they belong to.
        """
        self.states.clear()
        self.frames.clear()
        self.seat_html.clear()
        self.live_seats.clear()
        self.watching.clear()
        if self.accounts is not None:
            self.accounts.clear()
        for memo in self._memos.values():
            memo.clear()
        if forked:
            self.pool = self.driver = self.driver_task = None


def cached_games() -> int:
    """How many games' states (and, a few per game, frame parts and seat markup) this
    process keeps: ``TABLE_CACHED_GAMES``, read on every use so tests can change it."""
    return settings.TABLE_CACHED_GAMES


def memo_entries() -> int:
    """How many entries each named memo (:meth:`Runtime.memo`) keeps at most:
    ``TABLE_MEMO_ENTRIES``, read on every use so tests can change it."""
    return settings.TABLE_MEMO_ENTRIES


def keep_at_most(cache: OrderedDict[Any, Any], bound: int) -> None:
    """Drop the least recently used entries of ``cache`` until ``bound`` are left."""
    while len(cache) > bound:
        try:
            cache.popitem(last=False)
        except KeyError:  # another thread emptied it meanwhile
            break


RUNTIME = Runtime()


def reset(*, forked: bool = False) -> None:
    """Forget this process's memory of the tables (see :meth:`Runtime.reset`)."""
    RUNTIME.reset(forked=forked)
