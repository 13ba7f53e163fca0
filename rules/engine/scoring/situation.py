"""What the scorer is told about a win (:class:`Situation`) and what it answers
(:class:`HandScore`): plain values, below the scorer and its checks, which all read
them."""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import EAST
from .payments import WinPayment

# The yes/no facts of a win besides tsumo, named once: the calculator's form, the
# JSON API and the scored-hands data file take exactly these (the fields below).
SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "open_riichi",
)


@dataclass(frozen=True, slots=True)
class Situation:
    """How and when the hand was won. Winds are kinds 27-30; indicators are physical tiles."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    round_wind: int = EAST
    seat_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0  # sticks on the table, including any put down this hand


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand. ``error`` is set (and ``payment`` None) when it cannot win.

    ``yaku`` lists (name, han) in catalogue order; dora, aka dora and ura dora are
    entries of their own with their count as han. A yakuman entry shows 13 han per
    yakuman it is worth; for a yakuman hand ``han`` is 13 x ``yakuman``, the
    multiplier actually paid (after the ruleset's cap), and ``fu`` is 0.
    """

    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    fu_details: tuple[tuple[int, str], ...]  # (fu, reason) items adding up to ``fu``
    limit: str | None  # a payments.LIMIT_NAMES name, "Nx yakuman", or None below mangan
    yakuman: int
    base_points: int
    payment: WinPayment | None
    error: str | None = None
