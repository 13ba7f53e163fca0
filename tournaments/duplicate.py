"""Duplicate comparison: how each player did against the others who held the same
seat with the same tiles.

In a duplicate round every table is dealt from the same wall seed, so the players
in the East seat of all those tables drew the same tiles, and so on round the
table. A player's *difference* is their raw score minus the average raw score of
the others in that seat; summed over rounds it separates skill from the luck of
the deal.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from .leaderboard import WIND_NAMES, Game


@dataclass(frozen=True)
class SeatComparison:
    round: int | None
    seed: int
    wind: str
    player: Hashable
    table: int | None
    score: int
    others_average: float  # the other tables' average raw score in this seat
    difference: float  # score - others_average
    tables: int  # how many tables played this seed


def comparisons(games: Iterable[Game]) -> list[SeatComparison]:
    """One line per player per duplicate game that at least one other table shared.

    Games group by (round, seed); only games flagged ``duplicate`` with a seed take
    part, and a seed played at a single table has nothing to compare with.
    """
    groups: dict[tuple, list[Game]] = defaultdict(list)
    for game in games:
        if game.duplicate and game.seed is not None:
            groups[(game.round, game.seed)].append(game)
    out = []
    for (round_number, seed), group in sorted(groups.items(), key=_group_order):
        if len(group) < 2:
            continue
        for wind in range(4):
            for game in group:
                player = game.players[wind]
                if player is None:
                    continue
                others = [g.scores[wind] for g in group if g is not game]
                average = sum(others) / len(others)
                out.append(
                    SeatComparison(
                        round=round_number,
                        seed=seed,
                        wind=WIND_NAMES[wind],
                        player=player,
                        table=game.table,
                        score=game.scores[wind],
                        others_average=average,
                        difference=game.scores[wind] - average,
                        tables=len(group),
                    )
                )
    return out


def _group_order(item):
    (round_number, seed), _ = item
    return (round_number if round_number is not None else 10**9, seed)


def totals(lines: Iterable[SeatComparison]) -> dict[Hashable, float]:
    """Each player's summed difference over all their duplicate games."""
    out: dict[Hashable, float] = defaultdict(float)
    for line in lines:
        out[line.player] += line.difference
    return dict(out)


def named(lines: Iterable[SeatComparison], names: Mapping[Hashable, str]) -> list[dict]:
    """Lines as dicts with the player's name, for templates."""
    return [{**line.__dict__, "name": names.get(line.player, str(line.player))} for line in lines]
