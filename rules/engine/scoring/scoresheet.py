"""A scored game: a game played with real tiles, kept hand by hand from declared results.

At a club night nobody enters tiles. After each hand the table says what happened
(a :class:`DeclaredHand`: who won from whom and for how much, who declared riichi,
who was tenpai, which abortive draw, who committed a chombo) and :func:`record`
settles it with the functions that settle the online tables' hands:
:func:`.payments.multi_ron` and :func:`.payments.win_payment` for wins (honba,
riichi sticks to the winner nearest the discarder, pao),
:func:`.payments.noten_payments` and :func:`.payments.nagashi_mangan` for
exhaustive draws, :func:`.payments.chombo_payment`, then
:func:`.handend.next_deal` for dealer rotation, renchan, honba, tobi, agari-yame
and the end of the game, and :func:`.standings.final_standings` for uma and oka.

A scored game is therefore ruleset + list of declared hands, and
:func:`replay_sheet` rebuilds it exactly, like an online game from its actions.

Chombo (a foul found at the table, such as a false win or a noten riichi at the
draw): the offender pays a reverse mangan under ``chombo="mangan"`` or takes the
ruleset's penalty after uma under ``"penalty"``; the hand is dealt again with the
same dealer and honba, and riichi sticks put out during that hand go back to their
owners (the hand did not count). Only tobi can end the game on a chombo.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..errors import InvalidHand
from ..handend import busted, next_deal
from ..rulesets import Ruleset
from ..standings import Standing, final_standings
from ..state import AbortReason, HandResult, ResultKind, WinResult
from .handvalue import WinValue, value_base
from .payments import (
    STICK,
    Ron,
    chombo_payment,
    multi_ron,
    nagashi_mangan,
    noten_payments,
    turn_order_from,
    win_payment,
)

OUTCOMES: tuple[ResultKind, ...] = ("ron", "tsumo", "exhaustive", "nagashi", "abortive", "chombo")
ABORTS: tuple[AbortReason, ...] = (
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukaikan",
    "sanchahou",
)
EAST = 27  # kind of the East wind: round winds count from it


@dataclass(frozen=True, slots=True)
class DeclaredHand:
    """How a hand at a real table ended, as the players report it. Seats are 0..3,
    seat 0 being the first dealer (East of the first hand). A form may fill it with
    any text: :func:`record` refuses an unknown ``outcome`` or ``abort``."""

    outcome: ResultKind
    wins: tuple[WinValue, ...] = ()
    discarder: int | None = None
    riichi: tuple[int, ...] = ()  # seats that declared riichi in this hand
    tenpai: tuple[int, ...] = ()  # exhaustive draw / nagashi: the tenpai seats
    nagashi: tuple[int, ...] = ()  # seats scoring nagashi mangan
    abort: AbortReason | None = None
    chombo: int | None = None  # the offender


class DeclaredScore(NamedTuple):
    """What a declared win was worth (``WinResult.score`` of a scored game)."""

    han: int
    fu: int
    yakuman: int
    base_points: int
    limit: str | None

    @property
    def yaku(self) -> tuple[tuple[str, int], ...]:
        """A declared win names no yaku (a scored hand's ``HandScore.yaku`` does)."""
        return ()


class ScoreSheet(NamedTuple):
    """The state of a scored game between hands."""

    ruleset: Ruleset
    hand_index: int  # hands recorded so far
    round_wind: int  # 27 East .. 30 North
    round_number: int  # the dealer's seat
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]  # per seat
    chombo_counts: tuple[int, ...]  # per seat
    finished: bool = False
    final: tuple[Standing, ...] = ()
    last_result: HandResult | None = None
    ended_by_time: bool = False

    @property
    def dealer(self) -> int:
        return self.round_number


def new_sheet(ruleset: Ruleset) -> ScoreSheet:
    start = ruleset.start_score
    return ScoreSheet(ruleset, 0, EAST, 0, 0, 0, (start,) * 4, (0, 0, 0, 0))


def _seats(values: Iterable[int], field: str) -> tuple[int, ...]:
    out = tuple(values)
    for seat in out:
        if seat not in (0, 1, 2, 3):
            raise InvalidHand(f"{field}: a seat is 0 to 3, not {seat!r}", field=field)
    if len(set(out)) != len(out):
        raise InvalidHand(f"{field}: a seat is listed twice", field=field)
    return out


def _check(sheet: ScoreSheet, hand: DeclaredHand) -> None:
    """Refuse a declaration that does not describe a possible hand, naming the field."""
    r = sheet.ruleset
    if sheet.finished:
        raise InvalidHand("the game is over; no more hands can be entered", field="outcome")
    if hand.outcome not in OUTCOMES:
        raise InvalidHand(f"unknown outcome {hand.outcome!r}", field="outcome")
    riichi = _seats(hand.riichi, "riichi")
    for seat in riichi:
        if sheet.scores[seat] < STICK:
            raise InvalidHand("a player needs 1,000 points to declare riichi", field="riichi")
    winners = _seats((w.seat for w in hand.wins), "winners")
    tenpai = _seats(hand.tenpai, "tenpai")
    _seats(hand.nagashi, "nagashi")
    kind = hand.outcome
    if kind in ("ron", "tsumo"):
        if not winners:
            raise InvalidHand("choose who won", field="winners")
        if tenpai:
            raise InvalidHand("a win has no tenpai list: leave it empty", field="tenpai")
        if hand.chombo is not None or hand.abort or hand.nagashi:
            raise InvalidHand("a win has no chombo, abortive reason or nagashi", field="outcome")
    elif hand.wins:
        raise InvalidHand(f"a {kind} has no winners", field="winners")
    if kind == "ron":
        if hand.discarder is None:
            raise InvalidHand("choose who dealt in", field="discarder")
        _seats((hand.discarder,), "discarder")
        if hand.discarder in winners:
            raise InvalidHand("the discarder cannot also be a winner", field="discarder")
        if len(winners) > 1 and not r.double_ron:
            raise InvalidHand("this ruleset has no double ron (head bump)", field="winners")
        if len(winners) == 3 and not r.triple_ron:
            what = "an abortive draw (three rons)" if r.sanchahou else "not allowed"
            raise InvalidHand(f"a triple ron is {what} under this ruleset", field="winners")
    elif hand.discarder is not None:
        raise InvalidHand(f"a {kind} has no discarder", field="discarder")
    if kind == "tsumo" and len(winners) != 1:
        raise InvalidHand("a tsumo has one winner", field="winners")
    if kind in ("exhaustive", "nagashi"):
        missing = [s for s in riichi if s not in tenpai]
        if missing:
            raise InvalidHand(
                "a player in riichi is tenpai at the draw (a noten riichi is a chombo)",
                field="tenpai",
            )
    elif tenpai:
        raise InvalidHand(f"a {kind} has no tenpai list: leave it empty", field="tenpai")
    if kind == "nagashi" and not hand.nagashi:
        raise InvalidHand("choose who scored nagashi mangan", field="nagashi")
    if kind == "nagashi" and not r.nagashi_mangan:
        raise InvalidHand("this ruleset has no nagashi mangan", field="outcome")
    if kind != "nagashi" and hand.nagashi:
        raise InvalidHand("nagashi seats belong to a nagashi mangan", field="nagashi")
    if kind == "abortive":
        if hand.abort not in ABORTS:
            raise InvalidHand("choose which abortive draw", field="abort")
        if not getattr(r, hand.abort):
            raise InvalidHand("this ruleset does not have that abortive draw", field="abort")
    elif hand.abort:
        raise InvalidHand("only an abortive draw has a reason", field="abort")
    if kind == "chombo":
        if hand.chombo is None:
            raise InvalidHand("choose who committed the chombo", field="chombo")
        _seats((hand.chombo,), "chombo")
    elif hand.chombo is not None:
        raise InvalidHand("only a chombo has an offender", field="chombo")
    for w in hand.wins:
        if w.pao is not None:
            _seats((w.pao,), "pao")
            if w.pao == w.seat:
                raise InvalidHand("the winner cannot be liable for their own hand", field="pao")
            if not w.yakuman:
                raise InvalidHand("liability (pao) covers a yakuman only", field="pao")


def _score(value: WinValue, r: Ruleset, tsumo: bool) -> DeclaredScore:
    base, limit = value_base(value, r, tsumo)
    return DeclaredScore(value.han, value.fu, value.yakuman, base, limit)


def _win(
    sheet: ScoreSheet, hand: DeclaredHand, sticks: int
) -> tuple[tuple[WinResult, ...], tuple[int, ...]]:
    """(wins, deltas) of a ron or tsumo, paid by the online tables' payment functions."""
    r = sheet.ruleset
    dealer = sheet.round_number
    if hand.outcome == "tsumo":
        value = hand.wins[0]
        score = _score(value, r, True)
        payment = win_payment(
            score.base_points, value.seat, dealer, True, None, sheet.honba, sticks, value.pao
        )
        win = WinResult(value.seat, None, -1, (), (), score, payment, value.pao)
        return (win,), tuple(payment.deltas())
    discarder = hand.discarder
    assert discarder is not None
    by_seat = {w.seat: w for w in hand.wins}
    scores = {seat: _score(w, r, False) for seat, w in by_seat.items()}
    rons = [
        Ron(seat, scores[seat].base_points, w.pao if w.pao != discarder else None)
        for seat, w in by_seat.items()
    ]
    payments = multi_ron(rons, discarder, dealer, sheet.honba, sticks, r)
    deltas = [0, 0, 0, 0]
    wins = []
    paid = {p.winner: p for p in payments}
    for seat in turn_order_from(discarder):
        if seat in paid:
            payment = paid[seat]
            deltas = [a + b for a, b in zip(deltas, payment.deltas(), strict=True)]
            pao = by_seat[seat].pao if by_seat[seat].pao != discarder else None
            wins.append(WinResult(seat, discarder, -1, (), (), scores[seat], payment, pao))
    return tuple(wins), tuple(deltas)


def record(sheet: ScoreSheet, hand: DeclaredHand) -> ScoreSheet:
    """The sheet after one more hand; :class:`InvalidHand` (with its field) if impossible."""
    _check(sheet, hand)
    r = sheet.ruleset
    dealer = sheet.round_number
    if hand.outcome == "chombo":
        assert hand.chombo is not None
        deltas = tuple(chombo_payment(hand.chombo, dealer, r))
        scores = tuple(a + b for a, b in zip(sheet.scores, deltas, strict=True))
        counts = list(sheet.chombo_counts)
        counts[hand.chombo] += 1
        result = HandResult(
            kind="chombo",
            round_wind=sheet.round_wind,
            round_number=dealer,
            honba=sheet.honba,
            dealer=dealer,
            deltas=deltas,
            scores=scores,
            scores_before=sheet.scores,
            riichi_sticks=sheet.riichi_sticks,
        )
        return _after(sheet, result, busted(r, scores), sheet, tuple(counts))
    paid = [STICK if seat in hand.riichi else 0 for seat in range(4)]
    before = tuple(s - p for s, p in zip(sheet.scores, paid, strict=True))
    sticks = sheet.riichi_sticks + len(hand.riichi)
    wins: tuple[WinResult, ...] = ()
    tenpai: tuple[bool, ...] = ()
    nagashi: tuple[int, ...] = ()
    noten_deltas: tuple[int, ...] = ()
    abort: AbortReason | None = None
    if hand.outcome in ("ron", "tsumo"):
        wins, deltas = _win(sheet, hand, sticks)
        dealer_stays = any(w.seat == dealer for w in wins)
        sticks_next = 0
    elif hand.outcome in ("exhaustive", "nagashi"):
        tenpai = tuple(seat in hand.tenpai for seat in range(4))
        if hand.outcome == "nagashi":
            deltas = tuple(nagashi_mangan(sorted(hand.nagashi), dealer))
            nagashi = tuple(sorted(hand.nagashi))
        else:
            deltas = tuple(noten_payments(tenpai))
            noten_deltas = deltas
        dealer_stays = tenpai[dealer]
        sticks_next = sticks
    else:  # abortive
        deltas = (0, 0, 0, 0)
        abort = hand.abort
        dealer_stays = True
        sticks_next = sticks
    scores = tuple(a + b for a, b in zip(before, deltas, strict=True))
    result = HandResult(
        kind=hand.outcome,
        round_wind=sheet.round_wind,
        round_number=dealer,
        honba=sheet.honba,
        dealer=dealer,
        wins=wins,
        deltas=deltas,
        scores=scores,
        scores_before=before,
        riichi_sticks=sticks_next,
        abort=abort,
        tenpai=tenpai,
        noten_deltas=noten_deltas,
        nagashi=nagashi,
    )
    nxt = next_deal(r, sheet.round_wind, dealer, sheet.honba, result, dealer_stays)
    moved = sheet._replace(
        round_wind=nxt.round_wind, round_number=nxt.round_number, honba=nxt.honba
    )
    return _after(moved, result, nxt.finished, sheet, sheet.chombo_counts)


def _after(
    moved: ScoreSheet, result: HandResult, finished: bool, old: ScoreSheet, counts: Sequence[int]
) -> ScoreSheet:
    sticks = result.riichi_sticks
    final: tuple[Standing, ...] = ()
    if finished:
        final = tuple(final_standings(result.scores, old.ruleset, sticks, counts, 0))
    return moved._replace(
        hand_index=old.hand_index + 1,
        riichi_sticks=sticks,
        scores=result.scores,
        chombo_counts=tuple(counts),
        finished=finished,
        final=final,
        last_result=result,
    )


def time_up(sheet: ScoreSheet) -> ScoreSheet:
    """End the game between hands because the round's time is up (a tournament's
    time limit): the scores stand as they are, and the final standings are counted
    exactly as at a natural end (leftover riichi sticks, uma, oka, chombo penalties)."""
    if sheet.finished:
        return sheet
    final = tuple(
        final_standings(sheet.scores, sheet.ruleset, sheet.riichi_sticks, sheet.chombo_counts, 0)
    )
    return sheet._replace(finished=True, final=final, ended_by_time=True)


def replay_sheet(
    ruleset: Ruleset, hands: Sequence[DeclaredHand], last_hand: int | None = None
) -> ScoreSheet:
    """Rebuild a scored game from its declared hands, in order.

    ``last_hand`` is the number of the last hand the time limit allows (see
    :func:`time_up`): the game ends after it even if the rules would go on.
    """
    sheet = new_sheet(ruleset)
    for hand in hands:
        sheet = record(sheet, hand)
    if last_hand is not None and sheet.hand_index >= last_hand:
        sheet = time_up(sheet)
    return sheet


def round_name(sheet_or_result: ScoreSheet | HandResult) -> str:
    """ "East 2" style name of the hand in play (or of a result's hand)."""
    winds = ("East", "South", "West", "North")
    return f"{winds[sheet_or_result.round_wind - EAST]} {sheet_or_result.round_number + 1}"
