"""Games dealt the same tiles: twins.

A duplicate tournament round deals one seed at every table, and anyone may deal a
seed again. While one twin is still running, the others must not show what they
hold: a finished twin's record, or a glance at a twin's table, would tell its
players the walls still to come. The rule lives here, in ``tables``, without any
notion of tournaments: same seed and same explicit walls make twins.
"""

from __future__ import annotations

from django.db.models import QuerySet

from .models import Game


def running_twins(game: Game) -> QuerySet[Game]:
    """The other unfinished games dealt the same tiles as ``game``."""
    return Game.objects.filter(seed=game.seed, walls=game.walls, finished__isnull=True).exclude(
        pk=game.pk
    )


def record_sealed(game: Game) -> bool:
    """Whether the game's record must stay closed because a twin still runs."""
    return running_twins(game).exists()


def plays_a_twin(user, game: Game | None) -> bool:
    """Whether ``user`` sits at a running twin of ``game`` (and so may not watch it)."""
    if game is None or not getattr(user, "is_authenticated", False):
        return False
    return (
        running_twins(game).filter(table__seats__player=user, table__seats__bot_level="").exists()
    )
