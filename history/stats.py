"""Player statistics, counted from finished games only.

Everything comes from the stored rows: ``Game.final`` gives placements, each
``HandRecord`` gives how a hand ended, and the hand's slice of ``Game.log`` gives
who declared riichi and who called. One pass over the games fills a
:class:`PlayerStats` for every player at once (the ranking needs them all; a profile
asks for one).

Definitions, per seat a player held (a bot account may hold several seats of one
game; each counts):

* games: finished games; placements come from the final standings (tied players
  who share uma share a place);
* win rate: hands won / hands played; deal-in rate: hands in which the player's
  discard (or robbed kan) was ronned / hands played;
* riichi rate and call rate: hands with a riichi declaration, or with at least one
  chi, pon or open kan, / hands played, counting only hands stored with their
  actions (an imported hand our engine did not reproduce has none);
* average winning hand value: the points the hand is worth by the scoring table
  (its base points paid as a ron or as a tsumo, for a dealer or not), without
  honba and riichi sticks, so it measures the hand and not the table situation;
* yaku frequencies: how many of the player's wins counted each yaku (dora,
  red fives and ura dora are listed too, once per win that had any).

Games still being played never count: their hands are not history yet.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rules.engine import (
    InvalidHand,
    InvalidRuleset,
    Ruleset,
    base_points,
    round_up_100,
    ruleset_from_dict,
)
from tables.models import Game
from tables.play import twins

CALL_TYPES = ("chi", "pon", "daiminkan")
RIICHI_TYPES = ("riichi", "open_riichi")


@dataclass
class PlayerStats:
    games: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # count of 1st..4th
    points: int = 0  # sum of final results (points from the target score)
    hands: int = 0
    hands_with_actions: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_values: list[int] = field(default_factory=list)
    yaku: Counter = field(default_factory=Counter)
    last_played: object = None

    @property
    def average_place(self) -> float | None:
        total = sum(self.places)
        if not total:
            return None
        return sum((i + 1) * n for i, n in enumerate(self.places)) / total

    def _rate(self, count: int, whole: int) -> float | None:
        return count / whole if whole else None

    @property
    def win_rate(self) -> float | None:
        return self._rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> float | None:
        return self._rate(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> float | None:
        return self._rate(self.riichi, self.hands_with_actions)

    @property
    def call_rate(self) -> float | None:
        return self._rate(self.calls, self.hands_with_actions)

    @property
    def average_win(self) -> float | None:
        return sum(self.win_values) / len(self.win_values) if self.win_values else None

    @property
    def average_points(self) -> float | None:
        return self.points / self.games if self.games else None


def engine_ruleset(game: Game) -> Ruleset:
    try:
        return ruleset_from_dict(game.ruleset)
    except InvalidRuleset:
        return Ruleset()


def win_value(win: dict, dealer: int, ruleset: Ruleset) -> int:
    """A win's worth by the scoring table, without honba and sticks (see the module doc)."""
    limit = win.get("limit") or ""
    try:
        if limit.endswith("yakuman") and limit != "kazoe yakuman":
            count = int(limit.split("x")[0]) if "x" in limit else 1
            base, _ = base_points(0, 0, ruleset, yakuman=count)
        else:
            base, _ = base_points(int(win.get("han") or 0), int(win.get("fu") or 0), ruleset)
    except (InvalidHand, ValueError):
        return int(win.get("points") or 0)  # a log's win we cannot value: what it paid
    seat = win["seat"]
    if win.get("from_seat") is not None:
        return round_up_100(base * (6 if seat == dealer else 4))
    if seat == dealer:
        return 3 * round_up_100(base * 2)
    return 2 * round_up_100(base) + round_up_100(base * 2)


def actions_by_seat(texts) -> dict[int, set[str]]:
    """Action types each seat used, from action strings such as ``2:riichi:5m.1``."""
    out: dict[int, set[str]] = defaultdict(set)
    for text in texts:
        seat, _, rest = text.partition(":")
        out[int(seat)].add(rest.partition(":")[0])
    return out


def finished_games():
    """Finished games whose result may show (a twin still running seals one)."""
    return (
        twins.unsealed(Game.objects.filter(finished__isnull=False))
        .select_related("table")
        .prefetch_related("table__seats", "hands")
        .order_by("finished", "pk")
    )


def seat_players(game: Game) -> dict[int, int | None]:
    return {s.index: s.player_id for s in game.table.seats.all()}


def gather(games) -> dict[int, PlayerStats]:
    """Statistics for every player who sat in ``games`` (finished games, hands prefetched)."""
    stats: dict[int, PlayerStats] = defaultdict(PlayerStats)
    for game in games:
        if game.finished is None:
            continue
        add_game(stats, game)
    return stats


def add_game(stats: dict[int, PlayerStats], game: Game) -> None:
    seats = seat_players(game)
    ruleset = engine_ruleset(game)
    for standing in game.final or []:
        player = seats.get(standing["seat"])
        if player is None:
            continue
        entry = stats[player]
        entry.games += 1
        entry.places[min(max(standing["place"], 1), 4) - 1] += 1
        entry.points += int(standing.get("final", 0))
        entry.last_played = game.finished
    for hand in game.hands.all():
        used = actions_by_seat(game.log[hand.log_start : hand.log_end])
        has_actions = hand.log_end > hand.log_start
        dealt_in = {w.get("from_seat") for w in hand.wins if hand.result_type == "ron"}
        for seat, player in seats.items():
            if player is None:
                continue
            entry = stats[player]
            entry.hands += 1
            if seat in dealt_in:
                entry.deal_ins += 1
            if has_actions:
                entry.hands_with_actions += 1
                kinds = used.get(seat, set())
                if kinds & set(RIICHI_TYPES):
                    entry.riichi += 1
                if kinds & set(CALL_TYPES):
                    entry.calls += 1
        for win in hand.wins if hand.result_type in ("ron", "tsumo") else ():
            player = seats.get(win["seat"])
            if player is None:
                continue
            entry = stats[player]
            entry.wins += 1
            entry.win_values.append(win_value(win, hand.round_number, ruleset))
            for name, _han in win.get("yaku", []):
                entry.yaku[name] += 1


def player_stats(player) -> PlayerStats:
    games = finished_games().filter(table__seats__player=player).distinct()
    return gather(games).get(player.pk, PlayerStats())


def player_games(player, limit: int | None = 20):
    games = (
        twins.unsealed(Game.objects.filter(finished__isnull=False, table__seats__player=player))
        .select_related("table")
        .prefetch_related("table__seats__player")
        .distinct()
        .order_by("-finished", "-pk")
    )
    return games[:limit] if limit else games
