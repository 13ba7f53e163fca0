"""Practice problems: "what would you discard?" and "which tile is safe?".

Every problem is a real position: a seat's own turn in a game the engine's bots
play out, seeded by the day, so every reader gets the same problems on the same day
and new ones the next. The answer and its reasons are the engine's, read from that
seat's view only (:func:`rules.engine.study.review.analyse_position`, the numbers the game
review shows): for a discard problem the candidates that keep the lowest shanten with
the most acceptance (unseen copies of the tiles that improve the hand); for a defence
problem the candidates that are genbutsu (safe) against every riichi on the table,
with the danger class (suji, kabe, one-chance, live) of the others.

A position becomes a problem only when its answer is clear: a discard problem needs
one best candidate to beat the next by at least :data:`MARGIN` tiles; a defence
problem needs a riichi, at least one safe tile and at least one live one.

Nothing here knows about members: a member's answers are :class:`PracticeAnswer`
rows (``rules.models``), keyed by the day and the problem's id.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from django.utils import timezone

from rules.engine import (
    DEFAULT_PRESET,
    LIVE,
    SAFE,
    Candidate,
    Position,
    analyse_position,
    apply,
    format_tiles,
    kind_name,
    kind_notation,
    new_game,
    pending_seats,
    preset,
    seat_view,
)
from rules.engine.bots import BOTS

DISCARD = "discard"
DEFENCE = "defence"
PER_KIND = 3  # problems of each kind a day
MARGIN = 2  # the best discard beats the next by at least this many tiles
MIN_TURN = 4  # a position early in a hand is too easy to read
GAMES_TRIED = 12  # bot games played at most to find a day's problems
WINDS = ("East", "South", "West", "North")
# Positions from real games (history.practice_logs, ``manage.py practice_positions``):
# one of each kind joins every day's problems.
POSITIONS_FILE = Path(__file__).resolve().parent / "practice_positions.json"


def _system_today() -> dt.date:
    return timezone.localdate()


# The clock practice reads "today" from; tests swap it (``use_clock``).
_today: Callable[[], dt.date] = _system_today


def today() -> dt.date:
    return _today()


def use_clock(clock: Callable[[], dt.date] | None) -> None:
    """Make ``clock`` the source of today's date (None: the system clock again)."""
    global _today
    _today = clock or _system_today


def day_seed(day: dt.date) -> int:
    return day.toordinal() * 7919


def _candidate_row(c: Candidate, position: Position) -> dict:
    label = SAFE
    for d in c.dangers:  # the worst class against any threat
        if d.label != SAFE:
            label = d.label if label == SAFE else label
    return {
        "tile": c.tile,
        "name": kind_name(c.kind),
        "shanten": c.shanten,
        "accepted": "".join(kind_notation(k) for k in c.accepted),
        "acceptance": c.acceptance,
        "danger": label if position.threats else "",
        "estimate": round(c.danger, 1),
    }


def _board(view, position: Position) -> dict:
    seat = view.seat
    hand = sorted(view.hand)
    melds = [format_tiles(m.tiles, view.ruleset.red_fives) for m in view.melds[seat]]
    rivers = []
    for offset in (1, 2, 3):
        other = (seat + offset) % 4
        rivers.append(
            {
                "seat": WINDS[(other - view.dealer) % 4],
                "riichi": view.riichi[other],
                "tiles": format_tiles(
                    (d.tile for d in view.discards[other]), view.ruleset.red_fives, sort=False
                ),
                "riichi_at": next(
                    (i for i, d in enumerate(view.discards[other]) if d.riichi), None
                ),
            }
        )
    return {
        "hand": format_tiles(hand, view.ruleset.red_fives),
        "drawn": format_tiles([view.drawn], view.ruleset.red_fives),
        "melds": melds,
        "dora": format_tiles(view.dora_indicators, view.ruleset.red_fives, sort=False),
        "dora_count": len(view.dora_indicators),
        "seat": WINDS[(seat - view.dealer) % 4],
        "round": f"{WINDS[view.round_wind - 27] if view.round_wind >= 27 else 'East'} "
        f"{view.round_number + 1}",
        "turn": len(view.discards[seat]) + 1,
        "rivers": rivers,
        "own_river": format_tiles(
            (d.tile for d in view.discards[seat]), view.ruleset.red_fives, sort=False
        ),
    }


def discard_problem(view, position: Position) -> dict | None:
    """A discard problem from ``position``, or None when its answer is not clear."""
    if position.threats or len(position.candidates) < 3:
        return None
    ranked = sorted(position.candidates, key=lambda c: (c.shanten, -c.acceptance))
    best = ranked[0]
    if best.shanten < 1:
        return None  # a ready hand's question is riichi or not, another problem
    equal = [c for c in ranked if (c.shanten, c.acceptance) == (best.shanten, best.acceptance)]
    runner_up = ranked[len(equal)] if len(equal) < len(ranked) else None
    if runner_up is None or (
        runner_up.shanten == best.shanten and best.acceptance - runner_up.acceptance < MARGIN
    ):
        return None
    return {
        "kind": DISCARD,
        "answers": sorted(c.tile for c in equal),
        "candidates": [_candidate_row(c, position) for c in ranked],
        **_board(view, position),
    }


def defence_problem(view, position: Position) -> dict | None:
    """A defence problem from ``position``, or None when it has no riichi or no choice."""
    riichi = [d for c in position.candidates for d in c.dangers if d.riichi]
    if not riichi:
        return None
    safe = [c for c in position.candidates if c.safe]
    live = [c for c in position.candidates if any(d.label == LIVE for d in c.dangers)]
    if not safe or not live or len(safe) > len(position.candidates) // 2:
        return None
    ranked = sorted(position.candidates, key=lambda c: (c.danger, c.shanten, -c.acceptance))
    return {
        "kind": DEFENCE,
        "answers": sorted(c.tile for c in safe),
        "candidates": [_candidate_row(c, position) for c in ranked],
        **_board(view, position),
    }


def _positions(seed: int, bot: str = "careful"):
    """Every own-turn discard position of one bot game: ``(move, view, position)``."""
    ruleset = preset(DEFAULT_PRESET)
    state = new_game(ruleset, seed=seed, robots=range(4))
    rngs = [random.Random(seed * 4 + s) for s in range(4)]
    chosen = BOTS[bot]
    moves = 0
    while not state.finished and moves < 5000:
        seat = pending_seats(state)[0]
        view = seat_view(state, seat)
        if (
            view.drawn is not None
            and len(view.discards[seat]) + 1 >= MIN_TURN
            and not view.riichi[seat]
            and any(a.type == "discard" for a in view.legal)
        ):
            yield moves, view, analyse_position(view)
        state, _ = apply(state, chosen(view, rngs[seat]))
        moves += 1


@lru_cache(maxsize=8)
def problems_for(day: dt.date) -> tuple[dict, ...]:
    """The day's problems: up to :data:`PER_KIND` of each kind, ids ``d1``.. and ``f1``.."""
    found: dict[str, list[dict]] = {DISCARD: [], DEFENCE: []}
    rng = random.Random(day_seed(day))
    for game in range(GAMES_TRIED):
        seed = day_seed(day) + game
        skip = rng.randrange(40)  # start at a different moment of each game
        for index, (move, view, position) in enumerate(_positions(seed)):
            if index < skip:
                continue
            for kind, make in ((DISCARD, discard_problem), (DEFENCE, defence_problem)):
                if len(found[kind]) >= PER_KIND:
                    continue
                problem = make(view, position)
                if problem is not None:
                    problem["source"] = f"bot game {seed}, move {move}"
                    problem["seed"], problem["move"] = seed, move
                    found[kind].append(problem)
                    skip = index + 25  # the next problem comes from later in the game
                    break
            if all(len(v) >= PER_KIND for v in found.values()):
                break
        if all(len(v) >= PER_KIND for v in found.values()):
            break
    real = real_positions()
    for kind in (DISCARD, DEFENCE):
        if real.get(kind):
            found[kind].append({**rng.choice(real[kind]), "real": True})
    out = []
    for kind, prefix in ((DISCARD, "d"), (DEFENCE, "f")):
        for n, problem in enumerate(found[kind], start=1):
            out.append({**problem, "id": f"{prefix}{n}"})
    return tuple(out)


@lru_cache(maxsize=1)
def real_positions() -> dict[str, list[dict]]:
    """The shipped problems from real games (none when the file is missing)."""
    try:
        with open(POSITIONS_FILE, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return {}
    return {kind: data.get(kind, []) for kind in (DISCARD, DEFENCE)}


def view_of(p: dict):
    """The seat view a problem was made from (its game replayed to its move)."""
    for move, view, _ in _positions(p["seed"]):
        if move == p["move"]:
            return view
    raise LookupError(f"no position at move {p['move']} of game {p['seed']}")


def problem(day: dt.date, problem_id: str) -> dict | None:
    return next((p for p in problems_for(day) if p["id"] == problem_id), None)


def hand_choices(p: dict) -> list[str]:
    """The distinct tiles a reader may pick: the candidates, in the hand's order."""
    return [c["tile"] for c in sorted(p["candidates"], key=lambda c: _order(c["tile"]))]


def _order(tile: str) -> tuple[str, str]:
    return (tile[-1].replace("z", "zz"), tile[0])


def is_right(p: dict, choice: str) -> bool:
    return choice in p["answers"]
