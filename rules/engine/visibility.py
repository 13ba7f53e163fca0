"""What one seat (or a spectator) may see: the only door bots and the UI use.

A seat sees its own concealed tiles and drawn tile, everything on the table
(melds, rivers with tsumogiri/riichi/called marks, riichi sticks, scores, shown
dora indicators, how many live tiles are left), the hands of open-riichi players,
its own legal actions, furiten and waits, and the result of the last hand. It
never sees another seat's concealed tiles or draws, the wall, the dead wall, the
ura indicators before a hand ends, nor whether another seat could have called a
tile (other seats' passes are filtered out of the events).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import PASS, Action, format_action
from .claims import procedure as claims
from .claims.procedure import WinClaim
from .claims.values import CLAIM_TYPES, WIN_ANYWAY
from .melds import Meld
from .rulesets import Ruleset
from .standings import Standing
from .state import Acted, Discard, Drew, Event, GameState, HandResult, Phase
from .wall import DORA


class SeatView(NamedTuple):
    """One seat's (or a spectator's) picture of the table; see the module docstring.

    A ``NamedTuple`` so that the view handed to a bot on every decision costs one
    tuple to build. It also answers the ``dataclasses`` protocol (``fields``,
    ``replace``, ``asdict``), which table code uses to derive modified copies;
    ``view._replace(...)`` does the same natively.
    """

    seat: int | None  # None for a spectator
    ruleset: Ruleset
    round_wind: int  # kind 27..30
    round_number: int  # kyoku 0-3
    honba: int
    riichi_sticks: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[int, ...]  # own concealed tiles, sorted, without the drawn tile
    drawn: int | None
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[Discard, ...], ...]
    riichi: tuple[bool, ...]
    open_hands: tuple[tuple[int, ...] | None, ...]
    dora_indicators: tuple[int, ...]
    wall_remaining: int
    turn: int
    phase: Phase  # a finished hand is dealt on at once: never between hands
    last_discard: tuple[int, int] | None
    legal: tuple[Action, ...]
    furiten: bool
    waits: tuple[int, ...]
    result: HandResult | None
    final: tuple[Standing, ...] | None
    hand_sizes: tuple[int, ...] = (13, 13, 13, 13)  # concealed tile counts, public
    claim_tile: int | None = None  # the tile being answered in the calls phase
    dead: tuple[bool, ...] = (False, False, False, False)  # dead hands, public
    win_claim: WinClaim | None = None  # in the claim phases (reading only where shown)

    @property
    def is_spectator(self) -> bool:
        return self.seat is None


def _dataclass_twin(cls: type[SeatView]) -> type[Any]:
    """A frozen dataclass with the fields of a NamedTuple, for its ``Field`` records.

    Built by declaring a throwaway dataclass with the same annotations and
    defaults: copied onto the NamedTuple, its records let
    ``dataclasses.replace(view, ...)`` rebuild the view with ``SeatView(**fields)``
    exactly as it would rebuild a dataclass.
    """
    namespace: dict[str, Any] = {"__annotations__": dict(cls.__annotations__)}
    namespace.update(cls._field_defaults)
    return dataclass(frozen=True)(type(cls.__name__, (), namespace))


_TWIN = _dataclass_twin(SeatView)
SeatView.__dataclass_fields__ = dict(_TWIN.__dataclass_fields__)  # type: ignore[attr-defined]
SeatView.__dataclass_params__ = _TWIN.__dataclass_params__  # type: ignore[attr-defined]

_new = tuple.__new__
_PAYLOAD = frozenset(CLAIM_TYPES) - {WIN_ANYWAY}
_NO_OPEN_HANDS: tuple[tuple[int, ...] | None, ...] = (None, None, None, None)
# riichi states (0 none, 1 riichi, 2 double) as the booleans a view shows
_RIICHI_SHOWN = {
    (a, b, c, d): (bool(a), bool(b), bool(c), bool(d))
    for a in range(3)
    for b in range(3)
    for c in range(3)
    for d in range(3)
}


def seat_view(state: GameState, seat: int | None) -> SeatView:
    """What ``seat`` may see now (``None``: a spectator). The one visibility rule."""
    s = state
    phase = s.phase
    finished = s.finished
    own = seat is not None
    turn = s.turn
    drawn = s.drawn if own and seat == turn and phase != "game_end" else None
    hand: tuple[int, ...] = ()
    waits: tuple[int, ...] = ()
    furiten = False
    if seat is not None and not finished:  # own
        hand = s.hands[seat]
        if drawn is not None:
            try:
                i = hand.index(drawn)
            except ValueError:  # not in the hand: nothing to take out
                pass
            else:
                hand = hand[:i] + hand[i + 1 :]
        # right after a chi or pon the cached analysis is of the hand before the call
        if not (phase == "turn" and seat == turn and s.drawn is None):
            a = s.analysis[seat]
            waits = a.waits
            # wins.is_furiten written out: the view is built for every decision
            furiten = bool(s.furiten[seat] or a.wait_mask & s.discard_masks[seat])
    if finished or True not in s.open_riichi:
        open_hands = _NO_OPEN_HANDS
    else:
        open_hands = tuple(
            _without_drawn(s, other) if s.open_riichi[other] else None for other in range(4)
        )
    r = s.ruleset
    claim = s.claim
    return _new(
        SeatView,
        (
            seat,
            r,
            s.round_wind,
            s.round_number,
            s.honba,
            s.riichi_sticks,
            s.round_number,
            s.scores,
            hand,
            drawn,
            s.melds,
            s.discards,
            _RIICHI_SHOWN[s.riichi],
            open_hands,
            s.wall[DORA : DORA + s.dora_shown] if r.omote_dora else (),
            s.live_end - s.live_next,
            turn,
            phase,
            s.last_discard,
            s.legal[seat] if seat is not None else (),  # own
            furiten,
            waits,
            s.last_result,
            s.final,
            tuple(map(len, s.hands)),
            claim.tile if claim is not None and phase == "calls" else None,
            s.dead,
            None if s.win_claim is None else claims.public_claim(s, seat),
        ),
    )


def spectator_view(state: GameState) -> SeatView:
    return seat_view(state, None)


def _without_drawn(s: GameState, seat: int) -> tuple[int, ...]:
    hand = s.hands[seat]
    if seat == s.turn and s.drawn is not None and s.drawn in hand:
        i = hand.index(s.drawn)
        return hand[:i] + hand[i + 1 :]
    return hand


def visible_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events a seat may be told about: others' draws lose their tile, others'
    passes (which would show that they could call) are dropped."""
    out: list[Event] = []
    for e in events:
        match e:
            case Drew(seat=drawer) if drawer != seat:
                out.append(Drew(drawer, None))  # no tile, and no dead-wall mark either
            case Acted(action=action) if action.type == PASS and action.seat != seat:
                continue
            case _:
                out.append(e)
    return tuple(out)


def view_tiles(view: SeatView, include_result: bool = False) -> set[int]:
    """Every physical tile a view shows (what a privacy test compares)."""
    found: set[int] = set(view.hand)
    if view.drawn is not None:
        found.add(view.drawn)
    for melds in view.melds:
        for m in melds:
            found.update(m.tiles)
    for river in view.discards:
        found.update(d.tile for d in river)
    for h in view.open_hands:
        if h:
            found.update(h)
    found.update(view.dora_indicators)
    if view.last_discard:
        found.add(view.last_discard[1])
    if view.claim_tile is not None:
        found.add(view.claim_tile)
    if view.win_claim is not None:
        found.update(view.win_claim.hand)
        found.add(view.win_claim.tile)
    for a in view.legal:
        if a.type in _PAYLOAD:
            continue  # their numbers are values, not tiles
        if a.tile is not None:
            found.add(a.tile)
        found.update(a.tiles)
    if include_result and view.result is not None:
        r = view.result
        for w in r.wins:
            found.update(w.hand)
            found.add(w.win_tile)
        for h in r.hands:
            if h:
                found.update(h)
        found.update(r.dora_indicators)
        found.update(r.ura_indicators)
    return found


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """A JSON-ready form of a view (tiles as physical indices, actions as text)."""

    def meld(m: Meld) -> dict[str, Any]:
        return {"kind": m.kind, "tiles": list(m.tiles), "called": m.called, "from": m.source}

    return {
        "seat": view.seat,
        "round_wind": view.round_wind,
        "round_number": view.round_number,
        "honba": view.honba,
        "riichi_sticks": view.riichi_sticks,
        "dealer": view.dealer,
        "scores": list(view.scores),
        "hand": list(view.hand),
        "drawn": view.drawn,
        "melds": [[meld(m) for m in ms] for ms in view.melds],
        "discards": [[list(d) for d in river] for river in view.discards],
        "riichi": list(view.riichi),
        "open_hands": [list(h) if h else None for h in view.open_hands],
        "dora_indicators": list(view.dora_indicators),
        "wall_remaining": view.wall_remaining,
        "turn": view.turn,
        "phase": view.phase,
        "last_discard": list(view.last_discard) if view.last_discard else None,
        "legal": [format_action(a) for a in view.legal],
        "furiten": view.furiten,
        "waits": list(view.waits),
        "hand_sizes": list(view.hand_sizes),
        "claim_tile": view.claim_tile,
        "dead": list(view.dead),
        "win_claim": claims.claim_to_dict(view.win_claim) if view.win_claim else None,
        "result": result_to_dict(view.result) if view.result else None,
        "final": [_standing(x) for x in view.final] if view.final else None,
    }


def _standing(x: Standing) -> dict[str, Any]:
    return {
        name: getattr(x, name)
        for name in (
            "seat",
            "score",
            "place",
            "sticks",
            "uma",
            "oka",
            "penalty",
            "final",
            "chombos",
        )
    }


def result_to_dict(r: HandResult) -> dict[str, Any]:
    """A hand result for the result panel (JSON-ready)."""
    return {
        "claim": claims.claim_to_dict(r.claim) if r.claim is not None else None,
        "chombo": r.chombo,
        "kind": r.kind,
        "round_wind": r.round_wind,
        "round_number": r.round_number,
        "honba": r.honba,
        "dealer": r.dealer,
        "abort": r.abort,
        "deltas": list(r.deltas),
        "scores": list(r.scores),
        "riichi_sticks": r.riichi_sticks,
        "tenpai": list(r.tenpai),
        "hands": [list(h) if h else None for h in r.hands],
        "noten_deltas": list(r.noten_deltas),
        "nagashi": list(r.nagashi),
        "dora_indicators": list(r.dora_indicators),
        "ura_indicators": list(r.ura_indicators),
        "wins": [
            {
                "seat": w.seat,
                "from": w.from_seat,
                "win_tile": w.win_tile,
                "hand": list(w.hand),
                "melds": [{"kind": m.kind, "tiles": list(m.tiles)} for m in w.melds],
                "yaku": [list(y) for y in w.score.yaku],
                "han": w.score.han,
                "fu": w.score.fu,
                "limit": w.score.limit,
                "yakuman": w.score.yakuman,
                "payers": {str(k): v for k, v in w.payment.payers.items()},
                "sticks": w.payment.sticks,
                "total": w.payment.total,
                "pao": w.pao,
            }
            for w in r.wins
        ],
    }
