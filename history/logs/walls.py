"""Rebuilding a logged hand's wall in our engine's draw order.

A log shows every tile dealt and drawn, the dora indicators that were turned over
and, after a riichi win, the ura indicators; it never shows the live tiles nobody
drew nor the dead-wall tiles nobody saw. Our engine wants all 136 (see
:mod:`rules.engine.wall`), so the known tiles go where the engine will look for
them and the rest of the wall is filled with the copies left over. Those filled
positions are *unknown*: the engine must never draw or show one, and
:mod:`.driver` reports a hand whose replay needs one as not reproducible rather
than inventing a result.

Which physical copy a code becomes does not change any outcome, so copies are
handed out lowest first (a red five's code takes a red copy, a plain five a plain
one). A log showing a fifth copy of a tile, or a red five the ruleset does not
have, is malformed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.engine import DEAD_START, DEAL_END, DORA, FIVES, RINSHAN, URA

from .model import Call, Code, Draw, Kan, LogFormatError, LogHand, code_of, code_text


class BuiltWall(NamedTuple):
    wall: tuple[int, ...]
    unknown: frozenset[int]  # wall positions filled without knowing the real tile


class _Copies:
    """The physical tiles not yet placed, handed out by code."""

    def __init__(self, red_fives: Sequence[int], where: str) -> None:
        self.red_fives = tuple(red_fives)
        self.where = where
        self.free: dict[Code, list[int]] = {}
        for kind in range(34):
            reds = self.red_fives[FIVES.index(kind)] if kind in FIVES else 0
            tiles = range(kind * 4, kind * 4 + 4)
            self.free[(kind, True)] = [t for t in tiles if t - kind * 4 < reds]
            self.free[(kind, False)] = [t for t in tiles if t - kind * 4 >= reds]

    def take(self, code: Code, field: str) -> int:
        pool = self.free.get(code)
        if pool is None:
            raise LogFormatError(f"{code!r} is not a tile", field)
        if not pool:
            if code[1] and not any(self.red_fives):
                raise LogFormatError(
                    f"the log shows a red {code_text((code[0], False))} but its ruleset has no red fives",
                    field,
                )
            raise LogFormatError(
                f"{self.where} shows more copies of {code_text(code)} than the set holds", field
            )
        return pool.pop(0)

    def rest(self) -> list[int]:
        return sorted(t for pool in self.free.values() for t in pool)


def live_and_rinshan(hand: LogHand) -> tuple[list[Code], list[Code], int]:
    """The hand's live draws and replacement draws in order, and how many kans it saw."""
    live: list[Code] = []
    rinshan: list[Code] = []
    kans = 0
    for event in hand.events:
        if isinstance(event, Draw):
            (rinshan if event.rinshan else live).append(event.tile)
        elif isinstance(event, Kan) or (isinstance(event, Call) and event.kind == "daiminkan"):
            kans += 1
    return live, rinshan, kans


def build_wall(hand: LogHand, red_fives: Sequence[int], where: str) -> BuiltWall:
    """Our engine's wall for ``hand``; ``where`` names the hand in error messages."""
    copies = _Copies(red_fives, where)
    wall: list[int | None] = [None] * 136
    dealer = hand.round_number
    for k in range(4):
        seat = (dealer + k) % 4
        dealt = hand.haipai[seat]
        if len(dealt) != 13:
            raise LogFormatError(f"seat {seat} is dealt {len(dealt)} tiles, not 13", where)
        for i, code in enumerate(dealt):
            wall[13 * k + i] = copies.take(code, f"{where}, seat {seat}'s starting hand")
    live, rinshan, kans = live_and_rinshan(hand)
    if kans > 4 or len(rinshan) > 4:
        raise LogFormatError(f"{kans} kans in one hand: at most four are possible", where)
    room = DEAD_START - DEAL_END - len(rinshan)
    if len(live) > room:
        raise LogFormatError(
            f"{len(live)} tiles drawn from the live wall, which holds only {room} here", where
        )
    for i, code in enumerate(live):
        wall[DEAL_END + i] = copies.take(code, f"{where}, draw {i + 1}")
    for i, code in enumerate(rinshan):
        wall[RINSHAN + i] = copies.take(code, f"{where}, replacement draw {i + 1}")
    if not hand.dora:
        raise LogFormatError("no dora indicator", f"{where}, dora")
    if len(hand.dora) > 5 or len(hand.ura) > 5:
        raise LogFormatError("more than five dora or ura indicators", f"{where}, dora")
    for i, code in enumerate(hand.dora):
        wall[DORA + i] = copies.take(code, f"{where}, dora indicator {i + 1}")
    for i, code in enumerate(hand.ura):
        wall[URA + i] = copies.take(code, f"{where}, ura indicator {i + 1}")
    rest = iter(copies.rest())
    unknown = set()
    for position in range(136):
        if wall[position] is None:
            wall[position] = next(rest)
            unknown.add(position)
    return BuiltWall(tuple(t for t in wall if t is not None), frozenset(unknown))


def check_known_wall(hand: LogHand, wall: tuple[int, ...], red_fives: Sequence[int]) -> str | None:
    """Why a wall from a shuffle seed does not fit what the log shows (None: it fits)."""
    dealer = hand.round_number
    for k in range(4):
        seat = (dealer + k) % 4
        dealt = sorted(code_of(t, red_fives) for t in wall[13 * k : 13 * k + 13])
        if dealt != sorted(hand.haipai[seat]):
            return f"seat {seat}'s starting hand differs from the shuffled wall"
    live, rinshan, _ = live_and_rinshan(hand)
    for i, code in enumerate(live):
        if code_of(wall[DEAL_END + i], red_fives) != code:
            return f"draw {i + 1} differs from the shuffled wall"
    for i, code in enumerate(rinshan):
        if code_of(wall[RINSHAN + i], red_fives) != code:
            return f"replacement draw {i + 1} differs from the shuffled wall"
    for i, code in enumerate(hand.dora):
        if code_of(wall[DORA + i], red_fives) != code:
            return f"dora indicator {i + 1} differs from the shuffled wall"
    for i, code in enumerate(hand.ura):
        if code_of(wall[URA + i], red_fives) != code:
            return f"ura indicator {i + 1} differs from the shuffled wall"
    return None
