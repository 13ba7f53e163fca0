"""Defence: who is dangerous, which tiles are safe against them, how safe the rest are.

Everything is read from the seat view:

* *genbutsu*: a riichi player can never ron a kind in their own river (furiten),
  nor one that anybody discarded after the declaration (they passed on it, which
  makes a riichi hand furiten for good). The order of discards between rivers is
  not in the view, so "after the declaration" is bounded conservatively: a seat
  has made at most ``declaration index + 1 + calls on the table`` discards before
  it, and only later positions in its river are trusted.
* *suji*: a two-sided wait on a tile n also waits on n-3 or n+3; when that other
  end is genbutsu, the two-sided wait through that side is impossible.
* *kabe* (no-chance / one-chance): when all four copies of a neighbour are visible
  the two-sided shape through it cannot exist; with three visible it is unlikely.
* honours: the more copies visible, the fewer waits can use the rest.

``danger`` returns a rough deal-in percentage per threat; the numbers follow the
usual published riichi statistics in shape, not in detail.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..actions import Action
from ..hand import waits
from ..tiles import DRAGONS, EAST, counts34, is_honor
from . import efficiency
from .reading import Reading

if TYPE_CHECKING:
    from ..visibility import SeatView

CALLS = ("chi", "pon", "daiminkan", "shouminkan")
# Danger of the shapes that are not two-sided (kanchan, penchan, shanpon, tanki), by number.
_BASE = (1.5, 2.5, 3.5, 3.0, 3.0, 3.0, 3.5, 2.5, 1.5)
_SIDE = 4.0  # one open two-sided side
_HONOR = {4: 0.0, 3: 0.5, 2: 2.5}
_HONOR_FRESH = 5.0


class Threat(NamedTuple):
    seat: int
    weight: float  # 1 for a riichi; less for an open hand that looks fast
    riichi: bool
    safe: int  # mask of kinds that cannot deal into this seat
    waits: int  # mask of its known waits (open riichi), else 0


def open_riichi_waits(reading: Reading, seat: int) -> int:
    """Mask of the waits of a hand shown by open riichi (0 when not shown or not tenpai)."""
    shown = reading.view.open_hands[seat]
    if not shown or seat == reading.seat or len(shown) % 3 != 1:
        return 0
    return efficiency.mask_of(waits(counts34(shown)))


def visible_open_waits(reading: Reading) -> int:
    """Kinds that would deal into some opponent's open-riichi hand."""
    shown = reading.view.open_hands
    if not any(shown):
        return 0
    mask = 0
    for seat in range(4):
        if seat != reading.seat and shown[seat]:
            mask |= open_riichi_waits(reading, seat)
    return mask


def avoid_open_waits(reading: Reading, actions: list[Action]) -> list[Action]:
    """The discards that do not hit a visible open-riichi wait, if there are any.

    The app rule settings: a robot avoids the winning tiles of an open riichi as far as it can.
    This holds under every ``open_riichi_robot`` setting (see the package docs).
    """
    forbidden = visible_open_waits(reading)
    if not forbidden:
        return actions
    kept = [a for a in actions if a.tile is not None and not forbidden >> (a.tile >> 2) & 1]
    return kept or actions


def _calls_on_table(view: SeatView) -> int:
    return sum(1 for melds in view.melds for meld in melds if meld.kind in CALLS)


def riichi_safe_mask(view: SeatView, seat: int) -> int:
    """Kinds a riichi player at ``seat`` cannot ron (see the module docstring)."""
    river = view.discards[seat]
    mask = 0
    declared = len(river) - 1
    for index, discard in enumerate(river):
        mask |= 1 << (discard.tile >> 2)
        if discard.riichi:
            declared = index
    trusted_from = declared + 1 + _calls_on_table(view)
    for other in range(4):
        if other == seat:
            continue
        for discard in view.discards[other][trusted_from:]:
            mask |= 1 << (discard.tile >> 2)
    return mask


def _open_threat_weight(reading: Reading, seat: int) -> float:
    melds = [m for m in reading.view.melds[seat] if m.opened]
    if len(melds) >= 3:
        return 0.6
    if len(melds) == 2:
        wind = EAST + (seat - reading.view.dealer) % 4
        valuable = (*DRAGONS, wind, reading.round_wind)
        for meld in melds:
            if meld.base_kind in valuable or any(t >> 2 in reading.dora for t in meld.tiles):
                return 0.4
    return 0.0


def threats(reading: Reading) -> list[Threat]:
    """Opponents worth defending against: riichi players, then fast-looking open hands."""
    view = reading.view
    out = []
    for seat in range(4):
        if seat == reading.seat:
            continue
        if view.riichi[seat]:
            waits = open_riichi_waits(reading, seat)
            out.append(Threat(seat, 1.0, True, riichi_safe_mask(view, seat), waits))
            continue
        if len(view.melds[seat]) < 2:
            continue
        weight = _open_threat_weight(reading, seat)
        if weight:
            safe = 0
            for discard in view.discards[seat]:
                safe |= 1 << (discard.tile >> 2)
            out.append(Threat(seat, weight, False, safe, 0))
    return out


def _side(visible: Sequence[int], safe: int, end: int, near: int, far: int) -> float:
    """Chance factor of the two-sided shape (near, far) waiting on our tile and ``end``."""
    if safe >> end & 1:
        return 0.0  # suji: the other end is genbutsu
    blocked = max(visible[near], visible[far])
    if blocked >= 4:
        return 0.0  # no-chance
    return 0.5 if blocked == 3 else 1.0  # one-chance


def danger(reading: Reading, kind: int, threat: Threat) -> float:
    """Rough chance (percent) that discarding ``kind`` deals into ``threat``."""
    if threat.waits:
        return 100.0 if threat.waits >> kind & 1 else 0.0
    if threat.safe >> kind & 1:
        return 0.0
    visible = reading.visible
    if is_honor(kind):
        return _HONOR.get(visible[kind], _HONOR_FRESH)
    n = kind % 9
    sides = 0.0
    if n >= 3:
        sides += _side(visible, threat.safe, kind - 3, kind - 1, kind - 2)
    if n <= 5:
        sides += _side(visible, threat.safe, kind + 3, kind + 1, kind + 2)
    base = _BASE[n] * (0.4 if visible[kind] >= 4 else 1.0)
    return base + _SIDE * sides


def danger_by_kind(reading: Reading, found: list[Threat], kinds: int) -> dict[int, float]:
    """Weighted danger of each kind in the mask ``kinds`` against all threats."""
    if len(found) == 1:  # the usual case: the sum of one term is the term
        threat = found[0]
        weight = threat.weight
        return {kind: weight * danger(reading, kind, threat) for kind in efficiency.kinds_in(kinds)}
    return {
        kind: sum([t.weight * danger(reading, kind, t) for t in found])
        for kind in efficiency.kinds_in(kinds)
    }
