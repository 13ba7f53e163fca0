"""Games dealt the same tiles: twins.

A duplicate tournament round deals one seed at every table, and anyone may deal a
seed again. While one twin is still running, the others must not show what they
hold: a finished twin's record, or a glance at a twin's table, would tell its
players the walls still to come. The rule lives here, in ``tables``, without any
notion of tournaments: same seed and same explicit walls make twins.

Every page, export or figure that shows a finished game's result (its record, the
ranking and ratings, a profile's games and yaku, a tournament's round page,
standings and CSV) asks this module: :func:`record_sealed` for one game,
:func:`sealed_game_ids` / :func:`unsealed` / :func:`sealed_table_ids` for many.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from tables.models import Game

if TYPE_CHECKING:
    from players.models import Player


def running_twins(game: Game) -> QuerySet[Game]:
    """The other unfinished games dealt the same tiles as ``game``."""
    return Game.objects.filter(seed=game.seed, walls=game.walls, finished__isnull=True).exclude(
        pk=game.pk
    )


def record_sealed(game: Game) -> bool:
    """Whether the game's record must stay closed because a twin still runs."""
    return running_twins(game).exists()


def _deal(seed: int, walls: Any) -> tuple[int, str]:
    return seed, json.dumps(walls, sort_keys=True)


def sealed_game_ids() -> set[int]:
    """Finished games whose result must not show yet, because a twin still runs.

    The same rule as :func:`record_sealed`, for every game at once (two queries).
    """
    running = Game.objects.filter(finished__isnull=True).values_list("seed", "walls")
    deals = {_deal(seed, walls) for seed, walls in running}
    if not deals:
        return set()
    finished = Game.objects.filter(
        finished__isnull=False, seed__in={seed for seed, _ in deals}
    ).values_list("pk", "seed", "walls")
    return {pk for pk, seed, walls in finished if _deal(seed, walls) in deals}


def unsealed(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` without those whose result is sealed."""
    sealed = sealed_game_ids()
    return games.exclude(pk__in=sealed) if sealed else games


def sealed_table_ids() -> set[int]:
    """Tables whose finished game is sealed: their result must not show anywhere yet."""
    sealed = sealed_game_ids()
    if not sealed:
        return set()
    return set(Game.objects.filter(pk__in=sealed).values_list("table_id", flat=True))


def plays_a_twin(user: Player | AnonymousUser, game: Game | None) -> bool:
    """Whether ``user`` sits at a running twin of ``game`` (and so may not watch it)."""
    if (
        game is None
        or isinstance(user, AnonymousUser)
        or not getattr(user, "is_authenticated", False)
    ):
        return False
    return (
        running_twins(game).filter(table__seats__player=user, table__seats__bot_level="").exists()
    )
