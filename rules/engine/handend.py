"""How a hand ends: wins, exhaustive and abortive draws, then the next deal or the end.

Dealer rotation and honba (the Ronin Game Rules; the YDS Mahjong Guide's table):

* the dealer keeps the seat on a win by the dealer (also as one of the winners
  of a double ron), when tenpai at an exhaustive draw, and on an abortive draw;
* honba +1 on every draw and whenever the dealer keeps the seat after a win; a
  win without the dealer among the winners resets it to 0;
* riichi sticks go to the winner nearest the discarder in turn order (the tsumo
  winner); after a draw they stay on the table; at the end of the game the
  leftover sticks go to first place (``standings.final_standings``).

Game end (checked after every hand, in this order):

1. tobi: a score below ``ruleset.tobi_threshold`` (0 itself is fine);
2. in the extension round (West after a hanchan, South after an East-only game):
   as soon as anyone has reached ``win_threshold``, and after its fourth hand
   when the dealer seat moves on, whatever the scores. With
   ``dealer_stop_needs_threshold`` (Tenhou, Mahjong Soul) a dealer who keeps the
   seat ends it only by being first with the threshold;
3. at the last hand of the primary rounds: a dealer who keeps the seat plays on,
   unless agariyame (dealer won and is first) or tenpaiyame (dealer tenpai at an
   exhaustive draw and first) applies, first *with the threshold* under
   ``dealer_stop_needs_threshold``; when the dealer seat moves on the game
   ends unless the West round is on and nobody has reached ``win_threshold``.

Exhaustive draw: tenpai follows the ruleset's pseudo-tenpai settings (the app rule settings):
``tenpai_empty_waits`` ("none": every wait must still be unseen by the player
and have a copy outside the rivers and melds; "visible_ok": only pure karaten is
noten, Ronin's keishiki tenpai; "all_ok": any tenpai shape), ``tenpai_furiten_ok``
and ``tenpai_no_yaku_ok`` (some wait must give the hand a yaku by ron or tsumo).
Nagashi mangan replaces the noten payments when someone scores it.

Chombo: the engine only offers legal actions, so a false win cannot be declared
and a riichi always has a real wait (riichi needs tenpai that is not pure karaten,
and a riichi kan may not change the waits). The penalties page's noten-riichi chombo is
therefore impossible here: a riichi hand is always tenpai in shape at the draw.
It may still be *paid* as noten under the pseudo-tenpai settings (say, every wait
already discarded with ``tenpai_empty_waits="none"``), which the penalties page does not
call a chombo, so it is not one. ``GameState.chombo_counts`` only carries counts
into the final standings; automatic play never adds to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .analysis import counts_of, waits_mask
from .hand import counts_as_tenpai, shape_waits, waits
from .rulesets import Ruleset
from .scoring.payments import Ron, multi_ron, nagashi_mangan, noten_payments, win_payment
from .scoring.score import HandScore
from .scoring.yaku import BY_KEY
from .standings import final_standings
from .state import (
    AbortReason,
    Event,
    GameEnded,
    GameState,
    HandEnded,
    HandResult,
    ResultKind,
    WinResult,
    put,
)
from .tiles import TERMINALS_AND_HONORS
from .turns import deal, reveal_pending
from .wall import ura_indicators
from .wins import score_win, spare_copy

_PAO_NAMES = {BY_KEY["daisangen"].name, BY_KEY["daisuushii"].name}
_ORPHANS = frozenset(TERMINALS_AND_HONORS)


def order_from(seat: int) -> tuple[int, int, int]:
    return ((seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4)


def pao_covered_base(score: HandScore, ruleset: Ruleset) -> int | None:
    """Base points the liable player covers (None: the hand holds no pao yakuman).

    ``pao_scope`` says how far the liability reaches when other yakuman are stacked
    on the pao one: ``"pao_yakuman"`` covers that yakuman only, ``"whole_hand"``
    (Tenhou) the whole hand."""
    han = sum(h for name, h in score.yaku if name in _PAO_NAMES)
    if not han:
        return None
    if ruleset.pao_scope == "whole_hand":
        return int(score.base_points)
    return min(score.base_points, 8000 * max(1, han // 13))


def ura_indicators_shown(s: GameState, winners: Iterable[int]) -> tuple[int, ...]:
    if not s.ruleset.ura_dora or not any(s.riichi[w] for w in winners):
        return ()
    return ura_indicators(s.wall, s.dora_shown if s.ruleset.kan_ura_dora else 1)


def dora_indicators_shown(s: GameState) -> tuple[int, ...]:
    return tuple(s.wall[126 : 126 + s.dora_shown])


def tsumo_win(s: GameState, seat: int) -> tuple[GameState, list[Event]]:
    tile = s.drawn
    assert tile is not None  # tsumo is offered on a drawn tile only
    shown: list[Event] = []
    if s.rinshan and s.ruleset.rinshan_kan_dora:
        # rinshan kaihou on an open or added kan: its waiting indicator counts
        s, shown = reveal_pending(s)
    score = score_win(s, seat, tile, True)
    pao = s.pao[seat]
    pao_base = pao_covered_base(score, s.ruleset) if pao is not None else None
    if pao_base is None:
        pao = None
    payment = win_payment(
        score.base_points, seat, s.round_number, True, None, s.honba, s.riichi_sticks, pao, pao_base
    )
    win = WinResult(seat, None, tile, s.hands[seat], s.melds[seat], score, payment, pao)
    deltas = tuple(payment.deltas())
    result = hand_result(s, "tsumo", (win,), deltas, ura=ura_indicators_shown(s, (seat,)))
    s, events = finish_hand(s, result, dealer_stays=seat == s.round_number, sticks_next=0)
    return s, shown + events


def ron_wins(
    s: GameState, claimants: list[int], discarder: int, tile: int, chankan: bool
) -> tuple[GameState, list[Event]]:
    """One or more rons on a discard (or a robbed kan), nearest claimant first."""
    r = s.ruleset
    if len(claimants) == 3 and r.sanchahou and not r.triple_ron:
        return abortive_draw(s, "sanchahou")
    winners = claimants
    if not r.double_ron:
        winners = claimants[:1]
    elif len(claimants) == 3 and not r.triple_ron:
        winners = claimants[:2]
    scores = []
    rons = []
    for i, seat in enumerate(winners):
        # a winner after the nearest one is scored without the honba when only the
        # nearest collects them (``double_ron_honba``), so the hand shown matches the pay
        bare = i > 0 and r.double_ron_honba == "nearest_only"
        scored_on = s.evolve(honba=0) if bare else s
        score = score_win(
            scored_on, seat, tile, False, discarder, chankan, s.riichi_sticks if i == 0 else 0
        )
        pao = s.pao[seat]
        pao_base = pao_covered_base(score, r) if pao is not None and pao != discarder else None
        if pao_base is None:
            pao = None
        scores.append((seat, score, pao))
        rons.append(Ron(seat, score.base_points, pao, pao_base))
    payments = multi_ron(rons, discarder, s.round_number, s.honba, s.riichi_sticks, r)
    by_seat = {p.winner: p for p in payments}
    wins = []
    deltas = [0, 0, 0, 0]
    for seat, score, pao in scores:
        payment = by_seat[seat]
        for i, d in enumerate(payment.deltas()):
            deltas[i] += d
        hand = (*s.hands[seat], tile)
        wins.append(WinResult(seat, discarder, tile, hand, s.melds[seat], score, payment, pao))
    river = s.discards[discarder]
    if not chankan and river and river[-1].tile == tile:
        river = (*river[:-1], river[-1]._replace(called=True))
        s = s.evolve(discards=put(s.discards, discarder, river))
    result = hand_result(s, "ron", tuple(wins), tuple(deltas), ura=ura_indicators_shown(s, winners))
    return finish_hand(s, result, dealer_stays=s.round_number in winners, sticks_next=0)


def hand_result(
    s: GameState,
    kind: ResultKind,
    wins: tuple[WinResult, ...] = (),
    deltas: Sequence[int] = (0, 0, 0, 0),
    *,
    ura: tuple[int, ...] = (),
    hands: tuple[tuple[int, ...] | None, ...] = (),
    abort: AbortReason | None = None,
    tenpai: tuple[bool, ...] = (),
    noten_deltas: tuple[int, ...] = (),
    nagashi: tuple[int, ...] = (),
) -> HandResult:
    scores = tuple(a + b for a, b in zip(s.scores, deltas, strict=True))
    return HandResult(
        kind=kind,
        round_wind=s.round_wind,
        round_number=s.round_number,
        honba=s.honba,
        dealer=s.round_number,
        wins=wins,
        deltas=tuple(deltas),
        scores=scores,
        scores_before=s.scores,
        riichi_sticks=0 if wins else s.riichi_sticks,
        hands=tuple(next((w.hand for w in wins if w.seat == seat), None) for seat in range(4))
        if wins
        else hands,
        dora_indicators=dora_indicators_shown(s),
        ura_indicators=ura,
        abort=abort,
        tenpai=tenpai,
        noten_deltas=noten_deltas,
        nagashi=nagashi,
    )


def abortive_draw(s: GameState, reason: AbortReason) -> tuple[GameState, list[Event]]:
    result = hand_result(s, "abortive", abort=reason)
    return finish_hand(s, result, dealer_stays=True, sticks_next=s.riichi_sticks)


def is_tenpai_at_draw(s: GameState, seat: int) -> bool:
    """Tenpai for noten payments and dealer rotation, per the ruleset (see above)."""
    if s.dead[seat]:  # a dead hand is never tenpai (claims.py)
        return False
    r = s.ruleset
    hand = s.hands[seat]
    counts = counts_of(hand)
    meld_kinds = [t >> 2 for m in s.melds[seat] for t in m.tiles]
    w = shape_waits(counts) if r.tenpai_empty_waits == "all_ok" else waits(counts)
    if not w:
        return False
    if r.tenpai_empty_waits == "visible_ok" and not counts_as_tenpai(counts, meld_kinds):
        return False
    if r.tenpai_empty_waits == "none":
        # every copy of every wait already seen (own tiles, rivers, melds): noten
        seen = list(counts)
        for other in range(4):
            for d in s.discards[other]:
                seen[d.tile >> 2] += 1
            for m in s.melds[other]:
                for t in m.tiles:
                    if t != m.called:  # a called tile is still counted in its river
                        seen[t >> 2] += 1
        if all(seen[k] >= 4 for k in w):
            return False
    if not r.tenpai_furiten_ok and (s.furiten[seat] or waits_mask(w) & s.discard_masks[seat]):
        return False
    if not r.tenpai_no_yaku_ok:
        return any(_wait_has_yaku(s, seat, k) for k in w)
    return True


def _wait_has_yaku(s: GameState, seat: int, kind: int) -> bool:
    """Whether some copy of ``kind`` would win by ron or tsumo (yaku and minimum han)."""
    hand = s.hands[seat]
    # any copy the seat could receive: the yaku do not depend on which one
    tile = spare_copy(s, seat, kind)
    if tile is None:
        return False
    # judged as an ordinary mid-hand win: the last tile's haitei/houtei do not count
    s = s.evolve(live_next=s.live_end - 1, rinshan=False)
    score = score_win(s, seat, tile, False, (seat + 1) % 4)
    if score.error is None:
        return True
    tsumo_state = s.evolve(hands=put(s.hands, seat, tuple(sorted((*hand, tile)))))
    return score_win(tsumo_state, seat, tile, True).error is None


def _nagashi(s: GameState, seat: int) -> bool:
    river = s.discards[seat]
    return bool(river) and all((d.tile >> 2) in _ORPHANS and not d.called for d in river)


def exhaustive_draw(s: GameState) -> tuple[GameState, list[Event]]:
    tenpai = tuple(is_tenpai_at_draw(s, seat) for seat in range(4))
    nagashi = tuple(seat for seat in range(4) if s.ruleset.nagashi_mangan and _nagashi(s, seat))
    noten: tuple[int, ...]
    kind: ResultKind
    if nagashi:
        deltas = tuple(nagashi_mangan(nagashi, s.round_number))
        noten = ()
        kind = "nagashi"
    else:
        deltas = tuple(noten_payments(tenpai))
        noten = deltas
        kind = "exhaustive"
    hands = tuple(s.hands[seat] if tenpai[seat] else None for seat in range(4))
    result = hand_result(
        s, kind, (), deltas, tenpai=tenpai, hands=hands, noten_deltas=noten, nagashi=nagashi
    )
    return finish_hand(s, result, dealer_stays=tenpai[s.round_number], sticks_next=s.riichi_sticks)


def _ranking(scores: Sequence[int], starting_dealer: int = 0) -> list[int]:
    return sorted(range(4), key=lambda x: (-scores[x], (x - starting_dealer) % 4))


def busted(ruleset: Ruleset, scores: Iterable[int]) -> bool:
    """Tobi: someone's score fell below the ruleset's threshold (0 itself is fine)."""
    return ruleset.tobi and any(x < ruleset.tobi_threshold for x in scores)


def game_over(
    r: Ruleset, round_wind: int, dealer: int, result: HandResult, dealer_stays: bool
) -> bool:
    """Whether the game ends after ``result`` (the order of the module docstring)."""
    scores = result.scores
    if busted(r, scores):
        return True
    primary = 2 if r.game_type == "hanchan" else 1
    wind = round_wind - 27
    if wind >= primary:  # sudden-death extension
        if dealer_stays and r.dealer_stop_needs_threshold:
            return _ranking(scores)[0] == dealer and scores[dealer] >= r.win_threshold
        if any(x >= r.win_threshold for x in scores):
            return True
        return not dealer_stays and dealer == 3
    if wind == primary - 1 and dealer == 3:
        if dealer_stays:
            leading = _ranking(scores)[0] == dealer
            if r.dealer_stop_needs_threshold and scores[dealer] < r.win_threshold:
                leading = False
            won = any(w.seat == dealer for w in result.wins)
            if r.agariyame and won and leading:
                return True
            tenpai = result.kind in ("exhaustive", "nagashi") and result.tenpai[dealer]
            return bool(r.tenpaiyame and tenpai and leading)
        if not r.west_round or r.win_threshold <= 0:
            return True
        return any(x >= r.win_threshold for x in scores)
    return False


class NextDeal(NamedTuple):
    """Where a game goes after a hand: the next hand's round, dealer and honba, or the end."""

    finished: bool
    round_wind: int
    round_number: int
    honba: int


def next_deal(
    r: Ruleset,
    round_wind: int,
    round_number: int,
    honba: int,
    result: HandResult,
    dealer_stays: bool,
) -> NextDeal:
    """Dealer rotation, honba and the end of the game after one hand (see above).

    Online tables and scored real tables (:mod:`.scoresheet`) both settle here.
    """
    dealer_won = any(w.seat == round_number for w in result.wins)
    honba = 0 if result.wins and not dealer_won else honba + 1
    if game_over(r, round_wind, round_number, result, dealer_stays):
        return NextDeal(True, round_wind, round_number, honba)
    wind, number = round_wind, round_number
    if not dealer_stays:
        number += 1
        if number == 4:
            wind, number = wind + 1, 0
    return NextDeal(False, wind, number, honba)


def finish_hand(
    s: GameState, result: HandResult, dealer_stays: bool, sticks_next: int
) -> tuple[GameState, list[Event]]:
    """Apply the result, then deal the next hand or end the game."""
    nxt_deal = next_deal(s.ruleset, s.round_wind, s.round_number, s.honba, result, dealer_stays)
    result = result._replace(riichi_sticks=sticks_next)
    return end_or_deal(
        s,
        result,
        [HandEnded(result)],
        nxt_deal,
        sticks_next,
        s.chombo_counts,
    )


def end_or_deal(
    s: GameState,
    result: HandResult,
    events: list[Event],
    nxt_deal: NextDeal,
    sticks: int,
    counts: tuple[int, ...],
    **extra: object,
) -> tuple[GameState, list[Event]]:
    """After a hand's result: the game's end (final standings) or the deal ``nxt_deal``
    names, with ``sticks`` on the table and ``counts`` chombo counts. ``extra`` fields
    are cleared at the game's end as well (a claimed win's open claim)."""
    logs = (*s.past_logs, s.hand_log)
    if nxt_deal.finished:
        final = tuple(final_standings(result.scores, s.ruleset, sticks, counts, 0))
        done = s.evolve(
            scores=result.scores,
            riichi_sticks=sticks,
            chombo_counts=counts,
            phase="game_end",
            legal=((), (), (), ()),
            claim=None,
            last_result=result,
            finished=True,
            final=final,
            hand_log=(),
            past_logs=logs,
            **extra,
        )
        events.append(GameEnded(final))
        return done, events
    nxt, more = deal(
        s.setup,
        s.hand_index + 1,
        nxt_deal.round_wind,
        nxt_deal.round_number,
        nxt_deal.honba,
        sticks,
        result.scores,
        counts,
        result,
        logs,
    )
    return nxt, events + more
