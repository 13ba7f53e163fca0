"""Bot-versus-bot games: the loop that plays them, checks and statistics.

:func:`bot_move` is the one step every bot takes: the bot gets
``seat_view(state, seat)`` and its own seeded ``random.Random``, nothing else, and
its action is applied. :func:`play_game` repeats it for a whole game (tests and
the ``simulate`` command); :func:`run_bots` repeats it for the robot seats of a
live table until a person has to act. A game is a pure function of (ruleset,
seed, bots); its setup records all four seats as robots (``GameSetup.robots``).

With ``check`` on, every state is checked after every action (see
:func:`check_state` and :mod:`.invariants`) and every hand result after its
hand; a failure raises :class:`InvariantViolation` with the game seed and how
many actions had been applied, which is all it takes to replay up to it.

:func:`simulate` plays many games, rotating the bots one seat per game so that
no bot keeps the first dealer's seat, and gathers a :class:`Report`: speed, how
hands end, win, deal-in, riichi and call rates and average placement per bot,
and how often each yaku (dora included) appears in wins.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from .. import bots as bot_registry
from .. import invariants
from ..actions import Action
from ..bots import Bot
from ..game import apply, legal_actions, new_game, pending_seats
from ..rulesets import Ruleset
from ..standings import Standing
from ..state import Event, GameState, HandResult
from ..visibility import seat_view

WIN_KINDS = ("ron", "tsumo")
DRAW_KINDS = ("exhaustive", "nagashi")


class InvariantViolation(AssertionError):
    """A game went wrong: an invariant failed, or the engine or a bot raised.

    ``action_index`` is how many actions had been applied when it was found: the
    game of ``seed`` replayed for that many actions reaches the broken state (or,
    when the engine refused an action, the state that action was offered to).
    """

    def __init__(self, message: str, seed: int, action_index: int):
        super().__init__(f"game seed {seed}, after {action_index} actions: {message}")
        self.message = message
        self.seed = seed
        self.action_index = action_index


@dataclass
class GameRecord:
    """One finished game: who sat where, how each hand ended, the final standings."""

    seed: int
    bots: tuple[str, ...]  # bot name per seat
    results: list[HandResult] = field(default_factory=list)  # per hand, in order
    final: tuple[Standing, ...] = ()  # first place first
    actions: int = 0
    state: GameState | None = None  # the last state (finished)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator a seat's bot uses in the game of ``seed``."""
    return random.Random(seed * 4 + seat)


def bot_move(
    state: GameState, seat: int, bot: Bot, rng: random.Random
) -> tuple[Action, GameState, tuple[Event, ...]]:
    """One bot decision and its effect: ``(action, new state, events)``.

    The bot gets the seat's view and its generator, nothing else.
    """
    action = bot(seat_view(state, seat), rng)
    new_state, events = apply(state, action)
    return action, new_state, events


def run_bots(
    state: GameState, bots: Mapping[int, Bot], rngs: Mapping[int, random.Random]
) -> tuple[GameState, list[Event]]:
    """Let the bot seats act until only other seats (people) are left to act.

    For a live table: ``bots`` maps the robot seats to their bots. A bot answers
    a discard at once even while a person is still thinking about the same
    discard. Returns the new state and all the events, in order.
    """
    events: list[Event] = []
    while not state.finished:
        seat = next((s for s in pending_seats(state) if s in bots), None)
        if seat is None:
            break
        _, state, more = bot_move(state, seat, bots[seat], rngs[seat])
        events.extend(more)
    return state, events


def check_state(state: GameState) -> None:
    """Everything :mod:`.invariants` checks, plus: a seat that has to act can."""
    found = invariants.problems(state)
    if not state.finished:
        for seat in pending_seats(state):
            if not legal_actions(state, seat):
                found.append(f"seat {seat} has to act but has no legal action")
    if found:
        raise AssertionError("; ".join(found))


def check_result(result: HandResult) -> None:
    """A hand's deltas follow from its result and lead to its scores."""
    found = invariants.result_problems(result)
    if found:
        raise AssertionError("; ".join(found))


def play_game(
    ruleset: Ruleset,
    seed: int,
    bots: Sequence[str | Bot],
    check: bool = True,
    max_actions: int = 100_000,
) -> GameRecord:
    """Play one complete game with a bot per seat (names from ``bots.BOTS`` or callables)."""
    chosen = [bot_registry.get(b) if isinstance(b, str) else b for b in bots]
    names = tuple(b if isinstance(b, str) else getattr(b, "__name__", "bot") for b in bots)
    rngs = [bot_rng(seed, seat) for seat in range(4)]
    state = new_game(ruleset, seed=seed, robots=range(4))  # every seat is a bot
    record = GameRecord(seed, names)
    index = 0
    try:
        if check:
            check_state(state)
        while not state.finished:
            if index >= max_actions:
                raise AssertionError(f"no end after {max_actions} actions")
            legal = state.legal  # the first seat to act, as pending_seats(state)[0]
            seat = 0 if legal[0] else 1 if legal[1] else 2 if legal[2] else pending_seats(state)[0]
            before = state
            _, state, _ = bot_move(state, seat, chosen[seat], rngs[seat])
            index += 1
            result = state.last_result
            if result is not None and result is not before.last_result:
                record.results.append(result)
                if check:
                    check_result(result)
            if check:
                check_state(state)
    except InvariantViolation:
        raise
    except Exception as exc:
        raise InvariantViolation(f"{type(exc).__name__}: {exc}", seed, index) from exc
    record.final = tuple(state.final or ())
    record.actions = index
    record.state = state
    return record


# --- statistics ------------------------------------------------------------------


@dataclass
class BotStats:
    seat_hands: int = 0  # hands played by this bot (one per seat it held)
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0  # hands in which it declared riichi
    opened: int = 0  # hands in which it called chi, pon or an open kan
    placements: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # final points from the target score

    @property
    def average_place(self) -> float:
        return sum(self.placements) / len(self.placements) if self.placements else 0.0

    def rate(self, count: int) -> float:
        return count / self.seat_hands if self.seat_hands else 0.0


@dataclass
class Report:
    games: int = 0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    endings: Counter[str] = field(default_factory=Counter)  # win / draw / abort
    kinds: Counter[str] = field(default_factory=Counter)  # ron, tsumo, exhaustive, ...
    yaku: Counter[str] = field(default_factory=Counter)
    wins: int = 0  # individual winners (a double ron counts two)
    per_bot: dict[str, BotStats] = field(default_factory=lambda: defaultdict(BotStats))

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def add(self, record: GameRecord) -> None:
        self.games += 1
        self.actions += record.actions
        for result in record.results:
            self.hands += 1
            self.kinds[result.kind] += 1
            ending = (
                "win"
                if result.kind in WIN_KINDS
                else "draw"
                if result.kind in DRAW_KINDS
                else "abort"
            )
            self.endings[ending] += 1
            for name in record.bots:
                self.per_bot[name].seat_hands += 1
            for win in result.wins:
                self.wins += 1
                self.per_bot[record.bots[win.seat]].wins += 1
                for name, _han in win.score.yaku:
                    self.yaku[name] += 1
            losers = {win.from_seat for win in result.wins if win.from_seat is not None}
            for seat in losers:
                self.per_bot[record.bots[seat]].deal_ins += 1
        for standing in record.final:
            stats = self.per_bot[record.bots[standing.seat]]
            stats.placements.append(standing.place)
            stats.points.append(standing.final)
        self.count_actions(record)

    def count_actions(self, record: GameRecord) -> None:
        """Riichi declarations and opened hands per bot, read from the action logs."""
        state = record.state
        assert state is not None  # a played game keeps its last state
        for log in (*state.past_logs, state.hand_log):
            riichi: set[int] = set()
            opened: set[int] = set()
            for action in log:
                if action.type in ("riichi", "open_riichi"):
                    riichi.add(action.seat)
                elif action.type in ("chi", "pon", "daiminkan"):
                    opened.add(action.seat)
            for seat in riichi:
                self.per_bot[record.bots[seat]].riichi += 1
            for seat in opened:
                self.per_bot[record.bots[seat]].opened += 1


def seating(bots: Sequence[str], game: int) -> tuple[str, ...]:
    """The bots of game number ``game``: the list rotated one seat per game."""
    shift = game % len(bots)
    return tuple(bots[(seat - shift) % len(bots)] for seat in range(len(bots)))


def simulate(
    ruleset: Ruleset,
    games: int,
    seed: int,
    bots: Sequence[str],
    check: bool = True,
    progress: Callable[[int, Report], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Report:
    """Play ``games`` games with seeds ``seed``, ``seed + 1``, ... and gather a report."""
    if len(bots) != 4:
        raise ValueError(f"a table needs four bots, got {len(bots)}")
    for name in bots:
        bot_registry.get(name)
    report = Report()
    started = clock()
    for game in range(games):
        record = play_game(ruleset, seed + game, seating(bots, game), check=check)
        report.add(record)
        report.seconds = clock() - started
        if progress is not None:
            progress(game + 1, report)
    report.seconds = clock() - started
    return report


def benchmark(
    ruleset: Ruleset,
    games: int,
    seed: int,
    levels: Sequence[str] | None = None,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, Report]:
    """Speed of each level: ``games`` games of four copies of it, unchecked, same seeds.

    Timed in CPU seconds of this process, so other work on the machine does not
    count against it. The levels take turns game by game (game 1 of each level,
    then game 2 of each...) rather than one level after another: on a shared
    machine the speed drifts with the load, and taking turns spreads that drift
    over every level alike, so the ratios between them hold from run to run.
    """
    levels = list(levels or bot_registry.BOTS)
    reports = {level: Report() for level in levels}
    for game in range(games):
        for level in levels:
            report = reports[level]
            started = clock()
            report.add(play_game(ruleset, seed + game, [level] * 4, check=False))
            report.seconds += clock() - started  # the bookkeeping counted, as in simulate
    return reports


def format_benchmark(reports: dict[str, Report]) -> str:
    fastest = max(r.hands_per_second for r in reports.values()) or 1.0
    lines = [f"{'bots':<12}{'hands':>7}{'hands/s':>10}{'games/s':>9}{'relative':>10}  (CPU time)"]
    for level, r in reports.items():
        lines.append(
            f"4x {level:<9}{r.hands:>7}{r.hands_per_second:>10.0f}{r.games_per_second:>9.2f}"
            f"{r.hands_per_second / fastest:>10.2f}"
        )
    return "\n".join(lines)


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def format_report(report: Report, top_yaku: int = 20) -> str:
    """The report as plain text, one section per block."""
    lines = [
        f"games        {report.games} in {report.seconds:.1f} s "
        f"({report.games_per_second:.2f} games/s)",
        f"hands        {report.hands} ({report.hands_per_second:.0f} hands/s, "
        f"{report.actions} actions)",
        f"hand endings win {_pct(report.endings['win'], report.hands)}  "
        f"draw {_pct(report.endings['draw'], report.hands)}  "
        f"abort {_pct(report.endings['abort'], report.hands)}",
        "",
        f"{'bot':<12}{'avg place':>10}{'win':>8}{'deal-in':>9}{'riichi':>8}{'call':>8}"
        f"{'final, k':>11}",
    ]
    for name in sorted(report.per_bot):
        s = report.per_bot[name]
        final = sum(s.points) / len(s.points) / 1000 if s.points else 0.0
        lines.append(
            f"{name:<12}{s.average_place:>10.3f}{_pct(s.wins, s.seat_hands):>8}"
            f"{_pct(s.deal_ins, s.seat_hands):>9}{_pct(s.riichi, s.seat_hands):>8}"
            f"{_pct(s.opened, s.seat_hands):>8}"
            f"{final:>+11.1f}"
        )
    lines.append(
        "(win, deal-in, riichi, call: share of the hands a bot played; "
        "final, k: average end result after uma and oka, in thousands)"
    )
    if report.yaku:
        lines += ["", f"yaku (share of {report.wins} wins)"]
        for name, count in report.yaku.most_common(top_yaku):
            lines.append(f"  {name:<28}{_pct(count, report.wins)}")
    return "\n".join(lines)
