"""Replays and the JSON form of a game.

A game is fully determined by its :class:`GameSetup` (ruleset, seed, explicit
walls) and the list of actions, so that is what is stored::

    {"format": "riichi-game/1",
     "ruleset": {...every setting...},
     "seed": 12345,
     "walls": [[136 tiles], ...],          # only the explicit ones
     "robots": [2, 3],                     # seats played by a bot (may be absent)
     "claim_rules": 2,                     # claimed wins only: the procedure's version
     "actions": ["0:discard:5m.1", "1:pass", ...]}

:func:`from_json` rebuilds the state by replaying the actions, so the JSON round
trip gives back a state equal to the original, caches included.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action, format_action, parse_action
from .errors import IllegalAction, InvalidAction
from .game import apply, check_robots, start
from .rulesets import from_dict, to_dict
from .state import CLAIM_RULES, LEGACY_CLAIM_RULES, GameSetup, GameState
from .wall import check_wall

FORMAT = "riichi-game/1"


def replay(setup: GameSetup, actions: Sequence[Action]) -> GameState:
    """Play ``actions`` from the start of the game ``setup`` describes.

    Raises IllegalAction naming the position of the first action that does not fit.
    """
    state = start(setup)
    for i, action in enumerate(actions):
        try:
            state, _ = apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(
                f"action {i + 1} ({format_action(action)}): {exc.message}", field="actions"
            ) from None
    return state


def setup_to_json(setup: GameSetup) -> dict[str, Any]:
    data = {
        "ruleset": to_dict(setup.ruleset),
        "seed": setup.seed,
        "walls": [list(w) for w in setup.walls],
        "robots": sorted(setup.robots),
    }
    if setup.ruleset.win_settlement == "claimed":
        data["claim_rules"] = setup.claim_rules
    return data


def setup_from_json(data: dict[str, Any]) -> GameSetup:
    """The setup of a record; ``robots`` may be missing (records made before it
    existed), which means no robot seats. ``claim_rules`` may be missing too: a
    claimed game recorded without it was played under the first procedure of claimed
    wins (:data:`.state.LEGACY_CLAIM_RULES`, see :mod:`.claims`)."""
    ruleset = from_dict(data.get("ruleset", {}))
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidAction("seed must be a whole number", field="seed")
    walls = tuple(check_wall(w) for w in data.get("walls", ()))
    robots = data.get("robots", ())
    if not isinstance(robots, list | tuple):
        raise InvalidAction("robots must be a list of seats 0-3", field="robots")
    claimed = ruleset.win_settlement == "claimed"
    version = data.get("claim_rules", LEGACY_CLAIM_RULES if claimed else CLAIM_RULES)
    if version not in (LEGACY_CLAIM_RULES, CLAIM_RULES) or isinstance(version, bool):
        raise InvalidAction(
            f"claim_rules must be {LEGACY_CLAIM_RULES} or {CLAIM_RULES}", field="claim_rules"
        )
    return GameSetup(ruleset, seed, walls, check_robots(robots), version)


def to_json(game: GameState) -> dict[str, Any]:
    """The JSON-ready record of a game (setup and every action so far)."""
    return {
        "format": FORMAT,
        **setup_to_json(game.setup),
        "actions": [format_action(a) for a in game.actions],
    }


def from_json(data: dict[str, Any]) -> GameState:
    """Rebuild a game from :func:`to_json` output (InvalidAction on bad data)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidAction(f"not a game record: expected format {FORMAT}", field="format")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidAction("actions must be a list of action strings", field="actions")
    return replay(setup_from_json(data), [parse_action(a) for a in actions])
