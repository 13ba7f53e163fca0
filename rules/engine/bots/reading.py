"""What a bot reads off its seat view, derived once per decision.

A bot sees only the :class:`SeatView` the engine hands it: its own concealed
tiles, every discard and meld on the table, the dora indicators, hands opened by
open riichi, and its legal actions. :class:`Reading` turns that into counts over
the 34 kinds (own hand, tiles still unseen from this seat) and groups the legal
actions by type, so the evaluation of each candidate reuses the same arrays.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..tiles import DRAGONS, EAST, FIVES, dora_of, is_red, is_simple
from . import efficiency

SIMPLES_MASK = efficiency.mask_of(k for k in range(34) if is_simple(k))
_DORA_OF = tuple(dora_of(kind) for kind in range(34))
_FIVE_KINDS = frozenset(FIVES)
_YAKUHAI: dict[tuple[int, int], frozenset[int]] = {}  # (seat wind, round wind) -> kinds


class cached_property:
    """Computed on first access, then a plain attribute (no lock, unlike functools')."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def wind_kind(value: object) -> int:
    """A wind given as a kind (27-30), an index (0-3) or a letter/name, as a kind."""
    if isinstance(value, int):
        return value if value >= EAST else EAST + value
    text = str(value).strip().lower()[:1]
    return EAST + "eswn".index(text)


class Reading:
    """Derived data about one view; attributes are computed on first use."""

    def __init__(self, view):
        self.view = view
        self.seat: int = view.seat
        self.ruleset = view.ruleset
        tiles = list(view.hand)
        drawn = view.drawn
        if drawn is not None and drawn not in tiles:
            tiles.append(drawn)  # a SeatView keeps the drawn tile apart
        self.tiles: list[int] = tiles
        counts = [0] * 34
        for tile in tiles:
            counts[tile >> 2] += 1
        self.counts: list[int] = counts
        discards: list = []
        discard_mask = 0
        by_type: dict[str, list] = {"discard": discards}
        for action in view.legal:
            kind = action.type
            if kind == "discard":
                discards.append(action)
                discard_mask |= 1 << (action.tile >> 2)
            elif kind in by_type:
                by_type[kind].append(action)
            else:
                by_type[kind] = [action]
        if not discards:
            del by_type["discard"]
        self.actions: dict[str, list] = by_type
        self.discards: list = discards
        self.discard_mask: int = discard_mask  # kinds that may be discarded

    # --- the table -------------------------------------------------------------

    @cached_property
    def visible(self) -> list[int]:
        """Copies of each kind this seat can see: own hand, discards, melds, indicators."""
        view = self.view
        seen = self.counts[:]
        for river in view.discards:
            for discard in river:
                if not discard.called:  # a called tile is counted in its meld
                    seen[discard.tile >> 2] += 1
        for melds in view.melds:
            for meld in melds:
                for tile in meld.tiles:
                    seen[tile >> 2] += 1
        for tile in view.dora_indicators:
            seen[tile >> 2] += 1
        shown = view.open_hands
        if any(shown):
            for seat, tiles in enumerate(shown):
                if tiles and seat != self.seat:
                    for tile in tiles:
                        seen[tile >> 2] += 1
        return seen

    @cached_property
    def unseen(self) -> list[int]:
        return [4 - n if n < 4 else 0 for n in self.visible]

    @cached_property
    def levels(self) -> tuple[int, int, int, int]:
        """Unseen counts as masks, see :func:`efficiency.levels_of`."""
        return efficiency.levels_from_visible(self.visible)

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
    def melds(self) -> tuple:
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

    def first(self, kind: str):
        found = self.actions.get(kind)
        return found[0] if found else None

    def discard_of_kind(self, kind: int, actions: Sequence | None = None):
        """The legal discard of a kind, keeping red fives and preferring the drawn copy."""
        drawn = self.view.drawn
        if kind not in _FIVE_KINDS:
            # no red copy to keep: the drawn copy if it is one, else the first
            first = None
            for action in self.discards if actions is None else actions:
                tile = action.tile
                if tile >> 2 == kind:
                    if tile == drawn:
                        return action
                    if first is None:
                        first = action
            return first
        best = None
        best_key = None
        for action in self.discards if actions is None else actions:
            tile = action.tile
            if tile >> 2 != kind:
                continue
            key = (is_red(tile, self.red_fives), tile != drawn)
            if best is None or key < best_key:
                best, best_key = action, key
        return best

    def allowed_mask(self, actions: Sequence) -> int:
        """Mask of the kinds the (tile-carrying) ``actions`` would throw."""
        if actions is self.discards:
            return self.discard_mask
        mask = 0
        for action in actions:
            mask |= 1 << (action.tile >> 2)
        return mask
