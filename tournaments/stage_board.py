"""Standings of a tournament with a final stage: pure functions over games.

After the cut (after round ``after_round``) the players who went on are ranked by
the points they carried into the final (their whole total, half of it, or none)
plus what they scored in the final's rounds; the players who were cut keep the
place they had at the cut, below every finalist. Before the cut the standings are
the plain ones of :mod:`tournaments.leaderboard`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rules.engine import Ruleset

from . import leaderboard
from .leaderboard import Adjustment, Entry, Game, Leaderboard, Row

CARRY, HALVE, RESET = "carry", "halve", "reset"
AVERAGE_PLACE, FIRSTS, LAST_ROUND = "average_place", "firsts", "last_round"


@dataclass(frozen=True)
class Cut:
    after_round: int
    qualified: tuple  # player ids, best first
    places: Mapping[Hashable, int]  # every ranked player's place at the cut
    scores: str = CARRY


def carried(total: int, rule: str) -> int:
    """The points a finalist brings into the final. Halving rounds toward zero, so a
    total and its negative halve to opposite numbers."""
    if rule == CARRY:
        return total
    if rule == HALVE:
        half = abs(total) // 2
        return half if total >= 0 else -half
    if rule == RESET:
        return 0
    raise ValueError(f"unknown score rule {rule!r}")


def _in_stage(step, after_round: int) -> bool:
    return isinstance(step, int) and step > after_round


def tie_key(row: Row, ties: str, after_round: int):
    """The order of the standings at the cut: total first, then the event's tie rule."""
    avg = row.average_place if row.average_place is not None else 5.0
    if ties == FIRSTS:
        return (-row.total, -row.places[0], -row.places[1], row.name.lower())
    if ties == LAST_ROUND:
        return (-row.total, -row.by_step.get(after_round, 0), row.name.lower())
    return (-row.total, avg, row.name.lower())


def order_at_cut(board: Leaderboard, ties: str, after_round: int) -> list[Row]:
    """The ranked players at the cut, best first, every tie broken (by name last)."""
    ranked = [r for r in board.rows if r.rank is not None and not r.withdrawn]
    return sorted(ranked, key=lambda r: tie_key(r, ties, after_round))


def _rank(rows: Sequence[Row], start: int = 1) -> None:
    previous = None
    for position, row in enumerate(rows, start=start):
        key = (row.total, row.average_place)
        row.rank = previous[1] if previous and previous[0] == key else position
        previous = (key, row.rank)


def before_cut(
    games: Iterable[Game],
    ruleset: Ruleset,
    entries: Mapping[Hashable, Entry] | None,
    adjustments: Iterable[Adjustment],
    after_round: int,
) -> Leaderboard:
    """The standings of the rounds up to the cut."""
    return leaderboard.build(
        [g for g in games if not _in_stage(g.round, after_round)],
        ruleset,
        entries,
        [a for a in adjustments if not _in_stage(a.step, after_round)],
    )


def build(
    games: Iterable[Game],
    ruleset: Ruleset,
    entries: Mapping[Hashable, Entry] | None,
    adjustments: Iterable[Adjustment],
    cut: Cut,
) -> Leaderboard:
    games, adjustments, entries = list(games), list(adjustments), dict(entries or {})
    k = cut.after_round
    before = before_cut(games, ruleset, entries, adjustments, k)
    finalists = {p: entries.get(p, Entry(name=str(p))) for p in cut.qualified}
    after = leaderboard.build(
        [g for g in games if _in_stage(g.round, k)],
        ruleset,
        finalists,
        [a for a in adjustments if _in_stage(a.step, k)],
    )
    earlier = {r.player: r for r in before.rows}
    final_rows = []
    for row in after.rows:
        if row.player not in finalists:
            continue  # a substitute in the final: not ranked
        old = earlier.get(row.player)
        brought = carried(old.total if old else 0, cut.scores)
        row.carried = brought
        row.total += brought
        row.stage = "Final"
        if old:
            row.games += old.games
            row.places = [a + b for a, b in zip(row.places, old.places, strict=True)]
            row.penalties += old.penalties
            row.chombos += old.chombos
            steps = dict(old.by_step)
            # the chart shows the points dropped (halved or reset) at the cut
            steps[k] = steps.get(k, 0) + brought - old.total
            steps.update(row.by_step)
            row.by_step = steps
        final_rows.append(row)
    final_rows.sort(key=Row.sort_key)
    _rank(final_rows)
    out_rows = []
    for row in before.rows:
        if row.player in finalists or row.substitute:
            continue
        row.rank = cut.places.get(row.player)
        row.stage = f"Out after round {k}"
        out_rows.append(row)
    out_rows.sort(key=lambda r: (r.rank if r.rank is not None else 10**6, r.name.lower()))
    subs = [r for r in before.rows if r.substitute and r.player not in finalists]
    steps = sorted(set(before.steps) | set(after.steps))
    ranked = final_rows + out_rows
    return Leaderboard(
        rows=ranked + subs,
        teams=leaderboard.team_table(ranked),
        steps=steps,
        score_unit=ruleset.score_unit,
    )
