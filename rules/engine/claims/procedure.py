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
   When several seats call a win on one discard they claim one after the other,
   the nearest after the discarder first (``WinClaim.queue``). The ruleset's
   multiple-ron settings decide how many of them can win: with a head bump
   (``double_ron`` off) the first win fixed ends the hand and the later calls
   lapse; with double (or triple) ron every call is claimed, answered and reviewed
   in turn and the wins fixed are paid together (``WinClaim.earlier``), and with
   the triple-ron abortive draw three fixed wins make the hand a draw. A call that
   falls (invalid, or a chombo played on) is a pass on the tile and the next
   caller claims; a chombo that ends the hand ends every call with it;
2. **the claim** (phase ``"claim"``): the winner states han and fu or a limit;
   with ``ruleset.evaluate_by_app`` the winner's view carries the engine's value
   to pre-fill the form. From here on every seat sees the winner's hand, the
   winning tile and the claim;
3. **the answers** (phase ``"answers"``): each other seat answers OK or NG,
   optionally with a reason (:data:`.claim_values.REASONS`);
4. **the review** (phase ``"review"``): a claim is never judged by its claimant.
   The reviewer is the first person's seat counter-clockwise (in turn order) from
   the dealer, the dealer included, that did not make the claim. Where there is
   none (a person alone with robots) the engine's reading decides
   (``WinClaim.by_reading``): the review falls to a robot seat whose only legal
   decision is the reading's (:func:`.bots.claiming.judge`): a valid win fixed at
   the engine's value, a win the fix-yaku rule forbids abandoned without penalty
   (the app rule settings let the table "continue with the win abandoned"), any
   other false win a chombo, the hand played again. The review shows every answer
   and the engine's own reading (:class:`Reading`), and the reviewer decides:
   *accept* the claim, *correct* han and fu, *invalid* (no penalty: play goes on
   as if the win had not been called; a ron is treated as a pass on the tile, so
   the furiten rules apply), or *chombo* (the ruleset's chombo payment, and one
   more chombo in ``chombo_counts``) with ``game_over`` (the hand is played again:
   same dealer, same counters, the riichi sticks of this hand handed back) or
   ``continue`` (play goes on with the offender in a dead hand). A decision
   against the reading (:func:`against_reading`) is marked on the hand's record;
5. **the confirmation** (phase ``"confirm"``, only with ``ruleset.confirm_review``,
   the application's own procedure: the reviewer sends the decision to the others
   and fixes it once they have answered): every seat but the reviewer answers the
   decision, a person OK or NG with an optional reason, a robot OK. When every
   answer is OK the decision takes effect; an NG sends the hand back to the
   reviewer (phase ``"review"`` again, ``WinClaim.disputed`` holding the answers
   and ``WinClaim.overruled`` the decision sent back), whose second decision takes
   effect at once (an event table's referee may take it instead: the tables app
   decides who sends it). A seat that does not answer in time, an absent seat and
   a robot confirm. With the setting off the decision takes effect at once, and a
   decision by the engine's reading is never sent round.

Games stored before this procedure (``GameSetup.claim_rules`` 1) replay under the one
they were played by: the dealer (or the next person after a robot dealer) reviewed,
its own claim included, and the others confirmed with OK only.

A fixed win is paid from its value: a riichi winner's ura dora are added to the
claimed han when the hand ends (nobody, the winner included, sees them before).
Liability (pao) applies to a win fixed as a yakuman exactly as on an automatic
table: the seat that fed the third dragon set or the fourth wind set pays as the
ruleset's ``pao_scope`` says.

Dead hand: the seat's only action on its turn is to discard the tile it drew
(a table plays it at once), it has no call, riichi, kan or win, and it is noten
at an exhaustive draw. Every seat sees which hands are dead.

Fix-yaku: a win the ruleset's fix-yaku rule forbids is not offered as an ordinary
win; at a claimed table it can be called anyway and the review's reading names
the violation, so the reviewer chooses *chombo* or *invalid* (the win abandoned,
play goes on).

Every step is an action in the hand's log, so a replay rebuilds it exactly.

This module holds the claim's data, the engine's reading, the legality of each
step, refusals and what seats see; the steps themselves (the call, the claim, the
answers, the review's settlement or chombo) are in :mod:`.claim_settlement`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..actions import DISCARD, PASS, RON, TSUMO, Action, format_action
from ..bots.claiming import judge
from ..errors import InvalidHand
from ..fixyaku import fix_yaku_allows
from ..scoring.payments import MANGAN
from ..scoring.score import HandScore, score_hand
from ..state import CLAIM_RULES, GameState
from ..wins import is_furiten, situation
from .values import (
    ACCEPT,
    ANSWERS,
    CHOMBO,
    CLAIM,
    CLAIM_PHASES,
    CLAIM_TYPES,
    CONTINUE,
    CORRECT,
    DECISIONS,
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

CLAIMED = "claimed"
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
    confirms: tuple[Action | None, ...] = (None, None, None, None)  # the confirm phase's OKs
    queue: tuple[int, ...] = ()  # the other seats that called a win on the tile, in order
    earlier: tuple[WinClaim, ...] = ()  # wins on the same tile already fixed (double ron)
    by_reading: bool = False  # nobody but the claimant is a person: the reading decides
    disputed: tuple[Action | None, ...] = ()  # the confirm answers that sent it back (an NG)
    overruled: Action | None = None  # the decision those answers sent back to the review

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


# --- the engine's reading ---------------------------------------------------------


def read_win(
    s: GameState, seat: int, tile: int, discarder: int | None, chankan: bool = False
) -> Reading:
    """Whether this win is valid and what it is worth, without ura dora."""
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


def reviewer_of(s: GameState, claimant: int) -> int:
    """Who reviews ``claimant``'s win: the first person's seat in turn order from the
    dealer that did not make the claim; with none, the first such robot seat (which
    decides by the engine's reading, :func:`decided_by_reading`). Under the procedure
    of older games (``claim_rules`` 1) the claimant itself could be the reviewer."""
    robots = s.setup.robots
    legacy = s.setup.claim_rules < CLAIM_RULES
    order = [(s.round_number + step) % 4 for step in range(4)]
    for seat in order:
        if seat not in robots and (legacy or seat != claimant):
            return seat
    if legacy:
        return s.round_number
    return next(seat for seat in order if seat != claimant)


def decided_by_reading(s: GameState, reviewer: int) -> bool:
    """Whether the engine's reading decides the review (no person but the claimant)."""
    return s.setup.claim_rules >= CLAIM_RULES and reviewer in s.setup.robots


def against_reading(wc: WinClaim) -> bool:
    """Whether the review's decision on ``wc`` went against the engine's reading: a win
    fixed that the reading holds false, a win fixed at another value than the reading's,
    or a win the reading holds valid ruled invalid or a chombo. (Choosing *invalid*
    rather than chombo for a false win is the table's leniency, not against it.)"""
    decision, reading = wc.decision, wc.reading
    if decision is None or reading is None:
        return False
    if decision.type in (ACCEPT, CORRECT):
        fixed = decision.tiles[:2] if decision.type == CORRECT else wc.value
        return not reading.valid or reading.value != tuple(fixed or ())
    return reading.valid


def marked_seats(claim: WinClaim | None) -> tuple[int, ...]:
    """The seats whose claimed win a hand's result settled against the engine's reading
    (``HandResult.claim``, with the wins on the same tile fixed before it)."""
    if claim is None:
        return ()
    return tuple(sorted(wc.seat for wc in (*claim.earlier, claim) if against_reading(wc)))


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


def robbing_wins(s: GameState, seat: int, acts: tuple[Action, ...]) -> tuple[Action, ...]:
    """A human seat's win on a kan it could rob at a claimed table: with the 1-han check
    off it is called with Win anyway, never with the ordinary (checked) win."""
    if seat in s.setup.robots or s.ruleset.one_han_check:
        return acts
    return tuple(Action(a.seat, WIN_ANYWAY, a.tile) if a.type == RON else a for a in acts)


def dead_turn(s: GameState, seat: int) -> tuple[Action, ...]:
    """A dead hand discards what it drew, nothing else."""
    if s.drawn is not None:
        return (Action(seat, DISCARD, s.drawn),)
    return tuple(Action(seat, DISCARD, t) for t in s.hands[seat])


def claim_legal(s: GameState, wc: WinClaim) -> tuple[Action, ...]:
    return tuple(
        Action(wc.seat, CLAIM, None, v) for v in claim_values(wc.tsumo, s.ruleset.max_yakuman)
    )


def answer_legal(seat: int) -> tuple[Action, ...]:
    return (
        Action(seat, OK),
        Action(seat, NG),
        *(Action(seat, NG, None, (i,)) for i in range(len(REASONS))),
    )


def confirm_legal(s: GameState, wc: WinClaim) -> tuple[tuple[Action, ...], ...]:
    """The confirm phase: every seat but the reviewer answers the decision, a person
    OK or NG (older games: OK only), a robot OK."""
    legacy = s.setup.claim_rules < CLAIM_RULES
    return tuple(
        ()
        if o == wc.reviewer
        else (Action(o, OK),)
        if legacy or o in s.setup.robots
        else answer_legal(o)
        for o in _SEATS
    )


def review_legal(s: GameState, wc: WinClaim) -> tuple[Action, ...]:
    seat = wc.reviewer
    if wc.by_reading:  # the engine's reading decides: its decision is the only one
        return (judge("review", wc, seat),)
    values = claim_values(wc.tsumo, s.ruleset.max_yakuman)
    return (
        Action(seat, ACCEPT),
        *(Action(seat, CORRECT, None, v) for v in values),
        Action(seat, INVALID),
        Action(seat, CHOMBO, None, (GAME_OVER,)),
        Action(seat, CHOMBO, None, (CONTINUE,)),
    )


def confirm_round(s: GameState, wc: WinClaim) -> bool:
    """Whether the review's decision goes round for confirmation before it counts: with
    ``confirm_review``, but not a decision by the reading nor one made after an NG."""
    return s.ruleset.confirm_review and not wc.by_reading and wc.overruled is None


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
    if phase == "confirm":
        if kind in DECISIONS:
            return "the review has decided: the other seats are confirming it"
        if seat == wc.reviewer:
            return "you reviewed the win: the other seats confirm your decision"
        if wc.confirms[seat] is not None:
            return f"seat {seat} has already confirmed the review"
        if kind == NG and seat in s.setup.robots:
            return "a robot seat confirms the review with OK"
        if kind == NG:
            return "the review's decision is confirmed with OK: the reviewer has the last word"
        return "a win is being claimed: the table waits for the confirmation"
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
        if seat == wc.seat and wc.by_reading:
            return (
                "you made the claim: with no other person at the table, the app's reading "
                "decides it"
            )
        if seat == wc.seat:
            return f"you made the claim: seat {wc.reviewer} reviews it, never its claimant"
        return f"seat {wc.reviewer} reviews this win"
    if wc.by_reading:
        decided = format_action(judge("review", wc, seat))
        return (
            "nobody but the claimant is a person at this table: the app's reading "
            f"decides this claim ({decided})"
        )
    if kind == CORRECT:
        return value_problem(action.tiles, wc.tsumo, s.ruleset.max_yakuman)
    return None


# --- the engine's judgment as an action (bots, absent players) -------------------------


def judged_action(s: GameState, seat: int) -> Action:
    """What the engine's judgment plays for ``seat`` in a claim phase (see
    :func:`.bots.claiming.judge`): for absent players and run-out timers."""
    wc = s.win_claim
    assert wc is not None  # the claim phases hold the claimed win
    return judge(s.phase, wc, seat)


# --- what seats see ------------------------------------------------------------------


def public_claim(s: GameState, seat: int | None) -> WinClaim:
    """The claim as ``seat`` sees it: everything but the engine's reading, which the
    review shows to all, a robot seat uses throughout, and the winner sees while
    stating the value when ``ruleset.evaluate_by_app`` is on."""
    wc = s.win_claim
    assert wc is not None  # the claim phases hold the claimed win
    shown = (
        s.phase in ("review", "confirm")
        or (seat is not None and seat in s.setup.robots)
        or (s.phase == "claim" and seat == wc.seat and s.ruleset.evaluate_by_app)
    )
    return wc if shown else wc._replace(reading=None)


def claim_to_dict(wc: WinClaim) -> dict[str, Any]:
    """JSON-ready form of a claim (answers and decision as action text)."""
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
        "confirms": [format_action(a) if a else None for a in wc.confirms],
        "queue": list(wc.queue),
        "earlier": [claim_to_dict(e) for e in wc.earlier],
        "by_reading": wc.by_reading,
        "disputed": [format_action(a) if a else None for a in wc.disputed],
        "overruled": format_action(wc.overruled) if wc.overruled else None,
        "against_reading": against_reading(wc),
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
    "against_reading",
    "claim_to_dict",
    "claimed",
    "decided_by_reading",
    "explain",
    "judged_action",
    "marked_seats",
    "public_claim",
    "read_win",
    "reviewer_of",
]
