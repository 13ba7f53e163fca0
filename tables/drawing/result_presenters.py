"""How a hand ended as plain data, for the one result screen (the live table's modal and
the replay alike): wins with their yaku and payments, every seat's change, the final
standings with uma and oka.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, pgettext

from players import terms
from rules.engine import against_reading, format_final, value_label

from .claim_presenters import decision_text
from .seat_presenters import meld_data, round_name

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rules.engine import HandResult, Standing, WinClaim

# Why a hand was void, in the viewer's words (the "abort" context of the message file).
ABORT_REASONS = {
    "kyuushu_kyuuhai": "nine different terminals and honours (kyuushu kyuuhai)",
    "suufon_renda": "the same wind discarded by all four in the first go-around (suufon renda)",
    "suucha_riichi": "all four players in riichi (suucha riichi)",
    "suukaikan": "four kans by more than one player (suukaikan)",
    "sanchahou": "three players called ron on one tile (sanchahou)",
}


def abort_reason(code: str) -> str:
    """Why a hand was void ("" when it was not), in the active words."""
    return pgettext("abort", ABORT_REASONS[code]) if code in ABORT_REASONS else code


# The words of results live in players.terms (Japanese terms or English names, a
# member's choice).
RESULT_TITLES = terms.RESULT_NAMES


def _name(names: list[dict[str, Any]], seat: int | None) -> Any:
    return names[seat]["name"] if seat is not None else ""


def _how(names: list[dict[str, Any]], from_seat: int | None) -> str:
    """How a win was made, in the active words: "Tsumo", or "Ron on B's tile"."""
    if from_seat is None:
        return terms.result_title("tsumo")
    return pgettext("result", "Ron on %(name)s's tile") % {"name": _name(names, from_seat)}


def yaku_han(han: int, yakuman: int) -> str:
    """How a yaku counts: "2 han", or for a limit hand (``yakuman``, the hand's count of
    yakuman, is not 0) "yakuman" / "double yakuman"."""
    if yakuman and han >= 13:
        times = han // 13
        if times <= 2:
            return pgettext("limit", "yakuman" if times == 1 else "double yakuman")
        return gettext("%(times)s× yakuman") % {"times": times}
    return gettext("%(han)s han") % {"han": han}


def result_context(
    result: HandResult, hand: int, names: list[dict[str, Any]], reds: tuple[Any, ...]
) -> dict[str, Any]:
    """A finished hand as the result screen shows it, live and in the replay alike."""
    wins = []
    for w in result.wins:
        concealed = list(w.hand)
        if w.win_tile in concealed:
            concealed.remove(w.win_tile)
        wins.append(
            {
                "seat": w.seat,
                "name": _name(names, w.seat),
                "how": _how(names, w.from_seat),
                "hand": tuple(concealed),
                "win_tile": w.win_tile,
                "melds": tuple(meld_data(m, w.seat) for m in w.melds),
                "yaku": [
                    (terms.yaku_name(name), yaku_han(han, w.score.yakuman))
                    for name, han in w.score.yaku
                ],
                "han": w.score.han,
                "fu": w.score.fu,
                "limit": terms.limit_name(w.score.limit or ""),
                "yakuman": w.score.yakuman,
                "points": w.payment.total if w.payment else 0,
                "sticks": w.payment.sticks if w.payment else 0,
                "payers": [
                    {"name": _name(names, s), "paid": p}
                    for s, p in sorted((w.payment.payers if w.payment else {}).items())
                ],
                "pao": _name(names, w.pao) if w.pao is not None else "",
            }
        )
    rows = []
    for seat in range(4):
        shown = result.hands[seat] if result.hands and not result.wins else None
        rows.append(
            {
                "seat": seat,
                "name": _name(names, seat),
                "delta": result.deltas[seat],
                "score": result.scores[seat],
                "tenpai": bool(result.tenpai[seat]) if result.tenpai else None,
                "hand": tuple(shown) if shown else (),
                "nagashi": seat in result.nagashi,
            }
        )
    return {
        "kind": result.kind,
        "title": terms.result_title(result.kind),
        "round": round_name(result.round_wind, result.round_number),
        "honba": result.honba,
        "wins": wins,
        "rows": rows,
        "abort": abort_reason(result.abort or ""),
        "dora": tuple(result.dora_indicators),
        "ura": tuple(result.ura_indicators),
        "sticks_left": result.riichi_sticks,
        "tileset": (hand, reds),
        "claim": claim_summary(result.claim, names) if result.claim is not None else "",
    }


def claim_summary(wc: WinClaim, names: list[dict[str, Any]]) -> str:
    """One line on how a claimed win was settled, for the result screen."""
    claimed = value_label(wc.value) if wc.value else "no value"
    answers = ", ".join(
        f"{_name(names, o)} {'OK' if a.type == 'ok' else 'NG'}"
        for o, a in enumerate(wc.answers)
        if a is not None
    )
    judge = "the app's reading" if wc.by_reading else f"{_name(names, wc.reviewer)}'s review"
    sent_back = ""
    if wc.overruled is not None:
        sent_back = f"an NG sent back the first review ({decision_text(wc.overruled)}); "
    against = " Settled against the app's reading." if against_reading(wc) else ""
    return (
        f"{_name(names, wc.seat)} claimed {claimed}; {answers}; "
        f"{sent_back}{judge}: {decision_text(wc.decision)}.{against}"
    )


def _penalty_text(s: Standing) -> str:
    """The penalty cell: points off after uma and the chombos behind them (a chombo
    paid at the table as mangan payments shows as a count only)."""
    points = format_final(-s.penalty) if s.penalty else ""
    chombos = getattr(s, "chombos", 0)
    if not chombos:
        return points
    count = f"{chombos} chombo{'s' if chombos > 1 else ''}"
    return f"{points} ({count})" if points else count


def final_context(final: Iterable[Standing], names: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Final standings; uma and oka in the same thousands as the final result."""
    return [
        {
            "place": s.place,
            "seat": s.seat,
            "name": _name(names, s.seat),
            "score": s.score,
            "sticks": s.sticks,
            "uma": format_final(s.uma),
            "oka": format_final(s.oka),
            "penalty": _penalty_text(s),
            "final": format_final(s.final),
            "positive": s.final > 0,
            "negative": s.final < 0,
        }
        for s in final
    ]
