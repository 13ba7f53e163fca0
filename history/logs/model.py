"""The neutral form every imported log is read into.

A log becomes a :class:`LogGame`: the names at the four seats (seat 0 is the first
dealer), the ruleset the log declares and its hands. A :class:`LogHand` holds the
header (round, honba, sticks and scores when the hand starts), the thirteen tiles
each seat was dealt, the events in the order they happened, the dora and ura
indicators the log shows, and the outcome it records.

Tiles are *codes*, ``(kind, red)`` pairs as in :mod:`rules.engine.tiles`, because
most formats name a tile's face and not which of the four copies it was. The
physical copies are chosen when the wall is rebuilt (:mod:`.walls`).

Events say what a player did; the engine decides everything automatic (draws after
a discard, dora reveals, the end of the wall). A hand's events end with the action
that finished it when a player finished it: :class:`Tsumo`, :class:`Ron` or
:class:`Kyuushu`; an exhaustive draw or an automatic abortive draw needs no event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from django.utils.translation import gettext

from rules.engine import EAST, Ruleset, is_red, kind_notation
from tables.drawing.seat_presenters import round_name

Code = tuple[int, bool]  # (kind 0-33, red five)

WIND_NAMES = ("East", "South", "West", "North")
ABORT_REASONS = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
RESULT_KINDS = ("ron", "tsumo", "exhaustive", "nagashi", "abortive", "chombo")


class LogFormatError(Exception):
    """A log that cannot be read. ``field`` says where, e.g. ``log[2][5]``."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(f"{field}: {message}" if field else message)
        self.message = message
        self.field = field


def hand_label(round_wind: int, round_number: int, honba: int) -> str:
    """``East 1, 0 honba``: a hand named as players name it, for messages."""
    return f"{WIND_NAMES[round_wind % 4]} {round_number + 1}, {honba} honba"


def code_of(tile: int, red_fives: Sequence[int]) -> Code:
    """The code of a physical tile under a ruleset's red fives."""
    return (tile >> 2, is_red(tile, red_fives))


def code_text(code: Code) -> str:
    """``5m``, ``0p`` (red), ``7z``: for messages."""
    return kind_notation(code[0], code[1])


# --- events -------------------------------------------------------------------------


class Draw(NamedTuple):
    seat: int
    tile: Code
    rinshan: bool = False  # the replacement tile after a kan


class Discard(NamedTuple):
    seat: int
    tile: Code
    tsumogiri: bool  # the tile just drawn
    riichi: bool = False  # the discard that declares riichi


class Call(NamedTuple):
    """A chi, pon or open kan on the discard just made."""

    seat: int
    kind: str  # "chi", "pon" or "daiminkan"
    tile: Code  # the discarded tile taken
    own: tuple[Code, ...]  # the caller's tiles that join it
    source: int  # the discarder


class Kan(NamedTuple):
    """A kan declared in one's own turn."""

    seat: int
    kind: str  # "ankan" or "shouminkan"
    tiles: tuple[Code, ...]  # the four tiles of an ankan; the added tile of a shouminkan


class Tsumo(NamedTuple):
    seat: int


class Ron(NamedTuple):
    """Rons on the last discard (or on a kan being robbed)."""

    seats: tuple[int, ...] | None  # None: every seat that can ron does (sanchahou)
    from_seat: int


class Kyuushu(NamedTuple):
    seat: int


Event = Draw | Discard | Call | Kan | Tsumo | Ron | Kyuushu


# --- outcomes -----------------------------------------------------------------------


class LogWin(NamedTuple):
    seat: int
    from_seat: int | None  # None for tsumo
    han: int | None  # None when the log does not say
    fu: int | None
    yakuman: int  # how many yakuman the hand counts (0 for an ordinary hand)
    yaku: tuple[tuple[str, int], ...]  # (our yaku key, han); unknown names keep theirs
    deltas: tuple[int, ...] | None  # this win's score changes, when the log splits them
    pao: int | None = None
    limit: str = ""


class LogResult(NamedTuple):
    kind: str  # one of RESULT_KINDS
    abort: str | None = None  # one of ABORT_REASONS
    wins: tuple[LogWin, ...] = ()
    deltas: tuple[int, ...] | None = None  # everyone's change in the hand
    tenpai: tuple[bool, ...] | None = None  # at an exhaustive draw, when the log says
    label: str = ""  # the log's own words, for messages


@dataclass
class LogHand:
    index: int
    round_wind: int  # 0 East .. 3 North
    round_number: int  # 0-3: the dealer's seat
    honba: int
    sticks: int
    scores: tuple[int, ...]
    haipai: tuple[tuple[Code, ...], ...]  # 13 codes per seat
    events: list[Event] = field(default_factory=list)
    dora: tuple[Code, ...] = ()
    ura: tuple[Code, ...] = ()
    result: LogResult | None = None
    wall: tuple[int, ...] | None = None  # a known physical wall, in our draw order
    notes: list[str] = field(default_factory=list)
    chips: tuple[int, ...] | None = None  # a chip game's chip changes in this hand

    @property
    def label(self) -> str:
        # in the reader's words (the import page's report): "East 1", 東1局
        name = round_name(EAST + self.round_wind % 4, self.round_number)
        return f"{name}, " + gettext("%(n)s honba") % {"n": self.honba} if self.honba else name

    @property
    def dealer(self) -> int:
        return self.round_number


@dataclass
class LogGame:
    source: str  # "tenhou6", "mjlog", "mjai" or "riichi-game"
    title: str
    names: tuple[str, ...]
    ruleset: Ruleset
    ruleset_note: str  # where the ruleset came from, for the report
    hands: list[LogHand]
    final_scores: tuple[int, ...] | None = None  # table scores at the end, sticks included
    played: datetime | None = None
    notes: list[str] = field(default_factory=list)
    rules_read: tuple[str, ...] = ()  # each rule the log states, with where it says so
    rules_assumed: str = ""  # where the other rules come from
    site: str = "tenhou"  # where the game was played: "tenhou" or "mahjongsoul"
    final_chips: tuple[int, ...] | None = None  # a chip game's chips at the end
