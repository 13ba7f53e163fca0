"""The seat filler: throws away whatever it draws.

It wins whenever a win is legal (tsumo or ron), so games against it still end in
ordinary ways; it never calls, never declares riichi, kan or nine terminals.
The one exception to throwing the drawn tile is the app rule settings' courtesy towards open
riichi: when the drawn tile would deal into a visible open-riichi wait and another
discard is legal, it throws that other tile instead.
"""

from __future__ import annotations

from operator import attrgetter
from random import Random
from typing import TYPE_CHECKING

from ..actions import Action
from .defence import avoid_open_waits
from .reading import Reading

if TYPE_CHECKING:
    from ..visibility import SeatView


_type = attrgetter("type")


def choose(view: SeatView, rng: Random) -> Action:
    legal = view.legal
    drawn = view.drawn
    if legal and drawn is not None:
        # The usual turn, found without building the set of the action kinds below:
        # the drawn tile's discard comes first (where the engine lists it), the drawn
        # kind is none of the hand's waits (so no tsumo is offered: a self-drawn win
        # needs one, and a ron is never offered beside one's own discards) and no
        # hand is open to dodge.
        first = legal[0]
        if (
            first.type == "discard"
            and first.tile == drawn
            and drawn >> 2 not in view.waits
            and not any(view.open_hands or ())
        ):
            return first
    kinds = set(map(_type, legal))
    if "tsumo" not in kinds and "ron" not in kinds and "discard" in kinds:
        # The usual turn. When the drawn tile's discard comes first (where the
        # engine lists it) and no hand is open to dodge, it is the answer below
        # without looking at the other actions.
        first = legal[0]
        if first.type == "discard" and first.tile == view.drawn and not any(view.open_hands or ()):
            return first
    return _choose(view)


def _choose(view: SeatView) -> Action:
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
