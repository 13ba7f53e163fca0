"""Answers for a checked request: the score of a hand, or the waits of a waiting hand.

Shared by the calculator page and the JSON API (``rules/API.md``): both read their
input with :func:`rules.scoring_request.read_request`, then call :func:`score` or
:func:`analyse_waits` here, which call the engine and shape the answer the way the
API documents it; the page renders the same dict.
"""

from __future__ import annotations

from typing import Any

from rules.engine import EngineError, kind_notation
from rules.scoring_request import (
    FLAGS,
    SCORE_FIELDS,
    Prepared,
    RequestError,
    from_query,
    read_request,
    situation_of,
)

__all__ = [
    "FLAGS",
    "SCORE_FIELDS",
    "Prepared",
    "RequestError",
    "analyse_waits",
    "from_query",
    "read_request",
    "score",
    "score_request",
    "waits_request",
]

# --- answers ---------------------------------------------------------------------


def _score_call(p: Prepared, concealed: list[int], win_tile: int, tsumo: bool | None = None):
    """The one place the engine's scorer is called."""
    from rules.engine import score_hand

    tsumo = p.tsumo if tsumo is None else tsumo
    situation = situation_of(p, tsumo)
    return score_hand(
        list(concealed),
        list(p.melds),
        win_tile,
        situation,
        p.ruleset,
        winner=0,
        dealer=p.dealer_seat,
        discarder=None if tsumo else 1,
    )


def _engine_error_field(exc: EngineError) -> str:
    """The request field an engine error belongs to (a situation error names its flag)."""
    known = set(SCORE_FIELDS) | {"discards"}
    if exc.field in known:
        return exc.field
    flag = getattr(exc, "flag", None)
    if exc.field == "situation" and flag:
        return flag
    if exc.field == "situation" and "indicator" in exc.message.lower():
        return "dora_indicators"
    return "hand"


def _payments(p: Prepared, payment, tsumo: bool) -> dict[str, int]:
    payers = payment.payers
    if not tsumo:
        return {"discarder": sum(payers.values())}
    if p.is_dealer:
        return {"non_dealer": max(payers.values())}
    dealer = p.dealer_seat
    others = [v for seat, v in payers.items() if seat != dealer]
    return {"dealer": payers.get(dealer, 0), "non_dealer": max(others) if others else 0}


def _shape(p: Prepared, result, tsumo: bool) -> dict:
    yaku = [{"name": name, "han": han} for name, han in result.yaku]
    return {
        "han": result.han,
        "fu": result.fu,
        "limit": result.limit,
        "yakuman": min(result.yakuman, p.ruleset.max_yakuman),
        "yaku": yaku,
        "fu_details": [{"fu": fu, "reason": reason} for fu, reason in result.fu_details],
        "base_points": result.base_points,
        "dealer": p.is_dealer,
        "win": "tsumo" if tsumo else "ron",
        "payments": _payments(p, result.payment, tsumo),
        "honba": p.honba,
        "sticks": result.payment.sticks,
        "total": result.payment.total,
    }


def _no_yaku(result) -> str | None:
    error = getattr(result, "error", None)
    if error == "no yaku":
        return "no yaku: the hand is complete but has no yaku (dora alone do not count)"
    if error:
        return str(error)
    if not result.yaku or not result.han:
        return "no yaku: the hand is complete but scores nothing besides dora"
    return None


def unscored(p: Prepared) -> list[dict]:
    """The situation boxes and fields given that this ruleset does not score, each
    with why: the hand is scored without them, and the page says so."""
    f = p.flags
    out = []
    if f.get("renhou") and p.ruleset.renhou == "off":
        out.append({"field": "renhou", "why": "this ruleset does not score renhou"})
    if f.get("open_riichi") and not p.ruleset.open_riichi:
        out.append({"field": "open_riichi", "why": "this ruleset has no open riichi"})
    if p.ura and not (f.get("riichi") or f.get("double_riichi") or f.get("open_riichi")):
        out.append({"field": "ura_indicators", "why": "ura dora count only for a riichi hand"})
    if p.ura and not p.ruleset.ura_dora:
        out.append({"field": "ura_indicators", "why": "this ruleset plays without ura dora"})
    return out


def score(p: Prepared) -> dict:
    """Score a prepared 14-tile hand; raises RequestError for hands that cannot win."""
    try:
        result = _score_call(p, p.concealed, p.win_tile)
    except EngineError as exc:
        raise RequestError(_engine_error_field(exc), exc.message) from None
    problem = _no_yaku(result)
    ignored = unscored(p)
    if problem:
        if ignored:
            problem += "; not counted: " + "; ".join(f"{u['field']}: {u['why']}" for u in ignored)
        raise RequestError("hand", problem)
    answer = _shape(p, result, p.tsumo)
    answer["hand"] = p.notation(p.concealed)
    answer["melds"] = p.meld_notations()
    answer["win_tile"] = p.notation([p.win_tile])
    answer["ruleset"] = p.ruleset_key
    if ignored:
        answer["unscored"] = ignored
    return answer


def score_request(data: Any, lenient: bool = False) -> dict:
    return score(read_request(data, "score", lenient))


def analyse_waits(p: Prepared) -> dict:
    """Shanten of a 13-tile hand, or its waits, each with what it would score."""
    from rules.engine import shanten as hand_engine_shanten
    from rules.engine import waits as hand_engine_waits

    counts = [0] * 34
    for t in p.concealed:
        counts[t >> 2] += 1
    shanten = hand_engine_shanten(counts)
    seen = [0] * 34
    for t in [*p.concealed, *(t for m in p.melds for t in m.tiles), *p.dora, *p.ura, *p.discards]:
        seen[t >> 2] += 1
    discarded = {t >> 2 for t in p.discards}
    used = {*p.concealed, *(t for m in p.melds for t in m.tiles), *p.dora, *p.ura, *p.discards}
    in_hand = [0] * 34
    for t in [*p.concealed, *(t for m in p.melds for t in m.tiles)]:
        in_hand[t >> 2] += 1
    waits = []
    kinds = _wait_kinds(hand_engine_waits(counts)) if shanten == 0 else []
    # Furiten (a wait among the discards) forbids every ron: each wait is priced
    # as the tsumo it can only be won by (the Furiten chapter, discard furiten).
    furiten = any(kind in discarded for kind in kinds)
    tsumo = p.tsumo or furiten
    for kind in kinds:
        waits.append(_wait_entry(p, kind, seen, used, discarded, in_hand, tsumo))
    return {
        "shanten": shanten,
        "tenpai": shanten == 0,
        "hand": p.notation(p.concealed),
        "melds": p.meld_notations(),
        "furiten": furiten,
        "win": "tsumo" if tsumo else "ron",
        "waits": waits,
        "ruleset": p.ruleset_key,
    }


def _wait_kinds(value) -> list[int]:
    if isinstance(value, dict):
        value = list(value)
    return sorted(int(k) for k in value)


def _wait_entry(p: Prepared, kind: int, seen, used, discarded, in_hand, tsumo: bool) -> dict:
    entry: dict[str, Any] = {
        "tile": kind_notation(kind),
        "unseen": max(0, 4 - seen[kind]),
        "furiten": kind in discarded,
        "karaten": in_hand[kind] >= 4,
        "no_yaku": False,
        "han": None,
        "fu": None,
        "limit": None,
        "yaku": [],
        "total": None,
        "payments": None,
    }
    free = [t for t in range(kind * 4, kind * 4 + 4) if t not in used]
    if not free:
        entry["no_yaku"] = None  # no copy left to win on: nothing to score
        return entry
    tile = free[-1]  # a plain copy where one is left (the red ones come first)
    try:
        result = _score_call(p, [*p.concealed, tile], tile, tsumo)
    except EngineError as exc:
        entry["no_yaku"] = True
        entry["problem"] = exc.message
        return entry
    problem = _no_yaku(result)
    if problem:
        entry["no_yaku"] = True
        entry["problem"] = problem
        return entry
    entry.update(_shape(p, result, tsumo))
    return entry


def waits_request(data: Any, lenient: bool = False) -> dict:
    return analyse_waits(read_request(data, "waits", lenient))
