"""What a ready hand is worth, and what a call does to a hand's value, from one seat's view.

The game review (:mod:`.review`) shows, beside shanten and acceptance:

* for a discard that leaves the hand ready (tenpai): every wait with the copies the
  seat cannot see and the hand's value by ron, kept quiet ("dama") and after a riichi
  when the seat may declare one. Only what the seat knows is counted: the visible
  dora indicators, its own tiles and melds; ura dora, ippatsu and the other hands are
  unknown, so they are left out. Honba and riichi sticks are left out too: they do
  not depend on the choice. A wait in the seat's own river is furiten (no ron);
* for a call or a pass: the yaku the hand can still aim for (the closed hand keeps
  riichi; a value-honour triplet is a yaku; an open hand of simples may still make
  tanyao when the ruleset allows it; otherwise the open hand has no yaku in sight),
  the dora it holds, and, when the option leaves the hand ready, the best value of
  its waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import CHI, DAIMINKAN, OPEN_RIICHI, PASS, PON, RIICHI, RON, Action
from ..errors import InvalidHand
from ..hand import waits as hand_waits
from ..melds import Meld, MeldKind
from ..scoring.score import Situation, score_hand
from ..tiles import EAST, RED, WHITE, dora_of, is_red, is_simple
from ..visibility import SeatView
from .aids import seen_counts

COPIES = 4

CLOSED = "closed"  # riichi still possible
YAKUHAI = "yakuhai"
TANYAO = "tanyao"
NO_YAKU = "no yaku"
WIN = "win"
ROUTES = (CLOSED, YAKUHAI, TANYAO, NO_YAKU, WIN)

# the meld a chi or pon makes (the action types and meld kinds share their names)
_CALLED: dict[str, MeldKind] = {CHI: CHI, PON: PON}


@dataclass(frozen=True)
class WaitValue:
    """One wait of a ready hand and what winning on it by ron is worth."""

    kind: int
    unseen: int  # copies the seat cannot see
    dama: int  # points by ron without riichi; 0 when the hand has no yaku then
    riichi: int | None  # points by ron after riichi; None when riichi is not possible


@dataclass(frozen=True)
class CallValue:
    """What one call option (or the pass) does to the hand's value."""

    route: str  # one of ROUTES
    dora: int  # dora the hand holds (indicated dora and red fives; ura unknown)
    ready_value: int | None  # best ron value of the waits if the option leaves it ready


def _seat(view: SeatView) -> int:
    return view.seat if view.seat is not None else 0


def _spare(view: SeatView, own: Sequence[int], kind: int) -> int:
    """A physical copy of ``kind`` that is not one of ``own`` (to score a what-if win)."""
    taken = set(own) | {t for m in view.melds[_seat(view)] for t in m.tiles}
    return next((kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in taken), kind * 4)


def ron_value(
    view: SeatView, concealed: Sequence[int], melds: Sequence[Meld], kind: int, riichi: bool
) -> int:
    """Points the seat's ready ``concealed`` tiles (13 with the melds) win by ron on ``kind``."""
    seat = _seat(view)
    tile = _spare(view, concealed, kind)
    situation = Situation(
        tsumo=False,
        riichi=riichi,
        round_wind=view.round_wind,
        seat_wind=EAST + (seat - view.dealer) % 4,
        dora_indicators=tuple(view.dora_indicators),
    )
    try:
        score = score_hand(
            (*concealed, tile),
            melds,
            tile,
            situation,
            view.ruleset,
            seat,
            view.dealer,
            (seat + 1) % 4,
        )
    except InvalidHand:
        return 0
    if score.error is not None or score.payment is None:
        return 0
    return score.payment.total


def _counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile >> 2] += 1
    return counts


def _without(tiles: Sequence[int], kind: int) -> list[int]:
    """``tiles`` less one copy of ``kind`` (a red five last)."""
    rest = list(tiles)
    copies = sorted((t for t in rest if t >> 2 == kind), key=lambda t: t & 3, reverse=True)
    rest.remove(copies[0])
    return rest


def discard_waits(view: SeatView, kind: int) -> tuple[WaitValue, ...]:
    """The waits left after discarding ``kind`` on the seat's turn, with their values
    (empty when that discard does not leave the hand ready)."""
    held = [*view.hand, *([view.drawn] if view.drawn is not None else [])]
    if not any(t >> 2 == kind for t in held):
        return ()
    rest = _without(held, kind)
    found = hand_waits(_counts(rest))
    if not found:
        return ()
    seen = seen_counts(view)
    seat = _seat(view)
    melds = view.melds[seat]
    may_riichi = any(
        a.type in (RIICHI, OPEN_RIICHI) and a.tile is not None and a.tile >> 2 == kind
        for a in view.legal
    )
    return tuple(
        WaitValue(
            k,
            max(0, COPIES - seen[k]),
            ron_value(view, rest, melds, k, riichi=view.riichi[seat]),
            ron_value(view, rest, melds, k, riichi=True) if may_riichi else None,
        )
        for k in found
    )


def is_furiten(view: SeatView, waits: Sequence[WaitValue], kind: int) -> bool:
    """A wait among the seat's own discards (counting the one it is about to make)."""
    own = {d.tile >> 2 for d in view.discards[_seat(view)]} | {kind}
    return any(w.kind in own for w in waits)


# --- lost acceptance ---------------------------------------------------------------------

LOSS_TILES = 2  # a discard keeping fewer tiles less than this is never a material loss
LOSS_SHARE = 0.2  # nor one losing less than this share of the other's acceptance


def material_loss(shanten: int, acceptance: int, other_shanten: int, other_acceptance: int) -> bool:
    """Whether another discard (``other_*``) keeps the hand materially faster than one
    leaving ``shanten`` with ``acceptance`` tiles: a step closer to ready, or the same
    shanten with at least LOSS_TILES more tiles that are at least LOSS_SHARE of its own.

    Acceptance counts the unseen tiles that bring the hand a step closer, so the
    chance that a draw helps grows with it, and what a discard gives up is the share
    of that chance it loses. Strong players, and the review tools built on strong AIs
    (Mortal, NAGA), weigh a discard by what the whole hand is worth and point out only
    moves far from their own choice: a tile or two of acceptance is routinely given up
    for a better shape, a dora, a yaku or a safer tile. A single tile is also within
    what the count cannot know (a copy in another hand counts as unseen). Hence both
    lines: 3 tiles against 1 at tenpai is material (two thirds of the chance gone),
    4 against 3 is not (one tile), nor 40 against 36 two steps from ready (a tenth).
    """
    if shanten != other_shanten:
        return shanten > other_shanten
    loss = other_acceptance - acceptance
    return loss >= LOSS_TILES and loss >= LOSS_SHARE * other_acceptance


# --- calls -----------------------------------------------------------------------------------


def _yakuhai(view: SeatView) -> frozenset[int]:
    seat = _seat(view)
    return frozenset({WHITE, WHITE + 1, RED, view.round_wind, EAST + (seat - view.dealer) % 4})


def _dora_kinds(view: SeatView) -> list[int]:
    return [dora_of(indicator >> 2) for indicator in view.dora_indicators]


def dora_held(view: SeatView, tiles: Sequence[int]) -> int:
    dora = _dora_kinds(view)
    reds = tuple(view.ruleset.red_fives)
    return sum(dora.count(t >> 2) + (1 if is_red(t, reds) else 0) for t in tiles)


def call_value(view: SeatView, action: Action) -> CallValue:
    """The yaku route, dora and (when ready) best value a call option leaves."""
    seat = _seat(view)
    melds = view.melds[seat]
    own = [*view.hand, *([view.drawn] if view.drawn is not None else [])]
    meld_tiles = [t for m in melds for t in m.tiles]
    if action.type == RON:
        return CallValue(WIN, dora_held(view, own + meld_tiles), None)
    taken: list[int] = []
    if action.type in (CHI, PON, DAIMINKAN):
        taken = [t for t in action.tiles if t in own]
        called = action.tile if action.tile is not None else None
        new_meld = [*taken, *([called] if called is not None else [])]
    else:
        new_meld = []
    rest = [t for t in own if t not in taken]
    dora = dora_held(view, rest + meld_tiles + new_meld)
    opened = any(m.opened for m in melds) or action.type != PASS
    yakuhai = _yakuhai(view)
    meld_kinds = [m.base_kind for m in melds if m.kind != CHI] + (
        [new_meld[0] >> 2] if new_meld and action.type in (PON, DAIMINKAN) else []
    )
    if not opened:
        route = CLOSED
    elif any(k in yakuhai for k in meld_kinds):
        route = YAKUHAI
    elif view.ruleset.kuitan and all(is_simple(t >> 2) for t in meld_tiles + new_meld):
        route = TANYAO
    else:
        route = NO_YAKU
    ready = None
    if action.type in (CHI, PON):
        ready = _best_ready_value(view, rest, melds, new_meld, action)
    return CallValue(route, dora, ready)


def _best_ready_value(
    view: SeatView, rest: list[int], melds: Sequence[Meld], new_meld: list[int], action: Action
) -> int | None:
    """After a chi or pon the seat discards: the best ron value among discards that
    leave it ready (None when none does)."""
    seat = _seat(view)
    meld = Meld(
        _CALLED[action.type],
        tuple(sorted(new_meld)),
        action.tile if action.tile is not None else new_meld[0],
        (seat + 3) % 4 if action.type == CHI else seat,
    )
    best = None
    for kind in sorted({t >> 2 for t in rest}):
        left = _without(rest, kind)
        for k in hand_waits(_counts(left)):
            value = ron_value(view, left, (*melds, meld), k, riichi=False)
            best = value if best is None else max(best, value)
    return best
