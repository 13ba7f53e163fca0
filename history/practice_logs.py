"""Practice problems from real games: the positions of imported logs.

``manage.py practice_positions`` replays the real Tenhou games shipped with the tests
(``tests/data/logs/real_tenhou_*.xml``, see ``REAL_GAMES.md``) through our engine,
stops at every own-turn discard of every seat, and keeps the positions whose answer is
clear by the same rules as the bot positions (:func:`rules.practice.discard_problem`
and :func:`rules.practice.defence_problem`, which read the seat's view through the
game review's analysis). It writes them to ``rules/practice_positions.json``, which
the practice pages mix into each day's problems. The command lives here because
reading logs is history's business; ``rules`` only reads the file it writes.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules import practice
from rules.engine import analyse_position, apply, seat_view

from .logs import mjlog
from .logs.check import check_game
from .logs.playthrough import start_state

LOGS = Path(__file__).resolve().parents[1] / "tests" / "data" / "logs"
KEPT = 12  # positions of each kind kept in the file, spread over the games


def positions(path: Path):
    """``(label, view, position)`` for every own-turn discard in the log at ``path``."""
    game = mjlog.parse(path.read_text(encoding="utf-8"))
    check = check_game(game)
    for hand in check.hands:
        if hand.replay is None or hand.replay.problem:
            continue
        state = start_state(check.setup, hand.index, game.hands[hand.index])
        for move, action in enumerate(hand.replay.actions):
            view = seat_view(state, action.seat)
            if (
                view.drawn is not None
                and len(view.discards[action.seat]) + 1 >= practice.MIN_TURN
                and not view.riichi[action.seat]
                and any(a.type == "discard" for a in view.legal)
            ):
                yield f"{path.stem}, hand {hand.label}, move {move}", view, analyse_position(view)
            state, _ = apply(state, action)


def log_problems(paths) -> dict[str, list[dict]]:
    """The clear problems of the logs at ``paths``, at most :data:`KEPT` of each kind."""
    found: dict[str, list[dict]] = {practice.DISCARD: [], practice.DEFENCE: []}
    for path in paths:
        for label, view, position in positions(path):
            for kind, make in (
                (practice.DISCARD, practice.discard_problem),
                (practice.DEFENCE, practice.defence_problem),
            ):
                problem = make(view, position)
                if problem is not None:
                    problem["source"] = f"a real Tenhou game ({label})"
                    found[kind].append(problem)
    return {kind: _spread(items, KEPT) for kind, items in found.items()}


def _spread(items: list, count: int) -> list:
    """``count`` items evenly spread over ``items`` (all of them when fewer)."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def write(target: Path, paths=None) -> dict[str, int]:
    paths = sorted(paths or LOGS.glob("real_tenhou_*.xml"))
    problems = log_problems(paths)
    data = {
        "_about": "Practice positions from real Tenhou games (tests/data/logs), made by "
        "manage.py practice_positions; regenerate after changing the engine's analysis.",
        **problems,
    }
    target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return {kind: len(items) for kind, items in problems.items()}
