"""Claimed wins, step by step: the call, the claim, the answers and the review.

At a table whose ruleset has ``win_settlement == "claimed"`` (see :mod:`.claims`
for the procedure, the claim's data and the legality of each step) a called win
opens the claim phase; the winner's value and the other seats' answers move it to
the review, whose decision settles the win at the claimed or corrected value,
abandons it (play goes on as if it had not been called) or makes it a chombo
(paid, then the hand replayed or played on with a dead hand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..actions import PASS, Action
from ..handend import (
    NextDeal,
    abortive_draw,
    busted,
    dora_indicators_shown,
    end_or_deal,
    finish_hand,
    hand_result,
    pao_covered_base,
    ura_indicators_shown,
)
from ..scoring.payments import Ron, base_points, chombo_payment, multi_ron, win_payment
from ..scoring.score import HandScore
from ..state import (
    ChomboCharged,
    Claim,
    Event,
    GameState,
    HandEnded,
    HandResult,
    ResultKind,
    WinCalled,
    WinResult,
    WinReviewed,
    put,
)
from ..tiles import dora_of
from ..turns import NO_LEGAL, with_turn_legal
from .procedure import (
    WinClaim,
    answer_legal,
    claim_legal,
    confirm_legal,
    confirm_round,
    decided_by_reading,
    read_win,
    review_legal,
    reviewer_of,
)
from .values import ACCEPT, CHOMBO, CONTINUE, CORRECT, NG, WIN_ANYWAY, YAKUMAN_HAN

_NO_LEGAL: tuple[tuple[Action, ...], ...] = ((), (), (), ())
_SEATS = (0, 1, 2, 3)

# discards.resolve_answers, handed in by game.apply: discards opens a claim (call_win)
# while resolving the answers to a discard, and a fallen ron resumes resolving them;
# handing the function in keeps this module below discards.
ResumeAnswers = Callable[[GameState, Claim, dict[str, Any]], tuple[GameState, list[Event]]]


def call_win(
    s: GameState,
    seat: int,
    tile: int,
    discarder: int | None,
    chankan: bool,
    anyway: bool,
    queue: tuple[int, ...] = (),
    earlier: tuple[WinClaim, ...] = (),
) -> tuple[GameState, list[Event]]:
    """A win is called at a claimed table: the claim phase opens for the winner.

    ``s`` already has the call in its log; for a ron its ``claim`` still holds the
    answers to the discard, for an invalid win to go on from. ``queue`` are the
    other seats that called a win on the same tile, nearest first; ``earlier`` the
    wins on it already fixed (a double ron).
    """
    hand = s.hands[seat] if discarder is None else tuple(sorted((*s.hands[seat], tile)))
    reviewer = reviewer_of(s, seat)
    wc = WinClaim(
        seat,
        tile,
        discarder,
        chankan,
        anyway,
        hand,
        read_win(s, seat, tile, discarder, chankan),
        reviewer,
        queue=queue,
        earlier=earlier,
        by_reading=decided_by_reading(s, reviewer),
    )
    legal = list(_NO_LEGAL)
    legal[seat] = claim_legal(s, wc)
    s = s.evolve(phase="claim", win_claim=wc, legal=tuple(legal))
    return s, [WinCalled(seat, tile, wc)]


def apply_step(
    s: GameState, action: Action, log: tuple[Action, ...], resume: ResumeAnswers
) -> tuple[GameState, list[Event]]:
    """A claim, an answer or a review decision (legality already checked); ``resume``
    goes on resolving the answers to a discard whose called ron fell."""
    wc = s.win_claim
    assert wc is not None  # the claim phases hold the claimed win
    s = s.evolve(hand_log=log)
    if s.phase == "claim":
        wc = wc._replace(value=(action.tiles[0], action.tiles[1]))
        asked = tuple(answer_legal(o) if o != wc.seat else () for o in _SEATS)
        return s.evolve(phase="answers", win_claim=wc, legal=asked), []
    if s.phase in ("answers", "confirm"):
        wc, legal = _answered(s, wc, action)
        if any(legal):  # other seats have still to answer
            return s.evolve(win_claim=wc, legal=legal), []
        if s.phase == "answers":
            legal = put(legal, wc.reviewer, review_legal(s, wc))
            return s.evolve(phase="review", win_claim=wc, legal=legal), []
        if any(c is not None and c.type == NG for c in wc.confirms):
            return _sent_back(s, wc)
        return _review_counts(s, wc, resume)
    wc = wc._replace(decision=action)
    if confirm_round(s, wc):  # the others confirm the decision before it counts
        return s.evolve(phase="confirm", win_claim=wc, legal=confirm_legal(s, wc)), []
    return _review_counts(s, wc, resume)


def _sent_back(s: GameState, wc: WinClaim) -> tuple[GameState, list[Event]]:
    """An NG to the review's decision sends the hand back to the reviewer, with the
    answers and the decision they overruled; the next decision counts at once."""
    wc = wc._replace(
        decision=None, confirms=(None,) * 4, disputed=wc.confirms, overruled=wc.decision
    )
    legal = put(_NO_LEGAL, wc.reviewer, review_legal(s, wc))
    return s.evolve(phase="review", win_claim=wc, legal=legal), []


def _answered(
    s: GameState, wc: WinClaim, action: Action
) -> tuple[WinClaim, tuple[tuple[Action, ...], ...]]:
    """An answer to the claim (phase ``"answers"``) or a confirmation of the review's
    decision (phase ``"confirm"``) recorded on ``wc``, and the seat asked nothing more."""
    if s.phase == "answers":
        wc = wc._replace(answers=put(wc.answers, action.seat, action))
    else:
        wc = wc._replace(confirms=put(wc.confirms, action.seat, action))
    return wc, put(s.legal, action.seat, ())


def _review_counts(
    s: GameState, wc: WinClaim, resume: ResumeAnswers
) -> tuple[GameState, list[Event]]:
    """The review's decision counts (made, and confirmed where the ruleset asks it)."""
    decision = wc.decision
    assert decision is not None
    s = s.evolve(win_claim=wc)
    return _decide(s, wc, decision, [WinReviewed(decision.seat, wc.tile, wc)], resume)


def fixed_value(wc: WinClaim) -> tuple[int, int]:
    """The value a fixed win is paid at: as claimed, or as the review corrected it."""
    d = wc.decision
    if d is not None and d.type == CORRECT:
        return d.tiles[0], d.tiles[1]
    assert wc.value is not None
    return wc.value


def _most_winners(s: GameState) -> int:
    """How many wins one discard can pay (the ruleset's head bump / double / triple
    ron; with the triple-ron abortive draw a third fixed win ends the hand drawn)."""
    r = s.ruleset
    if not r.double_ron:
        return 1
    return 3 if r.triple_ron or r.sanchahou else 2


def _decide(
    s: GameState, wc: WinClaim, action: Action, events: list[Event], resume: ResumeAnswers
) -> tuple[GameState, list[Event]]:
    """Carry out the review's decision on ``wc``: the next seat that called a win on
    the same tile claims next when the ruleset lets it win too (or when this win
    fell), else the hand ends with the wins fixed, or play goes on."""
    if action.type in (ACCEPT, CORRECT):
        fixed = (*wc.earlier, wc)
        if wc.queue and len(fixed) < _most_winners(s):
            return _next_claim(s, wc, fixed, events)
        return _settle(s, fixed, events)
    if action.type == CHOMBO and action.tiles[0] != CONTINUE:
        return _chombo_replay(s, wc, events)
    if action.type == CHOMBO:
        s = _chombo_dead(s, wc, events)
    if wc.discarder is not None:  # the fallen call counts as a pass on the tile
        claim = s.claim
        assert claim is not None
        s = s.evolve(claim=claim._replace(responses=put(claim.responses, wc.seat, _pass(wc))))
    if wc.queue:
        return _next_claim(s, wc, wc.earlier, events)
    if wc.earlier:
        return _settle(s, wc.earlier, events)
    s, more = _go_on(s, wc, resume)
    return s, events + more


def _pass(wc: WinClaim) -> Action:
    return Action(wc.seat, PASS)


def _next_claim(
    s: GameState, wc: WinClaim, earlier: tuple[WinClaim, ...], events: list[Event]
) -> tuple[GameState, list[Event]]:
    """The next seat that called a win on the same discard states its claim."""
    seat, rest = wc.queue[0], wc.queue[1:]
    claim = s.claim
    assert claim is not None and wc.discarder is not None
    called = claim.responses[seat]
    assert called is not None  # a queued seat called a win on this discard
    anyway = called.type == WIN_ANYWAY
    s, more = call_win(s, seat, wc.tile, wc.discarder, wc.chankan, anyway, rest, earlier)
    return s, events + more


def _ura_count(s: GameState, wc: WinClaim, ura: tuple[int, ...]) -> int:
    dora = [dora_of(t >> 2) for t in ura]
    tiles = [*wc.hand, *(t for m in s.melds[wc.seat] for t in m.tiles)]
    return sum(1 for t in tiles for d in dora if t >> 2 == d)


class _Paid(NamedTuple):
    wc: WinClaim
    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    limit: str | None
    yakuman: int
    base: int
    pao: int | None
    pao_base: int | None


def _paid(s: GameState, wc: WinClaim, ura: tuple[int, ...]) -> _Paid:
    """What a fixed win is worth: its value, a riichi winner's ura dora (revealed now)
    and any liability."""
    r = s.ruleset
    han, fu = fixed_value(wc)
    extra = _ura_count(s, wc, ura) if ura and s.riichi[wc.seat] and han < YAKUMAN_HAN else 0
    if wc.reading is not None and wc.reading.valid and wc.reading.value == (han, fu):
        yaku = wc.reading.yaku
    else:
        yaku = (("Claimed at the table", han),)
    if extra:
        yaku = (*yaku, ("Ura dora", extra))
    yakuman = han // YAKUMAN_HAN if han >= YAKUMAN_HAN and not fu else 0
    if yakuman:
        base, limit = base_points(0, 0, r, yakuman=yakuman)
    else:
        base, limit = base_points(han + extra, fu or 30, r)
    pao, pao_base = _liability(s, wc, yaku, base) if yakuman else (None, None)
    return _Paid(wc, yaku, han + extra, fu, limit, yakuman, base, pao, pao_base)


def _settle(
    s: GameState, fixed: tuple[WinClaim, ...], events: list[Event]
) -> tuple[GameState, list[Event]]:
    """The wins are fixed: pay them (nearest winner first) and end the hand."""
    r = s.ruleset
    last = fixed[-1]
    seats = tuple(wc.seat for wc in fixed)
    if len(fixed) == 3 and r.sanchahou and not r.triple_ron:
        s = s.evolve(win_claim=None)
        s, more = abortive_draw(s, "sanchahou")
        return s, events + more
    ura = ura_indicators_shown(s, seats)
    paid = [_paid(s, wc, ura) for wc in fixed]
    if last.tsumo:
        (p,) = paid
        payments = [
            win_payment(
                p.base,
                p.wc.seat,
                s.round_number,
                True,
                None,
                s.honba,
                s.riichi_sticks,
                p.pao,
                p.pao_base,
            )
        ]
    else:
        rons = [Ron(p.wc.seat, p.base, p.pao, p.pao_base) for p in paid]
        assert last.discarder is not None  # a ron has a discarder
        payments = multi_ron(rons, last.discarder, s.round_number, s.honba, s.riichi_sticks, r)
    by_seat = {pay.winner: pay for pay in payments}
    wins = []
    deltas = [0, 0, 0, 0]
    for p in sorted(paid, key=lambda p: (p.wc.seat - (last.discarder or 0) - 1) % 4):
        payment = by_seat[p.wc.seat]
        deltas = [a + b for a, b in zip(deltas, payment.deltas(), strict=True)]
        score = HandScore(p.yaku, p.han, p.fu, (), p.limit, p.yakuman, p.base, payment)
        wc = p.wc
        win = WinResult(
            wc.seat, wc.discarder, wc.tile, wc.hand, s.melds[wc.seat], score, payment, p.pao
        )
        wins.append(win)
    if last.discarder is not None and not last.chankan:
        river = s.discards[last.discarder]
        if river and river[-1].tile == last.tile:
            river = (*river[:-1], river[-1]._replace(called=True))
            s = s.evolve(discards=put(s.discards, last.discarder, river))
    kind: ResultKind = "tsumo" if last.tsumo else "ron"
    result = hand_result(s, kind, tuple(wins), tuple(deltas), ura=ura)._replace(claim=last)
    s = s.evolve(win_claim=None)
    dealer_stays = s.round_number in seats
    s, more = finish_hand(s, result, dealer_stays=dealer_stays, sticks_next=0)
    return s, events + more


def _liability(
    s: GameState, wc: WinClaim, yaku: tuple[tuple[str, int], ...], base: int
) -> tuple[int | None, int | None]:
    """Liability (pao, the Ronin Game Rules) on a win fixed as a yakuman: the seat that
    fed the third dragon set or the fourth wind set (``s.pao``, public from the melds)
    covers the big-dragons or big-winds yakuman as the ruleset's ``pao_scope`` says,
    exactly as on an automatic table. Without the engine's yaku (a value the table
    set itself) the fixed yakuman is taken to be the pao one: those melds make it."""
    pao = s.pao[wc.seat]
    if pao is None or pao == wc.discarder:  # the liable seat dealt in: an ordinary ron
        return None, None
    covered = pao_covered_base(HandScore(yaku, 0, 0, (), None, 1, base, None), s.ruleset)
    if covered is None:
        whole = s.ruleset.pao_scope == "whole_hand"
        covered = base if whole else min(base, 8000)
    return pao, covered


def _go_on(s: GameState, wc: WinClaim, resume: ResumeAnswers) -> tuple[GameState, list[Event]]:
    """Play on as if the win had not been called (a fallen ron: the discard's other
    answers are resolved again, by ``resume``, which is discards.resolve_answers)."""
    if wc.tsumo:
        s = s.evolve(phase="turn", win_claim=None, legal=NO_LEGAL)
        return with_turn_legal(s, wc.seat), []
    claim = s.claim
    assert claim is not None  # a ron's discard is still under claim
    responses = put(claim.responses, wc.seat, Action(wc.seat, PASS))
    s = s.evolve(phase="calls", win_claim=None, legal=NO_LEGAL)
    return resume(s, claim._replace(responses=responses), {})


def _chombo_dead(s: GameState, wc: WinClaim, events: list[Event]) -> GameState:
    """Chombo, play goes on: the ruleset's payment, one more chombo, a dead hand."""
    offender = wc.seat
    deltas = chombo_payment(offender, s.round_number, s.ruleset)
    counts = put(s.chombo_counts, offender, s.chombo_counts[offender] + 1)
    scores = tuple(a + b for a, b in zip(s.scores, deltas, strict=True))
    events.append(ChomboCharged(offender, tuple(deltas)))
    return s.evolve(scores=scores, chombo_counts=counts, dead=put(s.dead, offender, True))


def _chombo_replay(
    s: GameState, wc: WinClaim, events: list[Event]
) -> tuple[GameState, list[Event]]:
    """Chombo, game over for the hand (every other call on the tile with it)."""
    offender = wc.seat
    deltas = chombo_payment(offender, s.round_number, s.ruleset)
    counts = put(s.chombo_counts, offender, s.chombo_counts[offender] + 1)
    return _replay_hand(s, wc, deltas, counts, events)


def _replay_hand(
    s: GameState, wc: WinClaim, deltas: list[int], counts: tuple[int, ...], events: list[Event]
) -> tuple[GameState, list[Event]]:
    """Chombo, game over for the hand: it is dealt again with the same dealer and
    counters; riichi sticks declared in it go back to their owners."""
    back = [1000 if s.riichi[seat] else 0 for seat in _SEATS]
    sticks = s.riichi_sticks - sum(back) // 1000
    moved = [d + b for d, b in zip(deltas, back, strict=True)]
    scores = tuple(a + b for a, b in zip(s.scores, moved, strict=True))
    result = HandResult(
        kind="chombo",
        round_wind=s.round_wind,
        round_number=s.round_number,
        honba=s.honba,
        dealer=s.round_number,
        deltas=tuple(moved),
        scores=scores,
        scores_before=s.scores,
        riichi_sticks=sticks,
        dora_indicators=dora_indicators_shown(s),
        claim=wc,
        chombo=wc.seat,
    )
    events.append(HandEnded(result))
    # only tobi ends the game: otherwise the hand is played again with the same counters
    again = NextDeal(busted(s.ruleset, scores), s.round_wind, s.round_number, s.honba)
    return end_or_deal(s, result, events, again, sticks, counts, win_claim=None)
