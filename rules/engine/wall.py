"""Walls: how a hand's 136 tiles are ordered, shuffled and split.

Draw-order convention (what an explicit wall passed to ``new_game`` means)::

    wall[0:52]     the deal: wall[13*k : 13*k + 13] goes to the seat k places after
                   the dealer in turn order (k = 0 is the dealer)
    wall[52:122]   the live wall, drawn from index 52 upward, the dealer's first
                   draw being wall[52]
    wall[122:136]  the dead wall, d = wall[122:136]:
                   d[0:4]   replacement (rinshan) tiles, drawn in that order
                   d[4:9]   dora indicators: d[4] is shown at the start, d[5..8]
                            are the kan dora in order
                   d[9:14]  ura indicators, d[9 + i] lying under d[4 + i]

The dead wall always holds 14 tiles: each replacement draw takes one of d[0:4]
and the last tile still in the live wall (the one that would have been drawn
last) joins the dead wall instead, so the live wall ends one tile earlier.

A shuffled wall depends only on the game seed and the hand's index in the game, so
the same seed always gives the same game (``random.Random`` seeded with a string is
stable across Python versions and platforms).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import InvalidHand

DEAL_END = 52
DEAD_START = 122
RINSHAN = 122  # d[0]
DORA = 126  # d[4]
URA = 131  # d[9]
MAX_KANS = 4


# The Fisher-Yates steps for a full wall: (position, choices, bits drawn per try).
_WALL_STEPS = tuple((n - 1, n, n.bit_length()) for n in range(136, 1, -1))


def shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)``, draw for draw, without its per-item call overhead.

    The same Fisher-Yates walk with the same rejection sampling of
    ``getrandbits``, so the result is identical to ``random.shuffle``.
    """
    getrandbits = rng.getrandbits
    if len(items) == 136:
        steps = _WALL_STEPS
    else:
        steps = tuple((n - 1, n, n.bit_length()) for n in range(len(items), 1, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def shuffled_wall(seed: int, hand_index: int) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The wall and the two dice of one hand of a seeded game."""
    rng = random.Random(f"riichi-wall:{seed}:{hand_index}")
    tiles = list(range(136))
    shuffle(rng, tiles)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return tuple(tiles), dice


def check_wall(wall: Sequence[int]) -> tuple[int, ...]:
    """An explicit wall must hold each of the 136 physical tiles exactly once."""
    tiles = tuple(wall)
    if len(tiles) != 136 or sorted(tiles) != list(range(136)):
        missing = sorted(set(range(136)) - set(tiles))
        raise InvalidHand(
            f"a wall must hold each of the 136 tiles once (got {len(tiles)} tiles"
            + (f", missing {missing[:5]}" if missing else "")
            + ")",
            field="walls",
        )
    return tiles


def dealt_hand(wall: Sequence[int], seat: int, dealer: int) -> tuple[int, ...]:
    k = (seat - dealer) % 4
    return tuple(sorted(wall[13 * k : 13 * k + 13]))


def dora_indicators(wall: Sequence[int], shown: int) -> tuple[int, ...]:
    return tuple(wall[DORA : DORA + shown])


def ura_indicators(wall: Sequence[int], shown: int) -> tuple[int, ...]:
    return tuple(wall[URA : URA + shown])


def rinshan_tile(wall: Sequence[int], used: int) -> int:
    return wall[RINSHAN + used]


def dead_wall_tiles(wall: Sequence[int], live_end: int, rinshan_used: int) -> tuple[int, ...]:
    """The tiles in the dead wall right now (always 14)."""
    moved = tuple(wall[live_end:DEAD_START])
    return moved + tuple(wall[RINSHAN + rinshan_used : DEAD_START + 4]) + tuple(wall[DORA:])
