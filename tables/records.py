"""Turning the engine's HandResult and final standings into stored rows and JSON."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rules.engine import EAST, GameState, HandResult, Standing, WinResult, marked_seats

from .models import WINDS, HandRecord

if TYPE_CHECKING:
    from .models import Game


def win_summary(win: WinResult) -> dict[str, Any]:
    score = win.score
    return {
        "seat": win.seat,
        "from_seat": win.from_seat,
        "yaku": [[name, han] for name, han in score.yaku],
        "han": score.han,
        "fu": score.fu,
        "limit": score.limit or "",
        "points": win.payment.total if win.payment else 0,
        "pao": win.pao,
    }


def hand_record(
    game: Game, index: int, result: HandResult, log_start: int, log_end: int
) -> HandRecord:
    wins = [win_summary(w) for w in result.wins]
    first: dict[str, Any] = wins[0] if wins else {}
    return HandRecord(
        game=game,
        index=index,
        round_wind=WINDS[result.round_wind - EAST],
        round_number=result.round_number,
        honba=result.honba,
        riichi_sticks=result.riichi_sticks,
        result_type=result.kind,
        abort_reason=result.abort or "",
        winners=[w["seat"] for w in wins] or list(result.nagashi),
        yaku=first.get("yaku", []),
        han=first.get("han", 0),
        fu=first.get("fu", 0),
        points=first.get("points", 0),
        limit=first.get("limit", ""),
        wins=wins,
        deltas=list(result.deltas),
        scores_after=list(result.scores),
        log_start=log_start,
        log_end=log_end,
        against_reading=list(marked_seats(result.claim)),
    )


def hand_bounds(state: GameState, hand: int) -> tuple[int, int]:
    """Where finished hand number ``hand`` lies in the whole game's action list."""
    start = sum(len(log) for log in state.past_logs[:hand])
    # The game's last hand may still be the hand in play when the game ends.
    length = len(state.past_logs[hand]) if hand < len(state.past_logs) else len(state.hand_log)
    return start, start + length


def standings_json(final: Iterable[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "place": s.place,
            "score": s.score,
            "sticks": s.sticks,
            "uma": s.uma,
            "oka": s.oka,
            "penalty": s.penalty,
            "final": s.final,
            "chombos": s.chombos,
        }
        for s in final
    ]
