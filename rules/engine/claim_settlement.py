"""Claimed wins, step by step: the call, the claim, the answers and the review.

At a table whose ruleset has ``win_settlement == "claimed"`` (see :mod:`.claims`
for the procedure, the claim's data and the legality of each step) a called win
opens the claim phase; the winner's value and the other seats' answers move it to
the review, whose decision settles the win at the claimed or corrected value,
abandons it (play goes on as if it had not been called) or makes it a chombo
(paid, then the hand replayed or played on with a dead hand).
"""

from __future__ import annotations

from .actions import PASS, Action
from .claim_values import ACCEPT, CONTINUE, CORRECT, INVALID, YAKUMAN_HAN
from .claims import (
    WinClaim,
    answer_legal,
    claim_legal,
    read_win,
    review_legal,
    reviewer_of,
)
from .payments import base_points, chombo_payment, win_payment
from .scoring import HandScore
from .state import Event, GameState, HandResult, WinResult
from .tiles import dora_of

_NO_LEGAL: tuple[tuple[Action, ...], ...] = ((), (), (), ())
_SEATS = (0, 1, 2, 3)


def call_win(
    s: GameState, seat: int, tile: int, discarder: int | None, chankan: bool, anyway: bool
) -> tuple[GameState, list[Event]]:
    """A win is called at a claimed table: the claim phase opens for the winner.

    ``s`` already has the call in its log; for a ron its ``claim`` still holds the
    answers to the discard, for an invalid win to go on from.
    """
    hand = s.hands[seat] if discarder is None else tuple(sorted((*s.hands[seat], tile)))
    wc = WinClaim(
        seat,
        tile,
        discarder,
        chankan,
        anyway,
        hand,
        read_win(s, seat, tile, discarder, chankan),
        reviewer_of(s),
    )
    legal = list(_NO_LEGAL)
    legal[seat] = claim_legal(s, wc)
    s = s.evolve(phase="claim", win_claim=wc, legal=tuple(legal))
    return s, [Event("win_call", seat, tile, wc)]


def apply_step(
    s: GameState, action: Action, log: tuple[Action, ...]
) -> tuple[GameState, list[Event]]:
    """A claim, an answer or a review decision (legality already checked)."""
    wc: WinClaim = s.win_claim
    s = s.evolve(hand_log=log)
    if s.phase == "claim":
        wc = wc._replace(value=(action.tiles[0], action.tiles[1]))
        asked = tuple(answer_legal(o) if o != wc.seat else () for o in _SEATS)
        return s.evolve(phase="answers", win_claim=wc, legal=asked), []
    if s.phase == "answers":
        answers = list(wc.answers)
        answers[action.seat] = action
        wc = wc._replace(answers=tuple(answers))
        legal = list(s.legal)
        legal[action.seat] = ()
        if any(legal):
            return s.evolve(win_claim=wc, legal=tuple(legal)), []
        legal[wc.reviewer] = review_legal(s, wc)
        return s.evolve(phase="review", win_claim=wc, legal=tuple(legal)), []
    wc = wc._replace(decision=action)
    s = s.evolve(win_claim=wc)
    events = [Event("review", action.seat, wc.tile, wc)]
    if action.type == ACCEPT:
        assert wc.value is not None
        return _settle(s, wc, wc.value, events)
    if action.type == CORRECT:
        return _settle(s, wc, (action.tiles[0], action.tiles[1]), events)
    if action.type == INVALID:
        s, more = _go_on(s, wc)
        return s, events + more
    return _chombo(s, wc, action.tiles[0] == CONTINUE, events)


def _ura_count(s: GameState, wc: WinClaim, ura: tuple[int, ...]) -> int:
    dora = [dora_of(t >> 2) for t in ura]
    tiles = [*wc.hand, *(t for m in s.melds[wc.seat] for t in m.tiles)]
    return sum(1 for t in tiles for d in dora if t >> 2 == d)


def _settle(
    s: GameState, wc: WinClaim, value: tuple[int, int], events: list[Event]
) -> tuple[GameState, list[Event]]:
    """The win is fixed at ``value``: pay it and end the hand."""
    from .handend import _result, _ura, finish_hand
    from .turns import put

    seat, r = wc.seat, s.ruleset
    han, fu = value
    ura = _ura(s, (seat,))
    extra = _ura_count(s, wc, ura) if ura and han < YAKUMAN_HAN else 0
    if wc.reading is not None and wc.reading.valid and wc.reading.value == value:
        yaku = wc.reading.yaku
    else:
        yaku = (("Claimed at the table", han),)
    if extra:
        yaku = (*yaku, ("Ura dora", extra))
    total = han + extra
    yakuman = han // YAKUMAN_HAN if han >= YAKUMAN_HAN and not fu else 0
    if yakuman:
        base, limit = base_points(0, 0, r, yakuman=yakuman)
    else:
        base, limit = base_points(total, fu or 30, r)
    sticks = s.riichi_sticks
    pao, pao_base = _liability(s, wc, yaku, base) if yakuman else (None, None)
    payment = win_payment(
        base, seat, s.round_number, wc.tsumo, wc.discarder, s.honba, sticks, pao, pao_base
    )
    score = HandScore(yaku, total, fu, (), limit, yakuman, base, payment)
    win = WinResult(seat, wc.discarder, wc.tile, wc.hand, s.melds[seat], score, payment, pao)
    if wc.discarder is not None and not wc.chankan:
        river = s.discards[wc.discarder]
        if river and river[-1].tile == wc.tile:
            river = (*river[:-1], river[-1]._replace(called=True))
            s = s.evolve(discards=put(s.discards, wc.discarder, river))
    kind = "tsumo" if wc.tsumo else "ron"
    result = _result(s, kind, (win,), tuple(payment.deltas()), ura=ura)._replace(claim=wc)
    s = s.evolve(win_claim=None)
    s, more = finish_hand(s, result, dealer_stays=seat == s.round_number, sticks_next=0)
    return s, events + more


def _liability(
    s: GameState, wc: WinClaim, yaku: tuple[tuple[str, int], ...], base: int
) -> tuple[int | None, int | None]:
    """Liability (pao, the Ronin Game Rules) on a win fixed as a yakuman: the seat that
    fed the third dragon set or the fourth wind set (``s.pao``, public from the melds)
    covers the big-dragons or big-winds yakuman as the ruleset's ``pao_scope`` says,
    exactly as on an automatic table. Without the engine's yaku (a value the table
    set itself) the fixed yakuman is taken to be the pao one: those melds make it."""
    from .handend import _pao_base

    pao = s.pao[wc.seat]
    if pao is None or pao == wc.discarder:  # the liable seat dealt in: an ordinary ron
        return None, None
    covered = _pao_base(HandScore(yaku, 0, 0, (), None, 1, base, None), s.ruleset)
    if covered is None:
        whole = s.ruleset.pao_scope == "whole_hand"
        covered = base if whole else min(base, 8000)
    return pao, covered


def _go_on(s: GameState, wc: WinClaim) -> tuple[GameState, list[Event]]:
    """Play on as if the win had not been called."""
    from .discards import resolve_answers
    from .turns import NO_LEGAL, put, with_turn_legal

    if wc.tsumo:
        s = s.evolve(phase="turn", win_claim=None, legal=NO_LEGAL)
        return with_turn_legal(s, wc.seat), []
    claim = s.claim
    assert claim is not None  # a ron's discard is still under claim
    responses = put(claim.responses, wc.seat, Action(wc.seat, PASS))
    s = s.evolve(phase="calls", win_claim=None, legal=NO_LEGAL)
    return resolve_answers(s, claim._replace(responses=responses), {})


def _chombo(
    s: GameState, wc: WinClaim, go_on: bool, events: list[Event]
) -> tuple[GameState, list[Event]]:
    from .turns import put

    offender = wc.seat
    deltas = chombo_payment(offender, s.round_number, s.ruleset)
    counts = put(s.chombo_counts, offender, s.chombo_counts[offender] + 1)
    if go_on:
        scores = tuple(a + b for a, b in zip(s.scores, deltas, strict=True))
        s = s.evolve(scores=scores, chombo_counts=counts, dead=put(s.dead, offender, True))
        events.append(Event("chombo", offender, None, tuple(deltas)))
        s, more = _go_on(s, wc)
        return s, events + more
    return _replay_hand(s, wc, deltas, counts, events)


def _replay_hand(
    s: GameState, wc: WinClaim, deltas: list[int], counts: tuple[int, ...], events: list[Event]
) -> tuple[GameState, list[Event]]:
    """Chombo, game over for the hand: it is dealt again with the same dealer and
    counters; riichi sticks declared in it go back to their owners."""
    from .handend import NextDeal, _dora, busted, end_or_deal

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
        deltas=tuple(moved),  # type: ignore[arg-type]
        scores=scores,  # type: ignore[arg-type]
        scores_before=s.scores,
        riichi_sticks=sticks,
        dora_indicators=_dora(s),
        claim=wc,
        chombo=wc.seat,
    )
    events.append(Event("hand_end", None, None, result))
    # only tobi ends the game: otherwise the hand is played again with the same counters
    again = NextDeal(busted(s.ruleset, scores), s.round_wind, s.round_number, s.honba)
    return end_or_deal(s, result, events, again, sticks, counts, win_claim=None)
