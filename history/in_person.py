"""Games played with real tiles (club nights, in-person tournaments), for ratings and stats.

They are scored in the ``tournaments`` app, which sits below this one, so this module
never reads them itself: ``tournaments`` registers a *source* at start-up
(:func:`register`), a function returning :class:`InPersonGame` values for every
confirmed in-person game. :mod:`history.rating` rates them with the online games, in
the order they finished; :func:`stats_of` counts a player's in-person statistics, which
the profile shows apart from the online ones.

Definitions (per in-person game the player sat in):

* average placement: from the final standings (placement after uma and sticks);
* win rate, deal-in rate, riichi rate: hands won, hands whose ron came from the
  player's discard, hands with the player's riichi declaration, each over the hands
  played, counting only games kept hand by hand (a table that entered only its final
  scores has placements but no hands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext


@dataclass(frozen=True)
class InPersonSeat:
    player_id: int | None  # None: a guest without an account
    place: int
    final: int = 0  # the final result in points (uma and oka included)
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0


@dataclass(frozen=True)
class InPersonGame:
    key: str  # stable and unique, e.g. "table 12"
    finished: datetime
    seats: tuple[InPersonSeat, ...]
    hands: int = 0  # hands kept hand by hand (0: only the final scores were entered)


Source = Callable[[], Iterable[InPersonGame]]
_sources: dict[str, Source] = {}


def register(name: str, source: Source) -> None:
    """Add (or replace) a source of confirmed in-person games."""
    _sources[name] = source


# Results naming a member that do not count yet (waiting for agreement or disputed):
# ``tournaments`` registers a function of a member's id returning plain dicts (url,
# label, status, agreed, waiting, disputes), which the profile lists.
WaitingSource = Callable[[int], Iterable[dict]]
_waiting: dict[str, WaitingSource] = {}


def register_waiting(name: str, source: WaitingSource) -> None:
    _waiting[name] = source


def waiting_for(player_id: int) -> list[dict]:
    """The results naming ``player_id`` that wait for agreement (see ``register_waiting``)."""
    return [item for source in _waiting.values() for item in source(player_id)]


def games() -> list[InPersonGame]:
    """Every confirmed in-person game, in the order they finished."""
    out = [game for source in _sources.values() for game in source()]
    return sorted(out, key=lambda g: (g.finished, g.key))


@dataclass
class InPersonStats:
    games: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    points: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0

    def _rate(self, count: int) -> float | None:
        return count / self.hands if self.hands else None

    @property
    def average_place(self) -> float | None:
        total = sum(self.places)
        return sum((i + 1) * n for i, n in enumerate(self.places)) / total if total else None

    @property
    def win_rate(self) -> float | None:
        return self._rate(self.wins)

    @property
    def deal_in_rate(self) -> float | None:
        return self._rate(self.deal_ins)

    @property
    def riichi_rate(self) -> float | None:
        return self._rate(self.riichi)


def stats_of(player_id: int, played: Iterable[InPersonGame] | None = None) -> InPersonStats:
    """A player's in-person statistics (see the module docstring)."""
    out = InPersonStats()
    for game in games() if played is None else played:
        for seat in game.seats:
            if seat.player_id != player_id:
                continue
            out.games += 1
            out.places[min(max(seat.place, 1), 4) - 1] += 1
            out.points += seat.final
            out.hands += game.hands
            out.wins += seat.wins
            out.deal_ins += seat.deal_ins
            out.riichi += seat.riichi
    return out


def summary(s: InPersonStats) -> list[tuple[str, str, str]]:
    """(label, value, how it is counted) for the profile's in-person list."""

    def percent(value: float | None) -> str:
        return "–" if value is None else f"{100 * value:.1f}%"

    place = "–" if s.average_place is None else f"{s.average_place:.2f}"
    return [
        (gettext("Games played"), str(s.games), gettext("confirmed games at real tables")),
        (gettext("Average placement"), place, gettext("1 is first, 4 is last")),
        (
            gettext("Win rate"),
            percent(s.win_rate),
            gettext("%(wins)s wins in %(hands)s hands kept hand by hand")
            % {"wins": s.wins, "hands": s.hands},
        ),
        (
            gettext("Deal-in rate"),
            percent(s.deal_in_rate),
            gettext("%(n)s of %(hands)s hands") % {"n": s.deal_ins, "hands": s.hands},
        ),
        (
            gettext("Riichi rate"),
            percent(s.riichi_rate),
            gettext("riichi in %(n)s of %(hands)s hands") % {"n": s.riichi, "hands": s.hands},
        ),
    ]
