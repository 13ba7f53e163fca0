"""The public game API: ``new_game``, ``legal_actions``, ``pending_seats``, ``apply``.

A turn: the engine draws for the seat (automatically), the seat acts (discard,
riichi, tsumo, kan, kyuushu), then the other seats answer the discard if any of
them can do something with it. Answers are collected from every seat that has a
choice; then ron beats pon/kan, which beats chi, and among several rons the
nearest seat in turn order after the discarder comes first (the Ronin Game Rules).

``apply`` routes each action: a discard, the other seats' answers to it and a kan
(offered first to the seats that could rob it) are played by :mod:`.discards`, the
steps of a claimed win by :mod:`.claim_settlement`; a self-drawn win and nine
terminals are handed to :mod:`.handend`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import compress

from .actions import ANKAN, DISCARDING, KYUUSHU, SHOUMINKAN, TSUMO, Action
from .claims import procedure as claims
from .claims import settlement as claim_settlement
from .claims.values import WIN_ANYWAY
from .discards import answer, declare_kan, discard_tile, resolve_answers
from .errors import IllegalAction, InvalidAction
from .handend import abortive_draw, tsumo_win
from .refusals import explain
from .rulesets import Ruleset
from .state import Acted, Event, GameSetup, GameState
from .tiles import EAST
from .turns import deal
from .wall import check_wall

_SEATS = (0, 1, 2, 3)
# The event of each action played, made once per distinct action (events and actions
# are frozen values; the legal actions of a game are a bounded set), so a turn does
# not pay for building the log's record of it.
_ACTED: dict[Action, Acted] = {}


def new_game(
    ruleset: Ruleset,
    seed: int | None = None,
    walls: Sequence[Sequence[int]] | None = None,
    robots: Iterable[int] = (),
) -> GameState:
    """A new game at East 1, the dealer (seat 0) holding 14 tiles.

    ``walls`` are explicit walls for the first hands in the documented draw order
    (see :mod:`.wall`); later hands use shuffled walls from ``seed``. Without a
    seed one is chosen at random and recorded in ``state.setup``. ``robots`` are
    the seats a bot plays, recorded in ``state.setup.robots``: they matter to
    ``ruleset.open_riichi_robot`` (see :mod:`.legal`) and to who reviews a claimed win
    (see :mod:`.claims`). A new game plays the current claimed-win procedure.
    """
    if seed is None:
        seed = 0 if walls else random.SystemRandom().randrange(2**62)
    explicit = tuple(check_wall(w) for w in walls) if walls else ()
    return start(GameSetup(ruleset, seed, explicit, check_robots(robots)))


def check_robots(robots: Iterable[int]) -> frozenset[int]:
    """The robot seats as a frozenset; InvalidAction unless each is a seat 0-3."""
    try:
        seats = list(robots)
    except TypeError:
        raise InvalidAction("robots must be a list of seats 0-3", field="robots") from None
    for seat in seats:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in _SEATS:
            raise InvalidAction(f"{seat!r} is not a seat: robots are seats 0-3", field="robots")
    return frozenset(seats)


def start(setup: GameSetup) -> GameState:
    r = setup.ruleset
    state, _ = deal(setup, 0, EAST, 0, 0, 0, (r.start_score,) * 4, (0, 0, 0, 0), None, ())
    return state


def legal_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    return state.legal[seat]


def pending_seats(state: GameState) -> tuple[int, ...]:
    return tuple(compress(_SEATS, state.legal))


# --- apply ------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Play one action; raises :class:`IllegalAction` with the reason when not allowed."""
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r}", field="action")
    seat = action.seat
    if action not in state.legal[seat if seat in _SEATS else 0]:
        raise IllegalAction(explain(state, action), field="action")
    log = (*state.hand_log, action)
    first = _ACTED.get(action)
    if first is None:
        first = _ACTED[action] = Acted(action)
    kind = action.type
    phase = state.phase
    if phase == "turn" and kind in DISCARDING:
        s, more = discard_tile(state, action, log)
        return s, (first, *more)
    if phase == "calls":
        s, more = answer(state, action, log)
        return s, (first, *more)
    if phase in claims.CLAIM_PHASES:
        s, more = claim_settlement.apply_step(state, action, log, resolve_answers)
        return s, (first, *more)
    s = state.evolve(hand_log=log)
    if kind in (TSUMO, WIN_ANYWAY) and claims.claimed(s):
        drawn = s.drawn
        assert drawn is not None  # a win on the wall is offered on a drawn tile only
        s, more = claim_settlement.call_win(s, seat, drawn, None, False, kind == WIN_ANYWAY)
    elif kind == TSUMO:
        s, more = tsumo_win(s, seat)
    elif kind in (ANKAN, SHOUMINKAN):
        s, more = declare_kan(s, action)
    elif kind == KYUUSHU:
        s, more = abortive_draw(s, "kyuushu_kyuuhai")
    else:  # pragma: no cover - legal actions never contain anything else
        raise IllegalAction(f"cannot {kind} now", field="action")
    return s, (first, *more)


__all__ = [
    "apply",
    "check_robots",
    "explain",
    "legal_actions",
    "new_game",
    "pending_seats",
    "start",
]
