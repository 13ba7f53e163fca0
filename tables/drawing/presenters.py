"""A whole frame's shared data, from the public view (no markup): what every viewer of
a state sees; ``tables.drawing.table.draw`` adds what belongs to one seat.

Only a :class:`~rules.engine.visibility.SeatView` goes in, so a page can never show more
than the engine lets the seat see. The pieces come from ``seat_presenters`` (tiles,
melds, ponds, seats), ``hand_presenters`` (the own hand and buttons) and
``result_presenters`` (the result screen); the ``*_markup`` modules alone turn them
into HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .result_presenters import final_context, result_context
from .seat_presenters import round_name, seats_data

if TYPE_CHECKING:
    from rules.engine import SeatView


def hand_started(view: SeatView) -> bool:
    return any(view.discards) or any(view.melds)


def shared_context(view: SeatView, *, hand: int, names: list[dict[str, Any]]) -> dict[str, Any]:
    """The parts of a frame every viewer shares, from the public (spectator) view."""
    reds = tuple(view.ruleset.red_fives)
    finished = view.final is not None
    # The result of the last hand stays up until the next hand's first discard.
    result_hand = hand if finished else hand - 1
    show_result = view.result is not None and (finished or not hand_started(view))
    return {
        "hand_index": hand,
        "reds": reds,
        "round": round_name(view.round_wind, view.round_number),
        "honba": view.honba,
        "sticks": view.riichi_sticks,
        "wall": view.wall_remaining,
        "dora": tuple(view.dora_indicators),
        "dora_hidden": max(0, 5 - len(view.dora_indicators)),
        "seats": seats_data(view, names),
        "phase": view.phase,
        "turn": view.turn,
        "turn_name": names[view.turn]["name"],
        # "Waiting for calls" only where every seat is asked (wins settled by claim):
        # elsewhere whether anybody may call is hidden (tables.play.hidden_claims)
        "calls_phase": view.phase == "calls"
        and getattr(view.ruleset, "win_settlement", "automatic") != "automatic",
        "finished": finished,
        "result": result_context(view.result, result_hand, names, reds)
        if show_result and view.result is not None
        else None,
        "final": final_context(view.final, names) if view.final is not None else None,
        "penalties": view.final is not None and any(s.penalty or s.chombos for s in view.final),
    }


def seat_moved(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has made a move in the current hand (a discard or a call)."""
    return bool(view.discards[seat]) or bool(view.melds[seat])


def kept_result(view: SeatView, *, hand: int, names: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last hand's result for a seated viewer who has not moved in this hand yet.

    Everyone else's frames drop the result at the next hand's first discard. A player
    keeps it until their own first move: until then they may not have seen it (a phone
    that slept through the end of the hand, frames that arrived in one burst), and a
    resync of their screen (a socket opened again) must still show how the hand ended.
    """
    if view.seat is None or view.final is not None or view.result is None or hand == 0:
        return None
    if not hand_started(view) or seat_moved(view, view.seat):
        return None  # shown to everyone anyway, or this seat has played on
    reds = tuple(view.ruleset.red_fives)
    return result_context(view.result, hand - 1, names, reds)
