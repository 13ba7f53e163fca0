"""Storing a finished game as history: a finished Table with its Seats, Game and HandRecords.

The rows are those the live tables write (:func:`tables.records.hand_record` makes
each hand's record from the engine's result), so a stored game looks like any other
finished game to the history pages, the statistics and the replay viewer. Two
kinds of games arrive here: imported logs and seeded bot games (tests, demos).

An imported game keeps the actions of the hands our engine reproduced from the
start. A hand after the first one it could not reproduce is stored from the log's
own outcome with an empty action slice (``log_start == log_end``): the history
lists it, the statistics count it, and the replay viewer says there is no replay.

Players named in a log become placeholder accounts (``is_placeholder``, no usable
password) with usernames of their own (``log~Name``, see ``players.names``): a log
never claims a member's account nor blocks a name a member may sign up with.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from players.models import Player
from players.names import PLACEHOLDER_PREFIX
from rules.engine import (
    PRESETS,
    Action,
    GameSetup,
    GameState,
    HandResult,
    InvalidHand,
    apply,
    final_standings,
    format_action,
    ruleset_to_dict,
    start,
)
from rules.engine import Ruleset as rulesets_Ruleset
from rules.models import Ruleset
from tables import records
from tables.models import BOT_LEVELS, WINDS, Game, HandRecord, Seat, Table

from . import yaku as yaku_names
from .model import LogHand

_LEVELS = dict(BOT_LEVELS)


def placeholder(name: str) -> Player:
    """The placeholder player for a name found in a log (created on first sight)."""
    display = name.strip()[:60] or "Unknown player"
    base = PLACEHOLDER_PREFIX + (re.sub(r"[^\w.@+-]+", "_", display).strip("_")[:140] or "player")
    username = base
    for n in range(2, 1000):
        found = Player.objects.filter(username=username).first()
        if found is None:
            player = Player(username=username, display_name=display, is_placeholder=True)
            player.set_unusable_password()
            player.save()
            return player
        if found.is_placeholder and found.display_name == display:
            return found
        username = f"{base}-{n}"
    raise ValueError(f"no free username for {name!r}")  # pragma: no cover


def ruleset_row(ruleset: rulesets_Ruleset) -> Ruleset:
    """A stored ruleset equal to ``ruleset``, created when the club has none."""
    for row in Ruleset.offered():
        try:
            if row.engine_ruleset() == ruleset:
                return row
        except Exception:  # a broken stored ruleset is simply not a match
            continue
    wanted = ruleset_to_dict(ruleset)

    def distance(key: str) -> int:
        base = ruleset_to_dict(PRESETS[key].ruleset)
        return sum(1 for name, value in wanted.items() if base[name] != value)

    key = min(PRESETS, key=distance)
    base = ruleset_to_dict(PRESETS[key].ruleset)
    settings = {name: value for name, value in wanted.items() if base[name] != value}
    stem = f"{PRESETS[key].name}: {describe_changes(settings)}"[:72]
    name, n = stem, 2
    while Ruleset.objects.filter(name=name).exists():
        name = f"{stem} ({n})"
        n += 1
    return Ruleset.objects.create(name=name, preset=key, settings=settings)


def describe_changes(settings: dict[str, Any]) -> str:
    """A short name for a preset's changed settings, e.g. "East only, no red fives"."""
    words = []
    for name, value in settings.items():
        if name == "game_type":
            words.append("East only" if value == "tonpuusen" else "South game")
        elif name == "west_round":
            words.append("extension round" if value else "no extension round")
        elif name == "red_fives":
            words.append(
                "no red fives" if not any(value) else f"red fives {value[0]}-{value[1]}-{value[2]}"
            )
        elif name == "kuitan":
            words.append("open tanyao" if value else "no open tanyao")
        else:
            words.append(name.replace("_", " "))
    return ", ".join(words) or "as stored"


def replay_with_results(
    setup: GameSetup, actions: Sequence[Action]
) -> tuple[GameState, list[HandResult]]:
    """Play ``actions`` from the start; the final state and every finished hand's result."""
    state = start(setup)
    results: list[HandResult] = []
    for action in actions:
        before = state.last_result
        state, _ = apply(state, action)
        if state.last_result is not None and state.last_result is not before:
            results.append(state.last_result)
    return state, results


def _final_from_scores(
    scores: Sequence[int], ruleset: rulesets_Ruleset, sticks: int
) -> list[dict[str, Any]]:
    try:
        return records.standings_json(final_standings(scores, ruleset, sticks))
    except InvalidHand:
        # The log's numbers do not add up under our rules: rank by score and say no more.
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        return [
            {
                "seat": s,
                "place": i + 1,
                "score": scores[s],
                "sticks": 0,
                "uma": 0,
                "oka": 0,
                "penalty": 0,
                "final": 0,
            }
            for i, s in enumerate(order)
        ]


def log_hand_record(
    game: Game, index: int, hand: LogHand, nxt: LogHand | None, at: int
) -> HandRecord:
    """A HandRecord from a log's own outcome (a hand our engine did not reproduce)."""
    result = hand.result
    assert result is not None  # every format's reader refuses a hand without an outcome
    deltas = list(result.deltas or (0, 0, 0, 0))
    wins: list[dict[str, Any]] = []
    for w in result.wins:
        yaku = [[yaku_names.label(k), h] for k, h in w.yaku if h]
        wins.append(
            {
                "seat": w.seat,
                "from_seat": w.from_seat,
                "yaku": yaku,
                "han": w.han or 0,
                "fu": w.fu or 0,
                "limit": w.limit,
                "points": (w.deltas or deltas)[w.seat],
                "pao": w.pao,
            }
        )
    first: dict[str, Any] = wins[0] if wins else {}
    after = list(nxt.scores) if nxt else [a + b for a, b in zip(hand.scores, deltas, strict=True)]
    return HandRecord(
        game=game,
        index=index,
        round_wind=WINDS[hand.round_wind % 4],
        round_number=hand.round_number,
        honba=hand.honba,
        riichi_sticks=nxt.sticks if nxt else 0,
        result_type=result.kind,
        abort_reason=result.abort or "",
        winners=[w["seat"] for w in wins],
        yaku=first.get("yaku", []),
        han=first.get("han", 0),
        fu=first.get("fu", 0),
        points=first.get("points", 0),
        limit=first.get("limit", ""),
        wins=wins,
        deltas=deltas,
        scores_after=after,
        log_start=at,
        log_end=at,
    )


def _seat_player(entry: Player | str) -> tuple[Player, str]:
    if isinstance(entry, Player):
        level = entry.username.removeprefix("bot-") if entry.is_bot else ""
        return entry, level if level in _LEVELS else ""
    return placeholder(str(entry)), ""


@transaction.atomic
def store_game(
    *,
    title: str,
    players: Sequence[Player | str],
    setup: GameSetup,
    actions: Sequence[Action],
    started: datetime | None = None,
    finished: datetime | None = None,
    created_by: Player | None = None,
    log_hands: Sequence[LogHand] = (),
    final_scores: Sequence[int] | None = None,
) -> Game:
    """Store a finished game; ``players`` are Players or names (placeholders).

    ``actions`` replay the first hands of ``setup``; ``log_hands`` are the hands
    after them that only the log describes. Raises IllegalAction when the actions
    do not replay (a caller's bug, never a log's fault: logs are checked first).
    """
    if len(players) != 4:
        raise ValueError("a game has four players")
    state, results = replay_with_results(setup, actions)
    now = timezone.now()
    finished = finished or now
    started = started or finished
    ruleset = setup.ruleset
    table = Table.objects.create(
        name=(title or "Imported game")[:60],
        ruleset=ruleset_row(ruleset),
        status=Table.FINISHED,
        created_by=created_by,
    )
    seats = [_seat_player(p) for p in players]
    for index, (player, level) in enumerate(seats):
        Seat.objects.create(table=table, index=index, player=player, bot_level=level)
    log = [format_action(a) for a in actions]
    if state.finished and not log_hands:
        assert state.final is not None  # a finished game has its standings
        final = records.standings_json(state.final)
    else:
        last = log_hands[-1] if log_hands else None
        if final_scores is not None:
            scores = list(final_scores)
        elif last is not None:
            assert last.result is not None  # see log_hand_record
            scores = [
                a + b for a, b in zip(last.scores, last.result.deltas or (0,) * 4, strict=True)
            ]
        else:
            scores = list(state.scores)
        sticks = max(0, (4 * ruleset.start_score - sum(scores)) // 1000)
        final = _final_from_scores(scores, ruleset, sticks)
    game = Game.objects.create(
        table=table,
        ruleset=ruleset_to_dict(ruleset),
        seed=setup.seed,
        walls=[list(w) for w in setup.walls[: len(results) + (0 if state.finished else 1)]],
        robots=sorted(setup.robots),
        claim_rules=setup.claim_rules,
        log=log,
        version=len(log),
        hand_index=state.hand_index,
        started=started,
        finished=finished,
        final=final,
    )
    rows = []
    for index, result in enumerate(results):
        begin, end = records.hand_bounds(state, index)
        rows.append(records.hand_record(game, index, result, begin, end))
    for k, hand in enumerate(log_hands):
        nxt = log_hands[k + 1] if k + 1 < len(log_hands) else None
        rows.append(log_hand_record(game, len(results) + k, hand, nxt, len(log)))
    HandRecord.objects.bulk_create(rows)
    return game


def store_bot_game(
    ruleset: rulesets_Ruleset,
    seed: int,
    players: Sequence[Player],
    bots: Sequence[str],
    *,
    title: str = "",
    finished: datetime | None = None,
) -> Game:
    """Play a seeded bot game with the engine and store it as the live tables would.

    ``players`` sit at the four seats (bot accounts or people whose moves the bots
    make); ``bots`` are the levels that choose the moves, seat by seat.
    """
    from rules.engine import play_game

    record = play_game(ruleset, seed, list(bots), check=False)
    assert record.state is not None  # the game was played to its end
    setup = record.state.setup
    return store_game(
        title=title or f"Bot game {seed}",
        players=players,
        setup=setup,
        actions=record.state.actions,
        finished=finished,
    )
