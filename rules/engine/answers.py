"""Answers to an open claim, and why answers to one claim commute.

Two things in a game are asked of several seats at once:

* a discard (or an added kan that can be robbed): each seat that could call it
  answers with a pass, a call or a ron (at a table that settles wins by claim, with
  ``win_anyway`` as well); the game is then in the ``calls`` phase;
* a claimed win (see :mod:`.claims`): the other seats answer OK or NG; the game is
  then in the ``answers`` phase (and, with ``confirm_review``, the seats other than
  the reviewer answer the review's decision, OK or a person's NG, in the ``confirm``
  phase; the engine sends it back only once every seat has answered).

The asked seats answer in any order, and an answer never changes what another
asked seat may answer: the engine settles the claim only once every asked seat has
answered. So answers to one claim *commute*. A seat that decided while looking at
the game a few answers ago (another seat's answer landed first) gives exactly the
answer it would give now, as long as everything since was another seat's answer to
the same claim. A new claim cannot start in between without a discard or a kan,
which is not an answer.

The live tables use this to accept such a slightly late answer instead of refusing
it as out of date, and to keep answers out of sight of the seats a claim does not
ask (the text form of an action says its type, see :func:`logged_type`).
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import CHI, DAIMINKAN, PASS, PON, RON, Action
from .claims.values import NG, OK, WIN_ANYWAY
from .state import GameState

# Every action type that answers a discard or a robbable kan; legal only while such
# a claim is open (``win_anyway`` may also be called on a seat's own draw).
DISCARD_ANSWERS = frozenset({PASS, CHI, PON, DAIMINKAN, RON, WIN_ANYWAY})
# ... and, with a claimed win's OK and NG, every answer to an open claim.
CLAIM_ANSWERS = DISCARD_ANSWERS | {OK, NG}
# The phases in which several seats answer one claim at once.
ANSWERING_PHASES = ("calls", "answers", "confirm")


def logged_type(text: str) -> str:
    """The type of an action written in its text form (``"2:pon:..."`` -> ``"pon"``).

    Reads only the type, not the tiles, so a whole game's log can be scanned on every
    move; text that is not an action gives ``""``.
    """
    parts = text.split(":", 2)
    return parts[1] if len(parts) > 1 else ""


def is_discard_answer(action: Action | str) -> bool:
    """Whether ``action`` (an Action or a log entry's text) answers a discard or a
    robbable kan (see :data:`DISCARD_ANSWERS`)."""
    kind = logged_type(action) if isinstance(action, str) else action.type
    return kind in DISCARD_ANSWERS


def waits_for_answers(state: GameState) -> bool:
    """Whether ``state`` waits for several seats to answer one claim."""
    return state.phase in ANSWERING_PHASES


def answers_commute(seat: int, since: Iterable[Action]) -> bool:
    """Whether an answer of ``seat`` still stands after the actions ``since``.

    True when every one of them is another seat's answer to a claim: the caller
    checks with :func:`waits_for_answers` that the game still waits for answers, so
    they all answered the claim ``seat`` saw (see the module's docstring). An empty
    ``since`` (nothing happened) is true as well.
    """
    return all(action.seat != seat and action.type in CLAIM_ANSWERS for action in since)


__all__ = [
    "ANSWERING_PHASES",
    "CLAIM_ANSWERS",
    "DISCARD_ANSWERS",
    "answers_commute",
    "is_discard_answer",
    "logged_type",
    "waits_for_answers",
]
