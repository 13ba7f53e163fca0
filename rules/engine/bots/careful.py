"""The careful bot: the efficient bot plus defence.

With no threat on the table it plays exactly like the efficient bot. A threat is
an opponent in riichi, or an open hand that looks fast (three calls, or two with
a value honour or dora among them); see :mod:`.defence`.

Against a threat it *folds* when its own hand is far from winning: two or more
from tenpai, or one from tenpai with almost no ukeire (or against two riichi);
an open hand that only looks fast makes it fold from three away. (Seeded runs
against the efficient bot favoured pushing one-from-tenpai hands against a
single riichi over folding them.)

Folding means no calls, no quads, no riichi, and the discard with the lowest
danger: genbutsu first, then suji, then no-chance / one-chance tiles and honours
by how many copies are visible; efficiency only breaks ties. Otherwise it
*pushes*: the efficient choice, with the danger of each discard subtracted from
its ukeire so that between similar discards the safer one goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING

from ..actions import Action
from . import efficiency
from .defence import Threat, avoid_open_waits, danger_by_kind, threats
from .efficient import (
    KYUUSHU_KEEP,
    best_call,
    best_option,
    decide,
    own_turn,
    pass_action,
    plan,
    ranked_options,
    winning_action,
)
from .reading import Reading

if TYPE_CHECKING:
    from ..visibility import SeatView

ONE_SHANTEN_FOLD_UKEIRE = 6  # fold at one from tenpai with fewer tiles than this
OPEN_THREAT_FOLD_SHANTEN = 3  # against open hands only, fold this far from tenpai
PUSH_WEIGHT = 2.0  # ukeire given up per percent of danger while pushing


def choose(view: SeatView, rng: Random) -> Action:
    legal = view.legal
    if len(legal) == 1:  # a forced move: nothing to read
        return legal[0]
    r = Reading(view)
    found = threats(r)
    if not found:
        return decide(r)
    win = winning_action(r)
    if win is not None:
        return win
    kyuushu = r.first("kyuushu")
    if kyuushu is not None and efficiency.kokushi_shanten(r.counts) > KYUUSHU_KEEP:
        return kyuushu
    own = bool(r.discards) or "riichi" in r.actions
    shanten = r.shanten  # on its own turn: the best it can keep after a discard
    options = None
    ukeire = 0
    if shanten == 1:  # only then does the fold decision look at ukeire
        if own and r.discards:
            options = ranked_options(r, r.discards, plan(r))[0]
            best = best_option(r, options) if options else None
            ukeire = best.ukeire if best and best.shanten == 1 else 0
        elif not own:
            ukeire = efficiency.ukeire(r.counts, r.levels)[1]
    if should_fold(found, shanten, ukeire):
        return fold(r, found) if own else pass_action(r)
    if not own:
        chosen = best_call(r)
        return chosen if chosen is not None else pass_action(r)
    held = efficiency.mask_of({t >> 2 for t in r.tiles})  # the kinds in the hand
    danger = danger_by_kind(r, found, held)
    return own_turn(r, danger, PUSH_WEIGHT, options=options)


def should_fold(found: Sequence[Threat], shanten: int, ukeire: int) -> bool:
    """Whether a hand this far from winning should give up against ``found`` threats."""
    riichi = sum(1 for t in found if t.riichi)
    if not riichi:
        return shanten >= OPEN_THREAT_FOLD_SHANTEN
    if shanten >= 2:
        return True
    if shanten == 1:
        return riichi >= 2 or ukeire < ONE_SHANTEN_FOLD_UKEIRE
    return False


def fold(r: Reading, found: list[Threat]) -> Action:
    """The safest legal discard; efficiency breaks ties between equally safe kinds."""
    actions = avoid_open_waits(r, r.discards)
    if not actions:
        return pass_action(r)
    danger = danger_by_kind(r, found, r.allowed_mask(actions))
    safest = min(round(d, 1) for d in danger.values())
    tied = efficiency.mask_of(k for k, d in danger.items() if round(d, 1) == safest)
    if tied & (tied - 1):  # more than one kind: ask efficiency
        options = efficiency.discard_options(r.counts, r.levels, tied, all_candidates=True)
        kind = best_option(r, options).kind
    else:
        kind = tied.bit_length() - 1
    chosen = r.discard_of_kind(kind, actions)
    assert chosen is not None  # the kind was chosen among these very discards
    return chosen
