"""The live tables' tunables.

Every ``TABLE_*`` knob is read from the environment in ``mahjong_site/settings.py``
and listed, with its default and meaning, in the README ("Configuration"); tests
override them as settings. This module only reads them: ``value`` gives the setting,
``seconds`` a duration as a float. The timing knobs are:

=========================  =======  ===============================================
name                       default  meaning
=========================  =======  ===============================================
TABLE_BOT_DELAY            1.0      seconds a bot "thinks" before each move
TABLE_AUTO_DELAY           0.3      seconds before a person's auto toggle plays
TABLE_AWAY_GRACE           5.0      seconds a lost connection is waited for
TABLE_RESULT_PAUSE         6.0      extra seconds to read a hand's result
TABLE_CLAIM_WINDOW         2.0      seconds to call Win anyway on a discard (claimed wins)
TABLE_CALL_WINDOW          1.0      seconds every discard a person could call waits
TABLE_LEASE_SECONDS        15       how long a driver's lease on a game lasts
TABLE_DRIVER_WATCHDOG      3.0      seconds a driven game may sit still before a check
TABLE_DRIVER_AUTOSTART     true     run the driver in this process
TABLE_SEED                 (none)   fixed wall seed for new games
TABLE_CACHED_GAMES         200      games whose states and frame parts a process keeps
TABLE_MEMO_ENTRIES         4096     entries of each named memo of the runtime
TABLE_MARKUP_ENTRIES       8192     the drawing's markup memos (shares of it, markup_kept)
=========================  =======  ===============================================

(the abuse limits, ``TABLE_MESSAGE_*``, ``TABLE_ACCOUNT_*`` and ``TABLE_OPEN_LIMIT``,
are described in :mod:`tables.socket.limits`).
"""

from __future__ import annotations

from django.conf import settings


def value(name: str):
    """The setting ``name`` (``TABLE_SEED`` may be None: no fixed seed)."""
    return getattr(settings, name)


def seconds(name: str) -> float:
    return float(value(name))


def markup_kept(share: float) -> int:
    """The bound of one of the drawing's markup memos: ``share`` of
    ``TABLE_MARKUP_ENTRIES`` (read when the module that holds the memo is imported; an
    ``lru_cache`` is given its size once), at least 16."""
    return max(16, int(settings.TABLE_MARKUP_ENTRIES * share))
