"""Standings of an event from its games: totals, placements, teams, progress.

Pure functions over :class:`Game` values, so they run without a database. All
per-game arithmetic (placement, ties, leftover sticks, rounding, oka, uma and
chombo penalties) is :func:`rules.engine.standings.final_standings`; this module
only adds the games up.
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rules.engine import Ruleset, Standing, final_standings, format_final

WIND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class Game:
    """One finished table. ``players`` and ``scores`` are East first; None is a bot."""

    key: Hashable
    players: tuple
    scores: tuple[int, int, int, int]
    leftover_sticks: int = 0
    chombos: tuple[int, int, int, int] = (0, 0, 0, 0)
    round: int | None = None
    table: int | None = None
    seed: int | None = None
    duplicate: bool = False
    finished_at: datetime.datetime | None = None
    # referees' penalties (tournaments.penalties): points off the final result, and
    # how many of them were chombos
    penalties: tuple[int, int, int, int] = (0, 0, 0, 0)
    penalty_chombos: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def step(self):
        """Where the game sits on the progress chart: its round, else its day."""
        if self.round is not None:
            return self.round
        return self.finished_at.date() if self.finished_at else None


@dataclass(frozen=True)
class Adjustment:
    """A referee's penalty at a table whose game is not counted yet (still in play, or
    not confirmed): it comes off the player's total at once, without a game."""

    player: Hashable
    points: int
    chombo: bool = False
    step: object = None  # the round or day it belongs to on the progress chart


@dataclass(frozen=True)
class Entry:
    """What the standings show about a player besides their games."""

    name: str
    team: str = ""
    substitute: bool = False
    withdrawn: bool = False


@dataclass
class Row:
    player: Hashable
    name: str
    team: str = ""
    substitute: bool = False
    withdrawn: bool = False
    rank: int | None = None
    total: int = 0
    games: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    penalties: int = 0
    chombos: int = 0
    by_step: dict = field(default_factory=dict)  # step -> points scored in it
    # a final stage (tournaments.stage_board): points brought into it, and which stage
    carried: int | None = None
    stage: str = ""

    @property
    def average_place(self) -> float | None:
        if not self.games:
            return None
        return sum((i + 1) * n for i, n in enumerate(self.places)) / self.games

    def sort_key(self):
        avg = self.average_place
        return (-self.total, avg if avg is not None else 5.0, self.name.lower())


@dataclass
class TeamRow:
    team: str
    members: list[str]
    rank: int = 0
    total: int = 0
    games: int = 0


@dataclass
class Leaderboard:
    rows: list[Row]
    teams: list[TeamRow]
    steps: list  # chart x values in order (round numbers or days)
    score_unit: int = 100

    def points(self, value: int) -> str:
        return format_final(value)


def score_game(game: Game, ruleset: Ruleset) -> dict[int, Standing]:
    """The engine's standings of one game, by seat."""
    standings = final_standings(
        list(game.scores),
        ruleset,
        leftover_sticks=game.leftover_sticks,
        chombo_counts=list(game.chombos),
        starting_dealer=0,
    )
    return {s.seat: s for s in standings}


def build(
    games: Iterable[Game],
    ruleset: Ruleset,
    entries: Mapping[Hashable, Entry] | None = None,
    adjustments: Iterable[Adjustment] = (),
) -> Leaderboard:
    """Rank every player who played (and every registered one who has not yet).

    ``adjustments`` are penalties of tables whose game is not among ``games``.
    Ranked players are ordered by total points, then average placement, then name;
    equal totals with equal averages share a rank. Substitutes are listed after the
    ranked players without a rank; bots are left out.
    """
    entries = dict(entries or {})
    rows: dict[Hashable, Row] = {}

    def row_for(player) -> Row:
        if player not in rows:
            entry = entries.get(player, Entry(name=str(player)))
            rows[player] = Row(
                player=player,
                name=entry.name,
                team=entry.team,
                substitute=entry.substitute,
                withdrawn=entry.withdrawn,
            )
        return rows[player]

    steps = set()
    for game in games:
        standings = score_game(game, ruleset)
        steps.add(game.step)
        for seat, player in enumerate(game.players):
            if player is None:
                continue
            s = standings[seat]
            row = row_for(player)
            final = s.final - game.penalties[seat]
            row.total += final
            row.games += 1
            row.places[s.place - 1] += 1
            row.penalties += s.penalty + game.penalties[seat]
            row.chombos += game.chombos[seat] + game.penalty_chombos[seat]
            row.by_step[game.step] = row.by_step.get(game.step, 0) + final
    for adjustment in adjustments:
        if adjustment.player is None:
            continue
        row = row_for(adjustment.player)
        row.total -= adjustment.points
        row.penalties += adjustment.points
        row.chombos += adjustment.chombo
        if adjustment.step is not None:
            steps.add(adjustment.step)
            row.by_step[adjustment.step] = row.by_step.get(adjustment.step, 0) - adjustment.points
    for player, entry in entries.items():
        if not entry.substitute and not entry.withdrawn:
            row_for(player)

    ranked = sorted((r for r in rows.values() if not r.substitute), key=Row.sort_key)
    previous = None
    for position, row in enumerate(ranked, start=1):
        key = (row.total, row.average_place)
        row.rank = previous[1] if previous and previous[0] == key else position
        previous = (key, row.rank)
    subs = sorted((r for r in rows.values() if r.substitute), key=Row.sort_key)

    ordered_steps = sorted(s for s in steps if s is not None)
    return Leaderboard(
        rows=ranked + subs,
        teams=team_table(ranked),
        steps=ordered_steps,
        score_unit=ruleset.score_unit,
    )


def team_table(rows: Sequence[Row]) -> list[TeamRow]:
    """Teams ranked by the sum of their members' totals (ranked players only)."""
    teams: dict[str, TeamRow] = {}
    for row in rows:
        if not row.team:
            continue
        team = teams.setdefault(row.team, TeamRow(team=row.team, members=[]))
        team.members.append(row.name)
        team.total += row.total
        team.games += row.games
    ordered = sorted(teams.values(), key=lambda t: (-t.total, t.team.lower()))
    for position, team in enumerate(ordered, start=1):
        same = position > 1 and ordered[position - 2].total == team.total
        team.rank = ordered[position - 2].rank if same else position
    return ordered


def cumulative(row: Row, steps: Sequence) -> list[int]:
    """A player's running total after each step (flat where they did not play)."""
    running, out = 0, []
    for step in steps:
        running += row.by_step.get(step, 0)
        out.append(running)
    return out
