"""The club rating: Tenhou-style R, recomputed from every finished game in order.

Everyone starts at R = 1500. After each game, a player who finished in place p
moves by::

    change = factor × (place_points[p] + (table_average - R) / 40)

* ``place_points`` are +30, +10, -10 and -30 for first to fourth (players who
  share a place under a shared-uma rule share that place's points);
* ``table_average`` is the mean R of the four seats before the game, the player
  included, so beating a stronger table earns more and losing to a weaker one
  costs more;
* ``factor`` damps a newcomer's swings less than a veteran's: 1 - 0.002 × games
  played before this one, never below 0.2 (reached after 400 games).

Why this system: it needs only placements, which every game has (imported logs
included); it is what many members know from Tenhou; a game's four changes add up
to about zero, so the club average stays near 1500; and it can be recomputed from
scratch at any time, so a corrected or imported game simply updates everyone.

Bots and players created by log imports are rated too, because they are opponents
whose strength matters to the table average, but the club ranking lists only
members (see :mod:`history.player_views`). A bot account that holds several seats
of one game is rated once per seat, each seat against the same table average.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext

from tables.models import Game
from tables.play import twins
from tables.runtime import RUNTIME

from . import in_person

START = 1500.0
PLACE_POINTS = {1: 30.0, 2: 10.0, 3: -10.0, 4: -30.0}
SPREAD = 40.0


def factor(games_before: int) -> float:
    return max(0.2, 1.0 - 0.002 * games_before)


def change(rating: float, place: int, table_average: float, games_before: int) -> float:
    return factor(games_before) * (PLACE_POINTS[place] + (table_average - rating) / SPREAD)


@dataclass
class Point:
    game_id: int | str  # an online game's id, or an in-person game's key
    when: datetime
    rating: float
    in_person: bool = False

    @property
    def label(self) -> str:
        """How a chart names the game: "game 12, 2026-03-01" or "in person: table 4, ..."."""
        words = {"id": self.game_id, "date": f"{self.when:%Y-%m-%d}"}
        if self.in_person:
            return gettext("in person: %(id)s, %(date)s") % words
        return gettext("game %(id)s, %(date)s") % words


@dataclass
class Ratings:
    current: dict[int, float] = field(default_factory=dict)
    games: dict[int, int] = field(default_factory=dict)
    history: dict[int, list[Point]] = field(default_factory=lambda: defaultdict(list))

    def of(self, player_id: int) -> float:
        return self.current.get(player_id, START)


def _rows(game) -> list[tuple[int | None, int]]:
    """(player, place) of each seat of an online game or an in-person one."""
    if isinstance(game, in_person.InPersonGame):
        return [(s.player_id, s.place) for s in game.seats]
    if not game.final:
        return []
    seats = {s.index: s.player_id for s in game.table.seats.all()}
    return [(seats.get(s["seat"]), s["place"]) for s in game.final]


def compute(games) -> Ratings:
    """Ratings after ``games`` (finished, in the order they finished): online
    :class:`Game` rows and :class:`in_person.InPersonGame` values alike. A guest at a
    real table (no account) counts in no table average."""
    out = Ratings()
    for game in games:
        rows = [(player, place) for player, place in _rows(game) if player is not None]
        if not rows:
            continue
        live = not isinstance(game, in_person.InPersonGame)
        key, when = (game.pk, game.finished) if live else (game.key, game.finished)
        before = {player: out.of(player) for player, _ in rows}
        average = sum(before[p] for p, _ in rows) / len(rows)
        deltas: dict[int, float] = defaultdict(float)
        counted: dict[int, int] = defaultdict(int)
        for player, place in rows:
            played = out.games.get(player, 0) + counted[player]
            deltas[player] += change(before[player], min(max(place, 1), 4), average, played)
            counted[player] += 1
        for player, delta in deltas.items():
            out.current[player] = before[player] + delta
            out.games[player] = out.games.get(player, 0) + counted[player]
            out.history[player].append(Point(key, when, out.current[player], not live))
    return out


def club_ratings() -> Ratings:
    """Everyone's ratings now, online and in-person games together in the order they
    finished; recomputed only when the set of finished games changed."""
    games = twins.unsealed(Game.objects.filter(finished__isnull=False))
    offline = in_person.games()
    # The key names every finished game and its players, so any change recomputes.
    rows = games.order_by("pk", "table__seats__index").values_list(
        "pk", "finished", "final", "table__seats__player_id"
    )
    key = hash(repr((list(rows), offline)))
    cache = RUNTIME.memo("history.ratings")  # this process's (tables.runtime)
    if cache.get("key") != key:
        ordered = (
            games.select_related("table")
            .prefetch_related("table__seats")
            .order_by("finished", "pk")
        )
        merged = sorted(
            [*ordered, *offline],
            key=lambda g: (g.finished, isinstance(g, in_person.InPersonGame), str(_key(g))),
        )
        cache["value"] = compute(merged)
        cache["key"] = key
    return cache["value"]


def _key(game) -> int | str:
    return game.key if isinstance(game, in_person.InPersonGame) else game.pk
