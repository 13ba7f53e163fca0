"""Does our engine reach the outcome a log records? Hand by hand.

Each hand is replayed on its own, from the header the log gives, so one hand that
our engine plays differently does not spoil the comparison of the next. For every
hand :func:`check_game` compares:

* how the hand ended: ron, tsumo, exhaustive draw, nagashi mangan, or an abortive
  draw and its reason;
* the winners and, per win, who paid (the discarder, or everyone on a tsumo),
  liability, the yaku and their han, the total han and, when the log gives it, fu;
* every score change: per win when the log splits them, and the hand's total,
  which is where noten payments show;
* tenpai at an exhaustive draw, when the log says who was tenpai;
* what comes next: the next hand's round, dealer, honba, riichi sticks and scores
  (dealer rotation and stick handling), or the end of the game.

A hand is ``match``, ``mismatch`` (played through, other outcome) or
``unreproducible`` (the engine could not follow the log, see :mod:`.driver`);
the last two never count as passed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.engine import EAST, Action, GameSetup, HandResult, Ruleset, WinResult

from . import yaku as yaku_names
from .model import WIND_NAMES, LogGame, LogHand, LogResult, LogWin
from .playthrough import HandReplay, play_hand
from .walls import BuiltWall, build_wall

MATCH, MISMATCH, UNREPRODUCIBLE = "match", "mismatch", "unreproducible"

KIND_LABELS = {
    "ron": "a ron",
    "tsumo": "a tsumo",
    "exhaustive": "an exhaustive draw",
    "nagashi": "nagashi mangan",
    "abortive": "an abortive draw",
    "chombo": "a chombo",
}


@dataclass
class HandCheck:
    index: int
    label: str
    status: str
    differences: list[str]
    replay: HandReplay
    wall: BuiltWall

    @property
    def ok(self) -> bool:
        return self.status == MATCH


@dataclass
class GameCheck:
    game: LogGame
    setup: GameSetup
    hands: list[HandCheck]
    problems: list[str] = field(default_factory=list)  # about the whole game

    @property
    def ok(self) -> bool:
        return not self.problems and all(h.ok for h in self.hands)

    @property
    def reproduced(self) -> int:
        """How many hands from the first one on our engine reproduced."""
        count = 0
        for hand in self.hands:
            if not hand.ok:
                break
            count += 1
        return count

    def first_difference(self) -> str | None:
        for hand in self.hands:
            if not hand.ok:
                return f"hand {hand.index + 1} ({hand.label}), {hand.status}: {hand.differences[0]}"
        return self.problems[0] if self.problems else None

    def counts(self) -> dict[str, int]:
        out = {MATCH: 0, MISMATCH: 0, UNREPRODUCIBLE: 0}
        for hand in self.hands:
            out[hand.status] += 1
        return out


def hand_wall(game: LogGame, index: int) -> BuiltWall:
    hand = game.hands[index]
    if hand.wall is not None:
        return BuiltWall(tuple(hand.wall), frozenset())
    return build_wall(hand, game.ruleset.red_fives, f"hand {index + 1} ({hand.label})")


def check_game(game: LogGame) -> GameCheck:
    """Replay and compare every hand (LogFormatError when a wall cannot be rebuilt)."""
    walls = [hand_wall(game, i) for i in range(len(game.hands))]
    setup = GameSetup(game.ruleset, 0, tuple(w.wall for w in walls))
    checks: list[HandCheck] = []
    for i, hand in enumerate(game.hands):
        replay = play_hand(setup, i, hand, walls[i].unknown)
        if replay.problem:
            checks.append(
                HandCheck(i, hand.label, UNREPRODUCIBLE, [replay.problem], replay, walls[i])
            )
            continue
        nxt = game.hands[i + 1] if i + 1 < len(game.hands) else None
        assert replay.result is not None  # a hand without a problem has its outcome
        differences = compare_result(replay.result, hand.result, game.ruleset)
        differences += compare_next(replay, nxt, complete=game.final_scores is not None)
        status = MISMATCH if differences else MATCH
        checks.append(HandCheck(i, hand.label, status, differences, replay, walls[i]))
    result = GameCheck(game, setup, checks)
    result.problems = compare_final(result)
    return result


# --- outcomes ---------------------------------------------------------------------------


def _outcome(kind: str, abort: str | None) -> str:
    text = KIND_LABELS.get(kind, kind)
    return f"{text} ({abort.replace('_', ' ')})" if abort else text


def _seats(seats: Iterable[int]) -> str:
    ordered = sorted(seats)
    if not ordered:
        return "nobody"
    return ("seats " if len(ordered) > 1 else "seat ") + " and ".join(str(s) for s in ordered)


def _yaku_text(entries: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{yaku_names.label(k)} {h}" for k, h in entries) or "none"


def _signed(values: Iterable[int]) -> str:
    return "[" + ", ".join(f"{v:+d}" if v else "0" for v in values) + "]"


def compare_result(result: HandResult, log: LogResult | None, ruleset: Ruleset) -> list[str]:
    """The differences between our engine's outcome and the log's (empty: the same)."""
    if log is None:
        return ["the log records no outcome for this hand"]
    if result.kind != log.kind or (result.kind == "abortive" and result.abort != log.abort):
        return [
            f"outcome: the log records {_outcome(log.kind, log.abort)}, "
            f"our engine {_outcome(result.kind, result.abort)}"
        ]
    out: list[str] = []
    ours = {w.seat: w for w in result.wins}
    theirs = {w.seat: w for w in log.wins}
    if set(ours) != set(theirs):
        out.append(f"winners: the log has {_seats(theirs)}, our engine {_seats(ours)}")
    for seat in sorted(set(ours) & set(theirs)):
        out += _compare_win(seat, ours[seat], theirs[seat], ruleset)
    if log.deltas is not None and tuple(log.deltas) != tuple(result.deltas):
        out.append(
            f"score changes: the log has {_signed(log.deltas)}, our engine {_signed(result.deltas)}"
        )
    if log.tenpai is not None and result.tenpai and tuple(log.tenpai) != tuple(result.tenpai):
        out.append(
            f"tenpai at the draw: the log has {_seats(s for s in range(4) if log.tenpai[s])}, "
            f"our engine {_seats(s for s in range(4) if result.tenpai[s])}"
        )
    return out


def _compare_win(seat: int, ours: WinResult, theirs: LogWin, ruleset: Ruleset) -> list[str]:
    out: list[str] = []
    who = f"seat {seat}'s win"
    if ours.from_seat != theirs.from_seat:

        def how(source: int | None) -> str:
            return "by tsumo" if source is None else f"on seat {source}'s tile"

        out.append(f"{who}: {how(theirs.from_seat)} in the log, {how(ours.from_seat)} here")
    keys = {key for key, _ in theirs.yaku}
    generic = bool(keys & {yaku_names.SEAT_WIND, yaku_names.ROUND_WIND})
    # a log that writes each yakuman "(役満)" (tensoul does, double or not) says only
    # that it is a yakuman: its size is checked by the payments
    plain = bool(theirs.yakuman) and theirs.han is not None and theirs.han == 13 * theirs.yakuman
    plain = plain and all(h == 13 for key, h in theirs.yaku if yaku_names.is_yakuman(key))
    our_yaku = yaku_names.canonical(
        ((yaku_names.from_engine(n, h), h) for n, h in ours.score.yaku),
        ruleset,
        generic,
        plain,
    )
    their_yaku = yaku_names.canonical(theirs.yaku, ruleset, generic, plain)
    if theirs.yaku and our_yaku != their_yaku:
        out.append(
            f"{who}, yaku: the log lists {_yaku_text(their_yaku)}; our engine {_yaku_text(our_yaku)}"
        )
    their_han = theirs.han
    if their_han is None and theirs.yaku:
        their_han = sum(h for _, h in their_yaku)
    if plain and ours.score.yakuman:
        their_han = None  # the size of the yakuman: see the payments
    if their_han is not None and their_han != ours.score.han:
        out.append(f"{who}: {their_han} han in the log, {ours.score.han} here")
    if theirs.fu is not None and not ours.score.yakuman and theirs.fu != ours.score.fu:
        out.append(f"{who}: {theirs.fu} fu in the log, {ours.score.fu} here")
    if theirs.deltas is not None and tuple(theirs.deltas) != tuple(ours.payment.deltas()):
        out.append(
            f"{who}, payments: the log has {_signed(theirs.deltas)}, "
            f"our engine {_signed(ours.payment.deltas())}"
        )
    if theirs.pao is not None and theirs.pao != ours.pao:
        out.append(f"{who}: seat {theirs.pao} is liable in the log, {ours.pao} here")
    return out


# --- what comes next ------------------------------------------------------------------------


def _header(wind: int, number: int, honba: int, sticks: int, scores: Iterable[int]) -> str:
    return (
        f"{WIND_NAMES[wind % 4]} {number + 1}, {honba} honba, {sticks} stick(s), "
        f"scores {list(scores)}"
    )


def compare_next(replay: HandReplay, nxt: LogHand | None, complete: bool = True) -> list[str]:
    """Dealer rotation, honba, sticks and scores into the next hand, or the game's end.

    After the log's last hand the end of the game is only compared when the log says
    the game ended there (it gives final scores): a log may hold just some hands, as
    Tenhou's editor writes them one at a time.
    """
    after = replay.after
    if nxt is None:
        if complete and after is not None and not after.finished:
            ours = _header(
                after.round_wind - EAST,
                after.round_number,
                after.honba,
                after.riichi_sticks,
                after.scores,
            )
            return [f"game end: the log ends the game here; our engine deals {ours}"]
        return []
    theirs = _header(nxt.round_wind, nxt.round_number, nxt.honba, nxt.sticks, nxt.scores)
    if after is None or after.finished:
        return [f"game end: our engine ends the game after this hand; the log deals {theirs}"]
    ours = _header(
        after.round_wind - EAST, after.round_number, after.honba, after.riichi_sticks, after.scores
    )
    if ours != theirs:
        return [f"next hand: the log deals {theirs}; our engine deals {ours}"]
    return []


def compare_final(check: GameCheck) -> list[str]:
    """The final table scores, when the log states them and every hand was reproduced."""
    final = check.game.final_scores
    if final is None or not check.hands or not check.ok:
        return []
    after = check.hands[-1].replay.after
    if after is None or not after.finished:
        return []
    ours = [0, 0, 0, 0]
    for standing in after.final or ():
        ours[standing.seat] = standing.score
    if list(final) != ours:
        return [f"final scores: the log has {list(final)}, our engine {ours}"]
    return []


def stored_actions(check: GameCheck) -> list[Action]:
    """The engine actions of the hands reproduced from the start, in order."""
    out: list[Action] = []
    for hand in check.hands[: check.reproduced]:
        out.extend(hand.replay.actions)
    return out
