"""Claimed wins: the real-table procedure as a ruleset option.

With ``ruleset.win_settlement == "automatic"`` (every preset) nothing here runs: a
win is offered only when it is legal and is scored at once. With ``"claimed"`` a
win goes the way it goes at a club table:

1. **the call**: a human seat may always *win anyway* on its own draw and on
   every discard of another seat, whatever its hand (noten, furiten, no yaku, a
   local pattern the engine does not know). The ordinary win actions (``tsumo``,
   ``ron``) are still offered for hands the engine accepts when
   ``ruleset.one_han_check`` is on; with it off a human has only *win anyway*.
   Robot seats are offered only legal wins, so a bot never calls a false win.
   When several seats call a win on one discard, the nearest after the
   discarder claims first (the others' calls count again if it is invalid);
2. **the claim** (phase ``"claim"``): the winner states han and fu or a limit;
   with ``ruleset.evaluate_by_app`` the winner's view carries the engine's value
   to pre-fill the form. From here on every seat sees the winner's hand, the
   winning tile and the claim;
3. **the answers** (phase ``"answers"``): each other seat answers OK or NG,
   optionally with a reason (:data:`.claim_values.REASONS`);
4. **the review** (phase ``"review"``): the reviewer is the dealer, or when the
   dealer is a robot the next human seat counter-clockwise (in turn order). The
   review shows every answer and the engine's own reading (:class:`Reading`),
   and the reviewer decides: *accept* the claim, *correct* han and fu, *invalid*
   (no penalty: play goes on as if the win had not been called; a ron is
   treated as a pass on the tile, so the furiten rules apply), or *chombo* (the
   ruleset's chombo payment, and one more chombo in ``chombo_counts``) with
   ``game_over`` (the hand is played again: same dealer, same counters, the
   riichi sticks of this hand handed back) or ``continue`` (play goes on with
   the offender in a dead hand).

A fixed win is paid from its value: a riichi winner's ura dora are added to the
claimed han when the hand ends (nobody, the winner included, sees them before).
Liability (pao) is not applied to a claimed win.

Dead hand: the seat's only action on its turn is to discard the tile it drew
(a table plays it at once), it has no call, riichi, kan or win, and it is noten
at an exhaustive draw. Every seat sees which hands are dead.

Fix-yaku: a win the ruleset's fix-yaku rule forbids is not offered as an ordinary
win; at a claimed table it can be called anyway and the review's reading names
the violation, so the reviewer chooses *chombo* or *invalid* (the win abandoned,
play goes on).

Every step is an action in the hand's log, so a replay rebuilds it exactly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import PASS, RON, TSUMO, Action
from .claim_values import (
    ACCEPT,
    ANSWERS,
    CHOMBO,
    CLAIM,
    CLAIM_PHASES,
    CLAIM_TYPES,
    CONTINUE,
    CORRECT,
    GAME_OVER,
    INVALID,
    LIMITS,
    NG,
    OK,
    REASON_TEXT,
    REASONS,
    WIN_ANYWAY,
    YAKUMAN_HAN,
    claim_values,
    value_label,
    value_problem,
)
from .errors import InvalidHand
from .fixyaku import fix_yaku_allows
from .payments import MANGAN, base_points, chombo_payment, win_payment
from .scoring import HandScore, score_hand
from .state import Event, GameState, HandResult, WinResult
from .tiles import dora_of
from .wins import situation

CLAIMED = "claimed"
_NO_LEGAL: tuple[tuple[Action, ...], ...] = ((), (), (), ())
_SEATS = (0, 1, 2, 3)


def claimed(s: GameState) -> bool:
    return s.ruleset.win_settlement == CLAIMED


class Reading(NamedTuple):
    """The engine's own judgment of a called win (ura dora never included)."""

    valid: bool
    reason: str | None  # a REASONS code when not valid
    detail: str  # in words, for the review
    value: tuple[int, int] | None  # (han, fu) or a limit (fu 0); None when not complete
    yaku: tuple[tuple[str, int], ...] = ()


class WinClaim(NamedTuple):
    """A called win on its way through the claim, the answers and the review."""

    seat: int
    tile: int
    discarder: int | None  # None: a self-drawn win
    chankan: bool
    anyway: bool  # called with win_anyway (not an ordinary win action)
    hand: tuple[int, ...]  # the claimant's concealed tiles with the winning tile
    reading: Reading | None  # None in a view that does not show it
    reviewer: int
    value: tuple[int, int] | None = None  # as claimed
    answers: tuple[Action | None, ...] = (None, None, None, None)
    decision: Action | None = None  # the review's decision once made

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


# --- the engine's reading ---------------------------------------------------------


def read_win(
    s: GameState, seat: int, tile: int, discarder: int | None, chankan: bool = False
) -> Reading:
    """Whether this win is valid and what it is worth, without ura dora."""
    from .legal import is_furiten

    tsumo = discarder is None
    if not s.analysis[seat].wait_mask >> (tile >> 2) & 1:
        return Reading(False, "noten", REASON_TEXT["noten"], None)
    if not tsumo and is_furiten(s, seat):
        return Reading(False, "furiten", "the hand is furiten", None)
    hand = s.hands[seat] if tsumo else tuple(sorted((*s.hands[seat], tile)))
    sit = situation(s, seat, tsumo, chankan, ura=False)
    try:
        score = score_hand(
            hand, s.melds[seat], tile, sit, s.ruleset, seat, s.round_number, discarder
        )
    except InvalidHand as exc:
        return Reading(False, "noten", exc.message, None)
    if score.error is not None:
        reason = "no_yaku" if score.error == "no yaku" else "minimum_han"
        return Reading(False, reason, score.error, None, score.yaku)
    value = _value_of(score)
    if not (s.ruleset.atozuke or score.yakuman) and not fix_yaku_allows(
        s, seat, tile, tsumo, discarder, chankan, score
    ):
        return Reading(False, "fix_yaku", REASON_TEXT["fix_yaku"], value, score.yaku)
    return Reading(True, None, f"valid: {value_label(value)}", value, score.yaku)


def _value_of(score: HandScore) -> tuple[int, int]:
    if score.yakuman:
        return YAKUMAN_HAN * score.yakuman, 0
    han = score.han
    if han >= YAKUMAN_HAN:
        return (YAKUMAN_HAN, 0) if score.base_points >= 4 * MANGAN else (LIMITS["sanbaiman"], 0)
    if han >= LIMITS["mangan"]:
        return max(h for h in LIMITS.values() if h <= han), 0
    fu = score.fu if score.fu in (20, 25) else -(-score.fu // 10) * 10
    return han, fu


# --- who reviews -------------------------------------------------------------------


def reviewer_of(s: GameState) -> int:
    """The dealer, or the next human seat in turn order when the dealer is a robot."""
    robots = s.setup.robots
    for step in range(4):
        seat = (s.round_number + step) % 4
        if seat not in robots:
            return seat
    return s.round_number


# --- legality hooks (called from .legal) --------------------------------------------


def turn_wins(s: GameState, seat: int, acts: list[Action]) -> list[Action]:
    """A human seat's win actions on its own draw at a claimed table."""
    if seat in s.setup.robots or s.drawn is None:
        return acts
    if not s.ruleset.one_han_check:
        acts = [a for a in acts if a.type != TSUMO]
    acts.append(Action(seat, WIN_ANYWAY, s.drawn))
    return acts


def call_wins(s: GameState, seat: int, tile: int, acts: list[Action]) -> list[Action]:
    """A human seat's win actions on another seat's discard at a claimed table."""
    if seat in s.setup.robots:
        return acts
    acts = [a for a in acts if a.type != PASS]
    if not s.ruleset.one_han_check:
        acts = [a for a in acts if a.type != RON]
    acts.append(Action(seat, WIN_ANYWAY, tile))
    acts.append(Action(seat, PASS))
    return acts


def dead_turn(s: GameState, seat: int) -> tuple[Action, ...]:
    """A dead hand discards what it drew, nothing else."""
    from .actions import DISCARD

    if s.drawn is not None:
        return (Action(seat, DISCARD, s.drawn),)
    return tuple(Action(seat, DISCARD, t) for t in s.hands[seat])


def _claim_legal(s: GameState, wc: WinClaim) -> tuple[Action, ...]:
    return tuple(
        Action(wc.seat, CLAIM, None, v) for v in claim_values(wc.tsumo, s.ruleset.max_yakuman)
    )


def _answer_legal(seat: int) -> tuple[Action, ...]:
    return (
        Action(seat, OK),
        Action(seat, NG),
        *(Action(seat, NG, None, (i,)) for i in range(len(REASONS))),
    )


def _review_legal(s: GameState, wc: WinClaim) -> tuple[Action, ...]:
    seat = wc.reviewer
    values = claim_values(wc.tsumo, s.ruleset.max_yakuman)
    return (
        Action(seat, ACCEPT),
        *(Action(seat, CORRECT, None, v) for v in values),
        Action(seat, INVALID),
        Action(seat, CHOMBO, None, (GAME_OVER,)),
        Action(seat, CHOMBO, None, (CONTINUE,)),
    )


# --- the steps ----------------------------------------------------------------------


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
    legal[seat] = _claim_legal(s, wc)
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
        asked = tuple(_answer_legal(o) if o != wc.seat else () for o in _SEATS)
        return s.evolve(phase="answers", win_claim=wc, legal=asked), []
    if s.phase == "answers":
        answers = list(wc.answers)
        answers[action.seat] = action
        wc = wc._replace(answers=tuple(answers))
        legal = list(s.legal)
        legal[action.seat] = ()
        if any(legal):
            return s.evolve(win_claim=wc, legal=tuple(legal)), []
        legal[wc.reviewer] = _review_legal(s, wc)
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
    payment = win_payment(base, seat, s.round_number, wc.tsumo, wc.discarder, s.honba, sticks)
    score = HandScore(yaku, total, fu, (), limit, yakuman, base, payment)
    win = WinResult(seat, wc.discarder, wc.tile, wc.hand, s.melds[seat], score, payment, None)
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


def _go_on(s: GameState, wc: WinClaim) -> tuple[GameState, list[Event]]:
    """Play on as if the win had not been called."""
    from .game import resolve_answers
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
    from .handend import _dora, busted
    from .standings import final_standings
    from .turns import deal

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
    logs = (*s.past_logs, s.hand_log)
    if busted(s.ruleset, scores):  # only tobi ends the game: the hand is played again
        final = tuple(final_standings(scores, s.ruleset, sticks, counts, 0))
        done = s.evolve(
            scores=scores,
            riichi_sticks=sticks,
            chombo_counts=counts,
            phase="game_end",
            legal=_NO_LEGAL,
            claim=None,
            win_claim=None,
            last_result=result,
            finished=True,
            final=final,
            hand_log=(),
            past_logs=logs,
        )
        events.append(Event("game_end", None, None, final))
        return done, events
    nxt, more = deal(
        s.setup,
        s.hand_index + 1,
        s.round_wind,
        s.round_number,
        s.honba,
        sticks,
        scores,
        counts,
        result,
        logs,
    )
    return nxt, events + more


# --- explaining refusals -----------------------------------------------------------


def explain(s: GameState, action: Action) -> str | None:
    """Why a claim-procedure action (or any action during the procedure) is refused;
    None when the general explanation applies."""
    seat, kind = action.seat, action.type
    wc: WinClaim | None = s.win_claim
    if kind == WIN_ANYWAY:
        if not claimed(s):
            return "wins are settled automatically at this table: there is no win anyway"
        if s.dead[seat]:
            return "a dead hand cannot win"
        if seat in s.setup.robots:
            return "a robot seat only makes legal wins"
        if wc is not None:
            return "a win is already being claimed"
        return "there is no tile to win on now"
    if wc is None:
        if kind in CLAIM_TYPES:
            return "no win is being claimed now"
        return None
    phase = s.phase
    if kind not in CLAIM_TYPES:
        return f"a win is being claimed: the table waits for the {phase}"
    if kind == CLAIM:
        if seat != wc.seat:
            return f"only seat {wc.seat}, who called the win, states its value"
        if phase != "claim":
            return "the value has already been claimed"
        return value_problem(action.tiles, wc.tsumo, s.ruleset.max_yakuman)
    if kind in ANSWERS:
        if phase == "claim":
            return "wait for the claim before answering it"
        if seat == wc.seat:
            return "you made the claim: the other seats answer it"
        if phase == "review" or wc.answers[seat] is not None:
            return f"seat {seat} has already answered this claim"
        return "not an answer: ok, or ng with an optional reason"
    # review decisions
    if phase != "review":
        waiting = [str(o) for o in _SEATS if o != wc.seat and wc.answers[o] is None]
        if phase == "claim":
            return "the review opens once the win is claimed and every seat has answered"
        return f"the review opens once every seat has answered (waiting for {', '.join(waiting)})"
    if seat != wc.reviewer:
        return f"seat {wc.reviewer} reviews this win"
    if kind == CORRECT:
        return value_problem(action.tiles, wc.tsumo, s.ruleset.max_yakuman)
    return None


# --- the engine's judgment as an action (bots, absent players) -------------------------


def judged_action(s: GameState, seat: int) -> Action:
    """What the engine's judgment plays for ``seat`` in a claim phase (see
    :func:`.bots.claiming.judge`): for absent players and run-out timers."""
    from .bots.claiming import judge

    return judge(s.phase, s.win_claim, seat)


# --- what seats see ------------------------------------------------------------------


def public_claim(s: GameState, seat: int | None) -> WinClaim:
    """The claim as ``seat`` sees it: everything but the engine's reading, which the
    review shows to all, a robot seat uses throughout, and the winner sees while
    stating the value when ``ruleset.evaluate_by_app`` is on."""
    wc: WinClaim = s.win_claim
    shown = (
        s.phase == "review"
        or (seat is not None and seat in s.setup.robots)
        or (s.phase == "claim" and seat == wc.seat and s.ruleset.evaluate_by_app)
    )
    return wc if shown else wc._replace(reading=None)


def claim_to_dict(wc: WinClaim) -> dict[str, Any]:
    """JSON-ready form of a claim (answers and decision as action text)."""
    from .actions import format_action

    reading = wc.reading
    return {
        "seat": wc.seat,
        "tile": wc.tile,
        "from": wc.discarder,
        "chankan": wc.chankan,
        "anyway": wc.anyway,
        "hand": list(wc.hand),
        "reviewer": wc.reviewer,
        "value": list(wc.value) if wc.value else None,
        "value_label": value_label(wc.value) if wc.value else None,
        "answers": [format_action(a) if a else None for a in wc.answers],
        "decision": format_action(wc.decision) if wc.decision else None,
        "reading": None
        if reading is None
        else {
            "valid": reading.valid,
            "reason": reading.reason,
            "detail": reading.detail,
            "value": list(reading.value) if reading.value else None,
            "value_label": value_label(reading.value) if reading.value else None,
            "yaku": [list(y) for y in reading.yaku],
        },
    }


__all__ = [
    "CLAIMED",
    "CLAIM_PHASES",
    "Reading",
    "WinClaim",
    "apply_step",
    "call_win",
    "claim_to_dict",
    "claimed",
    "explain",
    "judged_action",
    "public_claim",
    "read_win",
    "reviewer_of",
]
