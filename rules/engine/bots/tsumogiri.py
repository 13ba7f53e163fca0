"""The seat filler: throws away whatever it draws.

It wins whenever a win is legal (tsumo or ron), so games against it still end in
ordinary ways; it never calls, never declares riichi, kan or nine terminals.
The one exception to throwing the drawn tile is the app rule settings' courtesy towards open
riichi: when the drawn tile would deal into a visible open-riichi wait and another
discard is legal, it throws that other tile instead.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from ..actions import Action
from .defence import avoid_open_waits
from .reading import Reading

if TYPE_CHECKING:
    from ..visibility import SeatView


def choose(view: SeatView, rng: Random) -> Action:
    drawn_discard = None
    discards: list[Action] = []
    passing = None
    for action in view.legal:
        kind = action.type
        if kind == "tsumo" or kind == "ron":
            return action
        if kind == "discard":
            discards.append(action)
            if action.tile == view.drawn:
                drawn_discard = action
        elif kind == "pass":
            passing = action
    if discards:
        if any(view.open_hands or ()):
            discards = avoid_open_waits(Reading(view), discards)
            if drawn_discard not in discards:
                drawn_discard = None
        # no drawn tile (right after a call, which this bot never makes): the last one
        return drawn_discard or discards[-1]
    return passing or view.legal[0]
