"""Learning aids: what a seat could work out for itself from its own view.

Shanten, the waits with how many copies of each the seat cannot see, furiten, a
warning when a ready hand has no yaku to win with, and, when the seat may declare
riichi, the discards that keep it ready. Everything here is computed from a
:class:`~.views.SeatView` and nothing else, so an aid can never tell a seat more than
the table already shows it: "unseen" copies may be in the wall or in another hand,
and the aid does not know which.
"""

from __future__ import annotations

from typing import NamedTuple

from ..actions import OPEN_RIICHI, RIICHI
from ..errors import InvalidHand
from ..hand import shanten
from ..scoring.score import Situation, score_hand
from ..tiles import EAST
from ..visibility import SeatView

COPIES = 4  # of every tile kind in the set


class Wait(NamedTuple):
    kind: int
    unseen: int  # copies the seat cannot see: in the wall or in other hands


class Aids(NamedTuple):
    shanten: int  # 0 ready (tenpai), -1 complete, n: n tiles from ready
    waits: tuple[Wait, ...]
    furiten: bool
    no_yaku: bool  # ready, but no wait would win by ron (nor by tsumo when open)
    closed: bool  # no called melds (a closed hand can still riichi or tsumo)
    riichi_discards: tuple[int, ...]  # kinds whose riichi discard keeps the hand ready


def seen_counts(view: SeatView) -> list[int]:
    """How many copies of each kind the seat can see anywhere on the table."""
    counts = [0] * 34
    own = [*view.hand, *([view.drawn] if view.drawn is not None else [])]
    tiles = list(own)
    for melds in view.melds:
        for meld in melds:
            tiles.extend(meld.tiles)
    for river in view.discards:
        # a called discard lies in the caller's meld, counted there
        tiles.extend(d.tile for d in river if not d.called)
    for hand in view.open_hands:
        if hand:
            tiles.extend(hand)
    tiles.extend(view.dora_indicators)
    for tile in set(tiles):
        counts[tile >> 2] += 1
    return counts


def _spare(view: SeatView, kind: int) -> int:
    """A physical copy of ``kind`` not among the seat's own tiles (to score a what-if)."""
    own = set(view.hand) | {t for m in view.melds[view.seat or 0] for t in m.tiles}
    if view.drawn is not None:
        own.add(view.drawn)
    return next((kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in own), kind * 4)


def wins_by(view: SeatView, kind: int, tsumo: bool) -> bool:
    """Whether the seat's 13-tile hand, completed by ``kind``, has a yaku to win with."""
    seat = view.seat if view.seat is not None else 0
    tile = _spare(view, kind)
    situation = Situation(
        tsumo=tsumo,
        riichi=view.riichi[seat],
        round_wind=view.round_wind,
        seat_wind=EAST + (seat - view.dealer) % 4,
        honba=view.honba,
        riichi_sticks=view.riichi_sticks,
    )
    try:
        score = score_hand(
            (*view.hand, tile),
            view.melds[seat],
            tile,
            situation,
            view.ruleset,
            seat,
            view.dealer,
            None if tsumo else (seat + 1) % 4,
        )
    except InvalidHand:
        return False
    return score.error is None


def learning_aids(view: SeatView) -> Aids | None:
    """The aids for a seat's own view, or None for a spectator or an ended hand."""
    if view.seat is None or view.final is not None or not view.hand:
        return None
    seat = view.seat
    counts = [0] * 34
    for tile in view.hand:
        counts[tile >> 2] += 1
    if view.drawn is not None:
        counts[view.drawn >> 2] += 1
    seen = seen_counts(view)
    waits = tuple(Wait(k, max(0, COPIES - seen[k])) for k in view.waits)
    closed = not any(m.opened for m in view.melds[seat])
    no_yaku = False
    # Only a 13-tile hand waits; with a drawn tile in hand the waits are the ones
    # the seat had before drawing, and the question is asked again after its discard.
    if view.waits and view.drawn is None and not view.riichi[seat]:
        no_yaku = not any(wins_by(view, k, tsumo=False) for k in view.waits)
        if no_yaku and not closed:
            no_yaku = not any(wins_by(view, k, tsumo=True) for k in view.waits)
    riichi_discards = tuple(
        sorted(
            {
                a.tile >> 2
                for a in view.legal
                if a.type in (RIICHI, OPEN_RIICHI) and a.tile is not None
            }
        )
    )
    return Aids(shanten(counts), waits, view.furiten, no_yaku, closed, riichi_discards)
