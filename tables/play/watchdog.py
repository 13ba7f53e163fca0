"""The table driver's watchdog: a game whose version has not moved for a while is
checked against the database.

The driver plans every game from the news its table's group brings (see
:mod:`tables.play.runner`) and sleeps until the next server move is due. If a piece of
news never reaches it (a channel that was full, a Redis restart, a race it lost),
it would keep planning from a version the game has left, typically waiting out a
person's whole move time while a bot is due now. So every game whose known version
has not moved for ``TABLE_DRIVER_WATCHDOG`` seconds is checked: its stored version
is read (one query for all such games of the driver), a game found elsewhere is read
again, and every checked game is planned again. ``0`` turns the watchdog off.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import TYPE_CHECKING

from tables import conf
from tables.models import Game
from tables.socket.dbwork import in_pool

if TYPE_CHECKING:
    from tables.play.runner import Driven

log = logging.getLogger(__name__)


def interval() -> dt.timedelta | None:
    seconds = conf.seconds("TABLE_DRIVER_WATCHDOG")
    return dt.timedelta(seconds=seconds) if seconds > 0 else None


def stored_versions(game_ids: list[int]) -> dict[int, int]:
    return dict(Game.objects.filter(pk__in=game_ids).values_list("pk", "version"))


def quiet_since(driven: Driven, now: dt.datetime) -> dt.datetime:
    """When the driver last heard ``driven``'s version move (or last checked it)."""
    since = driven.quiet_since
    if since is None:
        since = driven.quiet_since = now
    return since


async def check(games: dict[int, Driven], now: dt.datetime) -> list[int]:
    """Check the games of ``games`` (game id -> Driven) that have been quiet too long;
    the ids found at another version than the driver believed (read again)."""
    every = interval()
    if every is None:
        return []
    quiet = {
        game_id: driven
        for game_id, driven in games.items()
        if driven.policies is not None and quiet_since(driven, now) + every <= now
    }
    if not quiet:
        return []
    stored = await in_pool(stored_versions)(list(quiet))
    behind = []
    for game_id, driven in quiet.items():
        driven.quiet_since = now
        driven.stale = True  # planned again in this tick
        if game_id in stored and stored[game_id] != driven.version:
            log.warning(
                "table driver: game %s sat at version %s while %s is stored: read again",
                game_id,
                driven.version,
                stored[game_id],
            )
            driven.policies = None
            behind.append(game_id)
    return behind


def next_check(games: dict[int, Driven]) -> dt.datetime | None:
    """When the next game falls due for a check (None: no game, or no watchdog)."""
    every = interval()
    times: list[dt.datetime] = [d.quiet_since for d in games.values() if d.quiet_since is not None]
    if every is None or not times:
        return None
    return min(times) + every
