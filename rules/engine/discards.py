"""A discard and what follows it: the other seats' answers, the ron check, the call.

What happens when the discard "survives" (nobody rons it), in this order:

1. seats whose hand the tile completes become furiten until their next discard
   (for the rest of the hand when in riichi), even when no ron was possible;
2. a riichi declared with the tile is made: the 1,000-point stick is paid, ippatsu
   starts, double riichi if it was the seat's first discard with no call before;
3. waiting kan dora are shown ("after_discard_survives");
4. abortive draws: four winds (the first four discards, all the same wind, no call
   before), four riichi (all four seats in riichi after this discard), four kans by
   two or more players (the fourth kan's replacement discard has passed the ron
   check: that is the moment the hand is aborted);
5. the chosen pon/kan, else chi, is made; otherwise an exhaustive draw when the
   live wall is empty, else the next seat draws.

A kan is checked for robbing (chankan) the same way before it is made. The
common steps (a plain discard, a pass) take fast paths built field by field; see
``FAST_PATH``.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    ANKAN,
    CHI,
    DAIMINKAN,
    PASS,
    PON,
    RON,
    SHOUMINKAN,
    Action,
)
from .analysis import analyse
from .claims import procedure as claims
from .claims import settlement as claim_settlement
from .claims.values import WIN_ANYWAY
from .handend import abortive_draw, exhaustive_draw, order_from, ron_wins
from .legal import (
    call_actions,
    ignores_robot_tile,
    is_last_discard,
    robbing_actions,
)
from .melds import MeldKind
from .scoring.payments import STICK
from .state import (
    AbortReason,
    Claim,
    ClaimKind,
    Discard,
    Event,
    GameState,
    RiichiKind,
    RiichiPaid,
    put,
)
from .tiles import WINDS
from .turns import (
    NO_LEGAL,
    apply_call,
    complete_kan,
    discard_then_draw,
    draw,
    draw_into,
    kan_meld,
    reveal_pending,
)
from .wall import MAX_KANS

_NONE4: tuple[None, None, None, None] = (None, None, None, None)
_WINS = (RON, WIN_ANYWAY)
# The riichi a discarding action declares, and what a declared kan is as a claim and
# as a meld (the action types and those kinds share their names).
_DECLARES: dict[str, RiichiKind] = {"riichi": "riichi", "open_riichi": "open_riichi"}
_KAN_CLAIM: dict[str, ClaimKind] = {ANKAN: ANKAN, SHOUMINKAN: SHOUMINKAN}
_KAN_MELD: dict[str, MeldKind] = {ANKAN: ANKAN, SHOUMINKAN: SHOUMINKAN}


# Fast paths. The common steps of a hand are built field by field in one new
# state: a plain discard (then either the next draw or the calls phase) and a
# pass (then either the wait for the other answers or, once everyone has passed,
# the next draw). Each is the general code below specialised to its case; with
# FAST_PATH off only the general code runs, and the tests check both agree.
FAST_PATH = True
(
    _HANDS,
    _DISCARDS,
    _MASKS,
    _FURITEN,
    _ANALYSIS,
    _IPPATSU,
    _LOG,
    _LAST,
    _DRAWN,
    _PHASE,
    _RINSHAN,
    _CLAIM,
    _FORBIDDEN,
    _LEGAL,
) = (
    GameState._fields.index(name)
    for name in (
        "hands",
        "discards",
        "discard_masks",
        "furiten",
        "analysis",
        "ippatsu",
        "hand_log",
        "last_discard",
        "drawn",
        "phase",
        "rinshan",
        "claim",
        "forbidden",
        "legal",
    )
)
_new = tuple.__new__
_ORDER = tuple(order_from(seat) for seat in range(4))


def discard_tile(
    s: GameState, action: Action, log: tuple[Action, ...], *, unanswered: bool = False
) -> tuple[GameState, list[Event]]:
    """A discard and what follows it (see the module docstring).

    ``unanswered``: stop before anybody answers, whether or not anybody could: the
    tile in the pond, the calls phase with nobody asked (see :func:`before_answers`).
    """
    seat, tile = action.seat, action.tile
    assert tile is not None  # a discard names its tile
    legal: list[tuple[Action, ...]] | None = None
    claimed = s.ruleset.win_settlement == claims.CLAIMED
    if (
        FAST_PATH
        and action.type == "discard"
        and not s.dora_pending
        and not claimed
        and not unanswered
    ):
        n1, n2, n3 = _ORDER[seat]
        a, r = s.analysis, s.riichi
        bit = 1 << (tile >> 2)
        m1 = (a[n1].wait_mask if r[n1] else a[n1].left_mask) & bit
        m2 = (a[n2].wait_mask if r[n2] else a[n2].claim_mask) & bit
        m3 = (a[n3].wait_mask if r[n3] else a[n3].claim_mask) & bit
        if not (m1 or m2 or m3):
            if _next_draw_follows(s, seat, first_discard=not s.discards[seat]):
                return discard_then_draw(s, seat, tile, log)
            legal = [(), (), (), ()]
        else:
            legal = [(), (), (), ()]
            if m1:
                legal[n1] = call_actions(s, n1, seat, tile)
            if m2:
                legal[n2] = call_actions(s, n2, seat, tile)
            if m3:
                legal[n3] = call_actions(s, n3, seat, tile)
            if legal[n1] or legal[n2] or legal[n3]:
                v = _discarded(s, seat, tile, log)
                v[_PHASE] = "calls"
                v[_CLAIM] = _new(Claim, ("discard", seat, tile, _NONE4, None, None))
                v[_LEGAL] = tuple(legal)
                return _new(GameState, v), []
    riichi = _DECLARES.get(action.type)
    changes = dict(
        zip(DISCARD_FIELDS, discard_values(s, seat, tile, log, riichi is not None), strict=True)
    )
    events: list[Event] = []
    if s.dora_pending and s.ruleset.kan_dora_timing == "after_discard":
        s, events = reveal_pending(s.evolve(**changes))
        changes = {}
    # The other seats' options do not depend on anything the discard changed in
    # the discarder's own data, so they are read from ``s`` as it is.
    if legal is None:
        legal = [(), (), (), ()]
        bit = 1 << (tile >> 2)
        for other in order_from(seat):
            if (
                claimed
                or s.analysis[other].call_mask(s.riichi[other], other == (seat + 1) % 4) & bit
            ):
                legal[other] = call_actions(s, other, seat, tile)
    claim = Claim("discard", seat, tile, _NONE4, riichi)
    if unanswered:
        return s.evolve(**changes, phase="calls", claim=claim, legal=NO_LEGAL), events
    if any(legal):
        s = s.evolve(**changes, phase="calls", claim=claim, legal=tuple(legal))
        return s, events
    s, more = _survives(s, None, claim, changes)
    return s, events + more


def _without(hand: tuple[int, ...], tile: int) -> tuple[int, ...]:
    i = hand.index(tile)
    return hand[:i] + hand[i + 1 :]


# The fields a discard changes, in the order :func:`discard_values` gives them.
DISCARD_FIELDS = (
    "hand_log",
    "hands",
    "discards",
    "discard_masks",
    "furiten",
    "analysis",
    "ippatsu",
    "drawn",
    "rinshan",
    "forbidden",
    "last_discard",
)


def discard_values(
    s: GameState, seat: int, tile: int, log: tuple[Action, ...], riichi: bool = False
) -> tuple[Any, ...]:
    """What ``seat`` discarding ``tile`` makes of the fields ``DISCARD_FIELDS`` (no draw,
    no answers yet): the one description of a discard, which both paths of
    :func:`discard_tile` lay over the state (``riichi``: the tile declares riichi)."""
    hand = _without(s.hands[seat], tile)
    furiten = s.furiten
    if furiten[seat] == 1:
        furiten = put(furiten, seat, 0)
    river = (*s.discards[seat], Discard(tile, tile == s.drawn, riichi))
    return (
        log,
        put(s.hands, seat, hand),
        put(s.discards, seat, river),
        put(s.discard_masks, seat, s.discard_masks[seat] | (1 << (tile >> 2))),
        furiten,
        # a tsumogiri leaves the hand as it was before the draw: nothing to analyse
        s.analysis if tile == s.drawn else put(s.analysis, seat, analyse(hand)),
        put(s.ippatsu, seat, False) if s.ippatsu[seat] else s.ippatsu,
        None,
        False,
        (),
        (seat, tile),
    )


def _discarded(s: GameState, seat: int, tile: int, log: tuple[Action, ...]) -> list[Any]:
    """The fields of ``s`` after ``seat``'s plain discard of ``tile``, as a list by
    position (the fast path builds the next state from it without ``evolve``); the
    caller sets the phase, claim and legal actions."""
    v = list(s)
    (
        v[_LOG],
        v[_HANDS],
        v[_DISCARDS],
        v[_MASKS],
        v[_FURITEN],
        v[_ANALYSIS],
        v[_IPPATSU],
        v[_DRAWN],
        v[_RINSHAN],
        v[_FORBIDDEN],
        v[_LAST],
    ) = discard_values(s, seat, tile, log)
    return v


def answer(s: GameState, action: Action, log: tuple[Action, ...]) -> tuple[GameState, list[Event]]:
    claim = s.claim
    assert claim is not None  # the calls phase answers a claim
    responses = put(claim.responses, action.seat, action)
    legal = put(s.legal, action.seat, ())
    if FAST_PATH and claim.kind == "discard":
        if legal[0] or legal[1] or legal[2] or legal[3]:
            # others still to answer: only the answer is recorded
            v = list(s)
            v[_LOG] = log
            v[_CLAIM] = _new(Claim, (*claim[:3], responses, *claim[4:]))
            v[_LEGAL] = legal
            return _new(GameState, v), []
        if _all_passed(responses) and _plain_survival(s, claim):
            v = list(s)
            v[_LOG] = log
            v[_FURITEN] = _furiten_after_pass(s, claim.tile, claim.seat)
            return draw_into(v, (claim.seat + 1) % 4)
    claim = claim._replace(responses=responses)
    if any(legal):
        return s.evolve(hand_log=log, claim=claim, legal=legal), []
    return resolve_answers(s, claim, {"hand_log": log, "legal": legal})


def resolve_answers(
    s: GameState, claim: Claim, changes: dict[str, Any]
) -> tuple[GameState, list[Event]]:
    """Every seat has answered ``claim``: a win, else the call, else the tile survives
    (``changes`` are still to be made to ``s``)."""
    responses = claim.responses
    claimants = [
        o for o in order_from(claim.seat) if (given := responses[o]) and given.type in _WINS
    ]
    chankan = claim.kind != "discard"
    if claimants or chankan:
        s = s.evolve(**changes, claim=claim)
        if claimants and claims.claimed(s):
            first = claimants[0]
            first_answer = responses[first]
            anyway = first_answer is not None and first_answer.type == WIN_ANYWAY
            queue = tuple(claimants[1:])
            return claim_settlement.call_win(
                s, first, claim.tile, claim.seat, chankan, anyway, queue
            )
        if claimants:
            return ron_wins(s, claimants, claim.seat, claim.tile, chankan)
        return _kan_survives(s)
    call = None
    for o in order_from(claim.seat):
        a = responses[o]
        if a and a.type in (PON, DAIMINKAN):
            call = a
    if call is None:
        for o in order_from(claim.seat):
            a = responses[o]
            if a and a.type == CHI:
                call = a
    if call is None:
        return _survives(s, None, claim, changes)
    return _survives(s.evolve(**changes, claim=claim), call, claim)


def _all_passed(responses: tuple[Action | None, ...]) -> bool:
    return all(a is None or a.type == PASS for a in responses)


def _plain_survival(s: GameState, claim: Claim) -> bool:
    """Whether a discard everyone passed on leads straight to the next draw: no
    riichi to make, no kan dora waiting, and :func:`_next_draw_follows`."""
    seat = claim.seat
    return (
        not claim.riichi
        and not s.dora_pending
        and _next_draw_follows(s, seat, first_discard=len(s.discards[seat]) == 1)
    )


def _next_draw_follows(s: GameState, seat: int, first_discard: bool) -> bool:
    """After ``seat``'s discard passes, the next seat simply draws: tiles are left, no
    fourth kan can abort the hand, and it is not the last of the first four discards
    (four winds). A conservative test: the general path decides the other cases."""
    return (
        not is_last_discard(s)
        and len(s.kan_seats) < MAX_KANS
        and (s.interrupted or not first_discard or seat != (s.round_number + 3) % 4)
    )


def _furiten_after_pass(s: GameState, tile: int, skip: int) -> tuple[int, ...]:
    """Everyone the tile would have completed is furiten now (the Ronin Game Rules and the penalties page), even
    when no ron was offered; ``skip`` is where the tile came from. An open riichi
    that ignores a robot's tiles (``"ignore_robot_discard"``) is the exception."""
    bit = 1 << (tile >> 2)
    analysis = s.analysis
    furiten = s.furiten
    out = None
    for seat in _ORDER[skip]:
        if analysis[seat].wait_mask & bit and not ignores_robot_tile(s, seat, skip):
            if out is None:
                out = list(furiten)
            out[seat] = 2 if s.riichi[seat] else max(furiten[seat], 1)
    return furiten if out is None else tuple(out)


def _survives(
    s: GameState, call: Action | None, claim: Claim, changes: dict[str, Any] | None = None
) -> tuple[GameState, list[Event]]:
    """The discard passed the ron check; ``changes`` are still to be made to ``s``."""
    seat = claim.seat
    r = s.ruleset
    events: list[Event] = []
    changes = dict(changes or {})
    furiten = _furiten_after_pass(s, claim.tile, seat)
    if furiten != s.furiten:
        changes["furiten"] = put(furiten, seat, changes.get("furiten", s.furiten)[seat])
    if (
        call is None
        and not claim.riichi
        and not s.dora_pending
        and not is_last_discard(s)
        and not _abort_reason(s, claim, changes.get("discards", s.discards))
    ):
        return draw(s, (seat + 1) % 4, changes)  # the common case, in one step
    if changes:
        s = s.evolve(**changes)
    if claim.riichi:
        double = len(s.discards[seat]) == 1 and not s.interrupted
        s = s.evolve(
            scores=put(s.scores, seat, s.scores[seat] - STICK),
            riichi_sticks=s.riichi_sticks + 1,
            riichi=put(s.riichi, seat, 2 if double else 1),
            open_riichi=put(s.open_riichi, seat, claim.riichi == "open_riichi"),
            ippatsu=put(s.ippatsu, seat, r.ippatsu),
            furiten=put(s.furiten, seat, 2 if s.furiten[seat] else 0),
        )
        events.append(RiichiPaid(seat, claim.tile, claim.riichi))
    if s.dora_pending:
        s, more = reveal_pending(s)
        events.extend(more)
    abort = _abort_reason(s, claim, s.discards)
    if abort:
        s, more = abortive_draw(s, abort)
        return s, events + more
    if call is not None:
        s, more = apply_call(s, call)
        return s, events + more
    if s.live_next == s.live_end:
        s, more = exhaustive_draw(s)
        return s, events + more
    s, more = draw(s, (seat + 1) % 4)
    return s, events + more


def _abort_reason(
    s: GameState, claim: Claim, discards: tuple[tuple[Discard, ...], ...]
) -> AbortReason | None:
    r = s.ruleset
    seat = claim.seat
    if (
        r.suufon_renda
        and seat == (s.round_number + 3) % 4
        and len(discards[seat]) == 1
        and not s.interrupted
    ):
        kinds = {d[0].tile >> 2 for d in discards}
        if len(kinds) == 1 and next(iter(kinds)) in WINDS:
            return "suufon_renda"
    if r.suucha_riichi and claim.riichi and all(s.riichi):
        return "suucha_riichi"
    if r.suukaikan and len(s.kan_seats) == 4 and len(set(s.kan_seats)) > 1:
        return "suukaikan"
    return None


def before_answers(s: GameState, action: Action) -> GameState:
    """The table just after ``action``, a discard or a kan declaration made in ``s``,
    before any seat answers it: the tile in the pond (or the kan declared) and the
    calls phase with nobody asked, whether or not anybody could call or rob it.

    Never part of a game: it is the picture every seat that is not asked may see
    while the others decide, the same whatever their hands hold.
    """
    if action.type in (SHOUMINKAN, ANKAN):
        robbable = action.tile if action.type == SHOUMINKAN else action.tiles[0]
        assert robbable is not None  # an added kan names the tile it adds
        claim = Claim(_KAN_CLAIM[action.type], action.seat, robbable, _NONE4, None, action)
        log = (*s.hand_log, action)
        return s.evolve(hand_log=log, phase="calls", claim=claim, legal=NO_LEGAL, drawn=s.drawn)
    state, _ = discard_tile(s, action, (*s.hand_log, action), unanswered=True)
    return state


def declare_kan(s: GameState, action: Action) -> tuple[GameState, list[Event]]:
    seat = action.seat
    robbable = action.tile if action.type == SHOUMINKAN else action.tiles[0]
    assert robbable is not None  # an added kan names the tile it adds
    legal: list[tuple[Action, ...]] = [(), (), (), ()]
    for other in order_from(seat):
        legal[other] = robbing_actions(s, other, seat, robbable, action.type == ANKAN)
    if any(legal):
        claim = Claim(_KAN_CLAIM[action.type], seat, robbable, _NONE4, None, action)
        return s.evolve(phase="calls", claim=claim, legal=tuple(legal), drawn=s.drawn), []
    return _make_kan(s, action)


def _make_kan(s: GameState, action: Action) -> tuple[GameState, list[Event]]:
    seat = action.seat
    hand, melds = kan_meld(s, action)
    s = s.evolve(hands=put(s.hands, seat, hand), melds=put(s.melds, seat, melds))
    return complete_kan(s, seat, _KAN_MELD[action.type])


def _kan_survives(s: GameState) -> tuple[GameState, list[Event]]:
    """Nobody robbed the kan: it is made (ippatsu ends, dora per timing)."""
    claim = s.claim
    assert claim is not None and claim.kan is not None  # a kan waited for robbers
    kan = claim.kan
    furiten = _furiten_after_pass(s, claim.tile, claim.seat)
    if claim.kind == ANKAN:
        # Temporary furiten ("Furiten": passing a winning tile) needs a ron that was
        # possible; a concealed kan can be robbed by thirteen orphans only
        # ("Chankan"), so only the seats that were asked and let it go become furiten.
        asked = claim.responses
        furiten = tuple(f if asked[o] else s.furiten[o] for o, f in enumerate(furiten))
    s = s.evolve(furiten=furiten, phase="turn", claim=None, legal=NO_LEGAL)
    return _make_kan(s, kan)


# _discarded lays the values out by these positions, in DISCARD_FIELDS' order.
_LAID_OUT = (_LOG, _HANDS, _DISCARDS, _MASKS, _FURITEN, _ANALYSIS, _IPPATSU, _DRAWN, _RINSHAN)
assert (*_LAID_OUT, _FORBIDDEN, _LAST) == tuple(map(GameState._fields.index, DISCARD_FIELDS))
