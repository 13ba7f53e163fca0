"""Open claims stay between the seats they concern.

After a discard (or a kan that can be robbed) the engine asks only the seats that
could call it. Whether anybody was asked is hidden information: it says something
about their hands. So a table never shows it to anyone else:

* *Who sees a claim.* While a claim is open, only the seats it asks (still to
  answer, or having answered) see it. Everyone else, the discarder and spectators
  included, keeps the picture from before the discard until the claim is settled,
  and then sees the discard together with what followed (the next draw, or the
  call): exactly what they see after a discard nobody could call. No "waiting for
  calls" text, no countdown of somebody else's decision, no frame for an answer that
  changed nothing public (a pass, or a call waiting on a higher one).
* *The shown version.* Frames carry a version number, and clients send it back with
  their move. If it counted every stored action, a hidden answer would show as a
  jump. So frames carry the *shown* version instead: the number of settled steps,
  which leaves out every action after which a claim was still open (the action that
  opened it, and each answer but the one that settled it). Everyone at the table
  sees the same number at the same moment; ``submit`` checks a client's move against
  it (the stored version stays the compare-and-set).
* *Timing.* The server answers claims for bots and for players' own "no calls" at
  once (see :mod:`tables.play.autoplay`), so a discard that a bot could call goes on as
  fast as one nobody could. Where a person could be asked, every discard opens the
  same call window (:mod:`tables.play.call_window`): the seats not asked see the tile go
  down at once and what follows when the window ends, however long anybody thought.

The engine's log is unchanged: in the calls phase only answers are legal, so an
entry is followed by an answer exactly when a claim was open after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Action, GameState, is_discard_answer

if TYPE_CHECKING:
    from tables.models import Game

# The answers that are hidden are the engine's answers to a discard or a robbable kan
# (``rules.engine.is_discard_answer``; legal only while such a claim is open; a
# claimed win's ``win_anyway`` is one too, though a seat may also call it on its own
# draw: at a table that settles wins by claim, that entry then shares the shown
# version of the one before it, which the engine's legality keeps harmless). The
# OK/NG answers to a claimed win are public and count as steps.


def applies(state: GameState) -> bool:
    """Whether open claims are hidden at this game's table.

    At a table that settles wins by claim (``win_settlement="claimed"``) every person
    may call a win on every discard, so every discard asks them all: there is nothing
    to hide, and such a table shows every step with its stored version.
    """
    return getattr(state.ruleset, "win_settlement", "automatic") == "automatic"


def answers_in(log: list[str]) -> int:
    """How many entries of ``log`` are answers to a claim (see :func:`shown_version`)."""
    return sum(1 for text in log if is_discard_answer(text))


def shown_version(
    log: list[str], claim_open: bool, hidden: bool = True, answers: int | None = None
) -> int:
    """The shown version of a game whose log is ``log`` (``claim_open``: its phase is calls).

    Every entry counts except those after which a claim was still open: each entry
    followed by an answer, and the last one while a claim is open now. Without
    ``hidden`` (see :func:`applies`) it is the stored version. ``answers``: the log's
    :func:`answers_in`, when the caller knows it already (it is not counted again).
    """
    if not hidden:
        return len(log)
    if answers is None:
        answers = answers_in(log)
    return len(log) - answers - (1 if claim_open and log else 0)


def shown_versions(log: list[str], claim_open: bool = False) -> list[int]:
    """The shown version at every stored version 0..len(log) (for audits)."""
    out, answers = [], 0
    for version in range(len(log) + 1):
        if version:
            answers += is_discard_answer(log[version - 1])
        following_answer = is_discard_answer(log[version]) if version < len(log) else claim_open
        out.append(version - answers - (1 if following_answer and version else 0))
    return out


def claim_opened_at(log: list[str]) -> int:
    """The stored version just before the action that opened the current claim."""
    index = len(log)
    while index and is_discard_answer(log[index - 1]):
        index -= 1
    return max(index - 1, 0)


def asked(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` is one of the seats the open claim concerns."""
    if seat is None or state.phase != "calls" or state.claim is None:
        return False
    return bool(state.legal[seat]) or state.claim.responses[seat] is not None


def hides_claim(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) must not see ``state`` (an open claim)."""
    return state.phase == "calls" and not asked(state, seat) and applies(state)


def shows_update(state: GameState, seat: int | None, action: Action) -> bool:
    """Whether a socket of ``seat`` is sent the state that ``action`` just produced.

    Always, once no claim is open. While one is open: the action that opened it goes
    to the seats it asks, and an answer only to the seat that gave it (the other asked
    seats must not learn that there was one).
    """
    if state.phase != "calls" or not applies(state):
        return True
    if not asked(state, seat):
        return False
    if is_discard_answer(action):
        return action.seat == seat
    return True


NOBODY_ACTS = ((), (), (), ())


def screen_state(game: Game, state: GameState, seat: int | None) -> tuple[GameState, bool]:
    """What ``seat`` is shown of a stored game now, and whether it is ``state`` itself.

    A seat that an open claim does not concern is shown the game as it was before
    the action that opened the claim (rebuilt from the log), with no move to make:
    that picture's moves are made already. The seat that opened the claim (a socket
    that reconnects after its discard, say) must not be offered its discard again,
    a move the table would only refuse as out of date.
    """
    if not hides_claim(state, seat):
        return state, True
    from . import states

    before = game.log[: claim_opened_at(game.log[: game.version])]
    return states.replay_log(states.setup_of(game), before).evolve(legal=NOBODY_ACTS), False


def shown_of(game: Game) -> int:
    """The shown version of a stored game now (what its frames carry)."""
    from . import states

    state = states.state_of(game)
    return shown_version(game.log[: game.version], state.phase == "calls", applies(state))
