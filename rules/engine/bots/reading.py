"""What a bot reads off its seat view, derived once per decision.

A bot sees only the :class:`SeatView` the engine hands it: its own concealed
tiles, every discard and meld on the table, the dora indicators, hands opened by
open riichi, and its legal actions. :class:`Reading` turns that into counts over
the 34 kinds (own hand, tiles still unseen from this seat) and groups the legal
actions by type, so the evaluation of each candidate reuses the same arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from ..actions import Action
from ..melds import Meld
from ..tiles import DRAGONS, EAST, FIVES, dora_of, is_red, is_simple
from . import efficiency

if TYPE_CHECKING:  # the types of the view a bot is handed (see the package docs)
    from ..state import Discard
    from ..visibility import SeatView

SIMPLES_MASK = efficiency.mask_of(k for k in range(34) if is_simple(k))
_DORA_OF = tuple(dora_of(kind) for kind in range(34))
_FIVE_KINDS = frozenset(FIVES)
_YAKUHAI: dict[tuple[int, int], frozenset[int]] = {}  # (seat wind, round wind) -> kinds


_Owner = TypeVar("_Owner")
_Value = TypeVar("_Value")
_Part = TypeVar("_Part", bound=tuple[Any, ...])


class cached_property(Generic[_Owner, _Value]):
    """Computed on first access, then a plain attribute (no lock, unlike functools')."""

    def __init__(self, func: Callable[[_Owner], _Value]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    @overload
    def __get__(
        self, obj: None, owner: type[Any] | None = None
    ) -> cached_property[_Owner, _Value]: ...
    @overload
    def __get__(self, obj: _Owner, owner: type[Any] | None = None) -> _Value: ...
    def __get__(
        self, obj: _Owner | None, owner: type[Any] | None = None
    ) -> cached_property[_Owner, _Value] | _Value:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


# A tile's kind as a "lane": the number 1 << (8 * kind). A sum of lanes holds one
# count per kind in its bytes, read back with ``int.to_bytes(34, "little")``; no
# kind is ever seen more than four times, so no byte overflows into the next.
# Summing ``map``s of these tables keeps the per-tile work inside C: a decision
# then costs a fraction of the bytecode a loop over the tiles would.
_TILE_LANE = tuple(1 << 8 * (tile >> 2) for tile in range(136))
_TILE_BIT = tuple(1 << (tile >> 2) for tile in range(136))  # the kind's bit in a mask
_lane = _TILE_LANE.__getitem__
_bit = _TILE_BIT.__getitem__
_type = attrgetter("type")
_tile = attrgetter("tile")
_tiles = attrgetter("tiles")
# The lanes of a river entry, by the entry itself (a called tile counts in its meld).
# A river entry is a NamedTuple (tile, tsumogiri, riichi, called), which hashes and
# compares like the plain tuple used as the key here.
_DISCARD_LANE = {
    (tile, tsumogiri, riichi, called): 0 if called else _TILE_LANE[tile]
    for tile in range(136)
    for tsumogiri in (False, True)
    for riichi in (False, True)
    for called in (False, True)
}


def _river_lanes(river: tuple[Discard, ...]) -> int:
    try:
        return sum(map(_DISCARD_LANE.__getitem__, river))
    except (KeyError, TypeError):  # not a plain Discard (a hand-made view): the long way
        return sum(_TILE_LANE[d.tile] for d in river if not d.called)


def _meld_lanes(melds: tuple[Meld, ...]) -> int:
    return sum([sum(map(_lane, tiles)) for tiles in map(_tiles, melds)])


# Lanes of the rivers and meld groups read recently, by object identity. Views are
# immutable and the engine passes an unchanged river on from state to state as the
# same tuple, so most rivers of a view were read at an earlier decision. Each entry
# keeps the tuple itself alive (and is checked with ``is``), so an id is never
# mistaken for that of a newer object.
_LANES: dict[int, tuple[tuple[Any, ...], int]] = {}
_LANES_KEPT = 4096


def _lanes(part: _Part, count: Callable[[_Part], int]) -> int:
    found = _LANES.get(id(part))
    if found is not None and found[0] is part:
        return found[1]
    value = count(part)
    if len(_LANES) >= _LANES_KEPT:
        _LANES.clear()
    _LANES[id(part)] = (part, value)
    return value


def wind_kind(value: object) -> int:
    """A wind given as a kind (27-30), an index (0-3) or a letter/name, as a kind."""
    if isinstance(value, int):
        return value if value >= EAST else EAST + value
    text = str(value).strip().lower()[:1]
    return EAST + "eswn".index(text)


class Reading:
    """Derived data about one view; attributes are computed on first use."""

    def __init__(self, view: SeatView) -> None:
        seat = view.seat
        assert seat is not None  # a bot plays a seat
        self.view = view
        self.seat: int = seat
        self.ruleset = view.ruleset
        tiles = list(view.hand)
        drawn = view.drawn
        if drawn is not None and drawn not in tiles:
            tiles.append(drawn)  # a SeatView keeps the drawn tile apart
        self.tiles: list[int] = tiles
        lanes = sum(map(_lane, tiles))
        self.hand_lanes: int = lanes
        # a bytearray: xiangting reads it several times faster than a list
        self.counts: bytearray = bytearray(lanes.to_bytes(34, "little"))
        legal = view.legal
        types = list(map(_type, legal))
        if types.count("discard") == len(types):  # the usual turn: discards only
            discards = list(legal)
            self.actions: dict[str, list[Action]] = {"discard": discards}
            if len(discards) == len(tiles):
                # one discard per tile held (legal actions are distinct): every kind
                # held may go, and the counts say which those are
                self.discard_mask: int = efficiency.held_mask(self.counts)
            else:
                self.discard_mask = sum(set(map(_bit, map(_tile, discards))))
        else:
            discards = []
            discard_mask = 0
            by_type: dict[str, list[Action]] = {}
            for action, kind in zip(legal, types, strict=True):
                if kind == "discard":
                    tile = action.tile
                    assert tile is not None  # a discard names its tile
                    discards.append(action)
                    discard_mask |= _TILE_BIT[tile]
                elif kind in by_type:
                    by_type[kind].append(action)
                else:
                    by_type[kind] = [action]
            if discards:
                by_type["discard"] = discards
            self.actions = by_type
            self.discard_mask = discard_mask  # kinds that may be discarded
        self.discards: list[Action] = discards

    # --- the table -------------------------------------------------------------

    @cached_property
    def visible_lanes(self) -> int:
        """:attr:`visible` as lanes: own hand, discards, melds, indicators, open hands."""
        view = self.view
        # a river or a player's melds that did not change since an earlier
        # decision is not read again (see _lanes)
        total = self.hand_lanes + sum(map(_lane, view.dora_indicators))
        for river in view.discards:
            if river:
                total += _lanes(river, _river_lanes)
        for melds in view.melds:
            if melds:
                total += _lanes(melds, _meld_lanes)
        shown = view.open_hands
        if any(shown):
            for seat, tiles in enumerate(shown):
                if tiles and seat != self.seat:
                    total += sum(map(_lane, tiles))
        return total

    @cached_property
    def visible(self) -> bytes:
        """Copies of each kind this seat can see: own hand, discards, melds, indicators."""
        return self.visible_lanes.to_bytes(34, "little")

    @cached_property
    def unseen(self) -> list[int]:
        return [4 - n if n < 4 else 0 for n in self.visible]

    @cached_property
    def levels(self) -> tuple[int, int, int, int]:
        """Unseen counts as masks, see :func:`efficiency.levels_of`."""
        return efficiency.levels_from_big_endian(self.visible_lanes.to_bytes(34, "big"))

    @cached_property
    def dora(self) -> frozenset[int]:
        return frozenset([_DORA_OF[tile >> 2] for tile in self.view.dora_indicators])

    @cached_property
    def red_fives(self) -> Sequence[int]:
        return self.ruleset.red_fives

    @cached_property
    def seat_wind(self) -> int:
        return EAST + (self.seat - self.view.dealer) % 4

    @cached_property
    def round_wind(self) -> int:
        return wind_kind(self.view.round_wind)

    @cached_property
    def yakuhai(self) -> frozenset[int]:
        """Honour kinds whose triplet is a yaku for this seat."""
        winds = (self.seat_wind, self.round_wind)
        found = _YAKUHAI.get(winds)
        if found is None:
            found = _YAKUHAI[winds] = frozenset((*DRAGONS, *winds))
        return found

    @cached_property
    def melds(self) -> tuple[Meld, ...]:
        return tuple(self.view.melds[self.seat])

    @cached_property
    def is_open(self) -> bool:
        return any(meld.opened for meld in self.melds)

    @cached_property
    def discarded_kinds(self) -> int:
        """Mask of the kinds this seat has discarded this hand (its furiten set)."""
        mask = 0
        for discard in self.view.discards[self.seat]:
            mask |= 1 << (discard.tile >> 2)
        return mask

    @cached_property
    def shanten(self) -> int:
        return efficiency.shanten(self.counts)

    # --- legal actions ---------------------------------------------------------

    def first(self, kind: str) -> Action | None:
        found = self.actions.get(kind)
        return found[0] if found else None

    def discard_of_kind(self, kind: int, actions: Sequence[Action] | None = None) -> Action | None:
        """The legal discard of a kind, keeping red fives and preferring the drawn copy
        (None: no discard of that kind)."""
        drawn = self.view.drawn
        if kind not in _FIVE_KINDS:
            # no red copy to keep: the drawn copy if it is one, else the first
            first = None
            for action in self.discards if actions is None else actions:
                tile = action.tile
                assert tile is not None  # a discard names its tile
                if tile >> 2 == kind:
                    if tile == drawn:
                        return action
                    if first is None:
                        first = action
            return first
        best = None
        best_key: tuple[bool, bool] | None = None
        for action in self.discards if actions is None else actions:
            tile = action.tile
            assert tile is not None  # a discard names its tile
            if tile >> 2 != kind:
                continue
            key = (is_red(tile, self.red_fives), tile != drawn)
            if best_key is None or key < best_key:
                best, best_key = action, key
        return best

    def allowed_mask(self, actions: Sequence[Action]) -> int:
        """Mask of the kinds the (tile-carrying) ``actions`` would throw."""
        if actions is self.discards:
            return self.discard_mask
        mask = 0
        for action in actions:
            tile = action.tile
            assert tile is not None  # only tile-carrying actions are passed
            mask |= 1 << (tile >> 2)
        return mask
