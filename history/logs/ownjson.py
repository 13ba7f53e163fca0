"""Our own game record: the engine's ``riichi-game/1`` JSON plus who played and what happened.

The engine's format (:mod:`rules.engine.replay`) already holds everything needed to
replay a game: the full ruleset, the seed, any explicit walls and every action. An
export adds the players' names, a title, when the game was played, the final
standings and, per hand, the outcome the club recorded, so an import can check
that our engine still reaches the same outcomes::

    {"format": "riichi-game/1", "ruleset": {...}, "seed": 7, "walls": [],
     "actions": ["0:discard:5m.1", ...],
     "names": ["Akagi", ...], "title": "...", "finished": "2025-01-01T12:00:00+00:00",
     "hands": [{"round": "E1", "honba": 0, "result": "ron", "abort": "",
                "wins": [{"seat": 2, "from_seat": 0, "yaku": [["Riichi", 1]], "han": 1,
                          "fu": 30, "limit": "", "points": 1000, "pao": null}],
                "deltas": [-1000, 0, 1000, 0]}, ...],
     "final": [{"seat": 2, "place": 1, "score": 41000, "final": 31000, ...}, ...]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from rules.engine import (
    FORMAT,
    Action,
    GameSetup,
    HandResult,
    IllegalAction,
    InvalidAction,
    InvalidHand,
    InvalidRuleset,
    apply,
    parse_action,
    setup_from_json,
    start,
)
from tables import records
from tables.models import Game

from .model import LogFormatError


def export(game: Game, names: list[str], title: str) -> dict[str, Any]:
    """A stored :class:`tables.models.Game` as our JSON record."""
    hands: list[dict[str, Any]] = []
    for record in game.hands.order_by("index"):
        hands.append(
            {
                "round": f"{record.round_wind}{record.round_number + 1}",
                "honba": record.honba,
                "result": record.result_type,
                "abort": record.abort_reason,
                "wins": record.wins,
                "deltas": record.deltas,
                "scores_after": record.scores_after,
                "actions": [record.log_start, record.log_end],
            }
        )
        if record.against_reading:  # claims the review settled against the engine's reading
            hands[-1]["against_reading"] = list(record.against_reading)
    claimed = isinstance(game.ruleset, dict) and game.ruleset.get("win_settlement") == "claimed"
    return {
        "format": FORMAT,
        "ruleset": game.ruleset,
        "seed": game.seed,
        "walls": game.walls,
        "robots": list(game.robots or ()),
        **({"claim_rules": game.claim_rules} if claimed else {}),
        "actions": list(game.log),
        "names": names,
        "title": title,
        "started": game.started.isoformat() if game.started else None,
        "finished": game.finished.isoformat() if game.finished else None,
        "hands": hands,
        "final": game.final,
    }


@dataclass
class OwnHand:
    index: int
    label: str
    status: str
    differences: list[str]
    actions: list[Action] = field(default_factory=list)


@dataclass
class OwnGame:
    title: str
    names: tuple[str, ...]
    setup: GameSetup
    actions: list[Action]
    hands: list[OwnHand]
    finished: datetime | None
    problems: list[str]
    started: datetime | None = None


def _compare(result: HandResult, recorded: dict[str, Any]) -> list[str]:
    """Our engine's hand against the outcome the file recorded (as HandRecord fields)."""
    out = []
    if recorded.get("result") != result.kind or (recorded.get("abort") or "") != (
        result.abort or ""
    ):
        return [f"outcome: the file records {recorded.get('result')}, our engine {result.kind}"]
    ours = [records.win_summary(w) for w in result.wins]
    theirs = recorded.get("wins", [])
    if ours != theirs:
        out.append(f"wins: the file records {theirs}, our engine {ours}")
    if list(recorded.get("deltas", [])) != list(result.deltas):
        out.append(
            f"score changes: the file has {recorded.get('deltas')}, our engine {list(result.deltas)}"
        )
    return out


def parse(data: dict[str, Any]) -> OwnGame:
    """Read and replay our own record; LogFormatError names the bad field."""
    if data.get("format") != FORMAT:
        raise LogFormatError(f"must be {FORMAT}", "format")
    try:
        setup = setup_from_json(data)
    except (InvalidRuleset, InvalidAction, InvalidHand) as exc:
        raise LogFormatError(exc.message, exc.field or "ruleset") from None
    raw_actions = data.get("actions")
    if not isinstance(raw_actions, list):
        raise LogFormatError('must be a list of actions such as "0:discard:5m.1"', "actions")
    actions = []
    for i, text in enumerate(raw_actions):
        try:
            actions.append(parse_action(text))
        except InvalidAction as exc:
            raise LogFormatError(exc.message, f"actions[{i}]") from None
    names = data.get("names") or [f"Player {i + 1}" for i in range(4)]
    if (
        not isinstance(names, list)
        or len(names) != 4
        or not all(isinstance(n, str) and n.strip() for n in names)
    ):
        raise LogFormatError("must be four non-empty names", "names")
    recorded = data.get("hands") or []
    if not isinstance(recorded, list):
        raise LogFormatError("must be a list of hand outcomes", "hands")
    state = start(setup)
    hands: list[OwnHand] = []
    current: list[Action] = []
    problems = []
    for i, action in enumerate(actions):
        try:
            before = state.last_result
            state, _ = apply(state, action)
        except IllegalAction as exc:  # the record stops making sense here
            label = f"hand {len(hands) + 1}"
            hands.append(
                OwnHand(
                    len(hands),
                    label,
                    "unreproducible",
                    [f"action {i + 1} ({raw_actions[i]}): {exc.message}"],
                )
            )
            break
        current.append(action)
        result = state.last_result
        if result is not None and result is not before:
            index = len(hands)
            label = (
                f"{'ESWN'[result.round_wind - 27]}{result.round_number + 1}, {result.honba} honba"
            )
            differences = (
                _compare(result, recorded[index])
                if index < len(recorded) and isinstance(recorded[index], dict)
                else []
            )
            hands.append(
                OwnHand(index, label, "mismatch" if differences else "match", differences, current)
            )
            current = []
    if hands and hands[-1].status == "match" and not state.finished:
        problems.append("the actions stop before the game ends")
    if not hands:
        problems.append("the record holds no finished hand")
    # Every hand the engine could play is kept (a mismatch means the engine now scores
    # the hand differently, and the stored records follow the engine).
    prefix = [a for hand in hands if hand.status != "unreproducible" for a in hand.actions]

    def when(key: str) -> datetime | None:
        value = data.get(key)
        return parse_datetime(value) if isinstance(value, str) else None

    return OwnGame(
        title=str(data.get("title") or "").strip(),
        names=tuple(n.strip() for n in names),
        setup=setup,
        actions=prefix,
        hands=hands,
        finished=when("finished"),
        problems=problems,
        started=when("started"),
    )
