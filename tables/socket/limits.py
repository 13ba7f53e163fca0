"""Abuse limits of the live tables: message rates, message sizes, open tables.

A socket message costs the server a database read and a render even when it is
refused, so every table socket spends tokens from two buckets before anything is
parsed: its own (one browser tab) and its account's (all the tabs and scripts of
one member together, so opening more sockets does not buy more messages). A
message that finds either bucket empty is refused with ``rate_limited``; a message
larger than ``TABLE_MESSAGE_MAX_BYTES`` is refused with ``too_large`` unread. The
socket stays open in both cases: a browser that clicked too eagerly must not lose
its table.

The account buckets live in this process's memory. With several daphne processes
an account's budget is per process (a member behind a proxy that spreads their
sockets over N processes gets at most N times the budget); that is acceptable,
because the aim is to keep one client from flooding one process, and it costs no
round trip to Redis per message.

Time comes from an injectable clock (:mod:`tables.clock`), so the tests refill a
bucket by moving a ManualClock instead of sleeping.

=========================  =======  ===============================================
setting                    default  meaning
=========================  =======  ===============================================
TABLE_MESSAGE_RATE         10       messages per second one socket may send ...
TABLE_MESSAGE_BURST        20       ... after a burst of this many
TABLE_ACCOUNT_RATE         25       messages per second of one account's sockets ...
TABLE_ACCOUNT_BURST        50       ... after a burst of this many
TABLE_MESSAGE_MAX_BYTES    4096     largest socket message read (table and lobby)
TABLE_OPEN_LIMIT           3        unfinished tables one member may be part of
=========================  =======  ===============================================
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NoReturn

from tables import clock as clocks
from tables.runtime import RUNTIME
from tables.socket.budgets import AccountBuckets, TokenBucket, seconds_of, setting

if TYPE_CHECKING:
    from players.models import Player


def accounts() -> AccountBuckets:
    """This process's account buckets (kept in its runtime, see tables.runtime)."""
    return RUNTIME.account_buckets()


class SocketLimits:
    """What one socket may still send: its bucket and, when signed in, its account's."""

    def __init__(self, account: int | None = None, clock: clocks.Clock | None = None) -> None:
        self.clock = clock
        clock = self._clock()
        self.own = TokenBucket.full(
            setting("TABLE_MESSAGE_RATE"), setting("TABLE_MESSAGE_BURST"), clock
        )
        self.account = account
        self.shared = accounts().join(account, clock) if account is not None else None
        self.max_bytes = int(setting("TABLE_MESSAGE_MAX_BYTES"))

    def _clock(self) -> clocks.Clock:
        # The process clock is looked up on every message, so a test that swaps in a
        # ManualClock after the socket opened still drives it.
        return self.clock or clocks.current()

    def allow(self) -> bool:
        """Take a token from both buckets, or from neither when one is empty."""
        now = seconds_of(self._clock())
        if not self.own.has_token(now):
            return False
        if self.shared is not None and not self.shared.take(now):
            return False
        self.own.take(now)
        return True

    def too_large(self, text_data: str | None, bytes_data: bytes | None) -> bool:
        """Whether a message is over the size limit, judged without decoding or parsing it."""
        if bytes_data is not None and len(bytes_data) > self.max_bytes:
            return True
        if text_data is None:
            return False
        # A character is one to four bytes: count bytes only when the length alone
        # cannot decide (that encode is then of at most max_bytes characters).
        if len(text_data) > self.max_bytes:
            return True
        return len(text_data) * 4 > self.max_bytes and (
            len(text_data.encode("utf-8", "surrogatepass")) > self.max_bytes
        )

    def close(self) -> None:
        if self.account is not None:
            accounts().leave(self.account)
            self.account = None


# --- open tables ---------------------------------------------------------------------------


def open_tables(user: Player) -> int:
    """How many unfinished tables ``user`` created or sits at (as a person, not a bot)."""
    from django.db.models import Q

    from tables.models import Table

    return (
        Table.objects.exclude(status=Table.FINISHED)
        .filter(Q(created_by=user) | Q(seats__player=user, seats__bot_level=""))
        .distinct()
        .count()
    )


def open_table_limit() -> int:
    return int(setting("TABLE_OPEN_LIMIT"))


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a move can carry")


def read_message(text: str | None) -> Any:
    """The JSON of a socket message, or None for anything a move cannot be made of.

    Parse at the edge: numbers that are not finite (``1e999``, ``-Infinity``,
    ``NaN``), text that is not valid Unicode (a lone surrogate escape such as
    ``"\\ud800"``) and nesting too deep for the reader all come back as None, which
    the caller answers as malformed; nothing odd gets further in.
    """
    try:
        data = json.loads(text or "", parse_constant=_refuse_constant)
        # Only the checks on what was read are left: a float too large to hold ...
        json.dumps(data, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError, UnicodeError):
        return None  # ... and a lone surrogate fail the round trip above
    return data
