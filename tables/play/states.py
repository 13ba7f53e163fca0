"""Engine states of stored games, rebuilt from the action log and kept per process.

The action log is the truth. A state is cached under its game id together with the
version it belongs to and the last action that produced it; a cached state is used
only when it matches the stored game, and a cache that is a few versions behind
(another process accepted actions) catches up by applying just the missing ones.
A process that has never seen the game, or was restarted, replays the whole log.

An action is text only in the stored log and on the wire (the channel layer, see
:mod:`tables.socket.messages`); :func:`text_of` and :func:`action_of` are the crossing,
and each remembers what it made, so a move announced to every socket and the driver
of a process is read from its text once there, and written once where it is stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from rules.engine import (
    CLAIM_RULES,
    Action,
    GameSetup,
    GameState,
    apply,
    check_robots,
    format_action,
    is_discard_answer,
    parse_action,
    replay,
    ruleset_from_dict,
)
from tables.runtime import RUNTIME, cached_games, keep_at_most, memo_entries

if TYPE_CHECKING:
    from tables.models import Game


class Cached(NamedTuple):
    version: int
    seed: int
    last: str  # the log entry that produced the state ("" at version 0)
    state: GameState
    before: GameState | None = None  # the state at version - 1, when known
    # how many entries of the log up to version answer a claim (hidden_claims.answers_in),
    # kept step by step so a move need not read the whole log for it; None: not counted
    answers: int | None = None


# The cache itself is this process's runtime's (RUNTIME.states: game id -> Cached),
# one entry per game, at most TABLE_CACHED_GAMES of them (runtime.cached_games): a
# state is only worth keeping while its game is played through this process.
_lock = threading.Lock()

# How many actions each direction of the text crossing remembers: a few thousand
# distinct actions make up nearly every game; past the bound (runtime.memo_entries,
# TABLE_MEMO_ENTRIES) the memo starts afresh.


def _crossing(memo: str, key: Any, convert: Callable[[Any], Any]) -> Any:
    """``convert(key)``, remembered in the bounded runtime memo ``memo``."""
    known: dict[Any, Any] = RUNTIME.memo(memo)
    found = known.get(key)
    if found is None:
        found = convert(key)
        if len(known) >= memo_entries():
            known.clear()
        known[key] = found
    return found


def text_of(action: Action) -> str:
    """The text of ``action`` as the stored log and the wire carry it."""
    text: str = _crossing("tables.action_texts", action, format_action)
    return text


def action_of(text: str) -> Action:
    """The Action ``text`` names (raises the engine's InvalidAction when none)."""
    action: Action = _crossing("tables.text_actions", text, parse_action)
    return action


def clear() -> None:
    """Forget every cached state (tests use it; a restart does it implicitly)."""
    with _lock:
        RUNTIME.states.clear()


def remember(
    game_id: int,
    version: int,
    seed: int,
    last: str,
    state: GameState,
    before: GameState | None = None,
    answers: int | None = None,
) -> None:
    with _lock:
        RUNTIME.states[game_id] = Cached(version, seed, last, state, before, answers)
        RUNTIME.states.move_to_end(game_id)
        keep_at_most(RUNTIME.states, cached_games())


def forget(game_id: int) -> None:
    """Drop a game's state (it is over and nobody here shows it any longer)."""
    with _lock:
        RUNTIME.states.pop(game_id, None)


def cached(game_id: int, version: int | None = None) -> GameState | None:
    """The cached state of a game, if any (at exactly ``version`` when given)."""
    hit = RUNTIME.states.get(game_id)
    if hit is None or (version is not None and hit.version != version):
        return None
    return hit.state


def answers_at(game_id: int, version: int) -> int | None:
    """How many of the game's log entries up to ``version`` answer a claim, when the
    cache holds the game at exactly that version and has counted them."""
    hit = RUNTIME.states.get(game_id)
    if hit is None or hit.version != version:
        return None
    return hit.answers


def _counted(answers: int | None, texts: list[str]) -> int | None:
    return None if answers is None else answers + sum(map(is_discard_answer, texts))


def before(game_id: int, version: int) -> GameState | None:
    """The cached state just before ``version`` (what its last action was made in)."""
    hit = RUNTIME.states.get(game_id)
    if hit is None or hit.version != version:
        return None
    return hit.before


def setup_of(game: Game) -> GameSetup:
    """The engine's setup of a stored game, robot seats and the claimed-win procedure
    included (see ``Game.robots`` and ``Game.claim_rules``)."""
    walls = tuple(tuple(w) for w in (game.walls or ()))
    robots = check_robots(game.robots or ())
    claim_rules = getattr(game, "claim_rules", CLAIM_RULES)
    return GameSetup(ruleset_from_dict(game.ruleset), game.seed, walls, robots, claim_rules)


def advance(game_id: int, version: int, action: Action) -> GameState | None:
    """The state at ``version`` from the cached one just before it and its ``action``.

    Lets a process that heard about an action accepted elsewhere catch up without
    reading the database; None when the cache is not exactly one version behind.
    """
    hit = RUNTIME.states.get(game_id)
    if hit is None:
        return None
    if hit.version == version:
        return hit.state
    if hit.version != version - 1:
        return None
    state, _ = apply(hit.state, action)
    answers = None if hit.answers is None else hit.answers + is_discard_answer(action)
    remember(game_id, version, hit.seed, text_of(action), state, hit.state, answers)
    return state


def replay_log(setup: GameSetup, log: list[str]) -> GameState:
    """Rebuild a state from scratch: the setup and every action of the log."""
    return replay(setup, [parse_action(text) for text in log])


def state_of(game: Game) -> GameState:
    """The state of a stored :class:`tables.models.Game` at its stored version."""
    log = game.log
    version = game.version
    hit = RUNTIME.states.get(game.pk)
    if hit is not None and hit.seed == game.seed and hit.version <= version:
        same_history = hit.version == 0 or log[hit.version - 1] == hit.last
        if same_history:
            state, previous = hit.state, hit.before
            for text in log[hit.version : version]:
                previous = state
                state, _ = apply(state, parse_action(text))
            if hit.version != version:
                answers = _counted(hit.answers, log[hit.version : version])
                remember(game.pk, version, game.seed, log[version - 1], state, previous, answers)
            return state
    state = replay_log(setup_of(game), log[:version])
    if hit is not None and hit.seed == game.seed and hit.version > version:
        # A row read before a newer version was stored and announced (and heard here):
        # the cache keeps the newer state. Putting the older one back would let a
        # reader that checks "is the cache at my version" believe a version the game
        # has left, and the announcement that moved it on is not heard twice.
        return state
    last = log[version - 1] if version else ""
    remember(game.pk, version, game.seed, last, state, None, _counted(0, log[:version]))
    return state


def load(game_id: int) -> tuple[Game, GameState]:
    """The stored game and its state (``Game.DoesNotExist`` when there is none)."""
    from tables.models import Game

    game = Game.objects.select_related("table").get(pk=game_id)
    return game, state_of(game)
