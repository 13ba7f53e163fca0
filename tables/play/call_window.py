"""The call window: the same short wait after every discard that a person could call.

Hiding an open claim's frames (:mod:`tables.play.hidden_claims`) is not enough: if a
discard nobody can call went on at once while one that a person may call waited
for their decision, the wait itself would tell the table that somebody could call.
So at a table where a person (not a bot) other than the discarder could in principle
answer, every discard and every kan that could be robbed opens a *call window* of
``TABLE_CALL_WINDOW`` seconds, as the big clients pause after each discard:

* *At once* every seat that is not asked (the discarder and spectators too) sees
  the tile in the pond and nobody's draw yet (``rules.engine.before_answers``),
  with no "waiting" text: the same picture whether or not anybody could call. The
  seats asked see their buttons.
* *The asked persons* have their whole move time, as for any decision (a ron
  deserves more than a second). Bots and a person's own "no calls" answer at once,
  as before. A person who answers within the window changes nothing anybody can
  see or time; one who thinks longer holds the table as long, as at the big
  clients and at a real table: the window hides the quick decisions, which are
  most of them.
* *What follows* (the next draw, a call, a win, an exhaustive draw) is stored when
  the claim settles but *held*: nobody sees it before the window ends
  (``Game.reveal_at``), and the next decision's clock starts only then, so no bot
  and no timer moves before it either. At the end the table's driver sends
  ``table.reveal`` and every socket shows what it held.

A table with no person who could be asked (only the discarder is a person, or only
bots) keeps no window: nothing is hidden from anybody who could measure it. A table
whose wins are claimed asks everyone on every discard and keeps no window either.
``TABLE_CALL_WINDOW = 0`` turns the window off.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from rules.engine import (
    ANKAN,
    DISCARDING,
    SHOUMINKAN,
    Action,
    GameState,
    before_answers,
    parse_action,
)
from tables import conf
from tables.play import hidden_claims

if TYPE_CHECKING:
    from tables.models import Game

    from .timers import Timers

OPENING = frozenset({*DISCARDING, ANKAN, SHOUMINKAN})  # actions another seat may answer


def length() -> dt.timedelta:
    return dt.timedelta(seconds=max(0.0, conf.seconds("TABLE_CALL_WINDOW")))


def kept_at(state: GameState, actor: int) -> bool:
    """Whether a step of ``actor`` that others could answer opens a window at this table:
    some other seat is a person and open claims are hidden there."""
    if not length() or not hidden_claims.applies(state):
        return False
    bots = state.setup.robots
    return any(seat != actor and seat not in bots for seat in range(4))


def opens(before: GameState, action: Action | str) -> bool:
    """Whether ``action`` (an Action or its text), made in ``before``, opens a window."""
    kind, seat = _kind_and_seat(action)
    return kind in OPENING and before.phase == "turn" and kept_at(before, seat)


def claim_in_window(state: GameState) -> bool:
    """Whether the open claim of ``state`` is answered within a window."""
    return state.phase == "calls" and state.claim is not None and kept_at(state, state.claim.seat)


def reveal_time(
    before: GameState,
    after: GameState,
    action: Action | str,
    now: dt.datetime,
    claim_started: dt.datetime,
) -> dt.datetime | None:
    """Until when what ``action`` led to is held (None: it is shown at once).

    A step that opens a window and that nobody can answer is held for the whole
    window; the answer that settles a claim in a window is held until the window that
    began with the claim (``claim_started``) ends. A claim still open holds nothing:
    its seats see it at once, the others see ``before_answers``.
    """
    if after.finished or after.phase == "calls":
        # the game's end is shown at once (no driver is left to end a window), and
        # an open claim holds nothing
        return None
    if opens(before, action):
        return now + length()
    if claim_in_window(before):
        until = claim_started + length()
        return until if until > now else None
    return None


def held(reveal_at: dt.datetime | None, now: dt.datetime) -> bool:
    return reveal_at is not None and now < reveal_at


def waiting_picture(before: GameState, action: Action | str) -> GameState:
    """What the seats not asked see during a window: ``action`` made, nobody asked."""
    return before_answers(before, parse_action(action) if isinstance(action, str) else action)


def screen(game: Game) -> tuple[GameState, int]:
    """What a socket of ``seat`` that opens now is shown of a game held in a window, or
    whose open claim is answered within one and does not concern ``seat``: the window's
    picture (:func:`waiting_picture`) and the shown version from before it."""
    from . import states

    log = game.log[: game.version]
    start = hidden_claims.claim_opened_at(log)
    before = states.replay_log(states.setup_of(game), log[:start])
    return waiting_picture(before, log[start]), hidden_claims.shown_versions(log)[start]


def on_update(
    seat: int | None,
    before: GameState | None,
    state: GameState,
    action: Action,
    shown: int,
    timers: Timers,
    reveal: float | None,
    now: dt.datetime,
) -> tuple[
    tuple[GameState, int, Timers | None] | None, tuple[GameState, int, Timers | None] | None
]:
    """What a socket of ``seat`` does with the stored step ``action`` (``before`` ->
    ``state``, announced with ``shown``, ``timers`` and ``reveal``, Unix seconds).

    Returns what to show now and what to hold until the window ends, each None or
    (state, shown version, timers). An open claim reaches only the seats it asks
    (:func:`tables.play.hidden_claims.shows_update`); a window's opening step shows every
    seat not asked :func:`waiting_picture` at once.
    """
    now_picture = None
    if before is not None and opens(before, action) and not hidden_claims.asked(state, seat):
        gone_on = 0 if state.phase == "calls" else 1  # a claim opened: nothing settled yet
        now_picture = (waiting_picture(before, action), shown - gone_on, None)
        if state.phase == "calls":
            return now_picture, None  # the claim goes on without this seat
    elif not hidden_claims.shows_update(state, seat, action):
        return None, None
    outcome = (state, shown, timers)
    if reveal is not None and now.timestamp() < reveal:
        if before is not None and before.phase == "calls" and _kind_and_seat(action)[1] == seat:
            # this seat's answer settled the claim: its buttons go at once, as with any
            # answer, and what follows comes with the window's end
            answered = before.evolve(legal=hidden_claims.NOBODY_ACTS)
            return (answered, shown - 1, None), outcome
        return now_picture, outcome
    return outcome, None


def shows_window(game: Game, state: GameState, seat: int | None, now: dt.datetime) -> bool:
    """Whether a socket of ``seat`` is shown :func:`screen` rather than the game now."""
    if held(game.reveal_at, now):
        return True
    return claim_in_window(state) and hidden_claims.hides_claim(state, seat)


def picture(
    game: Game, state: GameState, seat: int | None, now: dt.datetime
) -> tuple[GameState, int, bool]:
    """What ``seat`` (None: anybody watching) is shown of the stored ``game`` now, as
    a socket opening now shows it: the window's picture within a window, else the game
    with an open claim hidden from the seats it does not ask. Returns the state, the
    shown version and whether the state is the game's own (its timers count).

    Every page that draws a running game's state (the table page, the lobby's scores)
    goes through here, so none of them tells more than the sockets do.
    """
    if shows_window(game, state, seat, now):
        screen_state, shown = screen(game)
        return screen_state, shown, False
    shown = hidden_claims.shown_of(game)
    screen_state, current = hidden_claims.screen_state(game, state, seat)
    return screen_state, shown, current


def _kind_and_seat(action: Action | str) -> tuple[str, int]:
    if isinstance(action, str):
        parts = action.split(":", 2)
        return parts[1], int(parts[0])
    return action.type, action.seat
